"""The rulebook's two worked examples, with their printed numbers (FA-44, FA-87)."""

from __future__ import annotations

from fam_helpers import build, legal, play

from fourfeathers.games.familiar_feat import rules_totals
from fourfeathers.games.familiar_feat.content import E_EXHAUST


def test_strength_4_creature_exhausts_one_familiar():
    """FA-44: the total beneath the Strength-4 Creature reaches 4; its effect exhausts one
    Familiar at once, then the Creature and the remaining Familiars go to the Team discard.

    FA-40: 3 is short, 4 (equal) recruits at once; FA-41, FA-45: the effect first, then the
    discard; FA-42: the new Familiar is not drawn today; FA-43: its slot stays empty."""
    # 16 Ember Fox Kit: Strength 4, "exhaust 1". Beneath it 1 (Cuddle 1) and 5 (Cuddle 2).
    state = build(
        row=[16, 21, 0, 0, 0],
        cols=[[1, 5], [2]],
        hand=[3],  # Cuddle 1: 1 + 2 + 1 = 4
        team=[4, 6],
    )
    assert state.game.cards.strength[16] == 4
    assert state.game.cards.effect[16] == ((E_EXHAUST, 1),)
    assert rules_totals.column_total(state.game.cards, state.cols[0]) == 3 and state.row[0] == 16
    play(state, "attach 3 to 1")
    # The effect asks which of the three Familiars to exhaust (FA-46).
    assert legal(state) == ["choose 1", "choose 5", "choose 3"]
    play(state, "choose 5")
    assert state.fu == [5]
    assert sorted(state.discard) == [1, 3, 16]
    assert state.row == [0, 21, 0, 0, 0] and state.cols[0] == []
    assert state.hand == [6]  # the day goes on: the next Familiar is drawn
    assert 16 not in state.team + state.hand


def test_recruited_at_night_after_a_familiar_fled():
    """FA-87: the Team deck runs out, one Familiar flees from each Creature; at the Creature on
    the right the remaining total now equals its Strength, and night recruits it.

    FA-82: the day ends when the last card is attached; FA-83: one flee per Creature, the
    player's pick where there is a choice; FA-86: the night check; FA-88: then day 2."""
    # 27 Beaver: Strength 6, "exhaust the last". Beneath it 14 (Cuddle 3), 1 (Cuddle 1) and
    # 25 Magpie (Copy): 3 + 1 + 1 = 5, short of 6.
    state = build(
        row=[9, 10, 12, 13, 27],
        cols=[[2], [3], [4], [5], [14, 1, 25]],
        hand=[6],
        team=[],
    )
    cards = state.game.cards
    assert rules_totals.column_total(cards, state.cols[4]) == 5
    play(state, "attach 6 to 1")  # the last card: Cuddle 1 + 2 = 3 at Hopping Finch (Str 2)
    # Hopping Finch was recruited; the Team deck has run out: fleeing. Slots 2-4 hold one
    # Familiar each (forced); at the Beaver the player chooses.
    assert state.fled == [3, 4, 5]
    assert legal(state) == ["choose 14", "choose 1", "choose 25"]
    play(state, "choose 1")
    # Night: the Magpie now copies 14's Cuddle 3: 3 + 3 = 6 = Strength. Recruited: its effect
    # exhausts the last Familiar (the Magpie), then Beaver and 14 go to the Team discard.
    assert state.fu == [25]
    assert state.fled == [3, 4, 5, 1]
    assert state.day == 2
    # Day 2 shuffled the Team discard into the new Team deck: the Beaver is in the Team now.
    team = set(state.team) | set(state.hand)
    assert {27, 14, 9, 2, 6} <= team
