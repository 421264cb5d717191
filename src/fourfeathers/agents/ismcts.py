"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012). One tree over the deciding seat's information set: every
iteration samples a full state consistent with what the seat knows (``SeatView.determinize``),
descends the tree with UCB restricted to the actions legal in that sample (counting how often
each child was available), expands one new action, finishes the game with a playout and backs
up every seat's reward. Opponents' decisions are nodes of the same tree, chosen by UCB from
their own reward.

Rewards are ``State.returns()`` (win shares with 2-6 players). Solo games return a score, so
rewards are divided by the largest absolute return seen so far to stay in [-1, 1].

By default (``playout_depth=0``) a newly expanded node is valued at once by the game's heuristic
(``agents/heuristic.py``) squashed to a win chance; ``playout_depth=d > 0`` first plays ``d``
random decisions, and ``playout_depth=-1`` plays random playouts to the end of the game.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..core.game import Action, State
from .base import Parameter, SeatView, register_agent
from .heuristic import heuristic_for


class Node:
    """A tree node: the decision reached by ``action`` from its parent.

    ``player`` is the seat that chose ``action``; ``reward`` sums that seat's rewards.
    """

    __slots__ = ("action", "player", "children", "visits", "available", "reward")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


@dataclass(frozen=True)
class ActionStats:
    """One root action after a search: how often it was tried and its mean reward (0-1 for
    multiplayer win shares, the normalised score in solo)."""

    action: Action
    visits: int
    value: float


class IsmctsAgent:
    """SO-ISMCTS with UCB1 (exploration constant ``c``).

    Args:
        seed: seeds the agent's RNG (determinizations, tie-breaks, playouts): with an iteration
            budget the same seed and position give the same move.
        iterations: iterations per decision (used when ``seconds`` is None).
        seconds: a time budget per decision instead (not reproducible).
        c: UCB exploration constant.
        playout_depth: random decisions before a playout is cut and valued by the heuristic;
            -1 plays to the end.
    """

    name = "ismcts"
    PARAMETERS = {
        "iterations": Parameter(int, 1, 10_000_000, help="iterations per decision"),
        "seconds": Parameter(float, 0, 3600, above=True, help="time budget per decision"),
        "c": Parameter(float, 0, 100, help="UCB exploration constant"),
        "playout_depth": Parameter(int, -1, 10_000, help="random decisions before valuing"),
    }
    """What a spec may set (``ismcts:iterations=500:c=0.5``), checked by ``make_agent``."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        c: float = 0.7,
        playout_depth: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.playout_depth = playout_depth
        self.reproducible = seconds is None
        """With a time budget, how far a search gets depends on the machine: not reproducible."""
        self._scale = 1.0

    def act(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        stats = self.analyse(view)
        best = max(s.visits for s in stats)
        return self.rng.choice([s.action for s in stats if s.visits == best])

    def analyse(self, view: SeatView) -> list[ActionStats]:
        """Search from ``view`` and return every root action's statistics (most visited first)."""
        root = Node(None, -1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        evaluate = heuristic_for(view.game.id) if self.playout_depth >= 0 else None
        # A time budget still searches once, however short it is.
        while n < self.iterations if deadline is None else not n or time.perf_counter() < deadline:
            self._iterate(root, view.determinize(self.rng), evaluate)
            n += 1
        legal = set(view.legal_actions())
        stats = [
            ActionStats(a, child.visits, child.reward / child.visits if child.visits else 0.0)
            for a, child in root.children.items()
            if a in legal
        ]
        stats.sort(key=lambda s: (-s.visits, -s.value))
        return stats

    def _iterate(self, root: Node, state: State, evaluate: object) -> None:
        rng = self.rng
        c = self.c
        log, sqrt = math.log, math.sqrt
        legal_actions, apply_action = state.legal_actions, state.apply_action
        node = root
        path = [root]
        # Selection and expansion: one look-up per legal action finds the untried ones and
        # counts the others as available.
        while not state.is_terminal():
            children = node.children
            untried = []
            tried = []
            for a in legal_actions():
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
                    tried.append(child)
            if untried:
                action = rng.choice(untried)
                child = Node(action, state.current_player)
                child.available = 1
                children[action] = child
                apply_action(action)
                path.append(child)
                break
            best_value = -math.inf
            best: Node | None = None
            for child in tried:
                value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                if value > best_value:
                    best_value, best = value, child
            assert best is not None
            apply_action(best.action)
            path.append(best)
            node = best
        rewards = self._playout(state, evaluate)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _playout(self, state: State, evaluate: object) -> list[float]:
        rng = self.rng
        depth = self.playout_depth
        steps = 0
        while not state.is_terminal():
            if steps == depth:
                return self._evaluate(state, evaluate)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        returns = state.returns()
        if len(returns) == 1:
            self._scale = max(self._scale, abs(returns[0]))
            return [returns[0] / self._scale]
        return returns

    def _evaluate(self, state: State, evaluate: object) -> list[float]:
        assert callable(evaluate)
        n = state.game.num_players
        values = [float(evaluate(state, p)) for p in range(n)]
        if n == 1:
            self._scale = max(self._scale, abs(values[0]))
            return [values[0] / self._scale]
        # A logistic win chance per seat from its heuristic lead, normalised to sum to 1.
        chances = [1.0 / (1.0 + math.exp(-v / 10.0)) for v in values]
        total = sum(chances)
        return [x / total for x in chances]


register_agent("ismcts", IsmctsAgent)
