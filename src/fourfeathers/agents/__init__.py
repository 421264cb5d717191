"""Agents: anything that picks an action for the current player of a state.

An agent is trusted to use only what the deciding player may know: ``state.observation(p)``
and ``state.determinize(p, rng)`` (search), or ``state.legal_actions()``. Agents reach games
only through the ``State`` contract, so every agent plays every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..core.game import Action, State


class Agent(Protocol):
    """Chooses an action for ``state.current_player``."""

    name: str

    def act(self, state: State) -> Action:
        """Return one of ``state.legal_actions()``."""
        ...


class RandomAgent:
    """Uniformly random legal actions from its own seeded RNG: the playout baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


AGENTS: dict[str, Callable[[int | None], Agent]] = {"random": RandomAgent}
"""Agents by name, each built from a seed."""


def make_agent(name: str, seed: int | None = None) -> Agent:
    """Build the agent ``name`` (see ``AGENTS``). Raises ``ValueError`` naming the known ones."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
    return factory(seed)
