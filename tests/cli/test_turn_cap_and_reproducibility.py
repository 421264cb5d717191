"""Games stopped by the turn cap are marked on the end screen, in simulate and in reports; a
time-budget run says it is not reproducible and refuses to continue another run's file."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fourfeathers.cli.main import app

runner = CliRunner()
CAPPED = ["featherlight", "--seed", "2", "-o", "max_turns=3"]


def run(*args: str):
    return runner.invoke(app, list(args), input="", catch_exceptions=False)


def test_the_end_screen_says_the_turn_cap_stopped_the_game():
    result = run("play", *CAPPED, "--seats", "random,random")
    assert result.exit_code == 0, result.output
    assert "Stopped by the turn cap (the turn limit of 3 turns is reached" in result.stdout
    uncapped = run("play", "featherlight", "--seed", "2", "--seats", "random,random")
    assert "turn cap" not in uncapped.stdout


def test_simulate_and_report_count_the_capped_games(tmp_path: Path):
    out = tmp_path / "r.jsonl"
    result = run("simulate", *CAPPED, "--games", "4", "--out", str(out))
    assert "4 of 4 games were stopped by the turn cap" in result.stdout
    summary = json.loads(run("simulate", *CAPPED, "--games", "4", "--json").stdout)
    assert summary["capped"] == 4
    report = run("report", str(out), "--out", str(tmp_path / "rep"), "--json")
    assert json.loads(report.stdout)["groups"][0]["capped"] == 4
    assert (
        "**4** of these games were stopped by the turn cap"
        in (tmp_path / "rep" / "summary.md").read_text()
    )


def test_a_time_budget_run_is_not_reproducible(tmp_path: Path):
    out = tmp_path / "r.jsonl"
    args = ["simulate", *CAPPED, "--agents", "random,ismcts:seconds=0.001", "--out", str(out)]
    first = run(*args, "--games", "2")
    assert first.exit_code == 0, first.output
    assert "ismcts:seconds=0.001 thinks for a time budget" in first.stderr
    assert "not reproducible" in first.stderr
    again = run(*args, "--games", "4")
    assert again.exit_code == 2
    error = again.stderr.splitlines()[-1]
    assert error.startswith("Error: --out: ") and "another run cannot continue" in error
