"""Familiar Feat's cards on the move: the log of what happens (``say``), where a Familiar is,
exhausting and fleeing (FA-45, FA-83), reviving from the Exhausted piles (FA-53..FA-55), and a
card entering play with its immediate Cuddle ability (FA-36, FA-58, FA-63, FA-64).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import A_COPY, A_EXHAUST_REVIVE, A_MOVE
from .rules_phases import F_EXR, F_MOVE
from .rules_totals import effective, refresh

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def say(state: FamiliarFeatState, text: str) -> None:
    """Record a sentence for ``describe_outcome`` (only when a log is being kept; the steps
    that happen most test ``state.log`` first, so that playouts build no sentence)."""
    if state.log is not None:
        state.log.append(text)


def _name(state: FamiliarFeatState, card: int) -> str:
    return f"{state.cards.name[card]} ({card})"


def _slot_of(state: FamiliarFeatState, familiar: int) -> int:
    for s, col in enumerate(state.cols):
        if familiar in col:
            return s
    return -1


def in_play(state: FamiliarFeatState) -> list[int]:
    """Every attached Familiar, row order then column order (FA-63, FA-64)."""
    return [f for col in state.cols for f in col]


def revive_one(state: FamiliarFeatState) -> int:
    """Take the top card of the face-down Exhausted pile, turning the face-up pile over first if
    the face-down one is empty (FA-53, FA-54). Returns the card, or 0 if both are empty."""
    if not state.fd:
        if not state.fu:
            return 0
        state.fd = state.fu[::-1]
        state.fu = []
    return state.fd.pop()


def revive(state: FamiliarFeatState, n: int) -> None:
    """Revive ``n`` Familiars into the Team discard (FA-53, FA-55)."""
    for _ in range(n):
        card = revive_one(state)
        if not card:
            break
        state.discard.append(card)
        if state.log is not None:
            say(state, f"{_name(state, card)} is revived into the Team discard.")


def _exhaust_familiar(state: FamiliarFeatState, familiar: int, dest: int) -> None:
    slot = _slot_of(state, familiar)
    state.cols[slot].remove(familiar)
    refresh(state, slot)
    (state.fled if dest else state.fu).append(familiar)
    if state.log is not None:
        say(state, f"{_name(state, familiar)} {'flees' if dest else 'is exhausted'}.")


def enter_play(state: FamiliarFeatState, slot: int, card: int) -> None:
    """Attach ``card`` at the bottom of ``slot`` and fire its immediate Cuddle ability (FA-36,
    FA-58; a Copy fires the ability it copies, ruling FA-R12)."""
    col = state.cols[slot]
    col.append(card)
    refresh(state, slot)
    cards = state.cards
    a = cards.ability[card]
    if a == A_COPY:
        a = effective(cards, col)[-1][1]
    if a == A_EXHAUST_REVIVE:
        state.pending.append((F_EXR, card))
    elif a == A_MOVE:
        state.pending.append((F_MOVE, card))
