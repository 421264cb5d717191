"""The messages a browser sends: parsing and validation, with one clear error for each fault.

Every WebSocket message is one JSON object of at most ``Limits.message`` bytes with a ``type``:

- ``hello`` ``{token?, last?}``: the first message; a seat token (absent for a spectator) and
  the number of the last event the client saw (absent: none).
- ``move`` ``{id?, seat?, action, expect}``: take ``action`` (its text form) for ``seat``.
- ``undo`` ``{id?, seat?, expect}``: take back the seat's last decision.
- ``hint`` ``{id?, seat?, expect}``: ask what the strongest computer player would do.
- ``sync`` ``{last?}``: ask again for what was missed since event ``last``.
- ``frame`` ``{id?, n}``: the table as it was right after event ``n`` (a replay; ``web/replay.py``).
- ``review`` ``{id?, seat}``: the review of ``seat``'s decisions, after the end (``web/review.py``).
- ``review_cancel`` ``{id?}``: stop watching the review asked for.
- ``ping`` / ``pong``: heartbeats.

``expect`` is the number of the last event the client saw: a command is applied only if it is
still the table's latest event, so a stale or repeated command is never applied twice. ``seat``
may be left out by a connection that holds one seat. ``id`` (a string or an integer, chosen by
the client) is echoed in the answer. See docs/protocol.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_ID_LENGTH = 64
"""Longest accepted command id (characters)."""

MAX_TOKEN_LENGTH = 128
"""Longest accepted seat token or invite code (characters)."""

MIN_DEADLINE, MAX_DEADLINE = 1, 720
"""The bounds of a turn-based table's deadline per decision, in hours (an hour to 30 days)."""

MAX_MY_TABLES = 100
"""The most (table, token) pairs one "My tables" request may carry."""


class ProtocolError(ValueError):
    """A message the server cannot accept. ``code`` is a stable word (``bad_json``,
    ``unknown_type``, ``bad_field``, ``too_large``, ``binary``); ``id`` echoes the command's."""

    def __init__(self, code: str, message: str, id: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id


@dataclass(frozen=True)
class Hello:
    token: str | None
    last: int | None


@dataclass(frozen=True)
class Command:
    """A ``move`` (with ``action``), ``undo`` or ``hint`` for ``seat`` (None: the only seat
    the connection holds), valid only while the table's latest event is ``expect``."""

    type: str
    id: str | int | None
    seat: int | None
    expect: int
    action: str = ""


@dataclass(frozen=True)
class Sync:
    last: int | None


@dataclass(frozen=True)
class Frame:
    """Ask for the replay frame of event ``n`` (0: before the first event)."""

    id: str | int | None
    n: int


@dataclass(frozen=True)
class Beat:
    """``ping`` (answered with ``pong``) or ``pong``."""

    type: str


@dataclass(frozen=True)
class ReviewAsk:
    """``review`` (of ``seat``) or ``review_cancel`` (``seat`` None)."""

    type: str
    id: str | int | None
    seat: int | None


Message = Hello | Command | Sync | Frame | Beat | ReviewAsk

_FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("token", "last"),
    "move": ("id", "seat", "action", "expect"),
    "undo": ("id", "seat", "expect"),
    "hint": ("id", "seat", "expect"),
    "sync": ("last",),
    "frame": ("id", "n"),
    "review": ("id", "seat"),
    "review_cancel": ("id",),
    "ping": (),
    "pong": (),
}
"""The fields each message type may carry (besides ``type``)."""


def parse(text: str | bytes, limit: int) -> Message:
    """Parse one client message. Raises ``ProtocolError`` naming what is wrong (``bad_json``
    also for JSON nested deeper than the decoder can follow).

    ``limit`` is the largest accepted message in bytes (UTF-8).
    """
    if isinstance(text, bytes):
        raise ProtocolError("binary", "send text frames holding JSON, not binary frames")
    size = len(text.encode())
    if size > limit:
        raise ProtocolError("too_large", f"message of {size} bytes is over the {limit}-byte limit")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ProtocolError("bad_json", f"not valid JSON: {exc}") from None
    except RecursionError:  # 8 KiB of "[" nests deeper than the decoder's recursion limit
        raise ProtocolError("bad_json", "not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    kind = data.get("type")
    id = _id(data)
    if kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; known: {known}", id)
    extra = sorted(set(data) - {"type", *_FIELDS[kind]})
    if extra:
        raise ProtocolError("bad_field", f"{kind} has no field {extra[0]!r}", id)
    if kind == "hello":
        return Hello(_text(data, "token", id, optional=True), _count(data, "last", id, True))
    if kind == "sync":
        return Sync(_count(data, "last", id, optional=True))
    if kind in ("ping", "pong"):
        return Beat(kind)
    if kind == "frame":
        n = _count(data, "n", id)
        assert n is not None
        return Frame(id, n)
    if kind == "review":
        return ReviewAsk(kind, id, _count(data, "seat", id))
    if kind == "review_cancel":
        return ReviewAsk(kind, id, None)
    seat = _count(data, "seat", id, optional=True)
    expect = _count(data, "expect", id)
    assert expect is not None
    action = ""
    if kind == "move":
        action = (_text(data, "action", id) or "").strip()
        if not action:
            raise ProtocolError("bad_field", "move needs a non-empty 'action' (its text form)", id)
    return Command(kind, id, seat, expect, action)


def _id(data: dict[str, Any]) -> str | int | None:
    value = data.get("id")
    if value is None:
        return None
    if (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, str) and len(value) <= MAX_ID_LENGTH
    ):
        return value
    raise ProtocolError(
        "bad_field", f"'id' must be an integer or a text of at most {MAX_ID_LENGTH} characters"
    )


def _count(data: dict[str, Any], key: str, id: Any, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("bad_field", f"{key!r} must be a whole number >= 0, got {value!r}", id)
    return value


def _text(data: dict[str, Any], key: str, id: Any, optional: bool = False) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > MAX_TOKEN_LENGTH:
        raise ProtocolError(
            "bad_field", f"{key!r} must be a text of at most {MAX_TOKEN_LENGTH} characters", id
        )
    return value


# HTTP request bodies (FastAPI validates them; errors name the field).


class CreateTable(BaseModel):
    """``POST /api/tables``: a game, its options and one kind per seat."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(min_length=1, max_length=16)
    open: bool = False
    listed: bool = False
    mode: str = Field(default="live", max_length=16)
    deadline_hours: int | None = Field(default=None, ge=MIN_DEADLINE, le=MAX_DEADLINE)


class Claim(BaseModel):
    """``POST /api/tables/{id}/claim``: the seat, its invite code (not needed at an open
    table) and optionally a token the browser already holds (hot seat, or coming back)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=15)
    invite: str | None = Field(default=None, max_length=MAX_TOKEN_LENGTH)
    token: str | None = Field(default=None, max_length=MAX_TOKEN_LENGTH)


class Rematch(BaseModel):
    """``POST /api/tables/{id}/rematch``: a seat token of the finished table."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(max_length=MAX_TOKEN_LENGTH)


class TokenBody(BaseModel):
    """A seat token of the table (``POST .../devices``, ``.../devices/link``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(max_length=MAX_TOKEN_LENGTH)


class JoinDevice(BaseModel):
    """``POST /api/tables/{id}/devices/join``: the code of a device link."""

    model_config = ConfigDict(extra="forbid", strict=True)
    code: str = Field(max_length=MAX_TOKEN_LENGTH)


class SignOut(BaseModel):
    """``POST /api/tables/{id}/devices/signout``: a seat token and the number of the device
    (of the same seats) to sign out."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(max_length=MAX_TOKEN_LENGTH)
    device: int = Field(ge=1, le=1_000_000)


class Reissue(BaseModel):
    """``POST /api/tables/{id}/reissue``: the host token and the seat to give a new invite."""

    model_config = ConfigDict(extra="forbid", strict=True)
    host: str = Field(max_length=MAX_TOKEN_LENGTH)
    seat: int = Field(ge=0, le=15)


class Hand(BaseModel):
    """``POST /api/tables/{id}/hand``: hand ``seat`` to ``kind`` (``human``, ``easy``,
    ``medium``, ``hard``), as the host (``host``) or as a seat's player (``token``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=15)
    kind: str = Field(max_length=16)
    host: str | None = Field(default=None, max_length=MAX_TOKEN_LENGTH)
    token: str | None = Field(default=None, max_length=MAX_TOKEN_LENGTH)


class Held(BaseModel):
    """One table a browser holds a seat at, and its token there."""

    model_config = ConfigDict(extra="forbid", strict=True)
    table: str = Field(max_length=32)
    token: str = Field(max_length=MAX_TOKEN_LENGTH)


class MyTables(BaseModel):
    """``POST /api/my-tables``: the browser's (table, token) pairs, at most ``MAX_MY_TABLES``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    tables: list[Held] = Field(max_length=MAX_MY_TABLES)
