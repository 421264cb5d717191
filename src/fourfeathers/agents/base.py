"""The agent interface: ``SeatView`` (what a seat may use) and ``Agent`` (what decides)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..core.game import Action, Game, State


class SeatView:
    """What one seat may use to decide, and nothing more.

    Wraps the true state privately and exposes only the seat's information state:
    ``observation()``, ``legal_actions()`` (public: the seat to move knows them) and
    ``determinize(rng)``, a full state consistent with the seat's observation (ISMCTS).

    Args:
        state: the true state; ``player`` must be ``state.current_player`` to act.
        player: the deciding seat (0-based).
    """

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def game(self) -> Game:
        """The game (rules and configuration are public)."""
        return self._state.game

    def observation(self) -> dict[str, Any]:
        """The seat's information state (``State.observation``)."""
        return self._state.observation(self.player)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move."""
        return self._state.legal_actions()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what the seat knows, hidden parts sampled by ``rng``."""
        return self._state.determinize(self.player, rng)


class Agent(Protocol):
    """Chooses an action for the seat of a ``SeatView``."""

    name: str

    def act(self, view: SeatView) -> Action:
        """Return one of ``view.legal_actions()``."""
        ...


AGENTS: dict[str, Callable[..., Agent]] = {}
"""Agents by name, each built from a seed (``None``: seeded from the system)."""


def register_agent(name: str, factory: Callable[[int | None], Agent]) -> None:
    """Make ``factory`` available as ``name`` to ``make_agent`` and the command line."""
    AGENTS[name] = factory


ALIASES: dict[str, str] = {}
"""Difficulty names and other short names for agent specs (``hard`` -> ``ismcts:...``)."""


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from a spec: a name (``AGENTS`` or ``ALIASES``), optionally with
    colon-separated parameters, e.g. ``ismcts:iterations=500:playout_depth=8`` (commas are left
    to lists of seats).

    Parameter values are read as int, then float, else text. Raises ``ValueError`` naming the
    known agents for an unknown name, or the parameter the agent does not take.
    """
    spec = ALIASES.get(spec, spec)
    name, *params = spec.split(":")
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join([*AGENTS, *ALIASES])
        raise ValueError(f"unknown agent {name!r}; known agents: {known}") from None
    kwargs: dict[str, Any] = {}
    for item in filter(None, params):
        key, sep, text = item.partition("=")
        if not sep:
            raise ValueError(f"agent parameter {item!r} is not KEY=VALUE")
        kwargs[key.strip()] = _number(text.strip())
    try:
        return factory(seed, **kwargs)  # type: ignore[call-arg]
    except TypeError as exc:
        raise ValueError(f"agent {name!r}: {exc}") from None


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
