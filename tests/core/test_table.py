"""The table's rules, shared by the terminal and the server (``core.table``): who moves, the
decisions the table makes for a human seat with one legal action (forced), and the undo rule
with its numbers and refusals.

The game is Pebbles (``tests/fixtures/pebbles``: take 1-3 pebbles in turn) with a narrow ford:
at a heap that is a multiple of 4 the only legal action is ``take 1`` (so a forced decision
can come in the middle of a game), and taking 3 reveals something (as a draw would)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from fourfeathers.core.errors import IllegalActionError
from fourfeathers.core.game import Action, State
from fourfeathers.core.table import HUMAN, Decision, Refused, Table

PEBBLES = Path(__file__).resolve().parents[1] / "fixtures" / "pebbles"
if str(PEBBLES) not in sys.path:
    sys.path.insert(0, str(PEBBLES))

from feathers_pebbles.game import PebblesGame, PebblesState, Take  # noqa: E402


class FordState(PebblesState):
    def legal_actions(self) -> list[Any]:
        actions = super().legal_actions()
        return actions[:1] if actions and self.heap % 4 == 0 else actions

    def clone(self) -> FordState:
        return FordState(self.game, self.heap, list(self.taken), self.player, self.last)


class Ford(PebblesGame):
    def new_initial_state(self, seed: int) -> FordState:
        return FordState(self, self.heap, [0] * self.players, seed % self.players, -1)

    def reveals(self, state: State, action: Action) -> bool:
        return isinstance(action, Take) and action.count == 3


def take(table: Table, seat: int, count: int) -> None:
    table.commit(table.prepare_move(seat, Take(count)))


def forced(table: Table) -> None:
    move = table.forced_move()
    assert move is not None
    table.commit(move)


def refusal(table: Table, seat: int) -> Refused:
    with pytest.raises(Refused) as caught:
        table.undo_count(seat)
    with pytest.raises(Refused):
        table.prepare_undo(seat)
    return caught.value


def test_who_moves_and_who_moved() -> None:
    table = Table(Ford(), 0, [HUMAN, "random"])  # seat 0 starts (seed 0)
    assert table.humans == [0] and table.is_human(0) and not table.is_human(1)
    assert table.to_move == 0 and table.computer_to_move() is None
    take(table, 0, 2)
    assert table.to_move == 1 and table.computer_to_move() == 1
    take(table, 1, 2)
    assert table.movers() == [0, 1] and table.record.actions == ["take 2", "take 2"]
    assert table.prepare_move(0, Take(1)).decision == Decision(0, "take 1")
    with pytest.raises(Refused) as caught:
        table.prepare_move(1, Take(1))
    assert caught.value.code == "not_your_turn" and caught.value.seat == 0
    assert "it is seat 1's turn, not seat 2's" in caught.value.reason


def test_a_human_seat_with_one_legal_action_is_played_by_the_table() -> None:
    table = Table(Ford(), 0, [HUMAN, "random"])
    take(table, 0, 2)  # 13
    assert table.forced_action() is None  # the computer's turn: its agent decides
    take(table, 1, 1)  # 12: a multiple of 4, seat 0 may only take 1
    assert table.forced_action() == Take(1) and table.choices() == []
    move = table.forced_move()
    assert move is not None and move.decision == Decision(0, "take 1", forced=True)
    assert table.record.actions == ["take 2", "take 1"]  # prepared: nothing changed
    table.commit(move)
    assert table.state.heap == 11 and table.to_move == 1
    assert table.forced_move() is None and table.choices() == [Take(1), Take(2), Take(3)]
    take(table, 1, 3)  # 8: the computer seat has one legal action too, but is not forced
    forced(table)  # seat 0 at 8: forced again
    take(table, 1, 2)  # 5
    assert [d.forced for d in table.decisions] == [False, False, True, False, True, False]
    assert [d.revealed for d in table.decisions] == [False, False, False, True, False, False]


def test_an_undo_takes_back_the_seats_own_choice_and_everything_after_it() -> None:
    # X (seat 0's choice), a computer reply, Y (seat 0, forced), Z (the computer's reply).
    table = Table(Ford(), 0, [HUMAN, "random"])
    take(table, 0, 2)  # X: 13
    take(table, 1, 1)  # 12
    forced(table)  # Y: 11
    take(table, 1, 2)  # Z: 9
    assert table.undo_seat() == 0 and table.undo_count(0) == 4
    undo = table.prepare_undo(0)
    assert undo.count == 4 and [d.action for d in undo.taken] == [
        "take 2",
        "take 1",
        "take 1",
        "take 2",
    ]
    assert len(table.record.actions) == 4  # prepared: nothing changed
    table.commit(undo)
    assert table.record.actions == [] and table.decisions == []
    assert table.state.heap == 15 and table.to_move == 0


def test_the_forced_decision_after_the_seats_choice_goes_with_it() -> None:
    # Hot seat: seat 0 chooses (X), seat 1 is forced (Y): seat 0's undo takes back 2.
    table = Table(Ford(), 0, [HUMAN, HUMAN])
    take(table, 0, 1)  # 14
    take(table, 1, 2)  # 12
    forced(table)  # seat 0 at 12: forced, 11
    take(table, 1, 2)  # X by seat 1: 9
    take(table, 0, 1)  # X' by seat 0: 8
    forced(table)  # Y: seat 1 at 8, forced: 7
    assert table.undo_seat() == 0 and table.undo_count(0) == 2
    assert refusal(table, 1).code == "decided_since"
    table.commit(table.prepare_undo(0))
    assert table.state.heap == 9 and table.to_move == 0
    # Seat 1's last own choice is now the last one: its undo skips nothing forced after it.
    assert table.undo_seat() == 1 and table.undo_count(1) == 1


def test_refused_undos_say_why_and_change_nothing() -> None:
    table = Table(Ford(), 0, [HUMAN, HUMAN])
    assert refusal(table, 0).code == "nothing_to_undo" and table.undo_seat() is None
    take(table, 0, 2)  # 13
    take(table, 1, 1)  # 12
    forced(table)  # seat 0, forced: 11
    assert table.undo_seat() == 1
    no = refusal(table, 0)  # seat 0's own choice is older than seat 1's
    assert no.code == "decided_since" and no.seat == 1
    assert "seat 2 has decided since" in no.reason
    take(table, 1, 3)  # 8: reveals
    forced(table)  # seat 0 at 8: 7
    shown = refusal(table, 1)
    assert shown.code == "revealed" and (shown.seat, shown.index) == (1, 3)
    assert "take 3" not in shown.reason  # a text form may name a hidden card
    assert table.undo_seat() is None and len(table.record.actions) == 5

    computer = Table(Ford(), 0, [HUMAN, "random"])
    take(computer, 0, 1)  # 14
    take(computer, 1, 2)  # 12
    assert refusal(computer, 1).code == "nothing_to_undo"  # a computer seat never undoes

    only_forced = Table(Ford(heap=13), 0, [HUMAN, HUMAN])
    take(only_forced, 0, 1)  # 12
    forced(only_forced)  # seat 1 at 12: 11; seat 1 has decided nothing itself
    assert refusal(only_forced, 1).code == "nothing_to_undo"
    assert only_forced.undo_seat() == 0 and only_forced.undo_count(0) == 2


def test_no_undo_once_the_game_is_over() -> None:
    table = Table(Ford(players=2, heap=5), 0, [HUMAN, HUMAN])
    take(table, 0, 2)  # 3
    take(table, 1, 2)  # 1: seat 0's only action is forced and ends the game
    forced(table)
    assert table.over and table.to_move is None and table.choices() == []
    assert refusal(table, 1).code == "game_over" and table.undo_seat() is None
    assert refusal(table, 0).code == "game_over"
    with pytest.raises(Refused) as caught:
        table.prepare_move(0, Take(1))
    assert caught.value.code == "game_over"


def test_an_illegal_action_or_a_stale_step_changes_nothing() -> None:
    table = Table(Ford(), 0, [HUMAN, "random"])
    take(table, 0, 2)
    take(table, 1, 1)  # 12: only take 1
    with pytest.raises(IllegalActionError):
        table.prepare_move(0, Take(2))
    stale = table.prepare_undo(0)
    forced(table)
    with pytest.raises(ValueError, match="prepared at 2 decisions"):
        table.commit(stale)
    assert table.record.actions == ["take 2", "take 1", "take 1"] and table.state.heap == 11
    with pytest.raises(ValueError, match="cannot take back 4 of 3"):
        table.take_back(4, 0)
    with pytest.raises(ValueError, match="3 seat kinds"):
        Table(Ford(), 0, [HUMAN, HUMAN, HUMAN])


def test_a_record_gives_the_same_marks_as_the_table_that_played_it() -> None:
    table = Table(Ford(), 0, [HUMAN, "random"])
    take(table, 0, 2)
    take(table, 1, 1)
    forced(table)
    take(table, 1, 2)
    again = Table.from_record(table.record, [HUMAN, "random"], Ford())
    assert again.decisions == table.decisions and again.state == table.state
    assert again.undo_count(0) == table.undo_count(0) == 4
    seats = Table.from_record(table.record, ["random", "random"], Ford())
    assert not any(d.forced for d in seats.decisions)  # nobody is forced at a computer seat
    table.record.actions.append("take 9")
    with pytest.raises(IllegalActionError, match="record action #4 'take 9'"):
        Table.from_record(table.record, [HUMAN, "random"], Ford())


def test_a_seat_handed_over_fences_off_the_decisions_before() -> None:
    # Two people; seat 1 leaves and the computer plays it: seat 0's decision and the decisions
    # after the hand-over cannot be taken back together (seat 1's was a person's then).
    table = Table(Ford(), 0, [HUMAN, HUMAN])
    take(table, 0, 2)  # 13
    take(table, 1, 2)  # 11: seat 1, a person then
    take(table, 0, 2)  # 9
    assert table.undo_seat() == 0 and table.undo_count(0) == 1
    table.set_kind(1, "random")
    assert table.kinds == [HUMAN, "random"] and table.computer_to_move() == 1
    assert table.undo_seat() is None
    assert refusal(table, 0).code == "nothing_to_undo"
    take(table, 1, 2)  # 7: the computer's
    take(table, 0, 2)  # 5: seat 0's own, after the fence: that one may go back
    assert table.undo_count(0) == 1
    table.commit(table.prepare_undo(0))
    assert table.state.heap == 7 and refusal(table, 0).code == "nothing_to_undo"
    with pytest.raises(ValueError, match="seat"):
        table.set_kind(2, HUMAN)
