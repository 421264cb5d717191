"""A table: one game played by its seats, whatever shows it (the terminal's ``cli.session``, the
server's ``web.tables``). The rules of the table live here once, so both interfaces agree:

- **Seats** and their kinds: ``HUMAN`` (a person) or an agent spec (``"hard"``,
  ``"ismcts:iterations=400"``) that the interface plays.
- **Who moves**: ``to_move`` (the seat to decide now), ``computer_to_move``, and who made each
  live decision (``movers``; ``decisions`` holds them with their marks).
- **Forced decisions**: a human seat to move with exactly one legal action is not asked; the
  table plays it (``forced_move``) and the decision is marked ``forced``. Whether a decision is
  forced follows from the position alone (a human seat, one legal action), so replaying a
  record gives the same marks (``from_record``).
- **Undo** (``undo_count``, ``undo_seat``, ``prepare_undo``): a human seat takes back its own
  last decision that was not forced, and with it every decision made after it (forced ones and
  the computer's replies). Refused when the game is over, when the seat made no such decision,
  when another human seat decided since (nobody takes back someone else's move), or when one
  of those decisions revealed something hidden.
- **Seats handed over** (``set_kind``, the server's host): a seat may change hands between
  decisions (a person to a computer player and back); the decisions made before cannot be
  taken back any more (``fence``), since the undo rule reads who decided by the kinds now.
- **What was revealed**: per decision, ``Game.reveals`` when it was made (a draw shows a card:
  taking it back would let players search a face-down pile).

A change is prepared first (``prepare_move``, ``forced_move``, ``prepare_undo``: the table does
not change, and a refusal raises), then applied with ``commit``, so an interface may store it in
between (the server writes it to its database). ``state`` is always ``record.replay()``.

Why not ``core.records.Match``: a ``Match`` applies any action and takes back any decision,
one at a time, with no seats; a table refuses both by its rules. Being a ``Match`` would let
``Match.undo`` take back one decision behind the table's back and unmark it, so the table keeps
its own record and state instead (``Match`` stays the bare, rule-free form).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import IllegalActionError
from .game import Action, Game, State
from .records import GameRecord

HUMAN = "human"
"""The seat kind of a person; every other seat kind is an agent spec the interface plays."""

REFUSALS = ("game_over", "not_your_turn", "nothing_to_undo", "decided_since", "revealed")
"""The codes of ``Refused``."""


class Refused(Exception):
    """A decision or an undo the table's rules refuse; nothing changed.

    Attributes:
        code: one of ``REFUSALS``: ``game_over``; ``not_your_turn`` (``seat``: the seat to
            move); ``nothing_to_undo`` (the seat has no decision of its own to take back);
            ``decided_since`` (``seat``: the human seat that decided after it);
            ``revealed`` (``seat``, ``index``: the decision, in ``Table.decisions``, that
            showed something hidden).
        reason: the refusal in public words (seats numbered from 1; never an action's text,
            which may name a hidden card). Interfaces may word it their own way from the
            fields.
        seat: the other seat concerned (0-based), or None.
        index: the decision concerned (index in ``Table.decisions``), or None.
    """

    def __init__(self, code: str, reason: str, seat: int | None = None, index: int | None = None):
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.seat = seat
        self.index = index


@dataclass(frozen=True)
class Decision:
    """One live decision (not taken back).

    Attributes:
        seat: who made it (0-based).
        action: its text form, as in ``GameRecord.actions``.
        forced: the seat was human and had exactly one legal action: the table played it.
        revealed: ``Game.reveals`` was True for it: it showed some seat something hidden.
    """

    seat: int
    action: str
    forced: bool = False
    revealed: bool = False


@dataclass(frozen=True)
class Move:
    """A prepared decision (``Table.prepare_move``, ``Table.forced_move``).

    Attributes:
        decision: the decision as it will be recorded.
        action: the action object.
        before: the table's state it was prepared from (not to be changed: describe the
            action with it).
        after: the state after it (a copy; the table's state becomes this one on commit).
        at: how many decisions the table had when it was prepared.
    """

    decision: Decision
    action: Action
    before: State
    after: State
    at: int


@dataclass(frozen=True)
class Undo:
    """A prepared undo (``Table.prepare_undo``, ``Table.take_back``).

    Attributes:
        seat: the seat that takes back (0-based).
        taken: the decisions it takes back, oldest first (the seat's own comes first when the
            rule chose them).
        state: the state after it.
        at: how many decisions the table had when it was prepared.
    """

    seat: int
    taken: tuple[Decision, ...]
    state: State
    at: int

    @property
    def count(self) -> int:
        """How many decisions it takes back."""
        return len(self.taken)


class Table:
    """One game and its seats: the record, the state, and each live decision's marks.

    Args:
        game: the game to play.
        seed: the seed of ``game.new_initial_state``.
        kinds: one seat kind per seat (``HUMAN`` or an agent spec).

    Raises ``ValueError`` when ``kinds`` has not one kind per seat of ``game``.

    Attributes:
        game, kinds, record (its ``actions`` are the live decisions' text forms), state,
        decisions (one ``Decision`` per action of the record).
    """

    def __init__(self, game: Game, seed: int, kinds: Sequence[str]) -> None:
        if len(kinds) != game.num_players:
            raise ValueError(
                f"seats: {len(kinds)} seat kinds given for a {game.num_players}-player game"
            )
        self.game = game
        self.kinds = list(kinds)
        self.record = GameRecord(game.id, game.config, seed)
        self.state = game.new_initial_state(seed)
        self.decisions: list[Decision] = []
        self.fence = 0

    def copy(self) -> Table:
        """An independent copy: the state cloned, the record and the decisions' list copied
        (the game and the seat kinds' values are shared)."""
        other = copy.copy(self)
        other.kinds = list(self.kinds)
        other.state = self.state.clone()
        record = self.record
        other.record = GameRecord(record.game, record.config, record.seed, list(record.actions))
        other.decisions = list(self.decisions)
        return other

    @classmethod
    def from_record(
        cls, record: GameRecord, kinds: Sequence[str], game: Game | None = None
    ) -> Table:
        """Continue the game of ``record`` (the same object: it grows as the game goes on)
        with seats ``kinds``, marking each of its decisions as if played at this table
        (replaying it once). ``game``: the record's game if already made.

        Raises ``ConfigError``/``ContentError`` if the record's game cannot be made,
        ``IllegalActionError`` naming the action's index if the record is not a legal game,
        ``ValueError`` for a wrong number of seat kinds.
        """
        table = cls(game or record.make_game(), record.seed, kinds)
        state = table.state
        for i, text in enumerate(record.actions):
            try:
                action = table.game.parse_action(text)
                decision = table._decision(state, state.current_player, action)
                state.apply_action(action)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"record action #{i} {text!r}: {exc.reason}", exc.rule
                ) from None
            table.decisions.append(decision)
        table.record = record
        return table

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal()

    @property
    def humans(self) -> list[int]:
        """The human seats, in order."""
        return [s for s, kind in enumerate(self.kinds) if kind == HUMAN]

    def is_human(self, seat: int) -> bool:
        """True if ``seat`` (0-based) is a person's."""
        return self.kinds[seat] == HUMAN

    @property
    def to_move(self) -> int | None:
        """The seat to decide now, or None once the game is over."""
        return None if self.over else self.state.current_player

    def set_kind(self, seat: int, kind: str) -> None:
        """Hand ``seat`` to another player between decisions (``HUMAN``, or an agent spec: the
        server's host hands an absent player's seat to the computer and back).

        The decisions made before cannot be taken back any more (``fence``): who made them was
        a person or a computer then, and the undo rule would read them with the new kinds.
        Raises ``ValueError`` for a seat the game does not have."""
        if not 0 <= seat < len(self.kinds):
            raise ValueError(f"seat: the game has seats 1-{len(self.kinds)}")
        self.kinds[seat] = kind
        self.fence = len(self.decisions)

    def movers(self) -> list[int]:
        """The seat of each live decision, in order."""
        return [d.seat for d in self.decisions]

    def computer_to_move(self) -> int | None:
        """The computer seat to decide now, or None (a human seat, or the game is over)."""
        seat = self.to_move
        return None if seat is None or self.is_human(seat) else seat

    def forced_action(self) -> Action | None:
        """The action the table plays now for a human seat that has no choice (exactly one
        legal action), or None."""
        seat = self.to_move
        if seat is None or not self.is_human(seat):
            return None
        actions = self.state.legal_actions()
        return actions[0] if len(actions) == 1 else None

    def choices(self) -> list[Action]:
        """The actions the seat to move chooses from: its legal actions, or none once the game
        is over or when the table plays the only one (``forced_action``)."""
        seat = self.to_move
        if seat is None:
            return []
        actions = self.state.legal_actions()
        return [] if len(actions) == 1 and self.is_human(seat) else actions

    def check_turn(self, seat: int) -> None:
        """Raises ``Refused`` (``game_over``, ``not_your_turn``) unless ``seat`` is to move."""
        if self.over:
            raise Refused("game_over", "the game is over")
        current = self.state.current_player
        if current != seat:
            raise Refused(
                "not_your_turn", f"it is seat {current + 1}'s turn, not seat {seat + 1}'s", current
            )

    def _decision(self, state: State, seat: int, action: Action) -> Decision:
        forced = self.is_human(seat) and len(state.legal_actions()) == 1
        return Decision(seat, str(action), forced, self.game.reveals(state, action))

    def prepare_move(self, seat: int, action: Action) -> Move:
        """``seat``'s decision ``action``, prepared: the table does not change. It is marked
        ``forced`` when the seat is human and ``action`` is its only legal one.

        Raises ``Refused`` (``check_turn``), or the game's ``IllegalActionError`` (naming the
        rule) for an action that is not legal now.
        """
        self.check_turn(seat)
        state = self.state
        decision = self._decision(state, seat, action)
        after = state.clone()
        after.apply_action(action)
        return Move(decision, action, state, after, len(self.decisions))

    def forced_move(self) -> Move | None:
        """The decision the table makes now for a human seat with one legal action, prepared
        (``prepare_move``), or None when there is none to make."""
        action = self.forced_action()
        return None if action is None else self.prepare_move(self.state.current_player, action)

    def _last_choice(self) -> int | None:
        """The index of the last decision a human seat made itself (not forced), or None."""
        for i in range(len(self.decisions) - 1, self.fence - 1, -1):
            d = self.decisions[i]
            if not d.forced and self.is_human(d.seat):
                return i
        return None

    def undo_count(self, seat: int) -> int:
        """How many decisions an undo by ``seat`` takes back: back to its own last decision
        that was not forced, with every decision after it. After decisions X (seat 0), Y
        (seat 0, forced), Z (a computer's), an undo by seat 0 takes back 3.

        Raises ``Refused``: ``game_over``; ``nothing_to_undo`` (``seat`` is no human seat or
        made no decision itself); ``decided_since`` (another human seat did, after it);
        ``revealed`` (one of those decisions showed something hidden: the earliest is named).
        """
        if self.over:
            raise Refused("game_over", "the game is over")
        if not self.is_human(seat) or not any(
            d.seat == seat and not d.forced for d in self.decisions[self.fence :]
        ):
            raise Refused("nothing_to_undo", "there is no decision of yours to take back")
        last = self._last_choice()
        assert last is not None  # the seat's own decision is one
        other = self.decisions[last].seat
        if other != seat:
            raise Refused(
                "decided_since",
                f"seat {other + 1} has decided since; you can only take back your own last "
                "decision",
                other,
            )
        for i in range(last, len(self.decisions)):
            if self.decisions[i].revealed:
                who = self.decisions[i].seat
                raise Refused(
                    "revealed",
                    f"cannot take back: seat {who + 1}'s decision #{i + 1} showed something "
                    "hidden, and the piles may not be searched",
                    who,
                    i,
                )
        return len(self.decisions) - last

    def undo_seat(self) -> int | None:
        """The seat that may undo now (``undo_count`` accepts it), or None."""
        if self.over:
            return None
        last = self._last_choice()
        if last is None or any(d.revealed for d in self.decisions[last:]):
            return None
        return self.decisions[last].seat

    def prepare_undo(self, seat: int) -> Undo:
        """An undo by ``seat`` (``undo_count``), prepared: the table does not change.

        Raises ``Refused`` (see ``undo_count``)."""
        return self.take_back(self.undo_count(seat), seat)

    def take_back(self, count: int, seat: int) -> Undo:
        """An undo of the last ``count`` decisions by ``seat``, prepared WITHOUT the undo rule
        (to replay an undo that was checked when it was made).

        Raises ``ValueError`` unless ``1 <= count <= len(decisions)``."""
        if not 1 <= count <= len(self.decisions):
            raise ValueError(f"cannot take back {count} of {len(self.decisions)} decisions")
        keep = len(self.decisions) - count
        state = self.game.new_initial_state(self.record.seed)
        for text in self.record.actions[:keep]:
            state.apply_action(self.game.parse_action(text))
        return Undo(seat, tuple(self.decisions[keep:]), state, len(self.decisions))

    def commit(self, step: Move | Undo) -> None:
        """Apply a prepared step. Raises ``ValueError`` if the table changed since it was
        prepared (nothing changes then)."""
        if step.at != len(self.decisions):
            raise ValueError(
                f"the step was prepared at {step.at} decisions, the table has {len(self.decisions)}"
            )
        if isinstance(step, Move):
            self.record.actions.append(step.decision.action)
            self.decisions.append(step.decision)
            self.state = step.after
        else:
            keep = len(self.decisions) - step.count
            del self.record.actions[keep:]
            del self.decisions[keep:]
            self.state = step.state
