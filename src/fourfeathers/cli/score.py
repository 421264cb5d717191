"""``feathers score GAME ...``: score a game played with the physical cards.

One sub-command per registered game that has table scoring, because every game takes different
things to score: each game declares its command as data (``core.options.ScoreCommand``, the
``SCORE`` of its ``cli`` part): its fields and a function that asks the game itself to score
(so the rules live in one place) and gives a ``ScoreResult``. This module makes the typer
command of each (the game's fields, ``--json``, and the common options it offers), builds the
game, turns a ``FieldError`` into the usual one-line error, and draws the result: a rich table
per sheet, then the lines, or the result's data as JSON.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, cast

import typer
from rich.table import Table

from ..core.game import Game
from ..core.options import FieldError, ScoreCommand, ScoreResult, interface, score_command
from ..core.registry import GameSpec, list_games
from .common import (
    ContentOpt,
    VariantOpt,
    console,
    fail,
    flatten_names,
    game_config,
    make_or_fail,
)
from .options import examples, examples_epilog

app = typer.Typer(
    help="Score a finished game played at the table, card by card.",
    epilog=examples_epilog(examples("score")),
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


@app.callback()
def _score() -> None:
    """Score a finished game played at the table, card by card."""


_LISTS: dict[type, Any] = {str: list[str], int: list[int]}
"""The annotation of a repeated field, by its type."""

COMMON = {"content": ContentOpt, "variants": VariantOpt}
"""The common options a score command may offer, by ``make`` keyword (``ScoreCommand.common``)."""


def render(result: ScoreResult) -> None:
    """Print ``result``: each sheet as a table (the total in the footer), then its lines, a
    verdict in bold green."""
    for sheet in result.sheets:
        table = Table(
            title=sheet.title,
            caption=sheet.caption or None,
            header_style="bold",
            show_footer=True,
        )
        for i, name in enumerate(sheet.columns):
            table.add_column(
                name,
                justify="right" if i in sheet.numeric else "left",
                footer="total" if i == 0 else str(sheet.total) if i == sheet.total_column else "",
                footer_style="bold green" if i == sheet.total_column else "",
            )
        for row in sheet.rows:
            table.add_row(*row)
        console.print(table)
    for text, verdict in result.lines:
        console.print(text, style="bold green" if verdict else None, markup=False)


def command_for(spec: GameSpec, command: ScoreCommand) -> Callable[..., None]:
    """The typer command of ``feathers score <spec.id>``: ``command``'s fields (required),
    ``--json`` and its common options; it builds the game with them, scores and prints."""
    params = [
        inspect.Parameter(
            field.key,
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(
                ..., field.flag, metavar=field.metavar, help=field.help, show_default=False
            ),
            annotation=_LISTS[field.type] if field.repeat else field.type,
        )
        for field in command.fields
    ]
    json_option = Annotated[bool, typer.Option("--json", help=command.json_help)]
    params.append(
        inspect.Parameter(
            "as_json", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=json_option
        )
    )
    for key in command.common:
        params.append(
            inspect.Parameter(
                "variant" if key == "variants" else key,
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation=COMMON[key],
            )
        )

    def run(
        as_json: bool = False,
        content: Path | None = None,
        variant: list[str] | None = None,
        **values: Any,
    ) -> None:
        def build(config: Mapping[str, Any] | None = None, field: str | None = None) -> Game:
            common = game_config(content=content, variants=flatten_names(variant))
            return make_or_fail(spec.id, {**common, **(config or {})}, field)

        try:
            result = command.score(values, build)
        except FieldError as exc:
            fail(exc.field, exc.reason)
        if as_json:
            typer.echo(json.dumps(result.data))
        else:
            render(result)

    run.__name__ = f"score_{spec.id.replace('-', '_')}"
    run.__doc__ = command.help
    cast(Any, run).__signature__ = inspect.Signature(params)  # what typer reads
    return run


def _add_commands() -> None:
    """One sub-command per game with table scoring. A game of another package written for
    the former interface (a typer ``score`` command in its ``cli`` part) keeps its command."""
    for spec in list_games():
        command = score_command(spec)
        if command is not None:
            app.command(spec.id)(command_for(spec, command))
        elif callable(legacy := getattr(interface(spec), "score", None)):
            app.command(spec.id)(legacy)


_add_commands()
