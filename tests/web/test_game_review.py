"""Game reviews in the browser (``review`` over the WebSocket, ``web/review.py``): after the end
only, a decision at a time in the computer players' pool with progress, cancellable, bounded
(one per table, ``review_slots`` in all), stored with the table and answered again from there."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.agents.review import review as engine_review
from fourfeathers.core.records import GameRecord
from fourfeathers.web import review as web_review
from fourfeathers.web.protocol import ProtocolError, ReviewAsk, parse


def finished(client, seats: tuple[str, str] = ("random", "random")) -> Any:
    made = create(client, "featherlight", list(seats))
    table = hub_of(client).get(made["table"])
    watcher = Browser(client, made["table"])
    while not table.over:
        watcher.receive()
    watcher.close()
    return table


def slow_parts(monkeypatch, gate: threading.Event | None = None) -> list[int]:
    """Make each decision's search wait (for ``gate``, or 50 ms); returns the starts searched."""
    honest = web_review.review_part
    calls: list[int] = []

    def slow(record, seat, budget, start):
        calls.append(start)
        if start >= 0:
            if gate is not None:
                gate.wait(10)
            else:
                time.sleep(0.05)
        return honest(record, seat, budget, start)

    monkeypatch.setattr(web_review, "review_part", slow)
    return calls


def test_review_messages_are_parsed_and_bounded() -> None:
    assert parse('{"type": "review", "seat": 1, "id": "r"}', 8192) == ReviewAsk("review", "r", 1)
    assert parse('{"type": "review_cancel"}', 8192) == ReviewAsk("review_cancel", None, None)
    for bad, word in (
        ('{"type": "review"}', "'seat'"),
        ('{"type": "review", "seat": -1}', "'seat'"),
        ('{"type": "review", "seat": "0"}', "'seat'"),
        ('{"type": "review", "seat": 0, "budget": 99999}', "'budget'"),
        ('{"type": "review_cancel", "seat": 0}', "'seat'"),
    ):
        with pytest.raises(ProtocolError) as caught:
            parse(bad, 8192)
        assert caught.value.code == "bad_field"
        assert word in caught.value.message


def test_a_review_is_refused_before_the_end_to_seats_and_spectators(db) -> None:
    with server(db) as client:
        made = create(client, "featherlight", ["human", "human"])
        tokens = claim_all(client, made)
        for token in (tokens[0], None):
            browser = Browser(client, made["table"], token)
            (answer,) = browser.review(0)
            assert answer["type"] == "error" and answer["code"] == "not_over"
            assert answer["id"] == "r"
            assert "after its end" in answer["message"]
        assert hub_of(client).reviews.jobs == {}


def test_progress_then_the_review_with_the_engines_figures_and_replay_events(db) -> None:
    with server(db) as client:
        table = finished(client)
        browser = Browser(client, table.id)
        got = browser.review(1, id=7)
        progress, final = got[:-1], got[-1]
        assert final["type"] == "review", final
        result = final["result"]
        total = result["total"]
        assert total > 10
        # the first says how many decisions there are, then one per decision
        assert [p["done"] for p in progress][-total:] == list(range(1, total + 1))
        assert all(p["total"] in (0, total) and p["id"] == 7 and p["seat"] == 1 for p in progress)
        # the same figures as feathers review at the same budget and seed
        record = GameRecord(
            table.record.game, table.record.config, table.seed, table.record.actions
        )
        expected = engine_review(record, 1, budget=5, seed=0).to_dict()
        assert [{k: v for k, v in d.items() if k != "event"} for d in result["decisions"]] == (
            expected["decisions"]
        )
        assert (result["budget"], result["level_budget"], final["stored"]) == (5, 3000, False)
        assert all(d["iterations"] <= 5 and d["short"] for d in result["decisions"])
        assert final["chart"].startswith("<svg") and final["chart"].endswith("</svg>")
        # each decision names the event that played it: the replay goes there
        for d in result["decisions"]:
            row = table.log[d["event"] - 1]
            assert (row.seat, row.action) == (1, d["played"]["action"])


def test_a_review_is_stored_and_given_again_without_searching(db, monkeypatch) -> None:
    with server(db) as client:
        table = finished(client)
        first = Browser(client, table.id).review(0)[-1]
        assert first["type"] == "review" and first["stored"] is False
        stored = hub_of(client).store.review(table.id, 0, 5)
        assert stored["review"]["total"] == first["result"]["total"]
        calls = slow_parts(monkeypatch)
        again = Browser(client, table.id).review(0)
        assert [m["type"] for m in again] == ["review"]
        assert again[0]["stored"] is True
        assert again[0]["result"] == first["result"] and again[0]["chart"] == first["chart"]
        assert calls == []  # nothing searched again
    with server(db) as client:  # and after a restart
        (again,) = Browser(client, table.id).review(0)
        assert again["stored"] is True and again["result"] == first["result"]


def test_a_bad_seat_is_refused_naming_the_field(db) -> None:
    with server(db) as client:
        table = finished(client)
        (answer,) = Browser(client, table.id).review(2)
        assert answer["type"] == "error" and answer["code"] == "bad_field"
        assert "'seat'" in answer["message"] and "0 to 1" in answer["message"]


def test_cancel_stops_the_review_and_stores_nothing(db, monkeypatch) -> None:
    gate = threading.Event()
    calls = slow_parts(monkeypatch, gate)
    with server(db) as client:
        table = finished(client)
        browser = Browser(client, table.id)
        browser.send({"type": "review", "id": "r", "seat": 0})
        assert browser.next("review_progress")["done"] == 0
        browser.send({"type": "review_cancel", "id": "c"})
        answer = browser.next("review_cancelled", "error")
        assert answer == {"type": "review_cancelled", "id": "c", "seat": 0}
        gate.set()
        deadline = time.monotonic() + 10
        while hub_of(client).reviews.jobs and time.monotonic() < deadline:
            time.sleep(0.02)
        assert hub_of(client).reviews.jobs == {}
        assert hub_of(client).store.review(table.id, 0, 5) is None
        assert len(calls) <= 3  # the totals, the decision in progress, at most one more
        # cancelling again: nothing to cancel
        browser.send({"type": "review_cancel", "id": "c2"})
        assert browser.next("error", "review_cancelled")["code"] == "no_review"


def test_one_review_per_table_and_a_cap_server_wide(db, monkeypatch) -> None:
    gate = threading.Event()
    slow_parts(monkeypatch, gate)
    with server(db, review_slots=1) as client:
        table, other = finished(client), finished(client)
        a = Browser(client, table.id)
        a.send({"type": "review", "id": "r", "seat": 0})
        assert a.next("review_progress")["seat"] == 0
        b = Browser(client, table.id)
        (busy,) = b.review(1)
        assert busy["code"] == "busy" and "seat 1's review" in busy["message"]
        c = Browser(client, other.id)
        (full,) = c.review(0)
        assert full["code"] == "full" and "1 reviews at once" in full["message"]
        # the same seat's review is joined: both get its end
        b.send({"type": "review", "id": "b", "seat": 0})
        assert b.next("review_progress")["id"] == "b"
        gate.set()
        assert a.next("review")["result"]["seat"] == 0
        assert b.next("review")["id"] == "b"
        # the slot is free again
        assert c.review(0)[-1]["type"] == "review"


def test_a_solo_review_gives_feathers_reviews_expected_scores(db) -> None:
    with server(db) as client:
        made = create(client, "featherlight", ["random"])
        table = hub_of(client).get(made["table"])
        watcher = Browser(client, made["table"])
        while not table.over:
            watcher.receive()
        final = watcher.review(0)[-1]
        result = final["result"]
        assert result["solo"] is True and result["unit"] == "points"
        record = GameRecord(
            table.record.game, table.record.config, table.seed, table.record.actions
        )
        expected = engine_review(record, 0, budget=5, seed=0).to_dict()
        assert [{k: v for k, v in d.items() if k != "event"} for d in result["decisions"]] == (
            expected["decisions"]
        )
        assert all(
            d["playouts"] == expected["decisions"][0]["playouts"] > 1 for d in result["decisions"]
        )
