"""Familiar Feat rules of play, one test per rule (ids FA-nn of docs/rules/familiar-feat.md and
rulings FA-Rnn of docs/rulings/familiar-feat.md)."""

from __future__ import annotations

import random

import pytest
from fam_helpers import build, legal, play

from fourfeathers import ConfigError, IllegalActionError, make
from fourfeathers.core import TERMINAL
from fourfeathers.games.familiar_feat import render, rules_cards, rules_deck, rules_totals
from fourfeathers.games.familiar_feat.actions import Attach, Choose, Place
from fourfeathers.games.familiar_feat.content import (
    CASTLE_CARD,
    CHARACTERS,
    EVENTS,
    ICONS,
    K_CREATURE,
    K_EVENT,
    K_EXHAUSTED,
    K_MONSTER,
    MONSTERS,
    load_cards,
)
from fourfeathers.games.familiar_feat.rules_phases import (
    LOST,
    LOST_CAP,
    MAX_DAYS,
    ONGOING,
    PH_ATTACH,
    PH_DAWN,
    PH_EVENTS,
    PH_NIGHT,
    PH_SETUP,
    WON,
)

CARDS = load_cards()


def total(state, slot):
    return rules_totals.column_total(
        state.game.cards, state.cols[slot], rules_totals.no_double(state)
    )


# --- Copy and Double (FA-60..FA-62; rulings FA-R11..FA-R13) ----------------------------------


def test_copy_of_a_double_doubles_only_once():
    """FA-60, FA-61, FA-62, ruling FA-R13: a Copy of a Double copies 3 and the Double, but the
    column is doubled once; two Doubles double it once too."""
    # 35 Golden Eagle: Cuddle 3, Double; 25 Magpie: Copy.
    assert rules_totals.column_total(CARDS, [35, 25]) == (3 + 3) * 2
    assert rules_totals.column_total(CARDS, [35, 44]) == (3 + 3) * 2  # two Doubles: still once


def test_copy_at_the_top_is_worth_zero_and_chains_copy_effective_values():
    assert rules_totals.column_total(CARDS, [25]) == 0
    assert rules_totals.column_total(CARDS, [25, 1]) == 1
    assert rules_totals.column_total(CARDS, [14, 25, 31]) == 9  # 3, copy 3, copy of the copy 3


def test_copy_is_live_when_the_card_above_leaves():
    assert rules_totals.column_total(CARDS, [14, 1, 25]) == 5
    assert rules_totals.column_total(CARDS, [14, 25]) == 6  # 1 left: the Magpie now copies 3


# --- Attaching and the card limit (FA-33..FA-38; FA-R09, FA-R14) ------------------------------


def test_card_limit_five_and_cards_that_do_not_count():
    """FA-37, FA-65, ruling FA-R09: five counting cards at most; the Hare does not count; a card
    that fits nowhere goes to the Team discard."""
    full = [[1, 2, 3, 4, 5]]
    state = build(row=[76, 0, 0, 0, 0], cols=full, hand=[23], team=[6])  # 23 Hare: no limit
    assert legal(state) == ["attach 23 to 1"]
    play(state, "attach 23 to 1")
    # 6 counts and slot 1 holds 5 counting cards: it cannot be attached anywhere (FA-R09).
    assert 6 in state.discard and len(state.cols[0]) == 6


def test_copy_of_a_no_limit_familiar_does_not_count_either():
    state = build(row=[76, 0, 0, 0, 0], cols=[[1, 2, 3, 4, 23]], hand=[25], team=[5])
    assert legal(state) == ["attach 25 to 1"]  # the Magpie below the Hare copies "no limit"


def test_attach_goes_to_the_bottom_and_draws_the_next_card():
    """FA-33, FA-34, FA-35, FA-36: the only choice is where the card in hand goes (it cannot be
    kept or skipped); it goes to the bottom, then the next card is drawn."""
    state = build(row=[76, 77, 0, 0, 0], cols=[[1], [2]], hand=[5], team=[6, 7])
    assert legal(state) == ["attach 5 to 1", "attach 5 to 2"]
    play(state, "attach 5 to 2")
    assert state.cols[1] == [2, 5] and state.hand == [7] and state.team == [6]


# --- Recruit effects (FA-45..FA-57) -----------------------------------------------------------


def test_exhaust_the_first_and_the_last():
    """FA-49, FA-50: the top of the column, the bottom of the column."""
    state = build(row=[11, 14, 76, 0, 0], cols=[[1], [5], [2]], hand=[3], team=[4, 6])
    play(state, "attach 3 to 1")  # 11 Creek Newt, Strength 2: exhaust the first (1)
    assert state.fu == [1] and {11, 3} <= set(state.discard)
    play(state, "attach 6 to 2")  # 14 Clover Lamb, Strength 3: exhaust the last (6)
    assert state.fu == [1, 6] and {14, 5} <= set(state.discard)


def test_exhaust_the_highest_with_a_tie_is_a_choice():
    """FA-51, ruling FA-R15."""
    state = build(row=[17, 76, 0, 0, 0], cols=[[5], [1]], hand=[6], team=[2])
    play(state, "attach 6 to 1")  # 17 Willow Otter, Strength 4, exhaust the highest: 2 and 2
    assert legal(state) == ["choose 5", "choose 6"]
    play(state, "choose 6")
    assert state.fu == [6] and {17, 5} <= set(state.discard)


def test_exhaust_this_puts_the_creature_on_the_exhausted_pile():
    """FA-52: the Creature goes onto the face-up Exhausted pile, its Familiars to the discard."""
    # 45 Unicorn: Strength 14, "exhaust this". 35 + 44 are two Doubles: (3+3+2) * 2 = 16.
    state = build(row=[45, 76, 0, 0, 0], cols=[[35, 44], [1]], hand=[5], team=[2])
    play(state, "attach 5 to 1")
    assert state.fu == [45] and {35, 44, 5} <= set(state.discard) and 45 not in state.discard


def test_exhaust_n_with_fewer_familiars_exhausts_all_of_them():
    """FA-48: 24 Tortoise (Strength 6, "exhaust 2") is reached by one Golden Eagle (3, Double:
    6); the only Familiar beneath it is exhausted and the effect ends."""
    state = build(row=[24, 76, 0, 0, 0], cols=[[], [1]], hand=[35], team=[2])
    play(state, "attach 35 to 1")
    assert state.fu == [35] and 24 in state.discard and state.row[0] == 0
    assert state.pending == [] and state.hand == [2]


def test_revive_turns_the_face_up_pile_over_first_in_first_out():
    """FA-53, FA-54: the face-down pile is empty, so the face-up one is turned over whole; the
    card exhausted first (10) is revived first."""
    state = build(fu=[10, 11, 12])
    assert rules_cards.revive_one(state) == 10
    assert state.fd == [12, 11] and state.fu == []


def test_revive_two_then_play_one():
    """FA-56, ruling FA-R16; FA-57: the card not played goes to the Team discard, not into
    today's Team deck."""
    # 42 Raven (Strength 8): "revive 2, then play 1". 33 Red Stag (5) + 14 (3) = 8.
    state = build(row=[42, 76, 0, 0, 0], cols=[[33], [1]], hand=[14], team=[2], fd=[6, 7, 3])
    play(state, "attach 14 to 1")
    assert state.limbo == [3, 7] and legal(state) == ["choose 3", "choose 7"]
    play(state, "choose 7")
    # The only place is slot 2 (not the Raven itself, FA-R16): a forced choice is taken (FA-R05)
    assert state.cols[1] == [1, 7] and {3, 42, 33, 14} <= set(state.discard)
    assert 3 not in state.team + state.hand


def test_a_revive_with_both_exhausted_piles_empty_brings_nothing():
    """FA-55: 18 Marsh Heron ("revive 1") is recruited with nothing to revive; 47 Phoenix
    ("revive 2, then play 1", then "exhaust 1") revives nothing and goes on to its exhaust."""
    state = build(row=[18, 76, 0, 0, 0], cols=[[5], [1]], hand=[6], team=[2])
    play(state, "attach 6 to 1")  # 2 + 2 = 4 = Strength
    assert {18, 5, 6} <= set(state.discard) and state.fd == [] and state.fu == []
    state = build(row=[47, 76, 0, 0, 0], cols=[[33, 37], [1]], hand=[5], team=[2])
    play(state, "attach 5 to 1")  # 5 + 5 + 2 = 12 = Strength
    assert state.limbo == [] and legal(state) == ["choose 33", "choose 37", "choose 5"]
    play(state, "choose 5")
    assert state.fu == [5] and {47, 33, 37} <= set(state.discard)


# --- Cuddle abilities (FA-63..FA-66; FA-R17..FA-R20) ------------------------------------------


def test_the_upside_down_effect_of_a_familiar_does_nothing():
    """FA-59: 16 Ember Fox Kit's Creature effect ("exhaust 1") fired when it was recruited; as a
    Familiar it neither fires on attaching nor when its Creature (21 Badger, no effect) is
    recruited."""
    state = build(row=[76, 21, 0, 0, 0], cols=[[1], [2]], hand=[16], team=[3, 4])
    play(state, "attach 16 to 1")
    assert state.pending == [] and state.fu == [] and state.hand == [4]
    state = build(row=[21, 76, 0, 0, 0], cols=[[16], [1]], hand=[5], team=[2])
    play(state, "attach 5 to 1")  # 3 + 2 = 5 = Strength
    assert state.fu == [] and {21, 16, 5} <= set(state.discard)


def test_exhaust_one_then_revive_one():
    """FA-63, FA-53, FA-54: any Familiar in play (the Owl itself too) is exhausted, then one is
    revived from the turned-over face-up pile into the Team discard."""
    # 38 Snow Owl: Exhaust 1, then Revive 1. The face-down pile is empty: the face-up one turns.
    state = build(row=[76, 77, 0, 0, 0], cols=[[1], [2]], hand=[38], team=[5], fu=[10, 11])
    play(state, "attach 38 to 1")
    assert legal(state) == ["choose 1", "choose 38", "choose 2"]
    play(state, "choose 2")
    assert state.fd == [2, 11] and 10 in state.discard and state.cols[1] == []


def test_move_onto_a_creature_that_then_reaches_its_strength():
    """FA-64, FA-66, ruling FA-R19: the Move finishes, then the Creature is recruited."""
    # 39 Black Swan: Move 1. 21 Badger, Strength 5, holds 5 + 6 = 4.
    state = build(row=[21, 76, 77, 0, 0], cols=[[5, 6], [1], [7]], hand=[39], team=[2, 3])
    play(state, "attach 39 to 2")
    assert "choose 7" in legal(state)
    play(state, "choose 7")
    assert legal(state) == ["slot 1", "slot 2", "slot 3"]
    play(state, "slot 1")
    assert {21, 5, 6, 7} <= set(state.discard) and state.row[0] == 0


def test_a_move_reaches_the_left_creature_before_the_one_it_joins():
    """FA-64, FA-66, ruling FA-R19: the moved Familiar leaves its column before it is attached
    to the other. Its leaving lets a Copy copy a stronger card, so the Creature it left reaches
    its Strength first; its arrival reaches the other Creature's later. They are resolved in
    that order, and the player is not asked to order them as if reached at the same moment."""
    # 27 Beaver, Strength 6 (exhaust the last): 14 + 1 + 25 Magpie copying 1 = 3 + 1 + 1 = 5.
    # 21 Badger, Strength 5: 5 + 6 = 4. 39 Black Swan (Move 1) joins the Golem in slot 3.
    state = build(
        row=[27, 21, 76, 0, 0], cols=[[14, 1, 25], [5, 6], [7]], hand=[39], team=[2, 3, 4]
    )
    play(state, "attach 39 to 3", "choose 1")
    assert "slot 2" in legal(state)
    state.log = []
    play(state, "slot 2")  # Beaver: 3 + 3 (the Magpie now copies 14) = 6; Badger: 5
    assert "choose 27" not in legal(state) and "choose 21" not in legal(state)
    recruited = [line for line in state.log if "recruited" in line]
    assert recruited == [
        "Beaver (27) is recruited into the Team discard.",
        "Badger (21) is recruited into the Team discard.",
    ]
    assert state.fu == [25]  # the Beaver's effect: its last card, the Magpie, is exhausted
    assert state.discard == [14, 27, 5, 6, 1, 21]
    assert state.row[:2] == [0, 0] and state.legal_actions() == [Attach(4, 2)]


def test_ability_resolves_before_its_own_creature_is_recruited():
    """FA-66, ruling FA-R19: the Swan's own Creature waits until the Move is done, and the Move
    may even take a card away from it."""
    state = build(row=[21, 76, 0, 0, 0], cols=[[5], [1]], hand=[39], team=[2, 3])
    play(state, "attach 39 to 1")  # 2 + 3 = 5: Badger reached, but the Move comes first
    assert state.row[0] == 21
    play(state, "choose 39", "slot 2")  # move the Swan itself away: 2 < 5
    assert state.row[0] == 21 and state.cols == [[5], [1, 39], [], [], []]


def test_simultaneous_reaches_are_ordered_by_the_player():
    # Closing Ranks frees both cards at the same moment: the player orders them (FA-R17).
    state = build(
        row=[21, 22, 76, 0, 0],
        cols=[[5, 6], [14], [1]],
        hand=[7],
        team=[2, 3],
        active=[(90, 21, 22)],
        level=4,
    )
    play(state, "attach 7 to 1")  # Badger reached, but Raccoon (5) holds 3: both wait
    assert state.row[0] == 21
    play(state, "attach 3 to 2")  # Raccoon 3 + 1 = 4 < 5
    assert state.row[:2] == [21, 22]
    state = build(
        row=[21, 22, 76, 0, 0],
        cols=[[5, 6, 7], [14, 1]],
        hand=[2],
        team=[3, 4],
        active=[(90, 21, 22)],
        level=4,
    )
    play(state, "attach 2 to 2")
    assert legal(state) == ["choose 21", "choose 22"]
    assert 90 in state.box


# --- End of the day and night (FA-81..FA-90) ---------------------------------------------------


def test_the_morning_slides_the_row_refills_it_and_then_forms_the_team_deck():
    """FA-28: the remaining Creatures slide toward the deck with their columns (FA-39: the
    Familiars stay beneath them); FA-29: the row is refilled to five in reveal order; FA-30:
    the Event revealed meanwhile waits for the full row; FA-32: then the Team discard becomes
    the Team deck."""
    state = build(
        phase=PH_DAWN,
        day=2,
        row=[0, 21, 0, 76, 0],
        cols=[[], [1], [], [2], []],
        since=[0, 1, 0, 1, 0],
        deck=[77, 24, 81, 22, 12],  # bottom first: 12 is revealed first
        discard=[5, 6],
    )
    assert state.day == 3 and state.row == [21, 76, 12, 22, 24]
    assert state.cols == [[1], [2], [], [], []] and state.since == [1, 1, 3, 3, 3]
    assert state.deck == [77] and state.events_pending == [81]
    assert state.team == [] and state.discard == [5, 6]  # the Event comes first
    assert legal(state) == ["choose 5", "choose 6"]  # Thunderclap: exhaust 1 from the discard
    play(state, "choose 5")
    assert state.fu == [5] and 81 in state.box
    assert state.hand == [6] and state.team == [] and state.discard == []


def test_days_follow_one_another_without_a_set_number():
    """FA-27: day 150 ends and day 151 begins like any other; only the safety cap of ruling
    FA-R29 ends an adventure at day 200."""
    state = build(row=[76, 0, 0, 0, 0], cols=[[1, 2]], hand=[3], team=[], day=150)
    play(state, "attach 3 to 1", "choose 3")  # the Team deck has run out: 3 flees
    assert state.day == 151 and state.result == ONGOING
    assert legal(state) == ["choose 1", "choose 2"]  # no Team deck today: fleeing again
    state = build(row=[76, 0, 0, 0, 0], cols=[[1, 2]], hand=[3], team=[], day=MAX_DAYS)
    play(state, "attach 3 to 1", "choose 3")
    assert state.result == LOST_CAP and state.is_terminal()


def test_end_a_when_the_row_empties():
    """FA-81: the row is empty, the rest of the Team deck goes to the Team discard, nothing
    flees; the next morning refills the row (FA-29) and shuffles the Team deck (FA-32)."""
    state = build(
        row=[9, 0, 0, 0, 0], cols=[[1]], hand=[2], team=[3, 4], deck=[76, 12, 13, 15, 17, 18]
    )
    play(state, "attach 2 to 1")  # Hopping Finch recruited: the row is empty
    assert state.day == 2 and state.fled == []
    assert state.row == [18, 17, 15, 13, 12]
    assert sorted(state.team + state.hand) == [1, 2, 3, 4, 9]


def test_a_bare_creature_at_the_end_of_the_day_loses():
    """FA-85, FA-90, FA-79: the Team deck has run out and the second Golem has nothing to give
    up: lost at once."""
    state = build(row=[76, 77, 0, 0, 0], cols=[[1]], hand=[2], team=[])
    play(state, "attach 2 to 1")
    assert state.result == LOST and state.current_player == TERMINAL
    assert state.legal_actions() == [] and state.returns() == [0.0]


def test_empty_team_deck_at_the_start_of_a_day_ends_it_at_once():
    state = build(
        row=[76, 0, 0, 0, 0],
        cols=[[1, 2]],
        hand=[],
        team=[],
        phase=PH_EVENTS,
        day=3,
        deck=[77],
    )
    assert state.phase == PH_NIGHT and legal(state) == ["choose 1", "choose 2"]


def test_golems_are_never_recruited():
    """FA-78, FA-79: a total of 26 never reaches infinite Strength; the Golem takes a fifth card
    under the usual limit."""
    state = build(row=[76, 0, 0, 0, 0], cols=[[35, 44, 33, 37]], hand=[48], team=[1])
    play(state, "attach 48 to 1")
    assert state.row[0] == 76 and len(state.cols[0]) == 5


def test_third_monster_driven_away_wins():
    """FA-71, FA-89: driving away the third Monster wins at once."""
    state = build(
        row=[55, 76, 0, 0, 0],
        cols=[[33, 37, 46], [1]],  # 5 + 5 + 6 = 16 < 18
        hand=[8],
        team=[2],
        driven=[56, 57],
    )
    play(state, "attach 8 to 1")
    assert state.result == WON and state.winners() == [0] and state.returns() == [1.0]
    assert state.driven == [56, 57, 55] and state.scores() == [3]


def test_a_monster_is_driven_away_not_recruited():
    """FA-68, FA-69, FA-70: 57 Goblin King (Strength 20, "exhaust 1") is reached: its effect is
    resolved, it goes beside the Fled pile (never into the Team), its other Familiars go to the
    Team discard; one Monster of three, the adventure goes on."""
    state = build(row=[57, 76, 0, 0, 0], cols=[[33, 37, 46], [1]], hand=[48], team=[2])
    play(state, "attach 48 to 1")  # 5 + 5 + 6 + 7 = 23
    assert legal(state) == ["choose 33", "choose 37", "choose 46", "choose 48"]
    play(state, "choose 46")
    assert state.fu == [46] and state.driven == [57] and state.row[0] == 0
    assert {33, 37, 48} <= set(state.discard) and 57 not in state.discard + state.team
    assert state.result == ONGOING and state.scores() == [1]


def test_the_other_giant_head_keeps_strength_22():
    """FA-76, ruling FA-R36: driving away the left head (its effect: all its Familiars flee)
    leaves the right head in play with Strength 22."""
    state = build(
        level=8, row=[70, 71, 76, 0, 0], cols=[[33, 37, 46], [1], [2]], hand=[48], team=[4]
    )
    play(state, "attach 48 to 1")  # 5 + 5 + 6 + 7 = 23 >= 22
    assert state.driven == [70] and state.fled == [33, 37, 46, 48]
    assert state.row[1] == 71 and rules_totals.strength_of(state, 71) == 22
    assert state.result == ONGOING


def test_monster_that_leaves_after_its_days():
    """FA-74, ruling FA-R24: entry day counts as day 1; it leaves after that night. FA-79: the
    Golem gives up a Familiar too."""
    # 61 Fog Wraith: infinite, leaves after 3 days, effect exhaust 1. It entered on day 2.
    state = build(
        level=2,
        row=[61, 76, 0, 0, 0],
        since=[2, 1, 0, 0, 0],
        cols=[[1, 2], [3]],
        hand=[5],
        team=[],
        day=4,
        deck=[77, 78],
    )
    play(state, "attach 5 to 2")
    play(state, "choose 1", "choose 3")  # which Familiar flees from the Wraith, the Golem
    # Night: nothing reached; dawn: the Wraith leaves as though driven away.
    assert state.driven == [61] and state.fu == [2] and state.day == 5
    assert state.row == [76, 78, 77, 0, 0]


# --- Monsters with a star (FA-72, FA-73, FA-75) ------------------------------------------------


def test_tmnt_needs_exactly_four_strictly_increasing():
    """FA-72, FA-75, ruling FA-R21: a star Strength; its condition decides instead."""
    cond = CARDS.condition[64]
    assert rules_totals.condition_met(CARDS, cond, [1, 5, 14, 33])  # 1 < 2 < 3 < 5
    assert not rules_totals.condition_met(CARDS, cond, [1, 5, 14, 33, 46])  # five cards
    assert not rules_totals.condition_met(CARDS, cond, [1, 2, 14, 33])  # 1 = 1
    assert not rules_totals.condition_met(CARDS, cond, [5, 1, 14, 33])


def test_a_condition_needing_more_than_five_lifts_the_card_limit():
    """FA-73, ruling FA-R23: 67 Swarm Queen needs 9 Familiars, so it has no card limit."""
    state = build(level=4, row=[67, 0, 0, 0, 0], cols=[[1, 2, 3, 4, 5]], hand=[6], team=[7])
    assert rules_totals.card_limit(state, 67) == 0
    assert legal(state) == ["attach 6 to 1"]


# --- Events (FA-91..FA-98; FA-R25..FA-R27) -----------------------------------------------------


def event_state(event, level=4, **fields):
    base = dict(
        row=[21, 22, 27, 76, 0],
        cols=[[1], [2], [3], [4]],
        discard=[5, 6, 7, 14],
        day=3,
        phase=PH_EVENTS,
        events_pending=[event],
        level=level,
    )
    base.update(fields)
    return build(**base)


def test_flexibility_holds_two_cards():
    """FA-93: two cards in hand, each played card replaced at once."""
    state = event_state(84, level=2)
    assert len(state.hand) == 2 and 84 in [e[0] for e in state.active]
    hand = list(state.hand)
    play(state, f"attach {hand[0]} to 4")
    assert len(state.hand) == 2  # a replacement is drawn at once


def test_flexibility_plays_the_last_card_before_the_deck_counts_as_empty():
    """FA-93, FA-82: with the Team deck empty the hand empties card by card; the day ends only
    when the last card is played."""
    state = build(
        level=2, row=[76, 77, 0, 0, 0], cols=[[3], [4]], hand=[1, 2], team=[], active=[(84, 0, 0)]
    )
    play(state, "attach 1 to 1")
    assert state.hand == [2] and state.phase == PH_ATTACH
    assert legal(state) == ["attach 2 to 1", "attach 2 to 2"]
    play(state, "attach 2 to 2")
    assert state.phase == PH_NIGHT and state.hand == []  # end B: the Golems' flees
    assert legal(state) == ["choose 3", "choose 1"]


def test_catch_your_breath_removes_a_creature_and_keeps_its_familiars():
    """FA-94: the removed Creature's Familiar goes to the Team discard."""
    state = event_state(85, level=2)
    assert legal(state) == ["choose 21", "choose 22", "choose 27", "choose 76"]
    play(state, "choose 22")
    assert 22 in state.box and 22 not in state.row
    assert 2 in state.team + state.hand  # its Familiar went to the Team discard, then the deck


def _closing_ranks_after_a_drop(variants=()):
    """Badger (5) reaches 7 with the Swan, the Swan moves away (Badger 4), then the Raccoon
    reaches 5: the two cards of Closing Ranks (90)."""
    state = build(
        row=[21, 22, 76, 0, 0],
        cols=[[5, 6], [14], [1]],
        hand=[39],
        team=[2, 7],
        active=[(90, 21, 22)],
        level=4,
        variants=variants,
    )
    play(state, "attach 39 to 1", "choose 39", "slot 3", "attach 7 to 2")
    return state


def test_closing_ranks_latches_a_reached_card():
    """FA-95, ruling FA-R26: once reached, the Badger waits for the Raccoon even though its
    total dropped; then Closing Ranks is boxed and both are resolved in the player's order."""
    state = _closing_ranks_after_a_drop()
    assert 90 in state.box and state.active == []
    assert legal(state) == ["choose 21", "choose 22"]
    play(state, "choose 21")  # the Badger (total 4 < 5) is recruited all the same
    assert 21 in state.discard and 21 not in state.row and state.latched == []
    again = state.game.state_from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()


def test_closing_ranks_together_variant_needs_both_at_once():
    state = _closing_ranks_after_a_drop(("closing-ranks-together",))
    assert state.active == [(90, 21, 22)] and state.latched == []
    assert state.row[:2] == [21, 22] and state.pending == []


def test_closing_ranks_ends_with_the_night_and_a_monster_still_leaves():
    """FA-96, ruling FA-R26: neither bound card (Badger, Raccoon) was reached; at the end of
    the night Closing Ranks returns to the box and both stay in play, while the Fog Wraith
    (infinite Strength, its third day) still leaves as though driven away (FA-74)."""
    state = build(
        level=4,
        row=[61, 21, 22, 76, 0],
        cols=[[1], [5, 6], [7], [2]],
        since=[2, 4, 4, 1, 0],
        hand=[3],
        team=[],
        discard=[4, 8],
        day=4,
        deck=[77, 78],
        active=[(90, 21, 22)],
    )
    play(state, "attach 3 to 4", "choose 6", "choose 2")  # the flees at the Badger and Golem
    assert 90 in state.box and state.active == [] and state.latched == []
    assert state.driven == [61] and state.day == 5 and state.result == ONGOING
    assert state.row[:3] == [21, 22, 76] and state.cols[0] == [5]


def test_catch_your_breath_may_remove_a_monster_or_a_golem():
    """FA-77, FA-94, ruling FA-R25: an Event's Creatures include Monsters (and Golems, FA-R30); a
    removed Monster
    goes under the Creature deck (it must still be driven away), a Golem to the box."""
    state = event_state(85, level=2, row=[21, 65, 76, 0, 0], cols=[[1], [2], [3]], deck=[77, 22])
    assert legal(state) == ["choose 21", "choose 65", "choose 76"]
    play(state, "choose 65")
    assert state.deck[0] == 65 and 65 not in state.box and 2 in state.team + state.hand
    det = state.determinize(0, random.Random(3))
    assert det.deck[0] == 65  # its place under the Golem is known
    state = event_state(85, level=2, row=[21, 65, 76, 0, 0], cols=[[1], [2], [3]])
    play(state, "choose 76")
    assert 76 in state.box and 76 not in state.row


def test_space_requirement_limits_the_strongest_until_it_is_recruited():
    """Ruling FA-R25; FA-97: it returns to the box the moment its Creature is recruited."""
    state = event_state(91, cols=[[1], [2], [3, 4, 5], [8]], discard=[6, 7, 14])
    assert state.active == [(91, 27, 0)]  # Beaver has the highest Strength (6)
    assert rules_totals.card_limit(state, 27) == 3
    # 27 Beaver (Strength 6) holds 33 Red Stag (5); Clover Lamb's 3 recruits it.
    state = build(
        level=4, row=[27, 76, 0, 0, 0], cols=[[33], [1]], hand=[14], team=[2], active=[(91, 27, 0)]
    )
    play(state, "attach 14 to 1")
    assert 27 in state.discard and 91 in state.box and state.active == []


def test_insecurity_returns_to_the_box_when_its_creature_is_recruited():
    """FA-97: the Badger's Strength is 5 + 3 while Insecurity is on it; 5 + 5 = 10 recruits it
    and Insecurity goes back to the box."""
    state = build(
        level=4, row=[21, 76, 0, 0, 0], cols=[[33], [1]], hand=[37], team=[2], active=[(92, 21, 0)]
    )
    assert rules_totals.strength_of(state, 21) == 8
    play(state, "attach 37 to 1")
    assert 21 in state.discard and 92 in state.box and state.active == []


def test_insecurity_adds_strength_to_the_weakest():
    state = event_state(92)
    assert state.active == [(92, 21, 0)] and rules_totals.strength_of(state, 21) == 5 + 3


def test_giving_up_without_familiars_in_play_does_nothing():
    """FA-98."""
    state = event_state(93, cols=[[], [], [], []], row=[21, 0, 0, 0, 0])
    assert state.fled == [] and 93 in state.box


def test_thunderclap_exhausts_a_familiar_from_the_team_discard():
    """FA-31, FA-91, ruling FA-R25: the Level 1 lightning Event, resolved once the row is full,
    then boxed."""
    state = event_state(81, level=1)
    assert legal(state) == ["choose 5", "choose 6", "choose 7", "choose 14"]
    play(state, "choose 14")
    assert state.fu == [14] and 14 not in state.team + state.hand
    assert 81 in state.box and state.events_pending == []


def test_hourglass_events_end_with_the_night():
    """FA-92: Drizzle (+1 Strength) lasts the day and its night, then returns to the box."""
    state = event_state(86, level=2, cols=[[1], [2], [3], [4]], discard=[5])
    assert rules_totals.strength_of(state, 21) == 6
    play(state, f"attach {state.hand[0]} to 4")  # the last card: the day ends, fleeing
    while not state.is_terminal() and state.day == 3:
        state.apply_action(state.legal_actions()[0])
    assert 86 in state.box


# --- Setup (FA-05..FA-26) ----------------------------------------------------------------------


def test_level_1_deck_structure():
    """FA-12..FA-19, FA-67: from the bottom, the four Golems (FA-13), Tier IV with the three
    Monsters (FA-14, FA-67), an Event (FA-15), Tier III and an Event (FA-16), Tier II and an
    Event (FA-17), Tier I on top (FA-18): the order of FA-19. Tier 0 is the Team (FA-12)."""
    state = make("familiar-feat", level=1).new_initial_state(11)
    cards = state.game.cards
    deck = state.deck  # bottom first
    assert deck[:4] == [76, 77, 78, 79]
    castle = deck[4:17]
    assert {cards.tier[c] for c in castle if cards.kind[c] != K_MONSTER} == {4}
    assert sorted(c for c in castle if cards.kind[c] == K_MONSTER) == [55, 56, 57]
    assert deck[17] in (81, 82, 83) and deck[30] in (81, 82, 83) and deck[43] in (81, 82, 83)
    assert {cards.tier[c] for c in deck[18:30]} == {3}
    assert {cards.tier[c] for c in deck[31:43]} == {2}
    assert {cards.tier[c] for c in deck[44:] + state.row} == {1}
    assert sorted(state.team + state.hand) == list(range(1, 9))


@pytest.mark.parametrize("level", [1, 5])
def test_the_table_at_the_start(level):
    """FA-21: five Creatures revealed into the row, in play since day 1; FA-23: both Exhausted
    piles empty, the Exhausted card on the table (in no pile); FA-24: the
    Tier 0 Team deck and the level's Character; FA-25: no Team discard, no Fled pile; FA-03:
    the Castle card stays in the box."""
    game = make("familiar-feat", level=level)
    cards = game.cards
    state = game.new_initial_state(4)
    assert len(state.row) == 5 and all(cards.kind[c] == K_CREATURE for c in state.row)
    assert state.since == [1] * 5 and state.cols == [[]] * 5 and state.day == 1
    assert state.fd == [] and state.fu == []
    exhausted = 80
    assert cards.kind[exhausted] == K_EXHAUSTED and exhausted not in state.box
    places = state.component_locations()
    assert places["exhausted card"] == [exhausted]
    assert [p for p, cards_ in places.items() if exhausted in cards_] == ["exhausted card"]
    assert {cards.tier[c] for c in state.team + state.hand} == {0} and len(state.hand) == 1
    assert state.character == cards.character(level)
    assert state.discard == [] and state.fled == [] and state.driven == []
    assert CASTLE_CARD in state.box


def test_the_castle_card_never_leaves_the_box():
    """FA-03: it plays no part, so a position with the Castle card anywhere else is refused."""
    state = make("familiar-feat", level=1).new_initial_state(2)
    data = state.to_dict()
    data["box"].remove(CASTLE_CARD)
    data["discard"].append(CASTLE_CARD)
    with pytest.raises(ValueError, match="Castle"):
        state.game.state_from_dict(data)


@pytest.mark.parametrize("level", range(1, 9))
def test_levels_take_one_monster_and_one_event_per_icon(level):
    """FA-06: the level's Character; FA-07: one Monster and one Event per banner icon; FA-08:
    the unused ones stay in the box; FA-09: each fits the level; FA-10: the Giant's two heads
    together, at Levels 7 and 8 only; FA-11: three Monsters and three Events in the deck."""
    game = make("familiar-feat", level=level)
    cards = game.cards
    banner = sorted(cards.banner[cards.character(level)])
    for seed in range(30):
        state = game.new_initial_state(seed)
        assert state.character == cards.character(level)
        monsters = [c for c in state.chosen if cards.kind[c] == K_MONSTER]
        events = [c for c in state.chosen if c not in monsters]
        assert len(monsters) == 3 and len(events) == 3
        assert sorted(cards.icon[c] for c in monsters) == banner
        assert sorted(cards.icon[c] for c in events) == banner
        assert all(cards.usable(c, cards.icon[c], level) for c in state.chosen)
        assert sorted(c for c in state.deck if cards.kind[c] in (K_MONSTER, K_EVENT)) == (
            sorted(state.chosen)
        )
        unused = [c for c in (*MONSTERS, *EVENTS, *CHARACTERS) if c not in state.chosen]
        assert set(unused) - {state.character} <= set(state.box)
        giants = {70, 71} & set(monsters)
        assert not giants or (giants == {70, 71} and level in (7, 8))


def test_the_giant_shows_up_at_level_8():
    game = make("familiar-feat", level=8)
    assert any({70, 71} <= set(game.new_initial_state(s).chosen) for s in range(40))


def test_choose_cards_variant_lets_the_player_pick():
    state = make("familiar-feat", level=3, variants=["choose-cards"]).new_initial_state(1)
    assert state.phase == PH_SETUP
    sun = [c for c in MONSTERS if ICONS[CARDS.icon[c]] in ("sun", "moon")]
    assert {int(a.split()[1]) for a in legal(state)} == set(sun)
    play(state, "choose 58", "choose 59")
    assert {int(a.split()[1]) for a in legal(state)} == {64, 65, 66, 67, 68, 69}
    play(state, "choose 64", "choose 84", "choose 85", "choose 90")
    assert state.phase == PH_ATTACH and sorted(state.chosen) == [58, 59, 64, 84, 85, 90]
    assert 58 in state.deck and 90 in state.deck


# --- Configuration, actions, information -------------------------------------------------------


@pytest.mark.parametrize("players", [0, 2, 4, True])
def test_only_one_player(players):
    """FA-04: a game for one player."""
    with pytest.raises(ConfigError, match="solo"):
        make("familiar-feat", players=players)


@pytest.mark.parametrize("level", [0, 9, True, "3", 2.0])
def test_bad_levels(level):
    with pytest.raises(ConfigError, match="level"):
        make("familiar-feat", level=level)


def test_bad_variants():
    with pytest.raises(ConfigError, match="variants"):
        make("familiar-feat", variants="choose-cards")
    with pytest.raises(ConfigError, match="unknown variant"):
        make("familiar-feat", variants=["nope"])


def test_config_round_trip():
    game = make("familiar-feat", level=5, players=1)
    assert make("familiar-feat", **game.config).config == game.config
    assert game.config["level"] == 5


def test_illegal_actions_name_the_rule_and_change_nothing():
    state = build(row=[76, 0, 0, 0, 0], cols=[[1]], hand=[2], team=[3])
    before = state.to_dict()
    for text, rule in (
        ("attach 2 to 3", "FA-38"),
        ("attach 3 to 1", "FA-34"),
        ("choose 2", "FA-33"),
        ("slot 1", "FA-33"),
    ):
        with pytest.raises(IllegalActionError) as err:
            play(state, text)
        assert err.value.rule == rule
        assert state.to_dict() == before


def test_parse_actions():
    game = make("familiar-feat")
    assert str(game.parse_action(" Attach  12 to 3 ")) == "attach 12 to 3"
    assert str(game.parse_action("choose 110")) == "choose 110"
    for bad in ("attach 0 to 1", "attach 5 to 6", "slot 0", "choose 111", "draw"):
        with pytest.raises(IllegalActionError):
            game.parse_action(bad)


def test_observation_hides_the_orders_and_determinize_keeps_the_layers():
    """FA-04, FA-20, FA-100, ruling FA-R31: the player knows what each deck holds, not its
    order; a determinization reorders each layer of the Creature deck within itself."""
    import random

    state = make("familiar-feat", level=6).new_initial_state(3)
    obs = state.observation(0)
    assert obs["team_deck"] == sorted(state.team)
    assert obs["creature_deck"] == sorted(state.deck)
    assert "seed" not in obs
    cards = state.game.cards
    sample = state.determinize(0, random.Random(1))
    assert sample.observation(0) == obs
    assert [rules_deck.deck_class(cards, c) for c in sample.deck] == [
        rules_deck.deck_class(cards, c) for c in state.deck
    ]
    assert sample.seed != state.seed
    with pytest.raises(ValueError):
        state.observation(1)


def test_describe_and_render():
    from rich.console import Console

    state = build(row=[16, 21, 0, 0, 0], cols=[[1, 5], [2]], hand=[3], team=[4, 6])
    game = state.game
    action = game.parse_action("attach 3 to 1")
    assert "Cuddle 4 / 4" in game.describe_action(state, action)
    assert not game.reveals(state, action)  # the exhaust choice comes before the next draw
    after = state.clone()
    after.apply_action(action)
    choice = after.legal_actions()[0]
    assert game.reveals(after, choice)
    final = after.clone()
    final.apply_action(choice)
    outcome = game.describe_outcome(after, choice, final)
    # the chosen exhaust is the action's own sentence, not repeated as an outcome
    assert game.describe_action(after, choice).startswith("exhaust ")
    assert "exhausted" not in outcome and "recruited" in outcome
    console = Console(width=160, record=True)
    console.print(render.render_state(game, after, 0))
    text = console.export_text()
    assert "Cuddle 4 / 4" in text and "Team deck 2" in text and "day 1" in text


def test_night_resolutions_in_the_players_order():
    """FA-86, ruling FA-R27: after the flee, every Creature reached is resolved in the order
    the player chooses; FA-47: the player orders the two Familiars the Tortoise exhausts."""
    # 24 Tortoise (Strength 6, exhaust 2) and 27 Beaver (Strength 6, exhaust the last), each
    # with [3, 1, Copy] = 5; when the 1s flee, both Copies copy 3: 6 and 6.
    state = build(
        row=[76, 24, 27, 0, 0],
        cols=[[2], [14, 1, 25], [15, 3, 31]],
        hand=[5],
        team=[],
    )
    play(state, "attach 5 to 1")  # the last card: end of the day, fleeing
    play(state, "choose 2", "choose 1", "choose 3")
    assert state.phase == PH_NIGHT
    assert legal(state) == ["choose 24", "choose 27"]
    play(state, "choose 27")  # Beaver first: exhausts the last (the Mockingbird)
    assert state.fu == [31]
    assert legal(state) == ["choose 14", "choose 25"]  # Tortoise: exhaust 2, in my order
    play(state, "choose 25")
    assert state.fu == [31, 25, 14] and state.day == 2


@pytest.mark.parametrize(
    "make_action",
    [
        lambda c: Attach(c, 1.0),
        lambda c: Attach(c, True),
        lambda c: Attach(True, 0),
        lambda c: Choose(True),
        lambda c: Place(True),
        lambda c: Attach(c, "1"),
    ],
)
def test_malformed_action_objects_are_illegal_and_change_nothing(make_action):
    state = make("familiar-feat", level=1).new_initial_state(1)
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply_action(make_action(state.hand[0]))
    assert state.to_dict() == before


def test_state_from_dict_rejects_an_empty_active_entry():
    state = make("familiar-feat", level=1).new_initial_state(1)
    data = state.to_dict()
    data["active"] = [[]]
    with pytest.raises(ValueError, match="active"):
        state.game.state_from_dict(data)


def test_observation_refuses_a_bool_seat():
    state = make("familiar-feat", level=1).new_initial_state(1)
    with pytest.raises(ValueError):
        state.observation(False)


# --- The play screen (public information, FA-R03, FA-100) --------------------------------------


def test_a_row_card_reads_as_a_creature_and_an_attached_card_as_a_familiar():
    """FA-22, FA-02: in the row, 14 Clover Lamb shows its Strength and effect; beneath the
    Golem, 16 Ember Fox Kit shows and counts only its Cuddle value, not its Strength 4 or its
    effect "exhaust 1"."""
    state = build(row=[14, 76, 0, 0, 0], cols=[[], [16]], hand=[1], team=[2])
    text = _screen(state)
    assert "Clover Lamb [14]" in text and "Strength 3" in text
    assert "effect: exhaust the last" in text
    assert " 3 Ember Fox Kit [16]" in text and "Cuddle 3 / ∞" in text
    assert "Strength 4" not in text and "exhaust 1" not in text


def _screen(state) -> str:
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(render.render_state(state.game, state, 0))
    return console.export_text()


def test_screen_shows_the_adventure_and_the_pile_contents():
    state = build(
        row=[21, 76, 0, 0, 0],
        cols=[[1], [2]],
        hand=[3],
        team=[4],
        discard=[5, 25],
        fd=[6, 7],
        fu=[8],
        fled=[14],
        chosen=[60, 64, 65, 84, 89, 90],
        deck=[60, 64, 65, 90],
        level=4,
    )
    text = _screen(state)
    assert "Hobgoblin [60] (to come)" in text and "Flexibility [84] (done)" in text
    assert "Magpie [25] Copy" in text and "[25] =" not in text  # a Copy reads as Copy
    # the face-down Exhausted pile: top (revived first) listed first (FA-100)
    assert text.index("[7] ") < text.index("[6] ") < text.index("face up")
    assert "Fled (1): Clover Lamb [14] 3" in text


def test_a_monster_leaving_tonight_says_so():
    state = build(row=[61, 76, 0, 0, 0], cols=[[1], [2]], hand=[3], since=[1, 1, 1, 1, 1], day=3)
    assert "leaves tonight" in _screen(state)
    state = build(row=[61, 76, 0, 0, 0], cols=[[1], [2]], hand=[3], since=[3, 1, 1, 1, 1], day=3)
    assert "leaves after the night of day 5" in _screen(state)


def test_a_chosen_flee_is_told_once():
    state = build(row=[21, 22, 0, 0, 0], cols=[[1, 2], [3]], hand=[], team=[], level=1)
    action = state.legal_actions()[0]
    said = state.game.describe_action(state, action)
    before = state.clone()
    state.apply_action(action)
    outcome = state.game.describe_outcome(before, action, state) or ""
    assert "flees" in said and f"({action.card}) flees" not in outcome


def test_choosing_one_giant_head_brings_the_other():
    """FA-R36: the two heads are used together; picking one adds the other (choose-cards)."""
    state = make("familiar-feat", level=8, variants=["choose-cards"]).new_initial_state(1)
    play(state, "choose 70")
    assert state.chosen == [70, 71] and "choose 71" not in legal(state)
