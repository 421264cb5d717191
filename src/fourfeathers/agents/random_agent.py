"""The uniformly random agent: the playout baseline."""

from __future__ import annotations

import random

from ..core.game import Action
from .base import Parameter, SeatView, register_agent


class RandomAgent:
    """Picks a uniformly random legal action from its own seeded RNG."""

    name = "random"
    PARAMETERS: dict[str, Parameter] = {}
    needs_information_state = False
    """It reads only the legal actions, so its views sample no world (``view_for``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())


register_agent("random", RandomAgent)
