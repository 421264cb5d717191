"""What a game offers its users besides the rules, as plain data: its own options, its help
examples and its table scoring (``feathers score <game>``).

A game's ``cli`` part (``GameSpec.cli``: ``games/<game>/cli.py``) is a module that may hold

- ``OPTIONS``: its ``GameOption`` declarations (``--level N``): the command line
  (``cli/options.py``) makes one flag of each, the lobby (``web/lobby.py``) one form field;
- ``EXAMPLES``: help lines per command name (``{"play": ("feathers play ...",)}``);
- ``SCORE``: a ``ScoreCommand``, the fields of ``feathers score <game id>`` and the function
  that scores them into a ``ScoreResult`` (``cli/score.py`` makes the command and draws the
  result).

Nothing here imports a user interface: the games declare, ``cli/`` and ``web/`` read.

>>> level = GameOption("level", "--level", int, "N", "Level", bounds=(1, 8))
>>> level.values
'1-8'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .game import Game
    from .registry import GameSpec


@dataclass(frozen=True)
class GameOption:
    """One option a game adds to ``feathers play``, ``simulate`` and ``tournament`` and to the
    lobby's new-table form. Its default is the factory's (the game's own keyword default).

    Attributes:
        key: the ``make`` keyword it sets (``"level"``).
        flag: the command-line flag (``"--level"``).
        type: the value's type, ``int`` or ``str`` (the command line checks and converts it).
        metavar: the value's name in help (``"N"``).
        help: what it is, the same for every game that has it (``"Level"``); the form's label.
        detail: this game's values in words (``"first-game, random, or six names"``); empty:
            ``bounds`` say them (``"1-8"``). The help reads ``Level (<Title>: 1-8).``
        bounds: ``(low, high)``, both included, of an ``int`` option (the form's min and max),
            or None. The game checks the value it is given (its ``ConfigError`` names the rule).
        choices: values offered for a ``str`` option (the form's choices).
        free: with ``choices``, other values may be typed too (``choices`` are suggestions).
    """

    key: str
    flag: str
    type: type
    metavar: str
    help: str
    detail: str = ""
    bounds: tuple[int, int] | None = None
    choices: tuple[str, ...] = ()
    free: bool = False

    @property
    def values(self) -> str:
        """The values in words: ``detail``, else ``"low-high"`` from ``bounds``, else empty."""
        if self.detail or self.bounds is None:
            return self.detail
        return f"{self.bounds[0]}-{self.bounds[1]}"


class FieldError(ValueError):
    """A value given for a field of a score command (or an option) is not one the game can
    read: ``field`` names its flag (``"--hand"``), the message says what is wrong.

    Attributes:
        field: the flag at fault, or None when the error is about no single field.
        reason: the message without the flag.
    """

    def __init__(self, field: str | None, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class ScoreField:
    """One field of a game's ``feathers score`` command; every field must be given.

    Attributes:
        key: the keyword its value has in ``ScoreCommand.score``'s ``values`` (``"hand"``).
        flag: the command-line flag (``"--hand"``).
        metavar: the value's name in help (``"CARDS"``).
        help: what to write.
        type: ``str`` or ``int``, the value's type.
        repeat: the field may be given several times (its value is then a list, in order).
    """

    key: str
    flag: str
    metavar: str
    help: str
    type: type = str
    repeat: bool = False


class Build(Protocol):
    """Builds the game to score with: the common options the user gave (``--content``,
    ``--variant``) and ``config``. A configuration or content error ends the command, naming
    ``field`` (a flag) if given, else the option the error is about."""

    def __call__(self, config: Mapping[str, Any] | None = None, field: str | None = None) -> Game:
        """The game (see the class docstring)."""
        ...


@dataclass(frozen=True)
class ScoreSheet:
    """One table of a score: a row per item, the total under the points.

    Attributes:
        title: above the table (``"Player 1: 17 points"``).
        columns: the column headers, the first one the item's (its footer reads ``total``).
        rows: the cells, one tuple of ``len(columns)`` texts per row.
        total: the total points, shown in the footer of column ``total_column``.
        total_column: the index of the points column.
        numeric: the indexes of the columns of numbers (aligned right).
        caption: below the table (empty: none).
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: int
    total_column: int
    numeric: tuple[int, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class ScoreResult:
    """What a score command found, as plain data.

    Attributes:
        sheets: the tables, in order.
        lines: the lines after them, each ``(text, verdict)``: a verdict (who wins) stands out.
        data: what ``--json`` prints (JSON-ready: dicts, lists, numbers, texts).
    """

    sheets: tuple[ScoreSheet, ...]
    lines: tuple[tuple[str, bool], ...]
    data: Any


@dataclass(frozen=True)
class ScoreCommand:
    """``feathers score <game id>``: its fields and the scoring.

    Attributes:
        help: the command's help: a first line, then paragraphs (and ``Examples:``).
        fields: the game's fields, in the help's order.
        json_help: the help of ``--json`` (what the JSON holds).
        score: ``score(values, build) -> ScoreResult``: ``values`` by field key (a list for a
            repeated field), ``build`` makes the game (``Build``), called when the game wants
            it (before or after reading the values). Raises ``FieldError`` naming the field at
            fault; the scoring itself is the game's (its table-scoring methods).
        common: the common options the command offers besides (``"content"``,
            ``"variants"``), which ``build`` passes to the game.
    """

    help: str
    fields: tuple[ScoreField, ...]
    json_help: str
    score: Callable[[Mapping[str, Any], Build], ScoreResult]
    common: tuple[str, ...] = field(default=("content", "variants"))


def interface(spec: GameSpec) -> Any:
    """The game's ``cli`` part (a module or namespace), or None."""
    return spec.part("cli")


def game_options(spec: GameSpec) -> tuple[GameOption, ...]:
    """The options ``spec``'s game adds (empty if none)."""
    return tuple(getattr(interface(spec), "OPTIONS", ()))


def game_examples(spec: GameSpec, command: str) -> tuple[str, ...]:
    """The game's help lines for ``command`` (empty if none)."""
    return tuple(getattr(interface(spec), "EXAMPLES", {}).get(command, ()))


def score_command(spec: GameSpec) -> ScoreCommand | None:
    """The game's ``feathers score`` command, or None if it has no table scoring."""
    command = getattr(interface(spec), "SCORE", None)
    return command if isinstance(command, ScoreCommand) else None
