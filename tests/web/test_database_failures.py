"""The server while its database fails (PostgreSQL stopped or unreachable a moment, a full
disk): what a browser is told, and that the server goes on once the database is back
(docs/protocol.md, "Several processes, one database")."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect
from test_protocol import hot_seat
from web_helpers import create, hub_of, server

ADDRESS = '10.0.0.5", port 5432 failed: FATAL:  password authentication failed for user "feathers"'
"""What a PostgreSQL driver says of a connection that failed: the database's address, port
and role, none of which a browser may be told."""


def unreachable(*args: Any, **kwargs: Any) -> None:
    raise sa.exc.OperationalError("INSERT INTO moves", {}, Exception(f"connection to {ADDRESS}"))


def test_a_move_the_database_cannot_store_is_refused_without_the_databases_words(
    client, monkeypatch
) -> None:
    table, browser = hot_seat(client)
    monkeypatch.setattr(hub_of(client).store, "append", unreachable)
    reply = browser.command("move", action=browser.legal[0], seat=browser.state["to_move"])
    assert reply["code"] == "not_stored"
    assert reply["reason"] == (
        "the server could not store it (its database could not be reached or is full); try again"
    )
    assert hub_of(client).get(table["table"]).n == 0
    monkeypatch.undo()
    assert browser.move(browser.legal[0], seat=browser.state["to_move"])["n"] == 1


def test_a_request_the_database_fails_is_a_503_in_the_apis_shape(client, monkeypatch) -> None:
    table = create(client, "featherlight", ["human", "human"])
    monkeypatch.setattr(hub_of(client).store, "create", unreachable)
    monkeypatch.setattr(hub_of(client).store, "claim", unreachable)
    made = client.post("/api/tables", json={"game": "featherlight", "seats": ["human", "easy"]})
    invite = table["invites"][0]
    claim = {"seat": invite["seat"], "invite": invite["invite"]}
    claimed = client.post(f"/api/tables/{table['table']}/claim", json=claim)
    for response in (made, claimed):
        assert response.status_code == 503
        assert response.json() == {
            "error": "unavailable",
            "message": "nothing was done (its database could not be reached or is full); try again",
        }
    monkeypatch.undo()
    assert client.post(f"/api/tables/{table['table']}/claim", json=claim).status_code == 200


def test_the_cleanup_goes_on_after_a_round_the_database_failed(db, monkeypatch) -> None:
    """A finished table is deleted by the round after one the database failed in: the loop
    that deletes and archives tables must not end at its first failure."""
    with server(db, cleanup_every=0.05, keep_finished=0.0) as client:
        hub = hub_of(client)
        failures = []

        def broken(before: float) -> int:
            failures.append(before)
            raise sa.exc.OperationalError("DELETE FROM links", {}, Exception("server closed"))

        monkeypatch.setattr(hub.store, "drop_links", broken)
        deadline = time.monotonic() + 5
        while not failures and time.monotonic() < deadline:
            time.sleep(0.01)
        monkeypatch.undo()
        made = create(client, "featherlight", ["random", "random"])
        deadline = time.monotonic() + 20
        while made["table"] in hub.tables and time.monotonic() < deadline:
            time.sleep(0.05)
        assert failures, "the database failed once"
        assert made["table"] not in hub.tables, "the finished table was deleted after it"


def test_a_table_opened_while_the_database_fails_is_an_error_and_a_close_to_try_again(
    client, monkeypatch
) -> None:
    """A page opening a table its process must read from the database (made at another
    process a moment ago) while the database fails is told so, and closed with 1013 (try
    again later): not closed with no word (the log had a traceback)."""
    hub = hub_of(client)

    async def fetch(table_id: str) -> Any:
        unreachable()

    monkeypatch.setattr(hub, "fetch", fetch)
    with client.websocket_connect("/ws/tables/madeElsewhere1") as ws:
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == "unavailable"
        assert told["message"] == (
            "the table could not be opened (its database could not be reached or is full); "
            "try again"
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013
