"""Replays (``frame`` over the WebSocket) and the record file (``GET .../record.json``).

A frame of event k must be what live play sent its recipient at event k (the summary's "now"
fields aside) while the game runs, every seat's view once it is over; the record file is the
one ``feathers replay`` reads, and only after the end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.cli.main import app as cli
from fourfeathers.core.records import NOTE, GameRecord
from fourfeathers.web import replay
from fourfeathers.web.protocol import Frame, ProtocolError, parse

NOW_FIELDS = ("updated",)
"""Summary fields a frame gives as they are now, not as they were at its event."""


def then(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in NOW_FIELDS}


def frame(browser: Browser, n: Any, id: Any = "f") -> dict[str, Any]:
    browser.send({"type": "frame", "id": id, "n": n})
    return browser.next("frame", "error")


def live_states(browser: Browser) -> dict[int, dict[str, Any]]:
    """The state ``browser`` was sent at each event (0: its first sync)."""
    states = {0: browser.first["state"]}
    for n, text in browser.events.items():
        states[n] = json.loads(text)["state"]
    return states


def test_frame_messages_are_parsed_and_bounded() -> None:
    assert parse('{"type": "frame", "n": 3, "id": 7}', 8192) == Frame(7, 3)
    for bad, word in (
        ('{"type": "frame"}', "'n'"),
        ('{"type": "frame", "n": -1}', "'n'"),
        ('{"type": "frame", "n": "3"}', "'n'"),
        ('{"type": "frame", "n": true}', "'n'"),
        ('{"type": "frame", "n": 1, "seat": 0}', "'seat'"),
    ):
        with pytest.raises(ProtocolError) as caught:
            parse(bad, 8192)
        assert caught.value.code == "bad_field"
        assert word in caught.value.message


def test_a_seat_steps_back_through_what_it_saw_undo_included(db) -> None:
    with server(db) as client:
        made = create(client, "featherlight", ["human", "human"], options={"starting_player": 0})
        tokens = claim_all(client, made)
        seats = [Browser(client, made["table"], tokens[s]) for s in range(2)]
        watcher = Browser(client, made["table"])
        rng = random.Random(3)
        table = hub_of(client).get(made["table"])
        undone = False
        while table.n < 40 and not table.over:
            mover = seats[table.state.current_player]
            if not undone and table.undo_seat() == table.state.current_player ^ 1 and table.n > 6:
                other = seats[table.undo_seat()]
                assert other.command("undo")["type"] == "accepted"
                undone = True
            else:
                assert mover.move(rng.choice(mover.legal))["type"] == "accepted"
            for b in (*seats, watcher):
                b.until(table.n)
        assert undone, "the game should have had an undo"
        assert any(row.kind == "undo" for row in table.log)
        for b, held in ((seats[0], [0]), (seats[1], [1]), (watcher, [])):
            live = live_states(b)
            for n in range(table.n + 1):
                got = frame(b, n, id=n)
                assert got["type"] == "frame", got
                assert (got["id"], got["n"], got["latest"], got["seen"]) == (n, n, table.n, held)
                assert then(got["state"]) == then(live[n]), f"event {n} for {held}"
                if n:
                    sent = json.loads(b.events[n])["entry"]
                    assert got["entry"] == sent
                else:
                    assert got["entry"] is None


def test_a_frame_out_of_range_is_a_clean_error_naming_n(db) -> None:
    with server(db) as client:
        made = create(client, "featherlight", ["human", "random"], options={"starting_player": 0})
        tokens = claim_all(client, made)
        seat = Browser(client, made["table"], tokens[0])
        seat.move(seat.legal[0])
        n = hub_of(client).get(made["table"]).n
        answer = frame(seat, n + 1, id="far")
        assert answer["type"] == "error" and answer["code"] == "bad_field"
        assert answer["id"] == "far"
        assert (
            f"'n' must be an event of table {made['table']}: 0 to {n}, got {n + 1}"
            in (answer["message"])
        )
        for bad in (-1, "2", None, 2**70):
            answer = frame(seat, bad)
            assert answer["type"] == "error" and answer["code"] == "bad_field", answer
            assert "'n'" in answer["message"]
        assert frame(seat, n)["type"] == "frame"  # the connection is still open


def finished_table(client) -> tuple[dict[str, Any], Any]:
    made = create(client, "featherlight", ["random", "random"])
    table = hub_of(client).get(made["table"])
    watcher = Browser(client, made["table"])
    while not table.over:
        watcher.receive()
    watcher.close()
    return made, table


def test_after_the_end_anybody_steps_through_every_seats_view(db) -> None:
    with server(db) as client:
        made, table = finished_table(client)
        watcher = Browser(client, made["table"])
        for n in (0, 1, table.n // 2, table.n):
            got = frame(watcher, n)
            assert got["seen"] == [0, 1]
            assert got["state"]["you"] == [0, 1]
            rebuilt = GameRecord(
                table.game.id, table.game.config, table.seed, table.record.actions[:n]
            ).replay()
            hands = [p["observation"] for p in got["state"]["private"]]
            assert hands == [json.loads(json.dumps(rebuilt.observation(s))) for s in (0, 1)]
            if n:
                assert got["entry"]["action"] == table.record.actions[n - 1]
        assert "result" in frame(watcher, table.n)["state"]
        assert "result" not in frame(watcher, table.n - 1)["state"]


def test_the_record_file_is_refused_before_the_end(db) -> None:
    with server(db) as client:
        made = create(client, "featherlight", ["human", "random"])
        answer = client.get(f"/api/tables/{made['table']}/record.json")
        assert answer.status_code == 409
        body = answer.json()
        assert body["error"] == "refused"
        assert "still being played" in body["message"]
        seed = hub_of(client).get(made["table"]).seed
        assert str(seed) not in answer.text
        assert client.get("/api/tables/nosuchtable/record.json").status_code == 404


def test_the_record_file_is_what_feathers_replay_reads(db, tmp_path) -> None:
    with server(db) as client:
        made, table = finished_table(client)
        answer = client.get(f"/api/tables/{made['table']}/record.json")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "application/json"
        name = f"featherlight-{made['table']}.json"
        assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'
        data = answer.json()
        assert list(data)[0] == "note" and data["note"] == NOTE
        assert (data["game"], data["seed"], data["actions"]) == (
            "featherlight",
            table.seed,
            table.record.actions,
        )
        assert data["table"] == {
            "seats": ["random", "random"],
            "served": {"table": made["table"], "engine": table.engine},
        }
        path = tmp_path / name
        path.write_bytes(answer.content)
        scores, winners = table.state.scores(), table.state.winners()
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert (shown["scores"], shown["winners"], shown["finished"]) == (scores, winners, True)
    assert shown["decisions"] == len(data["actions"])


def test_frames_replay_from_checkpoints_like_from_the_start(db, monkeypatch) -> None:
    monkeypatch.setattr(replay, "CHECKPOINT", 4)
    with server(db) as client:
        made, table = finished_table(client)
        order = list(range(table.n, -1, -1)) + [3, 9, 0, table.n]
        for n in order:
            got = replay.table_at(table, n)
            assert got.n == n
            assert got.record.actions == [row.action for row in table.log[:n] if row.kind == "move"]
            fresh = GameRecord(
                table.game.id, table.game.config, table.seed, got.record.actions
            ).replay()
            assert got.state.public_observation() == fresh.public_observation()
        assert set(replay.frames_of(table).checkpoints) == set(range(0, table.n + 1, 4))
