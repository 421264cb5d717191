"""Computer seats on the server decide from the record alone (``web.ai.decide``, a new agent
for each decision): an agent that remembers the positions it decided in (greedy, in a game with
a repetition rule) is shown the seat's earlier decisions first, so it remembers what the same
agent playing the whole game would."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pytest

from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core import make
from fourfeathers.core.records import GameRecord
from fourfeathers.games.featherlight.heuristic import position_key
from fourfeathers.web import ai


def greedy_game(game_id: str, moves: int) -> tuple[GameRecord, list[Any]]:
    """A record of ``moves`` decisions by one greedy agent per seat, and the agents."""
    game = make(game_id, players=2)
    state = game.new_initial_state(3)
    record = GameRecord(game.id, game.config, 3)
    agents = [make_agent("greedy", 10 + p) for p in range(2)]
    for _ in range(moves):
        action = agents[state.current_player].act(SeatView(state, state.current_player))
        record.actions.append(str(action))
        state.apply_action(action)
    return record, agents


def decided(monkeypatch: pytest.MonkeyPatch, record: GameRecord) -> tuple[int, Any]:
    """``ai.decide`` for the seat to move at the end of ``record``: the seat and its agent."""
    made: list[Any] = []

    def capture(spec: str, seed: int, game: Any) -> Any:
        # the level is resolved for the record's game (agents.resolve_spec)
        assert (game.id, game.config) == (record.game, record.config)
        made.append(make_agent(spec, seed, game))
        return made[-1]

    monkeypatch.setattr(ai, "make_agent", capture)
    state = record.replay()
    seat = state.current_player
    assert ai.decide(asdict(record), seat, "greedy", 5) in [str(a) for a in state.legal_actions()]
    return seat, made[0]


def test_a_greedy_seat_remembers_the_positions_it_decided_in(monkeypatch) -> None:
    record, agents = greedy_game("featherlight", 41)
    seat, agent = decided(monkeypatch, record)
    now = record.replay()
    # What the agent that played the whole game remembers, and the position it decides in now.
    assert agent.seen == agents[seat].seen | {position_key(now, seat)}
    assert len(agent.seen) > 10


def test_no_memory_where_the_game_has_no_repetition_rule(monkeypatch) -> None:
    record, agents = greedy_game("isle-of-feathers", 12)
    _, agent = decided(monkeypatch, record)
    assert agent.seen == set() == agents[0].seen
