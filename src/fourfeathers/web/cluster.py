"""Several server processes on one PostgreSQL database: what each process needs beyond its
``Store`` (docs/protocol.md, "Several processes, one database").

- ``Listener``: one connection per process that ``LISTEN``s on ``store.CHANNEL`` in a thread of
  its own and hands every notification's text to the event loop (``Hub.notified``). When it
  (re)connects it says so, and the hub catches every table up (notifications sent while it
  was away are lost).
- ``Decisions``: one connection per process holding PostgreSQL session-level advisory locks,
  one per table whose computer seat (or forced decision) this process is deciding now. A lock
  is held by one session at a time, so one process decides; a process that dies closes its
  connection and its locks are free at once for another one's sweep.

Both use the psycopg (3) driver directly (SQLAlchemy's URL, without its ``+psycopg``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any

import sqlalchemy as sa

from .store import CHANNEL

log = logging.getLogger("fourfeathers.web")

LOCK_CLASS = 0x46454154
"""The high 32 bits of the advisory lock keys of computer decisions ("FEAT"); the low ones
are the CRC-32 of the table id (two tables sharing a key only take turns)."""

RETRY = 1.0
"""Seconds between two attempts to reach the database again."""


def dsn(url: str) -> str:
    """psycopg's connection string for SQLAlchemy's ``url`` (``postgresql+psycopg://...``)."""
    return sa.engine.make_url(url).set(drivername="postgresql").render_as_string(False)


def lock_key(table_id: str) -> int:
    """The key of ``table_id``'s advisory lock (a signed 64-bit integer)."""
    return (LOCK_CLASS << 32) | zlib.crc32(table_id.encode())


class Listener:
    """``LISTEN feathers`` in a daemon thread; ``deliver(text)`` and ``connected()`` are called
    on ``loop`` (each notification in order; ``connected`` after every (re)connection)."""

    def __init__(
        self,
        url: str,
        loop: asyncio.AbstractEventLoop,
        deliver: Callable[[str], None],
        connected: Callable[[], None],
    ) -> None:
        self.dsn = dsn(url)
        self.loop = loop
        self.deliver = deliver
        self.connected = connected
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.loop.call_soon_threadsafe(self.connected)
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self.deliver, note.payload)
            except Exception as exc:  # the database went away: try again
                if self.stopping.is_set():
                    return
                log.warning("listening for other processes failed (%s); again in 1 s", exc)
                self.stopping.wait(RETRY)


class Decisions:
    """Advisory locks on one connection of this process's own, in one thread: ``take`` a
    table's (False: another process holds it) and ``release`` it."""

    def __init__(self, url: str) -> None:
        self.dsn = dsn(url)
        self.conn: Any = None
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="decisions")

    def _connection(self) -> Any:
        import psycopg

        if self.conn is None or self.conn.closed:
            self.conn = psycopg.connect(self.dsn, autocommit=True, connect_timeout=5)
        return self.conn

    def _take(self, table_id: str) -> bool:
        try:
            row = (
                self._connection()
                .execute("SELECT pg_try_advisory_lock(%s::bigint)", (lock_key(table_id),))
                .fetchone()
            )
        except Exception as exc:  # the locks went with the connection: none is held
            log.warning("table %s: no decision lock (%s)", table_id, exc)
            self._drop()
            return False
        return bool(row and row[0])

    def _release(self, table_id: str) -> None:
        try:
            self._connection().execute(
                "SELECT pg_advisory_unlock(%s::bigint)", (lock_key(table_id),)
            )
        except Exception:
            self._drop()  # a lost connection released it

    def _drop(self) -> None:
        if self.conn is not None:
            with suppress(Exception):
                self.conn.close()
        self.conn = None

    async def take(self, table_id: str) -> bool:
        """Whether this process now holds ``table_id``'s decision lock."""
        return await asyncio.get_running_loop().run_in_executor(self.thread, self._take, table_id)

    async def release(self, table_id: str) -> None:
        """Free ``table_id``'s decision lock (held by ``take``)."""
        await asyncio.get_running_loop().run_in_executor(self.thread, self._release, table_id)

    def close(self) -> None:
        self.thread.submit(self._drop).result(5)
        self.thread.shutdown(wait=True)
