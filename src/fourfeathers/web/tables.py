"""A table: one game being played by its seats, with its record, its log and its undo rule.

Plain synchronous logic (the server's async side is ``hub.py``). A change is prepared first
(``prepare_move``, ``prepare_undo``: the table does not change, and a refusal raises
``Rejection``), then written to the database, then applied with ``commit``: so what the table
holds was always committed first.

Events: every accepted decision or undo is one ``LogRow``, numbered from 1 (``Table.n`` is the
number of the latest one, 0 before the first). The live record holds the decisions not taken
back; ``live[i]`` is the event of ``record.actions[i]``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..core.records import GameRecord
from .views import move_words

HUMAN = "human"
"""The seat kind of a person; every other seat kind is an agent spec played by the server."""


@dataclass(frozen=True)
class LogRow:
    """One event. ``kind`` is ``"move"`` (``action``: its text form) or ``"undo"``
    (``undone``: the events taken back); ``words`` says it in public words (``views``)."""

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


@dataclass
class Step:
    """A prepared change: the row to store and the state after it."""

    row: LogRow
    state: State
    revealed: bool = False
    undo: int = 0


@dataclass(eq=False)
class Table:
    """One table. ``kinds`` has one seat kind per seat; ``tokens`` and ``invites`` hold the
    SHA-256 hashes of each human seat's token (None: unclaimed) and invite code."""

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
    state: State = field(init=False)
    record: GameRecord = field(init=False)
    log: list[LogRow] = field(default_factory=list)
    live: list[int] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    connections: set[Any] = field(default_factory=set, repr=False)
    thinking: bool = False

    def __post_init__(self) -> None:
        self.record = GameRecord(self.game.id, self.game.config, self.seed)
        self.state = self.game.new_initial_state(self.seed)
        self.updated = self.updated or self.created

    @property
    def n(self) -> int:
        """The number of the latest event (0: none yet)."""
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def claimed(self, seat: int) -> bool:
        """True for a computer seat or a human seat somebody holds."""
        return self.kinds[seat] != HUMAN or self.tokens[seat] is not None

    def seats_of(self, token_hash: str) -> frozenset[int]:
        """The seats held with the token of hash ``token_hash``."""
        return frozenset(s for s, held in enumerate(self.tokens) if held == token_hash)

    def movers(self) -> list[int]:
        """The seat of each live decision."""
        return [self.log[n - 1].seat for n in self.live]

    def computer_to_move(self) -> int | None:
        """The computer seat to decide now, or None."""
        player = self.state.current_player
        if self.over or self.kinds[player] == HUMAN:
            return None
        return player

    def prepare_move(self, seat: int, text: str) -> Step:
        """Check that ``seat`` may take the action ``text`` now; raises ``Rejection``."""
        state = self.state
        if self.over:
            raise Rejection("game_over", "the game is over")
        if state.current_player != seat:
            raise Rejection(
                "not_your_turn",
                f"it is seat {state.current_player + 1}'s turn, not seat {seat + 1}'s",
            )
        try:
            action = state.action_from_text(text)
        except IllegalActionError as exc:
            code = "illegal" if exc.rule else "not_understood"
            raise Rejection(code, exc.reason, exc.rule) from None
        revealed = self.game.reveals(state, action)
        after = state.clone()
        after.apply_action(action)
        words = move_words(self.game, state, action, after)
        return Step(LogRow(self.n + 1, "move", seat, str(action), words), after, revealed)

    def undo_count(self, seat: int) -> int:
        """How many decisions an undo by ``seat`` takes back; raises ``Rejection`` if refused.

        The terminal's rule (``feathers play``): only the seat's own last decision and the
        computer decisions after it, only if no other human decided since and none of them
        showed anything hidden (``Game.reveals``: taking back a draw would let players search
        a face-down pile).
        """
        if self.over:
            raise Rejection("no_undo", "the game is over")
        movers = self.movers()
        humans = [i for i, p in enumerate(movers) if self.kinds[p] == HUMAN]
        if not humans or seat not in movers:
            raise Rejection("no_undo", "there is no decision of yours to take back")
        last = humans[-1]
        if movers[last] != seat:
            raise Rejection(
                "no_undo",
                f"seat {movers[last] + 1} has decided since; you can only take back your own "
                "last decision",
            )
        for i in range(last, len(movers)):
            if self.revealed[i]:
                row = self.log[self.live[i] - 1]
                raise Rejection(
                    "no_undo",
                    f"cannot take back: seat {row.seat + 1}'s decision ({row.words}) showed "
                    "something hidden, and the piles may not be searched",
                )
        return len(movers) - last

    def undo_seat(self) -> int | None:
        """The seat that may undo now (``undo_count`` would accept it), or None."""
        if self.over:
            return None
        for i in range(len(self.live) - 1, -1, -1):
            seat = self.log[self.live[i] - 1].seat
            if self.kinds[seat] == HUMAN:
                return None if any(self.revealed[i:]) else seat
        return None

    def prepare_undo(self, seat: int) -> Step:
        """Take back ``seat``'s last decision (and computer ones after it); raises
        ``Rejection`` (see ``undo_count``)."""
        count = self.undo_count(seat)
        keep = len(self.record.actions) - count
        state = self.record.replay(keep)
        also = f" and {count - 1} computer decision{'s' if count > 2 else ''}" if count > 1 else ""
        row = LogRow(
            self.n + 1, "undo", seat, "", f"took back a decision{also}", tuple(self.live[keep:])
        )
        return Step(row, state, undo=count)

    def commit(self, step: Step, now: float | None = None) -> None:
        """Apply a prepared (and stored) step."""
        row = step.row
        assert row.n == self.n + 1, "steps are committed in order"
        self.log.append(row)
        if row.kind == "move":
            self.record.actions.append(row.action)
            self.live.append(row.n)
            self.revealed.append(step.revealed)
        else:
            del self.record.actions[-step.undo :]
            del self.live[-step.undo :]
            del self.revealed[-step.undo :]
        self.state = step.state
        self.updated = now if now is not None else time.time()
        if self.over and self.finished is None:
            self.finished = self.updated

    def replay(self, rows: Iterable[LogRow]) -> None:
        """Rebuild a new table from its stored events (at server start).

        Raises ``IllegalActionError`` if a stored decision is not legal (an engine that changed
        the rules since the table was recorded).
        """
        for row in rows:
            if row.kind == "move":
                action = self.game.parse_action(row.action)
                revealed = self.game.reveals(self.state, action)
                after = self.state.clone()
                after.apply_action(action)
                step = Step(row, after, revealed)
            else:
                count = len(row.undone)
                state = self.record.replay(len(self.record.actions) - count)
                step = Step(row, state, undo=count)
            self.commit(step, now=self.updated)
