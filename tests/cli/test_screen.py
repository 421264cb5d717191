"""What a human seat's turn looks like: a forced decision is made for them, the table and the
options fit a 40-line screen where they can, and ? lists every action."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fourfeathers import make
from fourfeathers.cli import common, session
from fourfeathers.cli.main import app
from fourfeathers.core.table import Table

runner = CliRunner()


def run(*args: str, input: str):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_a_decision_with_one_legal_choice_is_made_without_asking():
    # Fancy Feathers, seed 3: seat 1's eighth decision is the only one it has (keep the Trap).
    answers = "1\n" * 7 + "quit\nn\n"
    result = run("play", "fancy-feathers", "--seats", "human,random", "--seed", "3", input=answers)
    assert result.exit_code == 0, result.output
    forced = "Seat 1 has one choice, made without asking: keep the 1 set-aside Trap"
    assert forced in result.stdout
    before, _, after = result.stdout.partition(forced)
    assert before.count("Seat 1> ") == 7 and after.count("Seat 1> ") == 1  # not asked for it


def screen_of(game, state, player) -> list[str]:
    """The lines of ``player``'s turn screen at 80 columns."""
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    saved = session.console, common.console
    session.console = common.console = console
    try:
        seat = session.Session(Table(game, 0, ["human"] * game.num_players), {})
        seat.table.state = state
        seat.show(player, state.legal_actions())
    finally:
        session.console, common.console = saved
    return out.getvalue().splitlines()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_featherlight_turns_fit_a_40_line_screen(players):
    """The tallest turns: the most options (a put after a draw: 6 cards x 6 stacks) and, late
    in a game, the tallest nest."""
    game = make("featherlight", players=players)
    rng = random.Random(players)
    states = []
    state = game.new_initial_state(players)
    while not state.is_terminal():
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    most = sorted(states, key=lambda s: -len(s.legal_actions()))[:3]
    tallest = max(len(screen_of(game, s, s.current_player)) for s in [*most, *states[-3:]])
    assert 20 < tallest <= session.SCREEN_LINES


def test_a_long_list_of_options_is_compact_and_question_mark_lists_them_all():
    game = make("isle-of-feathers", players=2)
    rng = random.Random(0)
    state = game.new_initial_state(1)
    while len(state.legal_actions()) < 30:
        state.apply_action(rng.choice(state.legal_actions()))
    actions = state.legal_actions()
    screen = "\n".join(screen_of(game, state, state.current_player))
    assert "? lists" in screen
    assert game.describe_action(state, actions[0]) not in screen  # no descriptions
    listed = io.StringIO()
    Console(file=listed, width=200, color_system=None).print(
        session.action_list(game, state, actions)
    )
    for action in actions:
        assert game.describe_action(state, action) in listed.getvalue()


def test_question_mark_at_the_prompt_lists_every_action_with_its_description():
    result = run("play", "featherlight", "--seed", "7", "--start", "1", input="?\nquit\nn\n")
    assert result.exit_code == 0, result.output
    after = result.stdout.split("Seat 1> ", 1)[1]
    assert "draw the top card of pile 1" in after and "swap: take" in after
    assert "Answer with:" not in after  # ? is the list; help is the help


def test_undo_takes_back_the_last_real_choice_with_the_forced_one_after_it():
    answers = "1\n" * 7 + "undo\nquit\nn\n"
    result = run("play", "fancy-feathers", "--seats", "human,random", "--seed", "3", input=answers)
    assert result.exit_code == 0, result.output
    after = result.stdout.split("Seat 1> undo", 1)[1]
    assert after.lstrip().startswith("Seat 1 took back a decision and 1 later decision.")
    assert "one choice" not in after  # back before the move that led to it
