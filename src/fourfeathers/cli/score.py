"""``feathers score GAME ...``: score a game played with the physical cards.

One sub-command per game, because every game takes different things to score (Featherlight: a
hand and the nest). Each one reaches its game through the registry and asks the game itself to
score (``score_table`` for Featherlight), so the rules live in one place.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from .common import (
    ContentOpt,
    VariantOpt,
    console,
    fail,
    flatten_names,
    game_config,
    make_or_fail,
)

app = typer.Typer(
    help="Score a finished game played at the table, card by card.",
    epilog=(
        "Example:\n\n```\n"
        "feathers score featherlight --hand 3,6,8,15,65 --nest 4,28,31,43,60,68\n```"
    ),
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


@app.callback()
def _score() -> None:
    """Score a finished game played at the table, card by card."""


def parse_cards(text: str, option: str) -> list[int]:
    """Parse comma-separated card numbers (``"3,6,8"``); fail on ``option`` if one is not."""
    cards: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            fail(option, f"an empty entry in {text!r} (write card numbers separated by commas)")
        if not item.isdecimal():
            fail(option, f"{item!r} is not a card number (write numbers separated by commas)")
        cards.append(int(item))
    return cards


def parse_stacks(text: str, option: str) -> list[list[int]]:
    """Parse a nest: comma-separated stacks, each card numbers bottom to top joined by ``/``.

    ``"12/4,28"`` is two stacks: 4 lying on 12 (4 exposed), and 28 alone.
    """
    stacks: list[list[int]] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            fail(option, f"an empty entry in {text!r} (write stacks separated by commas)")
        stack: list[int] = []
        for part in item.split("/"):
            part = part.strip()
            if not part:
                fail(option, f"{item!r} has an empty place (write a stack bottom to top: 12/4)")
            if not part.isdecimal():
                shown = f"{part!r} in stack {item!r}" if "/" in item else repr(part)
                fail(option, f"{shown} is not a card number (a stack is written bottom/top)")
            stack.append(int(part))
        stacks.append(stack)
    return stacks


@app.command("featherlight")
def featherlight(
    hand: Annotated[
        str,
        typer.Option(
            "--hand",
            metavar="CARDS",
            help="The 5 hand cards, comma-separated: 3,6,8,15,65",
            show_default=False,
        ),
    ],
    nest: Annotated[
        str,
        typer.Option(
            "--nest",
            metavar="STACKS",
            help="The 6 nest stacks, comma-separated; a whole stack bottom to top with /: 12/4",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON: the total and each card.")
    ] = False,
    content: ContentOpt = None,
    variant: VariantOpt = None,
) -> None:
    """Score a Featherlight hand against the nest: each card's points, why, and the total.

    Only the exposed (top) card of each nest stack counts for colours; covered cards count only
    for the height of a stack (card 2). Write a stack bottom to top with / : 12/4 means card 4
    lies on card 12.

    Examples:

        feathers score featherlight --hand 3,6,8,15,65 --nest 4,28,31,43,60,68
        feathers score featherlight --hand 2,10,20,31,41 --nest 12/4,28,5/7,9,60,68
        feathers score featherlight --json \\
            --hand 3,6,8,15,65 --nest 4,28,31,43,60,68
        feathers score featherlight --variant exact-same-colour \\
            --hand 19,39,5,12,13 --nest 1,2,3,4,6,7
    """
    cards = parse_cards(hand, "--hand")
    stacks = parse_stacks(nest, "--nest")
    game = make_or_fail(
        "featherlight", game_config(content=content, variants=flatten_names(variant))
    )
    try:
        lines = game.score_table(cards, stacks)  # type: ignore[attr-defined]
    except ValueError as exc:  # the message starts with "hand:" or "nest:"
        where, sep, rest = str(exc).partition(": ")
        if sep and where in ("hand", "nest"):
            fail(f"--{where}", rest)
        fail(None, str(exc))
    total = sum(line.points for line in lines)
    if as_json:
        data = {
            "total": total,
            "cards": [{"card": x.card, "points": x.points, "reason": x.reason} for x in lines],
        }
        typer.echo(json.dumps(data))
        return
    nest_text = "  ".join("/".join(map(str, s)) for s in stacks)
    table = Table(
        title="Featherlight score",
        caption=f"nest (bottom/top): {nest_text}",
        header_style="bold",
        show_footer=True,
    )
    table.add_column("card", footer="total")
    table.add_column("points", justify="right", footer=str(total), footer_style="bold green")
    table.add_column("why")
    for line in lines:
        table.add_row(f"{line.card} {line.colour}", str(line.points), line.reason)
    console.print(table)
