"""Counts that would exhaust memory: plans are lazy, every count is bounded, ``--workers`` is
capped at the work there is and the machine's cores."""

from __future__ import annotations

import gc
import itertools
import json
import os
import socket
import time
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.arena import runner as runner_module
from fourfeathers.arena import runs as runs_module
from fourfeathers.arena.results import ResultsFile
from fourfeathers.arena.runner import GameJob, plan_games, rotated
from fourfeathers.arena.tournament import plan_tournament
from fourfeathers.cli import simulate as simulate_module
from fourfeathers.cli.main import app
from fourfeathers.core.registry import make
from fourfeathers.core.rng import derive_seed

cli = CliRunner()


def peak_bytes(make) -> tuple[object, int]:
    tracemalloc.start()
    try:
        made = make()
        return made, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_plan_of_many_games_costs_no_memory():
    plan, peak = peak_bytes(lambda: plan_games("featherlight", {}, ["random", "greedy"], 10**6, 3))
    assert peak < 100_000, peak
    assert len(plan) == 10**6
    last = plan[-1]
    assert last == GameJob(
        10**6 - 1, "featherlight", {}, ("greedy", "random"), derive_seed(3, 10**6 - 1)
    )
    assert plan[5:7] == [plan[5], plan[6]] and plan[6].index == 6
    huge = plan_games("featherlight", {}, ["random", "greedy"], 10**8, 3)
    assert huge[10**8 - 1].seed == derive_seed(3, 10**8 - 1)


def test_a_tournament_plan_is_lazy_and_the_same_as_the_listed_one():
    agents = ["a", "b", "c", "d", "e"]
    plan, peak = peak_bytes(lambda: plan_tournament("x", {}, agents, 10**6, 0, 3))
    assert peak < 100_000, peak
    assert len(plan) == 10 * 10**6
    listed = [
        GameJob(t * 4 + j, "x", {}, rotated(table, j), derive_seed(0, t * 4 + j))
        for t, table in enumerate(itertools.combinations(agents, 3))
        for j in range(4)
    ]
    assert list(plan_tournament("x", {}, agents, 4, 0, 3)) == listed
    solo = plan_tournament("x", {}, agents[:3], 10**6, 0, 1)
    assert len(solo) == 3 * 2 * 10**6
    assert solo[-1] == GameJob(
        len(solo) - 1, "x", {}, ("c",), derive_seed(0, "match", 3 * 10**6 - 1), 3 * 10**6 - 1
    )


def test_resuming_a_huge_plan_lists_nothing(tmp_path: Path):
    out = tmp_path / "r.jsonl"
    made = cli.invoke(app, ["simulate", "featherlight", "--games", "3", "--out", str(out)])
    assert made.exit_code == 0, made.output
    plan = plan_games("featherlight", make("featherlight").config, ["random"] * 2, 10**8, 0)
    results, peak = peak_bytes(lambda: ResultsFile.open(out, plan))
    assert peak < 1_000_000, peak
    assert sorted(results.records) == [0, 1, 2]
    missing = results.missing
    assert len(missing) == 10**8 - 3
    assert missing[0] == plan[3] and missing[-1] == plan[-1]
    assert [job.index for job in missing[:2]] == [3, 4]


def test_simulate_of_a_hundred_million_games_starts_at_once_in_little_memory(
    tmp_path: Path, monkeypatch
):
    """Planned lazily, the first game is played and saved at once; the run is stopped (as by
    Ctrl-C) after one game."""
    real = runs_module.run_jobs

    def one_game_then_interrupt(jobs, *args):
        for pair in real(jobs, *args):
            yield pair
            raise KeyboardInterrupt

    monkeypatch.setattr(runs_module, "run_jobs", one_game_then_interrupt)
    for games in (10**6, 10**8):
        out = tmp_path / f"{games}.jsonl"
        started = time.perf_counter()
        args = ["simulate", "featherlight", "--games", str(games), "--out", str(out)]
        result, peak = peak_bytes(lambda: cli.invoke(app, args))  # noqa: B023
        assert time.perf_counter() - started < 5
        assert peak < 20_000_000, peak  # a listed plan of 10**6 games: far more
        assert result.exit_code == 130, result.output
        assert result.stderr.startswith("Interrupted; 1 games are saved in")
        assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["simulate", "featherlight", "--games", "10000000000"],
            "Error: --games: must be from 1 to 100,000,000 (one run), got 10,000,000,000",
        ),
        (
            ["tournament", "featherlight", "--games-per-pair", str(10**20)],
            "Error: --games-per-pair: 100,000,000,000,000,000,000 per pair make "
            "100,000,000,000,000,000,000 games; one run plays at most 100,000,000",
        ),
        (
            ["tournament", "familiar-feat", "--agents", "random,greedy", "-n", "60000000"],
            "Error: --games-per-pair: 60,000,000 per pair make 120,000,000 games; one run "
            "plays at most 100,000,000",
        ),
    ],
)
def test_a_count_beyond_one_run_is_one_line(args, line, monkeypatch):
    def no_planning(*args, **kwargs):
        raise AssertionError("planned before the count was checked")

    monkeypatch.setattr(simulate_module, "plan_games", no_planning)
    result = cli.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == line + "\n"


def test_workers_beyond_the_work_are_capped_and_said(tmp_path: Path):
    base = ["simulate", "featherlight", "--games", "2", "--json"]
    one = cli.invoke(app, [*base, "--workers", "1"])
    many = cli.invoke(app, [*base, "--workers", "100"])
    assert many.exit_code == 0, many.output
    assert many.stderr == "Note: --workers 100 capped at 2 (2 games to play).\n"
    assert json.loads(many.stdout)["seats"] == json.loads(one.stdout)["seats"]
    huge = cli.invoke(app, [*base, "--workers", str(10**20)])
    assert huge.exit_code == 0, huge.output
    assert huge.stderr == f"Note: --workers {10**20} capped at 2 (2 games to play).\n"


def test_workers_beyond_the_cores_are_capped(monkeypatch):
    monkeypatch.setattr(runner_module.os, "cpu_count", lambda: 3)
    assert runner_module.capped_workers(100, 10**6) == 6
    assert runner_module.capped_workers(100, 10**6, "ray") == 100
    assert runner_module.capped_workers(4, 10**6) == 4
    assert runner_module.capped_workers(4, 0) == 1
    assert os.cpu_count() is not None


def test_serve_workers_beyond_the_cores_are_capped(tmp_path: Path, monkeypatch):
    pytest.importorskip("uvicorn")
    pytest.importorskip("fastapi")
    from fourfeathers.cli import serve as serve_command

    served = {}

    def run(app, listening, **kw):  # serve binds first, then hands uvicorn the socket
        served.update(kw, bound=listening.getsockname())
        listening.close()

    monkeypatch.setattr(serve_command, "run", run)
    monkeypatch.setattr(gc, "freeze", lambda: None)  # serve tunes the collector for itself
    monkeypatch.setattr(gc, "set_threshold", lambda *a: None)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    db = f"sqlite:///{tmp_path / 'f.db'}"
    with socket.socket() as probe:  # a port nothing listens on now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = cli.invoke(app, ["serve", "--db", db, "--workers", str(10**20), "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert (
        result.stderr == f"Note: --workers {10**20} capped at 4 (2 per core of this machine's 2).\n"
    )
    assert served["port"] == port and served["bound"] == ("127.0.0.1", port)
