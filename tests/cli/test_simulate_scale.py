"""``feathers simulate --out``, ``feathers tournament`` and ``feathers report`` from the command
line: results files, resuming, reproducibility for any number of workers, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def assert_one_error_line(result, option: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Error: {option}"), lines[0]


FF = ["simulate", "fancy-feathers", "--agents", "greedy,random,random", "--seed", "3"]


def test_help_lists_the_new_commands():
    result = run("--help")
    for command in ("tournament", "report"):
        assert command in result.stdout
    for command in ("tournament", "report"):
        help_text = run(command, "--help").stdout
        assert "Example" in help_text and f"feathers {command}" in help_text


def test_out_file_has_one_line_per_game_and_rotated_seats(tmp_path: Path):
    out = tmp_path / "r.jsonl"
    result = run(*FF, "--games", "6", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in records] == list(range(6))
    assert records[0]["seats"] == ["greedy", "random", "random"]
    assert records[1]["seats"] == ["random", "random", "greedy"]
    assert records[2]["seats"] == ["random", "greedy", "random"]
    assert len({r["seed"] for r in records}) == 6
    summary = json.loads(result.stdout)
    assert [s["agent"] for s in summary["seats"]] == [None, None, None]  # rotated
    greedy = next(a for a in summary["agents"] if a["agent"] == "greedy")
    assert greedy["seat_games"] == 6
    assert greedy["win_share"] == pytest.approx(
        sum(
            1 / len(r["winners"])
            for r in records
            for p in r["winners"]
            if r["seats"][p] == "greedy"
        )
        / 6
    )


def test_any_worker_count_gives_the_same_file(tmp_path: Path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    a = run(*FF, "--games", "40", "--out", str(one), "--json")
    b = run(*FF, "--games", "40", "--out", str(two), "--json", "--workers", "2")
    assert a.exit_code == b.exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    assert a.stdout == b.stdout


def test_resume_appends_only_missing_games(tmp_path: Path):
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    run(*FF, "--games", "12", "--out", str(whole))
    run(*FF, "--games", "5", "--out", str(part))
    data = part.read_bytes()
    part.write_bytes(data[:-25])  # the run was killed while writing game 4
    result = run(*FF, "--games", "12", "--out", str(part))
    assert result.exit_code == 0, result.output
    assert "8 games played" in result.stdout and "4 read from the results file" in result.stdout
    assert part.read_bytes() == whole.read_bytes()
    again = run(*FF, "--games", "12", "--out", str(part), "--json")
    assert json.loads(again.stdout)["games"] == 12
    assert part.read_bytes() == whole.read_bytes()  # nothing left to play


@pytest.mark.parametrize(
    "change",
    [["--seed", "4"], ["--players", "3", "--types", "first-game"], ["--no-rotate"]],
)
def test_resuming_with_other_options_is_refused(tmp_path: Path, change):
    out = tmp_path / "r.jsonl"
    run(*FF, "--games", "3", "--out", str(out))
    args = [*FF, "--games", "3", "--out", str(out)]
    for i in range(0, len(change), 2):
        if change[i] in args:
            args[args.index(change[i]) + 1] = change[i + 1]
        else:
            args += change[i : i + 2]
    result = run(*args)
    assert_one_error_line(result, "--out")
    assert "another run" in result.stderr


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--backend", "threads"], "--backend"),
        (["--workers", "0"], "--workers"),
        (["--agents", "random,random"], "--agents"),
    ],
)
def test_bad_scale_options(args, option):
    assert_one_error_line(run("simulate", "fancy-feathers", "--players", "3", *args), option)


def test_solo_familiar_feat_simulation(tmp_path: Path):
    out = tmp_path / "ff.jsonl"
    result = run("simulate", "familiar-feat", "--level", "2", "--games", "5", "--out", str(out))
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text().splitlines()[0])
    assert record["config"]["level"] == 2 and record["seats"] == ["random"]
    assert record["final"]["common"]["level"] == 2


def test_tournament_json_ranking(tmp_path: Path):
    out = tmp_path / "t.jsonl"
    args = ["tournament", "fancy-feathers", "--agents", "random,greedy", "-n", "20", "--json"]
    result = run(*args, "--out", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 20 and len(out.read_text().splitlines()) == 20
    assert [row["agent"] for row in data["ranking"]] == ["greedy", "random"]
    for row in data["ranking"]:
        low, high = row["interval"]
        assert low == pytest.approx(row["mu"] - 2 * row["sigma"])
        assert high == pytest.approx(row["mu"] + 2 * row["sigma"])
        assert row["seat_games"] == 20
    assert {(h["agent"], h["opponent"]) for h in data["head_to_head"]} == {
        ("greedy", "random"),
        ("random", "greedy"),
    }
    assert json.loads(run(*args, "--out", str(out), "--workers", "2").stdout) == data
    table = run("tournament", "fancy-feathers", "--agents", "random,greedy", "-n", "4")
    assert "mu ± 2σ" in table.stdout and "greedy" in table.stdout


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--agents", "random"], "--agents"),
        (["--agents", "random,random"], "--agents"),
        (["--agents", "random,greedy", "--players", "3"], "--agents"),
        (["--agents", "random,greedy", "-n", "0"], "--games-per-pair"),
    ],
)
def test_tournament_bad_options(args, option):
    assert_one_error_line(run("tournament", "fancy-feathers", *args), option)


def test_report_writes_the_page_and_plots(tmp_path: Path):
    results = tmp_path / "r.jsonl"
    run(*FF, "--games", "30", "--out", str(results))
    out = tmp_path / "report"
    result = run("report", str(results), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "index.html" in result.stdout
    assert {"summary.md", "index.html", "summary.json"} <= {p.name for p in out.iterdir()}
    assert len(list(out.glob("*.png"))) >= 4
    data = json.loads(run("report", str(results), "--out", str(out), "--json").stdout)
    assert data["games"] == 30


def test_report_errors(tmp_path: Path):
    assert_one_error_line(run("report", str(tmp_path / "none.jsonl")), "RESULTS")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert_one_error_line(run("report", str(bad), "--out", str(tmp_path / "o")), "RESULTS")
