"""Agents: the interface, determinism, and that each plays whole games of every game."""

from __future__ import annotations

import pytest

from fourfeathers import list_games, make
from fourfeathers.agents import AGENTS, SeatView, make_agent
from fourfeathers.arena import play_game

FAST = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:iterations=30:playout_depth=4"}


def test_seat_view_exposes_only_the_seat_information():
    state = make("featherlight", players=3).new_initial_state(4)
    view = SeatView(state, state.current_player)
    assert view.observation() == state.observation(state.current_player)
    assert view.legal_actions() == state.legal_actions()
    public = [name for name in dir(view) if not name.startswith("_")]
    assert sorted(public) == ["determinize", "game", "legal_actions", "observation", "player"]


@pytest.mark.parametrize("spec", sorted(FAST.values()))
@pytest.mark.parametrize("game_id", [spec.id for spec in list_games()])
def test_every_agent_finishes_every_game(game_id, spec):
    game_spec = next(s for s in list_games() if s.id == game_id)
    config = game_spec.configurations[0]
    players = make(game_id, **config).num_players
    result = play_game(game_id, config, [spec] * players, seed=3)
    assert result.decisions > 0 and len(result.scores) == players


def test_same_seed_same_decisions():
    state = make("featherlight", players=2).new_initial_state(9)
    view = SeatView(state, state.current_player)
    first = make_agent(FAST["ismcts"], seed=5).analyse(view)
    second = make_agent(FAST["ismcts"], seed=5).analyse(view)
    assert [(s.action, s.visits) for s in first] == [(s.action, s.visits) for s in second]
    assert sum(s.visits for s in first) == 30


def test_agent_specs_and_errors():
    assert make_agent("ismcts:iterations=7:c=1.5").iterations == 7
    assert make_agent("ismcts:iterations=7:c=1.5").c == 1.5
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        make_agent("genius")
    with pytest.raises(ValueError, match="agent 'greedy'.*depth"):
        make_agent("greedy:depth=3")
    assert {"random", "greedy", "ismcts"} <= set(AGENTS)


def test_greedy_beats_random_at_featherlight():
    wins = 0.0
    for seed in range(12):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        result = play_game("featherlight", {"players": 2}, seats, seed)
        greedy = seats.index("greedy")
        wins += (greedy in result.winners) / len(result.winners)
    assert wins >= 10
