"""A saved game keeps its seats, their agents and the display; --load restores them unless
given again, and a quit Pauly's tournament is resumed where it stopped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli import session
from fourfeathers.cli.main import app
from fourfeathers.core.records import GameRecord

runner = CliRunner()


def run(*args: str, input: str = ""):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    monkeypatch.setattr(session, "HINT_AGENT", "ismcts:iterations=20")


def test_load_restores_the_seats_and_the_display(tmp_path: Path):
    save = tmp_path / "g.json"
    args = ["play", "featherlight", "--seats", "human,greedy", "--seed", "9", "--start", "1"]
    first = run(*args, "--memory-aid", "--hint", "--save", str(save), input="1\n3\nquit\ny\n")
    assert first.exit_code == 0, first.output
    saved = GameRecord.load(save)
    assert saved.table == {"seats": ["human", "greedy"], "memory_aid": True, "hint": True}
    assert f"Continue it with: feathers play featherlight --load {save}" in first.stdout
    again = run("play", "featherlight", "--load", str(save), input="quit\nn\n")
    assert again.exit_code == 0, again.output
    assert "seat 1 human, seat 2 greedy" in again.stdout
    assert "Hint" in again.stdout and "win chance" in again.stdout and "covered" in again.stdout


def test_options_given_with_load_override_the_saved_ones(tmp_path: Path):
    save = tmp_path / "g.json"
    args = ["play", "featherlight", "--seats", "human,greedy", "--seed", "9", "--start", "1"]
    run(*args, "--memory-aid", "--hint", "--save", str(save), input="1\n3\nquit\ny\n")
    loaded = ["play", "featherlight", "--load", str(save), "--seats", "human,random"]
    again = run(*loaded, "--no-hint", "--no-memory-aid", input="quit\nn\n")
    assert again.exit_code == 0, again.output
    assert "seat 2 random" in again.stdout
    assert "win chance" not in again.stdout and "covered" not in again.stdout


def test_a_saved_seat_that_is_no_agent_is_one_error_line(tmp_path: Path):
    save = tmp_path / "g.json"
    GameRecord("featherlight", {}, 1, [], {"seats": ["human", "genius"]}).save(save)
    result = run("play", "featherlight", "--load", str(save))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --load: unknown agent 'genius'")


def test_a_quit_tournament_is_resumed(tmp_path: Path):
    save = tmp_path / "t.json"
    args = ["play", "featherlight", "--tournament", "--seats", "human,random", "--seed", "3"]
    first = run(*args, "--save", str(save), input="1\n1\nquit\ny\n")
    assert first.exit_code == 0, first.output
    assert f"Tournament saved to {save}. Continue it with: feathers play featherlight" in (
        first.stdout
    )
    table = GameRecord.load(save).table
    assert table["tournament"] == {"seed": 3, "game": 0, "games": 3, "scores": []}
    rest = run("play", "featherlight", "--load", str(save), "--seats", "random,random")
    assert rest.exit_code == 0, rest.output
    assert "continuing the tournament game" in rest.stdout
    for k in (1, 2, 3):
        assert f"Totals after game {k} of 3" in rest.stdout
    assert "Pauly's Feather Tournament: " in rest.stdout and "in total" in rest.stdout
    done = json.loads(save.read_text())["table"]["tournament"]
    assert done["game"] == 2 and len(done["scores"]) == 2  # the file holds the last game


def test_load_with_tournament_of_a_single_game_is_refused(tmp_path: Path):
    save = tmp_path / "g.json"
    GameRecord("featherlight", {}, 1, []).save(save)
    result = run("play", "featherlight", "--load", str(save), "--tournament")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --tournament: ")
