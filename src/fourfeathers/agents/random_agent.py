"""The uniformly random agent: the playout baseline."""

from __future__ import annotations

import random

from ..core.game import Action
from .base import SeatView, register_agent


class RandomAgent:
    """Picks a uniformly random legal action from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())


register_agent("random", RandomAgent)
