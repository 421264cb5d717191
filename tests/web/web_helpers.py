"""Helpers for the web tests: a server in-process (FastAPI's TestClient) and scripted browsers.

``Browser`` is one WebSocket at one table. It keeps every text frame it received, byte for
byte (``raw``), so the leak tests can inspect all of it, and follows the table's state from the
``sync`` and ``event`` messages.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import anyio
from fastapi.testclient import TestClient

from fourfeathers.web.app import create_app
from fourfeathers.web.hub import Settings

TEST_SETTINGS: dict[str, Any] = {
    "ai_processes": False,
    "ai_workers": 2,
    "heartbeat": 60.0,
    "hint_agent": "ismcts:iterations=40",
    "hint_playouts": 1,
    "review_budget": 5,
    "rate": 10_000.0,
    "burst": 10_000,
}
"""Fast settings: threads for computer seats, no pings in the way, no rate limit in the way."""

RECEIVE_TIMEOUT = 20.0
"""Seconds a browser waits for a message before the test fails (instead of hanging)."""


def settings(db: str | Path, **overrides: Any) -> Settings:
    """Test settings on database ``db`` (a URL, or the path of a SQLite file)."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    return Settings(db=url, **{**TEST_SETTINGS, **overrides})


@contextmanager
def server(db: str | Path, **overrides: Any) -> Iterator[TestClient]:
    """A running server on ``db`` and its TestClient; closes the client's browsers at the end."""
    client = TestClient(create_app(settings(db, **overrides)))
    with client:
        client.browsers = []  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            for browser in client.browsers:  # type: ignore[attr-defined]
                browser.close()


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def create(client: TestClient, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    """Create a table; returns the creator's answer (with ``invites``)."""
    response = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def claim_all(client: TestClient, table: dict[str, Any]) -> dict[int, str]:
    """Claim every human seat with its invite; returns each seat's token."""
    tokens = {}
    for invite in table["invites"]:
        response = client.post(
            f"/api/tables/{table['table']}/claim",
            json={"seat": invite["seat"], "invite": invite["invite"]},
        )
        assert response.status_code == 200, response.text
        tokens[invite["seat"]] = response.json()["token"]
    return tokens


class Browser:
    """One WebSocket at a table, after ``hello`` and the first ``sync``."""

    def __init__(
        self, client: TestClient, table_id: str, token: str | None = None, last: int | None = None
    ) -> None:
        self._context = client.websocket_connect(f"/ws/tables/{table_id}")
        self.ws = self._context.__enter__()
        self.open = True
        client.browsers.append(self)  # type: ignore[attr-defined]
        self.raw: list[str] = []
        self.events: dict[int, str] = {}
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.n = 0
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if last is not None:
            hello["last"] = last
        self.send(hello)
        self.first = self.next("sync")

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """The next message (raises ``TimeoutError`` after ``timeout`` seconds, and
        ``WebSocketDisconnect`` when the server closed)."""
        stream = self.ws._send_rx

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await stream.receive()

        message = self.ws.portal.call(get)
        self.ws._raise_on_close(message)
        text = message["text"]
        self.raw.append(text)
        data: dict[str, Any] = json.loads(text)
        if data["type"] == "sync":
            if data["since"] == 0:
                self.log = []
            self.log += data["log"]
            self.state, self.n = data["state"], data["n"]
        elif data["type"] == "event":
            assert data["n"] == self.n + 1, f"event {data['n']} after {self.n}"
            self.log.append(data["entry"])
            self.events[data["n"]] = text
            self.state, self.n = data["state"], data["n"]
        return data

    def next(self, *types: str, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """Receive until a message of one of ``types`` (pings and others are kept in raw)."""
        while True:
            data = self.receive(timeout)
            if data["type"] in types:
                return data

    def until(self, n: int) -> None:
        """Receive until event ``n`` has arrived."""
        while self.n < n:
            self.receive()

    def command(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a command expecting the current event; returns the ``accepted``/``rejected``."""
        self.send({"type": kind, "expect": self.n, **fields})
        return self.next("accepted", "rejected", "error", "hint")

    def review(self, seat: int, id: Any = "r") -> list[dict[str, Any]]:
        """Ask for the review of ``seat``; the ``review_progress`` messages and the final
        ``review`` or ``error`` (the last item)."""
        self.send({"type": "review", "id": id, "seat": seat})
        got = []
        while True:
            got.append(self.next("review_progress", "review", "error"))
            if got[-1]["type"] != "review_progress":
                return got

    def move(self, action: str, **fields: Any) -> dict[str, Any]:
        reply = self.command("move", action=action, **fields)
        if reply["type"] == "accepted":
            self.until(reply["n"])
        return reply

    @property
    def legal(self) -> list[str]:
        return [item["action"] for item in self.state["legal"]]

    def close(self) -> None:
        if self.open:
            self.open = False
            with suppress(Exception):
                self._context.__exit__(None, None, None)
