"""``feathers score GAME ...``: score a game played with the physical cards.

One sub-command per game, because every game takes different things to score (Featherlight: a
hand and the nest). Each one reaches its game through the registry and asks the game itself to
score (``score_table`` for Featherlight), so the rules live in one place.
"""

from __future__ import annotations

import json
import re
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


_FF_TOKEN = re.compile(r"(?:(\d+)\s*\*\s*)?([a-z][a-z'-]*)\s*(?::\s*(\d+))?")


def parse_collection(text: str, option: str) -> list[tuple[str, int]]:
    """Parse one Fancy Feathers collection: comma-separated tokens ``[N*]TYPE[:VALUE]``.

    ``"golden-pheasant:3, 2*green-pheasant"`` -> ``[("golden-pheasant", 3),
    ("green-pheasant", 0), ("green-pheasant", 0)]``. An empty text or ``none`` is no cards.
    Whether the types and values exist is the game's to check (``score_table``).
    """
    if text.strip().lower() in ("", "none", "-"):
        return []
    cards: list[tuple[str, int]] = []
    for item in text.split(","):
        token = item.strip().lower()
        if not token:
            fail(option, f"an empty entry in {text!r} (write cards separated by commas)")
        m = _FF_TOKEN.fullmatch(token)
        if m is None:
            fail(
                option,
                f"{item.strip()!r} is not a card (write TYPE, TYPE:VALUE or N*TYPE, "
                "e.g. golden-pheasant:3 or 2*nest)",
            )
        count = int(m.group(1)) if m.group(1) else 1
        if count < 1:
            fail(option, f"{item.strip()!r}: the count before * must be at least 1")
        cards += [(m.group(2), int(m.group(3) or 0))] * count
    return cards


@app.command("fancy-feathers")
def fancy_feathers(
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            metavar="CARDS",
            help="One player's cards (repeat once per player, in the order they left the Path): "
            "comma-separated TYPE, TYPE:VALUE or N*TYPE.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print JSON: each player's total and points per type."),
    ] = False,
    content: ContentOpt = None,
    variant: VariantOpt = None,
) -> None:
    """Score a Fancy Feathers game: each player's points per animal type, totals and winner.

    Give one --player per player, in the order in which they left the Path (a tie goes to the
    player who left earlier). Types: golden-pheasant, pheasant-fart, lady-amherst-pheasant,
    blood-pheasant, green-pheasant, peacock, nest, reeves-pheasant, trap, mirror, monal, fox.
    Golden Pheasant and Pheasant Fart take their printed value (1-3) after a colon, Monal its
    size (3, 5 or 7); N* repeats a card. With --json the winner is a 0-based index into players.

    Examples:

        feathers score fancy-feathers --player "golden-pheasant:3, 2*green-pheasant, 3*nest" \\
            --player "peacock, 2*mirror"
        feathers score fancy-feathers --json --player "monal:7, 2*monal:3" --player "3*fox"
    """
    collections = [parse_collection(text, "--player") for text in player]
    game = make_or_fail(
        "fancy-feathers", game_config(content=content, variants=flatten_names(variant))
    )
    try:
        result = game.score_table(collections)  # type: ignore[attr-defined]
    except ValueError as exc:
        fail("--player", str(exc))
    if as_json:
        data = {
            "players": [
                {"total": r.total, "by_type": {n: r.by_type.get(n, 0) for n in result.types}}
                for r in result.players
            ],
            "winner": result.winner,
        }
        typer.echo(json.dumps(data))
        return
    for i, r in enumerate(result.players, start=1):
        table = Table(
            title=f"Player {i}: {r.total} point{'' if r.total == 1 else 's'}",
            header_style="bold",
            show_footer=True,
        )
        table.add_column("type", footer="total")
        table.add_column("cards", justify="right")
        table.add_column("points", justify="right", footer=str(r.total), footer_style="bold")
        table.add_column("why")
        for line in r.lines:
            table.add_row(line.name, str(line.count), str(line.points), line.reason)
        console.print(table)
    best = result.players[result.winner].total
    tied = [i for i, r in enumerate(result.players) if r.total == best]
    line = f"Player {result.winner + 1} wins with {best} point{'' if best == 1 else 's'}"
    if len(tied) > 1:
        others = ", ".join(f"player {i + 1}" for i in tied if i != result.winner)
        line += f" (tied with {others}; left the Path earlier)"
    console.print(line, style="bold green", markup=False)
