"""A real ``feathers serve`` in a subprocess on loopback, and plain clients for it (stdlib HTTP,
the ``websockets`` client): for the kill-and-restart test and the load benchmark."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


UNLIMITED = ("--tables-per-minute", "1000000", "--running-tables", "1000000")


def serve_command(port: int, db: str, *args: str) -> list[str]:
    """The command line of ``feathers serve`` on 127.0.0.1:``port`` and ``db`` with the
    per-address limits lifted (every test client is 127.0.0.1), then ``args``."""
    return [
        *(sys.executable, "-m", "fourfeathers", "serve", "--port", str(port), "--db", db),
        *UNLIMITED,
        *("--connections", "1000000"),
        *args,
    ]


"""The per-address limits lifted: every test client (and the load benchmark) is 127.0.0.1."""


class LiveServer:
    """``python -m fourfeathers serve`` on 127.0.0.1 with database ``db`` (a URL); ``port``:
    the port of a server started again (pages reconnect to the same address), else a free
    one."""

    def __init__(self, db: str, *args: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            serve_command(self.port, db, *args),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.banner = self.process.stdout.readline().strip()
        self.ready()

    def ready(self, seconds: float = 30) -> None:
        """Wait until the server answers; RuntimeError with ``printed()`` if it ends first or
        does not answer within ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                self.get("/api/tables")
                return
            except (OSError, urllib.error.URLError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start: {self.printed()}") from None
                time.sleep(0.1)

    def printed(self) -> str:
        """What the server printed, as far as a failed start can tell (its first line)."""
        return self.banner

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data, {"content-type": "application/json"}, method=method
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}"

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process.stdout is not None:
            self.process.stdout.close()


def hot_seat_table(server: LiveServer, game: str, seats: list[str]) -> tuple[str, str]:
    """Create a table and claim all its human seats with one token; returns (id, token)."""
    table = server.post("/api/tables", {"game": game, "seats": seats})
    token = None
    for invite in table["invites"]:
        claim = {"seat": invite["seat"], "invite": invite["invite"], "token": token}
        token = server.post(f"/api/tables/{table['table']}/claim", claim)["token"]
    assert token is not None
    return table["table"], token
