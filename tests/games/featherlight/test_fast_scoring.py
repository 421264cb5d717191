"""The search's fast scoring gives exactly the reference's points (issue 16).

The fast path (``Rule.scorer`` over ``hand_counts``, the heuristic's hand values and leads) is
checked against the reference: ``Rule.points`` on a ``Table``, ``hand_points``, and the
heuristic as it was written before the fast path (below), on random tables for every card and
every rule kind, and on every position of random games with 1-4 players.
"""

from __future__ import annotations

import pickle
import random

import pytest

from fourfeathers import make
from fourfeathers.games.featherlight.heuristic import (
    END_BONUS,
    PACE,
    ends_now,
    evaluate,
    evaluate_all,
    hand_value,
    pile_size,
)
from fourfeathers.games.featherlight.scoring import (
    build_rule,
    hand_counts,
    hand_points,
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
        assert fast_points(game.cards.scorers[card], colour_of, hand, nest) == expected


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
    """``nest_counts`` and ``hand_counts`` lay out hand, nest and both as the reference ``Table``
    counts them, and ``hand_counts`` leaves the nest's counts as they were."""
    rng = random.Random(0)
    colour_of = SHIPPED.cards.colour
    for _ in range(200):
        hand, nest = random_table(rng, rng.randint(1, 70))
        table = table_for(colour_of, hand, nest)
        empty = table_for(colour_of, [], nest)
        counts, tallest = nest_counts(colour_of, nest)
        assert counts == empty.counts["hand"] + empty.counts["nest"] + empty.counts["both"]
        assert tallest == table.tallest
        flat = hand_counts(colour_of, hand, counts)
        assert flat == table.counts["hand"] + table.counts["nest"] + table.counts["both"]
        assert counts == nest_counts(colour_of, nest)[0]


def reference_hand_value(state, player):
    """The heuristic's hand value before the fast path: ``hand_points`` of the hand, or of its
    best five of six leaving out any card but the one just taken (FL-26)."""
    game = state.game
    rules, colour_of, hand = game.rules, game.cards.colour, state.hands[player]
    if len(hand) <= 5:
        return hand_points(rules, colour_of, hand, state.nest)
    return max(
        hand_points(rules, colour_of, [c for c in hand if c != out], state.nest)
        for out in hand
        if out != state.taken
    )


def reference_evaluate(state, player):
    """``evaluate`` before the fast path, seat by seat, from ``reference_hand_value``."""
    values = [reference_hand_value(state, p) for p in range(state.game.num_players)]
    mine = values[player]
    others = [v for p, v in enumerate(values) if p != player]
    if not others:
        return float(mine)
    lead = float(mine - max(others))
    if ends_now(state):
        if state.is_terminal():
            winners = state.winners()
        else:
            winners = [p for p, v in enumerate(values) if v == max(values)]
        share = 1.0 / len(winners) if player in winners else 0.0
        return lead + (END_BONUS + PACE * pile_size(len(values))) * (2.0 * share - 1.0)
    if not lead:
        return lead
    gone = pile_size(len(values)) - min(len(state.piles[0]), len(state.piles[1]))
    return lead + PACE * gone if lead > 0 else lead - PACE * gone


@pytest.mark.parametrize(
    "config",
    [
        {"players": 1},
        {"players": 2},
        {"players": 3, "variants": ["exact-same-colour", "tiebreak-unique-cards"]},
        {"players": 4},
        {"players": 2, "max_turns": 12},
    ],
    ids=lambda c: "-".join(f"{v}" for v in c.values()),
)
def test_hand_values_and_evaluations_equal_the_reference_in_random_games(config):
    game = make("featherlight", **config)
    rng = random.Random(7)
    seats = range(game.num_players)
    positions = six = ended = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        while True:
            expected = [reference_evaluate(state, p) for p in seats]
            assert [hand_value(state, p) for p in seats] == [
                reference_hand_value(state, p) for p in seats
            ]
            assert evaluate_all(state) == expected
            assert [evaluate(state, p) for p in seats] == expected
            positions += 1
            six += any(len(h) == 6 for h in state.hands)
            if state.is_terminal():
                ended += 1
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert ended == 8 and six > 50 and positions > 150


def test_a_pickled_game_scores_the_same():
    """The scorers (closures) are left out of a pickle and built again (rl/openspiel.py and
    the process pools pickle states)."""
    state = make("featherlight", players=3).new_initial_state(5)
    rng = random.Random(5)
    for _ in range(9):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.game.cards.scorers[1:] and None not in copy.game.cards.scorers[1:]
    assert evaluate_all(copy) == evaluate_all(state)
