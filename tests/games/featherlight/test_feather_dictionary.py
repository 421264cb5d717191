"""The feather dictionary card by card, and the general scoring rules, with hand-counted points.

A case names the card scored, the colours of the other four hand cards and the colours of the six
exposed nest cards, in letters: R red, P purple, B blue, G green, Y yellow, W white, K black. The
cards of those colours are picked from the shipped content, so a case only depends on the colour
of the card it scores (``test_content.py`` pins the colours).
"""

from __future__ import annotations

import pytest

from fourfeathers import make
from fourfeathers.games.featherlight.scoring import COLOURS, Table

GAME = make("featherlight", players=2)
LETTERS = dict(zip("RPBGYWK", COLOURS, strict=True))


def deal(card: int, hand: str, nest: str) -> tuple[list[int], list[list[int]]]:
    """``card`` and one card per letter of ``hand``; six one-card stacks, one per letter of
    ``nest``. Every card is different."""
    used = {card}

    def pick(letter: str) -> int:
        colour = COLOURS.index(LETTERS[letter])
        chosen = next(c for c in GAME.cards.by_colour(colour) if c not in used)
        used.add(chosen)
        return chosen

    cards = [card] + [pick(x) for x in hand]
    return cards, [[pick(x)] for x in nest]


def points(hand: list[int], nest: list[list[int]]) -> dict[int, int]:
    return {line.card: line.points for line in GAME.score_table(hand, nest)}


def colour(card: int) -> str:
    return COLOURS[GAME.cards.colour[card]]


PURPLE_EFFECT = (1, 8, 16, 23, 30, 37, 43, 50, 57, 63)
EVEN_BLACK = (46, 53, 59, 65, 69)
ODD_BLACK = (47, 54, 60, 66, 70)

CASES = [
    # rule, card, other hand cards, nest, points
    *[("FL-47", c, "PGGG", "PPWWWW", 4 + 3 * 2) for c in PURPLE_EFFECT],
    ("FL-50", 3, "PBGG", "KKKKKK", 15),  # red, purple, blue, green: four with card 3 itself
    ("FL-50", 3, "PBGW", "KKKKKK", 15),  # a fifth colour adds nothing
    ("FL-50", 3, "PBRR", "GYWKGY", 0),  # three colours in hand; the nest does not count
    ("FL-51", 4, "KKKK", "RRRRRR", 20),  # black in hand does not matter
    ("FL-51", 4, "RRRR", "KRRRRR", 0),
    ("FL-52", 5, "WWGG", "WWRRRR", 20),
    ("FL-52", 5, "WWWG", "WWRRRR", 0),  # five white: not exactly four
    ("FL-53", 6, "GGGG", "RRRGGY", 25),
    ("FL-53", 6, "RRRR", "RRGGYY", 5),  # the hand's reds do not count
    ("FL-54", 7, "GGGG", "GGGGRY", 35),
    ("FL-54", 7, "GGGG", "GGGRRY", 0),
    ("FL-55", 9, "RPBG", "WKRRRR", 35),
    ("FL-55", 9, "RPBG", "WRRRRR", 0),  # no black
    ("FL-56", 10, "RRRR", "RRGGGG", 10),
    ("FL-57", 11, "RRRR", "RPBGYW", 45),
    ("FL-57", 11, "KRRR", "RPBGYY", 5),
    ("FL-58", 12, "GGRR", "GRRRRR", 20),
    ("FL-58", 12, "GGGR", "GRRRRR", 0),
    ("FL-59", 13, "PPRR", "PRRRRR", 24),
    ("FL-59", 13, "PRRR", "PRRRRR", 0),
    ("FL-60", 14, "PPPP", "PPPRRR", 18),  # 3 purple in the nest; the hand's do not count
    ("FL-61", 15, "PBWK", "PBWRRR", 25),  # black once: one set
    ("FL-61", 15, "PBWK", "PBWKRR", 50),
    ("FL-62", 17, "RRRR", "RRPPPP", 40),  # red, purple and yellow (card 17) present: 4 missing
    ("FL-63", 18, "GGGG", "GGRRRR", 16),
    ("FL-64", 19, "GGGR", "RRRRRR", 18),
    ("FL-64", 19, "GGRP", "GGGGGG", 0),  # the nest's greens do not count
    ("FL-64", 19, "RRPB", "GGGGGG", 18),  # card 19 is the third red
    ("FL-65", 20, "RRRR", "RRGGGG", 8),
    ("FL-66", 21, "KKRR", "KRRRRR", 14),
    ("FL-67", 22, "RBYK", "RBYRRR", 25),
    ("FL-67", 22, "RBYR", "RBYRRR", 0),  # no black
    ("FL-68", 24, "RYKK", "RYKRRR", 30),
    ("FL-69", 25, "RGGG", "RGGGGG", 18),
    ("FL-69", 25, "RRGG", "RGGGGG", 0),
    ("FL-70", 26, "BBBB", "BBBRRR", 15),
    ("FL-71", 27, "PBGY", "RRRRRR", 20),
    ("FL-71", 27, "PBGR", "WKYWKY", 0),
    ("FL-72", 28, "YYYY", "RRRRRR", 20),
    ("FL-72", 28, "RRRR", "YRRRRR", 0),
    ("FL-73", 29, "YYYY", "YYRRRR", 10),
    ("FL-74", 31, "RRRR", "RRGGGG", 7),
    ("FL-75", 32, "RPBB", "RPRRRR", 30),
    ("FL-76", 33, "BRRR", "GGGGGG", 15),
    ("FL-76", 33, "BBRR", "GGGGGG", 0),
    ("FL-77", 34, "WWWW", "WWWRRR", 12),
    ("FL-78", 35, "KKRR", "KKKKRR", 16),  # the nest's blacks do not count
    ("FL-79", 36, "BYWW", "BYRRRR", 26),
    ("FL-80", 38, "RBYY", "RRRRRR", 13),
    ("FL-81", 39, "GGGG", "RRRRRR", 35),  # four of any colour
    ("FL-81", 39, "GGGR", "GGGGGG", 0),
    ("FL-81", 39, "RRRG", "GGGGGG", 35),  # card 39 is the fourth red
    ("FL-82", 40, "YKKK", "YYKRRR", 24),
    ("FL-83", 41, "RRRR", "RRGGGG", 6),
    ("FL-84", 42, "BYYG", "BBBYYY", 15),
    ("FL-85", 44, "RRRR", "RRRGGG", 12),
    ("FL-86", 45, "GWWR", "GGGWWW", 15),
    *[("FL-87", c, "KRRR", "RRRRRR", 7) for c in EVEN_BLACK],  # two black with the card
    *[("FL-87", c, "RRRR", "GGGGGG", 0) for c in EVEN_BLACK],  # the card alone: one, odd
    *[("FL-88", c, "RRRR", "GGGGGG", 5) for c in ODD_BLACK],
    *[("FL-88", c, "KRRR", "RRRRRR", 0) for c in ODD_BLACK],
    ("FL-89", 48, "RRWG", "WRRRRR", 14),
    ("FL-90", 49, "GGYR", "YYYYYY", 15),  # hand only: one green-yellow pair
    ("FL-91", 51, "BBYR", "YRRRRR", 14),
    ("FL-92", 52, "PPBG", "BBBBBB", 10),  # hand only: one purple-blue pair
    ("FL-93", 55, "RRRB", "BRRRRR", 14),
    ("FL-94", 56, "WWKG", "KKKKKK", 10),  # hand only: one white-black pair
    *[("FL-95", c, "RRRR", "RRGGGG", 5) for c in (58, 61, 62)],
    *[("FL-95", c, "RRRR", "RRGGGG", 4) for c in (64, 67, 68)],
]


@pytest.mark.parametrize(
    "rule,card,hand,nest,expected",
    CASES,
    ids=[f"{rule}-card{card}-{hand}-{nest}" for rule, card, hand, nest, _ in CASES],
)
def test_feather_dictionary(rule, card, hand, nest, expected):
    """Every card's text, FL-47 to FL-95 (the rule ids are the parameter ids)."""
    cards, stacks = deal(card, hand, nest)
    assert points(cards, stacks)[card] == expected, f"{rule}: card {card} ({colour(card)})"


def test_every_card_of_the_dictionary_has_a_case():
    """FL-47 to FL-95 cover cards 1-70 except card 2 (FL-48, below)."""
    assert sorted({card for _, card, *_ in CASES} | {2}) == list(range(1, 71))


def test_card_2_scores_the_tallest_stack_once_counting_every_card():
    """FL-48, FL-49 (ruling FL-R06): two stacks of 3 score 3, an untouched nest 1; covered cards
    count, scoring reorders nothing, and the colours do not matter."""
    hand = [2, 10, 20, 31, 41]
    flat = [[11], [12], [13], [14], [15], [16]]
    assert points(hand, flat)[2] == 1
    nest = [[21, 22, 11], [23, 24, 12], [13], [25, 14], [15], [16]]
    before = [list(s) for s in nest]
    assert points(hand, nest)[2] == 3
    assert nest == before
    recoloured = [[51, 52, 53], [54, 55, 56], [57], [58, 59], [60], [61]]
    assert points([2, 10, 20, 31, 41], recoloured)[2] == 3


def test_only_hand_cards_score_and_nest_cards_add_only_their_colour():
    """FL-04, FL-36, FL-37: one line per hand card; swapping a nest card for another of the same
    colour but a different text (10 scores 10, 31 scores 7, both white) changes nothing."""
    hand = [1, 14, 34, 35, 45]
    with_10 = GAME.score_table(hand, [[10], [8], [46], [15], [26], [3]])
    with_31 = GAME.score_table(hand, [[31], [8], [46], [15], [26], [3]])
    assert colour(10) == colour(31) == "white"
    assert [line.card for line in with_10] == hand
    assert [line.points for line in with_10] == [line.points for line in with_31]


def test_hand_nest_and_both_scopes():
    """FL-39: one black card moves from the hand to the nest. Card 35 (hand only) loses it, card 4
    (nest only) fails on it, card 21 (both) does not care where it lies."""
    black = GAME.cards.by_colour(COLOURS.index("black"))[0]
    greens = GAME.cards.by_colour(COLOURS.index("green"))[:7]
    in_hand = points([35, 21, 4, black, greens[0]], [[c] for c in greens[1:7]])
    in_nest = points([35, 21, 4, greens[0], greens[1]], [[black]] + [[c] for c in greens[2:7]])
    assert (in_hand[35], in_hand[4], in_hand[21]) == (8, 20, 18)
    assert (in_nest[35], in_nest[4], in_nest[21]) == (0, 0, 18)


def test_a_card_counts_itself_in_its_own_colour():
    """FL-42 and ruling FL-R04: card 65 (black) alone makes one black card, odd, so 0; with one
    more black it is even, 7. Card 17 (yellow) does not count yellow as missing."""
    assert colour(65) == "black" and colour(17) == "yellow"
    cards, nest = deal(65, "RRRR", "GGGGGG")
    assert points(cards, nest)[65] == 0
    cards, nest = deal(65, "RRRR", "KGGGGG")
    assert points(cards, nest)[65] == 7
    cards, nest = deal(17, "RRRR", "RRRRRR")
    assert points(cards, nest)[17] == 50  # purple, blue, green, white, black missing


def test_cards_with_the_same_effect_each_score():
    """FL-43: cards 1 and 8 in one hand with purple 16 in the nest: each sees two others."""
    hand = [1, 8, 15, 22, 24]  # 15, 22, 24 are green
    nest = [[16], [10], [20], [31], [41], [58]]  # 16 is purple, the others white
    result = points(hand, nest)
    assert result[1] == result[8] == 4 + 2 * 2


def test_an_unmet_condition_scores_zero_and_card_21_stops_at_zero():
    """FL-40 and ruling FL-R07: all ten black cards in hand and nest take card 21 to exactly 0;
    with eleven (a content file in which card 21 is black) it still scores 0, not -2."""
    blacks = GAME.cards.by_colour(COLOURS.index("black"))
    assert len(blacks) == 10
    assert points([21, *blacks[:4]], [[c] for c in blacks[4:]])[21] == 0
    black = COLOURS.index("black")
    assert GAME.rules[21].points(Table([black] * 5, [black] * 6, 1), black) == 0
    cards, nest = deal(4, "RRRR", "KRRRRR")
    assert points(cards, nest)[4] == 0
