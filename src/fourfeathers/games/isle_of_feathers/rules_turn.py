"""Isle of Feathers' turn and Flight Path: the draw step (IS-42..IS-45, IS-77), closing a turn
by passing a card or ending it (IS-10, rulings IS-R08, IS-R09), and what happens by itself
between decisions (``_settle``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.rng import derive_seed, make_rng
from ...core.shuffle import shuffle
from .rules_knowledge import _drop, _forget_pool, _saw
from .rules_land import tile_spots, vegetation_spots
from .rules_phases import (
    DRAW,
    DRAW_EMPTY,
    ENDGAME,
    HAND_EMPTY,
    MAIN,
    MIGRATION_EMPTY,
    RELEASE,
    TURN_CAP,
    _fail,
    _finish,
    _hand_card,
    _next_turn,
    _require_phase,
    can_act,
    is_last_turn,
)

if TYPE_CHECKING:
    from .actions import DrawBlind, EndTurn, PassCard, TakeFaceUp
    from .state import IsleState


def can_draw(state: IsleState) -> bool:
    """True if a Flight Path draw can give a card (a face-up bird, the Draw pile, or in the
    standard game a Discard pile to reshuffle; IS-42, IS-45, IS-77)."""
    return any(state.path) or bool(state.draw) or (not state.options.solo and bool(state.discard))


def _pop_draw(state: IsleState) -> int:
    """The top card of the Draw pile (0 if none), first shuffling the Discard pile into a new
    Draw pile when it is empty (standard game only, IS-45, IS-77). The shuffle is derived from
    the state's seed and reshuffle count (reproducible from the state alone)."""
    if not state.draw:
        if state.options.solo or not state.discard:
            return 0
        cards = sorted(state.discard)
        shuffle(make_rng(derive_seed(state.seed, "reshuffle", state.reshuffles)), cards)
        state.draw = cards
        state.discard = []
        state.reshuffles += 1
        state.pool = sorted(cards)
        state.gone = [[] for _ in state.gone]
    return state.draw.pop()


def _after_draw(state: IsleState) -> None:
    """After a Flight Path draw: the face-up bird nearest the Discard pile flies away, the rest
    slide toward it, and new birds enter at the Draw end (IS-43, IS-44, ruling IS-R14)."""
    path = state.path
    size = len(path)
    for i in range(size - 1, -1, -1):
        if path[i]:
            state.discard.append(path[i])
            path[i] = 0
            break
    cards = [c for c in path if c]
    while len(cards) < size:
        card = _pop_draw(state)
        if not card:
            break
        _forget_pool(state, card)
        cards.insert(0, card)
    state.path = [0] * (size - len(cards)) + cards
    state.draws -= 1
    state.phase = MAIN  # _settle enters the draw step again if more draws are owed


def _apply_take(state: IsleState, action: TakeFaceUp) -> None:
    _require_phase(state, action, DRAW)
    slot = action.slot
    if not 0 <= slot < len(state.path) or not state.path[slot]:
        raise _fail(action, (f"Flight Path slot {slot + 1} holds no bird", "IS-42"))
    p = state.player
    card = state.path[slot]
    state.path[slot] = 0
    state.hands[p].append(card)
    for q, row in enumerate(state.known):
        if q != p:
            row[p].append(card)
    state.public_known[p].append(card)
    _after_draw(state)


def _apply_blind(state: IsleState, action: DrawBlind) -> None:
    _require_phase(state, action, DRAW)
    if not state.draw and (state.options.solo or not state.discard):
        raise _fail(action, ("the Draw pile is empty", "IS-77" if state.options.solo else "IS-45"))
    card = _pop_draw(state)
    state.hands[state.player].append(card)
    _saw(state, state.player, card)
    _after_draw(state)


def may_close(state: IsleState) -> bool:
    """True if the turn may end now: the actions are used, or none of them is possible (ruling
    IS-R09: discarding is always possible while the hand holds a card)."""
    if not can_act(state):
        return True
    if state.hands[state.player]:
        return False
    return not tile_spots(state) and not vegetation_spots(state)


def _check_close(state: IsleState, action: Any) -> None:
    _require_phase(state, action, MAIN)
    if not may_close(state):
        raise _fail(
            action,
            (f"take your {state.actions_left} remaining action(s) first", "IS-10"),
        )


def _apply_pass(state: IsleState, action: PassCard) -> None:
    _check_close(state, action)
    if state.options.solo:
        raise _fail(action, ("there is no other player to pass to: end the turn", "IS-R08"))
    if is_last_turn(state):
        raise _fail(action, ("the game ends with this turn: end it without a pass", "IS-R08"))
    card = action.card
    _hand_card(state, action, card)
    p = state.player
    q = (p + 1) % state.options.players
    state.hands[p].remove(card)
    state.hands[q].append(card)
    known = state.known
    known[p][q].append(card)
    _drop(known[q][p], card)
    for r in range(state.options.players):
        if r != p and r != q:
            known[r][p] = []  # r saw a card change hands but not which
    state.public_known[p] = []
    _saw(state, q, card)
    _next_turn(state)


def _apply_end(state: IsleState, action: EndTurn) -> None:
    _check_close(state, action)
    solo = state.options.solo
    if not solo and state.hands[state.player] and not is_last_turn(state):
        raise _fail(action, ("end your turn by passing a card to the next player", "IS-10"))
    if is_last_turn(state):  # IS-65; solo IS-76
        endgame = state.end_turn >= 0 and state.turn >= state.end_turn
        _finish(state, ENDGAME if endgame else TURN_CAP)
    elif solo:
        if not state.migration:
            _finish(state, MIGRATION_EMPTY)  # IS-71
        else:
            state.phase = RELEASE  # IS-70
    else:
        _next_turn(state)


def _settle(state: IsleState) -> None:
    """What happens by itself after a decision: owed blind draws (variant discard-draws-blind),
    entering the draw step, skipping draws nothing can supply (ruling IS-R08), and the solo ends
    of a perfect season and of variant solo-end-on-empty-draw (rulings IS-R24)."""
    if state.phase == MAIN:
        while state.blind_draws:
            state.blind_draws -= 1
            card = _pop_draw(state)
            if not card:  # nothing left to draw: no later draw finds a card either
                state.blind_draws = 0
                break
            state.hands[state.player].append(card)
            _saw(state, state.player, card)
        if state.draws:
            if can_draw(state):
                state.phase = DRAW
            else:
                state.draws = 0  # nothing can supply it (solo IS-78, ruling IS-R08)
    if state.options.solo:
        if state.options.end_on_empty_draw and not state.draw:
            _finish(state, DRAW_EMPTY)
        elif state.phase == MAIN and not state.hands[0]:
            _finish(state, HAND_EMPTY)  # a perfect season (IS-79)
