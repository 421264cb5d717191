"""Hostile files named on the command line (issue 38): content files, saved games and results
files nested thousands deep, devices, FIFOs and directories give one error line naming the file
(and the line), never a traceback, a hang or a MemoryError."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
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


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail (instead of waiting forever) if a FIFO is opened for reading."""

    def hung(*_: object) -> None:
        raise AssertionError("the command waited on a FIFO")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


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
    commands = [(["replay", str(save)], "FILE")]
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
