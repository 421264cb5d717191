"""Checks every game's configuration needs, with errors that name the game and the option."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from .errors import ConfigError


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

    Raises ``ConfigError`` if ``content`` is not a path.
    """
    if content is None:
        return None
    if not isinstance(content, str | Path):
        raise ConfigError(f"{game_id}: content must be a file path")
    return str(Path(content).resolve())


def check_content_digest(game_id: str, path: str | None, wanted: str | None, got: str) -> None:
    """Refuse a content file whose SHA-256 is not the one a game record was played with.

    ``wanted`` is the ``content_digest`` option (None: no check).
    """
    if wanted is not None and path is not None and wanted != got:
        raise ConfigError(
            f"{game_id}: the content file {path} is not the one this game was played with "
            "(its content_digest differs)"
        )
    if wanted is not None and path is None:
        raise ConfigError(f"{game_id}: content_digest needs the content file it belongs to")
