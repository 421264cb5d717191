"""``feathers games``: the games this installation can play."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..core.registry import list_games
from .common import console, players_text


def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list instead of a table.")
    ] = False,
) -> None:
    """List the registered games: id, title, player counts and a one-line summary.

    Use the id with the other commands (feathers play ID, feathers simulate ID...).

    Examples:

        feathers games
        feathers games --json
    """
    specs = list_games()
    if as_json:
        rows = [
            {"id": s.id, "title": s.title, "players": list(s.players), "summary": s.summary}
            for s in specs
        ]
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title="Games", header_style="bold")
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("title", no_wrap=True)
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("summary")
    for s in specs:
        table.add_row(s.id, s.title, players_text(s.players), s.summary)
    console.print(table)
