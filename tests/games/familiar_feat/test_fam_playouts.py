"""Whole adventures played by the greedy agent at every level, with what must hold at every step.

Random play loses within a few days, before the Stone Golems come out; the greedy agent reaches
them in about half of its adventures, so the Golem rules are exercised here.
"""

from __future__ import annotations

from collections import Counter

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.games.familiar_feat.content import GOLEMS
from fourfeathers.games.familiar_feat.rules_phases import LOST, MAX_DAYS, WON


def test_adventures_keep_every_card_in_one_place_and_always_end():
    """FA-99: every card in exactly one place after every action (and the state rebuilds from
    its dict, which checks it); FA-84: nothing ever leaves the Fled pile; FA-80: once a Golem
    is in the row the row never empties, and every day from then on ends with a flee (the Team
    deck ran out); FA-101: every adventure ends, won or lost, long before the safety cap."""
    golem_days = 0
    for level in range(1, 9):
        game = make("familiar-feat", level=level)
        for seed in range(3):
            agent = make_agent("greedy", seed)
            state = game.new_initial_state(100 * level + seed)
            golem = False
            day, fled_at_dawn = state.day, 0
            while not state.is_terminal():
                fled = list(state.fled)
                state.apply_action(agent.act(SeatView(state, 0)))
                located = Counter(c for cs in state.component_locations().values() for c in cs)
                assert located == Counter(game.components())
                assert game.state_from_dict(state.to_dict()) == state
                assert state.fled[: len(fled)] == fled
                if state.day != day:
                    if golem:
                        assert len(state.fled) > fled_at_dawn, (level, seed, day)
                        golem_days += 1
                    day, fled_at_dawn = state.day, len(state.fled)
                golem = golem or any(c in GOLEMS for c in state.row)
                if golem and not state.is_terminal():
                    assert any(state.row)
            assert state.result in (WON, LOST) and state.day < MAX_DAYS // 5
    assert golem_days >= 10  # the Golem checks above did run
