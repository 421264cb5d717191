"""Familiar Feat's decisions inside an effect: the legal choices of each pending frame, what a
choice does, and what happens when a frame has no choice left (FA-46..FA-48, FA-55, FA-56,
FA-63, FA-64, FA-66, FA-83, FA-94, FA-98; rulings FA-R15..FA-R18, FA-R25, FA-R36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .actions import CHOOSE, PLACE
from .content import K_MONSTER, MONSTERS, ROW
from .rules_cards import _exhaust_familiar, _name, _slot_of, enter_play, in_play, revive, say
from .rules_deck import _finish_picks, pick_options
from .rules_events import _clear_slot
from .rules_phases import (
    F_BREATH,
    F_DISCARD,
    F_EXHAUST,
    F_EXR,
    F_FLEE,
    F_GIVEUP,
    F_HIGHEST,
    F_MOVE,
    F_MOVE_PLACE,
    F_ORDER,
    F_PICK,
    F_PLAY_PLACE,
    F_RESOLVE,
    F_REVIVE_PICK,
    PH_ATTACH,
    Frame,
)
from .rules_resolve import (
    _drop_from_queue,
    _drop_front_group,
    _front_group,
    note_reached,
    resolving,
)
from .rules_totals import SLOTS, attach_mask, can_attach, effective, refresh

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def frame_options(state: FamiliarFeatState, frame: Frame) -> list[Any]:
    """The legal choices for a pending frame, in a stable order (empty: the frame fizzles)."""
    kind = frame[0]
    cards = state.cards
    if kind in (F_EXHAUST, F_FLEE):
        if kind == F_EXHAUST and frame[2] <= 0:
            return []
        creature = frame[1]
        if creature not in state.row:
            return []
        return [CHOOSE[f] for f in state.cols[state.row.index(creature)]]
    if kind == F_HIGHEST:
        creature = frame[1]
        if creature not in state.row:
            return []
        col = state.cols[state.row.index(creature)]
        if not col:
            return []
        values = [v for v, _ in effective(cards, col)]
        top = max(values)
        return [CHOOSE[f] for f, v in zip(col, values, strict=True) if v == top]
    if kind == F_REVIVE_PICK:
        return [CHOOSE[c] for c in state.limbo]
    if kind == F_PLAY_PLACE:
        card, creature = frame[1], frame[2]
        return [
            PLACE[s]
            for s in range(ROW)
            if state.row[s] and state.row[s] != creature and can_attach(state, s, card)
        ]
    if kind in (F_EXR, F_GIVEUP):
        if kind == F_GIVEUP and frame[1] <= 0:
            return []
        return [CHOOSE[f] for f in in_play(state)]
    if kind == F_MOVE:  # Familiars in play, row order then column order, that can go somewhere
        busy = _busy_slots(state)
        return [
            CHOOSE[f]
            for s, col in enumerate(state.cols)
            for f in col
            if _move_mask(state, f, s, busy)
        ]
    if kind == F_MOVE_PLACE:
        familiar = frame[1]
        mask = _move_mask(state, familiar, _slot_of(state, familiar), _busy_slots(state))
        return [PLACE[s] for s in SLOTS[mask]]
    if kind == F_ORDER:
        return [CHOOSE[c] for c in _front_group(state)]
    if kind == F_DISCARD:
        if frame[1] <= 0 or not state.discard:
            return []
        pool = sorted(set(state.discard))
        if frame[3]:
            top = max(cards.cuddle[c] for c in pool)
            pool = [c for c in pool if cards.cuddle[c] == top]
        return [CHOOSE[c] for c in pool]
    if kind == F_BREATH:  # any Creature, Monsters and Golems too (FA-77, FA-94; ruling FA-R25)
        return [CHOOSE[c] for c in state.row if c]
    if kind == F_PICK:
        return [CHOOSE[c] for c in pick_options(state)]
    return []


def _busy_slots(state: FamiliarFeatState) -> int:
    """The bit mask of the slots whose Creature is being resolved."""
    busy = resolving(state)
    return sum(1 << s for s, c in enumerate(state.row) if c in busy) if busy else 0


def _move_mask(state: FamiliarFeatState, familiar: int, own: int, busy: int) -> int:
    """The slots the Familiar in play beneath slot ``own`` may move to, as a bit mask: not
    beneath a Creature being resolved (``busy``, a slot mask) (FA-64). Every other column takes
    it as it would take a hand card; its own one is checked without it."""
    bit = 1 << own
    mask = attach_mask(state, familiar) & ~bit & ~busy
    if not busy & bit and can_attach(state, own, familiar, True):
        mask |= bit
    return mask


def frame_fizzle(state: FamiliarFeatState, frame: Frame) -> None:
    """A frame with no legal choice ends (FA-48, FA-55; rulings FA-R15, FA-R16)."""
    state.pending.pop()
    kind = frame[0]
    if kind == F_PLAY_PLACE:  # no Creature can take the revived card (FA-R16)
        state.limbo.remove(frame[1])
        state.discard.append(frame[1])
        say(state, f"{_name(state, frame[1])} has nowhere to go: Team discard.")
    elif kind == F_ORDER:
        _drop_front_group(state)


def frame_apply(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Carry out the choice ``action`` (already known legal) for the top frame."""
    _APPLY[frame[0]](state, frame, action)


def _choose_exhausted(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Exhaust N or flee N: one of the chosen Familiars (FA-46, FA-47)."""
    remaining = frame[2] - 1
    if remaining:
        state.pending[-1] = (F_EXHAUST, frame[1], remaining, frame[3])
    else:
        state.pending.pop()
    _exhaust_familiar(state, action.card, frame[3])


def _choose_fleeing(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """End of day B: the Familiar that flees from this Creature (FA-83)."""
    state.pending.pop()
    _exhaust_familiar(state, action.card, 1)


def _choose_highest(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Exhaust the highest: which of the tied highest Familiars (FA-51)."""
    state.pending.pop()
    _exhaust_familiar(state, action.card, 0)


def _choose_revived(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Revive 2, then play 1: the card played; the other goes to the Team discard (FA-56)."""
    state.pending.pop()
    for other in [c for c in state.limbo if c != action.card]:
        state.limbo.remove(other)
        state.discard.append(other)
        say(state, f"{_name(state, other)} goes to the Team discard.")
    state.pending.append((F_PLAY_PLACE, action.card, frame[1]))


def _choose_play_slot(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Where the revived card is played: it enters play there (FA-56, ruling FA-R16)."""
    state.pending.pop()
    state.limbo.remove(frame[1])
    say(state, f"{_name(state, frame[1])} is played beneath slot {action.slot + 1}.")
    enter_play(state, action.slot, frame[1])


def _choose_exr(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Exhaust 1, then revive 1: the Familiar in play exhausted (FA-63)."""
    state.pending.pop()
    _exhaust_familiar(state, action.card, 0)
    revive(state, 1)


def _choose_moved(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Move 1: the Familiar in play that moves (FA-64)."""
    state.pending.pop()
    state.pending.append((F_MOVE_PLACE, action.card))


def _choose_move_slot(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Move 1: where the Familiar in play goes (FA-64). It leaves its column before it is
    attached to the other: a Creature that its leaving brings to its Strength (a Copy below it
    now copies a stronger card) reached it first and is resolved first (FA-66, ruling FA-R19),
    not ordered by the player with the Creature that the arrival brings to its own."""
    state.pending.pop()
    card = frame[1]
    origin = _slot_of(state, card)
    state.cols[origin].remove(card)
    refresh(state, origin)
    if origin != action.slot and state.phase == PH_ATTACH:
        note_reached(state)  # the leaving is a moment of its own (the night is checked later)
    state.cols[action.slot].append(card)  # moving is not entering play (FA-R18)
    refresh(state, action.slot)
    say(state, f"{_name(state, card)} moves beneath slot {action.slot + 1}.")


def _choose_next(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Which of the Creatures reached together is resolved next (FA-66, ruling FA-R17)."""
    state.pending.pop()
    _drop_from_queue(state, action.card)
    state.pending.append((F_RESOLVE, action.card, 0, 0))


def _choose_from_discard(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """An Event takes a card from the Team discard: exhausted or fled (ruling FA-R25)."""
    remaining = frame[1] - 1
    if remaining:
        state.pending[-1] = (F_DISCARD, remaining, frame[2], frame[3])
    else:
        state.pending.pop()
    state.discard.remove(action.card)
    (state.fled if frame[2] else state.fu).append(action.card)
    verb = "flees" if frame[2] else "is exhausted"
    say(state, f"{_name(state, action.card)} {verb} from the Team discard.")


def _choose_giving_up(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Giving Up: a Familiar in play flees (FA-98)."""
    remaining = frame[1] - 1
    if remaining:
        state.pending[-1] = (F_GIVEUP, remaining)
    else:
        state.pending.pop()
    _exhaust_familiar(state, action.card, 1)


def _choose_removed(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Catch Your Breath: the Creature removed from the row (FA-94, ruling FA-R25)."""
    state.pending.pop()
    slot = state.row.index(action.card)
    familiars = _clear_slot(state, slot)
    state.discard.extend(familiars)
    if state.cards.kind[action.card] == K_MONSTER:
        # It must still be driven away (FA-71): under the Creature deck (ruling FA-R25).
        state.deck.insert(0, action.card)
        say(state, f"{_name(state, action.card)} goes under the Creature deck.")
    else:
        state.box.append(action.card)
        say(state, f"{_name(state, action.card)} returns to the box.")


def _choose_pick(state: FamiliarFeatState, frame: Frame, action: Any) -> None:
    """Variant choose-cards: the next Monster or Event of the adventure (FA-07, ruling FA-R03)."""
    state.pending.pop()
    state.chosen.append(action.card)  # the card stays in the box until the deck is built
    say(state, f"{_name(state, action.card)} joins the adventure.")
    pair = state.cards.pair[action.card]
    if pair:  # the Two-headed Giant: its other head comes with it (ruling FA-R36)
        for other in MONSTERS:
            same = other != action.card and state.cards.pair[other] == pair
            if same and other not in state.chosen:
                state.chosen.append(other)
                say(state, f"{_name(state, other)} joins the adventure with it.")
    if len(state.chosen) < 6:
        state.pending.append((F_PICK,))
    else:
        _finish_picks(state)


_APPLY: Final = {
    F_EXHAUST: _choose_exhausted,
    F_FLEE: _choose_fleeing,
    F_HIGHEST: _choose_highest,
    F_REVIVE_PICK: _choose_revived,
    F_PLAY_PLACE: _choose_play_slot,
    F_EXR: _choose_exr,
    F_MOVE: _choose_moved,
    F_MOVE_PLACE: _choose_move_slot,
    F_ORDER: _choose_next,
    F_DISCARD: _choose_from_discard,
    F_GIVEUP: _choose_giving_up,
    F_BREATH: _choose_removed,
    F_PICK: _choose_pick,
}
"""What a choice does, by frame kind (frames with choices only)."""
