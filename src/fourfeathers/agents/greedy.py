"""The greedy agent: one-ply lookahead with the game's heuristic, on one determinization."""

from __future__ import annotations

import random

from ..core.game import Action
from .base import Parameter, SeatView, register_agent
from .heuristic import heuristic_for


class GreedyAgent:
    """Samples one state consistent with what its seat knows, tries every legal action on it and
    keeps the one the game's heuristic (``agents/heuristic.py``) values most. Ties are broken at
    random by its seeded RNG.
    """

    name = "greedy"
    PARAMETERS = {"samples": Parameter(int, 1, 10_000, help="determinizations per decision")}

    def __init__(self, seed: int | None = None, samples: int = 1) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def act(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        evaluate = heuristic_for(view.game.id)
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            world = view.determinize(self.rng)
            for i, action in enumerate(actions):
                after = world.clone()
                after.apply_action(action)
                totals[i] += evaluate(after, view.player)
        best = max(totals)
        return self.rng.choice([a for a, t in zip(actions, totals, strict=True) if t == best])


register_agent("greedy", GreedyAgent)
