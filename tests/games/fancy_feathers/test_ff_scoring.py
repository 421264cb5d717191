"""Scoring of all 12 types, card count by card count, and the scoring variants."""

from __future__ import annotations

import pytest

from fourfeathers import make


@pytest.fixture(scope="module")
def game():
    return make("fancy-feathers", players=6)  # 6 sets: room for long runs of one type


def points(game, cards: list[str], other: list[str] | None = None) -> dict[str, int]:
    """Player 1's points per type, against a second player holding ``other`` (without one: five
    empty-handed rivals, so that a 6-player game's cards are available)."""
    parsed = [(t.partition(":")[0], int(t.partition(":")[2] or 0)) for t in cards]
    if other is None:
        return game.score_table([parsed] + [[]] * 5).players[0].by_type
    rival = [(t.partition(":")[0], int(t.partition(":")[2] or 0)) for t in other]
    return game.score_table([parsed, rival]).players[0].by_type


def total(game, cards: list[str], other: list[str] | None = None) -> int:
    return sum(points(game, cards, other).values())


@pytest.mark.parametrize(("n", "expected"), [(1, 3), (2, 6), (3, 3), (4, 0), (5, -3), (6, -6)])
def test_blood(game, n, expected):
    """FF-56, FF-R15: 12 - 3n beyond two, also past the printed five."""
    assert total(game, ["blood-pheasant"] * n) == expected


@pytest.mark.parametrize(("n", "expected"), [(1, -2), (2, 5), (3, 3), (4, 10), (5, 8), (6, 15)])
def test_green(game, n, expected):
    """FF-57."""
    assert total(game, ["green-pheasant"] * n) == expected


@pytest.mark.parametrize(("n", "expected"), [(1, -10), (2, 4), (3, 6), (4, 8), (7, 14)])
def test_peacock(game, n, expected):
    """FF-58."""
    assert total(game, ["peacock"] * n) == expected


@pytest.mark.parametrize(
    ("n", "expected"), [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25), (6, 25), (8, 25)]
)
def test_nest_counts_at_most_five(game, n, expected):
    """FF-59, FF-R03: only five Nests count."""
    assert total(game, ["nest"] * n) == expected


def test_nest_five_each_variant():
    game = make("fancy-feathers", players=6, variants=["nest-five-each"])
    assert total(game, ["nest"] * 5) == 25
    assert total(game, ["nest"] * 6) == 30


@pytest.mark.parametrize(
    ("n", "expected"), [(1, -5), (2, -4), (3, 3), (4, 8), (5, 15), (6, 15), (9, 15)]
)
def test_reeves(game, n, expected):
    """FF-60."""
    assert total(game, ["reeves-pheasant"] * n) == expected


def test_golden_and_fart_by_printed_value(game):
    """FF-53, FF-54; FF-52: a total may be negative."""
    assert total(game, ["golden-pheasant:1", "golden-pheasant:3", "golden-pheasant:3"]) == 7
    assert total(game, ["pheasant-fart:2", "pheasant-fart:3"]) == -5


def test_trap_and_fox(game):
    """FF-36 and FF-61 (-1 per Trap), FF-41 and FF-64 (+2 per Fox)."""
    assert total(game, ["trap"] * 3) == -3
    assert total(game, ["fox"] * 2) == 4


def test_mirror_counts_other_types_trap_and_fox_included(game):
    """FF-62, FF-R20."""
    assert points(game, ["mirror"] * 3)["mirror"] == 0
    assert points(game, ["mirror", "trap", "fox", "nest"])["mirror"] == 3
    assert points(game, ["mirror", "mirror", "nest", "nest"])["mirror"] == 2


def test_monal_smallest_size_only(game):
    """FF-63."""
    assert total(game, ["monal:5", "monal:7", "monal:5"]) == 10
    assert total(game, ["monal:7", "monal:7"]) == 14
    assert total(game, ["monal:3", "monal:5", "monal:7"]) == 3


def test_lady_amherst_needs_the_fewest_cards(game):
    """FF-55: 5 each with fewer cards than the rival, 0 with more, 5 on a tie."""
    assert total(game, ["lady-amherst-pheasant"] * 2, ["nest"] * 3) == 10
    assert total(game, ["lady-amherst-pheasant"] * 2, ["nest"]) == 0
    assert total(game, ["lady-amherst-pheasant"] * 2, ["nest"] * 2) == 10


def test_winner_tie_goes_to_the_earlier_leaver(game):
    """FF-50 (most points), FF-51 and FF-74 (a tie, with 2 or 3 players, goes to whoever left
    first: players are listed in the order they left)."""
    result = game.score_table([[("nest", 0)], [("nest", 0)], [("fox", 0)]])
    assert [p.total for p in result.players] == [1, 1, 2]
    assert result.winner == 2
    tie = game.score_table([[("nest", 0)], [("nest", 0)]])
    assert tie.winner == 0
    three = game.score_table([[("nest", 0)], [("fox", 0)], [("fox", 0)]])
    assert [p.total for p in three.players] == [1, 2, 2] and three.winner == 1


def test_explanations_sum_to_the_total(game):
    """FF-65: only the types a player holds get a line; the others score 0."""
    result = game.score_table(
        [
            [("nest", 0)] * 3 + [("golden-pheasant", 2), ("monal", 3), ("monal", 7)],
            [("peacock", 0)],
        ]
    )
    first = result.players[0]
    assert first.total == 9 + 2 + 3
    assert sum(line.points for line in first.lines) == first.total
    monal = next(line for line in first.lines if line.name == "monal")
    assert "bigger score 0" in monal.reason
    assert result.types == ["golden-pheasant", "peacock", "nest", "monal"]


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ([[("owl", 0)], []], "player 1: 'owl' is not an animal type"),
        ([[], [("golden-pheasant", 0)]], "player 2: golden-pheasant needs its printed value"),
        ([[("golden-pheasant", 4)], []], "golden-pheasant cards print 1, 2, 3, not 4"),
        ([[("monal", 4)], []], "monal cards print 3, 5, 7, not 4"),
        ([[("nest", 2)], []], "nest cards print no value"),
        ([[("nest", 0)] * 7, []], "7 nest cards, but a 2-player game has only 6"),
        ([[("golden-pheasant", 3)] * 3, []], "a 2-player game has only 2"),
        ([], "1 to 6 players"),
        ([[]] * 7, "1 to 6 players"),
    ],
)
def test_score_table_errors(cards, words):
    game = make("fancy-feathers")
    with pytest.raises(ValueError) as info:
        game.score_table(cards)
    assert words in str(info.value)


def test_score_table_more_than_six_types():
    game = make("fancy-feathers")
    names = ["nest", "fox", "trap", "mirror", "peacock", "blood-pheasant", "green-pheasant"]
    with pytest.raises(ValueError, match="uses 6 animal types"):
        game.score_table([[(n, 0) for n in names], []])
