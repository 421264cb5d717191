"""Helpers shared by the sub-commands: consoles, one-line errors, option parsing, building games.

Every user error (a bad option value, an unknown game, a broken content or record file) ends in
``fail``: one line ``Error: --option: what is wrong`` on stderr and exit code 2, no traceback.
Games are reached only through the registry (``make``, ``game_spec``, ``list_games``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from ..agents import AGENTS, ALIASES, make_agent
from ..core.errors import ConfigError, ContentError
from ..core.files import WriteError, check_writable, loads
from ..core.game import Game
from ..core.options import game_options as options_of
from ..core.registry import GameSpec, game_spec, make
from ..core.rng import MAX_SEED
from .options import all_options, config_flags

console = Console(highlight=False)
"""Everything the user asked for goes to stdout through this console."""

err_console = Console(stderr=True, highlight=False)
"""Progress bars and notes that are not the command's output go to stderr."""

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="Game id (see: feathers games).", show_default=False)
]
"""The GAME argument of play and simulate."""

ContentOpt = Annotated[
    Path | None,
    typer.Option(
        "--content",
        metavar="FILE",
        help="Card data file (TOML) to use instead of the shipped one.",
        show_default=False,
    ),
]
"""``--content FILE``: the user's own card data."""

VariantOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        metavar="NAME",
        help="A rules variant (repeat, or comma-separate, for several).",
        show_default=False,
    ),
]
"""``--variant NAME``: repeatable and comma-separable."""

OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="Any other game option (repeatable), e.g. -o max_turns=100. VALUE is read as JSON "
        "when it parses (numbers, true, lists), else as text.",
        show_default=False,
    ),
]
"""Any game option without a flag of its own (the games' own flags: ``options.py``)."""


def option_config(
    spec: GameSpec,
    given: dict[str, Any],
    options: Sequence[str] | None = None,
    unflagged: Collection[str] = (),
) -> dict[str, Any]:
    """The game options the user set, as keyword options for ``make``.

    ``given`` holds the game options set by their own flags (``--level 3`` -> ``{"level": 3}``,
    see ``options.game_command``); ``--option key=value`` values are JSON when they parse, else
    text, and a dash in a key is read as an underscore. Fails on ``--option`` for an entry
    without ``=`` and for an option that has its own flag in this command (``-o players=3``:
    use ``--players``), so no value is ever given twice; and on a flag of an option this game
    does not have. ``unflagged``: the ``make`` keywords whose flag the command lacks, set with
    ``--option`` (``starting_player``: only ``play`` has ``--start``).
    """
    flags = config_flags()
    config: dict[str, Any] = {}
    for item in options or ():
        key, sep, text = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            fail("--option", f"{item!r} is not KEY=VALUE")
        if key in flags and key not in unflagged:
            fail("--option", f"{key} has its own option: use {flags[key]}")
        try:
            value: Any = loads(text)  # nested too deep is no JSON either: a text
        except ValueError:
            value = text
        config[key] = value
    mine = {option.key for option in options_of(spec)}
    for key in given:
        if key not in mine:
            shared = all_options()[key]
            owners = " and ".join(shared.titles)
            fail(shared.option.flag, f"{spec.title} has no such option (it is for {owners})")
    return {**config, **given}


USAGE_ERROR = 2
"""Exit code of a bad command-line value (as click uses for usage errors)."""


def say(message: str, style: str | None = None) -> None:
    """Print one plain message line (no markup, no hard wrapping: the terminal wraps it)."""
    console.print(message, style=style, markup=False, soft_wrap=True)


MESSAGE_LIMIT = 1000
"""The most characters of a message ``fail`` prints: a message that quotes a huge value given
(a 10,000-character option) keeps its head and its tail (the reason) and says how much of the
middle was cut."""


def fail(option: str | None, message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``Error: OPTION: MESSAGE`` as one line on stderr and exit with ``code``.

    ``option`` names what the user got wrong (``--hand``, ``GAME``...); None for no option.
    The line is printed without rich wrapping so it stays one line whatever the width, and a
    message over ``MESSAGE_LIMIT`` characters loses its middle.
    """
    where = f"{option}: " if option else ""
    if len(message) > MESSAGE_LIMIT:
        half = MESSAGE_LIMIT // 2
        cut = len(message) - 2 * half
        message = f"{message[:half]}...({cut:,} characters cut)...{message[-half:]}"
    typer.echo(f"Error: {where}{message}", err=True)
    raise typer.Exit(code)


def check_number(option: str, value: float, low: float, high: float, unit: str) -> float:
    """``value`` if it is a finite number from ``low`` to ``high`` (both included); else fail on
    ``option`` with one line: ``must be a number from 0 to 60 seconds, got nan`` (click lets
    ``nan``, ``inf`` and ``1e308`` through a float option, and time.sleep or a timestamp then
    raise far from the option)."""
    if not (math.isfinite(value) and low <= value <= high):
        fail(option, f"must be a number from {low:g} to {high:,g} {unit}, got {value}")
    return value


def output_problem(path: Path, regular: bool = False) -> str | None:
    """What keeps a file from being written at ``path`` now (None: nothing): a folder given,
    a missing folder (no folder is ever created for an output file), or what
    ``core.files.check_writable`` finds (``regular``: an existing file must be a regular file)
    -- a name too long, a read-only place -- without leaving a file behind."""
    try:
        if path.is_dir():
            return f"{path} is a directory; give a file name"
        if not path.parent.is_dir():
            return f"the folder {path.parent} does not exist"
        check_writable(path, regular)
    except OSError as exc:  # a name too long for stat, a WriteError...
        return str(WriteError.of(path, exc))
    return None


def check_file_path(path: Path | None, option: str, regular: bool = False) -> None:
    """Fail on ``option`` unless ``path`` is None or a file that can be written now
    (``output_problem``), so a bad output path is said before any work."""
    if path is None:
        return
    problem = output_problem(path, regular)
    if problem is not None:
        fail(option, problem)


def fail_write(option: str, exc: OSError, path: Path | None = None, note: str = "") -> NoReturn:
    """Fail on ``option`` for a file that could not be written: ``cannot write PATH: REASON``
    (``core.files.WriteError``; ``path`` names the file for another ``OSError``), then
    ``note`` (what was kept, what to do)."""
    error = WriteError.of(path if path is not None else Path(exc.filename or "?"), exc)
    fail(option, f"{error}{note}")


def check_seed(seed: int | None) -> None:
    """Fail on ``--seed`` unless it is None or an int in ``[0, MAX_SEED]`` (``core/rng.py``)."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        fail("--seed", f"must be an integer from 0 to {MAX_SEED}, got {seed}")


def check_agent(option: str, spec: str) -> None:
    """Fail on ``option`` unless ``spec`` names an agent (``greedy``, ``hard``,
    ``ismcts:iterations=500``...)."""
    try:
        make_agent(spec, 0)
    except ValueError as exc:
        fail(option, str(exc))


def agent_names() -> str:
    """The agent names and difficulty levels, for help texts."""
    return ", ".join([*AGENTS, *ALIASES])


def split_list(text: str) -> list[str]:
    """``"a, b,c"`` -> ``["a", "b", "c"]``. Empty items are kept (as ``""``) to be reported."""
    return [item.strip() for item in text.split(",")]


def flatten_names(values: Sequence[str] | None) -> list[str]:
    """Repeatable, comma-separable option values (``--variant a --variant b,c``) as one list."""
    names: list[str] = []
    for value in values or ():
        names += [v for v in split_list(value) if v]
    return names


def spec_or_fail(game_id: str) -> GameSpec:
    """The registry's spec for ``game_id``, or a one-line ``GAME`` error listing known games."""
    try:
        return game_spec(game_id)
    except ConfigError as exc:
        fail("GAME", str(exc))


def players_text(players: Sequence[int]) -> str:
    """``(1, 2, 3, 4)`` -> ``"1-4"``; ``(2, 4)`` -> ``"2, 4"``."""
    ordered = sorted(players)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def check_players(spec: GameSpec, players: int) -> None:
    """Fail on ``--players`` if ``spec`` is not played by that many."""
    if players not in spec.players:
        fail(
            "--players",
            f"{spec.title} is played by {players_text(spec.players)} "
            f"player{'' if spec.players == (1,) else 's'}, not {players}",
        )


def game_config(
    players: int | None = None,
    starting_player: int | None = None,
    content: Path | str | None = None,
    variants: Sequence[str] = (),
) -> dict[str, Any]:
    """Keyword options for ``make`` holding only what the user set (so defaults stay the game's)."""
    config: dict[str, Any] = {}
    if players is not None:
        config["players"] = players
    if starting_player is not None:
        config["starting_player"] = starting_player
    if content is not None:
        config["content"] = str(content)
    if variants:
        config["variants"] = list(variants)
    return config


def option_for(
    exc: Exception,
    default: str | None = None,
    others: Collection[str] = (),
    unflagged: Collection[str] = (),
) -> str | None:
    """The command-line option a ``ConfigError``/``ContentError`` from ``make`` is about.

    A game's errors start ``<game>: <option> ...`` or say ``has no option '<option>'``;
    ``others`` are the options given with ``--option``; ``unflagged`` the keywords whose flag
    the command lacks (``option_config``), named ``--option`` too.
    """
    if isinstance(exc, ContentError):
        return "--content"
    text = str(exc)
    flags = {key: flag for key, flag in config_flags().items() if key not in unflagged}
    unknown = re.search(r"has no option '(\w+)'", text)
    if unknown:
        return flags.get(unknown[1], "--option")
    words = re.findall(r"\w+", text.split(":", 1)[-1])[:3]
    for word in words:
        for key, option in flags.items():
            if word == key or word == key.rstrip("s"):
                return option
        if word in others or word in unflagged:
            return "--option"
    return default


def make_or_fail(
    game_id: str,
    config: dict[str, Any],
    option: str | None = None,
    unflagged: Collection[str] = (),
) -> Game:
    """``make(game_id, **config)``, turning configuration and content errors into ``fail``.

    ``option`` forces the option named in the error (e.g. ``--load`` for a saved game's config);
    ``unflagged`` as for ``option_for``.
    """
    try:
        return make(game_id, **config)
    except (ConfigError, ContentError) as exc:
        fail(option or option_for(exc, others=config, unflagged=unflagged), str(exc))


def parse_agents(text: str, option: str = "--agents") -> list[str]:
    """The agent specs of a comma-separated list; fails on ``option`` for an empty entry or an
    unknown agent."""
    names = split_list(text)
    if any(not name for name in names):
        fail(option, f"an empty entry in {text!r} (write agent names separated by commas)")
    for name in names:
        check_agent(option, name)
    return names


def build_game(
    spec: GameSpec,
    players: int,
    starting_player: int | None,
    content: Path | None,
    variant: Sequence[str] | None,
    game_options: dict[str, Any] | None,
    options: Sequence[str] | None,
    unflagged: Collection[str] = (),
) -> Game:
    """The game the command-line options describe: the common ones, the game's own flags
    (``game_options``, see ``option_config``) and ``--option`` texts; fails with one line on
    any option the game refuses. ``unflagged``: the common options the command has no flag for
    (``option_config``)."""
    config = game_config(players, starting_player, content, flatten_names(variant))
    given = option_config(spec, game_options or {}, options, unflagged)
    return make_or_fail(spec.id, {**config, **given}, unflagged=unflagged)


def seat_name(player: int) -> str:
    """People count seats from 1: player 0 is ``Seat 1``."""
    return f"Seat {player + 1}"


def seats_text(players: Sequence[int]) -> str:
    """``[0, 2]`` -> ``"seat 1, seat 3"``."""
    return ", ".join(f"seat {p + 1}" for p in players)
