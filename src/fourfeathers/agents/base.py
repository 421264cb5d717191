"""The agent interface: ``SeatView`` (what a seat may use) and ``Agent`` (what decides)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from ..core.game import Action, Game, State
from .heuristic import levels_for, solo_levels_for


class _FirstChoices(random.Random):
    """A ``random.Random`` whose every draw is the first possibility: ``random()`` is 0.0 and
    ``getrandbits`` 0 (so ``randrange``, ``choice``... give their first value), ``shuffle``
    keeps the order and ``sample`` takes the first items. A determinization made with it lays
    the unseen cards out in the order the game pools them (a function of the observation), and
    costs no shuffling."""

    def random(self) -> float:
        return 0.0

    def getrandbits(self, k: int) -> int:
        return 0

    def shuffle(self, x: Any) -> None:
        return None

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        if counts is not None:
            return super().sample(population, k, counts=counts)
        items = list(population)
        if not 0 <= k <= len(items):
            raise ValueError("Sample larger than population or is negative")
        return items[:k]


_FIRST_CHOICES = _FirstChoices(0)


class SeatView:
    """What one seat may use to decide, and nothing more.

    Built from the true state, it keeps no reference to it: only the seat's legal actions (a
    list), the game, the seat, and one *world*: a determinization of the state for the seat
    whose hidden parts are laid out in a fixed order (``_FirstChoices``), so they tell nothing
    about the true ones. Everything else is answered from the world:
    ``observation()`` (a determinization keeps what the seat saw) and ``determinize(rng)``
    (equal observations determinize equally for equally seeded ``rng``, so the samples are the
    ones the true state would give). An agent can follow every attribute of the view and never
    reach the true state.

    Args:
        state: the true state; ``player`` must be ``state.current_player`` to act.
        player: the deciding seat (0-based).
        world: False for an agent that decides from the legal actions alone (see ``view_for``):
            no world is sampled, which keeps such decisions cheap, and ``observation()`` and
            ``determinize()`` raise ``RuntimeError``.

    Raises ``ValueError`` if ``player`` is not a seat of the game.
    """

    __slots__ = ("game", "player", "_actions", "_world")

    def __init__(self, state: State, player: int, *, world: bool = True) -> None:
        state.check_player(player)
        self.game: Game = state.game
        """The game (rules and configuration are public)."""
        self.player = player
        """The deciding seat (0-based)."""
        self._actions = state.legal_actions()
        self._world = state.determinize(player, _FIRST_CHOICES) if world else None

    def observation(self) -> dict[str, Any]:
        """The seat's information state (``State.observation``)."""
        return self._sampled().observation(self.player)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move (a new list on every call)."""
        return list(self._actions)

    def world(self) -> State:
        """A copy of the view's one world (a determinization whose hidden parts are laid out in
        a fixed order), for reading what the seat sees without drawing from an RNG. Raises
        ``RuntimeError`` for a view without a world."""
        return self._sampled().clone()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what the seat knows, hidden parts sampled by ``rng``."""
        return self._sampled().determinize(self.player, rng)

    def _sampled(self) -> State:
        if self._world is None:
            raise RuntimeError(
                "this view holds only the legal actions: its agent declared "
                "needs_information_state = False"
            )
        return self._world


class Agent(Protocol):
    """Chooses an action for the seat of a ``SeatView``.

    An agent that reads only ``view.legal_actions()`` (never ``observation`` nor
    ``determinize``) may set a class attribute ``needs_information_state = False``: its views
    are then built without a world (see ``view_for``).
    """

    name: str

    def act(self, view: SeatView) -> Action:
        """Return one of ``view.legal_actions()``."""
        ...


def view_for(agent: Agent, state: State, player: int) -> SeatView:
    """The ``SeatView`` of ``player`` in ``state`` for ``agent`` (without a world for an agent
    whose ``needs_information_state`` is False)."""
    return SeatView(state, player, world=getattr(agent, "needs_information_state", True))


@dataclass(frozen=True)
class Parameter:
    """One parameter an agent takes in its spec (``iterations`` in ``ismcts:iterations=500``).

    Attributes:
        kind: ``int`` or ``float`` (an integer text is accepted for a float).
        low, high: the smallest and largest value allowed.
        above: True if ``low`` itself is not allowed (a value must be more than it).
        help: what it sets, for error messages and help.
    """

    kind: type[int] | type[float]
    low: float
    high: float
    above: bool = False
    help: str = ""

    @property
    def allowed(self) -> str:
        """The allowed values in words (``an integer from 1 to 10000000``)."""
        noun = "an integer" if self.kind is int else "a number"
        low, high = _number_text(self.low), _number_text(self.high)
        if self.above:
            return f"{noun} more than {low}, at most {high}"
        return f"{noun} from {low} to {high}"

    def parse(self, text: str) -> int | float:
        """The value of ``text``. Raises ``ValueError`` unless it is one of the allowed values."""
        value = self.kind(text)  # ValueError for a text that is no such number
        low_ok = value > self.low if self.above else value >= self.low
        if not (low_ok and value <= self.high):  # nan fails both
            raise ValueError(text)
        return value


AGENTS: dict[str, Callable[..., Agent]] = {}
"""Agents by name, each built from a seed (``None``: seeded from the system).

A factory may have a ``PARAMETERS`` attribute, ``{name: Parameter}``: the parameters its specs
may give, checked by ``make_agent`` (without it, values are passed as int, float or text)."""


def register_agent(name: str, factory: Callable[[int | None], Agent]) -> None:
    """Make ``factory`` available as ``name`` to ``make_agent`` and the command line."""
    AGENTS[name] = factory


ALIASES: dict[str, str] = {}
"""Difficulty names and other short names for agent specs (``hard`` -> ``ismcts:...``)."""


def resolve_spec(spec: str, game: Game | None = None) -> str:
    """The agent spec ``spec`` stands for: a difficulty name's spec (``ALIASES``), in the form
    ``game``'s heuristic module states for its solo mode or for its number of players where it
    states one (``agents.heuristic.solo_levels_for``, ``levels_for``), else ``spec`` itself.
    Without ``game`` the names' common specs. Raises ``ConfigError`` for a game whose id is not
    registered."""
    if game is not None:
        players = game.num_players
        own = solo_levels_for(game.id) if players == 1 else levels_for(game.id, players)
        spec = own.get(spec, spec)
    return ALIASES.get(spec, spec)


def parameters_text(name: str) -> str:
    """``iterations (an integer from 1 to ...), c (...)``: the declared parameters of agent
    ``name`` (empty without any)."""
    params: dict[str, Parameter] = getattr(AGENTS[name], "PARAMETERS", {})
    return ", ".join(f"{key} ({p.allowed})" for key, p in params.items())


def _level_with_parameters(level: str, given: str, spec: str) -> str:
    """The sentence refusing a difficulty name given parameters (``hard:seconds=1``): it takes
    none; the agent it stands for (``spec``) takes them, as ``ismcts:seconds=1``."""
    name = spec.split(":")[0]
    declared: dict[str, Parameter] = getattr(AGENTS.get(name), "PARAMETERS", {}) or {}
    keys = [item.partition("=")[0].strip() for item in given.split(":") if item]
    message = f"{level!r} is a difficulty level and takes no parameters (it stands for {spec})"
    if keys and all(key in declared for key in keys):
        return f"{message}; to set {', '.join(keys)}, use {name}:{given}"
    return f"{message}; give an agent and its parameters instead, e.g. {spec}"


def make_agent(spec: str, seed: int | None = None, game: Game | None = None) -> Agent:
    """Build an agent from a spec: a name (``AGENTS`` or ``ALIASES``), optionally with
    colon-separated parameters, e.g. ``ismcts:iterations=500:playout_depth=8`` (commas are left
    to lists of seats). A difficulty name means what it means in ``game`` (``resolve_spec``):
    give the game the agent is to play wherever it is known.

    Raises ``ValueError`` (one sentence, for the command line) naming the known agents for an
    unknown name, the spec a difficulty name stands for when it is given parameters (it takes
    none), and naming the parameter and its allowed values for a parameter the agent
    does not take or a value outside its ``Parameter`` bounds.
    """
    level, colon, given = spec.partition(":")
    if colon and resolve_spec(level, game) != level:
        raise ValueError(_level_with_parameters(level, given, resolve_spec(level, game)))
    spec = resolve_spec(spec, game)
    name, *params = spec.split(":")
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join([*AGENTS, *ALIASES])
        raise ValueError(f"unknown agent {name!r}; known agents: {known}") from None
    declared: dict[str, Parameter] | None = getattr(factory, "PARAMETERS", None)
    kwargs: dict[str, Any] = {}
    for item in filter(None, params):
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key:
            raise ValueError(f"agent {name!r}: parameter {item!r} is not KEY=VALUE")
        if declared is None:
            kwargs[key] = _number(text)
            continue
        if key not in declared:
            takes = f"its parameters: {parameters_text(name)}" if declared else "it takes none"
            raise ValueError(f"agent {name!r} has no parameter {key!r}; {takes}")
        try:
            kwargs[key] = declared[key].parse(text)
        except ValueError:
            allowed = declared[key].allowed
            raise ValueError(f"agent {name!r}: {key} must be {allowed}, got {text!r}") from None
    try:
        return factory(seed, **kwargs)
    except TypeError as exc:
        raise ValueError(f"agent {name!r}: {exc}") from None


@cache
def reproducible(spec: str) -> bool:
    """False for an agent spec whose decisions depend on time, such as ``hard`` (a time budget):
    the same seed need not give the same game again. An agent says so with an attribute
    ``reproducible = False``. Raises ``ValueError`` like ``make_agent``."""
    return bool(getattr(make_agent(spec, 0), "reproducible", True))


def _number_text(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:g}"


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
