"""Isle of Feathers' solo Migration Season (IS-67..IS-79): the Stamina pool and its levels, the
Migration pile, the end-of-turn release, and what placing a bird does in solo.

The season's ends (an empty Migration pile, the last Sand, an empty hand) are end reasons in
``rules_phases``, applied where a turn closes (``rules_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import FLIT
from .rules_knowledge import _publish, _saw
from .rules_phases import (
    ACTIONS_PER_TURN,
    MAIN,
    MAX_TURN_ACTIONS,
    RELEASE,
    _fail,
    _hand_card,
    _require_phase,
    is_last_turn,
)

if TYPE_CHECKING:
    from .actions import Release, Stamina
    from .state import IsleState


MIGRATION_PILE = 5  # IS-68
STAMINA_LEVELS = {1: ("fill", 3), 2: ("add", 3), 3: ("add", 2), 4: ("fill", 1)}
"""Solo: what placing a bird does to the Stamina pool, by level (IS-75): fill up to N, or add one
up to N."""
HALF_DECK_LEVELS = (1, 2)
"""Solo levels whose Draw pile holds half of the deck (IS-69, ruling IS-R22)."""


def stamina_cap(level: int) -> int:
    """The most Flit tokens the Stamina pool holds at ``level`` (IS-75)."""
    return STAMINA_LEVELS[level][1]


def _solo_placement(state: IsleState) -> None:
    """Solo, after a bird is placed: the Stamina pool changes by level (IS-75), and a new turn
    with two fresh actions starts (IS-74) unless this turn is the last: the last Sand tile has
    left the supply (IS-76, ruling IS-R24) or the turn limit is reached (ruling IS-R27). Then
    the turn goes on with the actions it has left and the season ends with it."""
    mode, cap = STAMINA_LEVELS[state.options.level]
    target = cap if mode == "fill" else min(state.stamina + 1, cap)
    add = max(0, min(target - state.stamina, state.token_supply[FLIT]))
    state.stamina += add
    state.token_supply[FLIT] -= add
    if not is_last_turn(state):
        state.turn += 1
        state.actions_left = ACTIONS_PER_TURN
        state.turn_actions = 0


def _apply_release(state: IsleState, action: Release) -> None:
    _require_phase(state, action, RELEASE)
    _hand_card(state, action, action.card)
    hand = state.hands[0]
    hand.remove(action.card)
    _publish(state, 0, action.card)
    state.discard.append(action.card)
    card = state.migration.pop()
    hand.append(card)
    _saw(state, 0, card)
    state.turn += 1
    state.actions_left = ACTIONS_PER_TURN
    state.turn_actions = 0
    state.phase = MAIN


def _apply_stamina(state: IsleState, action: Stamina) -> None:
    _require_phase(state, action, MAIN)
    if not state.options.solo or not state.stamina:
        raise _fail(action, ("the Stamina pool holds no Flit token", "IS-73"))
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    state.stamina -= 1
    state.token_supply[FLIT] += 1
    state.actions_left += 1
