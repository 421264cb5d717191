"""Familiar Feat positions read from data (``state_from_dict``, issue 38): corrupted ``to_dict``
data that no adventure reaches is refused with a ``ValueError`` naming the field, rather than
accepted and then failing (no legal action in a live game, a crash inside ``apply_action``).
Each case below was accepted before the checks of ``rules_check`` and broke play."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fam_helpers import build, legal, play

from fourfeathers import make
from fourfeathers.games.familiar_feat.rules_phases import (
    F_EVENT_END,
    F_EXHAUST,
    F_GIVEUP,
    F_MOVE_PLACE,
    F_PLAY_PLACE,
    F_RESOLVE,
    PH_EVENTS,
    PH_NIGHT,
)


def data_of(state: Any) -> dict[str, Any]:
    """``to_dict`` as a JSON file holds it."""
    return json.loads(json.dumps(state.to_dict()))


def refused(state: Any, data: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        state.game.state_from_dict(data)


def test_the_positions_used_below_are_accepted_as_they_are():
    """The checks refuse the corrupted copies only, not the positions they come from."""
    for state in (
        make("familiar-feat", level=3).new_initial_state(5),
        make("familiar-feat", level=8, variants=["choose-cards"]).new_initial_state(5),
        exhausting(),
        moving(),
        playing_a_revived_card(),
        giving_up(),
    ):
        assert state.game.state_from_dict(data_of(state)) == state


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


@pytest.mark.parametrize(
    "change,match",
    [
        (_set("seed", -1), "seed must be 0 to"),  # make_rng refuses it too
        (_set("seed", 2**63), "seed must be 0 to"),
        (_set("day", 0), "day must be 1 to 200"),
        (_set("day", 10**30), "day must be 1 to 200"),
        (_set("shuffles", 1), "shuffles must be 0 to day - 1"),  # day 1: none yet (FA-32)
        (_set("shuffles", -1), "shuffles must be 0 to day - 1"),
        (_set("since", [2, 1, 1, 1, 1]), "since: slot 1"),  # entered play tomorrow
        (_set("stamp", -1), "stamp must be 0 to"),
        (_set("phase", 5), "phase over goes with a result"),  # over, yet no result
        (_set("result", 1), "phase over goes with a result"),  # won, yet still the day
    ],
)
def test_counts_and_days_out_of_their_range_are_refused(change, match):
    state = make("familiar-feat", level=3).new_initial_state(5)
    data = data_of(state)
    change(data)
    refused(state, data, match)


def test_an_event_among_the_familiars_is_refused():
    """Only Creatures are Familiars: an Event put in the Team discard was accepted, shuffled into
    the Team deck (FA-32) and attached beneath a Creature as if it were one."""
    state = make("familiar-feat", level=3).new_initial_state(5)
    data = data_of(state)
    event = next(c for c in data["deck"] if 81 <= c <= 101)
    data["deck"].remove(event)
    data["discard"].append(event)
    refused(state, data, "only Creatures are Familiars")


def test_a_familiar_in_the_creature_row_is_refused():
    """Tier 0 cards are Familiars only (FA-12): a Familiar swapped into the row is refused."""
    state = make("familiar-feat", level=3).new_initial_state(5)
    data = data_of(state)
    data["row"][0], data["team"][0] = data["team"][0], data["row"][0]
    refused(state, data, "slot 1 holds a card that is not a Creature of the Creature deck")


def test_a_live_position_with_nothing_to_decide_is_refused():
    """The night with nothing pending is a step of the flow, not a decision: once it was accepted
    with no legal action in a live adventure."""
    state = make("familiar-feat", level=3).new_initial_state(5)
    data = data_of(state)
    data["team"] += data["hand"]
    data["hand"] = []
    data["phase"] = PH_NIGHT
    refused(state, data, "wait on a decision with a legal action")


def test_a_pick_that_fits_no_banner_is_refused():
    """Variant choose-cards at Level 8 (FA-07, ruling FA-R03): one more Monster in ``chosen`` left
    no pick to make (no legal action), and the same Monster twice broke the deck's building."""
    state = make("familiar-feat", level=8, variants=["choose-cards"]).new_initial_state(5)
    first = state.legal_actions()[0].card
    play(state, f"choose {first}")
    data = data_of(state)
    fitting = {a.card for a in state.legal_actions()}
    other = next(m for m in range(55, 76) if m not in fitting and m not in data["chosen"])
    data["chosen"].append(other)
    refused(state, data, "fit the banner")
    data = data_of(state)
    data["chosen"].append(data["chosen"][0])
    refused(state, data, "each once")


def exhausting() -> Any:
    """Ember Fox Kit (16, Strength 4, exhaust 1) reached with 5 + 6: which one is exhausted."""
    state = build(row=[16, 76, 0, 0, 0], cols=[[5, 6], [7]], hand=[1], team=[2, 3])
    assert [list(f) for f in state.pending] == [[F_RESOLVE, 16, 1, 0], [F_EXHAUST, 16, 1, 0]]
    return state


def test_resolving_a_creature_that_is_not_in_the_row_is_refused():
    """Once accepted, the next step looked the Creature up in the row: ValueError in play."""
    state = exhausting()
    data = data_of(state)
    data["pending"][0][1] = 21  # Badger, in the box
    refused(state, data, "the Creature resolved")
    data = data_of(state)
    data["pending"][1][1] = 21  # the step names another Creature than the one resolved
    refused(state, data, "belongs to the Creature being resolved")


def test_a_frame_entry_out_of_range_is_refused():
    state = exhausting()
    for value in (10**30, -1):
        data = data_of(state)
        data["pending"][1][2] = value  # how many are still to be exhausted
        refused(state, data, "every entry is a card, a count or a flag")


def test_a_stack_the_rules_never_build_is_refused():
    """Two steps pending at once above one Creature (FA-41: step by step)."""
    state = exhausting()
    data = data_of(state)
    data["pending"].append([F_EXHAUST, 16, 1, 0])
    refused(state, data, "not a stack the rules build")


def moving() -> Any:
    """Black Swan (39, Move 1) attached: the Familiar 7 is to move; where to (FA-64)."""
    state = build(row=[21, 76, 77, 0, 0], cols=[[5, 6], [1], [7]], hand=[39], team=[2, 3])
    play(state, "attach 39 to 2", "choose 7")
    assert [list(f) for f in state.pending] == [[F_MOVE_PLACE, 7]]
    return state


def test_moving_a_familiar_that_is_not_in_play_is_refused():
    """Once accepted, listing the slots raised 'negative shift count'."""
    state = moving()
    data = data_of(state)
    data["cols"][2].remove(7)
    data["discard"].append(7)
    refused(state, data, "the Familiar must be in play")


def playing_a_revived_card() -> Any:
    """Raven (42, Strength 8, revive 2, then play 1) reached; 2 is played: where (FA-56)."""
    state = build(row=[42, 76, 77, 0, 0], cols=[[5, 6, 7, 8], [1]], fd=[3, 2], team=[4])
    assert legal(state) == ["choose 2", "choose 3"]
    play(state, "choose 2")
    assert [list(f) for f in state.pending] == [[F_RESOLVE, 42, 1, 0], [F_PLAY_PLACE, 2, 42]]
    return state


def test_playing_a_revived_card_that_is_not_waiting_is_refused():
    """Once accepted, playing it failed on ``list.remove``."""
    state = playing_a_revived_card()
    data = data_of(state)
    data["limbo"] = []
    data["box"].append(2)
    refused(state, data, "limbo holds just the revived card being played")


def giving_up() -> Any:
    """Giving Up (93, a Familiar in play flees) resolved once the row is full (FA-30, FA-98)."""
    state = build(
        row=[21, 22, 76, 77, 0],
        cols=[[1], [2]],
        team=[3, 4],
        phase=PH_EVENTS,
        events_pending=[93],
    )
    assert [list(f) for f in state.pending] == [[F_EVENT_END, 93], [F_GIVEUP, 1]]
    return state


def test_ending_an_event_that_was_not_set_aside_is_refused():
    """Once accepted, ending the Event failed on ``list.remove``."""
    state = giving_up()
    data = data_of(state)
    data["pending"][0][1] = 101  # Despair, in the box
    refused(state, data, "the first Event set aside is resolved")
    data = data_of(state)
    data["pending"][1] = [F_GIVEUP, 4]  # Giving Up takes one Familiar, not four
    refused(state, data, "not the choice Giving Up asks")
