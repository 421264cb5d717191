"""Several ``feathers serve`` processes on one PostgreSQL database (docs/protocol.md, "Several
processes, one database"): real subprocesses on free ports, each test on a fresh database of
the server named by ``FEATHERS_TEST_POSTGRES`` (skipped, saying so, when none is reachable);
and one process only on a SQLite file."""

from __future__ import annotations

import json
import logging
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from live import LiveServer, free_port, hot_seat_table, serve_command
from starlette.websockets import WebSocketDisconnect
from test_kill import Client
from test_postgres import fresh_database, pg  # noqa: F401  (pg: the fixture)
from test_protocol import hot_seat
from web_helpers import Browser, create, hub_of, server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from fourfeathers.web.store import Store, is_conflict
from fourfeathers.web.tables import LogRow

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

DECIDED = re.compile(r"pid (\d+) INFO table (\S+): seat \d+ decided after event (\d+)")
"""The line ``feathers serve --verbose`` logs for each computer decision."""


WAIT = 20.0
"""Seconds a page waits for what it expects before the test fails."""


class Process(LiveServer):
    """``feathers serve --verbose`` on ``db`` with its output in the file ``log`` (a pipe
    nobody reads would fill up). ``ready`` waits until it answers."""

    def __init__(self, db: str, log: Path, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("w") as out:
            self.process = subprocess.Popen(
                serve_command(self.port, db, "--workers", "1", "--verbose", *args),
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )

    def printed(self) -> str:
        return self.log.read_text()

    def get_devices(self, url: str, token: str) -> list[dict[str, Any]] | None:
        """The devices list of the table at ``url`` asked with ``token``; None when the token
        is refused (403: signed out)."""
        try:
            return self.post(f"{url}/devices", {"token": token})["devices"]  # type: ignore[no-any-return]
        except urllib.error.HTTPError as exc:
            if exc.code != 403:
                raise
            return None

    def decided(self, table: str) -> list[int]:
        """The event numbers after which this process made a computer decision at ``table``."""
        text = self.log.read_text()
        return [int(m[3]) for m in DECIDED.finditer(text) if m[2] == table]


@contextmanager
def cluster(db: str, folder: Path, count: int = 3) -> Iterator[list[Process]]:
    """``count`` processes on ``db``, started together."""
    processes = [Process(db, folder / f"serve-{i}.log") for i in range(count)]
    try:
        for p in processes:
            p.ready(40)
        yield processes
    finally:
        for p in processes:
            p.stop()


def eventually(look: Any, seconds: float = 5.0) -> Any:
    """What ``look()`` answers once it is true (another process hears of a change within
    milliseconds), or its last answer after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (found := look()) and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Process]]:
    """Three processes on one fresh database, shared by the tests that kill none (starting
    three servers takes seconds)."""
    with fresh_database() as url, cluster(url, tmp_path_factory.mktemp("three")) as processes:
        yield processes


class Player(Client):
    """``test_kill.Client``, or a spectator (``token`` None)."""

    def connect(self, server: LiveServer, last: int | None) -> dict[str, Any]:
        self.ws = connect(server.ws_url(self.table), open_timeout=10).__enter__()
        hello: dict[str, Any] = {"type": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        if last is not None:
            hello["last"] = last
        self.ws.send(json.dumps(hello))
        return self.wait("sync")

    def wait(self, *types: str, seconds: float = WAIT) -> dict[str, Any]:
        """``Client.wait``, but at most ``seconds`` in all (the server's pings would keep a
        stalled table waiting for ever); raises ``TimeoutError``."""
        assert self.ws is not None
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"table {self.table}: no {'/'.join(types)} in {seconds:g} s")
            data = json.loads(self.ws.recv(timeout=left))
            if data["type"] == "sync":
                self.log = self.log[: data["since"]] + data["log"]
            elif data["type"] == "event":
                self.log.append(data["entry"])
            if data["type"] in ("sync", "event"):
                self.state, self.n = data["state"], data["n"]
            if data["type"] in types:
                return data

    def until(self, n: int) -> None:
        while self.n < n:
            self.wait("event")


def play(players: list[Player], rng: random.Random, moves: int | None = None) -> None:
    """Random legal moves by whichever player holds the seat to move, each player seeing every
    event before the next move, until the end (or ``moves`` moves)."""
    made = 0
    while not players[0].over and (moves is None or made < moves):
        movers = [p for p in players if p.state["legal"]]
        if movers:
            movers[0].step(rng)
            made += 1
        else:  # a computer seat or a forced decision: the next event comes on its own
            players[0].wait("event")
        for p in players:
            p.until(max(q.n for q in players))


def test_two_seats_at_two_processes_play_a_whole_game(three: list[Process]) -> None:
    a, b, c = three
    made = a.post("/api/tables", {"game": "featherlight", "seats": ["human", "human"]})
    tid = made["table"]
    invite = {i["seat"]: i["invite"] for i in made["invites"]}
    first = a.post(f"/api/tables/{tid}/claim", {"seat": 0, "invite": invite[0]})["token"]
    second = b.post(f"/api/tables/{tid}/claim", {"seat": 1, "invite": invite[1]})["token"]
    seats = f"/api/tables/{tid}"
    assert eventually(lambda: all(s["claimed"] for s in c.get(seats)["seats"])), "c knows"
    with pytest.raises(urllib.error.HTTPError) as taken:
        c.post(f"/api/tables/{tid}/claim", {"seat": 1, "invite": invite[1]})
    assert taken.value.code == 409
    players = [Player(a, tid, first), Player(b, tid, second), Player(c, tid, None)]
    play(players, random.Random(11))
    logs = [p.log for p in players]
    assert [e["n"] for e in logs[2]] == list(range(1, players[2].n + 1))
    assert len(logs[2]) > 20 and players[2].over
    for p in players[:2]:
        assert [(e["n"], e["kind"], e["seat"]) for e in p.log] == [
            (e["n"], e["kind"], e["seat"]) for e in logs[2]
        ]
        assert p.state["result"] == players[2].state["result"]
    for n, action in {**players[0].accepted, **players[1].accepted}.items():
        assert [e for e in logs[0] + logs[1] if e["n"] == n and e.get("action") == action]


def test_seats_devices_and_rematch_changed_at_one_process_reach_the_others(
    three: list[Process],
) -> None:
    a, b, c = three
    made = a.post("/api/tables", {"game": "featherlight", "seats": ["human", "human"]})
    tid, host = made["table"], made["host"]
    url = f"/api/tables/{tid}"
    invite = {i["seat"]: i["invite"] for i in made["invites"]}
    desk = a.post(f"{url}/claim", {"seat": 0, "invite": invite[0]})["token"]
    code = b.post(f"{url}/devices/link", {"token": desk})["code"]
    joined = c.post(f"{url}/devices/join", {"code": code})
    assert joined["device"] == 2 and joined["seats"] == [0]
    at_desk, at_phone = Player(b, tid, desk), Player(a, tid, joined["token"])
    assert at_desk.state["you"] == [0] and at_phone.state["you"] == [0]
    handed = c.post(f"{url}/hand", {"host": host, "seat": 1, "kind": "easy"})
    assert [s["kind"] for s in handed["seats"]] == ["human", "easy"]
    for page in (at_desk, at_phone):
        while not any(e["kind"] == "seat" for e in page.log):
            page.wait("event")
    assert [s["kind"] for s in a.get(url)["seats"]] == ["human", "easy"]
    listed = b.post(f"{url}/devices/signout", {"token": desk, "device": 2})["devices"]
    assert [d["device"] for d in listed] == [1]
    told = at_phone.wait("error")
    assert told["code"] == "signed_out"
    with pytest.raises(ConnectionClosed) as closed:
        at_phone.wait("event")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    play([at_desk], random.Random(14))  # against the computer, which another process may play
    assert at_desk.over
    first = a.post(f"{url}/rematch", {"token": desk})["table"]
    assert c.post(f"{url}/rematch", {"token": desk})["table"] == first, "made once"
    assert at_desk.wait("rematch")["table"] == first


def at_once(players: list[Player], command: dict[str, Any], round: int) -> list[dict[str, Any]]:
    """Send ``command`` through each player at the same moment; their answers."""
    start = threading.Barrier(len(players))
    replies: list[dict[str, Any]] = []

    def send(i: int, player: Player) -> None:
        assert player.ws is not None
        start.wait()
        player.ws.send(json.dumps({**command, "id": round * len(players) + i}))
        replies.append(player.wait("accepted", "rejected"))

    threads = [threading.Thread(target=send, args=(i, p)) for i, p in enumerate(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return replies


def test_the_same_command_at_two_processes_is_accepted_once(three: list[Process]) -> None:
    a, b, _ = three
    tid, token = hot_seat_table(a, "featherlight", ["human", "human"])
    here, there = Player(a, tid, token), Player(b, tid, token)
    rng = random.Random(12)
    codes: Counter[str] = Counter()
    for round in range(12):
        here.until(there.n)
        there.until(here.n)
        if here.over:
            break
        n = here.n
        command = {
            "type": "move",
            "action": rng.choice(here.state["legal"])["action"],
            "seat": here.state["to_move"],
            "expect": n,
        }
        replies = at_once([here, there], command, round)
        kinds = sorted(r["type"] for r in replies)
        assert kinds == ["accepted", "rejected"], replies
        [refused] = [r for r in replies if r["type"] == "rejected"]
        codes[refused["code"]] += 1
        [accepted] = [r for r in replies if r["type"] == "accepted"]
        assert accepted["n"] == n + 1
        here.until(n + 1)
        there.until(n + 1)
        for p in (here, there):
            assert p.log[n]["n"] == n + 1 and p.log[n]["action"] == command["action"]
    assert codes == Counter(stale=sum(codes.values())) and sum(codes.values()) >= 6
    full = Player(b, tid, token).log
    moves = [e for e in full if e["kind"] == "move"]
    assert [e["n"] for e in full] == list(range(1, len(full) + 1))
    assert len(moves) == sum(codes.values()), "each command stored once"


def test_a_killed_process_loses_no_acknowledged_move(pg: str, tmp_path: Path) -> None:  # noqa: F811
    rng = random.Random(13)
    with cluster(pg, tmp_path) as (a, b, c):
        games = [("featherlight", ["human", "random"]), ("isle-of-feathers", ["random", "human"])]
        clients = [Player(a, *hot_seat_table(b, g, seats)) for g, seats in games]
        while sum(len(p.accepted) for p in clients) < 20:
            for p in clients:
                if not p.over:
                    p.step(rng)
        assert not all(p.over for p in clients), "kill the process mid-game"
        seen = {p.table: p.n for p in clients}
        a.kill()
        for p in clients:
            try:
                assert p.ws is not None
                while True:
                    p.ws.recv(timeout=5)
            except (ConnectionClosed, OSError, TimeoutError):
                pass
        for i, p in enumerate(clients):
            server = (b, c)[i % 2]
            sync = p.connect(server, last=p.n)
            assert sync["since"] == seen[p.table], "the other process has every acknowledged event"
            while not p.over:  # the computer seats play on at another process
                p.step(rng)
            full = Player(c, p.table, p.token).connect(c, last=0)["log"]
            assert [e["n"] for e in full] == list(range(1, p.n + 1))
            for n, action in p.accepted.items():
                assert full[n - 1]["action"] == action, f"event {n} of {p.table} lost"
            humans = [e for e in full if e["kind"] == "move" and "action" in e]
            assert len(humans) == len(p.accepted), "no acknowledged move stored twice"
            record = c.get(f"/api/tables/{p.table}/record")
            assert record["scores"] == p.state["result"]["scores"]


def test_a_computer_only_table_decides_each_position_once(pg: str, tmp_path: Path) -> None:  # noqa: F811
    """Watched at all three processes (each would play it on), each position is decided by one.
    The process deciding is stopped (SIGSTOP) until the others stop asking for the table's
    lock, then killed: its lock goes with its connection and only the others' sweep, every 2
    s, takes it over."""
    with cluster(pg, tmp_path) as processes:
        made = processes[0].post("/api/tables", {"game": "featherlight", "seats": ["random"] * 2})
        tid = made["table"]
        watchers = [Player(p, tid, None) for p in processes]  # all three want to play it on
        watchers[0].until(40)
        holder = max(processes, key=lambda p: max(p.decided(tid), default=-1))
        holder.process.send_signal(signal.SIGSTOP)
        alive = [p for p in processes if p is not holder]
        watcher = watchers[processes.index(alive[0])]
        time.sleep(1.5)  # the others ask for the lock for half a second, then leave it
        with suppress(TimeoutError):
            while True:  # the events stored before it stopped
                watcher.wait("event", seconds=0.5)
        stalled = watcher.n
        holder.kill()  # (SIGKILL: a stopped process dies too)
        died = max(holder.decided(tid), default=-1)
        while not watcher.over:
            watcher.wait("event")
        full = Player(alive[1], tid, None).log
        assert [e["n"] for e in full] == list(range(1, len(full) + 1)) and len(full) > 100
    decided = Counter(n for p in processes for n in p.decided(tid))
    doubled = [n for n, count in decided.items() if count > 1 and n != died]
    assert doubled == [], f"decided more than once after events {doubled[:10]}"
    assert len(full) > stalled >= 40, "it stalled while the deciding process was stopped"
    assert set(decided) >= {e["n"] - 1 for e in full}, "every event was a computer's decision"
    assert any(n > stalled for p in alive for n in p.decided(tid)), "another process took over"


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'one.db'}"
    first = LiveServer(db, "--workers", "1")
    try:
        second = subprocess.run(
            [sys.executable, "-m", "fourfeathers", "serve", "--port", str(free_port())]
            + ["--db", db],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode == 2
        assert second.stderr.splitlines() == [
            f"Error: --db: {tmp_path / 'one.db'} is served by another feathers serve already: "
            "a SQLite database is for one process (several processes share a postgresql:// "
            "database)"
        ]
        first.kill()  # kill -9 frees the file: the next one starts
    finally:
        first.stop()
    again = LiveServer(db, "--workers", "1")
    try:
        assert again.get("/api/tables")["tables"] == []
    finally:
        again.stop()


def test_a_table_archived_or_deleted_at_one_process_is_closed_at_the_others(pg: str) -> None:  # noqa: F811
    """Two servers in this process on one database: a process archives (or deletes) the tables
    nobody watches *there*; a page of such a table at another process must be told and closed,
    never left playing a table nobody serves (its moves stored and acknowledged)."""
    with server(pg) as a, server(pg) as b:
        table, page = hot_seat(b)
        tid, hub_a = table["table"], hub_of(a)
        assert a.get(f"/api/tables/{tid}").status_code == 200  # a holds it, no page there
        later = time.time() + 30 * 86_400
        assert a.portal.call(hub_a.archive_idle, later) == [tid]
        told = page.next("error", timeout=5)
        assert told["code"] == "unknown_table"
        assert told["message"].startswith(f"table {tid} was archived on ")
        with pytest.raises(WebSocketDisconnect) as closed:
            page.receive(timeout=5)
        assert closed.value.code == 4404
        assert b.get(f"/api/tables/{tid}").status_code == 410
        assert [r for r in a.portal.call(hub_a.db, hub_a.store.events, tid)] == []
        done = create(b, "featherlight", ["random", "random"])["table"]
        watcher = Browser(b, done)
        while watcher.state["status"] != "finished":
            watcher.receive()
        watcher.close()
        assert eventually(lambda: done in hub_a.tables and hub_a.tables[done].over), "a knows"
        viewer = Browser(b, done)
        assert a.portal.call(hub_a.cleanup, time.time() + 1e9) == [done]
        told = viewer.next("error", timeout=5)
        assert told["code"] == "unknown_table" and told["message"] == f"table {done} was deleted"


def test_an_event_number_stored_first_elsewhere_adds_no_warning_to_the_log(
    pg: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Two events refused together (a group commit that lost a race to another process) raise
    the conflict, and psycopg logs no 'error ignored terminating Pipeline' line for it."""
    store = Store(pg)
    try:
        row = {"id": "race-table", "game": "featherlight", "config": {}, "seed": 1}
        row |= {"kinds": ["human"], "open": False, "listed": False, "engine": "0", "created": 1.0}
        row |= {"updated": 1.0, "finished": None, "rematch": None, "host": None}
        store.create(row, [None], [None])
        first, second = (LogRow(n, "move", 0, "draw 1", "draw", ()) for n in (1, 2))
        store.append([("race-table", first, None)])
        with caplog.at_level(logging.WARNING):
            for _ in range(10):  # (psycopg logs it at some of them: when is its own affair)
                with pytest.raises(sa.exc.IntegrityError) as refused:
                    store.append([("race-table", first, None), ("race-table", second, None)])
                assert is_conflict(refused.value)
        assert [r.getMessage() for r in caplog.records] == []
        assert [e.n for e in store.events("race-table")] == [1]
    finally:
        store.close()


def sign_each_other_out(a: Process, b: Process, c: Process) -> tuple[list[Any], int]:
    """A seat on two devices (the desk's at ``a``, the phone's at ``c``) that sign each other
    out at the same moment, the desk at ``b`` and the phone at ``c``: the refusals (status,
    code) and how many of the two tokens still play the seat."""
    made = a.post("/api/tables", {"game": "featherlight", "seats": ["human", "human"]})
    url = f"/api/tables/{made['table']}"
    desk = a.post(f"{url}/claim", {"seat": 0, "invite": made["invites"][0]["invite"]})["token"]
    link = b.post(f"{url}/devices/link", {"token": desk})
    phone = c.post(f"{url}/devices/join", {"code": link["code"]})
    tokens = {"desk": desk, "phone": phone["token"]}
    assert eventually(lambda: len(b.get_devices(url, desk) or []) == 2), "b knows the phone"
    assert eventually(lambda: len(c.get_devices(url, desk) or []) == 2), "c knows the phone"
    start = threading.Barrier(2)
    answers: dict[str, Any] = {}

    def sign_out(name: str, server: Process, device: int) -> None:
        start.wait()
        body = {"token": tokens[name], "device": device}
        try:
            answers[name] = server.post(f"{url}/devices/signout", body)
        except urllib.error.HTTPError as exc:
            answers[name] = (exc.code, json.loads(exc.read())["error"])

    threads = [
        threading.Thread(target=sign_out, args=("desk", b, 2)),
        threading.Thread(target=sign_out, args=("phone", c, 1)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    refused = sorted(v for v in answers.values() if isinstance(v, tuple))

    def working() -> int:  # (a hears of the sign-out within milliseconds)
        return sum(a.get_devices(url, token) is not None for token in tokens.values())

    eventually(lambda: working() < 2)
    return refused, working()


def test_two_devices_signing_each_other_out_at_two_processes_leave_one(
    three: list[Process],
) -> None:
    """One sign-out is made, the other refused (``signed_out``), and the seat keeps a device
    (before: both were made most times, the seat left with none)."""
    a, b, c = three
    outcomes = [sign_each_other_out(a, b, c) for _ in range(6)]
    assert outcomes == [([(403, "signed_out")], 1)] * 6


def test_a_process_applies_only_the_moves_of_tables_used_there(pg: str) -> None:  # noqa: F811
    """A process with no page and no computer seat at a table leaves its moves in the database
    (each of N processes applying every move made N processes no faster than one) and catches
    the table up when it is used there: a page, a request, the idle check."""
    with server(pg) as a, server(pg) as b:
        table, page = hot_seat(b)
        tid, hub_a = table["table"], hub_of(a)
        assert eventually(lambda: tid in hub_a.tables), "a knows the table"
        at_a = hub_a.tables[tid]
        at_a.updated -= 86_400  # as if a had last heard of it a day before the moves
        for _ in range(6):
            reply = page.move(page.legal[0], seat=page.state["to_move"])
            assert reply["type"] == "accepted", reply
            page.until(reply["n"])
        assert eventually(lambda: at_a.behind), "a was told of the moves"
        assert at_a.n == 0  # and applied none of them
        # idle by what a knew (made a week ago, no move), but played at b: caught up, kept
        week_on = at_a.updated + hub_a.settings.limits.idle_days * 86_400 + 1
        assert a.portal.call(hub_a.archive_idle, week_on) == [] and at_a.n == 6
        reply = page.move(page.legal[0], seat=page.state["to_move"])
        page.until(reply["n"])
        assert eventually(lambda: at_a.behind) and at_a.n == 6
        assert a.get(f"/api/tables/{tid}").json()["n"] == page.n == 7  # caught up when asked
        assert not at_a.behind and at_a.n == 7
        reply = page.move(page.legal[0], seat=page.state["to_move"])
        assert reply["type"] == "accepted"
        assert eventually(lambda: at_a.behind) and at_a.n == 7
        watcher = Browser(a, tid)  # a page at a: caught up, then followed
        assert watcher.n == 8 and watcher.state["to_move"] == page.state["to_move"]
        reply = page.move(page.legal[0], seat=page.state["to_move"])
        assert reply["type"] == "accepted"
        watcher.until(reply["n"])
        assert at_a.n == 9 and not at_a.behind
        watcher.close()
