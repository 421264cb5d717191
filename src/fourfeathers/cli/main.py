"""The ``feathers`` command: ``app`` gathers one sub-command per module of this package.

Usage errors that typer itself detects (a non-number for an integer option, an unknown option, a
missing argument) are printed as one ``Error:`` line with exit code 2, like the errors the
sub-commands report through ``common.fail``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from .. import __version__
from ..core.build import build_description
from ..core.options import game_examples
from ..core.registry import list_games
from . import games, learn, play, replay, report, review, score, serve, simulate, tournament
from .options import examples_epilog

# Usage errors and aborts. Recent typer ships its own copy of click, whose errors derive from
# typer.TyperException; older typer raises the classes of the click package. Which classes they
# are depends on the installed typer (found by getattr and an optional import): typed Any, and
# used only for what both kinds have, format_message() and exit_code.
_ERRORS: tuple[type[Any], ...] = tuple(
    cls for cls in (getattr(typer, "TyperException", None),) if cls is not None
)
_ABORTS: tuple[type[BaseException], ...] = (typer.Abort,)
try:  # pragma: no cover - depends on the installed typer
    click = importlib.import_module("click")  # recent typer needs no click: no stubs to ask for

    _ERRORS += (click.ClickException,)
    _ABORTS += (click.Abort,)
except ImportError:
    pass


class FeathersGroup(TyperGroup):
    """The top-level group: runs the command and reports usage errors on a single line."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; exit with 2 and one ``Error:`` line on a usage error."""
        if not windows_expand_args:  # passed on only when given: click 8.0.0 lacks the flag
            extra["windows_expand_args"] = False
        try:
            result = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except _ERRORS as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # bare `feathers`: help was shown
                sys.exit(0)
            typer.echo(f"Error: {exc.format_message()}", err=True)
            sys.exit(getattr(exc, "exit_code", 2))
        except _ABORTS:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)


def _about() -> str:
    return "Play, score and simulate feather games: " + ", ".join(
        spec.title for spec in list_games()
    )


def _epilog() -> str:
    firsts = [
        lines[0]
        for command in ("play", "score")
        for spec in list_games()
        if (lines := game_examples(spec, command))
    ]
    return examples_epilog(["feathers games", *firsts, "feathers replay saved-game.json"])


def _plain_type_labels() -> None:
    """Show value types in help the plain way (``INTEGER``, ``TEXT``, or the option's metavar,
    and nothing for a flag or a named argument), as click does; recent typer labels them
    ``<int>``, ``<str>`` and ``<bool>``."""
    core = getattr(typer, "core", None)
    option = getattr(core, "TyperOption", None)
    argument = getattr(core, "TyperArgument", None)
    if option is None or not hasattr(option, "display_type_rich"):  # pragma: no cover
        return  # an older typer: its labels are plain already
    labelled = option.display_type_rich

    def option_type(self: Any, ctx: Any) -> str | None:
        if self.metavar is not None:
            return str(self.metavar)
        if self.is_flag:
            return None
        label = labelled(self, ctx)
        return None if label is None else _PLAIN.get(label, label.strip("<>").upper())

    def argument_type(self: Any, ctx: Any) -> str | None:
        return None  # the argument's name (GAME, FILE...) says what it takes

    option.display_type_rich = option_type
    if argument is not None and hasattr(argument, "display_type_rich"):
        argument.display_type_rich = argument_type


_PLAIN = {"<int>": "INTEGER", "<float>": "FLOAT", "<str>": "TEXT", "<Path>": "PATH"}

_plain_type_labels()

app = typer.Typer(
    cls=FeathersGroup,
    name="feathers",
    help=_about() + ". Seats are numbered from 1 on screen and from 0 in JSON output.",
    epilog=_epilog(),
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"fourfeathers {__version__} ({build_description()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        "-V",
        callback=_version,
        is_eager=True,
        help="Show the version and exit.",
    ),
) -> None:
    """Play, score and simulate feather games."""


app.command("games")(games.games)
app.add_typer(score.app, name="score")
app.command("play")(play.play)
app.command("learn")(learn.learn)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay)
app.command("review")(review.review_command)
app.command("tournament")(tournament.tournament)
app.command("report")(report.report)
app.command("serve")(serve.serve)

if __name__ == "__main__":  # pragma: no cover
    app()
