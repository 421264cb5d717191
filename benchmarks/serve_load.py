"""Load on ``feathers serve``: N tables at once, scripted browsers playing flat out or paced.

    python benchmarks/serve_load.py [--tables 200] [--game featherlight] [--players 2]
        [--moves 40] [--seconds 60] [--pace 2-5] [--seed 1] [--db URL]
        [--serve 1 | --servers 8001,8002 ...] [--clients 1] [--spread auto] [--json]

Without ``--servers`` it starts ``--serve`` processes of ``python -m fourfeathers serve`` on
127.0.0.1 and free ports, all on ``--db`` (default: a new SQLite file per process, so the
tables then stay on the process that made them), with the per-address limits lifted. It
creates ``--tables`` tables of human seats, connects one WebSocket per seat (2 players and 200
tables are 400 connections) and, once every seat is connected, lets every seat play random
legal moves until each table made ``--moves`` moves, its game ended or ``--seconds`` of play
passed. Each process needs a file descriptor per connection (``ulimit -n``).

Flat out (the default), a seat sends its move as soon as the event that gives it the turn
arrives. Paced (``--pace 2-5``), it waits a random time in that range first (seconds; random
numbers seeded by ``--seed``), so a table makes a decision every 2 to 5 s like people do and the
first moves of the tables are spread over the first interval.

``--servers`` takes running servers instead (ports or base URLs, comma-separated or repeated).
Table k is made on server k mod N; its seats connect to servers k, k+1, ... mod N (seat 0 of a
table on one process, seat 1 on the next) when the servers share one database (checked: a
table is asked for at a server that did not make it), else every seat to the server of its
table (``--spread`` says which instead). ``--clients N`` runs the scripted browsers in N
processes (one process is one core at the most: several servers on a machine with the cores
need several). The scripted browsers are all 127.0.0.1, so such servers must be started with
the per-address limits raised, as this script does for its own:

    feathers serve --port 8001 --db postgresql://... --tables-per-minute 1000000 \\
        --running-tables 1000000 --connections 1000000

Latency is the time from sending a move to its ``accepted`` (there are no computer seats, so
no thinking is timed). It reports, as a table or one JSON line (``--json``), moves/s (in all
and by server), p50/p95/p99/max latency, the errors (any rejection, error message or dropped
connection), the 1-minute load average of the machine at the start and the end of the play
(the clients share the machine with the servers), the CPU the started servers used (in all and
per move), the clients' CPU and the p99 of their event loop's lag (the part of a latency that is
the clients' own). Targets: 1,000 paced tables on one process with p99 under 100 ms;
flat out, three processes at least 1.8x one process on a machine with the cores for it.

Runnable by hand; tests/test_benchmarks.py runs it briefly. Measured figures are in
docs/deploy.md ("Load").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect

LIFTED = [
    *("--tables-per-minute", "1000000", "--running-tables", "1000000"),
    *("--connections", "1000000"),
]
"""Every scripted browser is 127.0.0.1: the per-address limits (docs/protocol.md) lifted."""

EVENT = re.compile(r'\{"type":"event","n":(\d+),')
NOT_MINE = '"legal":[]'
RUNNING = '"status":"running"'
"""Most events are another seat's move: the client skips decoding them (its CPU is the
server's too, on one machine)."""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    slowed: int = 0
    by_server: dict[int, int] = field(default_factory=dict)
    """Moves acknowledged by each server (its index in the list)."""
    lags: list[float] = field(default_factory=list)
    """How late the clients' event loop woke from a 20 ms sleep: the part of a latency that
    is the clients' own (their process waiting for a core, or busy with other seats)."""


async def watch_lag(tally: Tally, start: Start) -> None:
    """Sample the clients' event-loop lag every 20 ms of the play."""
    await start.go.wait()
    while time.monotonic() < start.deadline:
        before = time.perf_counter()
        await asyncio.sleep(0.02)
        tally.lags.append(time.perf_counter() - before - 0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def base_url(text: str) -> str:
    """``8001`` -> ``http://127.0.0.1:8001``; a base URL (http or https) is kept, without its
    trailing slash. Raises ``ValueError`` naming ``--servers`` for anything else."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= 65535:
        return f"http://127.0.0.1:{int(text)}"
    if re.fullmatch(r"https?://[^/\s]+/?", text):
        return text.rstrip("/")
    raise ValueError(f"--servers: {text!r} is neither a port nor a base URL like http://host:port")


def pace_range(text: str) -> tuple[float, float]:
    """``"2-5"`` -> ``(2.0, 5.0)``; ``"3"`` -> ``(3.0, 3.0)``. Raises ``ValueError`` naming
    ``--pace`` unless 0 <= low <= high."""
    low, _, high = text.partition("-")
    try:
        lo, hi = float(low), float(high or low)
    except ValueError:
        raise ValueError(f"--pace: {text!r} is not SECONDS or LOW-HIGH (e.g. 2-5)") from None
    if not 0 <= lo <= hi:
        raise ValueError(f"--pace: {text!r} needs 0 <= low <= high")
    return lo, hi


def start_server(db: str, port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "fourfeathers", "serve", "--port", str(port), "--db", db]
    process = subprocess.Popen(
        [*command, *LIFTED], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
            return process
        except OSError:
            if process.poll() is not None:
                assert process.stderr is not None
                raise SystemExit(f"the server did not start: {process.stderr.read()}") from None
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start within 30 s")


def check_servers(bases: list[str]) -> None:
    """Raise ``SystemExit`` naming ``--servers`` and the address unless each of ``bases``
    answers ``GET /api/games`` (a server of fourfeathers is there)."""
    for base in bases:
        try:
            urllib.request.urlopen(f"{base}/api/games", timeout=10).close()
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            raise SystemExit(f"--servers: no feathers server answers at {base}: {reason}") from None


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux /proc; 0.0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Start:
    """The barrier: no seat moves before every seat is connected and synced (a storm of 2,000
    handshakes is not the steady state measured); then the clock of the run starts."""

    def __init__(self, seats: int, seconds: float, at_start: Any, barrier: Any = None) -> None:
        self.waiting = seats
        self.seconds = seconds
        self.at_start = at_start
        self.barrier = barrier  # the other client processes' (--clients), or None
        self.go = asyncio.Event()
        self.started = self.deadline = 0.0
        self._waiter: asyncio.Task[None] | None = None

    def arrived(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self._waiter = asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        if self.barrier is not None:  # every client process connected its seats too
            with contextlib.suppress(threading.BrokenBarrierError):
                await asyncio.to_thread(self.barrier.wait, 600)
        self.at_start()
        print(f"every seat connected: playing for {self.seconds:g} s", file=sys.stderr)
        self.started = time.perf_counter()
        self.deadline = time.monotonic() + self.seconds
        self.go.set()


async def seat(
    ws_url: str,
    token: str,
    seat_no: int,
    server: int,
    moves: int,
    start: Start,
    tally: Tally,
    rng: random.Random,
    pace: tuple[float, float] | None,
) -> None:
    """One browser: play this seat's turns until the table's move cap, the end or the time.
    Paced, a move waits ``rng.uniform(*pace)`` seconds after the event that asked for it."""
    arrived = False
    try:
        async with connect(ws_url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            first: str | bytes | None = await ws.recv()
            arrived = True
            start.arrived()
            await start.go.wait()
            made = await _play(ws, first, seat_no, moves, start.deadline, tally, rng, pace)
            tally.by_server[server] = tally.by_server.get(server, 0) + made
    finally:
        if not arrived:
            start.arrived()


async def _play(
    ws: Any,
    first: str | bytes | None,
    seat_no: int,
    moves: int,
    deadline: float,
    tally: Tally,
    rng: random.Random,
    pace: tuple[float, float] | None,
) -> int:
    """The seat's play after the start; returns how many of its moves were acknowledged."""
    made = 0
    sent_at: float | None = None
    pending: str | None = None
    send_at: float | None = None  # paced: when the chosen move goes
    while True:
        now = time.monotonic()
        if send_at is not None and now >= send_at:
            send_at = None
            sent_at = time.perf_counter()
            await ws.send(pending)
            continue
        if now >= deadline:
            return made
        if first is not None:
            text, first = first, None
        else:
            wake = deadline if send_at is None else min(deadline, send_at)
            try:
                text = await asyncio.wait_for(ws.recv(), wake - now)
            except TimeoutError:
                continue
        quiet = EVENT.match(text)  # type: ignore[arg-type]
        if quiet and pending is None and NOT_MINE in text and RUNNING in text:  # type: ignore[operator]
            if int(quiet[1]) >= moves:  # no undo here: event numbers count the moves
                return made
            continue  # another seat's move: no need to read the whole view
        data = json.loads(text)
        kind = data["type"]
        if kind == "ping":
            await ws.send('{"type":"pong"}')
            continue
        if kind == "accepted":
            assert sent_at is not None
            tally.latencies.append(time.perf_counter() - sent_at)
            made += 1
            sent_at = pending = None
            continue
        if kind == "error" and data["code"] == "rate_limited" and pending is not None:
            tally.slowed += 1
            await asyncio.sleep(0.05)
            sent_at = time.perf_counter()
            await ws.send(pending)
            continue
        if kind in ("rejected", "error"):
            tally.errors.append(f"seat {seat_no}: {data}")
            return made
        if kind not in ("sync", "event"):
            continue
        state = data["state"]
        if state["status"] == "finished" or state["moves"] >= moves:
            return made
        if state["legal"] and pending is None:
            action = rng.choice(state["legal"])["action"]
            pending = json.dumps({"type": "move", "action": action, "expect": data["n"]})
            if pace is None:
                sent_at = time.perf_counter()
                await ws.send(pending)
            else:
                send_at = time.monotonic() + rng.uniform(*pace)


def make_tables(
    args: argparse.Namespace, bases: list[str], numbers: range
) -> tuple[list[tuple[int, str, list[str]]], bool]:
    """Create the tables ``numbers`` (of ``args.tables``), table k on ``bases[k % N]``, and
    claim their seats. Returns ``(k, table id, tokens)`` rows and whether the servers share
    one database."""

    def one(k: int) -> tuple[int, str, list[str]]:
        base = bases[k % len(bases)]
        table = post(f"{base}/api/tables", {"game": args.game, "seats": ["human"] * args.players})
        tokens = [
            post(
                f"{base}/api/tables/{table['table']}/claim",
                {"seat": i["seat"], "invite": i["invite"]},
            )["token"]
            for i in table["invites"]
        ]
        return k, table["table"], tokens

    with ThreadPoolExecutor(8) as pool:
        rows = list(pool.map(one, numbers))
    shared = False
    if len(bases) > 1 and rows:
        k, table_id, _ = rows[0]
        other = bases[(k + 1) % len(bases)]  # not the server that made it
        try:
            urllib.request.urlopen(f"{other}/api/tables/{table_id}", timeout=10).close()
            shared = True
        except urllib.error.HTTPError:
            shared = False
    return rows, shared


async def drive(
    args: argparse.Namespace,
    bases: list[str],
    at_start: Any,
    numbers: range | None = None,
    barrier: Any = None,
) -> tuple[Tally, float, float, int, bool]:
    """Make the tables ``numbers`` (default: all), connect every seat, play. Returns the tally,
    the seconds of play and of connecting, the connections and whether seats were spread over
    the servers. ``at_start()`` is called when every seat is connected (of every client
    process: ``barrier``), as the play starts."""
    made = time.perf_counter()
    numbers = range(args.tables) if numbers is None else numbers
    rows, shared = make_tables(args, bases, numbers)
    spread = args.spread == "seats" or (args.spread == "auto" and shared)
    tally = Tally()
    start = Start(len(numbers) * args.players, args.seconds, at_start, barrier)
    tasks = []
    for k, tid, tokens in rows:
        for s, token in enumerate(tokens):
            server = (k + s) % len(bases) if spread else k % len(bases)
            ws = bases[server].replace("http", "ws", 1) + f"/ws/tables/{tid}"
            rng = random.Random(f"{args.seed}:{k}:{s}")  # the same however the clients split
            play = seat(ws, token, s, server, args.moves, start, tally, rng, args.pace_range)
            tasks.append(play)
    lag = asyncio.create_task(watch_lag(tally, start))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - start.started
    lag.cancel()
    for result in results:
        if isinstance(result, BaseException):
            tally.errors.append(f"connection: {type(result).__name__}: {result}")
    return tally, elapsed, start.started - made, len(tasks), spread


def client_process(
    args: argparse.Namespace, bases: list[str], index: int, barrier: Any, started: Any, out: Any
) -> None:
    """One of ``--clients`` processes: the tables k with k mod clients == ``index``; puts its
    tally and figures on the queue ``out``."""
    clock: dict[str, float] = {}

    def at_start() -> None:
        clock["cpu"] = time.process_time()
        started.set()

    numbers = range(index, args.tables, args.clients)
    try:
        tally, elapsed, setup, connections, spread = asyncio.run(
            drive(args, bases, at_start, numbers, barrier)
        )
    except BaseException as exc:  # said in the report, like a connection's error
        barrier.abort()
        out.put({"errors": [f"client {index}: {type(exc).__name__}: {exc}"]})
        raise
    out.put(
        {
            **vars(tally),
            "elapsed": elapsed,
            "setup": setup,
            "connections": connections,
            "spread": spread,
            "cpu": time.process_time() - clock.get("cpu", 0.0),
        }
    )


def run_clients(
    args: argparse.Namespace, bases: list[str], at_start: Any
) -> tuple[Tally, float, float, int, bool, float]:
    """``drive`` in ``args.clients`` processes (forked: one client process is one core at the
    most, less than several servers can take). Returns what ``drive`` does and the clients'
    CPU seconds of the play."""
    context = multiprocessing.get_context("fork")
    barrier, started, out = context.Barrier(args.clients), context.Event(), context.Queue()
    processes = [
        context.Process(target=client_process, args=(args, bases, i, barrier, started, out))
        for i in range(args.clients)
    ]
    for process in processes:
        process.start()
    while not started.wait(0.2):
        if all(not p.is_alive() for p in processes):
            break
    at_start()
    parts = [out.get() for _ in processes]
    for process in processes:
        process.join()
    tally = Tally()
    for part in parts:
        tally.latencies += part.get("latencies", [])
        tally.errors += part["errors"]
        tally.slowed += part.get("slowed", 0)
        tally.lags += part.get("lags", [])
        for server, n in part.get("by_server", {}).items():
            tally.by_server[server] = tally.by_server.get(server, 0) + n
    done = [p for p in parts if "elapsed" in p]
    return (
        tally,
        max((p["elapsed"] for p in done), default=0.0),
        max((p["setup"] for p in done), default=0.0),
        sum(p["connections"] for p in done),
        any(p["spread"] for p in done),
        sum(p["cpu"] for p in done),
    )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="featherlight")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=40, help="moves per table at most")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="time limit of the play (after connecting)"
    )
    parser.add_argument(
        "--pace", help="seconds between a table's decisions, LOW-HIGH (default: flat out)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves and the pace")
    parser.add_argument("--db", help="database URL of started servers (default: SQLite files)")
    parser.add_argument("--serve", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--servers",
        action="append",
        default=[],
        help="running servers (ports or base URLs, comma-separated or repeated) instead",
    )
    parser.add_argument(
        "--spread",
        choices=("auto", "seats", "tables"),
        default="auto",
        help="seats of a table on different servers, or each table's on its own (auto: seats "
        "when the servers share a database)",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=1,
        help="processes of scripted browsers (one is a core at most: use more to load several "
        "servers on a machine with the cores)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        args.bases = [base_url(p) for item in args.servers for p in item.split(",") if p.strip()]
        args.pace_range = pace_range(args.pace) if args.pace else None
    except ValueError as exc:
        parser.error(str(exc))
    if args.servers and not args.bases:
        parser.error("--servers: no port or URL given")
    if min(args.tables, args.players, args.serve, args.clients) < 1 or args.seconds <= 0:
        parser.error("--tables, --players, --serve and --clients are at least 1, --seconds > 0")
    if args.clients > args.tables:
        parser.error(f"--clients {args.clients}: more client processes than --tables")
    return args


def main() -> None:
    args = parse_args()
    # The clients' own garbage collections would pause all 2,000 of them at once and count as
    # server latency (a 2-core machine: they share it); a run's garbage is small.
    gc.disable()
    servers: list[subprocess.Popen[str]] = []
    bases = args.bases
    try:
        if not bases:
            folder = tempfile.mkdtemp(prefix="serve-load-")
            for i in range(args.serve):
                db = args.db or f"sqlite:///{os.path.join(folder, f'load{i}.db')}"
                port = free_port()
                servers.append(start_server(db, port))
                bases.append(f"http://127.0.0.1:{port}")
        else:
            check_servers(bases)
        marks: dict[str, float] = {}

        def at_start() -> None:
            marks["cpu"] = sum(cpu_seconds(p.pid) for p in servers)
            marks["load"] = os.getloadavg()[0]
            marks["client"] = time.process_time()

        if args.clients == 1:
            tally, elapsed, setup, connections, spread = asyncio.run(drive(args, bases, at_start))
            client = time.process_time() - marks.get("client", 0.0)
        else:
            tally, elapsed, setup, connections, spread, client = run_clients(args, bases, at_start)
        load_end = os.getloadavg()[0]
        cpu = sum(cpu_seconds(p.pid) for p in servers) - marks.get("cpu", 0.0)
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)
        for server in servers:
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    lat = sorted(tally.latencies)
    lags = sorted(tally.lags)
    quantiles = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [0.0] * 99
    report = {
        "mode": f"paced {args.pace}" if args.pace else "flat-out",
        "servers": len(bases),
        "spread": "seats" if spread else "tables",
        "tables": args.tables,
        "connections": connections,
        "clients": args.clients,
        "game": args.game,
        "players": args.players,
        "moves": len(lat),
        "moves_by_server": [tally.by_server.get(i, 0) for i in range(len(bases))],
        "setup_s": round(setup, 1),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(quantiles[49] * 1000, 1),
        "p95_ms": round(quantiles[94] * 1000, 1),
        "p99_ms": round(quantiles[98] * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1) if lat else 0.0,
        "client_lag_p99_ms": round(1000 * lags[int(0.99 * (len(lags) - 1))], 1) if lags else 0.0,
        "load_start": round(marks.get("load", 0.0), 2),
        "load_end": round(load_end, 2),
        "server_cpu_s": round(cpu, 1) if servers else None,
        "server_cpu_ms_per_move": round(1000 * cpu / len(lat), 2) if servers and lat else None,
        "client_cpu_s": round(client, 1),
        "rate_limited": tally.slowed,
        "errors": len(tally.errors),
    }
    if args.json:
        print(json.dumps(report))
    else:
        width = max(map(len, report))
        for key, value in report.items():
            print(f"{key:<{width}}  {value}")
        for error in tally.errors[:5]:
            print("error:", error)


if __name__ == "__main__":
    main()
