"""Familiar Feat's totals, Strength and the card limit (FA-37, FA-40, FA-60..FA-65,
FA-72..FA-76): a column's effective values after Copy, its Cuddle total with Double, the Strength
to reach with Events in force, star Monsters' conditions, and where a card may be attached.

What the row implies is kept up to date rather than recomputed at every decision: ``refresh``
(one slot, after its Creature or column changed) and ``refresh_row`` (after the row is laid out
or an Event comes into force or ends) set ``state.totals`` and the slot masks ``state.met``,
``state.room``, ``state.room_copy`` and ``state.filled``, which ``meets``, ``can_attach`` and
``attach_mask`` read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .cardset import CardSet
from .content import (
    A_COPY,
    A_DOUBLE,
    A_NO_LIMIT,
    A_NONE,
    C_ABILITIES,
    C_AT_LEAST,
    C_DISTINCT,
    C_INCREASING,
    C_SAME_VALUE,
    INF,
    ROW,
    STAR,
    V_CARD_LIMIT,
    V_INSECURITY,
    V_NO_DOUBLE,
    V_SPACE,
    V_STRENGTH_PLUS,
)

if TYPE_CHECKING:
    from .state import FamiliarFeatState


CARD_LIMIT: Final = 5  # FA-37


def effective(cards: CardSet, col: list[int]) -> list[tuple[int, int]]:
    """``[(value, ability)]`` of each Familiar of a column, top first, after Copy (FA-62).

    A Copy takes the effective value and ability of the Familiar directly above it, live; at the
    top of a column it is worth 0 with no ability (rulings FA-R11, FA-R12).
    """
    out = []
    pv = pa = 0
    cuddle = cards.cuddle
    ability = cards.ability
    for f in col:
        a = ability[f]
        if a == A_COPY:
            v, a = pv, pa
        else:
            v = cuddle[f]
        out.append((v, a))
        pv, pa = v, a
    return out


def column_total(cards: CardSet, col: list[int], no_double: bool = False) -> int:
    """The Cuddle total of a column: the sum of effective values, doubled once if any effective
    ability is Double (FA-60, FA-61; ruling FA-R13), unless an Event cancels doubling."""
    total, double, _, _ = summary(cards, col)
    return total * 2 if double and not no_double else total


def summary(cards: CardSet, col: list[int]) -> tuple[int, bool, int, int]:
    """One pass over a column's effective values and abilities (after Copy, as ``effective``):
    ``(sum of the values, any Double, how many count towards the card limit, the bottom card's
    effective ability)`` (FA-37, FA-60..FA-62, FA-65)."""
    total = counting = 0
    double = False
    pv = pa = 0
    cuddle = cards.cuddle
    ability = cards.ability
    for f in col:
        a = ability[f]
        if a == A_COPY:
            v, a = pv, pa
        else:
            v = cuddle[f]
        total += v
        if a == A_DOUBLE:
            double = True
        if a != A_NO_LIMIT:
            counting += 1
        pv, pa = v, a
    return total, double, counting, pa


def no_double(state: FamiliarFeatState) -> bool:
    """An Event in force cancels every doubling today (ruling FA-R25)."""
    kind = state.cards.event_kind
    return any(kind[e[0]] == V_NO_DOUBLE for e in state.active)


def strength_of(state: FamiliarFeatState, creature: int) -> int:
    """The Strength to reach at ``creature`` now: printed plus Event modifiers; ``INF`` or
    ``STAR`` unchanged (ruling FA-R25)."""
    cards = state.cards
    st = cards.strength[creature]
    if st in (INF, STAR):
        return st
    kind = cards.event_kind
    for e, t1, _ in state.active:
        k = kind[e]
        if k == V_STRENGTH_PLUS or (k == V_INSECURITY and t1 == creature):
            st += cards.event_n[e]
    return st


def condition_met(cards: CardSet, condition: tuple[int, int], col: list[int]) -> bool:
    """A star Monster's condition (FA-72, FA-75; rulings FA-R21, FA-R22)."""
    kind, count = condition
    if kind == C_AT_LEAST:
        return len(col) >= count
    if kind == C_ABILITIES:
        return sum(1 for f in col if cards.ability[f]) >= count
    values = [v for v, _ in effective(cards, col)]
    if kind == C_INCREASING:
        return len(values) == count and all(a < b for a, b in zip(values, values[1:], strict=False))
    if kind == C_SAME_VALUE:
        return any(values.count(v) >= count for v in set(values))
    if kind == C_DISTINCT:
        return len(set(values)) >= count
    return False  # pragma: no cover


def meets(state: FamiliarFeatState, slot: int) -> bool:
    """Whether the Creature in ``slot`` meets its Strength (or star condition) now (FA-40)."""
    return bool(state.met >> slot & 1)


def card_limit(state: FamiliarFeatState, creature: int) -> int:
    """How many counting cards may be attached beneath ``creature`` (FA-37; 0 = no limit).

    Star Monsters whose condition needs more than five Familiars have no limit (FA-73, ruling
    FA-R23); Events may lower it (ruling FA-R25).
    """
    cards = state.cards
    condition = cards.condition[creature]
    if condition is not None and condition[0] != C_INCREASING and condition[1] > CARD_LIMIT:
        return 0
    limit = CARD_LIMIT
    if not state.active:
        return limit
    kind = cards.event_kind
    for e, t1, _ in state.active:
        k = kind[e]
        if k == V_CARD_LIMIT or (k == V_SPACE and t1 == creature):
            limit = min(limit, cards.event_n[e])
    return limit


def can_attach(state: FamiliarFeatState, slot: int, card: int, moving: bool = False) -> bool:
    """Whether ``card`` may be attached at the bottom of ``slot``'s column (FA-37, FA-65).

    The limit is checked at the moment of attaching only; a card that does not count (its
    effective ability, as a Copy too, is "does not count") may always be attached (FA-R14).
    ``moving``: the card is already in play and leaves its old place first (FA-64).
    """
    col = state.cols[slot]
    if not moving or card not in col:
        return bool(attach_mask(state, card) >> slot & 1)
    cards = state.cards
    _, _, counting, bottom = summary(cards, [f for f in col if f != card])
    creature = state.row[slot]
    a = cards.ability[card]
    return _fits(card_limit(state, creature), counting, bottom if a == A_COPY else a)


def _fits(limit: int, counting: int, ability: int) -> bool:
    """Whether a card of effective ``ability`` fits below ``counting`` cards that count, under
    a card limit of ``limit`` (0: none) (FA-37, FA-R14)."""
    return not limit or ability == A_NO_LIMIT or counting < limit


SLOTS: Final = tuple(tuple(s for s in range(ROW) if m >> s & 1) for m in range(1 << ROW))
"""The row slots of each bit mask of slots (bit ``s`` is slot ``s``), in row order."""


def attach_mask(state: FamiliarFeatState, card: int) -> int:
    """The bit mask of the row slots that may take hand card ``card`` now (FA-37, FA-R14)."""
    a = state.cards.ability[card]
    if a == A_NO_LIMIT:
        return state.filled
    if a == A_COPY:
        return state.room_copy
    return state.room


def refresh(state: FamiliarFeatState, slot: int) -> None:
    """Bring what ``slot``'s column implies up to date (``state.totals``, ``state.met``,
    ``state.room``, ``state.room_copy``, ``state.filled``; ``state.fresh``: Strength is to be
    checked again): the rules call it whenever the slot's Creature or column changes, and
    ``refresh_row`` whenever the Events in force do."""
    state.fresh = True
    bit = 1 << slot
    keep = ~bit
    met = state.met & keep
    room = state.room & keep
    room_copy = state.room_copy & keep
    creature = state.row[slot]
    if not creature:
        state.totals[slot] = 0
        state.filled &= keep
    else:
        cards = state.cards
        col = state.cols[slot]
        total, double, counting, bottom = summary(cards, col)
        active = state.active
        if double and not (active and no_double(state)):
            total *= 2
        state.totals[slot] = total
        st = cards.strength[creature]
        if st == STAR:
            condition = cards.condition[creature]
            assert condition is not None
            if condition_met(cards, condition, col):
                met |= bit
        elif st != INF and col and total >= (strength_of(state, creature) if active else st):
            met |= bit
        # Without Events the limit is CARD_LIMIT or none: fewer counting cards always fit.
        if (counting < CARD_LIMIT and not active) or _fits(
            card_limit(state, creature), counting, A_NONE
        ):
            room |= bit
            room_copy |= bit
        elif bottom == A_NO_LIMIT:
            room_copy |= bit
        state.filled |= bit
    state.met = met
    state.room = room
    state.room_copy = room_copy


def refresh_row(state: FamiliarFeatState) -> None:
    """``refresh`` every slot: after the row is laid out or slides, or an Event comes into force
    or ends (Strength, doubling and the card limit depend on them)."""
    for slot in range(ROW):
        refresh(state, slot)
