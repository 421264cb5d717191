"""The Isle's heuristic: the term that makes the winner of a decided game end it, and the solo
worth of a Bird token not yet placed (issue 16)."""

from __future__ import annotations

import hashlib
import time

import pytest
from iof_helpers import cell, code_at, play, position

from fourfeathers.agents import make_agent
from fourfeathers.agents.base import SeatView
from fourfeathers.core import TERMINAL
from fourfeathers.games.isle_of_feathers import heuristic
from fourfeathers.games.isle_of_feathers.heuristic import ACTION, BIRD_TOKEN, END_BONUS, PACE, TOKEN
from fourfeathers.games.isle_of_feathers.scoring import scores
from positions import positions

SAND_15 = [f"{q},0:1" for q in range(8)] + [f"{q},1:1" for q in range(7)]  # one Sand left


HANDS = [[30, 31, 32], [33, 34]]


def _birds(value: int) -> list[int]:
    """Bird numbers worth ``value`` points, none of them in ``HANDS``."""
    points = position().game.content.points
    return [n for n in range(1, 53) if points[n] == value and not 30 <= n <= 34]


def settled(lead: int, **fields):
    """Every Bird token down (ten each, five to a cell on four cells): seat 0 has 20 + ``lead``
    points (0 <= lead <= 3), seat 1 has 20 (ten birds of 2)."""
    ones, twos, threes = _birds(1), _birds(2), _birds(3)
    zero = ones[: 5 - lead] + twos[10 : 10 + lead] + threes[:5]
    birds = {"0,0": [0] * 5, "1,0": [0] * 5, "2,0": [1] * 5, "0,1": [1] * 5}
    return position(birds=birds, placed=[zero, twos[:10]], hands=HANDS, **fields)


def test_a_settled_game_has_a_leader_whose_value_grows_with_every_sand_tile_placed():
    state = settled(2)
    totals = scores(state)
    assert totals == [22, 20] and heuristic.decided_leader(state, totals) == 0
    gone = 16 - state.supply[0]  # six starting tiles: ten Sand left in the supply
    assert gone == 6
    assert heuristic.pace(state, 0, totals) == PACE * 6 and heuristic.pace(state, 1, totals) == 0
    # values: points and the pace term; no fit, no tokens, and the two actions left count for
    # nothing to a seat whose Bird tokens are all down
    assert heuristic.evaluate_all(state) == [22 + 3.0, 20]
    play(state, "tile 3,0")  # Sand on the ocean
    assert heuristic.pace(state, 0, scores(state)) == PACE * 7


def test_an_action_left_is_worth_something_only_to_a_seat_with_a_bird_token_left():
    # once its birds are all down, a Flit (one more action) gained nothing and went round
    state = settled(2)
    assert state.actions_left == 2
    before = heuristic.evaluate(state, 0)
    state.actions_left = 0
    assert heuristic.evaluate(state, 0) == before
    state.placed[0].pop()  # a Bird token left: 0.35 an action
    without = heuristic.evaluate(state, 0)
    state.actions_left = 2
    assert heuristic.evaluate(state, 0) - without == pytest.approx(2 * ACTION)


def test_a_tie_or_a_seat_that_can_still_catch_up_leaves_the_values_plain():
    # seat 1 with one Bird token left can still reach 24 points: not decided
    open_game = settled(2)
    open_game.placed[1].pop()
    totals = scores(open_game)
    assert totals == [22, 18] and heuristic.decided_leader(open_game, totals) == -1
    assert not heuristic.settled(open_game) and heuristic.pace(open_game, 0, totals) == 0.0
    # a tie while a seat still holds a Bird token
    open_tie = settled(0)
    open_tie.placed[0][0] = _birds(2)[-1]  # one point more ...
    open_tie.placed[0].pop(1)  # ... and one bird less: 20 each, seat 0 with a token left
    totals = scores(open_tie)
    assert totals == [20, 20] and not heuristic.settled(open_tie)
    assert [heuristic.pace(open_tie, p, totals) for p in (0, 1)] == [0.0, 0.0]


def test_a_tie_in_a_settled_game_gives_the_tied_seats_the_term():
    tie = settled(0)
    totals = scores(tie)
    assert heuristic.settled(tie) and heuristic.decided_leader(tie, totals) == -1
    assert heuristic.pace(tie, 0, totals) == heuristic.pace(tie, 1, totals) == PACE * 6


def out_of_reach_game(player: int = 0):
    """Seat 0 has all its birds down (22 points); seat 1 has one Bird token left and 17 points,
    so it reaches 21 at most (the deck's highest bird is worth 4)."""
    state = settled(2, player=player)
    state.placed[1].pop()
    state.placed[1][0] = _birds(1)[-1]
    assert scores(state) == [22, 17] and state.options.top_points == 4
    return state


def test_a_seat_that_cannot_reach_the_top_is_out_of_reach_and_its_result_settled():
    state = out_of_reach_game()
    assert heuristic.out_of_reach(state, 1) and not heuristic.out_of_reach(state, 0)
    assert not heuristic.settled(state)  # seat 1 still holds a Bird token
    assert heuristic.result_settled(state, 1) and not heuristic.result_settled(state, 0)
    state.placed[1][0] = _birds(2)[-1]  # 18 + 4 = 22: a share of the win is still open
    assert not heuristic.out_of_reach(state, 1) and not heuristic.result_settled(state, 1)
    assert not heuristic.out_of_reach(position(1), 0)  # solo: no one to reach


def test_ismcts_plays_greedys_move_for_a_seat_out_of_reach_without_searching():
    state = out_of_reach_game(player=1)
    started = time.perf_counter()
    action = make_agent("ismcts:iterations=10000000", seed=0).act(SeatView(state, 1))
    assert time.perf_counter() - started < 10
    greedy = {make_agent("easy", seed=s).act(SeatView(state, 1)) for s in range(20)}
    assert action in greedy  # one of greedy's best (it breaks ties at random)


def test_once_the_end_is_certain_the_leader_gains_the_end_bonus():
    state = settled(2, island=SAND_15)
    play(state, "tile 8,0")  # the last Sand: the endgame (IS-64)
    assert state.end_turn >= 0
    term = END_BONUS + PACE * 16
    assert heuristic.pace(state, 0, scores(state)) == term
    state.player = TERMINAL  # a game that is over scores the same term, and only the points
    assert heuristic.evaluate_all(state) == [22 + term, 20]


def test_greedy_ends_a_game_it_has_won_and_does_not_hold_up_one_it_has_lost():
    """The leader places Sand on the ocean with both actions; to the trailer the end is nothing
    (with the term's negative it sent Sand back, and with four players held games up to the
    turn limit): Sand on the ocean is one of its best moves, and Burrow to the ocean none better."""
    lead = settled(2)
    action = make_agent("easy", seed=0).act(SeatView(lead, 0))
    assert type(action).__name__ == "AddTile" and code_at(lead, _where(lead, action)) == (0, 0)
    trail = settled(2, player=1)
    values = {}
    for action in trail.legal_actions():
        after = trail.clone()
        after.apply_action(action)
        values[game_words(trail, action)] = heuristic.evaluate(after, 1)
    best = max(values.values())
    sand = [v for text, v in values.items() if text.startswith("add a Sand tile on the ocean")]
    assert sand and max(sand) == best, values


def game_words(state, action) -> str:
    return state.game.describe_action(state, action)


def _where(state, action) -> str:
    for q in range(-4, 10):
        for r in range(-4, 6):
            if cell(f"{q},{r}") == action.cell:
                return f"{q},{r}"
    raise AssertionError(action)


def test_ismcts_plays_greedys_move_in_a_settled_game_without_searching():
    """No decision can change a settled game's result: the search would find every action
    alike (in a tie, exactly), so ISMCTS ends the game as greedy does, at once (ten million
    iterations would take hours: the move comes in well under a second)."""
    for lead in (0, 2):
        state = settled(lead)
        started = time.perf_counter()
        action = make_agent("ismcts:iterations=10000000", seed=0).act(SeatView(state, 0))
        assert time.perf_counter() - started < 10
        assert type(action).__name__ == "AddTile" and state.cells.get(action.cell, 0) == 0


def _solo_value(state) -> float:
    """The solo value without the Bird tokens' term: points, the hand's fit, the Stamina pool,
    the actions left."""
    return (
        scores(state)[0]
        + heuristic.hand_potential(state, 0)
        + TOKEN * state.stamina
        + ACTION * state.actions_left
    )


def test_solo_values_every_bird_token_left_while_the_supply_has_sand_for_it():
    """With one colour's tokens (variant solo-one-colour): ten tokens, ten Sand tiles in the
    supply: all ten count; two birds placed (one point each): eight; one Sand tile left: one,
    however many tokens are left; an empty Migration pile: none. With every colour's (ruling
    IS-R33) the tokens cannot run out before the tiles, and none counts."""
    ones = _birds(1)
    one_colour = {"stamina": 1, "variants": ["solo-one-colour"]}
    every = position(1, hands=[HANDS[0]], options={"stamina": 1}, stamina=3)
    assert every.options.bird_tokens == 40 and not every.options.scarce_tokens
    assert heuristic.evaluate(every, 0) == pytest.approx(_solo_value(every))
    fresh = position(1, hands=[HANDS[0]], options=one_colour, stamina=3)
    assert fresh.supply[0] == 10 and fresh.options.bird_tokens == 10
    assert BIRD_TOKEN == 2.5
    assert heuristic.evaluate(fresh, 0) == pytest.approx(_solo_value(fresh) + 25.0)
    two = position(
        1,
        hands=[HANDS[0]],
        birds={"0,0": [0, 0]},
        placed=[ones[:2]],
        options=one_colour,
        stamina=3,
    )
    assert scores(two) == [2]
    assert heuristic.evaluate(two, 0) == pytest.approx(_solo_value(two) + 20.0)
    # placing a one-point bird costs a token worth more: the value falls by 2.5 - 1 each
    assert heuristic.evaluate(two, 0) - heuristic.evaluate(fresh, 0) == pytest.approx(-3.0)
    late = position(1, island=SAND_15, hands=[HANDS[0]], options=one_colour, stamina=3)
    assert late.supply[0] == 1
    assert heuristic.evaluate(late, 0) == pytest.approx(_solo_value(late) + 2.5)
    # the Migration pile empty: the next turn without a placement ends the season, no token counts
    last = position(1, hands=[HANDS[0]], migration=(), options=one_colour, stamina=3)
    assert last.supply[0] == 10 and not last.migration
    assert heuristic.evaluate(last, 0) == pytest.approx(_solo_value(last))


def test_the_bird_tokens_term_is_solo_only():
    state = position(2, hands=HANDS)
    assert (
        heuristic.evaluate(state, 0)
        == scores(state)[0] + heuristic.hand_potential(state, 0) + ACTION * state.actions_left
    )


SEARCH_DIGESTS = {
    2: "b34e319bb7616510",
    1: "651b25f8b7b94357",
    3: "c193476db1ab070e",
    4: "bc5281c00ebedceb",
}
"""``test_the_search_decides_as_it_did``: the digest of the root statistics of three searches
per player count, recorded before the fit levels were found from the version before (issue 36)
and the same in the pure and the compiled build."""


@pytest.mark.parametrize("players", sorted(SEARCH_DIGESTS))
def test_the_search_decides_as_it_did(players):
    """The default search (300 iterations, seed 7) from three positions of random playouts
    visits every root action as often and values it the same as before the speed-ups of its
    heuristic that must not change a decision (issue 36): the digest of every root action's
    words, visits and value."""
    rows: list[tuple[str, int, str]] = []
    for state in positions("isle-of-feathers", {"players": players}, 3, longest=60):
        agent = make_agent("ismcts:iterations=300", seed=7)
        stats = agent.analyse(SeatView(state, state.current_player))
        rows += [(str(s.action), s.visits, repr(s.value)) for s in stats]
    assert hashlib.sha256(repr(rows).encode()).hexdigest()[:16] == SEARCH_DIGESTS[players]
