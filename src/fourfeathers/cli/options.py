"""What the games add to the command line, gathered from their registrations.

A game declares it as data in its ``cli`` part (``GameSpec.cli``, by convention
``games/<game>/cli.py``; ``core/options.py`` says what it may hold): ``OPTIONS``, its
``GameOption`` flags for play, simulate and tournament (``--level N``); ``EXAMPLES``, help lines
per command name; ``SCORE``, its ``feathers score`` command (made by ``score.py``).

``game_command(name)`` gives a command every registered game's options (their union: one flag
per option, its help naming the games that have it) and appends the games' examples to its help.
Which game may take which option is checked when the command runs (``common.game_options``).
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import typer

from ..core.options import GameOption, game_examples, game_options
from ..core.registry import list_games

__all__ = [
    "COMMON_OPTIONS",
    "GameOption",
    "SharedOption",
    "all_options",
    "config_flags",
    "examples",
    "examples_epilog",
    "examples_text",
    "game_command",
]

COMMON_OPTIONS = {
    "players": "--players",
    "starting_player": "--start",
    "content": "--content",
    "variants": "--variant",
}
"""The options every command names with its own flag, by ``make`` keyword."""


def examples(command: str) -> list[str]:
    """Every registered game's help lines for ``command``, in the order of ``list_games``."""
    lines: list[str] = []
    for spec in list_games():
        lines += game_examples(spec, command)
    return lines


def examples_text(lines: Sequence[str], indent: str = "    ") -> str:
    """``Examples:`` and the lines, indented: a code block in a command's markdown help."""
    body = "\n".join(indent + line.replace("\n", "\n" + indent) for line in lines)
    return f"Examples:\n\n{body}"


def examples_epilog(lines: Sequence[str]) -> str:
    """``Examples:`` and the lines as a fenced code block (what a markdown epilog needs)."""
    return "Examples:\n\n```\n" + "\n".join(lines) + "\n```"


@dataclass(frozen=True)
class SharedOption:
    """A game option as the command line shows it: one flag for every game that has it.

    Attributes:
        option: the first game's ``GameOption`` (flag, type, metavar, help).
        games: ``(title, values)`` of each game that has it, in the order of ``list_games``
            (``GameOption.values``: ``"1-8"``).
    """

    option: GameOption
    games: tuple[tuple[str, str], ...]

    @property
    def titles(self) -> tuple[str, ...]:
        """The titles of the games that have the option."""
        return tuple(title for title, _ in self.games)

    @property
    def help(self) -> str:
        """``Level (<title>: 1-8; <title>: 1-3).``: the help, then each game's values."""
        games = "; ".join(f"{t}: {d}" if d else t for t, d in self.games)
        return f"{self.option.help} ({games})."


@functools.cache
def all_options() -> dict[str, SharedOption]:
    """Every game option by ``make`` keyword, shared by the games that have it.

    An option that reuses a common option's key or flag, or a key that another game gives
    another flag or type, is left out with a warning (a broken foreign game must not stop the
    command line).
    """
    merged: dict[str, SharedOption] = {}
    for spec in list_games():
        for option in game_options(spec):
            known = merged.get(option.key)
            if option.key in COMMON_OPTIONS or option.flag in COMMON_OPTIONS.values():
                problem = "is a common option"
            elif known and (known.option.flag, known.option.type) != (option.flag, option.type):
                problem = f"differs from {known.titles[0]}'s {known.option.flag}"
            else:
                games = known.games if known else ()
                first = known.option if known else option
                merged[option.key] = SharedOption(first, (*games, (spec.title, option.values)))
                continue
            warnings.warn(f"{spec.id}: option {option.flag} left out: it {problem}", stacklevel=2)
    return merged


def config_flags() -> dict[str, str]:
    """Every ``make`` keyword that has its own flag, with that flag (common and game options)."""
    return {**COMMON_OPTIONS, **{key: shared.option.flag for key, shared in all_options().items()}}


Command = TypeVar("Command", bound=Callable[..., Any])


def _flags(param: inspect.Parameter) -> set[str]:
    """The flags a command's parameter declares (``{"--players", "-p"}``)."""
    flags: set[str] = set()
    for info in getattr(param.annotation, "__metadata__", ()):
        if isinstance(info, typer.models.OptionInfo):
            decls = (info.default, *(info.param_decls or ()))
            flags |= {d for d in decls if isinstance(d, str) and d.startswith("-")}
    return flags


def game_command(name: str) -> Callable[[Command], Command]:
    """Decorate the typer command ``name``: add every game option, append the games' examples.

    The command takes a keyword ``game_options``: the game options the user gave, by ``make``
    keyword (``{"level": 3}``).
    """

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        params = [p for p in signature.parameters.values() if p.name != "game_options"]
        taken = {flag for p in params for flag in _flags(p)}
        names: dict[str, str] = {}
        for key, shared in all_options().items():
            option = shared.option
            if option.flag in taken:
                note = f"option {option.flag} of {shared.titles[0]} left out of {name}"
                warnings.warn(note, stacklevel=2)
                continue
            names[f"game_{key}"] = key
            info = typer.Option(
                None, option.flag, metavar=option.metavar, help=shared.help, show_default=False
            )
            params.append(
                inspect.Parameter(
                    f"game_{key}",
                    inspect.Parameter.KEYWORD_ONLY,
                    default=info,
                    annotation=option.type | None,
                )
            )

        @functools.wraps(command)
        def run(**kwargs: Any) -> Any:
            given = {key: kwargs.pop(param) for param, key in names.items()}
            chosen = {key: value for key, value in given.items() if value is not None}
            return command(**kwargs, game_options=chosen)

        cast(Any, run).__signature__ = signature.replace(parameters=params)
        lines = examples(name)
        doc = inspect.cleandoc(command.__doc__ or "")
        run.__doc__ = f"{doc}\n\n{examples_text(lines)}" if lines else doc
        return cast(Command, run)

    return decorate
