"""Featherlight's heuristic ends a game its seat leads, and greedy breaks swap cycles (issue 16,
ruling FL-R10's cap endings)."""

from __future__ import annotations

import pytest
from fl_helpers import build, play

from fourfeathers.agents import make_agent, view_for
from fourfeathers.agents.heuristic import repetition_for
from fourfeathers.arena import play_game
from fourfeathers.core.rng import derive_seed
from fourfeathers.games.featherlight.heuristic import (
    END_BONUS,
    PACE,
    REPEAT_PENALTY,
    evaluate,
    hand_value,
    position_key,
)


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


def test_the_repetition_key_is_the_nest_and_the_hand_size():
    state = last_card_position()
    nest = ((45,), (12,), (13,), (14,), (15,), (16,))
    assert position_key(state, 0) == (nest, 5)
    play(state, "take 1")
    assert position_key(state, 0) == (((),) + nest[1:], 6)
    assert repetition_for("featherlight") == (position_key, REPEAT_PENALTY)


def test_greedy_does_not_return_to_a_nest_it_decided_at():
    """With seat 1's hand public, seat 0's takes are worth 43-49 and its draws about 50-51, so
    greedy (seed 0) draws. Back in the same position with the nest it drew at (and a hand of
    six) in its memory, either draw returns there, so it takes stack 4 (49) instead; with the
    memory emptied it draws again (the same random draws either way)."""
    start = build(known=[[], [2, 3, 4, 5, 6]])
    values = {}
    for action in start.legal_actions():
        after = start.clone()
        after.apply_action(action)
        values[str(action)] = evaluate(after, 0)
    assert values["take 4"] == 49 and max(v for a, v in values.items() if "take" in a) == 49
    choices = []
    for forget in (False, True):
        agent = make_agent("greedy", 0)
        first = agent.act(view_for(agent, start, 0))
        after = start.clone()
        after.apply_action(first)
        agent.act(view_for(agent, after, 0))
        assert agent.seen == {position_key(start, 0), position_key(after, 0)}
        if forget:
            agent.seen.clear()
        choices.append((str(first), str(agent.act(view_for(agent, start, 0)))))
    assert choices == [("draw 2", "take 4"), ("draw 2", "draw 1")]


def test_greedy_breaks_the_two_player_cycle_of_seed_15():
    """Seed 15 of ``strength.py caps`` (seed 0): without the repetition memory greedy's seats
    swapped the same four cards round stacks 1, 4 and 6 until the turn cap (ruling FL-R10) ended
    the game at turn 300; now a draw pile runs out at turn 60 (FL-31)."""
    result = play_game("featherlight", {"players": 2}, ["greedy"] * 2, derive_seed(0, 15))
    assert not result.capped
    assert result.turns == 60
