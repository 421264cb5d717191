"""``feathers serve``: the game server for playing in the browser (needs the ``[web]`` extra).

The server and its protocol are in ``fourfeathers.web`` (docs/protocol.md); this module reads
the options, checks the database and runs uvicorn.
"""

from __future__ import annotations

import errno
import gc
import os
import socket
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

from ..arena.runner import CORES_PER_WORKER_CAP
from .common import check_number, fail, say

MAX_REVIEW_BUDGET = 100_000
"""The largest ``--review-budget`` (``web.review.MAX_REVIEW_BUDGET``: the CLI does not import the
web extra before it checks its options)."""

MAX_KEEP_FINISHED = 87_600.0
"""The most hours (ten years) ``--keep-finished`` allows."""

MAX_COUNT = 1_000_000
"""The most a count limit (``--tables-per-minute``...) may be set to."""

DB_ENV = "FEATHERS_DB"
"""The environment variable that names the database when ``--db`` is not given."""


def shown_db(url: str) -> str:
    """``url`` with its password, if it has one, replaced by ``***``: what the start line says
    (it goes to a terminal or a service's journal, where the database's password has no place).
    ``postgresql://me:secret@host/db`` -> ``postgresql://me:***@host/db``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user, _, host = parts.netloc.rpartition("@")
    return parts._replace(netloc=f"{user.split(':', 1)[0]}:***@{host}").geturl()


def default_db() -> str:
    """SQLite in the user's data directory (e.g. ``~/.local/share/fourfeathers/feathers.db``)."""
    import platformdirs

    return f"sqlite:///{Path(platformdirs.user_data_dir('fourfeathers')) / 'feathers.db'}"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help=f"sqlite:///FILE or postgresql://USER@HOST/DB (default: ${DB_ENV}, else SQLite "
            "in your data directory).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Processes for computer seats and hints (0: one per core).", min=0)
    ] = 0,
    keep_finished: Annotated[
        float,
        typer.Option(help="Hours a finished table nobody watches is kept (0 to 87,600)."),
    ] = 24.0,
    on_turn: Annotated[
        str | None,
        typer.Option(
            "--on-turn",
            metavar="COMMAND",
            help="Run COMMAND (split like a shell's words, run without a shell) whenever a "
            "human seat's turn starts, with the table in FEATHERS_* environment variables "
            "(docs/protocol.md): e.g. a mail to a person whose page is not open.",
            show_default=False,
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            help="The address people reach this server at (behind a proxy), for every link "
            "it gives: invites, device links, --on-turn's (default: the address asked).",
            show_default=False,
        ),
    ] = None,
    tables_per_minute: Annotated[
        int,
        typer.Option(
            help="New tables one address may create a minute (more: 429).",
            min=1,
            max=MAX_COUNT,
            rich_help_panel="Limits",
        ),
    ] = 20,
    running_tables: Annotated[
        int,
        typer.Option(
            help="Unfinished tables one address may have created (more: 429).",
            min=1,
            max=MAX_COUNT,
            rich_help_panel="Limits",
        ),
    ] = 50,
    connections: Annotated[
        int,
        typer.Option(
            help="WebSockets one address may hold open at once (more: refused, 429).",
            min=1,
            max=MAX_COUNT,
            rich_help_panel="Limits",
        ),
    ] = 32,
    max_body: Annotated[
        int,
        typer.Option(
            metavar="BYTES",
            help="Largest request body; a bigger one is refused before it is read (413).",
            min=1024,
            max=16 * 1024 * 1024,
            rich_help_panel="Limits",
        ),
    ] = 64 * 1024,
    body_timeout: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            help="Time to send a whole request body (then 408 and the connection closed).",
            rich_help_panel="Limits",
        ),
    ] = 10.0,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            metavar="ORIGIN",
            help="Also let pages of ORIGIN (https://host[:port]) open WebSockets; the "
            "server's own pages and non-browser clients always may (repeatable).",
            show_default=False,
            rich_help_panel="Limits",
        ),
    ] = None,
    computer_only: Annotated[
        int,
        typer.Option(
            help="Computer decisions of tables with no human seat thought at once (0: "
            "--workers minus 1, at least 1); people's tables always go first.",
            min=0,
            max=MAX_COUNT,
            rich_help_panel="Limits",
        ),
    ] = 0,
    watch_grace: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            help="A table with no human seat pauses when no page has it open and nobody "
            "asked for it for this long; it resumes when someone does.",
            rich_help_panel="Limits",
        ),
    ] = 60.0,
    idle_days: Annotated[
        float,
        typer.Option(
            metavar="DAYS",
            help="A running table with no connection and no move for this long is archived "
            "(kept in the database, no longer served).",
            rich_help_panel="Limits",
        ),
    ] = 7.0,
    review_budget: Annotated[
        int,
        typer.Option(
            help="Iterations per decision of a game review in the browser (1 to 100,000; the "
            "hard level searches 3,000).",
        ),
    ] = 2000,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            help="Log each computer decision, with this process's id, on stderr (several "
            "processes on one database: who decided what).",
        ),
    ] = False,
) -> None:
    """Serve tables to play in the browser: each seat on its own device, computer seats played
    by the server, every move stored as it is made.

    Examples:

    ```
    feathers serve
    feathers serve --port 8080 --db sqlite:///games.db
    feathers serve --on-turn ./call-back.sh --public-url https://f.example.org
    feathers serve --host 0.0.0.0 --tables-per-minute 5 --idle-days 30
    ```
    """
    check_number("--keep-finished", keep_finished, 0, MAX_KEEP_FINISHED, "hours")
    check_number("--body-timeout", body_timeout, 0.1, 3600, "seconds")
    check_number("--watch-grace", watch_grace, 0, 86_400, "seconds")
    check_number("--idle-days", idle_days, 0.01, 36_500, "days")
    origins = _origins(allow_origin or [])
    check_number("--review-budget", review_budget, 1, MAX_REVIEW_BUDGET, "iterations")
    command = _on_turn(on_turn)
    link = _public_url(public_url, host, port)
    try:
        import platformdirs  # noqa: F401
        import uvicorn  # noqa: F401

        from ..web.app import create_app
        from ..web.hub import Settings
        from ..web.limits import Limits
        from ..web.store import Store
    except ImportError as exc:
        fail(
            None,
            f"feathers serve needs the web extra: pip install 'fourfeathers[web]' "
            f"({exc.name or exc} is not installed)",
            code=1,
        )
    most = CORES_PER_WORKER_CAP * (os.cpu_count() or 1)
    if workers > most:
        typer.echo(
            f"Note: --workers {workers} capped at {most} ({CORES_PER_WORKER_CAP} per core of "
            f"this machine's {os.cpu_count() or 1}).",
            err=True,
        )
        workers = most
    url = db or os.environ.get(DB_ENV) or default_db()
    check_file(url)
    try:
        Store(url).close()  # a bad URL or an unreachable database: one line, before listening
    except Exception as exc:  # SQLAlchemy and driver errors have no common base
        fail("--db", f"cannot open the database: {str(exc).splitlines()[0]}")
    hold_sqlite(url)
    if verbose:
        import logging

        logging.basicConfig(format="%(asctime)s pid %(process)d %(levelname)s %(message)s")
        logging.getLogger("fourfeathers.web").setLevel(logging.INFO)
    settings = Settings(
        db=url,
        ai_workers=workers,
        keep_finished=keep_finished * 3600,
        on_turn=command,
        public_url=link,
        link_base=link if public_url is not None else None,
        limits=Limits(
            tables_per_minute=tables_per_minute,
            running_tables=running_tables,
            max_body=max_body,
            body_timeout=body_timeout,
            connections=connections,
            computer_only=computer_only,
            watch_grace=watch_grace,
            idle_days=idle_days,
            allow_origin=origins,
        ),
        review_budget=review_budget,
    )
    listening = bind(host, port)  # before the address is printed: a busy port is one line
    say(f"feathers serve: open http://{host}:{port}/ (database {shown_db(url)}; Ctrl-C stops)")
    # Fewer collections of young objects: every event makes many (measured with
    # benchmarks/serve_load.py, 200 tables: about 15% more moves/s and a 15-25% lower p99).
    gc.set_threshold(20_000, 20, 100)
    # What is alive now (the modules, the app: about 85,000 objects) lives as long as the
    # server: frozen, a full collection no longer walks it (about 60 ms of pause each time).
    gc.collect()
    gc.freeze()
    try:
        run(
            create_app(settings),
            listening,
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=4 * settings.max_message,
            ws_per_message_deflate=False,  # compressing every view costs more CPU than it saves
        )
    finally:
        while _HELD:  # (the process ends here; a test's in-process run frees the file)
            os.close(_HELD.pop())


_HELD: list[int] = []
"""The SQLite file this process serves, locked (``hold_sqlite``) until the server stops."""


def check_file(url: str) -> None:
    """Fail in one line (exit 2) on a SQLite URL with no file (``sqlite://``, ``sqlite:///``,
    ``sqlite:///:memory:``): an in-memory database would lose every table at the end, and each
    of the server's connections would get an empty one of its own."""
    if not url.startswith("sqlite"):
        return
    name = url.split("///", 1)[1] if "///" in url else ""
    if not name or name.split("?", 1)[0] in ("", ":memory:"):
        fail(
            "--db",
            f"{url!r} names no file: give sqlite:///PATH (e.g. sqlite:///games.db); a server "
            "keeps its tables in a file",
        )


def hold_sqlite(url: str) -> None:
    """Take an exclusive OS lock (``flock``) on the SQLite file of ``url`` for the life of this
    process (a killed process loses it too), or fail in one line if another ``feathers serve``
    holds it: a SQLite database is served by one process (several processes share a
    ``postgresql://`` database, docs/protocol.md). Nothing for PostgreSQL, ``:memory:`` or a
    system without ``flock``."""
    if not url.startswith("sqlite"):
        return
    name = url.split("///", 1)[-1]
    if not name or name == ":memory:":
        return
    try:
        import fcntl
    except ImportError:  # Windows: no flock
        return
    path = Path(name).expanduser()
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        fail("--db", f"cannot open {path}: {exc.strerror or exc}")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        fail(
            "--db",
            f"{path} is served by another feathers serve already: a SQLite database is for one "
            "process (several processes share a postgresql:// database)",
        )
    _HELD.append(fd)


def _origins(values: list[str]) -> tuple[str, ...]:
    """The ``--allow-origin`` values, normalised; fails with one line (exit 2) on one that is
    not ``http(s)://host[:port]``."""
    from ..web.limits import check_origin

    try:
        return tuple(check_origin(value) for value in values)
    except ValueError as exc:
        fail("--allow-origin", str(exc))


def _on_turn(text: str | None) -> list[str] | None:
    """The ``--on-turn`` command as an argument list (None when not given); fails with one
    line (exit 2) when it is empty or its program cannot be found."""
    if text is None:
        return None
    from ..web.on_turn import CommandError, parse_command

    try:
        return parse_command(text)
    except CommandError as exc:
        fail("--on-turn", str(exc))


def _public_url(url: str | None, host: str, port: int) -> str:
    """The start of the links ``--on-turn`` gives: ``--public-url`` (http or https, no
    trailing slash), else ``http://HOST:PORT`` (the machine's name when listening on every
    address)."""
    if url is None:
        if host in ("", "0.0.0.0", "::"):
            host = socket.gethostname()
        return f"http://{f'[{host}]' if ':' in host else host}:{port}"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        fail("--public-url", f"must be an http:// or https:// address, got {url!r}")
    return url.rstrip("/")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, bound before anything says the server is up.

    A port in use (``EADDRINUSE``), an address this machine does not have or a port it may not
    take fails on ``--port`` or ``--host`` with one line and exit code 2 (no traceback).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (OSError, UnicodeError) as exc:
        fail("--host", f"cannot listen on {host!r}: {exc}")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(
                "--port",
                f"port {port} on {host} is already in use (another server?): "
                "choose another with --port",
            )
        if exc.errno == errno.EACCES:
            fail("--port", f"port {port} needs more privileges: choose one above 1023 with --port")
        fail("--host", f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    sock.set_inheritable(True)
    return sock


def run(app: object, listening: socket.socket, **options: object) -> None:
    """Run uvicorn with ``options`` (``uvicorn.Config``'s) on the socket already bound."""
    import uvicorn

    config = uvicorn.Config(app, **options)  # type: ignore[arg-type]
    uvicorn.Server(config).run(sockets=[listening])
