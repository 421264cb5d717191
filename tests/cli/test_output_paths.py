"""Output files go into existing folders only: no command creates a folder for one."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.arena.results import ResultsFile
from fourfeathers.arena.runner import plan_games
from fourfeathers.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "featherlight", "--games", "2"],
        ["tournament", "featherlight", "-n", "1"],
    ],
)
def test_out_in_a_missing_folder_is_refused(tmp_path: Path, args):
    out = tmp_path / "missing" / "x.jsonl"
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"Error: --out: the folder {out.parent} does not exist\n"
    assert not out.parent.exists()


def test_a_results_file_creates_no_folder(tmp_path: Path):
    out = tmp_path / "missing" / "x.jsonl"
    jobs = plan_games("featherlight", {}, ["random", "random"], 1, 0)
    with ResultsFile.open(out, jobs) as results, pytest.raises(OSError, match="folder does not"):
        results.append({"index": 0})
    assert not out.parent.exists()
