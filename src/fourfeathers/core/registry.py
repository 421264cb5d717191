"""The registry: the only way the CLI, agents and arena reach a game.

>>> import fourfeathers
>>> spec = fourfeathers.list_games()[0]
>>> game = fourfeathers.make(spec.id, **spec.configurations[0])
>>> state = game.new_initial_state(seed=7)
>>> state.is_terminal()
False

A game registers a ``GameSpec``: what it is (id, title, seat counts) and where its parts are
(heuristic, report features, terminal rendering, command-line options and table scoring). The
games shipped with the package register when ``fourfeathers.games`` is imported; games from
other packages register through the entry-point group ``fourfeathers.games``
(``ENTRY_POINT_GROUP``). The registry loads both lazily on first use, so the core itself never
names a game.
"""

from __future__ import annotations

import importlib
import importlib.resources
import inspect
import sys
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from importlib.metadata import EntryPoint, entry_points
from importlib.resources.abc import Traversable
from typing import Any

from .errors import ConfigError
from .game import Game
from .search import SearchProfile

ENTRY_POINT_GROUP = "fourfeathers.games"
"""Packages add games with an entry point in this group whose value is a ``GameSpec`` or a
callable returning one, e.g. in ``pyproject.toml``::

    [project.entry-points."fourfeathers.games"]
    pebbles = "feathers_pebbles:SPEC"
"""

_PART = {"part": True}

UTILITIES = ("zero-sum", "constant-sum", "general-sum")
"""What ``returns()`` add up to over the seats at the end of a game of 2 or more players: 0,
the same number in every game, or anything (``GameSpec.utility``)."""

SOLO_RETURNS = ("score", "win")
"""What ``returns()`` of a solo game are: the seat's score, or 1 for a win and 0 for a loss
(``GameSpec.solo_returns``)."""


@dataclass(frozen=True)
class SeatFeatures:
    """What each seat ended one game with, as labels, for "impact on winning" statistics.

    Attributes:
        kind: what the labels are, for titles (``"card in the final hand"``).
        seats: the labels each seat ended with (one set per seat).
        eligible: labels that could have occurred in this game (None: every label seen in any
            game of the group); a seat without an eligible label counts as "without" it.
        values: a number per label that reports print beside it (a card's points), or None.
        value_name: what ``values`` are, for the column header (``"points"``).
    """

    kind: str
    seats: list[frozenset[str]]
    eligible: frozenset[str] | None = None
    values: Mapping[str, float] | None = None
    value_name: str = ""


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about one game, and where its parts are.

    Attributes:
        id: registry name in kebab case.
        title: the game's printed name.
        factory: builds a ``Game`` from keyword options (``players=3`` ...).
        players: the seat counts the game supports.
        summary: one line for ``feathers games`` and listings.
        configurations: the configurations every test suite and benchmark runs (keyword dicts).
        package: the package that relative part references start from; empty: the package of
            the factory's module.
        score_unit: what ``State.scores()`` counts, in words, plural (``"points"``; Familiar
            Feat: ``"Monsters"``): hints' expected results and the page's end screen say it.
        hidden_information: False for a game in which every seat sees the whole state (its
            ``determinize`` gives the state back); the conformance suite then checks that no
            determinization resamples anything, instead of that some do.
        chance: False for a game without chance events (no shuffle, no draw, no seat drawn to
            start): the seed then changes nothing, and the same decisions give the same game.
        utility: one of ``UTILITIES``, what the returns of a game of 2+ players add up to.
        solo_returns: one of ``SOLO_RETURNS``, what a solo game returns (if it has one).
        max_length: ``max_length(game) -> int | None``, the most decisions one game of that
            configuration takes (None: nothing bounds it, e.g. no turn cap), or a reference
            ``"module:attr"`` to it like a part's; None: not declared. Read it with
            ``length_bound``.

    The conformance suite checks these facts against playouts, and the research adapters read
    them (``rl/openspiel.py``: its game type).

    Parts, each optional (None: the game has none, and users fall back on a default). A part is
    the object itself or a reference ``"module:attr"`` (``".heuristic:PROFILE"``), or
    ``"module"`` for a whole module, relative to ``package`` when it starts with a dot. A
    reference is imported on the first ``part(name)`` only, so ``make()`` and a playout never
    load rendering or command-line code:

        heuristic: a ``core.search.SearchProfile`` (or a bare ``Heuristic``, its ``evaluate``),
            for the greedy agent and ISMCTS (default: the score lead); read it with
            ``search_profile()``.
        features: ``seat_features(game, observations) -> SeatFeatures | None`` from every
            seat's terminal observation, for reports (default: no such section).
        render: a module with ``render_state(game, state, player, *, memory_aid=False,
            reveal=False)`` (``player`` None: what a spectator sees, everything with
            ``reveal``) and ``render_result(game, state)`` (rich renderables) and optionally
            ``render_svg(game, state, player) -> str`` (default: plain text, no picture).
        cli: what the game offers the command line and the lobby, declared as data
            (``core/options.py``), read by ``cli/`` and ``web/lobby.py``: a module with
            ``OPTIONS`` (its ``GameOption`` declarations: flags of play, simulate and
            tournament, fields of the lobby's form), ``EXAMPLES`` (help lines per command
            name) and optionally ``SCORE``, the ``ScoreCommand`` of ``feathers score <id>``.
            It imports no user interface (nor typer or rich).
        encoding: a class or factory ``encoding(game)`` returning a ``core.encoding.Encoding``
            (action catalogue, observation tensor, game length and returns bounds) for the
            research adapters (default: the game has no research interface).
        web: the game's table in the browser (``feathers serve``): a package whose folder holds
            ``view.js`` (and optionally ``view.css``), served to the page, and whose module may
            hold ``VARIANTS`` (variant name -> description, for the lobby's form), ``FIELDS``
            (option name -> changes to its form field), ``catalogue(game) -> dict`` (public
            data fixed by the configuration, e.g. the cards' texts) and ``derive(game,
            observation, seat) -> dict`` (data computed from one observation only, e.g. a
            hand's points now; ``seat`` None for the public observation). See
            ``fourfeathers.web.pages`` (default: a plain view listing the legal actions).

    A new kind of part is one more field like these.
    """

    id: str
    title: str
    factory: Callable[..., Game]
    players: tuple[int, ...]
    summary: str
    configurations: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    package: str = ""
    score_unit: str = "points"
    hidden_information: bool = True
    chance: bool = True
    utility: str = "general-sum"
    solo_returns: str = "score"
    max_length: Any = None
    heuristic: Any = field(default=None, metadata=_PART)
    features: Any = field(default=None, metadata=_PART)
    render: Any = field(default=None, metadata=_PART)
    cli: Any = field(default=None, metadata=_PART)
    encoding: Any = field(default=None, metadata=_PART)
    web: Any = field(default=None, metadata=_PART)
    _loaded: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Raises ``ValueError`` naming the game for a ``utility`` or ``solo_returns`` that is
        none of ``UTILITIES``, ``SOLO_RETURNS``."""
        for name, value, known in (
            ("utility", self.utility, UTILITIES),
            ("solo_returns", self.solo_returns, SOLO_RETURNS),
        ):
            if value not in known:
                raise ValueError(f"{self.id}: {name} {value!r} is none of {', '.join(known)}")

    def length_bound(self, game: Game) -> int | None:
        """The most decisions one game of ``game``'s configuration takes (``max_length``), or
        None if nothing bounds it or the game does not say. Raises ``ImportError`` naming the
        game when a reference cannot be loaded."""
        if self.max_length is None:
            return None
        function = self._loaded.get("max_length")
        if function is None:
            function = self.max_length
            if isinstance(function, str):
                function = self._resolve("max_length", function)
            self._loaded["max_length"] = function
        bound: int | None = function(game)
        return bound

    @classmethod
    def part_names(cls) -> tuple[str, ...]:
        """The names of the optional parts (``"heuristic"``, ``"render"``...)."""
        return tuple(f.name for f in fields(cls) if f.metadata.get("part"))

    def part(self, name: str) -> Any:
        """The part ``name``, imported on first use (None if the game has none).

        Raises ``ValueError`` for a name that is not a part, and ``ImportError`` naming the game
        and the reference when a reference cannot be loaded.
        """
        if name not in self.part_names():
            raise ValueError(f"{name!r} is not a game part; parts: {', '.join(self.part_names())}")
        try:
            return self._loaded[name]
        except KeyError:
            pass
        value = getattr(self, name)
        if isinstance(value, str):
            value = self._resolve(name, value)
        self._loaded[name] = value
        return value

    def folder(self) -> Traversable:
        """The folder of the game's package: where its data files lie besides its modules
        (``lessons/``, read by ``core.lessons``; ``rules.md``, read by ``core.rulebook``)."""
        return importlib.resources.files(self._package())

    def _package(self) -> str:
        return (
            self.package
            or getattr(sys.modules.get(self.factory.__module__), "__package__", "")
            or self.factory.__module__.rpartition(".")[0]
        )

    def search_profile(self) -> SearchProfile[Any] | None:
        """The heuristic part as a ``SearchProfile`` (a bare ``Heuristic`` function becomes
        the profile with only that ``evaluate``), None if the game has none. Raises
        ``TypeError`` naming the game when the part is neither, and what ``part`` raises."""
        value = self.part("heuristic")
        if value is None or isinstance(value, SearchProfile):
            return value
        if callable(value):
            return SearchProfile(evaluate=value)
        raise TypeError(
            f"{self.id}: its heuristic is a {type(value).__name__}; "
            "a SearchProfile or an evaluate(state, player) function is expected"
        )

    def _resolve(self, name: str, ref: str) -> Any:
        module_name, _, attr = ref.partition(":")
        package = self._package()
        try:
            obj: Any = importlib.import_module(module_name, package or None)
            for piece in filter(None, attr.split(".")):
                obj = getattr(obj, piece)
        except (ImportError, AttributeError, TypeError) as exc:
            raise ImportError(f"{self.id}: its {name} {ref!r} cannot be loaded ({exc})") from exc
        return obj


_GAMES: dict[str, GameSpec] = {}
_LOADED = False


def register(spec: GameSpec) -> None:
    """Add a game. Raises ``ValueError`` if the id is taken by another game."""
    old = _GAMES.get(spec.id)
    if old is not None and old.factory is not spec.factory:
        raise ValueError(f"game id {spec.id!r} is already registered")
    _GAMES[spec.id] = spec


def register_entry_point(entry: EntryPoint) -> None:
    """Register the game an entry point gives: a ``GameSpec``, or a callable returning one.

    Raises ``TypeError`` if it gives something else, ``ValueError`` for a taken id, and
    whatever importing its module raises.
    """
    value = entry.load()
    spec = value if isinstance(value, GameSpec) else value() if callable(value) else value
    if not isinstance(spec, GameSpec):
        raise TypeError(f"it gives a {type(spec).__name__}, not a GameSpec")
    register(spec)


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    importlib.import_module("fourfeathers.games")
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            register_entry_point(entry)
        except Exception as exc:  # a broken foreign game must not stop the others
            warnings.warn(
                f"the game entry point {entry.name} = {entry.value} is not loaded: {exc}",
                stacklevel=3,
            )


def list_games() -> list[GameSpec]:
    """Every registered game, sorted by id."""
    _load()
    return [_GAMES[k] for k in sorted(_GAMES)]


def game_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``. Raises ``ConfigError`` listing the known ids if unknown."""
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise ConfigError(f"unknown game {game_id!r}; known games: {known}") from None


def make(game_id: str, **config: Any) -> Game:
    """Build the game ``game_id`` with its options, e.g. ``make(spec.id, players=3)``.

    Raises ``ConfigError`` for an unknown game or an option the game does not accept.
    """
    spec = game_spec(game_id)
    accepted = inspect.signature(spec.factory).parameters
    unknown = [key for key in config if key not in accepted]
    if unknown:
        raise ConfigError(
            f"{game_id} has no option {unknown[0]!r}; its options: {', '.join(accepted)}"
        )
    return spec.factory(**config)
