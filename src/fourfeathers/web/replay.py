"""Replays in the browser: a table as it was right after one of its events (a *frame*).

A frame is rebuilt by replaying the table's stored events (``Table.log``: the events as they
were written to the database, in order; ``Table.replay`` is the same code that rebuilds a table
when the server starts), then drawn for its recipient by ``views.frame``, which calls the same
``views.table_view`` as live play. Who sees what in a frame is ``views.frame_recipient``: while
the game runs a connection's own seats (a spectator: none), so a seat stepping back sees what it
was sent at that event and never more; once it is over every seat, for anybody.

Replaying a long game from its start at every step would cost the event loop a few
milliseconds per frame; ``Frames`` keeps the rebuilt table every ``CHECKPOINT`` events, so a
frame replays at most that many (events are append-only: a rebuilt table never goes stale).
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from collections import OrderedDict
from typing import Any

from . import views
from .tables import Table

CHECKPOINT = 16
"""A rebuilt table is kept every this many events."""

CACHED_TABLES = 32
"""The tables whose checkpoints are kept (the most recently replayed ones)."""


class FrameError(ValueError):
    """A frame that cannot be given (an event number out of range): ``field`` names the field
    at fault; the message says which events there are."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _blank(table: Table) -> Table:
    """A new table with ``table``'s game, seed, seats as created (before any hand-over), mode
    and holders, before its first event."""
    return dataclasses.replace(
        table,
        kinds=list(table.first_kinds),
        tokens=list(table.tokens),
        invites=list(table.invites),
        log=[],
        live=[],
        lock=asyncio.Lock(),
        connections=set(),
        thinking=False,
        devices=list(table.devices),
    )


def _copy(table: Table) -> Table:
    """An independent copy of a rebuilt table (its game at the table copied, its lists too)."""
    other = copy.copy(table)
    other.play = table.play.copy()
    other.kinds = other.play.kinds  # one list, as in every table (a hand-over changes it)
    other.log, other.live = list(table.log), list(table.live)
    return other


class Frames:
    """The rebuilt tables of one live table at events 0, ``CHECKPOINT``, 2 x ``CHECKPOINT``...
    (built when first needed)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.checkpoints: dict[int, Table] = {0: _blank(table)}

    def at(self, n: int) -> Table:
        """The table rebuilt from its events 1 to ``n`` (``0 <= n <= table.n``; the caller
        checks). Raises ``IllegalActionError`` if a stored event no longer replays (the table
        could not have been loaded then)."""
        base = max(k for k in self.checkpoints if k <= n)
        rebuilt = _copy(self.checkpoints[base])
        log = self.table.log
        for k in range(base, n):
            rebuilt.replay([log[k]])
            if (k + 1) % CHECKPOINT == 0 and k + 1 not in self.checkpoints:
                self.checkpoints[k + 1] = _copy(rebuilt)
        return rebuilt


_FRAMES: OrderedDict[str, Frames] = OrderedDict()


def frames_of(table: Table) -> Frames:
    """The ``Frames`` of ``table`` (kept for the ``CACHED_TABLES`` most recently replayed)."""
    found = _FRAMES.get(table.id)
    if found is None or found.table is not table:
        found = _FRAMES[table.id] = Frames(table)
    _FRAMES.move_to_end(table.id)
    while len(_FRAMES) > CACHED_TABLES:
        _FRAMES.popitem(last=False)
    return found


def table_at(table: Table, n: int) -> Table:
    """``table`` as it was right after its event ``n`` (0: before the first), rebuilt from its
    stored events; the summary's "now" fields (``updated``, ``finished``, ``rematch``, the
    turn-based ``deadline``) are the
    live table's, and so are its seats' holders. Raises ``FrameError`` (field ``n``) unless
    ``0 <= n <= table.n``."""
    if not 0 <= n <= table.n:
        raise FrameError("n", f"'n' must be an event of table {table.id}: 0 to {table.n}, got {n}")
    rebuilt = frames_of(table).at(n)
    rebuilt.updated, rebuilt.finished, rebuilt.rematch = (
        table.updated,
        table.finished,
        table.rematch,
    )
    rebuilt.tokens = list(table.tokens)  # who holds a seat: as it is now
    rebuilt.turn_started = table.turn_started  # and the deadline of the decision now
    return rebuilt


def frame(table: Table, recipient: views.Recipient, n: int, id: Any = None) -> dict[str, Any]:
    """The ``frame`` message of event ``n`` for a connection holding ``recipient`` (see
    ``views.frame``). Raises ``FrameError`` for an event out of range."""
    return views.frame(table, table_at(table, n), recipient, id)
