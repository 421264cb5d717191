"""What one client may take of the server, so that no client hurts the others (docs/protocol.md,
"Limits").

- ``Limits``: the numbers (``feathers serve`` flags; tests shorten them).
- ``LimitsMiddleware`` (ASGI, around the whole application): request bodies over
  ``max_body`` bytes are refused (413) from their ``Content-Length`` before anything is read, or
  as soon as the bytes streamed in pass it; a body not received within ``body_timeout`` seconds
  is refused (408) and its connection closed, so a client that announces 100 MB and sends one
  byte holds no socket; a WebSocket from a foreign ``Origin`` is refused (403), and one over
  ``connections`` open from the same address (429).
- ``Quotas``: tables created per address per minute and running tables per address (429).

Every refusal is JSON ``{"error": code, "limit": name, "message": text}``: ``limit`` names the
limit, as its ``feathers serve`` flag says it (``tables-per-minute``...).

Addresses are the client's as uvicorn gives it: behind a proxy on the same machine that sets
``X-Forwarded-For``, the browser's (uvicorn trusts that header from 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass
class Limits:
    """The limits of one server (each is a ``feathers serve`` flag of the same name).

    Attributes:
        tables_per_minute: tables (and rematches) one address may create in any 60 seconds.
        running_tables: tables created by one address that may be running (not finished) at
            once (counted since the server started).
        max_body: largest HTTP request body, in bytes.
        body_timeout: seconds a client has to send a request's whole body.
        connections: WebSockets open at once from one address.
        computer_only: computer decisions of computer-only tables thought at once (0: one
            fewer than the workers, at least 1); people's tables always go first.
        watch_grace: seconds a computer-only table goes on playing after its last look (its
            creation, ``GET /api/tables/{id}``) when no connection watches it; then it pauses,
            and resumes when someone looks or connects.
        idle_days: days a running table with no connection and no event is kept live before
            it is archived (``Hub.archive_idle``).
        allow_origin: origins (``https://host[:port]``) besides the server's own whose pages
            may open a WebSocket.
    """

    tables_per_minute: int = 20
    running_tables: int = 50
    max_body: int = 64 * 1024
    body_timeout: float = 10.0
    connections: int = 32
    computer_only: int = 0
    watch_grace: float = 60.0
    idle_days: float = 7.0
    allow_origin: tuple[str, ...] = ()


class LimitExceeded(Exception):
    """A request over a limit: HTTP ``status``, the error ``code`` and the ``limit``'s name."""

    def __init__(self, status: int, code: str, limit: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.limit = limit
        self.message = message

    def body(self) -> dict[str, str]:
        """The JSON answer: ``{"error", "limit", "message"}``."""
        return {"error": self.code, "limit": self.limit, "message": self.message}


def client_address(scope: Scope) -> str:
    """The client's address of an ASGI ``scope`` (empty when the server does not know it)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


class Quotas:
    """Tables created per address: at most ``tables_per_minute`` in any 60 seconds, and at most
    ``running_tables`` of them not finished (kept in memory: a restart forgets who created
    what)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._created: dict[str, deque[float]] = defaultdict(deque)
        self._owned: dict[str, set[str]] = defaultdict(set)

    def check_create(self, address: str, running: Callable[[str], bool]) -> None:
        """Raise ``LimitExceeded`` (429) if ``address`` may not create a table now;
        ``running(table_id)`` says whether one of its tables is still running."""
        now = time.monotonic()
        stamps = self._created[address]
        while stamps and now - stamps[0] >= 60.0:
            stamps.popleft()
        most = self.limits.tables_per_minute
        if len(stamps) >= most:
            wait = 60.0 - (now - stamps[0])
            raise LimitExceeded(
                429,
                "too_many_requests",
                "tables-per-minute",
                f"at most {most} new tables a minute from one address: try again in "
                f"{max(1, round(wait))} seconds",
            )
        owned = self._owned[address]
        owned.intersection_update({t for t in owned if running(t)})
        most = self.limits.running_tables
        if len(owned) >= most:
            raise LimitExceeded(
                429,
                "too_many_requests",
                "running-tables",
                f"at most {most} running tables from one address: finish or leave some first",
            )

    def created(self, address: str, table_id: str) -> None:
        """Count a table ``address`` created."""
        self._created[address].append(time.monotonic())
        self._owned[address].add(table_id)


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a WebSocket from a page of ``origin`` may connect: no ``Origin`` (not a
    browser), the server's own (its host and port are the ``Host`` header's), or one of
    ``allowed`` (``scheme://host[:port]``, compared without a trailing slash, in lower case)."""
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in {a.strip().lower().rstrip("/") for a in allowed}:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not host:
        return False
    own = host.strip().lower()
    default = {"http": ":80", "https": ":443"}[parts.scheme]
    return parts.netloc in (own, own.removesuffix(default)) or parts.netloc + default == own


def check_origin(origin: str) -> str:
    """An ``--allow-origin`` value, normalised; raises ``ValueError`` unless it is
    ``http(s)://host[:port]`` with nothing after."""
    parts = urlsplit(origin.strip())
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or parts.path.strip("/")
        or parts.query
        or parts.fragment
    ):
        raise ValueError(f"must be an origin like https://example.org[:port], got {origin!r}")
    return f"{parts.scheme}://{parts.netloc}".lower()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


async def _answer(send: Send, error: LimitExceeded) -> None:
    body = json.dumps(error.body()).encode()
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class LimitsMiddleware:
    """The ASGI middleware that applies ``Limits`` to request bodies and WebSockets (see the
    module docstring)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.sockets: dict[str, int] = defaultdict(int)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = _header(scope, b"content-length")
        chunked = "chunked" in (_header(scope, b"transfer-encoding") or "").lower()
        if not chunked and (length is None or length.strip() in ("", "0")):
            await self.app(scope, receive, send)  # no body to wait for
            return
        most = self.limits.max_body
        if length is not None and length.strip().isdigit() and int(length) > most:
            await _answer(send, _too_large(most))
            return
        try:
            body = await asyncio.wait_for(self._read(receive, most), self.limits.body_timeout)
        except LimitExceeded as exc:
            await _answer(send, exc)
            return
        except TimeoutError:
            seconds = f"{self.limits.body_timeout:g}"
            await _answer(
                send,
                LimitExceeded(
                    408,
                    "timeout",
                    "body-timeout",
                    f"the request's body did not arrive within {seconds} seconds",
                ),
            )
            return
        if body is None:
            return  # the client went away
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, receive: Receive, most: int) -> bytes | None:
        """The whole body, counted as it streams in; None if the client disconnected."""
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > most:
                raise _too_large(most)
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = _header(scope, b"origin")
        if not origin_allowed(origin, _header(scope, b"host"), self.limits.allow_origin):
            refusal = LimitExceeded(
                403,
                "forbidden_origin",
                "allow-origin",
                f"a page of {origin} may not connect to this server (its own pages may; "
                "feathers serve --allow-origin adds others)",
            )
            await _deny(scope, receive, send, refusal)
            return
        address = client_address(scope)
        most = self.limits.connections
        if self.sockets[address] >= most:
            refusal = LimitExceeded(
                429,
                "too_many_requests",
                "connections",
                f"at most {most} WebSockets open at once from one address",
            )
            await _deny(scope, receive, send, refusal)
            return
        self.sockets[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[address] -= 1
            if not self.sockets[address]:
                del self.sockets[address]


def _too_large(most: int) -> LimitExceeded:
    return LimitExceeded(
        413, "too_large", "max-body", f"a request body may hold at most {most} bytes"
    )


async def _deny(scope: Scope, receive: Receive, send: Send, refusal: LimitExceeded) -> None:
    """Refuse a WebSocket's handshake: an HTTP answer with ``refusal``'s JSON where the server
    can send one (the ASGI denial-response extension), else a plain 403."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps(refusal.body()).encode()
        await send(
            {
                "type": "websocket.http.response.start",
                "status": refusal.status,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})
