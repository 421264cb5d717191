"""The FastAPI application: the HTTP routes and the WebSocket of a table (docs/protocol.md).

HTTP (JSON): ``GET /api/games``, ``GET /api/tables``, ``POST /api/tables``,
``GET /api/tables/{id}``, ``POST /api/tables/{id}/claim``, ``GET /api/tables/{id}/record``,
``GET /api/tables/{id}/record.json`` (the record file), ``POST /api/tables/{id}/rematch``;
devices of a seat (``POST /api/tables/{id}/devices``, ``.../devices/link``,
``.../devices/join``, ``.../devices/signout``), the host's ``POST /api/tables/{id}/reissue``
and ``POST /api/tables/{id}/hand``, and ``POST /api/my-tables``; the lessons and the rules,
``/api/lessons/...`` and ``/api/rules/{game}``: ``lessons.py``. WebSocket:
``/ws/tables/{id}``, one per browser and table.
The pages and their files: ``pages.py``.

Every answer is made by ``views``; a ``Socket`` sends nothing else. Errors are JSON
``{"error": code, "message": text}`` with the HTTP status (404 for an unknown table, never a
new one).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, suppress
from typing import Annotated, Any

import segno
import sqlalchemy as sa
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..agents import AGENTS, ALIASES
from ..core.registry import list_games
from . import ai, replay, views
from .hub import CLOSE_UNKNOWN_TABLE, Archived, Hub, NotFound, Refused, Settings, token_hash
from .lessons import add_lessons
from .limits import LimitExceeded, LimitsMiddleware, Quotas
from .lobby import game_entry
from .pages import STATIC, add_pages
from .protocol import (
    Beat,
    Claim,
    Command,
    CreateTable,
    Frame,
    Hand,
    Hello,
    JoinDevice,
    MyTables,
    ProtocolError,
    Reissue,
    Rematch,
    ReviewAsk,
    SignOut,
    Sync,
    TokenBody,
    parse,
)
from .store import Store, failure

log = logging.getLogger("fourfeathers.web")

MAX_LISTED = 50
"""The most tables one ``GET /api/tables`` answers (``limit``; ``offset`` pages on)."""

CLOSE_BAD_TOKEN = 4401
CLOSE_NO_HELLO = 4400
CLOSE_SILENT = 4408
CLOSE_FLOOD = 4429
CLOSE_SLOW = 4409
CLOSE_TRY_AGAIN = 1013
"""WebSocket close codes (4000-4999 are the application's)."""


class Socket:
    """One browser's WebSocket at one table: a queue of outgoing texts drained in order by
    ``writer``, the server's pings, and a token-bucket rate limit on what the browser sends."""

    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
        self.settings = settings
        self.recipient: views.Recipient = views.SPECTATOR
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.allowance = float(settings.burst)
        self.stamp = time.monotonic()
        self.refused = 0
        self.hinting = False
        self.token_hash: str | None = None
        self.closing = False

    def send(self, text: str) -> None:
        """Queue ``text``; a browser that lets ``queue_limit`` messages pile up is closed
        (it can come back and catch up)."""
        if self.closing:
            return
        if self.queue.qsize() >= self.settings.queue_limit:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(CLOSE_SLOW)
        else:
            self.queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close after what is already queued; nothing is queued after it."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(code)

    async def writer(self) -> None:
        with suppress(Exception):  # a browser that went away: the reader sees it too
            while True:
                item = await self.queue.get()
                if isinstance(item, int):
                    await self.ws.close(item)
                    return
                await self.ws.send_text(item)

    async def pinger(self) -> None:
        ping = views.encode(views.beat("ping"))
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            self.send(ping)

    def allow(self) -> bool:
        """Take one message from the rate allowance; False when the browser sends too fast."""
        now = time.monotonic()
        rate, burst = self.settings.rate, self.settings.burst
        self.allowance = min(burst, self.allowance + (now - self.stamp) * rate)
        self.stamp = now
        if self.allowance < 1:
            self.refused += 1
            return False
        self.allowance -= 1
        self.refused = 0
        return True

    def error(self, code: str, message: str, id: Any = None) -> None:
        self.send(views.encode(views.error(code, message, id)))


def create_app(settings: Settings) -> FastAPI:
    """The application for ``settings`` (the database is opened when it starts)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db)
        pool = ai.Pool(settings.ai_workers, settings.ai_processes, settings.limits.computer_only)
        hub = Hub(settings, store, pool)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.close()
            pool.close()
            store.close()

    app = FastAPI(
        title="feathers serve",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )

    app.add_middleware(LimitsMiddleware, limits=settings.limits)
    quotas = Quotas(settings.limits)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def base_url(request: Request) -> str:
        """The start of the links the server gives (invites, device links and their QR
        codes): ``--public-url`` when given (a server behind a proxy), else the address the
        request came to."""
        return hub_of(request).settings.link_base or str(request.base_url)

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, exc: NotFound) -> JSONResponse:
        return JSONResponse({"error": "not_found", "message": str(exc)}, status_code=404)

    @app.exception_handler(Archived)
    async def _archived(request: Request, exc: Archived) -> JSONResponse:
        return JSONResponse({"error": "archived", "message": str(exc)}, status_code=410)

    @app.exception_handler(LimitExceeded)
    async def _limit(request: Request, exc: LimitExceeded) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    def check_quota(request: Request) -> str:
        """The client's address, once it may create a table (else ``LimitExceeded``)."""
        hub = hub_of(request)
        address = request.client.host if request.client else ""

        def running(table_id: str) -> bool:
            table = hub.tables.get(table_id)
            return table is not None and not table.over

        quotas.check_create(address, running)
        return address

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=exc.status)

    @app.exception_handler(sa.exc.SQLAlchemyError)
    async def _database(request: Request, exc: sa.exc.SQLAlchemyError) -> JSONResponse:
        """The database failed (stopped, unreachable): 503 in the API's error shape, without
        the database's own text (its address and role); that goes to the log."""
        log.warning(
            "%s %s: the database failed: %s",
            request.method,
            request.url.path,
            (str(exc).splitlines() or [""])[0],
        )
        message = f"nothing was done ({failure(exc)}); try again"
        return JSONResponse({"error": "unavailable", "message": message}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [_problem(e) for e in exc.errors()]
        return JSONResponse({"error": "bad_request", "message": "; ".join(problems)}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's and FastAPI's own refusals (no such route, a method it does not take, a
        body it cannot read) in the API's error shape."""
        code = HTTP_ERRORS.get(exc.status_code, "http_error")
        message = str(exc.detail)
        if exc.status_code == 404:
            message = f"nothing at {request.url.path}"
        elif exc.status_code == 405:
            message = f"{request.method} is not taken at {request.url.path}"
        elif exc.status_code == 400:  # FastAPI could not decode the body at all
            message = "the body could not be read as JSON (malformed, or nested too deeply)"
        return JSONResponse({"error": code, "message": message}, exc.status_code, exc.headers)

    add_pages(app, hub_of)
    page = (STATIC / "page.html").read_text(encoding="utf-8")
    add_lessons(app, lambda: page)  # lessons and rules (issue 34)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": [game_entry(spec) for spec in list_games()], "agents": [*ALIASES, *AGENTS]}

    @app.get("/api/tables")
    async def tables(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=MAX_LISTED)] = MAX_LISTED,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> dict[str, Any]:
        hub = hub_of(request)
        shown, total = hub.listed_tables(limit, offset)
        await hub.current(shown)
        more = offset + len(shown) < total
        return {
            "tables": [views.summary(t) for t in shown],
            "total": total,
            "next": offset + len(shown) if more else None,
        }

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        address = check_quota(request)
        table, invites, host = await hub_of(request).create(
            body.game,
            body.options,
            body.seats,
            body.open,
            body.listed,
            body.mode,
            body.deadline_hours,
        )
        quotas.created(address, table.id)
        return views.created(table, invites, base_url(request), host)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        found = await hub_of(request).fetch(table_id)
        hub_of(request).look(found)  # a paused computer-only table plays on
        return views.summary(found)

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, body: Claim, request: Request) -> dict[str, Any]:
        found, token = await hub_of(request).claim(table_id, body.seat, body.invite, body.token)
        return views.claimed(found, body.seat, token, found.seats_of(token_hash(token)))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        found = await hub_of(request).fetch(table_id)
        try:
            return views.record(found)
        except ValueError as exc:
            raise Refused(409, str(exc)) from None

    @app.get("/api/tables/{table_id}/record.json")
    async def record_file(table_id: str, request: Request) -> Response:
        """The record as a file to download (``views.record_file``); 409 while it runs."""
        found = await hub_of(request).fetch(table_id)
        try:
            text = views.record_file(found)
        except ValueError as exc:
            raise Refused(409, str(exc)) from None
        name = f"{found.game.id}-{found.id}.json"
        disposition = f'attachment; filename="{name}"'
        return Response(
            text, media_type="application/json", headers={"content-disposition": disposition}
        )

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: Rematch, request: Request) -> dict[str, Any]:
        address = check_quota(request)
        new, invites = await hub_of(request).rematch(table_id, body.token)
        quotas.created(address, new.id)
        return views.created(new, invites, base_url(request))

    @app.post("/api/tables/{table_id}/devices")
    async def devices(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        found = await hub.fetch(table_id)
        await hub.know(found, token_hash(body.token))
        return hub.device_list(found, body.token)

    @app.post("/api/tables/{table_id}/devices/link")
    async def device_link(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        found, code, expires = await hub_of(request).device_link(table_id, body.token)
        url = views.device_link(found, code, expires, base_url(request), "")["url"]
        qr = segno.make(url, error="m").svg_data_uri(scale=4, dark="#1b1b1b", light="#ffffff")
        return views.device_link(found, code, expires, base_url(request), qr)

    @app.post("/api/tables/{table_id}/devices/join")
    async def join_device(table_id: str, body: JoinDevice, request: Request) -> dict[str, Any]:
        found, token, number = await hub_of(request).join_device(table_id, body.code)
        seats = found.seats_of(token_hash(token))
        return {**views.claimed(found, min(seats), token, seats), "device": number}

    @app.post("/api/tables/{table_id}/devices/signout")
    async def sign_out(table_id: str, body: SignOut, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        found = await hub.sign_out(table_id, body.token, body.device)
        return hub.device_list(found, body.token)

    @app.post("/api/tables/{table_id}/reissue")
    async def reissue(table_id: str, body: Reissue, request: Request) -> dict[str, Any]:
        found, code = await hub_of(request).reissue(table_id, body.host, body.seat)
        return views.invite_link(found, body.seat, code, base_url(request))

    @app.post("/api/tables/{table_id}/hand")
    async def hand(table_id: str, body: Hand, request: Request) -> dict[str, Any]:
        found, code = await hub_of(request).hand(
            table_id, body.seat, body.kind, body.host, body.token
        )
        answer = views.summary(found)
        if code is not None:
            answer["invite"] = views.invite_link(found, body.seat, code, base_url(request))
        return answer

    @app.post("/api/my-tables")
    async def my_tables(body: MyTables, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        await hub.current([hub.tables[t.table] for t in body.tables if t.table in hub.tables])
        return {"tables": hub.mine([(t.table, t.token) for t in body.tables])}

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        await _session(hub_of(ws), ws, table_id)

    return app


HTTP_ERRORS = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
"""The ``error`` of Starlette's own HTTP refusals (docs/protocol.md)."""


def _problem(error: Mapping[str, Any]) -> str:
    """One validation problem in words: ``field: what is wrong``."""
    where = ".".join(str(p) for p in error["loc"] if p != "body") or "body"
    if error["type"] == "json_invalid":
        detail = error.get("ctx", {}).get("error", "")
        return f"body: not valid JSON ({detail} at character {error['loc'][-1]})"
    return f"{where}: {error['msg']}"


async def _session(hub: Hub, ws: WebSocket, table_id: str) -> None:
    """One connection: hello, then commands until the browser leaves or falls silent."""
    settings = hub.settings
    sock = Socket(ws, settings)
    tasks = [asyncio.create_task(sock.writer())]
    try:
        try:
            table = await hub.fetch(table_id)
        except NotFound as exc:
            sock.error("unknown_table", str(exc))
            sock.close(CLOSE_UNKNOWN_TABLE)
            return
        hello = await _hello(sock, settings)
        if hello is None:
            return
        if hello.token is not None:
            sock.token_hash = token_hash(hello.token)
            await hub.know(table, sock.token_hash)
            sock.recipient = table.seats_of(sock.token_hash)
            if not sock.recipient:
                if table.signed_out(sock.token_hash):
                    sock.error("signed_out", f"this device was signed out of table {table.id}")
                else:
                    sock.error("bad_token", f"this token holds no seat at table {table.id}")
                sock.close(CLOSE_BAD_TOKEN)
                return
            await hub.touch(table, sock.token_hash)
        await hub.join(table, sock, hello.last)
        tasks.append(asyncio.create_task(sock.pinger()))
        try:
            await _commands(hub, table, sock)
        finally:
            hub.leave(table, sock)
    except WebSocketDisconnect:
        pass
    except sa.exc.SQLAlchemyError as exc:  # the database failed (a table loaded, a token known)
        log.warning(
            "table %s: the database failed: %s", table_id, (str(exc).splitlines() or [""])[0]
        )
        sock.error("unavailable", f"the table could not be opened ({failure(exc)}); try again")
        sock.close(CLOSE_TRY_AGAIN)
    finally:
        await asyncio.sleep(0)
        if not tasks[0].done():
            sock.close(1000)
            with suppress(Exception):
                await asyncio.wait_for(tasks[0], 5)
        for task in tasks:
            task.cancel()


async def _hello(sock: Socket, settings: Settings) -> Hello | None:
    try:
        message = await asyncio.wait_for(sock.ws.receive(), settings.hello_timeout)
    except TimeoutError:
        sock.error("no_hello", f"say hello within {settings.hello_timeout:g} seconds")
        sock.close(CLOSE_NO_HELLO)
        return None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    payload = _payload(message)
    try:
        first = parse(payload, settings.max_message)
    except ProtocolError as exc:
        if exc.code != "bad_json" and _type_of(payload) not in (None, "hello"):
            sock.error("no_hello", "the first message must be hello")
        else:
            sock.error(exc.code, exc.message, exc.id)
        sock.close(CLOSE_NO_HELLO)
        return None
    if not isinstance(first, Hello):
        sock.error("no_hello", "the first message must be hello")
        sock.close(CLOSE_NO_HELLO)
        return None
    return first


async def _commands(hub: Hub, table: Any, sock: Socket) -> None:
    settings = hub.settings
    silent = 3 * settings.heartbeat
    while True:
        try:
            message = await asyncio.wait_for(sock.ws.receive(), silent)
        except TimeoutError:
            sock.error("silent", f"nothing heard for {silent:g} seconds: closing")
            sock.close(CLOSE_SILENT)
            return
        if message["type"] == "websocket.disconnect":
            return
        if not sock.allow():  # answered, with the command's id, like any other refusal
            id = _id_of(_payload(message), settings.max_message)
            if sock.refused > settings.burst:
                sock.error("flood", "too many messages: closing", id)
                sock.close(CLOSE_FLOOD)
                return
            sock.error("rate_limited", f"at most {settings.rate:g} messages a second: ignored", id)
            continue
        try:
            msg = parse(_payload(message), settings.max_message)
        except ProtocolError as exc:
            sock.error(exc.code, exc.message, exc.id)
            continue
        if isinstance(msg, Command):
            if msg.type == "hint":
                _hint_task(hub, table, sock, msg)
            else:
                await hub.command(table, sock, msg)
        elif isinstance(msg, Sync):
            await hub.resync(table, sock, msg.last)
        elif isinstance(msg, Frame):
            _frame(table, sock, msg)
        elif isinstance(msg, ReviewAsk):  # after the end only (web/review.py)
            if msg.seat is None:
                hub.reviews.cancel(table, sock, msg.id)
            else:
                await hub.reviews.ask(table, sock, msg.id, msg.seat)
        elif isinstance(msg, Beat):
            if msg.type == "ping":
                sock.send(views.encode(views.beat("pong")))
        else:
            sock.error("bad_field", "hello was already said")


def _frame(table: Any, sock: Socket, msg: Frame) -> None:
    """Answer a ``frame`` request: the replay frame of event ``msg.n`` for the connection's
    seats (``replay.frame``), or a ``bad_field`` error naming ``n`` when it is out of range.
    Events are only appended and this runs without awaiting, so no lock is needed."""
    try:
        sock.send(views.encode(replay.frame(table, sock.recipient, msg.n, msg.id)))
    except replay.FrameError as exc:
        sock.error("bad_field", exc.message, msg.id)


def _hint_task(hub: Hub, table: Any, sock: Socket, cmd: Command) -> None:
    """Hints search for a while: one at a time per connection, beside the command loop."""
    if sock.hinting:
        sock.send(
            views.encode(views.rejected(cmd.id, "busy", "a hint is being searched", "", table.n))
        )
        return
    sock.hinting = True

    async def run() -> None:
        try:
            await hub.command(table, sock, cmd)
        finally:
            sock.hinting = False

    hub.spawn(run())


def _id_of(payload: str | bytes, limit: int) -> str | int | None:
    """The ``id`` of a message (None if it has none or cannot be read): what its answer carries
    when it is refused before it is used."""
    try:
        msg = parse(payload, limit)
    except ProtocolError as exc:
        return exc.id
    return getattr(msg, "id", None)


def _type_of(payload: str | bytes) -> Any:
    """The ``type`` of a message that ``parse`` refused, if it is a JSON object (else None)."""
    try:
        data = json.loads(payload)
    except (ValueError, RecursionError):
        return None
    return data.get("type") if isinstance(data, dict) else None


def _payload(message: Mapping[str, Any]) -> str | bytes:
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""
