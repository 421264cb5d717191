"""``feathers report`` on broken results files: a line that is not a usable game record is left
out with one warning naming the file, the line and the field; one error line and no folder when
no game is left."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

runner = CliRunner()
MISSING = object()


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[dict]:
    path = tmp_path_factory.mktemp("r") / "fl.jsonl"
    result = runner.invoke(app, ["simulate", "featherlight", "--games", "3", "--out", str(path)])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"config": MISSING}, "is not a game record: 'config' must be an object"),
        ({"scores": ["x", 3]}, "is not a game record: 'scores' must be a list of 2 numbers"),
        ({"scores": [1]}, "is not a game record: 'scores' must be a list of 2 numbers"),
        ({"scores": MISSING}, "is not a game record: 'scores' must be a list of 2 numbers"),
        ({"winners": [5]}, "is not a game record: 'winners' must be a list of distinct seats 0-1"),
        ({"winners": "0"}, "is not a game record: 'winners' must be a list of distinct seats 0-1"),
        ({"seats": "random"}, "is not a game record: 'seats' must be a non-empty list of agent"),
        ({"decisions": -1}, "is not a game record: 'decisions' must be an integer >= 0"),
        ({"index": "one"}, "is not a game record: 'index' must be an integer >= 0"),
        ({"resolved": ["random"]}, "is not a game record: 'resolved' must be a list of 2 agent"),
        ({"final": {"common": 5}}, "is not a game record: 'final.common' must be an object"),
        ({"final": {"seats": 5}}, "is not a game record: 'final.seats' must be a list of at most"),
        ({"final": 5}, "is not a game record: 'final' must be an object"),
        ({"game": "chess"}, "is not a game record: 'game': unknown game 'chess'"),
        (
            {"config": {"players": 9}},
            "is not a game record: 'config': featherlight: players must be 1 to 4, got 9",
        ),
        (
            {"config": {"players": 3}},
            "is not a game record: 'seats': 2 seats in a game of 3 players",
        ),
    ],
)
def test_a_malformed_line_is_left_out_with_a_warning_naming_it(
    tmp_path: Path, lines, change, message
):
    broken = [dict(line) for line in lines]
    broken[1].update(change)
    broken[1] = {k: v for k, v in broken[1].items() if v is not MISSING}
    path = tmp_path / "broken.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in broken))
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(path), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    warning = f"Warning: RESULTS: {path}: skipped 1 of 3 lines: line 2 {message}"
    assert [line[: len(warning)] for line in result.stderr.splitlines()] == [warning]
    summary = json.loads(result.stdout)
    assert summary["games"] == 2
    assert [(s["lines"], s["total"], s["first_line"]) for s in summary["skipped"]] == [(1, 3, 2)]
    assert (
        f"Left out: {path}: skipped 1 of 3 lines: line 2 {message}"
        in (out / "summary.md").read_text()
    )


def test_a_file_of_nothing_but_bad_lines_is_one_error_and_no_folder(tmp_path: Path, lines):
    bad = {**lines[0], "final": {"common": 5}}
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(bad) + "\nnot json\n" + json.dumps({**bad, "game": "chess"}) + "\n")
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        f"Error: RESULTS: no usable game in {path}; {path}: skipped 3 of 3 lines, the first: "
        "line 1 is not a game record: 'final.common' must be an object (what every seat saw at "
        "the end)"
    ]
    assert "Traceback" not in result.output
    assert not out.exists()
