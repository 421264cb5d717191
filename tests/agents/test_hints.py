"""Hints (``agents.hints``): an only move without search, the top three, and what a player reads
in a two-player game and in each solo game."""

from __future__ import annotations

import random
import re
import time

import pytest

import fourfeathers
from fourfeathers.agents import SeatView, hints
from fourfeathers.agents.hints import HintChoice, estimate_text, hint
from fourfeathers.core.game import State

QUICK = "ismcts:iterations=60"
"""A reproducible, quick hint agent."""


def reach(game_id: str, config: dict, seed: int, until) -> State:
    """The first state of a random game (seeded ``seed``) where ``until(state)`` holds."""
    state = fourfeathers.make(game_id, **config).new_initial_state(seed)
    rng = random.Random(seed)
    while not until(state):
        assert not state.is_terminal(), "no such state in this game"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def forced(state: State) -> bool:
    return not state.is_terminal() and len(state.legal_actions()) == 1


def test_an_only_move_is_answered_without_any_search(monkeypatch) -> None:
    state = reach("fancy-feathers", {"players": 2}, 0, forced)
    (only,) = state.legal_actions()
    seat = state.current_player
    expected = HintChoice(
        str(only), state.game.describe_action(state, only), 0, None, None, "the only move"
    )
    start = time.perf_counter()
    assert hint(state, seat, "hard", seed=1) == [expected]  # hard would search a full second
    assert time.perf_counter() - start < 0.2

    def no_search(*args, **kwargs):
        raise AssertionError("a hint on an only move built an agent or a view")

    monkeypatch.setattr(hints, "make_agent", no_search)
    monkeypatch.setattr(hints, "SeatView", no_search)
    assert hint(state, seat, QUICK, seed=1) == [expected]
    solo = reach("familiar-feat", {"level": 1}, 0, forced)  # no expected-score playouts either
    assert [c.text for c in hint(solo, 0, QUICK, seed=1)] == ["the only move"]


def test_a_hint_lists_the_three_most_tried_actions_with_their_words() -> None:
    state = fourfeathers.make("featherlight", players=2).new_initial_state(seed=4)
    legal = {str(a): a for a in state.legal_actions()}
    assert len(legal) > 3
    choices = hint(state, state.current_player, QUICK, seed=2)
    assert len(choices) == 3
    assert len({c.action for c in choices}) == 3 and all(c.action in legal for c in choices)
    assert [c.words for c in choices] == [
        state.game.describe_action(state, legal[c.action]) for c in choices
    ]
    visits = [c.visits for c in choices]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 60 and visits[0] > 0
    assert hint(state, state.current_player, QUICK, seed=2) == choices  # seeded: the same
    with pytest.raises(ValueError, match="seat to move"):
        hint(state, 1 - state.current_player, QUICK, seed=2)


def test_a_two_player_hint_reads_as_a_win_chance_in_percent() -> None:
    state = fourfeathers.make("fancy-feathers", players=2).new_initial_state(seed=3)
    choices = hint(state, state.current_player, QUICK, seed=5)
    for c in choices:
        assert c.value is not None and 0 <= c.value <= 1 and c.estimate == c.value
        assert re.fullmatch(r"win chance (\d{1,2}|<1|>99)%", c.text), c.text
        if 0.005 <= c.value < 0.995:
            assert c.text == f"win chance {round(100 * c.value)}%"


@pytest.mark.parametrize(
    "game_id,config,pattern,low,high",
    [
        ("familiar-feat", {"level": 1}, r"expected [0-3]\.\d Monsters", 0, 3),
        ("featherlight", {"players": 1}, r"expected -?\d+(\.\d)? points", -60, 200),
        ("isle-of-feathers", {"players": 1, "stamina": 2}, r"expected \d+(\.\d)? points", 0, 200),
    ],
)
def test_a_solo_hint_reads_as_the_expected_result_in_the_games_unit(
    monkeypatch, game_id: str, config: dict, pattern: str, low: float, high: float
) -> None:
    # No time cap on the playouts: on a busy machine the second call could play fewer of them
    # and differ from the first (an Isle playout takes longest).
    monkeypatch.setattr(hints, "ESTIMATE_SECONDS", 3600.0)
    state = reach(game_id, config, 1, lambda s: len(s.legal_actions()) > 3)
    choices = hint(state, 0, "ismcts:iterations=30", seed=7, playouts=2)
    assert len(choices) == 3
    unit = pattern.split()[-1]  # the registration's unit, never the 0-1 share of the search
    for c in choices:
        assert c.estimate is not None and low <= c.estimate <= high
        assert re.fullmatch(pattern, c.text), c.text
        assert c.text == estimate_text(c.estimate, True, unit)
    assert hint(state, 0, "ismcts:iterations=30", seed=7, playouts=2) == choices


def test_the_expected_result_is_a_mean_final_score_of_games_played_from_the_seats_view() -> None:
    """``expected_score`` with one playout is that playout's final score, and its mean over
    several lies between the smallest and largest of them."""
    state = reach("familiar-feat", {"level": 1}, 2, lambda s: len(s.legal_actions()) > 3)
    view = SeatView(state, 0)
    action = str(state.legal_actions()[0])
    one = hints.expected_score(view, action, seed=3, playouts=1)
    assert one in (0, 1, 2, 3)
    mean = hints.expected_score(view, action, seed=3, playouts=4)
    assert 0 <= mean <= 3 and mean * 4 == int(mean * 4)


def test_win_chances_and_expected_results_in_words() -> None:
    assert estimate_text(0.64, False, "points") == "win chance 64%"
    assert estimate_text(0.004, False, "points") == "win chance <1%"
    assert estimate_text(1.0, False, "points") == "win chance >99%"
    assert estimate_text(2.34, True, "Monsters") == "expected 2.3 Monsters"
    assert estimate_text(31.2, True, "points") == "expected 31 points"
    assert estimate_text(9.96, True, "points") == "expected 10 points"
    assert estimate_text(-4.25, True, "points") == "expected -4.2 points"
    assert estimate_text(None, True, "points") == ""
