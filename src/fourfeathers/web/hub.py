"""The server's async side: the live tables, their locks, persistence, broadcasting, computers.

Every change of a table happens under its lock, in this order: prepare it (``Table.prepare_*``:
refusals change nothing), store it (``Store.append``, in the database thread), apply it
(``Table.commit``), then answer the sender and queue one event per connection. So an event a
browser saw is always in the database, and events reach every connection in order.

Computer seats decide in the ``ai.Pool`` without the lock: the hub sends the record, and when
the answer comes back it is applied only if the table has not moved on meanwhile (an undo).
A human seat with one legal action decides nothing: right after the event that led to it, under
the same lock, the table's forced decision is prepared, stored and applied like any other
(``Table.prepare_forced``, an event of kind ``forced``), so no command sees the position before.

On PostgreSQL (``Store.shared``) several processes may serve the same tables: the database's
unique (table, event number) decides which of two processes' events is stored (the other one's
``Conflict``: it catches up and checks its command again), ``NOTIFY`` brings every event and
every change of seats or devices to the other processes (``notified``: ``cluster.Listener``),
and a computer seat decides in the process holding the table's advisory lock
(``cluster.Decisions``), which another process's sweep takes when that one dies.
docs/protocol.md, "Several processes, one database".
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import inspect
import logging
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

from .. import __version__
from ..agents import make_agent
from ..agents.hints import ESTIMATE_PLAYOUTS, HINT_AGENT, hint_seed
from ..core.errors import ConfigError, ContentError, IllegalActionError
from ..core.game import Game
from ..core.registry import game_spec, make
from ..core.rng import derive_seed, random_seed
from . import ai, views
from .limits import Limits
from .lobby import form
from .on_turn import TIMEOUT as ON_TURN_TIMEOUT
from .on_turn import OnTurn
from .protocol import Command
from .review import REVIEW_BUDGET, REVIEW_SLOTS, Reviews
from .store import Store, StoredTable, failure, is_conflict
from .tables import HUMAN, MODES, SEAT_EVENT, Device, Rejection, Step, Table

log = logging.getLogger("fourfeathers.web")

T = TypeVar("T")

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")
"""What a table id looks like (``secrets.token_urlsafe``)."""

MIN_TOKEN_LENGTH = 20
"""A token a browser brings to a claim must be at least this long (tokens the server makes are
43 characters)."""


@dataclass
class Settings:
    """How a server runs (``feathers serve`` options; tests shorten the times).

    Attributes:
        db: ``sqlite:///path.db`` or ``postgresql://...``.
        ai_workers: processes (or threads) for computer seats and hints; 0: one per core.
        ai_processes: False runs them in threads (tests).
        hint_agent: the agent spec that answers hints (``agents.hints``, as the terminal's).
        hint_playouts: games played out per action for a solo hint's expected score
            (``agents.hints.expected_score``).
        max_think: the longest ``seconds=`` budget an agent spec may ask for.
        max_iterations: the largest ``iterations=`` budget (without ``seconds``) it may ask for.
        heartbeat: seconds between the server's pings; a connection silent for three is closed.
        hello_timeout: seconds a new connection has to say ``hello``.
        keep_finished: seconds a finished table nobody watches is kept before it is deleted.
        cleanup_every: seconds between two looks for such tables.
        max_message: largest message a browser may send, in bytes.
        rate, burst: messages per second a connection may send on average, and in a burst.
        queue_limit: messages waiting for a slow connection before it is closed.
        on_turn: the command run when a human seat's turn starts (``on_turn.parse_command``),
            or None.
        public_url: the start of the link ``on_turn`` gives (``http://host:port``).
        link_base: ``--public-url`` as given (None: not given): the start of every link the
            server hands out (invites, device links), else each request's own address.
        on_turn_timeout: seconds that command may run before it is killed.
        limits: what one client may take of the server (``limits.Limits``).
        review_budget: iterations per decision of a game review (``web.review``).
        review_slots: the most reviews made at once (one per table).
        sweep_every: seconds between two looks, by a process sharing its database with others,
            for computer seats nobody is deciding (a process that died held them).
    """

    db: str
    ai_workers: int = 0
    ai_processes: bool = True
    hint_agent: str = HINT_AGENT
    hint_playouts: int = ESTIMATE_PLAYOUTS
    max_think: float = 10.0
    max_iterations: int = 100_000
    heartbeat: float = 15.0
    hello_timeout: float = 10.0
    keep_finished: float = 24 * 3600.0
    cleanup_every: float = 60.0
    max_message: int = 8192
    rate: float = 20.0
    burst: int = 40
    queue_limit: int = 1024
    on_turn: list[str] | None = None
    public_url: str = "http://127.0.0.1:8000"
    link_base: str | None = None
    on_turn_timeout: float = ON_TURN_TIMEOUT
    limits: Limits = field(default_factory=Limits)
    review_budget: int = REVIEW_BUDGET
    review_slots: int = REVIEW_SLOTS
    sweep_every: float = 2.0


class NotFound(LookupError):
    """No such table (HTTP 404)."""


class Archived(NotFound):
    """A table that was archived (HTTP 410): kept in the database, no longer served."""


class Conflict(Exception):
    """Another process stored an event of this number first (PostgreSQL): nothing of ours was
    stored; catch up and check again."""


LOCK_WAIT, LOCK_WAIT_MAX = 0.02, 0.5
"""Seconds before a process asks again for a table's decision lock held by another process
(doubled each time, until more than the second number: then it leaves it to the holder)."""

CONFLICT_RETRIES = 3
"""How many times a change is checked again after another process's event came first."""


class Refused(ValueError):
    """A request the server refuses; ``status`` is its HTTP status code, ``code`` the API's
    word for it (docs/protocol.md: ``refused`` unless a more precise one applies)."""

    def __init__(self, status: int, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.status = status
        self.code = code


LINK_SECONDS = 600.0
"""How long a device link lasts (it also ends at its first use)."""

LINK_KEPT = 3600.0
"""How long a device link is kept after it expired (then ``cleanup`` deletes it)."""

LEVELS = ("easy", "medium", "hard")
"""The computer players a seat may be handed to during a game."""

CLOSE_SIGNED_OUT = 4403
"""The close code of a connection whose device was signed out (or whose seat was issued
again): its token plays no more."""

CLOSE_UNKNOWN_TABLE = 4404
"""The close code of a connection to a table that is not served: unknown, or archived or
deleted by another process while it was open."""


class Connection(Protocol):
    """What the hub needs of a browser connection (``app.Socket``)."""

    recipient: views.Recipient
    token_hash: str | None

    def send(self, text: str) -> None:
        """Queue ``text`` (made by ``views.encode``) for the browser."""

    def close(self, code: int) -> None:
        """Close after what is already queued."""


def token_hash(token: str) -> str:
    """The SHA-256 (hex) kept in place of a token or invite code."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_secret() -> str:
    """A fresh random token (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


class Hub:
    """The live tables of one server, backed by ``store``."""

    def __init__(self, settings: Settings, store: Store, pool: ai.Pool) -> None:
        self.settings = settings
        self.store = store
        self.pool = pool
        self.tables: dict[str, Table] = {}
        self.archived: dict[str, float] = {}
        """The archived tables' ids and when each was archived (Unix seconds)."""
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")
        self._tasks: set[asyncio.Task[Any]] = set()
        self._batch: list[tuple[str, Any, float | None, asyncio.Future[None]]] = []
        self._flushing = False
        self.reviews = Reviews(self)  # games reviewed after their end (web/review.py)
        self.shared = store.shared
        """Other processes may serve the same tables (PostgreSQL)."""
        self._seen: dict[tuple[str, str], float] = {}  # (table, token hash) -> when, to store
        self._seen_flushing = False
        self.listener: Any = None  # cluster.Listener (shared)
        self.decisions: Any = None  # cluster.Decisions (shared)
        self._listening = asyncio.Event()
        self._loading: dict[str, asyncio.Future[None]] = {}
        self.decided = 0
        """Computer decisions made by this process."""
        self.on_turn = (
            OnTurn(settings.on_turn, settings.public_url, self.spawn, settings.on_turn_timeout)
            if settings.on_turn
            else None
        )

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a ``Store`` method in the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    async def store_event(self, table_id: str, row: Any, finished: float | None) -> None:
        """Store one event; events of several tables waiting together share one transaction
        (group commit: one write to disk for all of them)."""
        done = asyncio.get_running_loop().create_future()
        self._batch.append((table_id, row, finished, done))
        if not self._flushing:
            self._flushing = True
            self.spawn(self._flush())
        await done

    async def _flush(self) -> None:
        try:
            await self._flush_batches()
        finally:
            self._flushing = False

    async def _flush_batches(self) -> None:
        while self._batch:
            batch, self._batch = self._batch, []
            try:
                await self.db(self.store.append, [(t, r, f) for t, r, f, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except Exception:  # find the culprit: store them one by one
                results = []
                for t, r, f, _ in batch:
                    try:
                        await self.db(self.store.append, [(t, r, f)])
                        results.append(None)
                    except Exception as exc:
                        results.append(exc)
            for (*_, done), error in zip(batch, results, strict=True):
                if done.done():  # its command was cancelled (the server is stopping)
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)

    # Life cycle.

    async def start(self) -> None:
        """Rebuild every stored table from its record and let computer seats resume. A process
        sharing its database listens first (so no event stored meanwhile is missed)."""
        if self.shared:
            from .cluster import Decisions, Listener

            self.decisions = Decisions(self.store.url)
            loop = asyncio.get_running_loop()
            self.listener = Listener(self.store.url, loop, self.notified, self._connected)
            self.listener.start()
            try:
                await asyncio.wait_for(self._listening.wait(), 10)
            except TimeoutError:
                log.warning("not listening to the other processes yet: trying on")
            self.spawn(self._sweep_loop())
        self.archived = await self.db(self.store.archived)
        for stored in await self.db(self.store.load):
            table = self._rebuild(stored)
            if table is not None:  # (one an event's notification loaded meanwhile is newer)
                self.tables.setdefault(table.id, table)
        for table in self.tables.values():
            self._schedule(table)
        self.spawn(self._cleanup_loop())

    def _rebuild(self, stored: StoredTable) -> Table | None:
        row = stored.row
        try:
            game = make(row["game"], **row["config"])
            table = Table(
                row["id"],
                game,
                row["seed"],
                list(row["kinds"]),
                stored.tokens,
                stored.invites,
                open=row["open"],
                listed=bool(row.get("listed", False)),
                engine=row["engine"],
                created=row["created"],
                devices=stored.devices,
                host=row.get("host"),
                mode=row.get("mode") or "live",
                deadline_hours=row.get("deadline_hours"),
            )
            table.replay(stored.events)
        except (ConfigError, ContentError, IllegalActionError, ValueError) as exc:
            log.error("table %s (engine %s) cannot be rebuilt: %s", row["id"], row["engine"], exc)
            return None
        if row["engine"] != __version__:
            log.warning("table %s was created by engine %s", row["id"], row["engine"])
        table.updated, table.finished, table.rematch = (
            row["updated"],
            row["finished"],
            row["rematch"],
        )
        table.turn_started = row["updated"]
        return table

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.listener is not None:
            self.listener.stop()
        if self.decisions is not None:
            self.decisions.close()
        self._db.shutdown(wait=True)

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # Tables.

    def get(self, table_id: str) -> Table:
        """The table ``table_id``. Raises ``NotFound`` (``Archived`` for an archived one)."""
        table = self.tables.get(table_id) if TABLE_ID.match(table_id) else None
        if table is None:
            if table_id in self.archived:
                when = time.strftime("%Y-%m-%d", time.gmtime(self.archived[table_id]))
                days = f"{self.settings.limits.idle_days:g}"
                raise Archived(
                    f"table {table_id} was archived on {when}: nobody played or watched it for "
                    f"{days} days (it is kept, no longer served)"
                )
            raise NotFound(f"no table {table_id!r}")
        return table

    async def fetch(self, table_id: str) -> Table:
        """``get``, but a process sharing its database loads a table it does not hold (made by
        another process a moment ago) from the database. Raises ``NotFound`` (``Archived``)."""
        try:
            table = self.get(table_id)
        except NotFound:
            if not self.shared or not TABLE_ID.match(table_id) or table_id in self.archived:
                raise
        else:
            await self.current([table])
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        await asyncio.shield(loading)
        return self.get(table_id)

    async def current(self, tables: list[Table]) -> None:
        """Catch up each of ``tables`` that is ``behind`` (another process stored events this
        one did not apply: nobody here needed them). A process serves only the moves of the
        tables its pages and computer seats use: each of N processes applying every move
        made N processes no faster than one (docs/protocol.md, "Several processes")."""
        for table in tables:
            if table.behind:
                await self._follow(table, None)

    async def _load(self, table_id: str) -> None:
        found = await self.db(self.store.load, table_id)
        if not found or table_id in self.tables:
            return
        table = self._rebuild(found[0])
        if table is None:
            return
        self.tables[table.id] = table
        self.spawn(self._follow(table, None, meta=True))  # changed while it was read

    # Several processes (PostgreSQL).

    def _connected(self) -> None:
        """The listener is (again) connected: the first time, before the tables are loaded;
        after a lost connection, every table catches up (notifications were missed)."""
        if self._listening.is_set():
            for table in list(self.tables.values()):
                self.spawn(self._follow(table, None, meta=True))
        self._listening.set()

    def notified(self, text: str) -> None:
        """A notification of another process (``store.Store``: ``e``, ``t``, ``m``, ``a``,
        ``x`` and the table id): catch the table up, load it, reload its seats and devices,
        or drop it."""
        parts = text.split()
        if len(parts) < 2:
            return
        kind, table_id = parts[0], parts[1]
        if kind in ("a", "x"):
            if kind == "a":
                self.archived[table_id] = float(parts[2]) if len(parts) > 2 else time.time()
            gone = self.tables.pop(table_id, None)
            if gone is not None:
                self._close_gone(gone, kind == "x")
            return
        table = self.tables.get(table_id)
        if table is None:
            if table_id not in self.archived and TABLE_ID.match(table_id):
                self.spawn(self._quiet_load(table_id))
        elif kind == "e":
            if len(parts) > 2 and parts[2].isdigit() and int(parts[2]) > table.n:
                if table.connections or any(k != HUMAN for k in table.kinds):
                    self.spawn(self._follow(table, int(parts[2])))
                else:  # nobody here to send it to, nothing to decide: applied when next used
                    table.behind = True
        elif kind == "m":
            self.spawn(self._follow(table, None, meta=True))

    def _close_gone(self, table: Table, deleted: bool) -> None:
        """Another process archived or deleted ``table`` (it had no page there): each page of
        it here is told (``unknown_table``, as a page opening it now would be) and closed
        (``CLOSE_UNKNOWN_TABLE``), so none plays on a table nobody serves."""
        try:
            message = f"table {table.id} was deleted" if deleted else ""
            if not deleted:
                self.get(table.id)  # raises Archived: the message a new page gets
        except NotFound as exc:
            message = str(exc)
        text = views.encode(views.error("unknown_table", message))
        for conn in list(table.connections):
            conn.send(text)
            conn.close(CLOSE_UNKNOWN_TABLE)
        table.connections.clear()

    async def _quiet_load(self, table_id: str) -> None:
        try:
            await self.fetch(table_id)
        except NotFound:
            pass
        except Exception:
            log.exception("table %s: could not be loaded", table_id)

    async def _follow(self, table: Table, n: int | None, meta: bool = False) -> None:
        """Catch ``table`` up to event ``n`` (None: whatever is stored) and, with ``meta``,
        reload its seats and devices; then its computer seats may go on."""
        try:
            async with table.lock:
                if meta:
                    await self._refresh(table)
                elif n is None or n > table.n:
                    await self._catch_up(table)
        except Exception:
            log.exception("table %s: could not catch up", table.id)
            return
        self._schedule(table)

    async def _catch_up(self, table: Table) -> int:
        """Apply and send the events other processes stored after ``table.n`` (the caller
        holds the lock); returns how many."""
        table.behind = False  # (a notification while the events are read sets it again)
        rows = await self.db(self.store.events, table.id, table.n)
        done = 0
        for row in rows:
            if row.n != table.n + 1:
                break
            try:
                table.apply_row(row)
            except (IllegalActionError, ValueError) as exc:
                log.error("table %s: stored event %d cannot be applied: %s", table.id, row.n, exc)
                break
            self._broadcast(table, row)
            if row.kind == SEAT_EVENT:
                self._send_all(table, lambda r: views.seats(table))
            done += 1
        return done

    async def _refresh(self, table: Table) -> None:
        """Reload ``table``'s seats, devices and rematch (changed by another process), tell
        its connections what changed and catch up its events (the caller holds the lock): what
        a process does before it answers a request that changes them."""
        if not self.shared:
            return
        found = await self.db(self.store.load, table.id, False)
        if not found:
            return
        stored = found[0]

        def key(t: Table) -> Any:
            return (
                list(t.tokens),
                list(t.invites),
                [(d.token, d.seat, d.number, d.out) for d in t.devices],
            )

        before, rematch = key(table), table.rematch
        table.tokens, table.invites = list(stored.tokens), list(stored.invites)
        seen = {(d.token, d.seat): d.seen for d in table.devices}
        for d in stored.devices:
            d.seen = max(d.seen or 0.0, seen.get((d.token, d.seat)) or 0.0) or None
        table.devices = stored.devices
        table.open, table.listed = stored.row["open"], bool(stored.row.get("listed", False))
        table.rematch = stored.row["rematch"]
        if key(table) != before:
            self._holders_changed(table)
            self._send_all(table, lambda r: views.seats(table))
        new = table.rematch
        if new is not None and new != rematch:
            self._send_all(table, lambda r: views.rematch(new))
        await self._catch_up(table)

    async def _sweep_loop(self) -> None:
        """Every ``sweep_every`` seconds, each table whose computer seat is to decide and that
        this process is not deciding tries for its lock (its holder may have died)."""
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            for table in list(self.tables.values()):
                self._schedule(table)

    def look(self, table: Table) -> None:
        """Someone looked at ``table`` (created it, asked for it over HTTP): a computer-only
        table plays on for ``limits.watch_grace`` seconds more (``watched``)."""
        table.looked = time.monotonic()
        self._schedule(table)

    def watched(self, table: Table) -> bool:
        """Whether ``table`` is watched: a connection, or a look within the grace period."""
        grace = self.settings.limits.watch_grace
        return bool(table.connections) or time.monotonic() - table.looked < grace

    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        kinds: list[str],
        open: bool = False,
        listed: bool = False,
        mode: str = "live",
        deadline_hours: int | None = None,
    ) -> tuple[Table, dict[int, str], str]:
        """A new table, the invite code of each human seat and the host token (its creator's:
        the host may issue a seat's invite again and hand seats to the computer and back).
        ``listed``: the lobby lists it to anybody (``listed_tables``); ``mode``: ``MODES``;
        ``deadline_hours``: per decision, turn-based tables only. Raises ``Refused`` (400)
        naming the option, seat or field at fault."""
        if mode not in MODES:
            raise Refused(400, f"mode: {mode!r} is not one of {', '.join(MODES)}", "bad_field")
        if deadline_hours is not None and mode != "turn-based":
            raise Refused(
                400, "deadline_hours: only a turn-based table has a deadline", "bad_field"
            )
        self._check_numbers(game_id, options)
        game, kinds = self._check_table(game_id, options, kinds)
        invites = {s: new_secret() for s, kind in enumerate(kinds) if kind == HUMAN}
        host = new_secret()
        table = Table(
            self._new_id(),
            game,
            random_seed(),
            kinds,
            [None] * len(kinds),
            [token_hash(invites[s]) if s in invites else None for s in range(len(kinds))],
            open=open,
            listed=listed,
            engine=__version__,
            host=token_hash(host),
            mode=mode,
            deadline_hours=deadline_hours,
        )
        await self.db(self.store.create, self._row(table), table.invites, table.tokens)
        self.tables[table.id] = table  # (another process's notification may have loaded it)
        self.look(table)
        return table, invites, host

    def _check_table(
        self, game_id: str, options: dict[str, Any], kinds: list[str]
    ) -> tuple[Any, list[str]]:
        try:
            spec = game_spec(game_id)
        except ConfigError as exc:
            raise Refused(400, str(exc)) from None
        if "content" in options:
            raise Refused(
                400,
                "option 'content' is not accepted by feathers serve: it names a file on the "
                "server (start the server with the shipped cards)",
            )
        options = dict(options)
        accepted = inspect.signature(spec.factory).parameters
        if "players" in accepted and "players" not in options:
            options["players"] = len(kinds)
        try:
            game = make(game_id, **options)
        except (ConfigError, ContentError, TypeError, ValueError) as exc:
            raise Refused(400, f"options: {exc}") from None
        if len(kinds) != game.num_players:
            raise Refused(
                400, f"seats: {len(kinds)} given for a {game.num_players}-player {game.title}"
            )
        return game, [self._check_kind(game, s, kind) for s, kind in enumerate(kinds)]

    def _check_numbers(self, game_id: str, options: dict[str, Any]) -> None:
        """Refuse (400) a whole-number option outside its bounds: the lobby's form's ``min``
        and ``max`` (the game's declared ones, else 1 to ``lobby.MAX_OPTION``)."""
        try:
            fields = {f["name"]: f for f in form(game_spec(game_id))}
        except ConfigError:
            return  # _check_table names the unknown game
        for name, value in options.items():
            field = fields.get(name)
            if field is None or field["type"] not in ("int", "seat"):
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                continue  # the game's factory names a value of the wrong type
            if field["type"] == "seat" or "choices" in field:
                continue  # seat numbers and players: the game checks them against its seats
            low, high = field["min"], field["max"]
            if not low <= value <= high:
                raise Refused(400, f"options: {name}: {low} to {high} on this server, got {value}")

    def _check_kind(self, game: Game, seat: int, kind: str) -> str:
        kind = kind.strip().lower()
        if kind == HUMAN:
            return kind
        try:
            agent = make_agent(kind, 0, game)
        except ValueError as exc:
            raise Refused(400, f"seats: seat {seat + 1}: {exc}") from None
        seconds = getattr(agent, "seconds", None)
        iterations = getattr(agent, "iterations", None)
        if isinstance(seconds, int | float) and seconds > self.settings.max_think:
            raise Refused(
                400,
                f"seats: seat {seat + 1}: at most {self.settings.max_think:g} seconds a decision",
            )
        limit = self.settings.max_iterations
        if seconds is None and isinstance(iterations, int) and iterations > limit:
            raise Refused(400, f"seats: seat {seat + 1}: at most {limit} iterations a decision")
        return kind

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(9)
            if table_id not in self.tables:
                return table_id

    @staticmethod
    def _row(table: Table) -> dict[str, Any]:
        return {
            "id": table.id,
            "game": table.game.id,
            "config": table.game.config,
            "seed": table.seed,
            "kinds": table.kinds,
            "open": table.open,
            "listed": table.listed,
            "engine": table.engine,
            "created": table.created,
            "updated": table.updated,
            "finished": None,
            "rematch": None,
            "host": table.host,
            "mode": table.mode,
            "deadline_hours": table.deadline_hours,
        }

    def listed_tables(self, limit: int, offset: int) -> tuple[list[Table], int]:
        """The tables the lobby shows anybody, the latest change first: the open ones with a
        free human seat and the ones their host listed (a private table is reached only
        through its links). Returns ``limit`` of them from ``offset``, and how many there are.
        """
        shown = [t for t in self.tables.values() if t.listed or (t.open and _free_seat(t))]
        shown.sort(key=lambda t: (-t.updated, t.id))
        return shown[offset : offset + limit], len(shown)

    async def claim(
        self, table_id: str, seat: int, invite: str | None, token: str | None
    ) -> tuple[Table, str]:
        """Claim ``seat`` (0-based); returns the table and the seat's token.

        ``token``: one the browser already holds (its other seats, or this seat: coming back).
        Raises ``NotFound``, or ``Refused`` for a seat that is not human, already taken, or a
        wrong invite code.
        """
        table = await self.fetch(table_id)
        if not 0 <= seat < len(table.kinds):
            raise Refused(400, f"seat: table {table.id} has seats 1-{len(table.kinds)}")
        if table.kinds[seat] != HUMAN:
            raise Refused(409, f"seat {seat + 1} is played by the computer ({table.kinds[seat]})")
        if token is not None and len(token) < MIN_TOKEN_LENGTH:
            raise Refused(400, "token: not a token this server gave")
        held = token_hash(token) if token else None
        async with table.lock:
            await self._refresh(table)
            if held is not None and seat in table.seats_of(held):
                return table, token or ""
            if held is not None and table.signed_out(held):
                raise Refused(
                    403, f"token: this device was signed out of table {table.id}", "signed_out"
                )
            if table.tokens[seat] is not None:
                raise Refused(409, f"seat {seat + 1} is already taken")
            expected = table.invites[seat] or ""
            given = token_hash(invite) if invite else ""
            if not table.open and not hmac.compare_digest(expected, given):
                raise Refused(403, f"invite: wrong or missing invite code for seat {seat + 1}")
            token = token or new_secret()
            held = token_hash(token)
            device = Device(held, seat, table.device_number(held, [seat]), time.time())
            if not await self.db(self.store.claim, table.id, seat, held, device):
                raise Refused(409, f"seat {seat + 1} is already taken")
            table.tokens[seat] = held
            table.devices.append(device)
            for conn in table.connections:
                if conn.token_hash == held:  # hot seat: the browser's open connection gets it
                    conn.recipient = table.seats_of(held)
                    conn.send(views.encode(views.sync(table, conn.recipient, table.n)))
            self._send_all(table, lambda r: views.seats(table))
        return table, token

    async def rematch(self, table_id: str, token: str) -> tuple[Table, dict[int, str]]:
        """The rematch of a finished table (created once, by the first seat to ask): the same
        game and seat kinds, each claimed seat held by the same token; returns it and invite
        codes for its unclaimed human seats. Raises ``NotFound`` or ``Refused``."""
        table = await self.fetch(table_id)
        await self.know(table, token_hash(token))
        if not table.seats_of(token_hash(token)):
            raise Refused(403, f"token: holds no seat at table {table.id}")
        if not table.over and self.shared:  # it may have ended at another process just now
            async with table.lock:
                await self._refresh(table)
        if not table.over:
            raise Refused(409, f"table {table.id} is still being played")
        async with table.lock:
            await self._refresh(table)
            if table.rematch is not None:
                try:
                    return await self.fetch(table.rematch), {}
                except NotFound:
                    pass  # deleted: a new one
            invites = {
                s: new_secret()
                for s, kind in enumerate(table.kinds)
                if kind == HUMAN and table.tokens[s] is None
            }
            new = Table(
                self._new_id(),
                make(table.game.id, **table.game.config),
                random_seed(),
                list(table.kinds),
                list(table.tokens),
                [token_hash(invites[s]) if s in invites else None for s in range(len(table.kinds))],
                open=table.open,
                listed=table.listed,
                engine=__version__,
                devices=[
                    Device(d.token, d.seat, d.number, time.time())
                    for d in table.devices
                    if d.out is None
                ],
                host=table.host,
                mode=table.mode,
                deadline_hours=table.deadline_hours,
            )
            new.tokens = [
                table.tokens[s] if new.seat_devices(s) else None for s in range(len(new.kinds))
            ]
            made = await self.db(
                self.store.create,
                self._row(new),
                new.invites,
                new.tokens,
                new.devices,
                table.id,
                table.rematch,
            )
            if not made:  # another process made it first
                await self._refresh(table)
                if table.rematch is None:
                    raise Refused(409, f"table {table.id}: its rematch could not be made")
                return await self.fetch(table.rematch), {}
            self.tables[new.id] = new
            table.rematch = new.id
            self._send_all(table, lambda r: views.rematch(new.id))
        self.look(new)
        return new, invites

    # Devices, the host, seats handed over.

    async def know(self, table: Table, held: str) -> None:
        """A process sharing its database reloads ``table``'s seats and devices when the token of
        hash ``held`` holds no seat there (it was claimed, or its device added, at another
        process a moment ago: before its notification came)."""
        if self.shared and not table.seats_of(held):
            async with table.lock:
                await self._refresh(table)

    def holder(self, table: Table, token: str) -> frozenset[int]:
        """The seats ``token`` holds at ``table``. Raises ``Refused`` (403): ``signed_out`` for
        a device signed out (or whose seat was issued again), ``bad_token`` for any other."""
        held = token_hash(token)
        seats = table.seats_of(held)
        if seats:
            return seats
        if table.signed_out(held):
            raise Refused(
                403, f"token: this device was signed out of table {table.id}", "signed_out"
            )
        raise Refused(403, f"token: holds no seat at table {table.id}", "bad_token")

    def check_host(self, table: Table, host: str) -> None:
        """Raises ``Refused`` (403, ``not_host``) unless ``host`` is the table's host token (a
        seat token never is)."""
        if table.host is None or not hmac.compare_digest(table.host, token_hash(host)):
            raise Refused(403, f"host: not the host token of table {table.id}", "not_host")

    def _seat_number(self, table: Table, seat: int) -> None:
        if not 0 <= seat < len(table.kinds):
            raise Refused(
                400, f"seat: table {table.id} has seats 1-{len(table.kinds)}", "bad_field"
            )

    async def device_link(self, table_id: str, token: str) -> tuple[Table, str, float]:
        """A one-time link for another device of the seats ``token`` holds: returns the table,
        the link's code and when it expires (``LINK_SECONDS``; its first use ends it too).
        Raises ``NotFound`` or ``Refused`` (``holder``)."""
        table = await self.fetch(table_id)
        await self.know(table, token_hash(token))
        self.holder(table, token)
        code, expires = new_secret(), time.time() + LINK_SECONDS
        await self.db(self.store.add_link, token_hash(code), table.id, token_hash(token), expires)
        return table, code, expires

    async def join_device(self, table_id: str, code: str) -> tuple[Table, str, int]:
        """Use a device link: a new token holding the seats of the device that made it.
        Returns the table, the token and the new device's number. Raises ``NotFound``, or
        ``Refused``: ``bad_link`` (403: no such link here, or its device holds no seat any
        more), ``link_used`` or ``link_expired`` (410)."""
        table = await self.fetch(table_id)
        link = await self.db(self.store.link, token_hash(code))
        if link is None or link["table_id"] != table.id:
            raise Refused(403, f"code: not a device link of table {table.id}", "bad_link")
        used = "code: this link was used already (a link gives its seat to one device, once)"
        if link["used"] is not None:
            raise Refused(410, used, "link_used")
        now = time.time()
        if link["expires"] <= now:
            minutes = f"{LINK_SECONDS / 60:g}"
            raise Refused(
                410, f"code: this link expired (a link lasts {minutes} minutes)", "link_expired"
            )
        async with table.lock:
            await self._refresh(table)
            seats = table.seats_of(link["issuer"])
            if not seats:
                raise Refused(
                    403,
                    "code: the device that made this link holds no seat here any more",
                    "bad_link",
                )
            token = new_secret()
            held = token_hash(token)
            number = table.device_number(held, seats)
            new = [Device(held, s, number, now) for s in sorted(seats)]
            if not await self.db(self.store.redeem, token_hash(code), now, new):
                raise Refused(410, used, "link_used")
            table.devices.extend(new)
            self._tell_holders(table)
        return table, token, number

    def device_list(self, table: Table, token: str) -> dict[str, Any]:
        """The devices of the seats ``token`` holds (``views.devices``). Raises ``Refused``."""
        mine = self.holder(table, token)
        online = {c.token_hash for c in table.connections}
        return views.devices(table, mine, token_hash(token), online)

    async def sign_out(self, table_id: str, token: str, number: int) -> Table:
        """Sign device ``number`` out of the seats it shares with ``token``'s: its token stops
        working there at once and its connections are closed (``CLOSE_SIGNED_OUT``).
        Raises ``NotFound`` or ``Refused`` (``holder``; ``bad_field`` for no such device, or
        the asking device itself)."""
        table = await self.fetch(table_id)
        async with table.lock:
            await self._refresh(table)
            mine = self.holder(table, token)
            target = [
                d for d in table.devices if d.number == number and d.out is None and d.seat in mine
            ]
            if not target:
                raise Refused(400, f"device: no device {number} plays your seats here", "bad_field")
            if target[0].token == token_hash(token):
                raise Refused(
                    400,
                    f"device: device {number} is the one asking; sign it out from another device",
                    "bad_field",
                )
            now = time.time()
            seats = [d.seat for d in target]
            asker = token_hash(token)
            if not await self.db(self.store.sign_out, table.id, target[0].token, seats, now, asker):
                await self._refresh(table)  # it was signed out at another process a moment ago
                raise Refused(
                    403, f"token: this device was signed out of table {table.id}", "signed_out"
                )
            for d in target:
                d.out = now
            self._holders_changed(table)
        return table

    async def reissue(self, table_id: str, host: str, seat: int) -> tuple[Table, str]:
        """The host's new invite for ``seat`` (a lost phone): every token of the seat stops
        working at once (connections closed) and the seat is free for the new invite's code.
        Returns the table and the code. Raises ``NotFound`` or ``Refused`` (``not_host``,
        ``bad_field``)."""
        table = await self.fetch(table_id)
        self.check_host(table, host)
        self._seat_number(table, seat)
        async with table.lock:
            await self._refresh(table)
            invite = await self._new_invite(table, seat)
        return table, invite

    async def _new_invite(self, table: Table, seat: int) -> str:
        """Store and apply a new invite for ``seat``, ending its devices (the lock is held)."""
        invite, now = new_secret(), time.time()
        await self.db(self.store.reissue, table.id, seat, token_hash(invite), now)
        table.invites[seat], table.tokens[seat] = token_hash(invite), None
        for d in table.seat_devices(seat):
            d.out = now
        self._holders_changed(table)
        self._send_all(table, lambda r: views.seats(table))
        return invite

    async def hand(
        self, table_id: str, seat: int, kind: str, host: str | None, token: str | None
    ) -> tuple[Table, str | None]:
        """Hand ``seat`` to a computer player (``LEVELS``) or to a person (``HUMAN``) between
        decisions: one public event (kind ``seat``). Who may: the host (any seat, either way),
        the seat's own player (its own seat), or at a turn-based table any other seat's player
        when the seat to move let its deadline pass (to a computer only). Returns the table and
        a new invite code when a seat handed to a person has no device (else None).
        Raises ``NotFound`` or ``Refused`` (``not_host``, ``bad_token``, ``signed_out``,
        ``not_overdue``, ``bad_field``, and the ``Rejection`` codes as 409)."""
        table = await self.fetch(table_id)
        self._seat_number(table, seat)
        kind = kind.strip().lower()
        if kind not in (HUMAN, *LEVELS):
            raise Refused(400, f"kind: {kind!r} is not human, {', '.join(LEVELS)}", "bad_field")
        if (host is None) == (token is None):
            raise Refused(
                400, "host, token: give the host token or a seat token (one)", "bad_field"
            )
        async with table.lock:
            await self._refresh(table)
            if host is not None:
                self.check_host(table, host)
                who = "the host"
            else:
                mine = self.holder(table, token or "")
                who = "its player" if seat in mine else f"Seat {min(mine) + 1}"
                if seat not in mine:
                    self._check_overdue(table, seat, kind)
            to = "a person" if kind == HUMAN else f"the computer ({kind})"
            try:
                words = f"handed to {to} by {who}"
                await self._store(table, lambda: table.prepare_seat(seat, kind, words), None)
            except Rejection as exc:
                raise Refused(409, exc.reason, exc.code) from None
            invite = None
            if kind == HUMAN and not table.seat_devices(seat):
                invite = await self._new_invite(table, seat)
            else:
                self._send_all(table, lambda r: views.seats(table))
        self._schedule(table)
        return table, invite

    def _check_overdue(self, table: Table, seat: int, kind: str) -> None:
        """Another seat may hand ``seat`` to the computer only at a turn-based table whose seat
        to move it is and whose deadline passed. Raises ``Refused`` (409, ``not_overdue``)."""
        if kind == HUMAN:
            raise Refused(
                409,
                f"kind: only the host or its player hands seat {seat + 1} to a person",
                "not_overdue",
            )
        deadline = table.deadline()
        if table.mode != "turn-based" or deadline is None:
            raise Refused(
                409, "seat: only the host may hand another seat over at this table", "not_overdue"
            )
        if table.state.current_player != seat:
            raise Refused(409, f"seat: seat {seat + 1} is not the one to move", "not_overdue")
        if time.time() < deadline:
            raise Refused(
                409,
                f"seat: seat {seat + 1}'s deadline has not passed (it is {deadline:.0f})",
                "not_overdue",
            )

    def _holders_changed(self, table: Table) -> None:
        """After a sign-out or a new invite: each connection gets its seats as they are now; one
        left with none is told (``signed_out``) and closed (``CLOSE_SIGNED_OUT``)."""
        for conn in list(table.connections):
            if conn.token_hash is None:
                continue
            now = table.seats_of(conn.token_hash)
            if now == conn.recipient:
                continue
            if not now:
                message = (
                    "this device was signed out of the table (or its seat's invite was issued "
                    "again)"
                )
                conn.send(views.encode(views.error("signed_out", message)))
                conn.close(CLOSE_SIGNED_OUT)
                table.connections.discard(conn)
            else:
                conn.recipient = now
                conn.send(views.encode(views.sync(table, now, table.n)))
        self._tell_holders(table)

    def _tell_holders(self, table: Table) -> None:
        """Tell the connections holding a seat that the devices changed (spectators need not
        know)."""
        text = views.encode(views.devices_changed())
        for conn in list(table.connections):
            if conn.recipient:
                conn.send(text)

    def mine(self, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The tables of ``pairs`` (table id, token) at which the token holds a seat (the
        others are left out: nothing is said of a table for a token that holds nothing
        there), those where a held seat is to move first, then the latest."""
        found = []
        for table_id, token in pairs:
            table = self.tables.get(table_id) if TABLE_ID.match(table_id) else None
            held = table.seats_of(token_hash(token)) if table is not None else frozenset()
            if table is not None and held:
                found.append(views.mine(table, held))
        found.sort(key=lambda t: (not t["your_turn"], -t["updated"]))
        return found

    async def touch(self, table: Table, token: str) -> None:
        """The device of hash ``token`` is connected now: its "last seen", at once in memory
        and stored soon after. The writes of the devices seen meanwhile share one transaction
        and nobody waits for them: 2,000 pages reconnecting at once (a restart) used to wait in
        line for 2,000 writes, and the moves of the pages already there behind them. A failure
        to store is no reason to refuse anything (logged; the server may be stopping)."""
        now = time.time()
        for d in table.devices:
            if d.token == token:
                d.seen = now
        self._seen[(table.id, token)] = now
        if not self._seen_flushing:
            self._seen_flushing = True
            self.spawn(self._store_seen())

    async def _store_seen(self) -> None:
        try:
            while self._seen:
                rows = [(t, k, when) for (t, k), when in self._seen.items()]
                self._seen.clear()
                try:
                    await self.db(self.store.seen, rows)
                except Exception:
                    log.warning("could not store when %d devices were last seen", len(rows))
        finally:
            self._seen_flushing = False

    # Connections.

    async def join(self, table: Table, conn: Connection, last: int | None) -> None:
        """Subscribe ``conn`` to ``table`` and send what it missed since event ``last``."""
        async with table.lock:
            if self.shared and (table.behind or (last is not None and last > table.n)):
                await self._catch_up(table)  # stored at another process
            held = table.seats_of(conn.token_hash) if conn.token_hash is not None else None
            if held:  # its seats as they are now (one may have been claimed since it said hello)
                conn.recipient = held
            since = last if last is not None and last <= table.n else 0
            conn.send(views.encode(views.sync(table, conn.recipient, since)))
            table.connections.add(conn)
            if table.behind:  # an event stored elsewhere while it joined, not followed then
                await self._catch_up(table)
        self._schedule(table)  # a paused computer-only table resumes

    def leave(self, table: Table, conn: Connection) -> None:
        table.connections.discard(conn)
        if conn.token_hash is not None and table.seats_of(conn.token_hash):
            self.spawn(self.touch(table, conn.token_hash))

    async def resync(self, table: Table, conn: Connection, last: int | None) -> None:
        async with table.lock:
            since = last if last is not None and last <= table.n else 0
            conn.send(views.encode(views.sync(table, conn.recipient, since)))

    def _send_all(self, table: Table, build: Callable[[views.Recipient], dict[str, Any]]) -> None:
        """Send each connection of ``table`` what ``build`` makes for its recipient."""
        made: dict[views.Recipient, str] = {}
        for conn in list(table.connections):
            recipient = conn.recipient
            if recipient not in made:
                made[recipient] = views.encode(build(recipient))
            conn.send(made[recipient])

    # Commands.

    async def command(self, table: Table, conn: Connection, cmd: Command) -> None:
        """Apply a ``move``, ``undo`` or ``hint`` from ``conn``; it gets an ``accepted`` (and
        the event, like every connection) or a ``rejected`` with the reason."""
        try:
            seat = self._seat(conn, cmd)
            if table.kinds[seat] != HUMAN:
                raise Rejection(
                    "not_your_seat",
                    f"seat {seat + 1} is played by the computer ({table.kinds[seat]}) now",
                )
            if cmd.type == "hint":
                await self._hint(table, conn, cmd, seat)
                return

            def prepare() -> Step:
                if cmd.expect != table.n:
                    raise Rejection(
                        "stale",
                        f"the table is at event {table.n}, your command expected {cmd.expect}: "
                        "nothing was done",
                    )
                if cmd.type == "move":
                    return table.prepare_move(seat, cmd.action)
                return table.prepare_undo(seat)

            def answer(step: Step) -> None:
                conn.send(views.encode(views.accepted(cmd.id, step.row.n)))

            async with table.lock:
                await self._store(table, prepare, answer)
        except Rejection as exc:
            conn.send(views.encode(views.rejected(cmd.id, exc.code, exc.reason, exc.rule, table.n)))
            return
        except Exception:  # a bug: say so, keep the connection and the table
            log.exception("table %s: command %s failed", table.id, cmd)
            reason = "the server failed on this command; nothing was done"
            conn.send(views.encode(views.rejected(cmd.id, "internal", reason, "", table.n)))
            return
        self._schedule(table)

    def _seat(self, conn: Connection, cmd: Command) -> int:
        held = conn.recipient
        if not held:
            raise Rejection("not_your_seat", "you are watching: you hold no seat at this table")
        if cmd.seat is None:
            if len(held) > 1:
                raise Rejection("not_your_seat", "you hold several seats: say which ('seat')")
            return next(iter(held))
        if cmd.seat not in held:
            raise Rejection("not_your_seat", f"seat {cmd.seat + 1} is not yours")
        return cmd.seat

    async def _store(
        self, table: Table, prepare: Callable[[], Step], answer: Callable[[Step], None] | None
    ) -> None:
        """Prepare a step and ``_apply`` it (the caller holds the lock); when another process
        stored an event of its number first (``Conflict``), catch up and prepare it again (it
        is then accepted or refused by the rules, never stored twice). Raises ``Rejection``."""
        for _ in range(CONFLICT_RETRIES):
            step = prepare()
            try:
                await self._apply(table, step, partial(_answer, answer, step))
                return
            except Conflict:
                if not await self._catch_up(table):
                    break
        raise Rejection(
            "not_stored", "the server could not store it (the table is busy); try again"
        )

    async def _apply(self, table: Table, step: Step, answer: Callable[[], None]) -> None:
        """Store, commit and broadcast a prepared step, then the forced decisions that follow
        it (the caller holds the lock). Raises ``Rejection`` (``not_stored``) if the step
        could not be stored; a forced decision that could not be is left to ``_schedule``."""
        await self._apply_one(table, step, answer)
        await self._play_forced(table)

    async def _play_forced(self, table: Table) -> None:
        """Make the table's forced decisions now (a human seat with one legal action:
        ``Table.prepare_forced``), each one event stored and broadcast like any other (the
        caller holds the lock). Stops at one that could not be stored (logged)."""
        while (step := table.prepare_forced()) is not None:
            try:
                await self._apply_one(table, step, lambda: None)
            except Conflict:  # another process made it (or more): theirs is the one
                if not await self._catch_up(table):
                    return
            except Rejection:
                return

    async def _apply_one(self, table: Table, step: Step, answer: Callable[[], None]) -> None:
        """Store, commit and broadcast a prepared step (the caller holds the lock)."""
        finished = time.time() if step.state.is_terminal() else None
        try:
            await self.store_event(table.id, step.row, finished)
        except Exception as exc:
            if self.shared and is_conflict(exc):
                raise Conflict from None
            log.exception("table %s: storing event %d failed", table.id, step.row.n)
            raise Rejection(
                "not_stored", f"the server could not store it ({failure(exc)}); try again"
            ) from None
        table.commit(step)
        answer()
        self._broadcast(table, step.row)
        if self.on_turn is not None:  # feathers serve --on-turn: a human seat's turn starts?
            self.on_turn.table_moved(table)  # (by the process that stored it, once)

    def _broadcast(self, table: Table, row: Any) -> None:
        """Send the event ``row`` (the table's latest) to each connection, in its view."""
        connections = list(table.connections)
        made = views.events(table, row, [c.recipient for c in connections])
        for conn in connections:
            conn.send(made[conn.recipient])

    async def _hint(self, table: Table, conn: Connection, cmd: Command, seat: int) -> None:
        if table.over:
            raise Rejection("game_over", "the game is over")
        if table.state.current_player != seat:
            raise Rejection("not_your_turn", f"a hint is for the seat to move, not seat {seat + 1}")
        n = table.n
        if cmd.expect != n:
            raise Rejection("stale", f"the table is at event {n}, your hint expected {cmd.expect}")
        record = asdict(table.record)
        seed = hint_seed(table.seed, len(record["actions"]))
        settings = self.settings
        choices = await self.pool.run(
            ai.analyse, record, seat, settings.hint_agent, seed, settings.hint_playouts
        )
        if table.n != n:
            raise Rejection("stale", "the table moved on while the hint was searched")
        conn.send(views.encode(views.hint(table, cmd.id, seat, choices)))

    # Computer seats.

    def _schedule(self, table: Table) -> None:
        if not table.thinking and self._to_decide(table):
            table.thinking = True
            self.spawn(self._computer_turns(table))

    def _to_decide(self, table: Table) -> bool:
        """A forced decision is to be made, or a computer seat is to decide (a computer-only
        table only while watched: paused, it resumes when someone looks or connects)."""
        if table.forced_pending():
            return True
        if table.computer_to_move() is None:
            return False
        return not table.computer_only or self.watched(table)

    async def _computer_turns(self, table: Table) -> None:
        """Play the table's computer seats and forced decisions until a human is to choose
        (or the end). A forced decision is made here when nothing else made it: a table
        created, or rebuilt at start, at one; or one that could not be stored. A process
        sharing its database decides only while it holds the table's decision lock, taken
        once for the decisions in a row and caught up under it: so each decision is made once,
        by one process."""
        held, wait = False, LOCK_WAIT
        try:
            while self.tables.get(table.id) is table and self._to_decide(table):
                if self.decisions is not None and not held:
                    if not await self.decisions.take(table.id):
                        if wait > LOCK_WAIT_MAX:
                            break  # another process decides: its event or the sweep brings us
                        await asyncio.sleep(wait)  # (or it held the lock a moment for nothing)
                        wait *= 2
                        continue
                    held = True
                    async with table.lock:
                        await self._catch_up(table)
                    continue
                if not await self._turn(table):
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the computer seat failed", table.id)
        finally:
            table.thinking = False  # (the lock is re-entrant: a new turn may take it already)
            if held:
                with suppress(Exception):
                    await self.decisions.release(table.id)

    async def _turn(self, table: Table) -> bool:
        """Make the table's forced decisions or one computer seat's decision; False when
        nothing more can be done now (a forced decision not stored: the next command, the
        sweep or a restart tries again; a human to choose; a paused table)."""
        if table.forced_pending():
            async with table.lock:
                await self._play_forced(table)
            return not table.forced_pending()
        seat = table.computer_to_move()
        if seat is None:
            return False
        low = table.computer_only
        if low and not self.watched(table):
            return False  # paused: resumes when someone looks or connects (look, join)
        n = table.n
        record = asdict(table.record)
        seed = derive_seed(table.seed, "seat", seat, len(table.record.actions))
        kind = table.kinds[seat]
        text = await self.pool.run(ai.decide, record, seat, kind, seed, low=low)
        self.decided += 1
        log.info("table %s: seat %d decided after event %d", table.id, seat + 1, n)
        async with table.lock:
            if table.n != n:
                return True  # an undo (or another process's event) came first: think again
            try:
                await self._apply(table, table.prepare_move(seat, text), lambda: None)
            except Conflict:
                await self._catch_up(table)
        return True

    # Cleaning up.

    async def _cleanup_loop(self) -> None:
        """``cleanup`` every ``cleanup_every`` seconds for the life of the server: a round the
        database failed (stopped, unreachable a moment) is logged and the next one runs."""
        while True:
            await asyncio.sleep(self.settings.cleanup_every)
            try:
                await self.cleanup()
            except Exception as exc:
                log.warning(
                    "cleaning up failed (%s); again in %g s",
                    _first_line(exc),
                    self.settings.cleanup_every,
                )

    async def cleanup(self, now: float | None = None) -> list[str]:
        """Delete the finished tables nobody watches that were idle for ``keep_finished``
        seconds (running tables are never deleted), the device links that expired an hour ago
        or more (a used or expired link is refused the same way: ``link_used`` needs it only
        while a device might still open it), and archive the running tables idle for
        ``limits.idle_days`` (``archive_idle``). Returns the table ids deleted."""
        now = time.time() if now is None else now
        await self.db(self.store.drop_links, now - LINK_KEPT)
        await self.archive_idle(now)
        gone = [
            t.id
            for t in self.tables.values()
            if t.finished is not None
            and not t.connections
            and now - t.updated > self.settings.keep_finished
        ]
        for table_id in gone:
            self.tables.pop(table_id, None)
            await self.db(self.store.delete, table_id)
        return gone

    def idle_deadline(self, table: Table) -> float | None:
        """When (Unix seconds) the running ``table`` is archived if nothing happens: its last
        event (or creation) plus ``limits.idle_days``; a turn-based table with a deadline per
        decision gets ``limits.idle_days`` after that deadline (its seats have that long to
        move, and then the others may hand an overdue seat to the computer)."""
        idle = self.settings.limits.idle_days * 86_400
        if table.mode == "turn-based" and table.deadline_hours is not None:
            return table.turn_started + table.deadline_hours * 3600 + idle
        return table.updated + idle

    async def archive_idle(self, now: float | None = None) -> list[str]:
        """Archive every running table with no connection whose ``idle_deadline`` has passed:
        its record stays in the database (``Store.archive``), it is no longer served (``get``
        raises ``Archived``: HTTP 410, the page says so). Returns the ids archived."""
        now = time.time() if now is None else now

        def due(table: Table) -> bool:
            deadline = self.idle_deadline(table)
            return not table.connections and deadline is not None and now > deadline

        # Only a table idle by what this process knows is caught up (moves made elsewhere
        # are no idleness): catching up all that are behind would apply every move here.
        candidates = [t for t in self.tables.values() if t.finished is None and due(t)]
        await self.current(candidates)
        idle = [t.id for t in candidates if t.finished is None and due(t)]
        for table_id in idle:
            await self.db(self.store.archive, table_id, now)
            self.tables.pop(table_id, None)
            self.archived[table_id] = now
            log.info("table %s archived: idle since %s", table_id, time.ctime(now))
        return idle


def _first_line(exc: BaseException) -> str:
    """The first line of ``exc``'s text (a database error's is followed by its SQL and a
    link)."""
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def _answer(answer: Callable[[Step], None] | None, step: Step) -> None:
    if answer is not None:
        answer(step)


def _free_seat(table: Table) -> bool:
    """True while the game runs and a human seat of ``table`` is not claimed."""
    return not table.over and any(not table.claimed(s) for s in range(len(table.kinds)))
