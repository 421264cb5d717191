"""Familiar Feat's sound positions: what makes a state read from data (``state_from_dict``)
one that no adventure can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import CASTLE_CARD, CHARACTERS, EVENTS, K_CREATURE, K_GOLEM, K_MONSTER, NUM_CARDS, ROW
from .rules_phases import FRAME_SIZES, LOST, LOST_CAP, ONGOING, PHASES, WON

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def check_state(state: FamiliarFeatState) -> str | None:
    """What makes ``state`` impossible, or None: every card once (FA-99), shapes, frames."""
    cards = state.game.cards
    for entry in state.active:
        if entry[0] not in EVENTS:  # the length is checked by state_from_dict
            return "active entries are [event, target, target]"
    for frame in state.pending:
        if not frame or frame[0] not in FRAME_SIZES or len(frame) != FRAME_SIZES[frame[0]]:
            return f"unknown pending frame {list(frame)}"
    places = [
        state.deck,
        state.hand,
        state.team,
        state.discard,
        state.fd,
        state.fu,
        state.fled,
        state.driven,
        state.box,
        state.events_pending,
        state.limbo,
        [e[0] for e in state.active],
        [c for c in state.row if c],
        *state.cols,
    ]
    every = [c for place in places for c in place] + [state.character, 80]
    if sorted(every) != list(range(1, NUM_CARDS + 1)):
        return "every card 1-110 must lie in exactly one place"
    if len(state.row) != ROW or len(state.cols) != ROW or len(state.since) != ROW:
        return "row, cols and since must have 5 entries"
    for s in range(ROW):
        c = state.row[s]
        if c and cards.kind[c] not in (K_CREATURE, K_MONSTER, K_GOLEM):
            return f"slot {s + 1} holds a card that is not a Creature"
        if not c and state.cols[s]:
            return f"slot {s + 1} is empty but has attached cards"
    if state.character not in CHARACTERS:
        return "character must be a Character card"
    if state.phase not in range(len(PHASES)) or state.result not in (ONGOING, WON, LOST, LOST_CAP):
        return "phase or result out of range"
    if any(c not in state.row for c in state.latched):
        return "latched cards must lie in the Creature row"
    if len(state.reached) != len(state.groups):
        return "reached and groups must have the same length"
    if CASTLE_CARD not in state.box:
        return "the Castle card stays in the box"
    if any(cards.kind[m] != K_MONSTER for m in state.driven):
        return "only Monsters are driven away"
    if state.day < 1 or state.shuffles < 0:
        return "day must be >= 1 and shuffles >= 0"
    return None
