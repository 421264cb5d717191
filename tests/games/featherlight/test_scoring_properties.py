"""Property tests of Featherlight scoring over random table positions (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fourfeathers import make
from fourfeathers.games.featherlight.scoring import hand_points, table_for

GAME = make("featherlight", players=2)

positions = st.permutations(list(range(1, 71))).map(lambda cards: (cards[:5], cards[5:11]))


@settings(max_examples=300, deadline=None)
@given(positions, st.randoms(use_true_random=False))
def test_scores_ignore_hand_order_and_stack_order(position, rng):
    """FL-36: the total is the sum of the five cards' points, whatever their order. FL-40: no
    card ever scores below 0."""
    hand, tops = position
    nest = [[c] for c in tops]
    lines = GAME.score_table(hand, nest)
    total = sum(line.points for line in lines)
    assert all(line.points >= 0 for line in lines)
    assert all(line.reason for line in lines)
    assert total == hand_points(GAME.rules, GAME.cards.colour, hand, nest)
    shuffled_hand, shuffled_nest = list(hand), list(nest)
    rng.shuffle(shuffled_hand)
    rng.shuffle(shuffled_nest)
    assert hand_points(GAME.rules, GAME.cards.colour, shuffled_hand, shuffled_nest) == total


@settings(max_examples=200, deadline=None)
@given(positions, st.lists(st.integers(0, 5), min_size=1, max_size=8))
def test_covered_cards_change_only_card_2(position, stacks):
    """FL-38: covered cards count for no colour; only card 2 (tallest stack) sees them."""
    hand, tops = position
    spare = [c for c in range(1, 71) if c not in hand and c not in tops]
    flat = [[c] for c in tops]
    tall = [[c] for c in tops]
    for i, s in enumerate(stacks):
        tall[s].insert(0, spare[i])
    before = {line.card: line.points for line in GAME.score_table(hand, flat)}
    after = {line.card: line.points for line in GAME.score_table(hand, tall)}
    for card in hand:
        if card == 2:
            assert after[2] == table_for(GAME.cards.colour, hand, tall).tallest
        else:
            assert after[card] == before[card]
