"""The terminal and the server keep one table: the same answers give the same game, the same
forced decisions and the same undo (``core.table``).

The script is Fancy Feathers, seed 3, seat 1 a person answering ``1`` (the first action listed)
and seat 2 the ``random`` computer player: seat 1's eighth decision is its only legal action
(made without asking), then seat 1 undoes and plays on. It runs through ``feathers play`` with
the answers on stdin, and through the server's ``Table`` with the same answers and the same
computer player (seeded as ``feathers play`` seeds it)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from fourfeathers.agents import make_agent, view_for
from fourfeathers.cli.main import app
from fourfeathers.core import GameRecord, derive_seed
from fourfeathers.core.table import Table as GameTable
from fourfeathers.web import views
from fourfeathers.web.tables import HUMAN, Table

SEED = 3
KINDS = [HUMAN, "random"]
ANSWERS = ["1"] * 7 + ["undo"] + ["1"] * 4 + ["quit"]


def terminal(tmp_path: Path) -> tuple[GameRecord, list[int], str]:
    """The record ``feathers play`` saves, the count of each undo and its output."""
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        ["play", "fancy-feathers", "--seats", ",".join(KINDS), "--seed", str(SEED)]
        + ["--save", str(save)],
        input="\n".join([*ANSWERS, "y"]) + "\n",
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    undos = [
        1 + int(later or 0)
        for later in re.findall(
            r"took back a decision(?: and (\d+) later decisions?)?", result.stdout
        )
    ]
    return GameRecord.load(save), undos, result.stdout


def server(record: GameRecord) -> tuple[Table, list[int]]:
    """The server's table played with the same answers and computer player; the count of each
    undo."""
    game = record.make_game()
    table = Table("sametable", game, SEED, list(KINDS), [None, None], [None, None])
    agents = {1: make_agent(KINDS[1], derive_seed(SEED, "seat", 1), game)}
    answers = iter(ANSWERS)
    undos = []
    while not table.over:
        seat = table.state.current_player
        if seat in agents:
            action = agents[seat].act(view_for(agents[seat], table.state, seat))
            table.commit(table.prepare_move(seat, str(action)))
            continue
        legal = views.table_view(table, frozenset({seat}))["legal"]
        if not legal:  # the seat has nothing to choose: the server makes the decision
            table.commit(table.prepare_forced())
            continue
        answer = next(answers)
        if answer == "quit":
            break
        if answer == "undo":
            step = table.prepare_undo(seat)
            undos.append(len(step.row.undone))
        else:
            step = table.prepare_move(seat, legal[int(answer) - 1]["action"])
        table.commit(step)
    return table, undos


def test_the_terminal_and_the_server_play_the_same_script_alike(tmp_path: Path) -> None:
    record, terminal_undos, out = terminal(tmp_path)
    assert "Seat 1 has one choice, made without asking" in out
    table, server_undos = server(record)
    assert table.record.actions == record.actions
    assert server_undos == terminal_undos == [2]  # seat 1's own choice and the forced one
    forced = [row for row in table.log if row.kind == "forced"]
    assert len(forced) == out.count("Seat 1 has one choice, made without asking") == 3
    assert {row.seat for row in forced} == {0}
    undo = next(row for row in table.log if row.kind == "undo")
    assert undo.undone == (forced[0].n - 1, forced[0].n)  # seat 1's choice and the forced one
    assert forced[1].action == forced[0].action  # made again after the same choice
    again = GameTable.from_record(record, KINDS)  # the saved game, marked as the server did
    assert again.decisions == table.play.decisions
