"""The search's fast scoring gives exactly the reference's points (issue 16).

The fast path (``Rule.scorer`` over ``hand_counts``) is checked against the reference,
``Rule.points`` on a ``Table``, on random tables for every card and every rule kind.
"""

from __future__ import annotations

import random

import pytest

from fourfeathers import make
from fourfeathers.games.featherlight.scoring import (
    COLOURS,
    build_rule,
    hand_counts,
    nest_counts,
    table_for,
)

SHIPPED = make("featherlight", players=2)
EXACT = make("featherlight", players=3, variants=["exact-same-colour"])

EXTRA_RULES = [
    ("sets", {"colours": [3], "scope": "nest", "per": 4}),
    ("sets", {"colours": [0, 1, 2, 3, 4, 5, 6], "scope": "hand", "per": 30}),
    (
        "count",
        {
            "colours": [1, 2],
            "scope": "hand",
            "per": -3,
            "base": 10,
            "exclude_self": True,
            "floor": 2,
        },
    ),
    ("count", {"colours": [0, 6], "scope": "both", "per": 2, "exclude_self": True}),
    ("count", {"colours": [5], "scope": "nest", "per": 3, "exclude_self": True}),
    ("count", {"colours": [4], "scope": "hand", "per": -5, "base": 9, "floor": -1}),
    ("exactly", {"colour": 2, "scope": "hand", "n": 0, "points": 9}),
    ("parity", {"colour": 0, "scope": "nest", "even": False, "points": 3}),
    ("distinct", {"scope": "nest", "at_least": 0, "points": 3, "base": 1}),
    ("distinct", {"scope": "both", "at_least": 3, "points": 8}),
    ("same_colour", {"scope": "both", "n": 2, "points": 6, "base": 2}),
    ("same_colour", {"scope": "hand", "n": 1, "or_more": True, "points": 4}),
    ("missing", {"per": -2}),
    ("tallest_stack", {"per": 2}),
    ("flat", {"points": 0}),
]
"""Rule kinds and parameters the shipped cards do not use (one-colour sets, several colours
with ``exclude_self`` and ``floor``, negative points...), each built with and without the
``exact-same-colour`` variant."""


def random_table(rng: random.Random, card: int) -> tuple[list[int], list[list[int]]]:
    """A hand of five holding ``card`` and a nest of six stacks, 1-12 cards high, one of them
    sometimes empty (the gap of a Swap, FL-27)."""
    others = [c for c in range(1, 71) if c != card]
    rng.shuffle(others)
    hand = [card] + [others.pop() for _ in range(4)]
    rng.shuffle(hand)
    nest = [
        [others.pop() for _ in range(rng.randint(1, 12 if rng.random() < 0.2 else 3))]
        for _ in range(6)
    ]
    if rng.random() < 0.2:
        nest[rng.randrange(6)] = []
    return hand, nest


def fast_points(scorer, colour_of, hand, nest):
    counts, tallest = nest_counts(colour_of, nest)
    return scorer(hand_counts(colour_of, hand, counts), tallest)


@pytest.mark.parametrize("game", [SHIPPED, EXACT], ids=["shipped", "exact-same-colour"])
@pytest.mark.parametrize("card", range(1, 71))
def test_every_cards_scorer_gives_its_rules_points(game, card):
    rng = random.Random(card)
    rule, colour_of = game.rules[card], game.cards.colour
    for _ in range(300):
        hand, nest = random_table(rng, card)
        table = table_for(colour_of, hand, nest)
        expected = rule.points(table, colour_of[card])
        assert fast_points(game.scorers[card], colour_of, hand, nest) == expected


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize(("kind", "params"), EXTRA_RULES)
def test_every_rule_kinds_scorer_gives_its_points(kind, params, exact):
    rng = random.Random(str((kind, params, exact)))
    rule = build_rule(kind, params, exact_same_colour=exact)
    colour_of = SHIPPED.cards.colour
    for card in range(1, 71):
        scorer = rule.scorer(colour_of[card])
        for _ in range(20):
            hand, nest = random_table(rng, card)
            expected = rule.points(table_for(colour_of, hand, nest), colour_of[card])
            assert fast_points(scorer, colour_of, hand, nest) == expected


def test_every_scope_counts_each_colour():
    """``hand_counts`` lays out hand, nest and both as the reference ``Table`` counts them."""
    rng = random.Random(0)
    colour_of = SHIPPED.cards.colour
    for _ in range(200):
        hand, nest = random_table(rng, rng.randint(1, 70))
        table = table_for(colour_of, hand, nest)
        counts, tallest = nest_counts(colour_of, nest)
        flat = hand_counts(colour_of, hand, counts)
        n = len(COLOURS)
        assert flat == table.counts["hand"] + table.counts["nest"] + table.counts["both"]
        assert flat[n : 2 * n] == counts and tallest == table.tallest
