"""The terminal during play: Ctrl-C saves the game whether a human or a computer seat was
deciding, a computer that thinks shows a spinner with its seat's name, and the hot seat clears
the scrollback between seats."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fourfeathers.agents import AGENTS, register_agent
from fourfeathers.cli import session
from fourfeathers.cli.main import app
from fourfeathers.core.records import GameRecord

runner = CliRunner()


class Interrupted:
    """An agent whose thinking the user interrupts with Ctrl-C."""

    name = "interrupted"

    def __init__(self, seed=None):
        pass

    def act(self, view):
        raise KeyboardInterrupt


class Slow:
    """An agent that thinks a little before taking the first action."""

    name = "slow"

    def __init__(self, seed=None):
        pass

    def act(self, view):
        time.sleep(0.4)
        return view.legal_actions()[0]


@pytest.fixture
def agents():
    register_agent("interrupted", Interrupted)
    register_agent("slow", Slow)
    yield
    del AGENTS["interrupted"], AGENTS["slow"]


def test_ctrl_c_while_a_computer_thinks_saves_the_game(tmp_path: Path, agents):
    save = tmp_path / "g.json"
    args = ["play", "featherlight", "--seats", "human,interrupted", "--start", "1", "--seed", "7"]
    result = runner.invoke(app, [*args, "--save", str(save)], input="1\n1\n")
    assert result.exit_code == 130, result.output
    assert "Interrupted" in result.stderr and "Traceback" not in result.output
    assert len(GameRecord.load(save).actions) == 2  # seat 1's draw and put


def test_ctrl_c_at_the_prompt_saves_the_game(tmp_path: Path, monkeypatch):
    save = tmp_path / "g.json"

    def interrupt(prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    args = ["play", "featherlight", "--start", "1", "--seed", "7", "--save", str(save)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    assert GameRecord.load(save).actions == []


def test_a_thinking_computer_shows_a_spinner_with_its_seat(monkeypatch, agents):
    screen = io.StringIO()
    monkeypatch.setattr(session, "err_console", Console(file=screen, force_terminal=True, width=80))
    args = ["play", "featherlight", "--seats", "slow,random", "--start", "1", "--seed", "7"]
    runner.invoke(app, [*args, "-o", "max_turns=1"])
    assert "Seat 1 (slow) is thinking" in screen.getvalue()


def test_hot_seat_clears_the_scrollback_between_seats(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(session, "console", Console(file=screen, force_terminal=True, width=80))
    answers = ["", "1", "1", "", "quit", "n"]  # seat 1 draws and puts, then seat 2 takes over
    args = ["play", "featherlight", "--seats", "human,human", "--start", "1", "--seed", "3"]
    runner.invoke(app, args, input="\n".join(answers) + "\n")
    cleared = screen.getvalue()
    assert cleared.count("\x1b[2J") == 1 and "\x1b[2J\x1b[H\x1b[3J" in cleared


@pytest.mark.parametrize(
    "args,words",
    [
        (["featherlight", "--seats", "human,greedy", "--start", "1"], "win chance "),
        (["familiar-feat", "--level", "1"], " Monsters"),
    ],
)
def test_the_hint_table_says_what_to_type_and_a_chance_or_an_expected_result(
    monkeypatch, args, words
):
    monkeypatch.setattr(session, "HINT_AGENT", "ismcts:iterations=30")
    searched = []
    honest = session.hint
    monkeypatch.setattr(session, "hint", lambda *a, **k: searched.append(a) or honest(*a, **k))
    result = runner.invoke(
        app,
        ["play", *args, "--seed", "3", "--hint"],
        input="show\nquit\nn\n",
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert len(searched) == 1  # `show` prints the same hint again without a new search
    rows = [line for line in out.splitlines() if words in line and line.startswith("│")]
    assert len(rows) == 2 * 3, out  # the top three, printed twice
    for row in rows[:3]:
        number, action = (cell.strip() for cell in row.split("│")[1:3])
        assert re.search(rf"(?<!\d){number}\. {re.escape(action)}\b", out), (number, action)
    assert ("expected " in rows[0]) == (words == " Monsters")


def test_numbers_of_thousands_of_digits_at_the_prompt_are_not_understood(tmp_path: Path):
    """Past 4,300 digits int() raises ValueError; at the prompt such a number is only a bad
    answer: the game goes on and is saved."""
    big = "9" * 5000
    save = tmp_path / "g.json"
    answers = [big, "0" * 5000 + "1", f"put {big} on 3", f"put 3 on {big}", f"draw {big}", "1"]
    args = ["play", "featherlight", "--seats", "human,random", "--start", "1", "--seed", "3"]
    result = runner.invoke(app, [*args, "--save", str(save)], input="\n".join(answers) + "\n")
    assert "Traceback" not in result.output and "ValueError" not in result.output
    assert "There is no action 999999999... (5000 digits): choose 1-8 (or type help)" in (
        result.output
    )
    assert result.output.count("Not understood: an answer of 5009 characters is no action") == 2
    assert "Not understood: an answer of 5005 characters is no action" in result.output
    # the zeros' 1 and the last 1 were played, and the random seat's turn after them
    assert GameRecord.load(save).actions == ["draw 1", "put 45 on 1", "take 6", "put 39 on 6"]
