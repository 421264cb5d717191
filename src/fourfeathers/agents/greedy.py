"""The greedy agent: one-ply lookahead with the game's heuristic, on one determinization."""

from __future__ import annotations

import random
from collections.abc import Hashable

from ..core.game import Action
from .base import Parameter, SeatView, register_agent
from .heuristic import heuristic_for, repetition_for


class GreedyAgent:
    """Samples one state consistent with what its seat knows, tries every legal action on it and
    keeps the one the game's heuristic (``agents/heuristic.py``) values most. Ties are broken at
    random by its seeded RNG.

    In a game with a repetition rule (``agents.heuristic.repetition_for``) it remembers the
    positions it has decided in during this game (their ``position_key``, from its own view: the
    position its last decision produced, or the one the others left it) and values an action
    that returns to one of them ``REPEAT_PENALTY`` lower, so two greedy seats that would undo
    each other's moves for ever turn elsewhere (issue 16). An agent plays one seat of one game
    (``arena.play_game`` and the CLI make new agents per game): the memory starts empty.
    """

    name = "greedy"
    PARAMETERS = {"samples": Parameter(int, 1, 10_000, help="determinizations per decision")}

    def __init__(self, seed: int | None = None, samples: int = 1) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.seen: set[Hashable] = set()
        """``position_key`` of every position this agent has decided in (with a repetition
        rule; forced decisions are not looked at)."""

    def act(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        evaluate = heuristic_for(view.game.id)
        repetition = repetition_for(view.game.id)
        player = view.player
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            world = view.determinize(self.rng)
            for i, action in enumerate(actions):
                after = world.clone()
                after.apply_action(action)
                totals[i] += evaluate(after, player)
                if repetition and repetition[0](after, player) in self.seen:
                    totals[i] -= repetition[1]
        if repetition:
            self.seen.add(repetition[0](world, player))  # the seat's own part of any world
        best = max(totals)
        return self.rng.choice([a for a, t in zip(actions, totals, strict=True) if t == best])

    def recall(self, view: SeatView) -> None:
        """Remember a position this seat decided in earlier in the game, as ``act`` would have:
        for a player that makes a new agent for each decision from the game's record (the
        server, ``web.ai.decide``). Draws nothing from the agent's RNG: the key is what the seat
        sees, the same in any determinization."""
        repetition = repetition_for(view.game.id)
        if repetition and len(view.legal_actions()) > 1:
            world = view.determinize(random.Random(0))
            self.seen.add(repetition[0](world, view.player))


register_agent("greedy", GreedyAgent)
