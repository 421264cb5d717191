"""Where a Familiar Feat adventure stands between decisions: the phase of the day, the result,
and the stack of pending frames (``state.pending``: tuples of ints, the kind first, top = last)
with what the player is asked in each and the rule it applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .state import FamiliarFeatState


MONSTERS_TO_WIN: Final = 3  # FA-71
MAX_DAYS: Final = 200
"""Ruling FA-R29: a safety cap (no game reaches it: the adventure always ends, FA-101)."""


# Phases of the day (state.phase).
PH_SETUP: Final = 0
PH_EVENTS: Final = 1
PH_ATTACH: Final = 2
PH_NIGHT: Final = 3
PH_DAWN: Final = 4
PH_OVER: Final = 5
PHASES = ("setup", "events", "day", "night", "dawn", "over")


# Results (state.result).
ONGOING: Final = 0
WON: Final = 1
LOST: Final = -1
LOST_CAP: Final = -2


# Pending frames (tuples; the first element is the kind).
Frame = tuple[int, ...]
"""A pending frame (``state.pending``): ``(kind, ...)``, the kind one of the ``F_*`` below."""
# (F_RESOLVE, creature, next step, mode) mode 0: reached, 1: leaves after N days
F_RESOLVE: Final = 0
# (F_EXHAUST, creature, remaining, dest) dest 0: exhausted face up, 1: Fled pile
F_EXHAUST: Final = 1
F_HIGHEST: Final = 2  # (F_HIGHEST, creature)
F_REVIVE_PICK: Final = 3  # (F_REVIVE_PICK, creature): choose which card in limbo is played
F_PLAY_PLACE: Final = 4  # (F_PLAY_PLACE, card, creature): where the revived card is attached
F_EXR: Final = 5  # (F_EXR, source): ability "exhaust 1, then revive 1": choose the Familiar
F_MOVE: Final = 6  # (F_MOVE, source): ability "move 1": choose the Familiar
F_MOVE_PLACE: Final = 7  # (F_MOVE_PLACE, card): where the moved Familiar goes
F_FLEE: Final = 8  # (F_FLEE, creature): end of day B, which Familiar flees from this Creature
F_ORDER: Final = 9  # (F_ORDER,): which of several reached Creatures is resolved next
# (F_DISCARD, remaining, dest, highest): Event takes cards from the Team discard
F_DISCARD: Final = 10
F_GIVEUP: Final = 11  # (F_GIVEUP, remaining): Event Giving Up, a Familiar in play flees
F_BREATH: Final = 12  # (F_BREATH,): Event Catch Your Breath, which Creature is removed
F_EVENT_END: Final = 13  # (F_EVENT_END, event): the Event is done: box it or put it in force
F_PICK: Final = 14  # (F_PICK,): variant choose-cards: pick the next Monster or Event
FRAME_SIZES = {
    F_RESOLVE: 4,
    F_EXHAUST: 4,
    F_HIGHEST: 2,
    F_REVIVE_PICK: 2,
    F_PLAY_PLACE: 3,
    F_EXR: 2,
    F_MOVE: 2,
    F_MOVE_PLACE: 2,
    F_FLEE: 2,
    F_ORDER: 1,
    F_DISCARD: 4,
    F_GIVEUP: 2,
    F_BREATH: 1,
    F_EVENT_END: 2,
    F_PICK: 1,
}

_RULE_OF_FRAME = {
    F_EXHAUST: "FA-46",
    F_HIGHEST: "FA-51",
    F_REVIVE_PICK: "FA-56",
    F_PLAY_PLACE: "FA-R16",
    F_EXR: "FA-63",
    F_MOVE: "FA-64",
    F_MOVE_PLACE: "FA-64",
    F_FLEE: "FA-83",
    F_ORDER: "FA-66",
    F_DISCARD: "FA-R25",
    F_GIVEUP: "FA-98",
    F_BREATH: "FA-94",
    F_PICK: "FA-07",
}


def _frame_rule(kind: int) -> str:
    return _RULE_OF_FRAME.get(kind, "FA-41")


def pending_prompt(state: FamiliarFeatState) -> str:
    """What the player is asked now, in words."""
    if state.result != ONGOING:
        return "the adventure is over"
    if not state.pending:
        return "attach the card in hand beneath a Creature"
    frame = state.pending[-1]
    kind = frame[0]
    name = state.cards.name
    if kind == F_EXHAUST:
        what = "which Familiar flees" if frame[3] else "which Familiar to exhaust"
        return f"choose {what} from beneath {name[frame[1]]} ({frame[2]} to go)"
    if kind == F_HIGHEST:
        return f"choose which tied highest Familiar beneath {name[frame[1]]} is exhausted"
    if kind == F_REVIVE_PICK:
        return "choose which revived Familiar to play (the other goes to the Team discard)"
    if kind == F_PLAY_PLACE:
        return f"choose the slot where {name[frame[1]]} is attached"
    if kind == F_EXR:
        return f"{name[frame[1]]}: choose a Familiar in play to exhaust (then revive 1)"
    if kind == F_MOVE:
        return f"{name[frame[1]]}: choose a Familiar in play to move"
    if kind == F_MOVE_PLACE:
        return f"choose the slot {name[frame[1]]} moves to"
    if kind == F_FLEE:
        return f"choose which Familiar flees from {name[frame[1]]}"
    if kind == F_ORDER:
        return "choose which reached Creature is resolved next"
    if kind == F_DISCARD:
        verb = "flees" if frame[2] else "is exhausted"
        return f"choose a Familiar from the Team discard that {verb} ({frame[1]} to go)"
    if kind == F_GIVEUP:
        return f"Giving Up: choose a Familiar in play that flees ({frame[1]} to go)"
    if kind == F_BREATH:
        return (
            "Catch Your Breath: choose a Creature (Monsters and Golems too) to remove from the "
            "row (a Monster goes under the Creature deck)"
        )
    if kind == F_PICK:
        return "choose the next Monster, then Event, for your Character's icons"
    return "decide"  # pragma: no cover


def end_reason(state: FamiliarFeatState) -> str:
    """Why a finished adventure ended, in words."""
    if state.result == WON:
        return "the third Monster is driven away: the castle is free (FA-89)"
    if state.result == LOST_CAP:
        return f"the day limit of {MAX_DAYS} is passed (ruling FA-R29)"
    return "the Team deck ran out and a Creature had no Familiar to flee (FA-90)"
