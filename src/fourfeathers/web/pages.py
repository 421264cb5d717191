"""The pages of ``feathers serve``: the lobby, the table page, their scripts and styles.

Everything a page loads comes from this server, out of the package (no CDN, no build step):

- ``/`` (the lobby), ``/t/{id}`` (a table: a seat this browser holds, or watching) and
  ``/t/{id}/seat/{n}?invite=...`` (an invite link) and ``/t/{id}/continue#CODE`` (a device
  link: the code stays in the browser, after ``#``) all serve ``static/page.html``; its script
  ``static/app.js`` reads the address and draws the page (plain JavaScript modules);
- ``/static/{file}``: the shell's files (``web/static``);
- ``/games/{game id}/{file}``: a game's own view, from the folder of its ``web`` part
  (``games/<game>/web/view.js``, ``view.css``...: ``GameSpec.web``);
- ``/api/tables/{id}/catalogue``: the public data of a table's game (``views.catalogue``).

Every answer carries a Content-Security-Policy that lets a page reach only this server.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, HTMLResponse

from ..core.errors import ConfigError
from ..core.registry import game_spec
from . import views
from .hub import Hub, NotFound
from .lobby import web_folder

STATIC = Path(__file__).with_name("static")
"""The shell's files: ``page.html``, ``app.js`` and the modules it imports, ``style.css``."""

FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}\.(js|css|svg|png|woff2|txt)$")
"""The files ``/static`` and ``/games`` serve: plain names, known kinds (no folders)."""

MEDIA = {
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "woff2": "font/woff2",
    "txt": "text/plain; charset=utf-8",
}

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer: scripts, styles, images and connections only
from this server (``connect-src 'self'`` covers its WebSocket)."""


def _file(folder: Path | None, name: str) -> FileResponse:
    """``folder/name`` if it is a file the server may give; raises ``NotFound`` otherwise."""
    match = FILE_NAME.match(name)
    if folder is None or match is None or not (folder / name).is_file():
        raise NotFound(f"no file {name!r}")
    headers = {"cache-control": "no-cache"}  # revalidated: a new version is seen at once
    return FileResponse(folder / name, media_type=MEDIA[match.group(1)], headers=headers)


def add_pages(app: FastAPI, hub_of: Callable[[Request], Hub]) -> None:
    """Add the pages, their files and the catalogue route to ``app``."""
    page = (STATIC / "page.html").read_text(encoding="utf-8")

    @app.middleware("http")
    async def _policy(request: Request, call_next: Callable[[Request], Awaitable[Any]]) -> Any:
        response = await call_next(request)
        response.headers["content-security-policy"] = POLICY
        response.headers["x-content-type-options"] = "nosniff"
        response.headers["referrer-policy"] = "no-referrer"  # invite codes stay in the address
        return response

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> str:
        return page

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str, request: Request) -> Response:
        return _table_page(request, table_id)

    @app.get("/t/{table_id}/continue", response_class=HTMLResponse)
    async def device_page(table_id: str, request: Request) -> Response:
        return _table_page(request, table_id)

    @app.get("/t/{table_id}/seat/{seat}", response_class=HTMLResponse)
    async def invite_page(table_id: str, seat: str, request: Request) -> Response:
        return _table_page(request, table_id, seat)

    def _table_page(request: Request, table_id: str, seat: str | None = None) -> Response:
        """The page, or the page with 404 for an unknown table or a seat it does not have
        (invite links count seats from 1; the page says what is wrong)."""
        try:
            table = hub_of(request).get(table_id)
        except NotFound:
            return HTMLResponse(page, status_code=404)
        if seat is not None and not (seat.isdigit() and 1 <= int(seat) <= len(table.kinds)):
            return HTMLResponse(page, status_code=404)
        return HTMLResponse(page)

    @app.get("/static/{name}")
    async def static(name: str) -> FileResponse:
        return _file(STATIC, name)

    @app.get("/games/{game_id}/{name}")
    async def game_file(game_id: str, name: str) -> FileResponse:
        try:
            spec = game_spec(game_id)
        except ConfigError:
            raise NotFound(f"no game {game_id!r}") from None
        return _file(web_folder(spec), name)

    @app.get("/api/tables/{table_id}/catalogue")
    async def catalogue(table_id: str, request: Request) -> dict[str, Any]:
        return views.catalogue(hub_of(request).get(table_id))
