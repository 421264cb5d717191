"""Every worked example of the Fancy Feathers rulebook, with its printed numbers.

Hedwig's turn and Angelika's 3-player move are played on positions built to match the pictures'
descriptions; the scoring examples go through ``score_table`` (scoring at the table) and through
a game state.
"""

from __future__ import annotations

import pytest
from ff_helpers import names, position

from fourfeathers import make
from fourfeathers.games.fancy_feathers import rules
from fourfeathers.games.fancy_feathers.actions import move


@pytest.fixture(scope="module")
def first_game():
    return make("fancy-feathers", players=2, types="first-game")


def by_type(game, collections: list[list[str]]) -> list[dict[str, int]]:
    cards = [[(t.partition(":")[0], int(t.partition(":")[2] or 0)) for t in c] for c in collections]
    return [p.by_type for p in game.score_table(cards).players]


# --- Hedwig's turn -----------------------------------------------------------------------------

HEDWIG, ANGELIKA = 0, 1


def hedwig_position(game):
    """Hedwig alone on the Lady Amherst's (c3); Angelika alone on the Golden Pheasant (c5), which
    had 5 cards put in front of it (up to c10); Reeves's Pheasant on c7."""
    return position(
        game,
        path=[
            "green-pheasant",  # c1
            "pheasant-fart:1",  # c2
            "lady-amherst-pheasant",  # c3 Hedwig
            "blood-pheasant",  # c4
            "golden-pheasant:2",  # c5 Angelika
            "green-pheasant",  # c6
            "reeves-pheasant",  # c7
            "pheasant-fart:2",  # c8
            "lady-amherst-pheasant",  # c9
            "blood-pheasant",  # c10
        ],
        discs=[(HEDWIG, 3), (ANGELIKA, 5)],
        stack=["golden-pheasant:1", "reeves-pheasant", "green-pheasant"],
    )


def test_hedwig_collects_from_the_start_of_the_path_up_to_her_card(first_game):
    """FF-20 (her card and every card behind it), FF-21 (rear first), FF-22 (the Pheasant Fart
    too, and no decision is offered but the move), FF-26 (the rear moves up to c4)."""
    state = hedwig_position(first_game)
    assert state.current_player == HEDWIG
    # (2) Green Pheasant, Pheasant Fart and Lady Amherst's, in that order.
    assert names(first_game, state.held[HEDWIG]) == [
        "green-pheasant",
        "pheasant-fart:1",
        "lady-amherst-pheasant",
    ]
    assert state.rear == 4 and state.phase == rules.MOVE
    # She may move to any of the 7 cards ahead (c4..c10), not leave: the stack has cards.
    assert state.legal_actions() == [move(n) for n in range(1, 8)]


def test_hedwig_moves_to_reeves_and_draws_two(first_game):
    """FF-27 (to any card ahead), FF-30 (foremost: two drawn, 5 ahead again)."""
    state = hedwig_position(first_game)
    text = first_game.describe_action(state, move(4))
    assert "c7 (Reeves's Pheasant)" in text
    assert "collects next turn up to 2 cards: Green Pheasant, Reeves's Pheasant" in text
    assert "2 new cards drawn" in text
    assert first_game.reveals(state, move(4))
    state.apply_action(move(4))  # (3) to the Reeves's Pheasant
    # (4) two new cards, so that 5 lie in front of her foremost disc.
    assert state.pos[HEDWIG] == 7
    assert state.front == 12 and state.front - state.pos[HEDWIG] == 5
    assert names(first_game, state.path[-2:]) == ["golden-pheasant:1", "reeves-pheasant"]
    assert len(state.stack) == 1


def test_then_angelika_first_collects_blood_and_golden(first_game):
    """FF-16: Angelika is now furthest behind; FF-20: she collects up to her card."""
    state = hedwig_position(first_game)
    state.apply_action(move(4))
    assert state.current_player == ANGELIKA
    assert names(first_game, state.held[ANGELIKA]) == ["blood-pheasant", "golden-pheasant:2"]
    assert state.rear == 6  # c6 Green Pheasant is the new start of the Path


# --- Angelika's 3-player move -------------------------------------------------------------------

A, H, N = 0, 1, 2  # Angelika, Hedwig, Nichole


@pytest.fixture(scope="module")
def three():
    return make(
        "fancy-feathers",
        players=3,
        types=["golden-pheasant", "blood-pheasant", "peacock", "nest", "mirror", "fox"],
    )


def angelika_position(game):
    """Angelika on the Blood Pheasant (c1), Nichole on the Golden Pheasant (c2), the Peacock on
    c3, Hedwig on the Mirror (c4), the Fox on c5; 5 cards ahead of Hedwig."""
    return position(
        game,
        path=[
            "blood-pheasant",
            "golden-pheasant:1",
            "peacock",
            "mirror",
            "fox",
            "nest",
            "golden-pheasant:3",
            "nest",
            "blood-pheasant",
        ],
        discs=[(A, 1), (N, 2), (H, 4)],
        stack=["peacock", "nest", "mirror", "nest"],
    )


def test_angelika_takes_the_blood_and_lands_on_hedwig(three):
    """FF-15, FF-28: she lands on Hedwig's card, on top. FF-19: Nichole (seat 3) moves next,
    before Hedwig (seat 2): positions decide, not seats."""
    state = angelika_position(three)
    assert names(three, state.held[A]) == ["blood-pheasant"]  # (1)
    state.apply_action(move(3))  # (2) to the Mirror, on top of Hedwig
    assert state.stack_at(4) == [A, H]
    assert state.front == 9  # nobody drew: 5 cards already lie in front of c4
    # (3) Nichole is last and must pass both before they move again.
    assert state.order == [N, A, H]
    assert state.current_player == N
    assert names(three, state.held[N]) == ["golden-pheasant:1"]


def test_nichole_can_first_collect_the_peacock(three):
    """FF-18: still furthest behind after her move, Nichole moves again."""
    state = angelika_position(three)
    state.apply_action(move(3))
    text = three.describe_action(state, move(1))
    assert "collects next turn 1 card: Peacock" in text
    state.apply_action(move(1))  # (4) to the Peacock: still last, so her turn again
    assert state.current_player == N
    assert names(three, state.held[N]) == ["golden-pheasant:1", "peacock"]
    # Then on to the Fox (move 2) or past it.
    assert move(2) in state.legal_actions()
    assert "collects next turn up to 1 card: Fox" in three.describe_action(state, move(2))


def test_nichole_can_go_straight_to_the_fox(three):
    """FF-29: passing the Peacock and the stack of discs collects neither. FF-72: Angelika, on
    top, moves before Hedwig below her. FF-33: Hedwig then collects the skipped Peacock."""
    state = angelika_position(three)
    state.apply_action(move(3))
    assert "collects next turn up to 1 card: Fox" in three.describe_action(state, move(3))
    assert "on top of Seat 1 and Seat 2" in three.describe_action(state, move(2))
    state.apply_action(move(3))  # (5) to the Fox, passing the Peacock and the stack
    # Angelika, on top, moves first and collects nothing; Hedwig then takes the skipped Peacock.
    assert state.current_player == A
    assert names(three, state.held[A]) == ["blood-pheasant"]
    state.apply_action(move(1))  # Angelika on top of Nichole at the Fox
    assert state.current_player == H
    assert names(three, state.held[H]) == ["peacock", "mirror"]


# --- scoring examples ---------------------------------------------------------------------------


def test_lady_amherst_only_for_the_fewest_cards(first_game):
    """FF-67 and FF-55: 2 among 13 cards score 10; 3 among 15 score 0."""
    angelika = (
        ["lady-amherst-pheasant"] * 2
        + ["blood-pheasant"] * 3
        + ["green-pheasant"] * 4
        + ["reeves-pheasant"] * 4
    )
    hedwig = (
        ["lady-amherst-pheasant"] * 3
        + ["blood-pheasant"] * 3
        + ["green-pheasant"] * 2
        + ["reeves-pheasant"] * 2
        + ["golden-pheasant:1", "golden-pheasant:2", "golden-pheasant:3"]
        + ["pheasant-fart:1"] * 2
    )
    assert (len(angelika), len(hedwig)) == (13, 15)
    a, h = by_type(first_game, [angelika, hedwig])
    assert a["lady-amherst-pheasant"] == 10  # 2 x 5
    assert h["lady-amherst-pheasant"] == 0


def test_lady_amherst_ties_for_fewest_both_score(first_game):
    """FF-55: both tied for fewest ("this can be both of you")."""
    a, h = by_type(
        first_game, [["lady-amherst-pheasant"] * 2, ["lady-amherst-pheasant", "blood-pheasant"]]
    )
    assert a["lady-amherst-pheasant"] == 10 and h["lady-amherst-pheasant"] == 5


def test_five_green_pheasants_score_8(first_game):
    """FF-67, FF-57."""
    (a, _) = by_type(first_game, [["green-pheasant"] * 5, []])
    assert a == {"green-pheasant": 8}  # 2 x 5 - 2


def test_three_nests_score_9():
    """FF-67, FF-59."""
    game = make("fancy-feathers")
    (a, _) = by_type(game, [["nest"] * 3, []])
    assert a == {"nest": 9}  # 3 x 3


def test_two_mirrors_with_golden_and_green_score_4():
    """FF-67, FF-62."""
    game = make("fancy-feathers")
    (a, _) = by_type(game, [["mirror", "mirror", "golden-pheasant:1", "green-pheasant"], []])
    assert a["mirror"] == 4  # 2 x 2 other types


def test_monal_only_the_smallest_score_6():
    """FF-67, FF-63."""
    game = make("fancy-feathers")
    (a, _) = by_type(game, [["monal:7", "monal:3", "monal:3"], []])
    assert a == {"monal": 6}  # 2 x 3; the 7 scores nothing


def test_examples_through_a_game_state():
    """FF-67: the same numbers from a position's score sheet (collections held in a game)."""
    game = make(
        "fancy-feathers",
        players=2,
        types=["green-pheasant", "nest", "mirror", "monal", "golden-pheasant", "fox"],
    )
    state = position(
        game,
        path=["fox"] * 5,
        discs=[(0, 0), (1, 0)],
        held={
            0: ["green-pheasant"] * 5 + ["nest"] * 3,
            1: ["monal:7", "monal:3", "monal:3", "mirror", "mirror", "golden-pheasant:1"],
        },
    )
    sheet0 = {line.name: line.points for line in state.score_sheet(0)}
    sheet1 = {line.name: line.points for line in state.score_sheet(1)}
    assert sheet0 == {"green-pheasant": 8, "nest": 9}
    assert sheet1 == {"monal": 6, "mirror": 4, "golden-pheasant": 1}
    assert state.scores() == [17, 11]
