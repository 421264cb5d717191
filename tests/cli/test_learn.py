"""``feathers learn`` played by scripted input, and ``rules`` at the ``feathers play`` prompt."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fourfeathers.cli import learn as learn_module
from fourfeathers.cli.main import app
from fourfeathers.core.lessons import load_lesson
from fourfeathers.core.registry import game_spec

runner = CliRunner()


def answers(game: str, mode: str) -> list[str]:
    return [step.moves[0] for step in load_lesson(game_spec(game), mode).steps]


def test_a_lesson_is_played_to_its_end_with_a_wrong_move_then_a_right_one():
    """FL-27: the refusal quotes the rule; a legal move that is not asked for gets the hint."""
    moves = answers("featherlight", "multiplayer")
    gap = moves.index("put 28 on 2")
    script = moves[:gap] + ["put 28 on 1", "draw 2", "?", "hint", "rules FL-27"] + moves[gap:]
    result = runner.invoke(app, ["learn", "featherlight"], input="\n".join(script) + "\nn\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "step 1 of 8, A turn is one action" in out
    assert "Not allowed: put 28 on 1: " in out and "[FL-27]" in out
    assert "FL-27 If the taken card was alone in its stack" in out
    assert "Not allowed: draw 2: " in out
    assert "Right. The card laid after taking a lone card must fill the gap" in out
    assert "83 points" in out and "Lesson complete" in out
    assert "Play a game when you like: feathers play featherlight --seats human,easy --hint" in out
    assert "Traceback" not in out


def test_a_legal_move_the_step_does_not_ask_for_gets_its_hint():
    result = runner.invoke(app, ["learn", "featherlight"], input="draw 2\n")
    assert "That is legal, but not the move this step asks for. This time draw from pile 1" in (
        result.output
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Input ended at step 1 of 8; run the command again to start the lesson over."
    ]


@pytest.mark.parametrize(
    ("game", "mode", "players", "seats", "config"),
    [
        ("fancy-feathers", "multiplayer", 2, ["human", "easy"], {"players": 2}),
        ("isle-of-feathers", "solo", 1, ["human"], {"players": 1, "stamina": 1}),
    ],
)
def test_the_lesson_hands_over_to_a_game_against_easy_with_hints(
    monkeypatch, game, mode, players, seats, config
):
    """The real feathers play is started (its _finish, which would play the game, is
    replaced): the lesson's options, the learner in seat 1, easy in the others, hints on."""
    sessions = []
    monkeypatch.setattr("fourfeathers.cli.play._finish", lambda s, save: sessions.append(s))
    moves = answers(game, mode)
    args = ["learn", game, "--mode", mode]
    result = runner.invoke(app, args, input="\n".join(moves) + "\ny\n")
    assert result.exit_code == 0, result.output
    (session,) = sessions
    assert session.seats == seats and session.display.hint is True
    assert {k: session.game.config[k] for k in config} == config
    assert session.game.num_players == players
    flags = " --stamina 1" if mode == "solo" else ""
    assert f"Starting: feathers play {game} --seats {','.join(seats)} --hint{flags}" in (
        result.output
    )


def test_list_and_quit_and_errors():
    result = runner.invoke(app, ["learn", "featherlight", "--list"])
    assert result.exit_code == 0 and "multiplayer" in result.output and "Lessons" in result.output
    result = runner.invoke(app, ["learn", "featherlight"], input="help\nquit\n")
    assert result.exit_code == 0 and "Lesson stopped." in result.output
    assert "rules [words]" in result.output
    result = runner.invoke(app, ["learn", "featherlight", "--mode", "duo"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --mode: Featherlight has no lesson 'duo'; its lessons:")
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and result.stderr.startswith("Error: GAME: unknown game 'chess'")


def test_learn_help_has_examples_from_the_games():
    result = runner.invoke(app, ["learn", "--help"])
    assert result.exit_code == 0
    assert "feathers learn featherlight" in result.output
    assert learn_module.learn.__doc__ and "Examples:" in learn_module.learn.__doc__


def test_rules_at_the_play_prompt():
    """The rules at the table: the sections, a rule by id (FL-27), words, a miss."""
    args = ["play", "featherlight", "--seats", "human,random", "--seed", "3", "--start", "1"]
    script = ["rules", "rules FL-27", "rules gap stack", "rules zebra", "help", "quit", "n"]
    result = runner.invoke(app, args, input="\n".join(script) + "\n")
    out = result.output
    assert "Featherlight: the rules" in out and "Action B: Swap  FL-25..FL-30" in out
    assert "FL-27 If the taken card was alone in its stack" in out
    assert "Rules with 'gap stack'" in out
    assert "No rule holds 'zebra'. Type 'rules' for the sections." in out
    assert "rules [words]" in out
    assert "Traceback" not in out


def test_help_names_this_games_moves_and_a_number_beyond_the_list_says_so():
    """help once gave 'move 2' (a Fancy Feathers move) as the example in every game, and 99
    answered with the whole syntax of the game rather than the list's range."""
    result = runner.invoke(app, ["learn", "featherlight"], input="help\n99\nquit\n")
    assert result.exit_code == 0
    assert "'move 2'" not in result.output
    assert "e.g. 'take 6'" in result.output
    assert "There is no action 99: type a number from 1 to 8 (? lists them)." in result.output
