"""Review a game in the browser (issue 34): a finished two-player Featherlight game with a
planted bad move (seat 1 plays the move the game's heuristic rates worst, as in
tests/agents/test_review.py), opened by a spectator, "Review my game" clicked: the planted
decision is marked, and a click on it opens the replay at that move."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from browser_helpers import screenshot
from live import hot_seat_table
from websockets.sync.client import connect

from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents.heuristic import heuristic_for
from fourfeathers.agents.review import review
from fourfeathers.core.records import GameRecord

EARLY = 12
"""The bad move is planted at one of seat 1's first decisions of several choices."""


def table_seed(live, table_id: str) -> tuple[int, dict]:
    """The table's seed and configuration, read from the server's database (the test plays the
    whole game ahead of the server to plant the bad move)."""
    args = live.process.args
    path = args[args.index("--db") + 1].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        seed, config = db.execute(
            "SELECT seed, config FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
    return int(seed), json.loads(config)


def game_with_bad_move(seed: int, config: dict) -> tuple[list[str], int, list[int | None]]:
    """A whole game of greedy seats where seat 0 plays the worst move (by the heuristic, from
    the true state) at the one of its first ``EARLY`` decisions where that costs the most.
    Returns the actions, the planted action's index and the seat that chose each action (None
    for a forced one: the server makes it)."""
    record = GameRecord("featherlight", config, seed)
    evaluate = heuristic_for("featherlight")

    def value(state, action) -> float:
        after = state.clone()
        after.apply_action(action)
        return float(evaluate(after, 0))

    def play(plant: int | None) -> tuple[list[str], dict[int, float], list[int | None]]:
        game = record.make_game()
        state = game.new_initial_state(seed)
        actions: list[str] = []
        chooser: list[int | None] = []
        gaps: dict[int, float] = {}
        mine = 0
        while not state.is_terminal():
            seat, legal = state.current_player, state.legal_actions()
            index = len(actions)
            if seat == 0 and len(legal) > 1 and mine < EARLY:
                values = [value(state, a) for a in legal]
                gaps[index] = max(values) - min(values)
                mine += 1
            if index == plant:
                action = min(legal, key=lambda a: value(state, a))
            else:
                action = make_agent("greedy", index).act(SeatView(state, seat))
            actions.append(str(action))
            chooser.append(None if len(legal) == 1 else seat)
            state.apply_action(action)
        return actions, gaps, chooser

    _, gaps, _ = play(None)
    planted = max(gaps, key=lambda i: gaps[i])
    actions, _, chooser = play(planted)
    return actions, planted, chooser


REVIEW_BUDGET = 200
"""The live server's ``--review-budget`` (tests/browser/conftest.py)."""

DEALS = 4
"""Tables tried until one's planted move is one the review marks (each deal is new)."""


def marked_by_the_engine(seed: int, config: dict, actions: list[str]) -> set[int]:
    """The decisions of seat 1 that the server's review (``review`` with its budget and seed
    0) marks mistake or blunder: with a small budget a bad move is not marked in every deal."""
    record = GameRecord("featherlight", config, seed, actions)
    result = review(record, seat=0, budget=REVIEW_BUDGET)
    return {d.index for d in result.decisions if d.mark in ("mistake", "blunder")}


def planted_game(live) -> tuple[str, str, list[str], int, list[int | None]]:
    """A new hot-seat table and a whole game for it with a bad move of seat 1 that the review
    marks (``DEALS`` tables at most): table id, token, actions, planted index, choosers."""
    for _ in range(DEALS):
        table_id, token = hot_seat_table(live, "featherlight", ["human", "human"])
        seed, config = table_seed(live, table_id)
        actions, planted, chooser = game_with_bad_move(seed, config)
        if planted in marked_by_the_engine(seed, config, actions):
            return table_id, token, actions, planted, chooser
    pytest.fail(f"in {DEALS} deals the review marked no planted move")


def play_over_the_socket(live, table_id: str, token: str, actions, chooser) -> None:
    """Send the game's decisions as the hot seat holding both seats (the server makes the
    forced ones itself)."""
    with connect(live.ws_url(table_id)) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        n = 0

        def until(k: int) -> None:
            nonlocal n
            while n < k:
                data = json.loads(ws.recv(timeout=20))
                assert data["type"] not in ("rejected", "error"), data
                if data["type"] in ("sync", "event"):
                    n = max(n, data["n"])

        for i, (action, seat) in enumerate(zip(actions, chooser, strict=True)):
            if seat is None:
                continue
            until(i)
            time.sleep(0.06)  # the server takes at most 20 messages a second
            ws.send(json.dumps({"type": "move", "seat": seat, "action": action, "expect": i}))
        until(len(actions))


def test_a_planted_blunder_is_marked_and_a_click_on_it_opens_the_replay_there(live, seat) -> None:
    table_id, token, actions, planted, chooser = planted_game(live)
    assert chooser[planted] == 0
    play_over_the_socket(live, table_id, token, actions, chooser)
    assert live.get(f"/api/tables/{table_id}")["status"] == "finished"

    page = seat(f"/t/{table_id}").page  # a spectator: the review is offered to anybody
    page.wait_for_selector(".end [data-key=review-start]")
    assert page.locator("[data-key=review-seat]").input_value() == "0"
    started = time.monotonic()
    page.click(".end [data-key=review-start]")
    page.wait_for_selector(".review-panel .review-chart", timeout=180_000)
    took = time.monotonic() - started
    panel = page.locator(".review-panel")
    assert "Review of Seat 1" in panel.locator("h2").inner_text()
    assert "fewer than the hard level's 3,000" in panel.inner_text()
    jump = page.locator(f"[data-key=review-jump-{planted}]")
    assert jump.count() == 1, f"the planted move #{planted + 1} is not marked ({took:.0f} s)"
    mark = jump.locator("xpath=..").get_attribute("class")
    assert mark in ("mark-mistake", "mark-blunder"), mark
    assert jump.inner_text().startswith(f"Move {planted + 1} ")
    jump.scroll_into_view_if_needed()  # the planted move in sight in the list
    screenshot(page, "review")
    jump.click()
    # no undo in this game: action i is event i + 1
    page.wait_for_selector(f".table-page[data-frame='{planted + 1}']")
    assert page.locator(".replay-where").inner_text().startswith(f"Event {planted + 1} of")
    # the replay offers the review too, and the panel stays beside the board
    assert page.locator(".replay [data-key=review-start]").is_visible()
    assert page.locator(".review-panel .review-marks").is_visible()
