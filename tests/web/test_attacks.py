"""No client hurts the others: each attack of issue 35's list, tried against the server.

``ATTACKS`` is the attack table: one row per item of the list, with the test that tries it
(``test_the_attack_table_names_real_tests`` checks that every row's test exists). Each of these
tests failed before its fix.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import signal
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from live import LiveServer
from starlette.testclient import WebSocketDenialResponse
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.web import ai
from fourfeathers.web.limits import Limits, LimitsMiddleware

ATTACKS: list[tuple[str, str]] = [
    (
        "killing a computer-player worker stalls tables until a restart",
        "test_a_killed_worker_stalls_no_table",
    ),
    ("one client creates tables without limit", "test_tables_a_minute_per_address"),
    ("one client keeps tables running without limit", "test_running_tables_per_address"),
    ("a huge request body is read whole", "test_a_body_over_the_limit_is_refused_unread"),
    ("a huge request body reaches the application", "test_the_server_refuses_a_large_body"),
    (
        "a body that streams past the limit (no or a lying Content-Length)",
        "test_a_streamed_body_is_counted_and_cut",
    ),
    ("a body announced and never sent holds its socket", "test_a_slow_body_gets_408_and_closed"),
    ("one address opens WebSockets without limit", "test_websockets_per_address"),
    ("computer-only tables starve people's computer seats", "test_people_go_before_computers"),
    (
        "computer-only tables play with nobody connected",
        "test_an_unwatched_computer_only_table_pauses",
    ),
    ("a page of another site opens a WebSocket", "test_a_foreign_origin_is_refused"),
    ("a rate-limited command's answer has no id", "test_a_rate_limited_command_keeps_its_id"),
    ("max_turns and other numbers without bound", "test_numeric_options_are_bounded"),
    ("running tables are never deleted", "test_an_idle_running_table_is_archived"),
]
"""The attack table: what a client could do to the others, and the test that tries it."""


def run_alone(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own: in the whole suite a browser test's
    Playwright may leave an event loop set on the main thread, where ``asyncio.run`` refuses."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_attack_table_names_real_tests() -> None:
    names = [test for _, test in ATTACKS]
    assert len(set(names)) == len(names)
    for name in names:
        assert callable(globals().get(name)), name


def limits(**fields: Any) -> Limits:
    return Limits(**fields)


# The computer-player pool.


def test_a_killed_worker_stalls_no_table(db: Path) -> None:
    """Three tables waiting for a computer decision (two in workers, one queued); one worker
    is killed with SIGKILL: every table gets its decision, none waits for a restart."""
    with server(db, ai_processes=True, ai_workers=2) as client:
        hub = hub_of(client)
        made = [
            create(
                client,
                "featherlight",
                ["ismcts:seconds=2", "human"],
                options={"starting_player": 0},
            )
            for _ in range(3)
        ]
        tables = [hub.get(m["table"]) for m in made]
        deadline = time.monotonic() + 30
        while len(getattr(hub.pool._executor, "_processes", None) or {}) < 2:
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.05)
        time.sleep(1.0)  # the two workers are searching, the third table waits
        assert all(t.n == 0 for t in tables)
        victim = next(iter(hub.pool._executor._processes))
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 40
        while not all(t.n >= 1 for t in tables):
            assert time.monotonic() < deadline, [t.n for t in tables]
            time.sleep(0.1)
        assert victim not in hub.pool.worker_pids()
        # and the pool still serves: a new table's computer seat decides too
        later = hub.get(
            create(client, "featherlight", ["random", "human"], options={"starting_player": 0})[
                "table"
            ]
        )
        deadline = time.monotonic() + 20
        while later.n < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_a_lost_task_is_retried_once_per_death_and_bounded() -> None:
    """The first caller to see a broken executor replaces it; the others use the new one (they
    must not close it); a task that keeps killing its worker is given up after ``RETRIES``."""

    class Broken(Exception):
        pass

    made: list[Any] = []

    class FakeExecutor:
        def __init__(self, fail: bool) -> None:
            self.fail, self.shut = fail, False

        def submit(self, fn: Any, *args: Any) -> Any:
            from concurrent.futures import Future

            future: Future[Any] = Future()
            if self.fail:
                future.set_exception(ai.BrokenProcessPool("a worker died"))
            else:
                future.set_result(fn(*args))
            return future

        def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
            self.shut = True

    pool = ai.Pool(4, processes=False)

    def get() -> Any:
        if pool._executor is None:
            pool._executor = FakeExecutor(fail=not made)  # the first executor breaks
            made.append(pool._executor)
        return pool._executor

    pool._get = get  # type: ignore[method-assign]

    async def main() -> list[int]:
        return await asyncio.gather(*(pool.run(lambda i=i: i) for i in range(3)))

    assert run_alone(main()) == [0, 1, 2]
    assert len(made) == 2 and made[0].shut and not made[1].shut

    poison = ai.Pool(1, processes=False)
    poison._get = lambda: FakeExecutor(fail=True)  # type: ignore[method-assign]
    with pytest.raises(ai.BrokenProcessPool):
        run_alone(poison.run(lambda: 1))


# Tables per address.


def test_tables_a_minute_per_address(db: Path) -> None:
    with server(db, limits=limits(tables_per_minute=3)) as client:
        for _ in range(3):
            create(client, "featherlight", ["human", "human"])
        answer = client.post("/api/tables", json={"game": "featherlight", "seats": ["human"] * 2})
        assert answer.status_code == 429
        body = answer.json()
        assert body["error"] == "too_many_requests" and body["limit"] == "tables-per-minute"
        assert "at most 3 new tables a minute" in body["message"]
        assert len(hub_of(client).tables) == 3


def test_running_tables_per_address(db: Path) -> None:
    with server(db, limits=limits(running_tables=2)) as client:
        first = create(client, "featherlight", ["human", "human"])
        create(client, "featherlight", ["human", "human"])
        answer = client.post("/api/tables", json={"game": "featherlight", "seats": ["human"] * 2})
        assert answer.status_code == 429
        assert answer.json()["limit"] == "running-tables"
        assert len(hub_of(client).tables) == 2 and first["table"] in hub_of(client).tables


def test_a_finished_table_frees_its_place(db: Path, monkeypatch) -> None:
    with server(db, limits=limits(running_tables=1)) as client:
        first = hub_of(client).get(create(client, "featherlight", ["human", "human"])["table"])
        refused = client.post("/api/tables", json={"game": "featherlight", "seats": ["human"] * 2})
        assert refused.status_code == 429
        monkeypatch.setattr(type(first), "over", property(lambda self: True))
        create(client, "featherlight", ["human", "human"])


# Request bodies.


class Asgi:
    """Calls ``LimitsMiddleware`` with a scripted client: the chunks it sends (None: it sends
    nothing more, ever), and what the application and the client got."""

    def __init__(self, headers: dict[str, str], chunks: list[bytes | None], **fields: Any):
        self.chunks = list(chunks)
        self.read = 0
        self.sent: list[dict[str, Any]] = []
        self.app_got: bytes | None = None
        self.scope = {
            "type": "http",
            "method": "POST",
            "path": "/api/tables",
            "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
            "client": ("203.0.113.5", 4000),
        }
        self.middleware = LimitsMiddleware(self.app, Limits(**fields))

    async def app(self, scope: Any, receive: Any, send: Any) -> None:
        message = await receive()
        self.app_got = message["body"]
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def receive(self) -> dict[str, Any]:
        chunk = self.chunks.pop(0)
        if chunk is None:
            await asyncio.sleep(3600)
        self.read += 1
        return {"type": "http.request", "body": chunk, "more_body": bool(self.chunks)}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def run(self) -> tuple[int, dict[str, Any] | None]:
        run_alone(asyncio.wait_for(self.middleware(self.scope, self.receive, self.send), 5))
        status = self.sent[0]["status"]
        body = json.loads(self.sent[1]["body"]) if status != 201 else None
        return status, body


def test_a_body_over_the_limit_is_refused_unread() -> None:
    call = Asgi({"content-length": str(100 * 1024 * 1024)}, [None], max_body=65536)
    status, body = call.run()
    assert (status, call.read, call.app_got) == (413, 0, None)
    assert body == {
        "error": "too_large",
        "limit": "max-body",
        "message": "a request body may hold at most 65536 bytes",
    }
    assert (b"connection", b"close") in call.sent[0]["headers"]


def test_the_server_refuses_a_large_body(db: Path) -> None:
    with server(db) as client:
        answer = client.post("/api/tables", content=b" " * 70_000 + b"{}")
        assert answer.status_code == 413 and answer.json()["limit"] == "max-body"
        assert not hub_of(client).tables


def test_a_streamed_body_is_counted_and_cut() -> None:
    chunk = b"x" * 16384
    for headers in ({"transfer-encoding": "chunked"}, {"content-length": "10"}):
        call = Asgi(headers, [chunk] * 5 + [None], max_body=65536)
        status, body = call.run()
        assert (status, call.read, call.app_got) == (413, 5, None)
        assert body is not None and body["limit"] == "max-body"
    fits = Asgi({"content-length": str(4 * len(chunk))}, [chunk] * 4, max_body=65536)
    assert fits.run() == (201, None) and fits.app_got == chunk * 4


def test_a_slow_body_gets_408_and_closed(tmp_path: Path) -> None:
    """A real server: a request that announces 100 MB and sends one byte is refused at once
    (413); one that announces 1,000 bytes and sends one is answered 408 after the body timeout;
    the server closes both sockets."""

    def post(length: int) -> tuple[bytes, bytes, float]:
        with socket.create_connection(("127.0.0.1", live.port), timeout=10) as sock:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n{" % length
            )
            start = time.monotonic()
            answer = b""
            while chunk := sock.recv(65536):  # until the server closes the socket
                answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            return head, body, time.monotonic() - start

    live = LiveServer(f"sqlite:///{tmp_path / 'f.db'}", "--body-timeout", "1")
    try:
        head, body, took = post(100_000_000)
        assert head.startswith(b"HTTP/1.1 413") and took < 0.5, head
        assert json.loads(body)["limit"] == "max-body"
        head, body, took = post(1000)
        assert head.startswith(b"HTTP/1.1 408"), head
        assert json.loads(body)["limit"] == "body-timeout"
        assert 0.9 < took < 5
        assert live.get("/api/tables")["tables"] == []  # the server still answers others
    finally:
        live.stop()


# WebSockets.


def denial(client: Any, url: str, headers: dict[str, str] | None = None) -> Any:
    """The refusal of a WebSocket's handshake (``WebSocketDenialResponse``), or None (and the
    socket closed again) when it was accepted."""
    try:
        with client.websocket_connect(url, headers=headers or {}):
            return None
    except WebSocketDenialResponse as exc:
        return exc


def test_websockets_per_address(db: Path) -> None:
    with server(db, limits=limits(connections=2)) as client:
        table = create(client, "featherlight", ["human", "human"])["table"]
        first, second = Browser(client, table), Browser(client, table)
        refused = denial(client, f"/ws/tables/{table}")
        assert refused is not None and refused.status_code == 429
        assert refused.json()["limit"] == "connections"
        first.close()
        Browser(client, table)  # a place is free again
        second.close()


def test_a_foreign_origin_is_refused(db: Path) -> None:
    allowed = ("https://feathers.example.org",)
    with server(db, limits=limits(allow_origin=allowed)) as client:
        table = create(client, "featherlight", ["human", "human"])["table"]
        url = f"/ws/tables/{table}"
        for origin in ("https://evil.example", "null", "http://testserver.evil.example"):
            refused = denial(client, url, {"origin": origin})
            assert refused is not None and refused.status_code == 403, origin
            body = refused.json()
            assert body["error"] == "forbidden_origin" and body["limit"] == "allow-origin"
        for origin in ("http://testserver", "https://feathers.example.org", None):
            headers = {"origin": origin} if origin else {}
            with client.websocket_connect(url, headers=headers) as ws:
                ws.send_text(json.dumps({"type": "hello"}))
                assert json.loads(ws.receive_text())["type"] == "sync"


def test_a_rate_limited_command_keeps_its_id(db: Path) -> None:
    with server(db, rate=0.01, burst=1) as client:
        made = create(client, "featherlight", ["human", "human"])
        tokens = claim_all(client, made)
        browser = Browser(client, made["table"], tokens[0])
        browser.send({"type": "ping"})  # takes the burst
        browser.next("pong")
        browser.send({"type": "move", "id": "m-7", "action": "draw", "expect": 0})
        answer = browser.next("error", "accepted", "rejected")
        assert (answer["code"], answer["id"]) == ("rate_limited", "m-7")
        browser.send({"type": "undo", "id": 12, "expect": 0})  # refused again: a flood
        answer = browser.next("error")
        assert (answer["code"], answer["id"]) == ("flood", 12)


# Computer-only tables.


def test_people_go_before_computers() -> None:
    """A waiting task of a table with a person goes before every waiting computer-only task,
    and computer-only tasks never take more than ``low_cap`` workers."""
    order: list[str] = []

    async def main() -> None:
        pool = ai.Pool(2, processes=False, low_cap=1)
        gate = asyncio.Event()

        async def task(name: str, low: bool) -> None:
            async def wait() -> None:
                await gate.wait()

            await pool._acquire(low)
            try:
                order.append(name)
                await wait()
            finally:
                pool._release(low)

        jobs = [asyncio.create_task(task(f"robot{i}", True)) for i in range(3)]
        await asyncio.sleep(0.01)
        assert pool.waiting() == (0, 2) and order == ["robot0"]  # one worker stays free
        jobs.append(asyncio.create_task(task("person", False)))
        await asyncio.sleep(0.01)
        assert order == ["robot0", "person"]
        gate.set()
        await asyncio.gather(*jobs)

    run_alone(main())
    assert order == ["robot0", "person", "robot1", "robot2"]


def test_an_unwatched_computer_only_table_pauses(db: Path) -> None:
    with server(db, limits=limits(watch_grace=0.0)) as client:
        made = create(client, "featherlight", ["random", "random"])
        table = hub_of(client).get(made["table"])
        time.sleep(0.5)
        assert table.n == 0 and not table.thinking  # nobody watches: paused
        watcher = Browser(client, made["table"])
        watcher.until(5)  # someone watches: it plays
        watcher.close()
        time.sleep(0.3)
        n = table.n
        time.sleep(0.3)
        assert table.n == n and not table.over  # paused again
        # a look over HTTP wakes it for the grace period (0 here: one decision at most)
        assert client.get(f"/api/tables/{made['table']}").status_code == 200


def test_numeric_options_are_bounded(db: Path) -> None:
    with server(db) as client:
        for options, words in (
            ({"max_turns": 10**9}, "options: max_turns: 1 to 10000 on this server, got"),
            ({"max_turns": 0}, "options: max_turns: 1 to 10000 on this server, got 0"),
        ):
            answer = client.post(
                "/api/tables",
                json={"game": "featherlight", "seats": ["random", "random"], "options": options},
            )
            assert answer.status_code == 400, answer.text
            assert answer.json()["message"].startswith(words)
        answer = client.post(
            "/api/tables",
            json={"game": "isle-of-feathers", "seats": ["human"], "options": {"stamina": 10**6}},
        )
        assert answer.status_code == 400 and "stamina: 1 to 4" in answer.json()["message"]
        assert not hub_of(client).tables
        create(client, "featherlight", ["human", "human"], options={"max_turns": 10000})


# Keeping tables.


def test_an_idle_running_table_is_archived(db: Path) -> None:
    day = 86_400
    with server(db) as client:
        hub = hub_of(client)
        idle = create(client, "featherlight", ["human", "human"])["table"]
        watched = create(client, "featherlight", ["human", "human"])["table"]
        fresh = create(client, "featherlight", ["human", "human"])["table"]
        watcher = Browser(client, watched)
        for table_id in (idle, watched):
            hub.get(table_id).updated -= 8 * day
        hub.get(fresh).updated -= 6 * day
        assert client.portal.call(hub.cleanup) == []  # nothing deleted...
        assert set(hub.archived) == {idle}  # ...one archived
        answer = client.get(f"/api/tables/{idle}")
        assert answer.status_code == 410 and answer.json()["error"] == "archived"
        assert "nobody played or watched it for 7 days" in answer.json()["message"]
        assert client.get(f"/api/tables/{watched}").status_code == 200
        assert client.get(f"/api/tables/{fresh}").status_code == 200
        watcher.close()
    with server(db) as client:  # after a restart: still archived, its record still stored
        hub = hub_of(client)
        assert client.get(f"/api/tables/{idle}").status_code == 410
        assert idle not in hub.tables and idle in hub.archived
        assert client.portal.call(hub.db, hub.store.archived)[idle] > 0
        assert {t for t in hub.tables} == {watched, fresh}
