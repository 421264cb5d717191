"""Familiar Feat position value for the ``greedy`` agent (and playouts).

``evaluate(state, 0)`` is a float, higher is better:

- a won adventure is worth ``WIN`` (+ a little for an early win), a lost one ``-WIN``;
- each Monster driven away is worth ``MONSTER``; progress at a Monster in the row (its Cuddle
  total against its Strength, or how much of its star condition is met) up to ``MONSTER / 2``;
- the Team's strength: the Cuddle value (plus a bonus for abilities) of every Familiar the
  player still has (Team deck, discard, hand, in play), exhausted ones at a discount, fled ones
  lost;
- progress at each ordinary Creature: part of the value it will add to the Team, growing with
  the square of the share of its Strength already met (finishing a Creature pays most);
- danger: Creatures with nothing beneath them when the Team deck is running out (at the end of
  the day each needs a Familiar to flee, FA-85); Stone Golems among them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.search import ReviewThresholds, SearchProfile
from . import rules_phases, rules_totals
from .content import (
    A_COPY,
    A_DOUBLE,
    A_EXHAUST_REVIVE,
    A_MOVE,
    A_NO_LIMIT,
    C_ABILITIES,
    C_AT_LEAST,
    C_DISTINCT,
    C_INCREASING,
    C_SAME_VALUE,
    INF,
    K_MONSTER,
    ROW,
    STAR,
)

if TYPE_CHECKING:
    from .cardset import CardSet
    from .state import FamiliarFeatState

WIN = 10_000.0
MONSTER = 120.0
ABILITY_BONUS = {A_DOUBLE: 5.0, A_COPY: 2.5, A_EXHAUST_REVIVE: 1.0, A_MOVE: 1.0, A_NO_LIMIT: 1.5}
EXHAUSTED_SHARE = 0.6
PROGRESS_SHARE = 0.6

ACTIONS_INTERNED = True
"""Every action the rules hand out is the one object of its value (``actions``: ``ATTACH``,
``CHOOSE`` and ``PLACE`` are built once and handed out again), so ISMCTS keys its children by
``id`` instead of hashing them (``agents.heuristic.actions_interned``; ``test_fam_incremental``
checks it at every decision)."""

SEARCH_SCALE = 20.0
"""Heuristic units per unit of ISMCTS's reward logit (``agents.heuristic.search_scale``): a gain
of a sixth of a Monster over the root is a normalised score of 0.73 (tuned: scales 2, 5 and 20
at 300 iterations, level 4, docs/agents.md)."""

SEARCH_PRIOR = 20.0
"""Virtual visits of the heuristic prior per child (``agents.heuristic.search_setting``): with
20 instead of the default 2, ``hard`` (3,000 iterations) drives away 0.40 Monsters more than
``medium`` at level 8 [+0.03, +0.78] and wins 11 of 30 against 4 (with 2: +0.17 [-0.21, +0.55]),
and is level with it at levels 1 and 4, where ``medium`` already reaches the oracle
(docs/agents.md, "hard's prior"). ``medium`` keeps 2 (``agents.ALIASES``)."""

_VALUE_CACHE: dict[int, tuple[float, ...]] = {}


def familiar_values(cards: CardSet) -> tuple[float, ...]:
    """Worth of each card as a Familiar: Cuddle value plus an ability bonus."""
    key = id(cards)
    values = _VALUE_CACHE.get(key)
    if values is None:
        values = tuple(
            cards.cuddle[c] + ABILITY_BONUS.get(cards.ability[c], 0.0)
            for c in range(len(cards.cuddle))
        )
        _VALUE_CACHE[key] = values
    return values


def _condition_progress(cards: CardSet, condition: tuple[int, int], col: list[int]) -> float:
    kind, count = condition
    if not col:
        return 0.0
    if kind == C_AT_LEAST:
        return min(1.0, len(col) / count)
    if kind == C_ABILITIES:
        return min(1.0, sum(1 for f in col if cards.ability[f]) / count)
    values = [v for v, _ in rules_totals.effective(cards, col)]
    if kind == C_INCREASING:
        run = 1
        for a, b in zip(values, values[1:], strict=False):
            if a < b:
                run += 1
            else:
                return 0.0  # spoiled: only a flee or an exhaust can mend it
        return min(1.0, run / count) if len(values) <= count else 0.0
    if kind == C_SAME_VALUE:
        return min(1.0, max(values.count(v) for v in set(values)) / count)
    if kind == C_DISTINCT:
        return min(1.0, len(set(values)) / count)
    return 0.0


def evaluate(state: FamiliarFeatState, player: int) -> float:
    """The value of ``state`` for the solo player (see the module docstring)."""
    result = state.result
    if result == rules_phases.WON:
        return WIN - state.day
    if result != rules_phases.ONGOING:
        return -WIN + 50.0 * len(state.driven)
    cards = state.game.cards
    value = familiar_values(cards)
    score = MONSTER * len(state.driven)
    worth = value.__getitem__
    team = 0.0  # whole and half values: exact in any order
    for pile in (state.team, state.discard, state.hand, state.limbo):
        team += sum(map(worth, pile))
    for c in state.fd:
        team += EXHAUSTED_SHARE * value[c]
    for c in state.fu:
        team += EXHAUSTED_SHARE * value[c]
    active = state.active
    totals = state.totals  # the Cuddle totals the rules keep (rules_totals.refresh)
    bare = 0
    for s in range(ROW):
        creature = state.row[s]
        if not creature:
            continue
        col = state.cols[s]
        for f in col:
            team += value[f]
        st = cards.strength[creature]
        if not col:
            bare += 1
        if st == INF:  # Strength ∞ is never met: no progress to count
            continue
        if st == STAR:
            condition = cards.condition[creature]
            assert condition is not None  # every star Creature has one
            p = _condition_progress(cards, condition, col)
            score += 0.5 * MONSTER * p * p
            continue
        need = rules_totals.strength_of(state, creature) if active else st
        p = min(1.0, totals[s] / need)
        if cards.kind[creature] == K_MONSTER:
            score += 0.5 * MONSTER * p * p
        else:
            score += PROGRESS_SHARE * (value[creature] + 1.0) * p * p
    score += team
    left = len(state.team) + len(state.hand)
    if bare:
        if bare > left:
            score -= 0.4 * WIN * (bare - left) / (bare + 1)
        else:
            score -= 3.0 * bare / (left + 1)
    return score


REVIEW_SOLO = ReviewThresholds(0.2, 0.4, 0.8)
"""The marks of a review of the solo game (``feathers review``, ``agents.review``): the
expected final score the decision lost against the search's best move, inaccuracy, mistake and
blunder from these on; a solo game drives 0 to 3 Monsters away, so an expected 0.2 Monsters is
one chance in five of one Monster more. With 2+ players a review uses the common win-chance
thresholds (``core.search.REVIEW_WIN_CHANCE``)."""


PROFILE = SearchProfile(
    evaluate=evaluate,
    scale=SEARCH_SCALE,
    prior=SEARCH_PRIOR,
    actions_interned=ACTIONS_INTERNED,
    review_solo=REVIEW_SOLO,
)
"""What Familiar Feat tells its computer players (``core.search.SearchProfile``; the
registration's ``heuristic``)."""
