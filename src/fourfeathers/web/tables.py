"""A table: one game being played by its seats, with its event log.

The rules of the table (who moves, forced decisions, the undo rule, what was revealed) are
``core.table.Table``'s, the terminal's too; this module adds the server's side of a table: its
seats' tokens and invites, its numbered events and its connections.

Plain synchronous logic (the server's async side is ``hub.py``). A change is prepared first
(``prepare_move``, ``prepare_forced``, ``prepare_undo``: the table does not change, and a
refusal raises ``Rejection``), then written to the database, then applied with ``commit``: so
what the table holds was always committed first.

Events: every accepted decision, forced decision or undo is one ``LogRow``, numbered from 1
(``Table.n`` is the number of the latest one, 0 before the first). The live record holds the
decisions not taken back; ``live[i]`` is the event of ``record.actions[i]``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core import table as core_table
from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..core.records import GameRecord
from ..core.table import HUMAN, Refused
from .views import move_words

__all__ = [
    "HUMAN",
    "MODES",
    "SEAT_EVENT",
    "Device",
    "LogRow",
    "Rejection",
    "SeatChange",
    "Step",
    "Table",
]


MODES = ("live", "turn-based")
"""How a table is played: ``live`` (everyone at once) or ``turn-based`` (each seat decides
when it can, with an optional deadline per decision; nothing forfeits on its own)."""

SEAT_EVENT = "seat"
"""The kind of the event that hands a seat to another player (``action``: the new seat kind)."""


@dataclass(frozen=True)
class LogRow:
    """One event. ``kind`` is ``"move"`` (``action``: its text form), ``"forced"`` (a move the
    table made for a human seat that had one legal action: ``core.table``), ``"undo"``
    (``undone``: the events taken back) or ``"seat"`` (the seat was handed to another player:
    ``action`` is its new kind, public); ``words`` says it in public words (``views``)."""

    n: int
    kind: str
    seat: int
    action: str
    words: str
    undone: tuple[int, ...] = ()


class Rejection(Exception):
    """A command the rules or the protocol refuse; nothing changed.

    ``code``: ``game_over``, ``not_your_turn``, ``illegal``, ``no_undo``, ``stale``,
    ``not_your_seat``...; ``rule``: the rule id from ``IllegalActionError`` (may be empty).
    """

    def __init__(self, code: str, reason: str, rule: str = "") -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.rule = rule


@dataclass(frozen=True)
class SeatChange:
    """A prepared hand-over: ``seat`` is played by ``kind`` from now on; ``state`` is the
    game's state (unchanged)."""

    seat: int
    kind: str
    state: State


@dataclass
class Step:
    """A prepared change: the row to store and the table's change (``core.table.Move``,
    ``core.table.Undo`` or ``SeatChange``)."""

    row: LogRow
    change: core_table.Move | core_table.Undo | SeatChange

    @property
    def state(self) -> State:
        """The state after the change."""
        change = self.change
        return change.after if isinstance(change, core_table.Move) else change.state


@dataclass
class Device:
    """One device holding one seat: the SHA-256 ``token`` of its seat token, its ``number``
    among the seat's devices (the same for every seat the token holds: "device 2"), when it was
    ``added``, last ``seen`` (connected; None: never) and ``out`` (signed out; None: it
    plays)."""

    token: str
    seat: int
    number: int
    added: float
    seen: float | None = None
    out: float | None = None


@dataclass(eq=False)
class Table:
    """One table. ``kinds`` has one seat kind per seat; ``tokens`` and ``invites`` hold the
    SHA-256 hashes of each human seat's token (None: unclaimed) and invite code; ``play`` is
    the game at the table with its rules (``core.table.Table``)."""

    id: str
    game: Game
    seed: int
    kinds: list[str]
    tokens: list[str | None]
    invites: list[str | None]
    open: bool = False
    listed: bool = False
    engine: str = ""
    created: float = field(default_factory=time.time)
    updated: float = 0.0
    finished: float | None = None
    rematch: str | None = None
    play: core_table.Table = field(init=False)
    log: list[LogRow] = field(default_factory=list)
    live: list[int] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    connections: set[Any] = field(default_factory=set, repr=False)
    thinking: bool = False
    devices: list[Device] = field(default_factory=list)
    host: str | None = None
    mode: str = "live"
    deadline_hours: int | None = None
    turn_started: float = 0.0
    looked: float = field(default=0.0, repr=False)
    """When someone last looked at the table (``time.monotonic``; ``Hub.look``)."""
    behind: bool = field(default=False, repr=False)
    """Another process stored events this process has not applied yet (several processes:
    a table with no page and no computer seat here is caught up when it is next used,
    ``Hub.notified``)."""
    first_kinds: list[str] = field(init=False, repr=False)
    """The seat kinds the table was created with (stored; hand-overs are events after)."""

    def __post_init__(self) -> None:
        self.first_kinds = list(self.kinds)
        self.play = core_table.Table(self.game, self.seed, self.kinds)
        self.kinds = self.play.kinds
        self.updated = self.updated or self.created
        self.turn_started = self.turn_started or self.created
        for s, held in enumerate(self.tokens):  # a claimed seat without devices: its first
            if held is not None and not any(d.seat == s for d in self.devices):
                self.devices.append(Device(held, s, self.device_number(held, [s]), self.created))

    @property
    def state(self) -> State:
        """The state of the game now."""
        return self.play.state

    @property
    def record(self) -> GameRecord:
        """The live record (the decisions not taken back)."""
        return self.play.record

    @property
    def n(self) -> int:
        """The number of the latest event (0: none yet)."""
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.play.over

    @property
    def computer_only(self) -> bool:
        """True when every seat is a computer's (nobody plays: ``Hub.watched`` decides whether
        it goes on)."""
        return HUMAN not in self.kinds

    def claimed(self, seat: int) -> bool:
        """True for a computer seat or a human seat somebody holds."""
        return self.kinds[seat] != HUMAN or self.tokens[seat] is not None

    def seats_of(self, token_hash: str) -> frozenset[int]:
        """The seats held with the token of hash ``token_hash`` (a signed-out device holds
        none)."""
        return frozenset(d.seat for d in self.devices if d.token == token_hash and d.out is None)

    def signed_out(self, token_hash: str) -> bool:
        """True when ``token_hash`` is a device of this table that was signed out of every
        seat it held (or whose seat's invite was issued again)."""
        mine = [d for d in self.devices if d.token == token_hash]
        return bool(mine) and all(d.out is not None for d in mine)

    def device_number(self, token_hash: str, seats: Iterable[int]) -> int:
        """The number of the device of ``token_hash`` ("device 2"): its own if it holds a seat
        here already, else the next one among the devices of ``seats`` (numbered per seat,
        from 1, never given twice)."""
        for d in self.devices:
            if d.token == token_hash:
                return d.number
        wanted = set(seats)
        return max((d.number for d in self.devices if d.seat in wanted), default=0) + 1

    def seat_devices(self, seat: int) -> list[Device]:
        """The devices that play ``seat`` now, in the order they were added."""
        return [d for d in self.devices if d.seat == seat and d.out is None]

    def deadline(self) -> float | None:
        """When the seat to move must have decided (Unix seconds), or None: a live table, no
        deadline, a computer to move, or the game over. Nothing happens on its own when it
        passes; the other seats may then hand the seat to the computer."""
        if self.deadline_hours is None or self.over:
            return None
        if not self.play.is_human(self.state.current_player):
            return None
        return self.turn_started + self.deadline_hours * 3600.0

    def prepare_seat(self, seat: int, kind: str, words: str) -> Step:
        """Hand ``seat`` to ``kind`` (``HUMAN`` or a computer level) between decisions, as one
        public event. Raises ``Rejection`` (``game_over``, ``same_kind``)."""
        if self.over:
            raise Rejection("game_over", "the game is over")
        if self.kinds[seat] == kind:
            raise Rejection("same_kind", f"kind: seat {seat + 1} is already played by {kind}")
        row = LogRow(self.n + 1, SEAT_EVENT, seat, kind, words)
        return Step(row, SeatChange(seat, kind, self.state))

    def movers(self) -> list[int]:
        """The seat of each live decision."""
        return self.play.movers()

    def computer_to_move(self) -> int | None:
        """The computer seat to decide now, or None."""
        return self.play.computer_to_move()

    def forced_pending(self) -> bool:
        """True when the table is to make a forced decision now (``prepare_forced``)."""
        return self.play.forced_action() is not None

    def prepare_move(self, seat: int, text: str) -> Step:
        """Check that ``seat`` may take the action ``text`` now; raises ``Rejection``
        (``game_over``, ``not_your_turn``, ``illegal`` with the rule, ``not_understood``)."""
        try:
            self.play.check_turn(seat)
            action = self.state.action_from_text(text)
            move = self.play.prepare_move(seat, action)
        except Refused as exc:
            raise Rejection(exc.code, exc.reason) from None
        except IllegalActionError as exc:
            code = "illegal" if exc.rule else "not_understood"
            raise Rejection(code, exc.reason, exc.rule) from None
        return self._move_step(move)

    def prepare_forced(self) -> Step | None:
        """The forced decision the table makes now (a human seat with one legal action:
        ``core.table.Table.forced_move``) as an event of kind ``"forced"``, or None."""
        move = self.play.forced_move()
        return None if move is None else self._move_step(move)

    def _move_step(self, move: core_table.Move) -> Step:
        decision = move.decision
        kind = "forced" if decision.forced else "move"
        words = move_words(self.game, move.before, move.action, move.after)
        return Step(LogRow(self.n + 1, kind, decision.seat, decision.action, words), move)

    def undo_count(self, seat: int) -> int:
        """How many decisions an undo by ``seat`` takes back; raises ``Rejection``
        (``no_undo``, ``game_over``) if refused.

        The table's rule (``core.table.Table.undo_count``, the terminal's too): back to the
        seat's own last decision that was not forced, with the forced and computer decisions
        after it; only if no other human decided since and none of them showed anything hidden
        (``Game.reveals``: taking back a draw would let players search a face-down pile).
        """
        try:
            return self.play.undo_count(seat)
        except Refused as exc:
            raise self._rejection(exc) from None

    def _rejection(self, refusal: Refused) -> Rejection:
        """A refused undo in the protocol's words (the decision that showed something hidden is
        named by its public words, never its text form)."""
        if refusal.code == "game_over":
            return Rejection("game_over", refusal.reason)
        if refusal.code == "revealed" and refusal.index is not None:
            row = self.log[self.live[refusal.index] - 1]
            return Rejection(
                "no_undo",
                f"cannot take back: seat {row.seat + 1}'s decision ({row.words}) showed "
                "something hidden, and the piles may not be searched",
            )
        return Rejection("no_undo", refusal.reason)

    def undo_seat(self) -> int | None:
        """The seat that may undo now (``undo_count`` would accept it), or None."""
        return self.play.undo_seat()

    def prepare_undo(self, seat: int) -> Step:
        """Take back ``seat``'s last decision (and the decisions after it); raises
        ``Rejection`` (see ``undo_count``)."""
        try:
            undo = self.play.prepare_undo(seat)
        except Refused as exc:
            raise self._rejection(exc) from None
        later = undo.taken[1:]
        count = len(later)
        whose = "computer" if all(not self.play.is_human(d.seat) for d in later) else "later"
        also = f" and {count} {whose} decision{'s' if count > 1 else ''}" if count else ""
        keep = len(self.live) - undo.count
        row = LogRow(
            self.n + 1, "undo", seat, "", f"took back a decision{also}", tuple(self.live[keep:])
        )
        return Step(row, undo)

    def commit(self, step: Step, now: float | None = None) -> None:
        """Apply a prepared (and stored) step."""
        row = step.row
        assert row.n == self.n + 1, "steps are committed in order"
        change = step.change
        if isinstance(change, SeatChange):
            self.play.set_kind(change.seat, change.kind)
        else:
            self.play.commit(change)
        self.log.append(row)
        if row.kind == SEAT_EVENT:
            pass
        elif row.kind == "undo":
            del self.live[len(self.live) - len(row.undone) :]
        else:
            self.live.append(row.n)
        self.updated = now if now is not None else time.time()
        self.turn_started = self.updated
        if self.over and self.finished is None:
            self.finished = self.updated

    def replay(self, rows: Iterable[LogRow]) -> None:
        """Rebuild a new table from its stored events (at server start).

        Raises ``IllegalActionError`` if a stored decision is not legal (an engine that changed
        the rules since the table was recorded), ``ValueError`` if it is not its seat's turn
        or an undo takes back more than was decided.
        """
        for row in rows:
            self.apply_row(row, self.updated)

    def apply_row(self, row: LogRow, now: float | None = None) -> None:
        """Apply one stored event numbered ``self.n + 1`` (``replay``; a server of several
        processes catching up on the events another one stored). Raises like ``replay``."""
        change: core_table.Move | core_table.Undo | SeatChange
        if row.kind == SEAT_EVENT:
            if not 0 <= row.seat < len(self.kinds):
                raise ValueError(f"event {row.n}: no seat {row.seat + 1}")
            change = SeatChange(row.seat, row.action, self.state)
        elif row.kind == "undo":
            change = self.play.take_back(len(row.undone), row.seat)
        else:
            action = self.game.parse_action(row.action)
            try:
                change = self.play.prepare_move(row.seat, action)
            except Refused as exc:
                raise ValueError(f"event {row.n}: {exc.reason}") from None
        self.commit(Step(row, change), now=now)
