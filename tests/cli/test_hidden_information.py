"""What the command line shows of hidden information: the seed, saved games, spectators."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fourfeathers import list_games, make
from fourfeathers.cli.main import app
from fourfeathers.cli.view import render_state
from fourfeathers.core.records import GameRecord, Match

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def picture(game, state, player=None, reveal=False) -> str:
    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_state(game, state, player, reveal=reveal))
    return console.export_text()


def test_the_seed_is_not_shown_while_a_human_seat_plays():
    result = run("play", "featherlight", "--players", "3", input="1\n1\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert "seed" not in result.stdout.lower()


def test_the_seed_is_shown_once_the_game_is_over():
    result = run("play", "featherlight", "--players", "1", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    before, over, after = result.stdout.partition("game over")
    assert over and "seed" not in before.lower()
    assert "play this deal again with --seed " in after


def test_a_saved_game_says_it_holds_the_whole_game(tmp_path: Path):
    save = tmp_path / "g.json"
    run("play", "featherlight", "--start", "1", "--save", str(save), input="1\nquit\ny\n")
    text = save.read_text()
    assert "holds the whole game, hidden cards included" in json.loads(text)["note"]
    assert GameRecord.load(save).actions == ["draw 1"]  # the note is read back as nothing


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_a_spectator_sees_the_same_table_in_every_consistent_deal(spec):
    """The spectator's picture depends on public information only: a determinization for any
    seat keeps it, so the picture must not change."""
    game = make(spec.id, **spec.configurations[-1])
    rng = random.Random(5)
    state = game.new_initial_state(5)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    seen = picture(game, state)
    for player in range(game.num_players):
        for seed in range(3):
            twin = state.determinize(player, random.Random(seed))
            assert picture(game, twin) == seen, f"the spectator's picture shows seat {player + 1}"


def test_replay_of_an_unfinished_game_shows_what_a_spectator_sees(tmp_path: Path):
    save = tmp_path / "part.json"
    match = Match(make("featherlight", players=3), 5)
    for _ in range(4):
        match.apply(match.state.legal_actions()[0])
    match.record.save(save)
    shown = run("replay", str(save))
    assert shown.exit_code == 0, shown.output
    assert "holds" not in shown.stdout and "seed" not in shown.stdout
    assert "Standing scores" not in shown.stdout  # they depend on the hidden hands
    data = json.loads(run("replay", str(save), "--json").stdout)
    assert data["seed"] is None and data["scores"] is None
    revealed = run("replay", str(save), "--reveal")
    assert "seed 5" in revealed.stdout and "Standing scores" in revealed.stdout
    hand = match.state.hands[1]
    assert f"Seat 2: 5 cards, holds {hand[0]} " in revealed.stdout
    assert json.loads(run("replay", str(save), "--json", "--reveal").stdout)["seed"] == 5


@pytest.mark.parametrize("seed", [10**30, -7, True])
@pytest.mark.parametrize("command", ["replay", "load"])
def test_a_record_with_a_seed_out_of_range_is_one_error_line(tmp_path: Path, seed, command):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "featherlight", "config": {}, "seed": seed, "actions": []}))
    args = ["replay", str(path)] if command == "replay" else ["play", "featherlight", "--load"]
    if command == "load":
        args.append(str(path))
    result = run(*args, input="")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "field 'seed' must be an integer from 0 to " in lines[0]


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_a_seed_out_of_range_is_refused(command):
    result = run(command, "featherlight", "--seed", str(10**30), input="")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "Error: --seed: must be an integer from 0 to 9223372036854775807"
    )
