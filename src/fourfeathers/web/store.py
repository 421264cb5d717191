"""Persistence: tables, seats and the append-only moves, in SQLite or PostgreSQL (SQLAlchemy Core).

Schema (the same on both):

- ``game_tables``: one row per table: ``id``, ``game``, ``config`` (JSON), ``seed``, ``kinds``
  (JSON: one seat kind per seat), ``open``, ``listed`` (the host lists it in the lobby; added
  to an older database's table at start), ``engine`` (the fourfeathers version that created
  it), ``created``, ``updated`` (written when the game ends; ``load`` takes the later of it and
  the last event), ``finished`` (Unix seconds; ``finished`` NULL while it runs),
  ``rematch`` (the id of its rematch), ``host`` (SHA-256 of the host token; NULL for tables
  made before hosts), ``mode`` (``live`` or ``turn-based``; NULL: live) and ``deadline_hours``
  (NULL: none).
- ``seats``: ``(table_id, seat)``: ``invite`` and ``token`` hold SHA-256 hashes (``token``
  NULL until claimed; a claim only ever fills a NULL, so a seat is claimed once; the host's
  new invite empties it again).
- ``devices``: ``(table_id, token, seat)``: each device (seat token hash) that holds a seat,
  its ``number`` at the table, ``added``, last ``seen``, and ``out`` (signed out, or its seat
  issued again: the token plays no more).
- ``links``: ``code`` (SHA-256 of a one-time device link), ``table_id``, ``issuer`` (the hash
  of the token that made it: the new device gets its seats), ``expires``, ``used``.
- ``moves``: ``(table_id, n)`` unique: every event, never updated: ``kind`` (``move``,
  ``forced``, ``undo`` or ``seat``: a seat handed to another player, ``action`` its new kind),
  ``seat``, ``action`` (text form), ``words``, ``undone`` (JSON list of events).
- ``reviews``: ``(table_id, seat, budget)``: a finished table's review of one seat
  (``web.review``), ``result`` (JSON: the review and its chart), ``created``. Added to an older
  database at start (a new table: ``create_all``).
- ``feathers_schema``: one row, the ``version`` of this schema (``SCHEMA_VERSION``). A database
  without it is of version 1 (before devices and hosts): ``Store`` adds the new columns and
  makes each claimed seat's token its first device, in one transaction, at start.
- ``archived_tables``: ``table_id``, ``archived`` (Unix seconds): the running tables archived
  after days with nobody (``Hub.archive_idle``); their rows above are kept, ``load`` skips them.

Every method is synchronous and commits before it returns; the hub runs them in one worker
thread. SQLite files use write-ahead logging, which survives a killed process.

On PostgreSQL (``Store.shared``: several server processes may share the database), every
change other processes must see sends ``NOTIFY feathers`` in its own transaction (delivered at
its commit, never before): ``e <table> <n>`` (events up to ``n`` stored), ``t <table>`` (a new
table), ``m <table>`` (its seats, devices or rematch changed), ``a <table> <when>`` (archived)
and ``x <table>`` (deleted). docs/protocol.md, "Several processes, one database".
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from .tables import Device, LogRow

metadata = sa.MetaData()

game_tables = sa.Table(
    "game_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("kinds", sa.JSON, nullable=False),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("engine", sa.String(32), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("finished", sa.Float, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("host", sa.String(64), nullable=True),
    sa.Column("mode", sa.String(16), nullable=True),
    sa.Column("deadline_hours", sa.Integer, nullable=True),
)

SCHEMA_VERSION = 2
"""The version of the schema this module writes (``feathers_schema``)."""

ADDED_COLUMNS = (("host", "VARCHAR(64)"), ("mode", "VARCHAR(16)"), ("deadline_hours", "INTEGER"))
"""The columns of ``game_tables`` that version 2 added (NULL in older rows)."""

schema = sa.Table("feathers_schema", metadata, sa.Column("version", sa.Integer, nullable=False))

devices = sa.Table(
    "devices",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("added", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=True),
    sa.Column("out", sa.Float, nullable=True),
)

links = sa.Table(
    "links",
    metadata,
    sa.Column("code", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
    sa.Column("issuer", sa.String(64), nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("used", sa.Float, nullable=True),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("invite", sa.String(64), nullable=True),
    sa.Column("token", sa.String(64), nullable=True),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("words", sa.Text, nullable=False),
    sa.Column("undone", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

archived_tables = sa.Table(
    "archived_tables",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("archived", sa.Float, nullable=False),
)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("budget", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("result", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)


ADD_LISTED = "ALTER TABLE game_tables ADD COLUMN listed BOOLEAN NOT NULL DEFAULT FALSE"
"""How a database made before tables could be listed gets the column (SQLite and PostgreSQL)."""


@dataclass
class StoredTable:
    """A table as stored: its row, seat hashes, events in order and devices."""

    row: dict[str, Any]
    invites: list[str | None]
    tokens: list[str | None]
    events: list[LogRow]
    devices: list[Device] = field(default_factory=list)


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for ``url``: ``postgresql://`` uses the psycopg (3) driver.

    Raises ``ValueError`` for a scheme other than ``sqlite`` and ``postgresql``.
    """
    scheme = url.split(":", 1)[0]
    if scheme in ("postgresql", "postgres"):
        return "postgresql+psycopg:" + url.split(":", 1)[1]
    if scheme.startswith(("sqlite", "postgresql+")):
        return url
    raise ValueError(f"{url!r} is neither sqlite:///FILE nor postgresql://...")


SCHEMA_LOCK = 0x4645415453434845
"""The PostgreSQL advisory lock key under which a process creates or migrates the schema."""

CHANNEL = "feathers"
"""The PostgreSQL ``NOTIFY`` channel of the server's processes."""


class Store:
    """The database behind a server. ``url``: ``sqlite:///path.db`` or ``postgresql://...``.

    Creates the schema if missing. Raises ``ValueError`` for an unknown kind of URL and
    SQLAlchemy's errors if the database cannot be reached.
    """

    def __init__(self, url: str) -> None:
        full = engine_url(url)
        self.url = full
        self.sqlite = full.startswith("sqlite")
        self.shared = not self.sqlite
        """True on PostgreSQL: other server processes may share the database (``NOTIFY``)."""
        if self.sqlite:
            path = full.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.engine = sa.create_engine(full, connect_args={"check_same_thread": False})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(full, pool_pre_ping=True)
            psycopg_log = logging.getLogger("psycopg")
            if not any(isinstance(f, _LostRace) for f in psycopg_log.filters):
                psycopg_log.addFilter(_LostRace())
        if self.sqlite:
            self._prepare()
            return
        with self.engine.connect() as db:  # processes starting together take turns
            db.execute(sa.select(sa.func.pg_advisory_lock(SCHEMA_LOCK)))
            try:
                self._prepare()
            finally:
                db.execute(sa.select(sa.func.pg_advisory_unlock(SCHEMA_LOCK)))

    def _prepare(self) -> None:
        """Create the schema if missing and bring it up to date."""
        metadata.create_all(self.engine)
        self.migrate()
        self._add_listed()

    def _add_listed(self) -> None:
        """A database made before tables could be listed gets the ``listed`` column (false:
        its tables stay off the lobby's list unless open with a free seat)."""
        columns = {c["name"] for c in sa.inspect(self.engine).get_columns("game_tables")}
        if "listed" not in columns:
            with self.engine.begin() as db:
                db.execute(sa.text(ADD_LISTED))

    def migrate(self) -> int:
        """Bring a database of an older schema to ``SCHEMA_VERSION`` (in one transaction) and
        return the version found: 1 (no ``feathers_schema`` row) gets the columns
        ``ADDED_COLUMNS`` and one device per claimed seat's token (device 1 of its seat, added
        when the table was created)."""
        with self.engine.begin() as db:
            found = db.execute(sa.select(schema.c.version)).scalar()
            if found is not None:
                return int(found)
            have = {c["name"] for c in sa.inspect(db).get_columns("game_tables")}
            for name, kind in ADDED_COLUMNS:
                if name not in have:
                    db.execute(sa.text(f"ALTER TABLE game_tables ADD COLUMN {name} {kind}"))
            known = {(r.table_id, r.token, r.seat) for r in db.execute(devices.select())}
            created = dict(db.execute(sa.select(game_tables.c.id, game_tables.c.created)).all())
            claimed = seats.select().where(seats.c.token.is_not(None))
            rows = [
                {
                    "table_id": r.table_id,
                    "token": r.token,
                    "seat": r.seat,
                    "number": 1,  # each claimed seat had one token: its first device
                    "added": created[r.table_id],
                }
                for r in db.execute(claimed)
                if (r.table_id, r.token, r.seat) not in known
            ]
            if rows:
                db.execute(devices.insert(), rows)
            db.execute(schema.insert().values(version=SCHEMA_VERSION))
            return 1

    def close(self) -> None:
        self.engine.dispose()

    def _notify(self, db: sa.Connection, text: str) -> None:
        """Tell the other processes ``text`` when ``db``'s transaction commits (PostgreSQL)."""
        if self.shared:
            db.execute(sa.select(sa.func.pg_notify(CHANNEL, text)))

    def create(
        self,
        row: dict[str, Any],
        invites: list[str | None],
        tokens: list[str | None],
        held: list[Device] | None = None,
        rematch_of: str | None = None,
        replacing: str | None = None,
    ) -> bool:
        """Store a new table, its seats (hashes of invite codes and of tokens) and the devices
        that hold its seats already (``held``: a rematch's). ``rematch_of``: the finished table
        it is the rematch of, which gets its id in the same transaction unless it has a
        rematch already other than ``replacing`` (a rematch deleted since): then (another
        process made it first) nothing is stored and the answer is False."""
        try:
            with self.engine.begin() as db:
                self._create(db, row, invites, tokens, held, rematch_of, replacing)
        except _Taken:
            return False
        return True

    def _create(
        self,
        db: sa.Connection,
        row: dict[str, Any],
        invites: list[str | None],
        tokens: list[str | None],
        held: list[Device] | None,
        rematch_of: str | None,
        replacing: str | None,
    ) -> None:
        db.execute(game_tables.insert().values(**row))
        if rematch_of is not None:
            free: sa.ColumnElement[bool] = game_tables.c.rematch.is_(None)
            if replacing is not None:
                free = sa.or_(free, game_tables.c.rematch == replacing)
            done = db.execute(
                game_tables.update()
                .where(game_tables.c.id == rematch_of, free)
                .values(rematch=row["id"])
            )
            if not done.rowcount:
                raise _Taken
            self._notify(db, f"m {rematch_of}")
        db.execute(
            seats.insert(),
            [
                {"table_id": row["id"], "seat": s, "invite": invite, "token": token}
                for s, (invite, token) in enumerate(zip(invites, tokens, strict=True))
            ],
        )
        if held:
            db.execute(devices.insert(), [_device_row(row["id"], d) for d in held])
        self._notify(db, f"t {row['id']}")

    def claim(self, table_id: str, seat: int, token: str, device: Device | None = None) -> bool:
        """Give an unclaimed seat the token hash ``token`` and store ``device`` (its device);
        False if it was already claimed (then nothing is stored)."""
        with self.engine.begin() as db:
            done = db.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token.is_(None))
                .values(token=token)
            )
            if done.rowcount and device is not None:
                db.execute(devices.insert().values(**_device_row(table_id, device)))
            if done.rowcount:
                self._notify(db, f"m {table_id}")
            return bool(done.rowcount)

    def add_link(self, code: str, table_id: str, issuer: str, expires: float) -> None:
        """Store a one-time device link (``code``: its hash) made by the token ``issuer``."""
        with self.engine.begin() as db:
            db.execute(
                links.insert().values(code=code, table_id=table_id, issuer=issuer, expires=expires)
            )

    def link(self, code: str) -> dict[str, Any] | None:
        """The device link of hash ``code`` (``table_id``, ``issuer``, ``expires``, ``used``), or
        None."""
        with self.engine.connect() as db:
            found = db.execute(links.select().where(links.c.code == code)).mappings().first()
            return None if found is None else dict(found)

    def redeem(self, code: str, now: float, held: list[Device]) -> bool:
        """Use the link ``code`` once (unused and not expired at ``now``) and store the new
        device's ``held`` rows with it; False (nothing stored) when it was used or expired."""
        with self.engine.begin() as db:
            done = db.execute(
                links.update()
                .where(links.c.code == code, links.c.used.is_(None), links.c.expires > now)
                .values(used=now)
            )
            if not done.rowcount:
                return False
            table_id = db.execute(sa.select(links.c.table_id).where(links.c.code == code)).scalar()
            db.execute(devices.insert(), [_device_row(str(table_id), d) for d in held])
            self._notify(db, f"m {table_id}")
            return True

    def drop_links(self, before: float) -> int:
        """Delete the device links that expired before ``before``; returns how many."""
        with self.engine.begin() as db:
            return int(db.execute(links.delete().where(links.c.expires < before)).rowcount)

    def add_devices(self, table_id: str, held: list[Device]) -> None:
        """Store more seats of a device (hot seat: a token that claims one more seat)."""
        with self.engine.begin() as db:
            db.execute(devices.insert(), [_device_row(table_id, d) for d in held])
            self._notify(db, f"m {table_id}")

    def sign_out(
        self,
        table_id: str,
        token: str,
        seats_out: list[int],
        when: float,
        asker: str | None = None,
    ) -> bool:
        """Sign the device of hash ``token`` out of ``seats_out``; with ``asker`` (the hash of
        the device asking) only while that device is not signed out itself, else False and
        nothing is stored. Both devices' rows are locked first (PostgreSQL): two devices that
        sign each other out at two processes at once are one sign-out, not a seat left with no
        device."""
        with self.engine.begin() as db:
            if asker is not None:
                rows = db.execute(
                    sa.select(devices.c.token, devices.c.out)
                    .where(devices.c.table_id == table_id, devices.c.token.in_([asker, token]))
                    .order_by(devices.c.token, devices.c.seat)
                    .with_for_update()
                ).all()
                if not any(r.token == asker and r.out is None for r in rows):
                    return False
            db.execute(
                devices.update()
                .where(
                    devices.c.table_id == table_id,
                    devices.c.token == token,
                    devices.c.seat.in_(seats_out),
                    devices.c.out.is_(None),
                )
                .values(out=when)
            )
            self._notify(db, f"m {table_id}")
            return True

    def reissue(self, table_id: str, seat: int, invite: str | None, when: float) -> None:
        """Give ``seat`` a new invite (hash; None: no invite) and make it unclaimed again: every
        device that held it is out at ``when``."""
        with self.engine.begin() as db:
            db.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(invite=invite, token=None)
            )
            db.execute(
                devices.update()
                .where(
                    devices.c.table_id == table_id,
                    devices.c.seat == seat,
                    devices.c.out.is_(None),
                )
                .values(out=when)
            )
            self._notify(db, f"m {table_id}")

    def seen(self, rows: list[tuple[str, str, float]]) -> None:
        """Devices ``(table id, token hash, when)`` connected at ``when``, in one transaction."""
        if not rows:
            return
        with self.engine.begin() as db:
            db.execute(
                devices.update()
                .where(
                    devices.c.table_id == sa.bindparam("t"), devices.c.token == sa.bindparam("k")
                )
                .values(seen=sa.bindparam("w")),
                [{"t": t, "k": k, "w": w} for t, k, w in rows],
            )

    def append(self, events: list[tuple[str, LogRow, float | None]]) -> None:
        """Store events ``(table id, row, finished)`` in one transaction (``finished``: when the
        event ended the game, else None). Raises SQLAlchemy's ``IntegrityError`` if an event
        number of a table is already stored (never twice); then none is stored."""
        now = time.time()
        with self.engine.begin() as db:
            db.execute(
                moves.insert(),
                [
                    {
                        "table_id": table_id,
                        "n": row.n,
                        "kind": row.kind,
                        "seat": row.seat,
                        "action": row.action,
                        "words": row.words,
                        "undone": list(row.undone),
                        "created": now,
                    }
                    for table_id, row, _ in events
                ],
            )
            ended = [{"table_id": t, "finished": end} for t, _, end in events if end is not None]
            if ended:  # one statement per row: only for the rare events that end a game
                db.execute(
                    game_tables.update()
                    .where(game_tables.c.id == sa.bindparam("table_id"))
                    .values(updated=now, finished=sa.bindparam("finished")),
                    ended,
                )
            if self.shared:
                last: dict[str, int] = {}
                for table_id, row, _ in events:
                    last[table_id] = max(last.get(table_id, 0), row.n)
                for table_id, n in last.items():
                    self._notify(db, f"e {table_id} {n}")

    def delete(self, table_id: str) -> None:
        """Remove a table with its seats and events."""
        with self.engine.begin() as db:
            for part in (reviews, moves, devices, links, seats, archived_tables):
                db.execute(part.delete().where(part.c.table_id == table_id))
            db.execute(game_tables.delete().where(game_tables.c.id == table_id))
            self._notify(db, f"x {table_id}")

    def archive(self, table_id: str, when: float) -> None:
        """Mark a table archived at ``when`` (Unix seconds): kept, but ``load`` skips it. A table
        archived already (by another process) keeps its first date."""
        with self.engine.begin() as db:
            key = archived_tables.c.table_id == table_id
            if db.execute(sa.select(archived_tables.c.table_id).where(key)).first() is not None:
                return
            db.execute(archived_tables.insert().values(table_id=table_id, archived=when))
            self._notify(db, f"a {table_id} {when}")

    def archived(self) -> dict[str, float]:
        """The archived tables: id -> when it was archived."""
        with self.engine.connect() as db:
            return {r.table_id: r.archived for r in db.execute(archived_tables.select())}

    def load(self, table_id: str | None = None, events: bool = True) -> list[StoredTable]:
        """Every stored table that is not archived, with its seats and events, oldest first;
        ``table_id``: only that one (an empty list if there is no such running table);
        ``events=False``: without its events (``updated`` is then the row's own)."""
        gone = sa.select(archived_tables.c.table_id)

        def only(column: Any) -> Any:
            kept = column.not_in(gone)
            return kept if table_id is None else sa.and_(kept, column == table_id)

        with self.engine.connect() as db:
            rows = db.execute(
                game_tables.select().where(only(game_tables.c.id)).order_by(game_tables.c.created)
            ).mappings()
            found = {r["id"]: StoredTable(dict(r), [], [], []) for r in rows}
            for r in db.execute(
                seats.select()
                .where(only(seats.c.table_id))
                .order_by(seats.c.table_id, seats.c.seat)
            ):
                found[r.table_id].invites.append(r.invite)
                found[r.table_id].tokens.append(r.token)
            for r in db.execute(
                devices.select()
                .where(only(devices.c.table_id))
                .order_by(devices.c.table_id, devices.c.number)
            ):
                found[r.table_id].devices.append(
                    Device(r.token, r.seat, r.number, r.added, r.seen, r.out)
                )
            if not events:
                return list(found.values())
            for r in db.execute(
                moves.select().where(only(moves.c.table_id)).order_by(moves.c.table_id, moves.c.n)
            ):
                stored = found[r.table_id]
                stored.events.append(
                    LogRow(r.n, r.kind, r.seat, r.action, r.words, tuple(r.undone))
                )
                stored.row["updated"] = max(stored.row["updated"], r.created)
        return list(found.values())

    def save_review(self, table_id: str, seat: int, budget: int, result: dict[str, Any]) -> None:
        """Keep the review of ``seat`` at ``table_id`` made with ``budget`` iterations
        (``result``: plain JSON); one already there is kept (a review is made once), also when
        another process stores the same review while this one does (the key refuses the
        second row: nothing to do)."""
        key = (
            (reviews.c.table_id == table_id)
            & (reviews.c.seat == seat)
            & (reviews.c.budget == budget)
        )
        try:
            with self.engine.begin() as db:
                if db.execute(sa.select(reviews.c.seat).where(key)).first() is None:
                    db.execute(
                        reviews.insert().values(
                            table_id=table_id,
                            seat=seat,
                            budget=budget,
                            result=result,
                            created=time.time(),
                        )
                    )
        except sa.exc.IntegrityError:
            if self.review(table_id, seat, budget) is None:
                raise  # not the same review stored first: another refusal (its table is gone)

    def review(self, table_id: str, seat: int, budget: int) -> dict[str, Any] | None:
        """The stored review of ``seat`` at ``table_id`` with ``budget`` iterations, or None."""
        with self.engine.connect() as db:
            key = (
                (reviews.c.table_id == table_id)
                & (reviews.c.seat == seat)
                & (reviews.c.budget == budget)
            )
            found = db.execute(sa.select(reviews.c.result).where(key)).scalar()
        return None if found is None else dict(found)

    def events(self, table_id: str, after: int = 0) -> list[LogRow]:
        """The stored events of one table numbered after ``after``, in order."""
        with self.engine.connect() as db:
            result = db.execute(
                moves.select()
                .where(moves.c.table_id == table_id, moves.c.n > after)
                .order_by(moves.c.n)
            )
            return [LogRow(r.n, r.kind, r.seat, r.action, r.words, tuple(r.undone)) for r in result]


def is_conflict(exc: BaseException) -> bool:
    """True for the database's refusal of a row whose key is stored already (an event number
    another process stored first)."""
    return isinstance(exc, sa.exc.IntegrityError)


def failure(exc: BaseException) -> str:
    """What a browser is told of ``exc``, a failure to store: never the database's own text,
    which names its address, role and database (``connection to server at "10.0.0.5", port
    5432 failed: FATAL: password authentication failed for user "feathers"``); that goes to
    the log. Another error (not the database's) gives the first line of its text."""
    if isinstance(exc, sa.exc.OperationalError | sa.exc.InterfaceError):
        return "its database could not be reached or is full"
    if isinstance(exc, sa.exc.SQLAlchemyError):
        return "its database refused it"
    return (str(exc).splitlines() or [type(exc).__name__])[0]


class _LostRace(logging.Filter):
    """Drops psycopg's warning ``error ignored terminating <psycopg.Pipeline ...>: pipeline
    aborted``, logged when a batch of rows (stored in one pipeline) is refused: here that is
    an event number another process stored first, raised all the same (``is_conflict``) and
    handled by the hub, so the line would only fill the log, one per lost race."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("error ignored terminating <psycopg.Pipeline")


class _Taken(Exception):
    """The table has a rematch already: the transaction is rolled back."""


def _device_row(table_id: str, device: Device) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "token": device.token,
        "seat": device.seat,
        "number": device.number,
        "added": device.added,
        "seen": device.seen,
        "out": device.out,
    }


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
