"""Familiar Feat's Events (FA-30, FA-91..FA-98, ruling FA-R25): resolving a set-aside Event
once the row is full, the Events in force (Flexibility, Closing Ranks, the Creature an Event
affects), and boxing them when their Creature leaves the row or the night ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import (
    INF,
    STAR,
    TARGET_KINDS,
    V_CATCH_BREATH,
    V_CLOSING_RANKS,
    V_EXHAUST_DISCARD,
    V_FLEE_DISCARD,
    V_FLEXIBILITY,
    V_GIVING_UP,
    V_SPACE,
)
from .rules_cards import _name, say
from .rules_phases import F_BREATH, F_DISCARD, F_EVENT_END, F_GIVEUP
from .rules_totals import meets, refresh, refresh_row

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def hand_size(state: FamiliarFeatState) -> int:
    """1, or 2 while Flexibility is in force (FA-34, FA-93)."""
    kind = state.cards.event_kind
    for e, _, _ in state.active:
        if kind[e] == V_FLEXIBILITY:
            return state.cards.event_n[e]
    return 1


def closing_ranks_blocks(state: FamiliarFeatState, commit: bool) -> set[int]:
    """Creatures held back by Closing Ranks (FA-95; ruling FA-R26).

    By default a bound card that meets its Strength is latched (``state.latched``): it counts as
    reached even if its total drops later. Once both cards count as reached, none is held; with
    ``commit`` the Event is boxed and the latched cards stay in ``state.latched`` so that they
    are resolved even if their totals dropped. Variant ``closing-ranks-together``: both must
    meet their Strength at the same moment (nothing is latched).
    """
    held: set[int] = set()
    cards = state.cards
    latch = not state.game.closing_together
    latched = state.latched
    for entry in list(state.active):
        e, a, b = entry
        if cards.event_kind[e] != V_CLOSING_RANKS:
            continue
        row = state.row
        if a not in row or b not in row:  # pragma: no cover - boxed when a card leaves
            held.add(a)
            held.add(b)
            continue
        meets_a = meets(state, row.index(a))
        meets_b = meets(state, row.index(b))
        if (meets_a or (latch and a in latched)) and (meets_b or (latch and b in latched)):
            if commit:
                state.active.remove(entry)  # no total, Strength or limit depends on it
                state.box.append(e)
                say(state, f"Closing Ranks: {_name(state, a)} and {_name(state, b)} are reached.")
            continue
        held.add(a)
        held.add(b)
        if commit and latch:
            for c, met in ((a, meets_a), (b, meets_b)):
                if met and c not in latched:
                    latched.append(c)
                    say(state, f"{_name(state, c)} is reached and waits (Closing Ranks).")
    return held


def _unlatch(state: FamiliarFeatState, entry: tuple[int, int, int]) -> None:
    """A Closing Ranks ends without both cards reached: its cards are no longer latched."""
    if state.latched:
        state.latched = [c for c in state.latched if c not in entry[1:]]


def _clear_slot(state: FamiliarFeatState, slot: int) -> list[int]:
    creature = state.row[slot]
    col = state.cols[slot]
    state.row[slot] = 0
    state.cols[slot] = []
    state.since[slot] = 0
    refresh(state, slot)
    if state.latched and creature in state.latched:
        state.latched.remove(creature)
    if not state.active:
        return col
    kind = state.cards.event_kind
    for entry in list(state.active):
        e, t1, t2 = entry
        if (kind[e] in TARGET_KINDS and t1 == creature) or (
            kind[e] == V_CLOSING_RANKS and creature in (t1, t2)
        ):
            state.active.remove(entry)  # FA-97; ruling FA-R26 (it changed this slot only)
            _unlatch(state, entry)
            state.box.append(e)
            say(state, f"{state.cards.name[e]} returns to the box.")
    return col


def _start_event(state: FamiliarFeatState, event: int) -> None:
    """Resolve a set-aside Event now that the row is full (FA-30, FA-91; ruling FA-R25)."""
    cards = state.cards
    kind = cards.event_kind[event]
    n = cards.event_n[event]
    state.pending.append((F_EVENT_END, event))
    say(state, f"Event: {cards.name[event]}.")
    if kind == V_EXHAUST_DISCARD:
        state.pending.append((F_DISCARD, n, 0, int(cards.event_which[event] == "highest")))
    elif kind == V_FLEE_DISCARD:
        state.pending.append((F_DISCARD, n, 1, 0))
    elif kind == V_GIVING_UP:
        state.pending.append((F_GIVEUP, n))  # no Familiar in play: no effect (FA-98)
    elif kind == V_CATCH_BREATH:
        state.pending.append((F_BREATH,))


def _event_done(state: FamiliarFeatState, event: int) -> None:
    cards = state.cards
    state.events_pending.remove(event)
    kind = cards.event_kind[event]
    if not cards.timing[event]:
        state.box.append(event)  # lightning: boxed once resolved (FA-91)
        return
    t1 = t2 = 0
    if kind in TARGET_KINDS:
        t1 = _target(state, kind == V_SPACE)
        if not t1:
            state.box.append(event)
            say(state, f"{cards.name[event]} finds no Creature to affect.")
            return
        say(state, f"{cards.name[event]} affects {_name(state, t1)}.")
    elif kind == V_CLOSING_RANKS:
        t1, t2 = state.row[0], state.row[1]
        if not t1 or not t2:
            state.box.append(event)
            return
        say(state, f"Closing Ranks binds {_name(state, t1)} and {_name(state, t2)}.")
    state.active.append((event, t1, t2))
    refresh_row(state)


def _target(state: FamiliarFeatState, highest: bool) -> int:
    """The Creature an Event affects: the highest (Space Requirement) or lowest (Insecurity)
    finite Strength in the row, the one nearest the deck on a tie (ruling FA-R25)."""
    cards = state.cards
    best = 0
    best_st = 0
    for c in state.row:
        if not c:
            continue
        st = cards.strength[c]
        if st in (INF, STAR):
            continue
        if not best or (st > best_st if highest else st < best_st):
            best, best_st = c, st
    return best
