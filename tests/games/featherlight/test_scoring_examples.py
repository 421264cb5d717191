"""Every worked example of the Featherlight rulebook, with its printed number.

The feather dictionary's examples name colours, not card numbers; the tests pick cards of those
colours from the content file, so they hold for any content that keeps the rulebook's colours.
"""

from __future__ import annotations

import pytest

from fourfeathers import make
from fourfeathers.games.featherlight.scoring import COLOURS


@pytest.fixture(scope="module")
def game():
    return make("featherlight", players=2)


def of_colour(game, colour: str, count: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """The first ``count`` card numbers of ``colour``, skipping ``exclude``."""
    index = COLOURS.index(colour)
    cards = [c for c in game.cards.by_colour(index) if c not in exclude]
    return cards[:count]


def points(game, hand: list[int], nest: list[list[int]]) -> dict[int, int]:
    return {line.card: line.points for line in game.score_table(hand, nest)}


def test_kira_scores_83(game):
    """FL-101, the scoring example: hand 3, 6, 8, 15, 65 against the nest 4, 28, 31, 43, 60, 68.
    FL-36: each hand card scores on its own and the total is their sum; card 3 (FL-50), 6
    (FL-53), 8 (FL-47), 15 (FL-61, two disjoint sets, FL-41) and 65 (FL-87, counting itself,
    FL-42)."""
    result = points(game, [3, 6, 8, 15, 65], [[4], [28], [31], [43], [60], [68]])
    assert result == {3: 15, 6: 5, 8: 6, 15: 50, 65: 7}
    assert sum(result.values()) == 83


def test_card_1_hanno_scores_8(game):
    """FL-47: card 1 with one more purple in hand and one purple in the nest: 4 + 2 + 2."""
    purple = of_colour(game, "purple", 3, exclude=(1,))
    fillers = of_colour(game, "white", 3) + of_colour(game, "red", 6)
    hand = [1, purple[0], *fillers[:3]]
    nest = [[purple[1]], *([c] for c in fillers[3:8])]
    assert points(game, hand, nest)[1] == 8


def test_card_2_scores_tallest_stack_of_14(game):
    """FL-48: card 2 scores the height of the tallest stack: 14."""
    deck = [c for c in range(3, 71)]
    hand = [2, *deck[:4]]
    rest = deck[4:]
    tall = rest[:14]
    nest = [tall, *([c] for c in rest[14:19])]
    assert points(game, hand, nest)[2] == 14


def test_card_15_hazel_scores_25(game):
    """FL-61: card 15 with blue, purple, 2 yellow in hand; 2 black, white, 3 red in the nest:
    one set."""
    hand = [
        15,
        *of_colour(game, "blue", 1),
        *of_colour(game, "purple", 1),
        *of_colour(game, "yellow", 2),
    ]
    nest = [
        [c]
        for c in of_colour(game, "black", 2)
        + of_colour(game, "white", 1)
        + of_colour(game, "red", 3)
    ]
    assert points(game, hand, nest)[15] == 25


def test_card_17_leia_scores_20(game):
    """FL-62: card 17 with blue and red missing from hand and nest: 2 x 10."""
    colours = ("purple", "green", "yellow", "white", "black")
    cards = [c for name in colours for c in of_colour(game, name, 2, exclude=(17,))]
    hand, nest = [17, *cards[:4]], [[c] for c in cards[4:10]]
    assert points(game, hand, nest)[17] == 20


def test_card_52_hazel_scores_20(game):
    """FL-92: card 52 with two purple and two blue hand cards: two sets, 20."""
    hand = [52, *of_colour(game, "purple", 2), *of_colour(game, "blue", 2)]
    nest = [[c] for c in of_colour(game, "green", 6)]
    assert points(game, hand, nest)[52] == 20
