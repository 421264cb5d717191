"""Familiar Feat's totals, Strength and the card limit (FA-37, FA-40, FA-60..FA-65,
FA-72..FA-76): a column's effective values after Copy, its Cuddle total with Double, the Strength
to reach with Events in force, star Monsters' conditions, and where a card may be attached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import (
    A_COPY,
    A_DOUBLE,
    A_NO_LIMIT,
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
    CardSet,
)

if TYPE_CHECKING:
    from .state import FamiliarFeatState


CARD_LIMIT = 5  # FA-37


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
    total = 0
    pv = pa = 0
    double = False
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
        pv, pa = v, a
    return total * 2 if double and not no_double else total


def no_double(state: FamiliarFeatState) -> bool:
    """An Event in force cancels every doubling today (ruling FA-R25)."""
    kind = state.game.cards.event_kind
    return any(kind[e[0]] == V_NO_DOUBLE for e in state.active)


def strength_of(state: FamiliarFeatState, creature: int) -> int:
    """The Strength to reach at ``creature`` now: printed plus Event modifiers; ``INF`` or
    ``STAR`` unchanged (ruling FA-R25)."""
    cards = state.game.cards
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
    creature = state.row[slot]
    if not creature:
        return False
    cards = state.game.cards
    st = cards.strength[creature]
    if st == INF:
        return False
    col = state.cols[slot]
    if st == STAR:
        condition = cards.condition[creature]
        assert condition is not None
        return condition_met(cards, condition, col)
    if not col:
        return False
    return column_total(cards, col, no_double(state)) >= strength_of(state, creature)


def card_limit(state: FamiliarFeatState, creature: int) -> int:
    """How many counting cards may be attached beneath ``creature`` (FA-37; 0 = no limit).

    Star Monsters whose condition needs more than five Familiars have no limit (FA-73, ruling
    FA-R23); Events may lower it (ruling FA-R25).
    """
    cards = state.game.cards
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
    creature = state.row[slot]
    if not creature:
        return False
    limit = card_limit(state, creature)
    if not limit:
        return True
    col = state.cols[slot]
    if moving and card in col:
        col = [f for f in col if f != card]
    if len(col) < limit:  # fewer cards than the limit: whatever counts, there is room
        return True
    cards = state.game.cards
    eff = effective(cards, col)
    a = cards.ability[card]
    if a == A_COPY:
        a = eff[-1][1] if eff else 0
    if a == A_NO_LIMIT:
        return True
    return sum(1 for _, b in eff if b != A_NO_LIMIT) < limit


def attach_targets(state: FamiliarFeatState, card: int) -> list[int]:
    """Row slots that may take ``card`` now."""
    return [s for s in range(ROW) if state.row[s] and can_attach(state, s, card)]
