"""Load on ``feathers serve``: N tables at once, scripted browsers playing as fast as it accepts.

    python benchmarks/serve_load.py [--tables 200] [--game featherlight] [--players 2]
        [--moves 40] [--seconds 60] [--db URL] [--json]

Starts ``python -m fourfeathers serve`` on 127.0.0.1 (a fresh SQLite file unless ``--db``),
creates ``--tables`` tables of human seats, connects one WebSocket per seat (so 2 players and
200 tables are 400 connections) and lets every seat play random legal moves, each sent as soon
as the previous event arrived, until each table made ``--moves`` moves, its game ended or
``--seconds`` passed. Latency is the time from sending a move to its ``accepted``; there are no
computer seats, so no thinking is timed. Prints moves/s, p50/p99/max latency and the errors (any
rejection, error message or dropped connection). The target on the 2-core machine: 200 tables,
no errors, p99 under 250 ms. The clients share the machine with the server.

Runnable by hand, not part of CI (needs the ``[web]`` extra). Measured figures are in the
comments of the lead's notes and docs/protocol.md.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
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


def start_server(db: str, port: int) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "fourfeathers", "serve", "--port", str(port), "--db", db, *LIFTED],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2).close()
            return process
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"the server did not start: {process.stderr.read()}") from None
            time.sleep(0.2)
    raise SystemExit("the server did not start within 30 s")


async def seat(
    ws_url: str, token: str, seat_no: int, moves: int, deadline: float, tally: Tally, seed: int
) -> None:
    """One browser: play this seat's turns until the table's move cap, the end or the time."""
    import random

    rng = random.Random(seed)
    async with connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        pending: str | None = None
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                return
            quiet = EVENT.match(text)
            if quiet and pending is None and NOT_MINE in text and RUNNING in text:
                if int(quiet[1]) >= moves:  # no undo here: event numbers count the moves
                    return
                continue  # another seat's move: no need to read the whole view
            data = json.loads(text)
            kind = data["type"]
            if kind == "ping":
                await ws.send('{"type":"pong"}')
                continue
            if kind == "accepted":
                assert sent_at is not None
                tally.latencies.append(time.perf_counter() - sent_at)
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
                return
            if kind not in ("sync", "event"):
                continue
            state = data["state"]
            if state["status"] == "finished" or state["moves"] >= moves:
                return
            if state["legal"] and pending is None:
                action = rng.choice(state["legal"])["action"]
                pending = json.dumps({"type": "move", "action": action, "expect": data["n"]})
                sent_at = time.perf_counter()
                await ws.send(pending)


async def drive(args: argparse.Namespace, port: int) -> tuple[Tally, float, int]:
    base = f"http://127.0.0.1:{port}"
    tables = []
    for _ in range(args.tables):
        table = post(f"{base}/api/tables", {"game": args.game, "seats": ["human"] * args.players})
        tokens = [
            post(
                f"{base}/api/tables/{table['table']}/claim",
                {"seat": i["seat"], "invite": i["invite"]},
            )["token"]
            for i in table["invites"]
        ]
        tables.append((table["table"], tokens))
    tally = Tally()
    started = time.perf_counter()
    deadline = time.monotonic() + args.seconds
    tasks = [
        seat(f"ws://127.0.0.1:{port}/ws/tables/{tid}", token, s, args.moves, deadline, tally, k)
        for k, (tid, tokens) in enumerate(tables)
        for s, token in enumerate(tokens)
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - started
    for result in results:
        if isinstance(result, BaseException):
            tally.errors.append(f"connection: {type(result).__name__}: {result}")
    return tally, elapsed, len(tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="featherlight")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=40, help="moves per table at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of the run")
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # The clients' own garbage collections would pause all 800 of them at once and count as
    # server latency (a 2-core machine: they share it); a run's garbage is small.
    gc.disable()
    folder = tempfile.mkdtemp(prefix="serve-load-")
    db = args.db or f"sqlite:///{os.path.join(folder, 'load.db')}"
    port = free_port()
    server = start_server(db, port)
    try:
        tally, elapsed, connections = asyncio.run(drive(args, port))
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(15)
    lat = sorted(tally.latencies)
    quantiles = statistics.quantiles(lat, n=100) if len(lat) > 1 else [0.0] * 99
    report = {
        "tables": args.tables,
        "connections": connections,
        "game": args.game,
        "players": args.players,
        "moves": len(lat),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(quantiles[49] * 1000, 1),
        "p99_ms": round(quantiles[98] * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1) if lat else 0.0,
        "rate_limited": tally.slowed,
        "errors": len(tally.errors),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(" ".join(f"{k}={v}" for k, v in report.items()))
        for error in tally.errors[:5]:
            print("error:", error)


if __name__ == "__main__":
    main()
