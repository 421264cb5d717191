"""The greedy agent's heuristic for Fancy Feathers: cheap, sensible, and clearly better than
random play."""

from __future__ import annotations

from ff_helpers import position

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents.heuristic import heuristic_for
from fourfeathers.games.fancy_feathers import rules
from fourfeathers.games.fancy_feathers.actions import lose, move


def test_the_game_has_its_own_heuristic():
    assert (
        heuristic_for("fancy-feathers").__module__ == "fourfeathers.games.fancy_feathers.heuristic"
    )


def test_it_counts_the_next_sure_collection():
    """A disc alone on a card will collect the run behind it: that counts for its owner."""
    game = make("fancy-feathers", types=["nest", "peacock", "fox", "trap", "mirror", "monal"])
    evaluate = heuristic_for(game.id)
    state = position(
        game, path=["nest", "nest", "peacock", "nest", "nest"], discs=[(0, 0), (1, 2)], begin=False
    )
    assert evaluate(state, 1) == 4.0  # two Nests to come, against nothing
    assert evaluate(state, 0) == -4.0


def test_greedy_avoids_a_lone_peacock_and_the_fox_takes_the_worst_card():
    game = make("fancy-feathers", types=["nest", "peacock", "fox", "trap", "mirror", "monal"])
    greedy = make_agent("greedy", seed=1)
    state = position(
        game,
        path=["peacock", "nest", "nest", "nest", "nest"],
        discs=[(0, 0), (1, 5)],
        stack=["nest"],
    )
    assert greedy.act(SeatView(state, 0)) != move(1)
    fox = position(
        game,
        path=["fox", "nest", "nest", "nest", "nest"],
        discs=[(0, 1), (1, 5)],
        held={0: ["peacock", "nest", "nest"]},
        stack=["mirror"],
    )
    assert fox.phase == rules.FOX_CHOICE
    assert greedy.act(SeatView(fox, 0)) == lose(5, 0)  # lose the lone Peacock (-10)


def test_greedy_wins_clearly_more_than_a_fair_share():
    game = make("fancy-feathers", players=4)
    wins = 0
    games = 60
    for i in range(games):
        agents = [make_agent("greedy", seed=i)] + [
            make_agent("random", seed=100 * i + k) for k in range(3)
        ]
        state = game.new_initial_state(i)
        while not state.is_terminal():
            p = state.current_player
            state.apply_action(agents[p].act(SeatView(state, p)))
        wins += state.winners() == [0]
    assert wins / games > 0.45  # a fair share is 25%
