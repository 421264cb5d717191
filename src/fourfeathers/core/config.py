"""Checks every game's configuration needs, with errors that name the game and the option.

A game's ``__init__`` checks the options all games share with one call of ``common_options``
(players, starting player, content file, variants, turn cap) and its own options itself; after
loading its content it keeps ``check_content_digest``'s answer as its ``content_digest``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ConfigError, ContentError
from .files import UnreadableFile, resolve


def is_int(value: Any) -> bool:
    """True for an int that is not a bool (JSON and Python both let True pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_variants(
    game_id: str, variants: Sequence[str], known: Collection[str]
) -> tuple[str, ...]:
    """The variant names, sorted and without repeats.

    Raises ``ConfigError`` if ``variants`` is a plain string or holds a name not in ``known``.
    """
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise ConfigError(f"{game_id}: variants must be a list of variant names")
    unknown = [v for v in variants if v not in known]
    if unknown:
        raise ConfigError(
            f"{game_id}: unknown variant(s) {', '.join(unknown)}; known: {', '.join(known)}"
        )
    return tuple(sorted(set(variants)))


def content_path(game_id: str, content: Any) -> str | None:
    """The absolute path of a user's content file (None for the shipped content).

    Raises ``ConfigError`` if ``content`` is not a path, ``ContentError`` naming it if its
    symbolic links loop (``files.resolve``).
    """
    if content is None:
        return None
    if not isinstance(content, str | Path):
        raise ConfigError(f"{game_id}: content must be a file path")
    try:
        return str(resolve(content, "content file"))
    except UnreadableFile as exc:
        raise ContentError(str(exc)) from None


def check_content_digest(
    game_id: str, path: str | None, wanted: str | None, got: str
) -> str | None:
    """Refuse a content file whose SHA-256 is not the one a game record was played with, and
    return the digest the game's ``config`` keeps (``got``; None for the shipped content).

    ``path`` is the user's content file (None: the shipped one), ``wanted`` the
    ``content_digest`` option (None: no check), ``got`` the digest of the content loaded.
    Raises ``ConfigError`` if ``wanted`` differs from ``got`` or is given without a file.
    """
    if wanted is not None and path is not None and wanted != got:
        raise ConfigError(
            f"{game_id}: the content file {path} is not the one this game was played with "
            "(its content_digest differs)"
        )
    if wanted is not None and path is None:
        raise ConfigError(f"{game_id}: content_digest needs the content file it belongs to")
    return got if path is not None else None


_NO_OPTION: Any = object()
"""``common_options``' default for an option the game does not have."""


@dataclass(frozen=True)
class CommonOptions:
    """The options all games share, checked (see ``common_options``).

    Attributes:
        players: the number of seats.
        starting_player: the seat that starts (0-based), or None (drawn from the seed).
        content: the absolute path of the user's content file, or None (the shipped one).
        variants: the variant names, sorted, without repeats.
        max_turns: the turn cap (0: none), or None for a game without one.
    """

    players: int
    starting_player: int | None
    content: str | None
    variants: tuple[str, ...]
    max_turns: int | None


def common_options(
    game_id: str,
    players: Any,
    seats: range,
    players_rule: str,
    content: Any,
    variants: Sequence[str],
    known_variants: Collection[str],
    *,
    starting_player: Any = None,
    max_turns: Any = _NO_OPTION,
) -> CommonOptions:
    """Check the options every game shares and return them.

    ``seats`` are the player counts the game allows (``players_rule`` is the rule that says so,
    e.g. ``"FL-05"``); a game without a ``starting_player`` or ``max_turns`` option leaves it
    out (``CommonOptions`` then holds None). Raises ``ConfigError`` naming the game, the option
    and, for the player count, the rule.
    """
    if not is_int(players) or players not in seats:
        allowed = f"{seats[0]} to {seats[-1]}" if len(seats) > 1 else f"{seats[0]}"
        if len(seats) == 1 and seats[0] == 1:
            allowed += " (a solo game)"
        raise ConfigError(f"{game_id}: players must be {allowed}, got {players!r} ({players_rule})")
    if starting_player is not None and (
        not is_int(starting_player) or not 0 <= starting_player < players
    ):
        raise ConfigError(
            f"{game_id}: starting_player must be a seat number 0-{players - 1} "
            f"(0 is the first seat), got {starting_player!r}"
        )
    checked = check_variants(game_id, variants, known_variants)
    if max_turns is _NO_OPTION:
        max_turns = None
    elif not is_int(max_turns) or max_turns < 0:
        raise ConfigError(f"{game_id}: max_turns must be an integer >= 0, got {max_turns!r}")
    return CommonOptions(
        players, starting_player, content_path(game_id, content), checked, max_turns
    )
