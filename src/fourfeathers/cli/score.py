"""``feathers score GAME ...``: score a game played with the physical cards.

One sub-command per registered game that has table scoring, because every game takes different
things to score: each is the ``score`` command of the game's ``cli`` part (``GameSpec.cli``),
which asks the game itself to score, so the rules live in one place.
"""

from __future__ import annotations

import typer

from ..core.registry import list_games
from .options import cli_part, examples, examples_epilog

app = typer.Typer(
    help="Score a finished game played at the table, card by card.",
    epilog=examples_epilog(examples("score")),
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


@app.callback()
def _score() -> None:
    """Score a finished game played at the table, card by card."""


for _spec in list_games():
    _command = getattr(cli_part(_spec), "score", None)
    if _command is not None:
        app.command(_spec.id)(_command)
