"""Fancy Feathers' command-line declarations, as data (``core/options.py``): ``--types``, help
examples and ``feathers score fancy-feathers`` (its fields and the scoring; ``cli/score.py``
draws the result).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from ...core.options import (
    Build,
    FieldError,
    GameOption,
    ScoreCommand,
    ScoreField,
    ScoreResult,
    ScoreSheet,
)
from .game import TYPE_CHOICES, FancyFeathersGame

OPTIONS = (
    GameOption(
        "types",
        "--types",
        str,
        "TYPES",
        "Animal types",
        "first-game, random, or six names, comma-separated",
        choices=TYPE_CHOICES,
        free=True,
    ),
)

EXAMPLES = {
    "learn": ("feathers learn fancy-feathers",),
    "play": (
        "feathers play fancy-feathers --players 4 --seats human,greedy,greedy,hard",
        "feathers play fancy-feathers --players 3 --types first-game",
    ),
    "score": (
        "feathers score fancy-feathers \\\n"
        '    --player "golden-pheasant:3, 2*green-pheasant, 3*nest" \\\n'
        '    --player "peacock, 2*mirror"',
    ),
    "simulate": (
        "feathers simulate fancy-feathers --agents greedy --players 4 \\\n"
        "    --games 5000 --workers 2 --out ff4.jsonl",
    ),
    "tournament": ("feathers tournament fancy-feathers --agents random,greedy,easy -p 3 -n 30",),
}
"""Help lines for ``feathers <command> --help``."""


_TOKEN = re.compile(r"(?:(\d+)\s*\*\s*)?([a-z][a-z' .-]*?)\s*(?::\s*(\d+))?")


def name_key(text: str) -> str:
    """A type name as typed, reduced for matching: ``Lady Amherst's Pheasant``,
    ``lady amherst pheasant`` and ``lady-amherst-pheasant`` all give the last one."""
    text = text.lower().replace("'s ", " ").replace("'s", "").replace("'", "")
    return re.sub(r"[^a-z]+", "-", text).strip("-")


def type_names(game: FancyFeathersGame) -> dict[str, str]:
    """Every name a player may type for a type, reduced by ``name_key``, with the type's id: the
    id, the title and the short label the play screen shows, and the id without ``pheasant``
    (``blood``, ``green``)."""
    names: dict[str, str] = {}
    for kind in game.cards.types:
        for text in (kind.name, kind.title, kind.short, kind.name.removesuffix("-pheasant")):
            names.setdefault(name_key(text), kind.name)
    return names


def resolve_type(text: str, names: dict[str, str]) -> str | None:
    """The type id ``text`` names (a plural is read as its singular), or None."""
    key = name_key(text)
    for candidate in (key, key.removesuffix("es"), key.removesuffix("s")):
        if candidate in names:
            return names[candidate]
    return None


def suggestion(text: str, names: dict[str, str]) -> str:
    """``; did you mean green-pheasant?`` for the nearest name, else the list of types."""
    close = difflib.get_close_matches(name_key(text), list(names), n=1, cutoff=0.6)
    if close:
        return f"; did you mean {names[close[0]]}?"
    return f" (types: {', '.join(dict.fromkeys(names.values()))})"


MOST_PLAYERS = 6
"""The largest table (FF-09: one set of each type per player), whose card limits bound a count
typed for one collection alone."""


def copies_in_game(game: FancyFeathersGame, players: int) -> tuple[int, dict[str, int]]:
    """The table whose card limits bound ``players`` collections (the largest, ``MOST_PLAYERS``,
    for one collection alone or too many) and how many cards of each type it holds: one set
    per player of each type (FF-09), a set as the content file lists it."""
    n = players if 2 <= players <= MOST_PLAYERS else MOST_PLAYERS
    return n, {kind.name: kind.set_size * n for kind in game.cards.types}


def parse_collection(
    text: str,
    option: str,
    names: dict[str, str],
    player: int,
    copies: tuple[int, dict[str, int]] | None = None,
) -> list[tuple[str, int]]:
    """Parse one Fancy Feathers collection: comma-separated tokens ``[N*]TYPE[:VALUE]``.

    ``"golden-pheasant:3, 2*green pheasant"`` -> ``[("golden-pheasant", 3),
    ("green-pheasant", 0), ("green-pheasant", 0)]``. TYPE is any name of ``type_names``; a
    typo raises ``FieldError`` on ``option`` naming ``player`` (from 1) and the nearest name.
    An empty text or ``none`` is no cards. ``copies`` (the table and its cards per type:
    ``copies_in_game``) bounds ``N``: a count above it fails naming the type and its number of
    copies, before any list is made. Whether the values exist is the game's to check
    (``score_table``), but a value of more digits than any card prints fails here.
    """
    if text.strip().lower() in ("", "none", "-"):
        return []
    cards: list[tuple[str, int]] = []
    for item in text.split(","):
        token = item.strip().lower()
        if not token:
            raise FieldError(
                option, f"an empty entry in {text!r} (write cards separated by commas)"
            )
        m = _TOKEN.fullmatch(token)
        if m is None:
            raise FieldError(
                option,
                f"{_short(item)!r} is not a card (write TYPE, TYPE:VALUE or N*TYPE, "
                "e.g. golden-pheasant:3 or 2*nest)",
            )
        name = resolve_type(m.group(2), names)
        if name is None:
            typed = m.group(2).strip()
            raise FieldError(
                option,
                f"player {player}: {typed!r} is not an animal type{suggestion(typed, names)}",
            )
        digits = (m.group(1) or "1").lstrip("0") or "0"
        table, held = copies or (0, {})
        most = held.get(name)
        if len(digits) > _COUNT_DIGITS or (most is not None and int(digits) > most):
            has = f", but a {table}-player game has only {most}" if most is not None else ""
            raise FieldError(option, f"player {player}: {_short(digits)} {name} cards{has}")
        count = int(digits)
        if count < 1:
            raise FieldError(option, f"{_short(item)!r}: the count before * must be at least 1")
        value = (m.group(3) or "0").lstrip("0") or "0"
        if len(value) > _COUNT_DIGITS:
            raise FieldError(
                option, f"player {player}: {name}:{_short(value)}: no card prints such a value"
            )
        cards += [(name, int(value))] * count
    return cards


_COUNT_DIGITS = 6
"""More digits than this in a count or a printed value is more than any game holds."""


def _short(text: str) -> str:
    """``text`` stripped, cut to 40 characters (with ``...``) for an error line."""
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "..."


def score(values: Mapping[str, Any], build: Build) -> ScoreResult:
    """Score the collections ``values["player"]`` (texts for ``parse_collection``, in the order
    the players left the Path) with the game ``build`` makes: each player's points per animal
    type and why (FF-52..FF-65), the totals and, for several players, the winner (a tie goes to
    the player who left the Path earlier). Raises ``FieldError`` on ``--player`` for what
    ``parse_collection`` or ``FancyFeathersGame.score_table`` refuses.

    ``data`` is ``{"players": [{"total", "by_type": {type: points}}], "winner": index from 0}``.
    """
    game = build()
    assert isinstance(game, FancyFeathersGame)
    texts = values["player"]
    names = type_names(game)
    copies = copies_in_game(game, len(texts))
    collections = [
        parse_collection(text, "--player", names, i, copies)
        for i, text in enumerate(texts, start=1)
    ]
    try:
        result = game.score_table(collections)
    except ValueError as exc:
        raise FieldError("--player", str(exc)) from None
    data = {
        "players": [
            {"total": r.total, "by_type": {n: r.by_type.get(n, 0) for n in result.types}}
            for r in result.players
        ],
        "winner": result.winner,
    }
    sheets = tuple(
        ScoreSheet(
            title=f"Player {i}: {r.total} point{'' if r.total == 1 else 's'}",
            columns=("type", "cards", "points", "why"),
            rows=tuple(
                (line.name, str(line.count), str(line.points), line.reason) for line in r.lines
            ),
            total=r.total,
            total_column=2,
            numeric=(1, 2),
        )
        for i, r in enumerate(result.players, start=1)
    )
    if len(result.players) == 1:
        lady = any(line.name == "lady-amherst-pheasant" for line in result.players[0].lines)
        note = "Lady Amherst's Pheasants are scored as if no player had fewer cards (FF-55)."
        return ScoreResult(sheets, ((note, False),) if lady else (), data)
    best = result.players[result.winner].total
    tied = [i for i, r in enumerate(result.players) if r.total == best]
    verdict = f"Player {result.winner + 1} wins with {best} point{'' if best == 1 else 's'}"
    if len(tied) > 1:
        others = ", ".join(f"player {i + 1}" for i in tied if i != result.winner)
        verdict += f" (tied with {others}; left the Path earlier)"
    return ScoreResult(sheets, ((verdict, True),), data)


SCORE = ScoreCommand(
    help="""Score a Fancy Feathers game: each player's points per animal type, totals and winner.

    Give one --player per player, in the order in which they left the Path (a tie goes to the
    player who left earlier), or one --player to score one collection. Types: golden-pheasant,
    pheasant-fart, lady-amherst-pheasant, blood-pheasant, green-pheasant, peacock, nest,
    reeves-pheasant, trap, mirror, monal, fox; the names the play screen shows work too
    ("Lady Amherst's Pheasant", "green pheasant", "blood"). Golden Pheasant and Pheasant Fart
    take their printed value (1-3) after a colon, Monal its size (3, 5 or 7); N* repeats a
    card. With --json the winner is a 0-based index into players.

    Examples:

        feathers score fancy-feathers \\
            --player "golden-pheasant:3, 2*green-pheasant, 3*nest" \\
            --player "peacock, 2*mirror"
        feathers score fancy-feathers --json \\
            --player "monal:7, 2*monal:3" --player "3*fox"
        feathers score fancy-feathers --player "Lady Amherst's Pheasant, 2*blood"
    """,
    fields=(
        ScoreField(
            "player",
            "--player",
            "CARDS",
            "One player's cards (repeat once per player, in the order they left the Path; "
            "one alone scores that collection): comma-separated TYPE, TYPE:VALUE or N*TYPE.",
            repeat=True,
        ),
    ),
    json_help="Print JSON: each player's total and points per type.",
    score=score,
)
"""``feathers score fancy-feathers``."""
