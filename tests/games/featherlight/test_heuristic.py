"""Featherlight's heuristic ends a game its seat leads (issue 16, ruling FL-R10's cap endings)."""

from __future__ import annotations

import pytest
from fl_helpers import build

from fourfeathers.agents import make_agent, view_for
from fourfeathers.games.featherlight.heuristic import END_BONUS, PACE, evaluate, hand_value


def last_card_position():
    """Seat 0 leads 36 to 26 and pile 1 holds one card: drawing it ends the game after the put
    (FL-31, FL-32). Taking card 45 from stack 1 would raise seat 0's hand to 51, more than any
    draw is likely to, so a value of the hands alone prefers the take. Seat 1's hand is
    public (taken from the nest), so every determinization sees the same lead."""
    return build(
        piles=[[30], [40, 39, 38, 37]],
        known=[[], [2, 3, 4, 5, 6]],
        nest=[[45], [12], [13], [14], [15], [16]],
    )


def test_the_position_is_as_described():
    state = last_card_position()
    assert [hand_value(state, p) for p in (0, 1)] == [36, 26]
    take = state.clone()
    take.apply_action(state.game.parse_action("take 1"))
    assert hand_value(take, 0) == 51


def test_an_ending_won_is_worth_more_than_a_better_hand():
    state = last_card_position()
    draw, take = state.clone(), state.clone()
    draw.apply_action(state.game.parse_action("draw 1"))
    take.apply_action(state.game.parse_action("take 1"))
    # draw 1: lead 37 - 26 = 11, the game ends now and seat 0 wins.
    assert evaluate(draw, 0) == 11 + END_BONUS + PACE * 23
    assert evaluate(draw, 1) == -11 - END_BONUS - PACE * 23
    # take 1: lead 51 - 26 = 25 with 22 cards gone from the smaller pile.
    assert evaluate(take, 0) == 25 + PACE * 22
    assert evaluate(draw, 0) > evaluate(take, 0)


@pytest.mark.parametrize("seed", range(6))
def test_greedy_draws_the_last_card_when_ending_wins(seed):
    state = last_card_position()
    agents = [make_agent("greedy", seed), make_agent("greedy", seed + 100)]
    first = agents[0].act(view_for(agents[0], state, 0))
    assert str(first) == "draw 1"
    state.apply_action(first)
    state.apply_action(agents[0].act(view_for(agents[0], state, 0)))
    assert state.is_terminal() and state.winners() == [0]
    assert not state.ended_by().capped


def test_a_trailing_seat_is_pulled_back_not_pushed_to_end():
    state = last_card_position()
    draw = state.clone()
    draw.apply_action(state.game.parse_action("draw 2"))  # the smaller pile keeps its card
    assert evaluate(draw, 1) == -(37 - 26) - PACE * 22
