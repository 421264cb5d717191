"""``feathers report`` on broken results files: one error line naming the line, no folder."""

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
        ({"config": MISSING}, "'config' must be an object"),
        ({"scores": ["x", 3]}, "'scores' must be a list of 2 numbers"),
        ({"scores": [1]}, "'scores' must be a list of 2 numbers"),
        ({"winners": [5]}, "'winners' must be a list of distinct seats 0-1"),
        ({"winners": "0"}, "'winners' must be a list of distinct seats 0-1"),
        ({"seats": "random"}, "'seats' must be a non-empty list of agent specs"),
        ({"decisions": -1}, "'decisions' must be an integer >= 0"),
        ({"index": "one"}, "'index' must be an integer >= 0"),
    ],
)
def test_a_malformed_line_is_one_error_naming_it(tmp_path: Path, lines, change, message):
    broken = [dict(line) for line in lines]
    broken[1].update(change)
    broken[1] = {k: v for k, v in broken[1].items() if v is not MISSING}
    path = tmp_path / "broken.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in broken))
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(path), "--out", str(out)])
    assert result.exit_code == 2, result.output
    errors = result.stderr.splitlines()
    assert len(errors) == 1
    assert errors[0].startswith(f"Error: RESULTS: {path}: line 2 is not a game record: {message}")
    assert "Traceback" not in result.output
    assert not out.exists()
