"""Familiar Feat's day and night (FA-27..FA-36, FA-81..FA-88): ``advance`` runs every
automatic step until the player must decide: drawing from the Team deck, checking Strength,
resolving effect steps, the two ends of the day, the night, the next morning's refill and its
Events. A choice with a single option is taken automatically (ruling FA-R05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .actions import ATTACH
from .content import K_CREATURE, K_GOLEM, K_MONSTER, ROW, TARGET_KINDS, V_CLOSING_RANKS
from .rules_cards import _name, say
from .rules_choices import frame_apply, frame_fizzle, frame_options
from .rules_deck import _new_team_deck
from .rules_events import _event_done, _start_event, _unlatch, hand_size
from .rules_phases import (
    F_EVENT_END,
    F_FLEE,
    F_ORDER,
    F_RESOLVE,
    LOST,
    LOST_CAP,
    MAX_DAYS,
    ONGOING,
    PH_ATTACH,
    PH_DAWN,
    PH_EVENTS,
    PH_NIGHT,
    PH_OVER,
    PH_SETUP,
)
from .rules_resolve import (
    _drop_from_queue,
    _drop_front_group,
    _front_group,
    _resolve_step,
    note_reached,
    ready,
)
from .rules_totals import SLOTS, attach_mask, refresh_row

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def advance(state: FamiliarFeatState) -> None:
    """Run every automatic step until the player must decide or the adventure is over; the
    decision's legal actions are left in ``state.legal``."""
    state.legal = None
    state.layers = None  # the Creature deck may change
    while True:
        if state.result != ONGOING:
            state.phase = PH_OVER
            return
        phase = state.phase
        if phase == PH_ATTACH and state.fresh:
            if state.met or state.latched:
                note_reached(state)
            else:  # nothing can be reached: what note_reached would find at once
                state.fresh = False
        if state.pending:
            frame = state.pending[-1]
            kind = frame[0]
            if kind == F_RESOLVE:
                _resolve_step(state, frame)
                continue
            if kind == F_EVENT_END:
                state.pending.pop()
                _event_done(state, frame[1])
                continue
            options = frame_options(state, frame)
            if not options:
                frame_fizzle(state, frame)
            elif len(options) == 1:
                frame_apply(state, frame, options[0])  # a forced choice (FA-R05)
            else:
                state.legal = tuple(options)
                return
            continue
        if state.reached:
            _resolve_next(state)
            continue
        if phase == PH_ATTACH:
            if not state.filled:  # the row is empty: end of the day A (FA-81)
                _end_of_day_a(state)
                continue
            hand = state.hand
            size = hand_size(state) if state.active else 1
            team = state.team
            while len(hand) < size and team:
                hand.append(team.pop())  # FA-33, FA-93
            legal, stuck = attach_options(state)
            if stuck:  # ruling FA-R09
                _discard_stuck(state, stuck)
                continue
            if hand:
                state.legal = legal
                return
            _end_of_day_b(state)
            continue
        if phase == PH_NIGHT:
            _night_check(state)
            continue
        if phase == PH_DAWN:
            _next_day(state)
            continue
        if phase == PH_EVENTS:
            _morning_events(state)
            continue
        if phase == PH_SETUP:  # pragma: no cover - setup waits on F_PICK frames
            return
        return  # pragma: no cover


ATTACH_TO: Final = tuple(tuple(tuple(row[s] for s in slots) for slots in SLOTS) for row in ATTACH)
"""``ATTACH_TO[card][mask]``: the actions attaching ``card`` to each slot of ``mask``."""


def attach_options(state: FamiliarFeatState) -> tuple[tuple[Any, ...], list[int]]:
    """Every ``attach C to S`` the hand allows now, hand order then row order (FA-33), and the
    hand cards that no Creature can take (ruling FA-R09). The actions are a tuple: with the
    usual hand of one card (FA-34), ``ATTACH_TO``'s own, which ``advance`` keeps as
    ``state.legal`` without a copy."""
    hand = state.hand
    if len(hand) == 1:
        c = hand[0]
        actions = ATTACH_TO[c][attach_mask(state, c)]
        return (actions, []) if actions else ((), [c])
    legal: list[Any] = []
    stuck = []
    for c in hand:
        actions = ATTACH_TO[c][attach_mask(state, c)]
        if actions:
            legal += actions
        else:
            stuck.append(c)
    return tuple(legal), stuck


def _resolve_next(state: FamiliarFeatState) -> None:
    """Start resolving the next reached Creature, or ask which of those reached together goes
    first (FA-66, ruling FA-R17); a group that no longer meets its Strength stays."""
    group = _front_group(state)
    if not group:
        _drop_front_group(state)
    elif len(group) == 1:
        _drop_from_queue(state, group[0])
        state.pending.append((F_RESOLVE, group[0], 0, 0))
    else:
        state.pending.append((F_ORDER,))


def _end_of_day_a(state: FamiliarFeatState) -> None:
    """The Creature row is empty: the day ends and nothing flees (FA-81)."""
    state.discard += state.hand + state.team
    state.hand = []
    state.team = []
    say(state, f"The Creature row is empty: day {state.day} ends.")
    state.phase = PH_NIGHT


def _discard_stuck(state: FamiliarFeatState, stuck: list[int]) -> None:
    """Hand cards no Creature can take go to the Team discard (ruling FA-R09)."""
    for c in stuck:
        state.hand.remove(c)
        state.discard.append(c)
        say(state, f"{_name(state, c)} cannot be attached anywhere: Team discard.")


def _night_check(state: FamiliarFeatState) -> None:
    """The night: Creatures that now meet their Strength are queued, then the night ends."""
    found = ready(state, True)
    if found:  # FA-86: resolved in the player's order (FA-R17, FA-R27)
        state.stamp += 1
        state.reached.extend(found)
        state.groups.extend([state.stamp] * len(found))
        return
    _end_of_night(state)


def _morning_events(state: FamiliarFeatState) -> None:
    """The row is full: the set-aside Events are resolved, then the Team deck is formed."""
    if state.events_pending:
        _start_event(state, state.events_pending[0])
        return
    if state.day > 1:  # FA-32
        _new_team_deck(state)
    state.phase = PH_ATTACH


def _end_of_day_b(state: FamiliarFeatState) -> None:
    """The Team deck ran out: one Familiar flees from every Creature, else the adventure is
    lost (FA-82..FA-85, FA-90; ruling FA-R08)."""
    creatures = [c for c in state.row if c]
    bare = [c for s, c in enumerate(state.row) if c and not state.cols[s]]
    if state.log is not None:
        say(state, f"The Team deck has run out: day {state.day} ends.")
    if bare:
        names = ", ".join(_name(state, c) for c in bare)
        say(state, f"No Familiar can flee from {names}: the adventure is lost.")
        state.result = LOST
        return
    for c in reversed(creatures):
        state.pending.append((F_FLEE, c))
    state.phase = PH_NIGHT


def _end_of_night(state: FamiliarFeatState) -> None:
    """Box the hourglass Events, then Monsters whose days are up leave (FA-74, FA-92, FA-96;
    ruling FA-R24, FA-R27)."""
    cards = state.cards
    for entry in list(state.active):
        e = entry[0]
        if cards.event_kind[e] not in TARGET_KINDS:
            state.active.remove(entry)
            if cards.event_kind[e] == V_CLOSING_RANKS:
                _unlatch(state, entry)  # both cards stay in play (FA-96)
            state.box.append(e)
            say(state, f"{cards.name[e]} ends and returns to the box.")
            refresh_row(state)
    leaving = [
        c
        for s, c in enumerate(state.row)
        if c and cards.leaves_after[c] and state.day - state.since[s] + 1 >= cards.leaves_after[c]
    ]
    for c in reversed(leaving):
        state.pending.append((F_RESOLVE, c, 0, 1))
    state.phase = PH_DAWN


def _next_day(state: FamiliarFeatState) -> None:
    """Slide the row toward the deck and refill it; Events are set aside (FA-28..FA-30)."""
    state.day += 1
    if state.day > MAX_DAYS:
        state.result = LOST_CAP
        return
    keep = [s for s in range(ROW) if state.row[s]]
    state.row = [state.row[s] for s in keep] + [0] * (ROW - len(keep))
    state.cols = [state.cols[s] for s in keep] + [[] for _ in range(ROW - len(keep))]
    state.since = [state.since[s] for s in keep] + [0] * (ROW - len(keep))
    cards = state.cards
    filled = len(keep)
    while filled < ROW and state.deck:
        card = state.deck.pop()
        if cards.kind[card] in (K_CREATURE, K_MONSTER, K_GOLEM):
            state.row[filled] = card
            state.since[filled] = state.day
            filled += 1
            if state.log is not None:
                say(state, f"Revealed: {_name(state, card)} in slot {filled}.")
        else:
            state.events_pending.append(card)
            say(state, f"Revealed the Event {_name(state, card)}; it waits for a full row.")
    refresh_row(state)
    state.phase = PH_EVENTS
