"""Hostile files named on the command line (issue 38): content files, saved games and results
files nested thousands deep, devices, FIFOs and directories give one error line naming the file
(and the line), never a traceback, a hang or a MemoryError."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app
from fourfeathers.core.files import MAX_DEPTH
from fourfeathers.core.records import GameRecord
from fourfeathers.games.featherlight.content import DEFAULT_CONTENT

runner = CliRunner()
DEEP = f"nested deeper than {MAX_DEPTH} levels"


def nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def one_error(result, start: str) -> str:
    """The single error line of a failed command, checked to start with ``start``."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), lines
    return lines[0]


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> list[str]:
    path = tmp_path_factory.mktemp("r") / "fl.jsonl"
    result = runner.invoke(app, ["simulate", "featherlight", "--games", "3", "--out", str(path)])
    assert result.exit_code == 0, result.output
    return path.read_text().splitlines()


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_a_deeply_nested_saved_game_is_one_error_line(tmp_path: Path, depth: int):
    whole = tmp_path / "whole.json"
    whole.write_text(nest(depth))
    one_error(runner.invoke(app, ["replay", str(whole)]), f"Error: FILE: {whole}: {DEEP}")
    inside = tmp_path / "inside.json"
    inside.write_text(GameRecord("featherlight", {}, 1).to_json().replace("{}", nest(depth), 1))
    loaded = runner.invoke(app, ["play", "featherlight", "--load", str(inside)])
    one_error(loaded, f"Error: --load: {inside}: {DEEP}")


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_a_deeply_nested_content_file_is_one_error_line(tmp_path: Path, depth: int):
    content = tmp_path / "cards.toml"
    content.write_text(DEFAULT_CONTENT.read_text() + f"\nextra = {nest(depth)}\n")
    out = tmp_path / "r.jsonl"
    args = ["simulate", "featherlight", "--games", "1", "--content", str(content)]
    args += ["--out", str(out)]
    one_error(runner.invoke(app, args), f"Error: --content: {content}: {DEEP}")
    assert not out.exists()
    content.write_text(DEFAULT_CONTENT.read_text() + "\n[" + ".".join(["k"] * depth) + "]\n")
    one_error(runner.invoke(app, args), f"Error: --content: {content}: {DEEP}")


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_a_deeply_nested_results_line_is_named(tmp_path: Path, results: list[str], depth: int):
    path = tmp_path / "r.jsonl"
    text = "\n".join([results[0], nest(depth), results[2]]) + "\n"
    path.write_text(text)
    resume = runner.invoke(app, ["simulate", "featherlight", "--games", "3", "--out", str(path)])
    one_error(resume, f"Error: --out: {path}: line 2 is {DEEP}")
    assert path.read_text() == text  # nothing appended or cut
    out = tmp_path / "report"
    report = runner.invoke(app, ["report", str(path), "--out", str(out), "--json"])
    assert report.exit_code == 0, report.output
    assert report.stderr.splitlines() == [
        f"Warning: RESULTS: {path}: skipped 1 of 3 lines: line 2 is {DEEP}"
    ]
    assert json.loads(report.stdout)["games"] == 2
    path.write_text(nest(depth))  # an unfinished last line: dropped, the run goes on
    resume = runner.invoke(app, ["simulate", "featherlight", "--games", "2", "--out", str(path)])
    assert resume.exit_code == 0, resume.output
    assert [json.loads(line)["index"] for line in path.read_text().splitlines()] == [0, 1]
    path.write_text(nest(depth) + "\n")
    alone = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "none")])
    one_error(alone, f"Error: RESULTS: no usable game in {path}; {path}: skipped 1 of 1 line:")
    assert not (tmp_path / "none").exists()


@pytest.mark.usefixtures("no_hang")
@pytest.mark.parametrize("kind", ["device", "FIFO", "directory"])
def test_a_save_naming_a_content_file_that_is_no_regular_file(tmp_path: Path, kind: str):
    """A save whose config names /dev/zero read until MemoryError; a FIFO waited forever."""
    target = {"device": Path("/dev/zero"), "FIFO": tmp_path / "pipe", "directory": tmp_path}[kind]
    if kind == "FIFO":
        os.mkfifo(target)
    save = tmp_path / "g.json"
    save.write_text(GameRecord("featherlight", {"content": str(target)}, 1).to_json())
    commands = [(["replay", str(save)], "FILE"), (["review", str(save)], "FILE")]
    commands += [(["play", "featherlight", "--load", str(save)], "--load")]
    for args, option in commands:
        line = one_error(runner.invoke(app, args), f"Error: {option}: {save}: {target} is ")
        assert line.endswith(", not a content file")
        assert kind.lower() in line.lower()


@pytest.mark.parametrize("kind", ["device", "directory"])
def test_a_results_file_that_is_no_regular_file(tmp_path: Path, kind: str):
    target = Path("/dev/zero") if kind == "device" else tmp_path
    out = tmp_path / "report"
    line = one_error(
        runner.invoke(app, ["report", str(target), "--out", str(out)]),
        f"Error: RESULTS: {target} is a ",
    )
    assert line.endswith(", not a results file")


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_a_deeply_nested_option_value_is_one_short_error_line(depth: int):
    """``-o KEY=VALUE`` parses VALUE as JSON when it can: nested 5,000 deep it had raised
    RecursionError; now it is a text the option refuses, and the echo of a huge value is cut."""
    result = runner.invoke(
        app, ["simulate", "featherlight", "--games", "1", "-o", f"max_turns={nest(depth)}"]
    )
    line = one_error(result, "Error: --option: featherlight: max_turns must be an integer")
    assert len(line) < 1100 and " characters cut)..." in line


# --- symbolic link loops (pathlib's resolve raised RuntimeError: a traceback) ---------------


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    """``loop1 -> loop2 -> loop1``."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    return tmp_path / "loop1"


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "featherlight", "--games", "2"],
        ["play", "featherlight", "--seats", "random,random"],
        ["score", "fancy-feathers", "--player", "nest"],
    ],
)
def test_a_content_file_that_is_a_symbolic_link_loop_is_one_line(loop: Path, args):
    result = runner.invoke(app, [*args, "--content", str(loop)])
    line = one_error(result, "Error: --content: ")
    assert line == f"Error: --content: {loop} is a symbolic link loop, not a content file"


def test_a_saved_game_whose_content_is_a_symbolic_link_loop_is_one_line(loop: Path):
    save = loop.parent / "g.json"
    save.write_text(GameRecord("featherlight", {"content": str(loop)}, 1).to_json())
    for args, option in (
        (["replay", str(save)], "FILE"),
        (["review", str(save)], "FILE"),
        (["play", "featherlight", "--load", str(save)], "--load"),
    ):
        line = one_error(runner.invoke(app, args), f"Error: {option}: ")
        assert line == (
            f"Error: {option}: {save}: {loop} is a symbolic link loop, not a content file"
        )


def test_results_and_report_folders_that_are_symbolic_link_loops(loop: Path, results):
    """A results file that loops was "no such file"; report --out onto one said "file
    exists"; --save and --out onto one are refused before any work."""
    line = one_error(runner.invoke(app, ["report", str(loop)]), "Error: RESULTS: ")
    assert line == f"Error: RESULTS: {loop} is a symbolic link loop, not a results file"
    path = loop.parent / "r.jsonl"
    path.write_text("\n".join(results) + "\n")
    report = runner.invoke(app, ["report", str(path), "--out", str(loop)])
    assert one_error(report, "Error: --out: ") == (
        f"Error: --out: cannot write {loop}: it is a symbolic link loop"
    )
    for args, option in (
        (["play", "featherlight", "--seats", "random,random", "--save", str(loop)], "--save"),
        (["simulate", "featherlight", "--games", "2", "--out", str(loop)], "--out"),
    ):
        result = runner.invoke(app, args)
        assert result.stdout == ""
        line = one_error(result, f"Error: {option}: ")
        assert line == f"Error: {option}: cannot write {loop}: it is a symbolic link loop"
    assert sorted(p.name for p in loop.parent.iterdir()) == ["loop1", "loop2", "r.jsonl"]


# --- saved games: one line naming the missing or wrong field --------------------------------


GOOD = {
    "game": "featherlight",
    "config": {},
    "seed": 5,
    "table": {"seats": ["random", "random"]},
    "actions": [],
}


def without(key: str) -> dict:
    return {k: v for k, v in GOOD.items() if k != key}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({}, "game record field 'game' is missing"),
        (without("game"), "game record field 'game' is missing"),
        (without("config"), "game record field 'config' is missing"),
        (without("seed"), "game record field 'seed' is missing"),
        (without("actions"), "game record field 'actions' is missing"),
        ({**GOOD, "config": []}, "game record field 'config' must be an object, not a list"),
        ({**GOOD, "game": 3}, "game record field 'game' must be a string, not an integer"),
        ({**GOOD, "table": "x"}, "game record field 'table' must be an object, not a string"),
        ({**GOOD, "actions": None}, "game record field 'actions' must be a list, not null"),
        ({**GOOD, "seed": "5"}, "game record field 'seed' must be an integer from 0 to "),
        ({**GOOD, "seed": True}, "game record field 'seed' must be an integer from 0 to "),
        ([GOOD], "a game record is a JSON object, not a list"),
    ],
)
def test_a_saved_game_with_a_missing_or_wrong_field_names_it(tmp_path: Path, data, reason):
    save = tmp_path / "g.json"
    save.write_text(json.dumps(data))
    for args, option in (
        (["replay", str(save)], "FILE"),
        (["review", str(save)], "FILE"),
        (["play", "featherlight", "--load", str(save)], "--load"),
    ):
        line = one_error(runner.invoke(app, args), f"Error: {option}: ")
        assert line.startswith(f"Error: {option}: {save} is not a saved game: {reason}"), line


def test_a_saved_game_without_a_table_is_played_on(tmp_path: Path):
    save = tmp_path / "g.json"
    save.write_text(json.dumps(without("table")))
    result = runner.invoke(
        app, ["play", "featherlight", "--load", str(save), "--seats", "random,random"]
    )
    assert result.exit_code == 0, result.output


TOURNAMENT = {"seed": 3, "game": 1, "games": 3, "scores": [[5, 7]]}


@pytest.mark.parametrize(
    ("progress", "reason"),
    [
        ("x", "the saved tournament must be a JSON object, not a string"),
        (
            {k: v for k, v in TOURNAMENT.items() if k != "seed"},
            "the saved tournament's field 'seed' is missing",
        ),
        (
            {k: v for k, v in TOURNAMENT.items() if k != "scores"},
            "the saved tournament's field 'scores' is missing",
        ),
        (
            {**TOURNAMENT, "seed": -4},
            "the saved tournament's field 'seed' must be an integer from 0 to ",
        ),
        (
            {**TOURNAMENT, "seed": 10**40},
            "the saved tournament's field 'seed' must be an integer from 0 to ",
        ),
        (
            {**TOURNAMENT, "games": 0},
            "the saved tournament's field 'games' must be 3 (Pauly's Feather Tournament), got 0",
        ),
        (
            {**TOURNAMENT, "game": 3, "scores": [[1, 2]] * 3},
            "the saved tournament's field 'game' must be an integer from 0 to 2, got 3",
        ),
        (
            {**TOURNAMENT, "game": "1"},
            "the saved tournament's field 'game' must be an integer from 0 to 2, got a string",
        ),
        (
            {**TOURNAMENT, "scores": []},
            "the saved tournament's field 'scores' must be a list of 1 games' scores",
        ),
        (
            {**TOURNAMENT, "scores": [[5]]},
            "the saved tournament's field 'scores' must be a list of 1 games' scores",
        ),
    ],
)
def test_a_malformed_saved_tournament_names_the_field(tmp_path: Path, progress, reason):
    """It was two lines ("continuing the tournament game..." then "the saved tournament's
    progress is malformed"), without the field; a seed of -4 or 10**40 and games 0 passed."""
    save = tmp_path / "t.json"
    table = {"seats": ["random", "random"], "tournament": progress}
    save.write_text(GameRecord("featherlight", {}, 5, [], table).to_json())
    result = runner.invoke(app, ["play", "featherlight", "--load", str(save)])
    assert result.stdout == ""  # nothing said before the error
    line = one_error(result, "Error: --load: ")
    assert line.startswith(f"Error: --load: {save}: {reason}"), line
