"""Game review (``agents.review``): a deliberately bad move is marked, in a two-player game (win
chance) and in a solo game (expected points); the same record reviews the same twice; forced
decisions are skipped; progress, cancelling and the charts."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents.heuristic import heuristic_for
from fourfeathers.agents.review import png_chart, review, svg_chart
from fourfeathers.core.errors import IllegalActionError
from fourfeathers.core.records import GameRecord
from fourfeathers.core.search import ReviewThresholds


def record_with_bad_move(players: int, seed: int, k: int, prefix: str = "") -> GameRecord:
    """A Featherlight game of greedy seats, cut after seat 0's ``k``-th decision (from 0, among
    its decisions of 2+ actions whose actions start with ``prefix``), where seat 0 plays the
    action the game's heuristic values lowest from the true state instead."""
    game = fourfeathers.make("featherlight", players=players)
    state = game.new_initial_state(seed)
    record = GameRecord(game.id, game.config, seed)
    evaluate = heuristic_for(game.id)
    mine = 0
    while True:
        seat, actions = state.current_player, state.legal_actions()
        if seat == 0 and len(actions) > 1 and str(actions[0]).startswith(prefix):
            if mine == k:

                def value(action):
                    after = state.clone()
                    after.apply_action(action)
                    return evaluate(after, 0)

                record.actions.append(str(min(actions, key=value)))
                return record
            mine += 1
        action = make_agent("greedy", len(record.actions)).act(SeatView(state, seat))
        record.actions.append(str(action))
        state.apply_action(action)


def test_a_losing_move_of_two_players_is_a_blunder_and_a_second_review_marks_the_same():
    record = record_with_bad_move(players=2, seed=1, k=6)
    first = review(record, 0, budget=100, seed=0)
    bad = first.decisions[-1]
    assert bad.index == len(record.actions) - 1
    assert bad.played.words == "swap: take 52 (red) from stack 1, leaving a gap"
    assert bad.mark == "blunder" and bad.loss > 40
    assert bad.best.words != bad.played.words and bad.best.estimate > 0.5 > bad.played.estimate
    assert first.unit == "win-chance points" and not first.solo
    assert first.thresholds == ReviewThresholds(5, 10, 20)
    assert bad.iterations == 100 and bad.short  # fewer than hard's 3,000
    again = review(record, 0, budget=100, seed=0)
    assert again.to_dict() == first.to_dict()
    # another seed searches otherwise, and the bad move is still a blunder
    assert review(record, 0, budget=100, seed=7).decisions[-1].mark == "blunder"


def test_a_move_that_costs_points_in_solo_is_marked_in_points():
    record = record_with_bad_move(players=1, seed=3, k=3, prefix="put")
    first = review(record, 0, budget=100, seed=0, playouts=4)
    bad = first.decisions[-1]
    assert first.solo and first.unit == "points"
    assert first.thresholds == ReviewThresholds(3, 6, 12)  # featherlight's REVIEW_SOLO
    assert bad.played.words == "put 22 (green) on stack 1, covering 43 (purple)"
    assert bad.mark == "blunder" and bad.loss == bad.best.estimate - bad.played.estimate >= 12
    assert bad.playouts == 4
    assert review(record, 0, budget=100, seed=0, playouts=4).to_dict() == first.to_dict()


def test_forced_decisions_are_skipped_and_every_other_decision_of_the_seat_is_reviewed():
    game = fourfeathers.make("fancy-feathers", players=2)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    record = GameRecord(game.id, game.config, 4)
    forced, choices = 0, []
    while not state.is_terminal():
        actions = state.legal_actions()
        if state.current_player == 1:
            if len(actions) == 1:
                forced += 1
            else:
                choices.append(len(record.actions))
        action = rng.choice(actions)
        record.actions.append(str(action))
        state.apply_action(action)
    assert forced and choices
    result = review(record, 1, budget=5)
    assert result.forced == forced
    assert [d.index for d in result.decisions] == choices
    assert all(d.choices > 1 and d.iterations == 5 for d in result.decisions)
    assert result.scores == state.scores()


def test_progress_is_told_and_a_cancelled_review_keeps_what_was_done():
    record = record_with_bad_move(players=2, seed=1, k=6)
    told = []
    result = review(record, 0, budget=5, progress=lambda done, total: told.append((done, total)))
    assert told == [(k, 7) for k in range(8)]
    assert not result.cancelled and result.total == 7
    asked = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 3

    stopped = review(record, 0, budget=5, cancel=cancel)
    assert stopped.cancelled and len(stopped.decisions) == 3 and stopped.total == 7
    assert stopped.decisions == result.decisions[:3]


def test_the_dict_is_json_and_the_svg_chart_is_one_svg_element(tmp_path):
    record = record_with_bad_move(players=2, seed=1, k=6)
    result = review(record, 0, budget=20)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["counts"] == result.counts() and data["seat"] == 0
    assert set(data["decisions"][0]) >= {"index", "played", "best", "loss", "mark", "iterations"}
    assert set(data["decisions"][0]["played"]) == {"action", "words", "visits", "value", "estimate"}
    svg = svg_chart(result)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    dots = root.findall("{http://www.w3.org/2000/svg}circle")
    assert len(dots) == len(result.decisions)
    png = tmp_path / "chart.png"
    png_chart(result, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_reviews_are_refused_with_the_reason():
    record = record_with_bad_move(players=2, seed=1, k=0)
    with pytest.raises(ValueError, match="seat 3 is not a seat of this 2-player game"):
        review(record, 2)
    with pytest.raises(ValueError, match="at least 1 iteration"):
        review(record, 0, budget=0)
    broken = GameRecord(record.game, record.config, record.seed, [*record.actions, "take 99"])
    with pytest.raises(IllegalActionError, match="record action #"):
        review(broken, 0, budget=1)


def test_thresholds_must_rise():
    assert ReviewThresholds(1, 2, 3).mark(2.5) == "mistake"
    with pytest.raises(ValueError, match="inaccuracy <= mistake <= blunder"):
        ReviewThresholds(5, 3, 10)
