"""Familiar Feat's sound positions: what makes a state read from data (``state_from_dict``)
one that no adventure can reach, or one on which the rules could not go on.

Two checks. ``check_state``: every field holds what it can mean (every card once and in a place
of its kind, counts and days in their ranges, the Events in force and their targets) and the
pending frames form a stack that the flow of ``rules_day.advance`` builds: a Creature being
resolved with at most one choice above it, the end-of-day flees, an Event's own choice, the next
pick of variant ``choose-cards``. ``check_waiting``: a live position waits on a
decision that has a legal action, as every position between two actions does. Both run once, at
load time; the rules' own steps never call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.rng import MAX_SEED
from .content import (
    CASTLE_CARD,
    EVENTS,
    K_CREATURE,
    K_EVENT,
    K_GOLEM,
    K_MONSTER,
    MONSTERS,
    NUM_CARDS,
    ROW,
    TARGET_KINDS,
    V_CATCH_BREATH,
    V_CLOSING_RANKS,
    V_EXHAUST_DISCARD,
    V_FLEE_DISCARD,
    V_GIVING_UP,
)
from .rules_events import hand_size
from .rules_phases import (
    F_BREATH,
    F_DISCARD,
    F_EVENT_END,
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
    FRAME_SIZES,
    LOST,
    LOST_CAP,
    MAX_DAYS,
    MONSTERS_TO_WIN,
    ONGOING,
    PH_ATTACH,
    PH_DAWN,
    PH_EVENTS,
    PH_NIGHT,
    PH_OVER,
    PH_SETUP,
    PHASES,
    WON,
    Frame,
)
from .rules_resolve import ready

if TYPE_CHECKING:
    from .state import FamiliarFeatState

PICKS = 6
"""Variant ``choose-cards``: three Monsters, then three Events (FA-07, ruling FA-R03)."""

_CHILDREN = frozenset(
    {F_EXHAUST, F_HIGHEST, F_REVIVE_PICK, F_PLAY_PLACE, F_EXR, F_MOVE, F_MOVE_PLACE}
)
"""The frames that sit on a Creature being resolved: its effect's steps and what a Familiar
played by "revive 2, then play 1" does on entering play."""


def check_state(state: FamiliarFeatState) -> str | None:
    """What makes ``state`` impossible, or None: every card once (FA-99) in a place of its kind,
    every count in its range, the Events in force, the pending frames."""
    problem = _check_shapes(state)
    if problem is None:
        problem = _check_places(state)
    if problem is None:
        problem = _check_numbers(state)
    if problem is None:
        problem = _check_active(state)
    if problem is None:
        problem = _check_queues(state)
    if problem is None:
        problem = _check_pending(state)
    return problem


def check_waiting(state: FamiliarFeatState) -> str | None:
    """What keeps a sound ``state`` (``check_state``) from being a moment between two actions,
    or None: a live adventure waits on a decision that has a legal action, with nothing left for
    the rules to do first (no Creature that meets its Strength left unresolved, FA-40, FA-66)."""
    if state.result != ONGOING:
        return None
    if not state.legal_actions():
        return f"a live adventure must wait on a decision with a legal action ({_where(state)})"
    if not state.pending and (state.reached or ready(state)):
        return "a Creature that meets its Strength is resolved before the next card is attached"
    return None


def _where(state: FamiliarFeatState) -> str:
    top = f"pending {list(state.pending[-1])}" if state.pending else "nothing pending"
    return f"phase {PHASES[state.phase]}, {top}"


def _check_shapes(state: FamiliarFeatState) -> str | None:
    for entry in state.active:
        if entry[0] not in EVENTS:  # the length is checked by state_from_dict
            return "active entries are [event, target, target]"
    for frame in state.pending:
        if not frame or frame[0] not in FRAME_SIZES or len(frame) != FRAME_SIZES[frame[0]]:
            return f"unknown pending frame {list(frame)}"
        if any(not 0 <= x <= NUM_CARDS for x in frame):
            return f"pending frame {list(frame)}: every entry is a card, a count or a flag"
    if len(state.row) != ROW or len(state.cols) != ROW or len(state.since) != ROW:
        return "row, cols and since must have 5 entries"
    return None


def _check_places(state: FamiliarFeatState) -> str | None:
    cards = state.cards
    familiars = [
        state.hand,
        state.team,
        state.discard,
        state.fd,
        state.fu,
        state.fled,
        state.limbo,
        *state.cols,
    ]
    places = [
        state.deck,
        state.driven,
        state.box,
        state.events_pending,
        [e[0] for e in state.active],
        [c for c in state.row if c],
        *familiars,
    ]
    every = [c for place in places for c in place] + [state.character, 80]
    if sorted(every) != list(range(1, NUM_CARDS + 1)):
        return "every card 1-110 must lie in exactly one place"
    if CASTLE_CARD not in state.box:
        return "the Castle card stays in the box"
    kind = cards.kind
    for s in range(ROW):
        c = state.row[s]
        if c and (kind[c] not in (K_CREATURE, K_MONSTER, K_GOLEM) or not _on_row(state, c)):
            return f"slot {s + 1} holds a card that is not a Creature of the Creature deck"
        if not c and state.cols[s]:
            return f"slot {s + 1} is empty but has attached cards"
    if any(kind[c] != K_CREATURE for place in familiars for c in place):
        return "only Creatures are Familiars (hand, Team deck and discard, Exhausted, Fled, cols)"
    if any(kind[c] not in (K_CREATURE, K_MONSTER, K_GOLEM, K_EVENT) for c in state.deck):
        return "the Creature deck holds only Creatures, Monsters, Golems and Events"
    if any(kind[c] == K_CREATURE and not _on_row(state, c) for c in state.deck):
        return "Tier 0 Creatures are Familiars: they are never in the Creature deck (FA-12)"
    if any(kind[c] != K_EVENT for c in state.events_pending):
        return "only Events are set aside"
    if state.character != cards.character(state.game.level):
        return f"character must be the Level {state.game.level} Character card (FA-06)"
    if any(kind[m] != K_MONSTER for m in state.driven):
        return "only Monsters are driven away"
    if len(set(state.chosen)) != len(state.chosen) or len(state.chosen) > PICKS:
        return "chosen holds at most three Monsters and three Events, each once"
    if any(not 1 <= c <= NUM_CARDS or kind[c] not in (K_MONSTER, K_EVENT) for c in state.chosen):
        return "chosen holds only Monsters and Events"
    return None


def _on_row(state: FamiliarFeatState, card: int) -> bool:
    """A Creature card that the Creature deck holds (Tiers I-IV, FA-12)."""
    cards = state.cards
    return cards.kind[card] != K_CREATURE or cards.tier[card] >= 1


def _check_numbers(state: FamiliarFeatState) -> str | None:
    if state.phase not in range(len(PHASES)) or state.result not in (ONGOING, WON, LOST, LOST_CAP):
        return "phase or result out of range"
    if (state.phase == PH_OVER) != (state.result != ONGOING):
        return "phase over goes with a result, and a result with phase over"
    if not 0 <= state.seed <= MAX_SEED:
        return f"seed must be 0 to {MAX_SEED}"
    last = MAX_DAYS + 1 if state.result == LOST_CAP else MAX_DAYS
    if not 1 <= state.day <= last:
        return f"day must be 1 to {MAX_DAYS} (ruling FA-R29)"
    if not 0 <= state.shuffles < state.day:
        return "shuffles must be 0 to day - 1 (one each morning after the first, FA-32)"
    for s in range(ROW):
        low = 1 if state.row[s] else 0
        if not low <= state.since[s] <= state.day:
            return f"since: slot {s + 1}'s Creature entered play on a day 1 to day (FA-74)"
    if state.result == ONGOING and len(state.driven) >= MONSTERS_TO_WIN:
        return "three Monsters driven away end the adventure (FA-71)"
    if state.phase != PH_OVER and len(state.hand) > hand_size(state):
        return f"hand holds at most {hand_size(state)} card(s) (FA-34, FA-93)"
    if state.hand and state.phase not in (PH_ATTACH, PH_OVER):
        return "cards are in hand only during the day (FA-33, FA-81)"
    if not 0 <= state.stamp <= MAX_SEED:
        return f"stamp must be 0 to {MAX_SEED}"
    return None


def _check_active(state: FamiliarFeatState) -> str | None:
    cards = state.cards
    events = [e[0] for e in state.active]
    if len(set(events)) != len(events):  # pragma: no cover - every card once
        return "an Event is in force once"
    row = state.row
    for e, t1, t2 in state.active:
        kind = cards.event_kind[e]
        if not cards.timing[e]:
            return f"active: {cards.name[e]} is resolved at once, never in force (FA-91)"
        if kind in TARGET_KINDS:
            ok = t1 != 0 and t1 in row and t2 == 0
        elif kind == V_CLOSING_RANKS:
            ok = t1 != 0 and t2 != 0 and t1 != t2 and t1 in row and t2 in row
        else:
            ok = t1 == 0 and t2 == 0
        if not ok:
            return f"active: {cards.name[e]}'s targets must be Creatures in the row it binds"
    if state.latched and (
        len(set(state.latched)) != len(state.latched) or any(c not in row for c in state.latched)
    ):
        return "latched cards must lie in the Creature row, each once"
    return None


def _check_queues(state: FamiliarFeatState) -> str | None:
    reached, groups = state.reached, state.groups
    if len(reached) != len(groups):
        return "reached and groups must have the same length"
    if any(c == 0 or c not in state.row for c in reached) or len(set(reached)) != len(reached):
        return "reached: Creatures of the row, each once (FA-66)"
    if any(not 1 <= g <= state.stamp for g in groups) or groups != sorted(groups):
        return "groups: the order each was reached in, 1 to stamp and never decreasing"
    if reached and state.phase not in (PH_ATTACH, PH_NIGHT, PH_OVER):
        return f"no Creature waits to be resolved in phase {PHASES[state.phase]}"
    if state.events_pending and state.phase not in (PH_EVENTS, PH_OVER):
        return "Events are set aside only until the row is full (FA-30)"
    return None


def _check_pending(state: FamiliarFeatState) -> str | None:
    """The pending stack is one the flow builds (``rules_day.advance``)."""
    pending = state.pending
    phase = state.phase
    top = pending[-1][0] if pending else -1
    if state.limbo and top not in (F_REVIVE_PICK, F_PLAY_PLACE):
        return "limbo holds revived cards only while one is to be played (FA-56)"
    if top == F_PLAY_PLACE and state.limbo != [pending[-1][1]]:
        return "limbo holds just the revived card being played (FA-56)"
    if phase == PH_OVER:
        return None  # the adventure ended where it stood; nothing more is done
    if phase == PH_SETUP:
        return _check_picks(state)
    if any(f[0] == F_PICK for f in pending):
        return "a Monster or Event is picked only before the adventure starts (FA-07)"
    if phase == PH_EVENTS:
        return _check_event_frames(state)
    if any(f[0] in (F_EVENT_END, F_DISCARD, F_GIVEUP, F_BREATH) for f in pending):
        return "an Event's frames are pending only while it is resolved (FA-30)"
    if top == F_FLEE:
        if phase != PH_NIGHT or any(f[0] != F_FLEE for f in pending):
            return "Familiars flee at the end of the day, one from each Creature (FA-83)"
        fleeing = [f[1] for f in pending]
        if len(set(fleeing)) != len(fleeing) or any(c == 0 or c not in state.row for c in fleeing):
            return "one Familiar flees from each Creature of the row (FA-83)"
        return None
    resolving = [f for f in pending if f[0] == F_RESOLVE]
    rest = pending[len(resolving) :]
    if len(rest) > 1 or any(f[0] == F_RESOLVE for f in rest):
        return f"pending {[list(f) for f in pending]}: not a stack the rules build"
    problem = _check_resolving(state, resolving)
    if problem is not None:
        return problem
    if not rest:
        return None
    frame = rest[0]
    if resolving:
        return _check_child(state, resolving[-1][1], frame)
    if frame[0] == F_ORDER and phase in (PH_ATTACH, PH_NIGHT) and state.reached:
        return None
    if frame[0] in (F_EXR, F_MOVE, F_MOVE_PLACE) and phase == PH_ATTACH:
        return _check_child(state, 0, frame)
    return f"pending {list(frame)}: not a choice the rules ask in phase {PHASES[phase]}"


def _check_resolving(state: FamiliarFeatState, frames: list[Frame]) -> str | None:
    """Creatures being resolved: one reached (FA-66), or the Monsters leaving at dawn (FA-74)."""
    cards = state.cards
    creatures = [f[1] for f in frames]
    if len(set(creatures)) != len(creatures):
        return "a Creature is resolved once at a time"
    dawn = state.phase == PH_DAWN
    if not dawn and len(frames) > 1:
        return "one reached Creature is resolved at a time (FA-66)"
    for k, (_, c, step, mode) in enumerate(frames):
        if c == 0 or c not in state.row or cards.kind[c] == K_GOLEM or c in state.reached:
            return f"pending: the Creature resolved ({c}) must lie in the row, out of the queue"
        if not 0 <= step <= len(cards.effect[c]) or (step and k < len(frames) - 1):
            return f"pending: {cards.name[c]} has no effect step {step}"
        if mode != int(dawn) or (dawn and not cards.leaves_after[c]):
            return f"pending: {cards.name[c]} is resolved by reaching its Strength or at dawn"
    return None


def _check_child(state: FamiliarFeatState, creature: int, frame: Frame) -> str | None:
    """A choice above the Creature being resolved (or above none, for an attached card)."""
    kind = frame[0]
    if kind not in _CHILDREN:
        return f"pending {list(frame)}: not a choice made while a Creature is resolved"
    if kind in (F_EXHAUST, F_HIGHEST, F_REVIVE_PICK) and frame[1] != creature:
        return f"pending {list(frame)}: the step belongs to the Creature being resolved"
    if kind == F_EXHAUST and frame[3] not in (0, 1):
        return f"pending {list(frame)}: a card is exhausted (0) or flees (1)"
    if kind == F_PLAY_PLACE and frame[2] != creature:
        return f"pending {list(frame)}: the card is played by the Creature being resolved"
    if kind in (F_EXR, F_MOVE, F_MOVE_PLACE) and not any(frame[1] in col for col in state.cols):
        return f"pending {list(frame)}: the Familiar must be in play (FA-63, FA-64)"
    return None


def _check_event_frames(state: FamiliarFeatState) -> str | None:
    """An Event set aside is resolved first in reveal order, with its own choice (FA-30)."""
    pending = state.pending
    if not pending:
        return None
    cards = state.cards
    first = pending[0]
    waiting = state.events_pending
    if first[0] != F_EVENT_END or not waiting or first[1] != waiting[0] or len(pending) > 2:
        return "pending: the first Event set aside is resolved, alone (FA-30)"
    if len(pending) == 1:
        return None
    e = first[1]
    kind, n = cards.event_kind[e], cards.event_n[e]
    frame = pending[1]
    if kind == V_EXHAUST_DISCARD:
        highest = int(cards.event_which[e] == "highest")
        ok = frame[0] == F_DISCARD and 1 <= frame[1] <= n and frame[2:] == (0, highest)
    elif kind == V_FLEE_DISCARD:
        ok = frame[0] == F_DISCARD and 1 <= frame[1] <= n and frame[2:] == (1, 0)
    elif kind == V_GIVING_UP:
        ok = frame[0] == F_GIVEUP and 1 <= frame[1] <= n
    elif kind == V_CATCH_BREATH:
        ok = frame[0] == F_BREATH
    else:
        ok = False
    return None if ok else f"pending {list(frame)}: not the choice {cards.name[e]} asks (FA-91)"


def _check_picks(state: FamiliarFeatState) -> str | None:
    """Variant ``choose-cards``: the picks so far extend to sets that fit the banner (FA-07)."""
    game = state.game
    if not (game.choose_cards and game.level > 1):
        return "phase setup exists only with variant choose-cards above Level 1 (ruling FA-R03)"
    if state.pending != [(F_PICK,)]:
        return "phase setup waits on the next pick alone"
    out = [c for c in range(1, NUM_CARDS + 1) if c not in (state.character, 80)]
    if sorted(state.box) != out:
        return "before the picks every card but the Character waits in the box"
    cards = game.cards
    chosen = state.chosen
    monsters = [c for c in chosen if cards.kind[c] == K_MONSTER]
    events = [c for c in chosen if cards.kind[c] != K_MONSTER]
    if len(chosen) >= PICKS or chosen[: len(monsters)] != monsters:
        return "chosen: the Monsters first, then the Events, fewer than six (FA-07)"
    if len(monsters) < MONSTERS_TO_WIN:
        fits = not events and any(set(monsters) <= s for s in game.monster_sets)
    else:
        fits = set(monsters) in game.monster_sets and any(set(events) <= s for s in game.event_sets)
    if not fits:
        return "chosen: the picks must extend to Monsters and Events that fit the banner (FA-07)"
    for m in monsters:
        pair = cards.pair[m]
        if pair and any(cards.pair[o] == pair and o not in chosen for o in MONSTERS):
            return "chosen: the Two-headed Giant's heads come together (ruling FA-R36)"
    return None
