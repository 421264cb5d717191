"""Persistence: tables, seats and the append-only moves, in SQLite or PostgreSQL (SQLAlchemy Core).

Schema (the same on both):

- ``game_tables``: one row per table: ``id``, ``game``, ``config`` (JSON), ``seed``, ``kinds``
  (JSON: one seat kind per seat), ``open``, ``engine`` (the fourfeathers version that created
  it), ``created``, ``updated`` (written when the game ends; ``load`` takes the later of it and
  the last event), ``finished`` (Unix seconds; ``finished`` NULL while it runs),
  ``rematch`` (the id of its rematch).
- ``seats``: ``(table_id, seat)``: ``invite`` and ``token`` hold SHA-256 hashes (``token``
  NULL until claimed; a claim only ever fills a NULL, so a seat is claimed once).
- ``moves``: ``(table_id, n)`` unique: every event, never updated: ``kind`` (``move``,
  ``forced`` or ``undo``), ``seat``, ``action`` (text form), ``words``, ``undone`` (JSON list of
  events).
- ``archived_tables``: ``table_id``, ``archived`` (Unix seconds): the running tables archived
  after days with nobody (``Hub.archive_idle``); their rows above are kept, ``load`` skips them.

Every method is synchronous and commits before it returns; the hub runs them in one worker
thread. SQLite files use write-ahead logging, which survives a killed process.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from .tables import LogRow

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
    sa.Column("engine", sa.String(32), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("finished", sa.Float, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
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


@dataclass
class StoredTable:
    """A table as stored: its row, seat hashes and events in order."""

    row: dict[str, Any]
    invites: list[str | None]
    tokens: list[str | None]
    events: list[LogRow]


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


class Store:
    """The database behind a server. ``url``: ``sqlite:///path.db`` or ``postgresql://...``.

    Creates the schema if missing. Raises ``ValueError`` for an unknown kind of URL and
    SQLAlchemy's errors if the database cannot be reached.
    """

    def __init__(self, url: str) -> None:
        full = engine_url(url)
        self.sqlite = full.startswith("sqlite")
        if self.sqlite:
            path = full.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            self.engine = sa.create_engine(full, connect_args={"check_same_thread": False})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(full, pool_pre_ping=True)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create(
        self, row: dict[str, Any], invites: list[str | None], tokens: list[str | None]
    ) -> None:
        """Store a new table and its seats (hashes of invite codes and of tokens)."""
        with self.engine.begin() as db:
            db.execute(game_tables.insert().values(**row))
            db.execute(
                seats.insert(),
                [
                    {"table_id": row["id"], "seat": s, "invite": invite, "token": token}
                    for s, (invite, token) in enumerate(zip(invites, tokens, strict=True))
                ],
            )

    def claim(self, table_id: str, seat: int, token: str) -> bool:
        """Give an unclaimed seat the token hash ``token``; False if it was already claimed."""
        with self.engine.begin() as db:
            done = db.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token.is_(None))
                .values(token=token)
            )
            return bool(done.rowcount)

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

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                game_tables.update().where(game_tables.c.id == table_id).values(rematch=rematch)
            )

    def delete(self, table_id: str) -> None:
        """Remove a table with its seats and events."""
        with self.engine.begin() as db:
            for part in (moves, seats, archived_tables):
                db.execute(part.delete().where(part.c.table_id == table_id))
            db.execute(game_tables.delete().where(game_tables.c.id == table_id))

    def archive(self, table_id: str, when: float) -> None:
        """Mark a table archived at ``when`` (Unix seconds): kept, but ``load`` skips it."""
        with self.engine.begin() as db:
            db.execute(archived_tables.insert().values(table_id=table_id, archived=when))

    def archived(self) -> dict[str, float]:
        """The archived tables: id -> when it was archived."""
        with self.engine.connect() as db:
            return {r.table_id: r.archived for r in db.execute(archived_tables.select())}

    def load(self) -> list[StoredTable]:
        """Every stored table that is not archived, with its seats and events, oldest first."""
        gone = sa.select(archived_tables.c.table_id)
        with self.engine.connect() as db:
            rows = db.execute(
                game_tables.select()
                .where(game_tables.c.id.not_in(gone))
                .order_by(game_tables.c.created)
            ).mappings()
            found = {r["id"]: StoredTable(dict(r), [], [], []) for r in rows}
            for r in db.execute(
                seats.select()
                .where(seats.c.table_id.not_in(gone))
                .order_by(seats.c.table_id, seats.c.seat)
            ):
                found[r.table_id].invites.append(r.invite)
                found[r.table_id].tokens.append(r.token)
            for r in db.execute(
                moves.select()
                .where(moves.c.table_id.not_in(gone))
                .order_by(moves.c.table_id, moves.c.n)
            ):
                stored = found[r.table_id]
                stored.events.append(
                    LogRow(r.n, r.kind, r.seat, r.action, r.words, tuple(r.undone))
                )
                stored.row["updated"] = max(stored.row["updated"], r.created)
        return list(found.values())

    def events(self, table_id: str) -> list[LogRow]:
        """The stored events of one table, in order."""
        with self.engine.connect() as db:
            result = db.execute(
                moves.select().where(moves.c.table_id == table_id).order_by(moves.c.n)
            )
            return [LogRow(r.n, r.kind, r.seat, r.action, r.words, tuple(r.undone)) for r in result]


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
