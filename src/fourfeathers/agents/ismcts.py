"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) with a heuristic prior.

Cowling, Powley and Whitehouse (2012). One tree over the deciding seat's information set: every
iteration samples a full state consistent with what the seat knows (``SeatView.determinize``),
descends the tree with UCB restricted to the actions legal in that sample (counting how often
each child was available), expands one new action, values the leaf and backs up every seat's
reward. Opponents' decisions are nodes of the same tree, chosen by UCB from their own reward.

The heuristic as a prior (progressive bias, Chaslot et al. 2008; Gelly and Silver's virtual
visits): the root and every node within ``prior_depth`` decisions below it on its first visit,
and every deeper node once it has ``prior_after`` visits, values all its actions with
the game's heuristic (``agents/heuristic.py``) at once, and each child starts with ``prior``
virtual visits of that value. Selection then tries the children in the heuristic's order, so a
search of one iteration plays greedy's move, and real visits take over as they accumulate.
Nodes visited fewer times expand one random untried action, as plain SO-ISMCTS does.

Rewards lie in [0, 1]. Terminal states of 2-6 players give ``State.returns()`` (win shares);
a heuristic leaf gives each seat ``softmax(value / scale)`` over the seats (with two seats, the
logistic of the lead over one scale), ``scale`` the game's ``SEARCH_SCALE``
(``agents.heuristic.search_scale``). In a solo game every leaf, terminal or not, is the logistic
of the heuristic's gain over the root, ``(value - root value) / scale``: a normalised score that
keeps its resolution however large the heuristic's numbers are.

With ``relative=1`` a leaf of 2+ players gives each seat the softmax of its heuristic *gain*
over the root of the same determinization instead (the hidden cards a sample draws shift both
alike); the root actions still report their absolute reward. ``prior``, ``prior_after``,
``prior_depth``, ``scale``, ``relative``, ``horizon`` and ``turn_c`` default to the game's
``SEARCH_*`` settings (``agents.heuristic.search_setting``).

With ``horizon=N`` and N players or more, every descent ends where the searching seat's turn
ends: the next seat's first decision is a leaf, so the tree holds the seat's own decisions only.
Such a turn tree values its leaves relative to the root (as ``relative=1``) and explores with
``turn_c`` instead of ``c``: its leaves are all heuristic values of the turn's end, a fraction of
a point apart, so their rewards differ by hundredths, and against ``c`` = 0.7, made for rewards
that differ by a win, the visits spread evenly and every action's mean is the average of random
ways to finish the turn rather than the best of them (docs/agents.md, "The turn tree's
exploration").

With ``trees=K`` the iterations go in turn to K independent trees and the root actions report
the sums of their visits and rewards (root parallelisation, Chaslot, Winands and van den Herik
2008): K small searches' votes instead of one large search's choice (no game's level uses it:
docs/agents.md, "Ten trees").

``act`` does not search where the game's heuristic module calls the seat's result settled (no
decision can change it, ``agents.heuristic.settled_for``): it plays greedy's move there.

By default (``playout_depth=0``) a newly expanded node is valued at once by the heuristic;
``playout_depth=d > 0`` first plays ``d`` random decisions, and ``playout_depth=-1`` plays
random playouts to the end of the game.
"""

from __future__ import annotations

import gc
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.game import Action, State
from ..core.search import Values
from .base import Parameter, SeatView, register_agent
from .greedy import GreedyAgent
from .heuristic import (
    actions_interned,
    default_evaluate,
    heuristic_for,
    search_scale,
    search_setting,
    settled_for,
    values_for,
)


class Node:
    """A tree node: the decision reached by ``action`` from its parent.

    ``player`` is the seat that chose ``action``; ``reward`` sums that seat's real rewards over
    ``visits``; ``prior_reward`` and ``prior_visits`` are the heuristic prior as virtual visits
    (0 without a prior); ``leaf`` the rewards of the state the prior valued (every seat's),
    kept for the iteration that created the child; ``widened`` is True once the node values
    all its actions with the prior. ``children`` are keyed by their action, or by its ``id``
    in a game whose equal actions are one object (``agents.heuristic.actions_interned``): the
    same children in the same order, without the actions' ``__hash__`` (Python code for a
    dataclass). With relative leaves, ``shown`` sums the searching seat's
    absolute rewards (what ``analyse`` reports for a root action) and ``shown_leaf`` is the
    prior's absolute reward for that seat.
    """

    __slots__ = (
        "action",
        "player",
        "children",
        "visits",
        "available",
        "reward",
        "prior_reward",
        "prior_visits",
        "leaf",
        "widened",
        "shown",
        "shown_leaf",
    )

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.prior_reward = 0.0
        self.prior_visits = 0.0
        self.leaf: list[float] | None = None
        self.widened = False
        self.shown = 0.0
        self.shown_leaf = 0.0


@dataclass(frozen=True)
class ActionStats:
    """One root action after a search: how often it was tried and its mean reward (0-1: a win
    chance with 2+ players, the normalised score in solo; an action never tried gives its
    prior value, 0.0 without one)."""

    action: Action
    visits: int
    value: float


class IsmctsAgent:
    """SO-ISMCTS with UCB1 (exploration constant ``c``) and a heuristic prior.

    Args:
        seed: seeds the agent's RNG (determinizations, tie-breaks, playouts): with an iteration
            budget the same seed and position give the same move.
        iterations: iterations per decision (None: 1,000, or no limit with ``seconds``).
        seconds: a time budget per decision (not reproducible); with ``iterations`` too the
            search stops at whichever it reaches first.
        c: UCB exploration constant (rewards are in [0, 1]).
        playout_depth: random decisions before a playout is cut and valued by the heuristic;
            -1 plays to the end.
        prior: virtual visits of the heuristic prior per child (0: the prior only orders the
            first tries; None: the game's ``SEARCH_PRIOR``, else 2).
        prior_after: a node deeper than ``prior_depth`` values all its actions with the prior
            once it has this many visits (None: the game's ``SEARCH_PRIOR_AFTER``, else 4).
        prior_depth: nodes up to this many decisions below the root value all their actions
            with the prior on their first visit (the root always does; None: the game's
            ``SEARCH_PRIOR_DEPTH``, else 0).
        scale: heuristic units per unit of the reward's logit (0: the game's ``SEARCH_SCALE``).
        relative: 1 values leaves of 2+ players by the gain over the root of the same
            determinization, 0 by the heuristic itself (None: the game's ``SEARCH_RELATIVE``,
            else 0).
        horizon: with this many players or more every descent ends with the searching seat's
            own turn (the first decision of another seat is a leaf, valued by the heuristic);
            with fewer, and with 0, the tree goes on through the other seats' turns (None: the
            game's ``SEARCH_HORIZON``, else 0). Leaves of such a turn tree are relative.
        turn_c: the exploration constant of a turn tree (``horizon``) in place of ``c`` (None:
            the game's ``SEARCH_TURN_C``; 0 there or here: ``c``).
        trees: independent trees the iterations go to in turn; their root statistics are
            summed (1: one tree).
        cpu: 1 counts ``seconds`` in this process's CPU time (``time.process_time``) instead of
            the wall clock: a budget that a busy machine does not shrink, for measuring a
            time-budgeted level on shared cores (``benchmarks/strength.py``); 0, the wall clock,
            is what a player waits for.
        mover: 1 values a widened node's children for the seat that chooses among them only
            (the game's heuristic for that seat after the action), the other seats keeping
            their values before it, and the child the iteration follows with every seat's
            values after it (its reward); 0 values every child for every seat. With 2+
            players only (issue 36: the other seats' values are most of a widening's cost).
    """

    name = "ismcts"
    # ClassVar: compiled (setup.py), a class attribute without it is a field of each instance,
    # which ``make_agent`` could not read from the class.
    PARAMETERS: ClassVar[dict[str, Parameter]] = {
        "iterations": Parameter(int, 1, 10_000_000, help="iterations per decision (at most)"),
        "seconds": Parameter(float, 0, 3600, above=True, help="time budget per decision"),
        "c": Parameter(float, 0, 100, help="UCB exploration constant"),
        "playout_depth": Parameter(int, -1, 10_000, help="random decisions before valuing"),
        "prior": Parameter(float, 0, 10_000, help="virtual visits of the heuristic prior"),
        "prior_after": Parameter(int, 0, 10_000_000, help="visits before a node uses the prior"),
        "prior_depth": Parameter(int, 0, 10_000, help="depth to which nodes use it at once"),
        "scale": Parameter(float, 0, 1e9, help="heuristic units per logit (0: the game's)"),
        "relative": Parameter(int, 0, 1, help="1: leaves valued by the gain over the root"),
        "horizon": Parameter(int, 0, 100, help="players from which the tree ends with the turn"),
        "turn_c": Parameter(float, 0, 100, help="exploration constant of a turn tree (0: c)"),
        "trees": Parameter(int, 1, 1000, help="independent trees whose root statistics are summed"),
        "cpu": Parameter(int, 0, 1, help="1: seconds of this process's CPU time, not the clock"),
        "mover": Parameter(int, 0, 1, help="1: the prior values a child for its mover only"),
    }
    """What a spec may set (``ismcts:iterations=500:c=0.5``), checked by ``make_agent``."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        playout_depth: int = 0,
        prior: float | None = None,
        prior_after: int | None = None,
        prior_depth: int | None = None,
        scale: float = 0.0,
        relative: int | None = None,
        horizon: int | None = None,
        turn_c: float | None = None,
        trees: int = 1,
        cpu: int = 0,
        mover: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.playout_depth = playout_depth
        self.prior = prior
        self.prior_after = prior_after
        self.prior_depth = prior_depth
        self.scale = scale
        self.relative = relative
        self.horizon = horizon
        self.turn_c = turn_c
        self.trees = trees
        self.cpu = cpu
        self.mover = mover
        self.reproducible = seconds is None
        """With a time budget, how far a search gets depends on the machine: not reproducible."""
        self._evaluate: Callable[[State, int], float] = default_evaluate
        self._values: Values = lambda state: [
            default_evaluate(state, p) for p in range(state.game.num_players)
        ]
        self._scale = 1.0
        self._c = 0.7
        self._origin = 0.0
        self._prior = 2.0
        self._prior_after = 4
        self._prior_depth = 0
        self._relative = False
        self._horizon = False
        self._interned = False
        self._base: list[float] | None = None
        self._player = 0
        self._shown = 0.0

    def act(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        settled = settled_for(view.game.id)
        if settled is not None and settled(view.world(), view.player):
            # no decision can change the seat's result: the heuristic's move (a game's
            # heuristic ends a game it has decided), at once
            return GreedyAgent(self.rng.getrandbits(64)).act(view)
        stats = self.analyse(view)
        best = max((s.visits, s.value) for s in stats)
        return self.rng.choice([s.action for s in stats if (s.visits, s.value) == best])

    def analyse(self, view: SeatView) -> list[ActionStats]:
        """Search from ``view`` and return every root action's statistics (most visited first,
        then highest value)."""
        game_id = view.game.id
        self._evaluate = heuristic_for(game_id)
        self._values = values_for(game_id)
        self._scale = self.scale or search_scale(game_id)
        prior, after, depth, relative, horizon = (
            self.prior,
            self.prior_after,
            self.prior_depth,
            self.relative,
            self.horizon,
        )
        self._c = self.c
        self._prior = search_setting(game_id, "prior") if prior is None else prior
        self._prior_after = int(search_setting(game_id, "prior_after") if after is None else after)
        self._prior_depth = int(search_setting(game_id, "prior_depth") if depth is None else depth)
        self._relative = bool(search_setting(game_id, "relative") if relative is None else relative)
        horizon = int(search_setting(game_id, "horizon") if horizon is None else horizon)
        self._horizon = 0 < horizon <= view.game.num_players
        if self._horizon:
            self._relative = True
            turn_c = search_setting(game_id, "turn_c") if self.turn_c is None else self.turn_c
            self._c = turn_c or self.c
        trees = self.trees
        self._interned = actions_interned(game_id)
        self._base = None
        self._player = view.player
        roots = [Node(None, -1) for _ in range(trees)]
        clock = time.process_time if self.cpu else time.perf_counter
        deadline = None if self.seconds is None else clock() + self.seconds
        if self.iterations is not None:
            budget = self.iterations
        else:
            budget = 1000 if deadline is None else sys.maxsize
        n = 0
        # The cyclic garbage collector pauses while the search runs: the tree and the states it
        # makes are freed by reference counting (they hold no cycles), and the collections the
        # allocations would trigger walk the whole growing tree (7% of an Isle search). It
        # resumes once the statistics are read and the tree is freed: the first allocation
        # after ``gc.enable`` starts a collection (the search's allocations are counted), which
        # with the tree still alive walked every node of it once more (issue 36). The search's
        # results do not depend on it.
        collecting = gc.isenabled()
        gc.disable()
        try:
            # A time budget still searches once, however short it is.
            while n < budget and (deadline is None or not n or clock() < deadline):
                state = view.determinize(self.rng)
                if not n and view.game.num_players == 1:
                    self._origin = self._evaluate(state, 0)
                self._iterate(roots[n % trees], state)
                n += 1
            legal = set(view.legal_actions())
            # Every iteration set ``_base`` exactly when leaves were relative (``_iterate``);
            # not ``self._base is not None``, which mypy (and so mypyc) narrows to the None
            # set above.
            absolute = not self._relative or view.game.num_players == 1
            mean = _mean if absolute else _shown
            stats = [
                ActionStats(child.action, child.visits, mean(child))
                for child in _merged(roots)
                if child.action in legal
            ]
            roots.clear()  # the tree, freed before the collector resumes
        finally:
            if collecting:
                gc.enable()
        stats.sort(key=lambda s: (-s.visits, -s.value))
        return stats

    def _iterate(self, root: Node, state: State) -> None:
        rng = self.rng
        if self._relative and state.game.num_players > 1:
            scale = self._scale
            self._base = [v / scale for v in self._values(state)]
        c = self._c
        legal_actions, apply_action = state.legal_actions, state.apply_action
        interned = self._interned
        mover = self.mover and state.game.num_players > 1
        # With a horizon the descent stops where another seat is to decide.
        me = self._player if self._horizon else -1
        node = root
        path = [root]
        rewards: list[float] | None = None
        # Selection and expansion: one look-up per legal action finds the untried ones and
        # counts the others as available.
        while not state.is_terminal() and (me < 0 or state.current_player == me):
            children = node.children
            if not node.widened and (
                len(path) <= self._prior_depth + 1 or node.visits >= self._prior_after
            ):
                node.widened = True
            # One pass over the legal actions: the tried children are counted as available and
            # scored by UCB as they come, the untried ones kept; then the untried ones, valued by
            # the prior, are scored after them. The best is the first highest score in that
            # order.
            untried = []
            best_value = -math.inf
            best: Node | None = None
            for a in legal_actions():
                child = children.get(id(a) if interned else a)
                if child is None:
                    untried.append(a)
                    continue
                available = child.available + 1
                child.available = available
                n = child.visits + child.prior_visits
                if n:
                    # ``math.log`` of a float, not a local alias: compiled (setup.py), that is a
                    # native call, the alias (or an int argument) a call through Python.
                    explore = c * math.sqrt(math.log(float(available)) / n)
                    value = (child.reward + child.prior_reward) / n + explore
                else:  # no virtual visits: untried children first, in the prior's order
                    value = math.inf if child.leaf is None else 1e9 + child.leaf[child.player]
                if value > best_value:
                    best_value, best = value, child
            if untried and not node.widened:
                action = rng.choice(untried)
                child = Node(action, state.current_player)
                child.available = 1
                children[id(action) if interned else action] = child
                apply_action(action)
                path.append(child)
                break
            fresh = False  # the best is a child made in this iteration
            # with ``mover``, the seats' values before the action stand for the others'
            before = self._values(state) if untried and mover else None
            for action in untried:
                child = self._prior_child(state, action, before)
                children[id(action) if interned else action] = child
                n = child.visits + child.prior_visits
                if n:
                    explore = c * math.sqrt(math.log(float(child.available)) / n)
                    value = (child.reward + child.prior_reward) / n + explore
                else:
                    value = math.inf if child.leaf is None else 1e9 + child.leaf[child.player]
                if value > best_value:
                    best_value, best, fresh = value, child, True
            assert best is not None
            path.append(best)
            if fresh and not self.playout_depth:
                if before is None:
                    rewards = best.leaf  # the heuristic valued this very sample's leaf
                    self._shown = best.shown_leaf
                else:  # the mover's value only: every seat's after the action
                    apply_action(best.action)
                    rewards = self._value(state)
                break
            apply_action(best.action)
            node = best
            if not best.visits:
                break
        if rewards is None:
            rewards = self._playout(state)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]
        if len(path) > 1:
            path[1].shown += self._shown

    def _prior_child(self, state: State, action: Action, before: list[float] | None = None) -> Node:
        """A child for ``action`` whose prior is the heuristic value of its state; with
        ``before`` (``mover``: every seat's heuristic values before the action), its mover's
        value after it, the other seats keeping theirs from ``before``."""
        player = state.current_player
        child = Node(action, player)
        child.available = 1
        after = state.clone()
        after.apply_action(action)
        if before is None or after.is_terminal():
            child.leaf = leaf = self._value(after)
        else:
            values = before[:]
            values[player] = self._evaluate(after, player)
            child.leaf = leaf = self._rewards(values)
        child.shown_leaf = self._shown
        child.prior_visits = self._prior
        child.prior_reward = self._prior * leaf[player]
        return child

    def _playout(self, state: State) -> list[float]:
        rng = self.rng
        depth = self.playout_depth
        steps = 0
        while not state.is_terminal():
            if steps == depth:
                break
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return self._value(state)

    def _value(self, state: State) -> list[float]:
        """Every seat's reward in ``state`` (module docstring); with relative leaves it also
        sets ``_shown``, the searching seat's absolute reward there."""
        n = state.game.num_players
        evaluate = self._evaluate
        if n == 1:
            gain = (evaluate(state, 0) - self._origin) / self._scale
            return [_logistic(gain)]
        if state.is_terminal():
            returns = state.returns()
            self._shown = returns[self._player]
            return returns
        return self._rewards(self._values(state))

    def _rewards(self, heuristic: list[float]) -> list[float]:
        """Every seat's reward from every seat's heuristic values in a state that is not over
        (2+ players; ``_value``)."""
        scale = self._scale
        values = [v / scale for v in heuristic]
        base = self._base
        if base is not None:
            self._shown = _softmax(values)[self._player]
            values = [v - b for v, b in zip(values, base, strict=True)]
        return _softmax(values)


def _merged(roots: list[Node]) -> list[Node]:
    """The root children of every tree, one node per action with the trees' visits, rewards
    and shown rewards summed (an action no tree visited keeps the prior of the first tree that
    made it)."""
    if len(roots) == 1:
        return list(roots[0].children.values())
    merged: dict[Any, Node] = {}
    for root in roots:
        for key, child in root.children.items():
            total = merged.get(key)
            if total is None:
                total = merged[key] = Node(child.action, child.player)
                total.leaf, total.shown_leaf = child.leaf, child.shown_leaf
            total.visits += child.visits
            total.reward += child.reward
            total.shown += child.shown
    return list(merged.values())


def _softmax(values: list[float]) -> list[float]:
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _logistic(x: float) -> float:
    if x < -500.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _mean(child: Node) -> float:
    """The child's mean real reward, its prior value before any visit (0.0 without one)."""
    if child.visits:
        return child.reward / child.visits
    return child.leaf[child.player] if child.leaf is not None else 0.0


def _shown(child: Node) -> float:
    """A root child's mean absolute reward in a search with relative leaves (the win chance
    ``analyse`` reports), its prior's before any visit."""
    return child.shown / child.visits if child.visits else child.shown_leaf


register_agent("ismcts", IsmctsAgent)
