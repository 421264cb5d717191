"""Featherlight's command-line declarations, as data (``core/options.py``): help examples and
``feathers score featherlight`` (its fields and the scoring; ``cli/score.py`` draws the result).

Featherlight adds no option of its own to play, simulate and tournament (its variants go with
``--variant``).
"""

from __future__ import annotations

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
from .game import FeatherlightGame

OPTIONS: tuple[GameOption, ...] = ()

EXAMPLES = {
    "learn": (
        "feathers learn featherlight --list",
        "feathers learn featherlight",
        "feathers learn featherlight --mode solo",
    ),
    "play": (
        "feathers play featherlight",
        "feathers play featherlight --players 3 --seed 7 --start 2",
        "feathers play featherlight --seats human,human --memory-aid",
        "feathers play featherlight --players 1",
        "feathers play featherlight --seats random,random,random --delay 0.2",
        "feathers play featherlight --tournament --players 3",
        "feathers play featherlight --seats human,hard --hint",
        "feathers play featherlight --save game.json",
        "feathers play featherlight --load game.json",
    ),
    "score": ("feathers score featherlight --hand 3,6,8,15,65 --nest 4,28,31,43,60,68",),
    "simulate": (
        "feathers simulate featherlight --players 3 --games 1000",
        "feathers simulate featherlight --players 2 --games 500 --seed 42 --json",
        "feathers simulate featherlight --agents greedy,random,random --games 300",
        "feathers simulate featherlight --agents hard,easy --games 100 \\\n"
        "    --backend ray --out duel.jsonl",
        "feathers simulate featherlight --players 1 --games 2000 \\\n"
        "    --variant no-wind-on-last-turn",
    ),
    "tournament": (
        "feathers tournament featherlight --agents random,greedy,medium -n 20",
        "feathers tournament featherlight --agents greedy,hard -n 50 --workers 2 \\\n"
        "    --out duel.jsonl",
    ),
}
"""Help lines for ``feathers <command> --help``."""


def parse_cards(text: str, option: str) -> list[int]:
    """Parse comma-separated card numbers (``"3,6,8"``). Raises ``FieldError`` on ``option`` for
    an empty entry or one that is not a card number."""
    cards: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            raise FieldError(
                option, f"an empty entry in {text!r} (write card numbers separated by commas)"
            )
        if not item.isdecimal():
            raise FieldError(
                option,
                f"{_short(item)!r} is not a card number (write numbers separated by commas)",
            )
        cards.append(_card_number(item, option))
    return cards


_CARD_DIGITS = 6
"""More digits than this (leading zeros aside) is no card number of any deck."""


def _card_number(digits: str, option: str) -> int:
    """The card number ``digits`` (decimal digits only) as an int. Raises ``FieldError`` on
    ``option`` if it has more digits than any card (so that Python's limit on int conversion is
    never reached)."""
    significant = digits.lstrip("0") or "0"
    if len(significant) > _CARD_DIGITS:
        raise FieldError(option, f"{_short(digits)}: no card has a number of {len(digits)} digits")
    return int(significant)


def _short(text: str) -> str:
    """``text`` cut to 40 characters (with ``...``) for an error line."""
    return text if len(text) <= 40 else text[:37] + "..."


def parse_stacks(text: str, option: str) -> list[list[int]]:
    """Parse a nest: comma-separated stacks, each card numbers bottom to top joined by ``/``.

    ``"12/4,28"`` is two stacks: 4 lying on 12 (4 exposed), and 28 alone. Raises ``FieldError``
    on ``option`` for an empty entry or place, or a place that is not a card number.
    """
    stacks: list[list[int]] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            raise FieldError(
                option, f"an empty entry in {text!r} (write stacks separated by commas)"
            )
        stack: list[int] = []
        for part in item.split("/"):
            part = part.strip()
            if not part:
                raise FieldError(
                    option, f"{item!r} has an empty place (write a stack bottom to top: 12/4)"
                )
            if not part.isdecimal():
                shown = (
                    f"{_short(part)!r} in stack {_short(item)!r}"
                    if "/" in item
                    else repr(_short(part))
                )
                raise FieldError(
                    option, f"{shown} is not a card number (a stack is written bottom/top)"
                )
            stack.append(_card_number(part, option))
        stacks.append(stack)
    return stacks


def score(values: Mapping[str, Any], build: Build) -> ScoreResult:
    """Score the hands ``values["hand"]`` (texts for ``parse_cards``) against the nest
    ``values["nest"]`` (``parse_stacks``), read before the game is built: each card's points
    and why (FL-36), each hand's total and, with several hands, the winners (FL-45, FL-46;
    ruling FL-R08 with ``tiebreak-unique-cards``). Raises ``FieldError`` on ``--hand`` or
    ``--nest`` for what ``FeatherlightGame.score_hands`` refuses.

    ``data`` is, for one hand, ``{"total", "cards": [{"card", "points", "reason"}]}``; for
    several, ``{"hands": [...those], "winners": [hand indexes from 0]}``.
    """
    hands = [parse_cards(text, "--hand") for text in values["hand"]]
    stacks = parse_stacks(values["nest"], "--nest")
    game = build()
    assert isinstance(game, FeatherlightGame)
    try:
        sheets, winners = game.score_hands(hands, stacks)
    except ValueError as exc:  # the message starts with "hand:" or "nest:"
        where, sep, rest = str(exc).partition(": ")
        if sep and where in ("hand", "nest"):
            raise FieldError(f"--{where}", rest) from None
        raise FieldError(None, str(exc)) from None
    totals = [sum(line.points for line in lines) for lines in sheets]
    rows = [
        {
            "total": total,
            "cards": [{"card": x.card, "points": x.points, "reason": x.reason} for x in lines],
        }
        for total, lines in zip(totals, sheets, strict=True)
    ]
    nest_text = "  ".join("/".join(map(str, s)) for s in stacks)
    tables = tuple(
        ScoreSheet(
            title="Featherlight score" if len(sheets) == 1 else f"Hand {i}: {total} points",
            columns=("card", "points", "why"),
            rows=tuple((f"{x.card} {x.colour}", str(x.points), x.reason) for x in lines),
            total=total,
            total_column=1,
            numeric=(1,),
            caption=f"nest (bottom/top): {nest_text}",
        )
        for i, (total, lines) in enumerate(zip(totals, sheets, strict=True), start=1)
    )
    verdict = () if len(sheets) == 1 else ((_winner_line(game, hands, totals, winners), True),)
    data = rows[0] if len(rows) == 1 else {"hands": rows, "winners": winners}
    return ScoreResult(tables, verdict, data)


def _winner_line(
    game: FeatherlightGame, hands: list[list[int]], totals: list[int], winners: list[int]
) -> str:
    """``Hand 2 wins with 83 points`` (how a tie on points was broken, or that it is shared)."""
    best = totals[winners[0]]
    names = " and ".join(f"hand {p + 1}" for p in winners)
    line = f"{names[0].upper()}{names[1:]} "
    line += "wins" if len(winners) == 1 else "share the victory"
    line += f" with {best} points"
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        what = "cards of an unshared colour" if game.tiebreak_unique_cards else "colours"
        rule = "ruling FL-R08" if game.tiebreak_unique_cards else "FL-45, FL-46"
        line += f" (tied on points; the tie-break counts {what} in hand, {rule})"
    return line


SCORE = ScoreCommand(
    help="""Score Featherlight hands against the nest: each card's points, why, and the total.

    Only the exposed (top) card of each nest stack counts for colours; covered cards count only
    for the height of a stack (card 2). Write a stack bottom to top with / : 12/4 means card 4
    lies on card 12. With one --hand per player, the winner is named: the most points, a tie
    going to the hand with the most colours (FL-45, FL-46), else shared.

    Examples:

        feathers score featherlight --hand 3,6,8,15,65 --nest 4,28,31,43,60,68
        feathers score featherlight --hand 2,10,20,31,41 \\
            --nest 12/4,28,5/7,9,60,68
        feathers score featherlight --hand 3,6,8,15,65 --hand 1,2,5,7,9 \\
            --nest 4,28,31,43,60,68
        feathers score featherlight --json \\
            --hand 3,6,8,15,65 --nest 4,28,31,43,60,68
        feathers score featherlight --variant exact-same-colour \\
            --hand 19,39,5,12,13 --nest 1,2,3,4,6,7
    """,
    fields=(
        ScoreField(
            "hand",
            "--hand",
            "CARDS",
            "5 hand cards, comma-separated: 3,6,8,15,65. Repeat --hand for each player "
            "to name the winner.",
            repeat=True,
        ),
        ScoreField(
            "nest",
            "--nest",
            "STACKS",
            "The 6 nest stacks, comma-separated; a whole stack bottom to top with /: 12/4",
        ),
    ),
    json_help="Print JSON: the total and each card; with several hands, each hand's and "
    "the winners (hand indexes from 0).",
    score=score,
)
"""``feathers score featherlight``."""
