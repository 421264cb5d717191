"""The benchmark scripts run (short smoke runs; real figures come from running them by hand)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True
    )


def test_playout_benchmark_reports_every_configuration_of_the_game_asked():
    done = run(
        "playouts.py", "--seconds", "0.02", "--rounds", "2", "--game", "featherlight", "--json"
    )
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert {r["game"] for r in rows} == {"featherlight"}
    assert {f"players={n}" for n in (1, 2, 3, 4)} <= {r["config"] for r in rows}
    for r in rows:
        assert r["games_s"] > 0 and r["decisions_s"] > r["games_s"]
        assert r["decisions_s_min"] <= r["decisions_s"] <= r["decisions_s_max"]
        if "vs_crazy_eights" in r:  # the bench extra is installed: the anchor is interleaved
            assert r["vs_crazy_eights_min"] <= r["vs_crazy_eights"] <= r["vs_crazy_eights_max"]
            assert r["crazy_eights_decisions_s"] > 0


def test_playout_benchmark_names_an_unknown_game():
    done = run("playouts.py", "--game", "chess")
    assert done.returncode == 2
    assert "unknown game(s) chess" in done.stderr and "featherlight" in done.stderr


def _agents_speed():
    spec = importlib.util.spec_from_file_location("agents_speed", BENCHMARKS / "agents_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_agent_speed_positions_leave_out_forced_decisions():
    module = _agents_speed()
    states = module.positions("familiar-feat", {"level": 1}, 4)
    assert len(states) == 4
    assert all(len(s.legal_actions()) > 1 for s in states)


def test_agent_speed_benchmark_reports_iterations_per_decision():
    args = ("--positions", "1", "--iterations", "5", "--levels", "easy,medium")
    done = run("agents_speed.py", *args, "--game", "featherlight")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert {"players=2", "players=1"} <= {line[18:40].strip() for line in lines[1:]}
    medium = [line for line in lines if "medium" in line]
    assert len(medium) == 2 and all(line.split()[-1] == "300" for line in medium)


def test_agent_speed_benchmark_takes_a_player_count_and_search_options():
    args = ("--positions", "1", "--iterations", "5", "--levels", "", "--playout-depths", "0")
    extra = ("--players", "4", "-o", "horizon=0", "--seconds", "0.05")
    done = run("agents_speed.py", *args, "--game", "isle-of-feathers", *extra)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:]
    assert len(rows) == 2
    assert {row[18:40].strip() for row in rows} == {"players=4"}
    assert "ismcts:iterations=5:playout_depth=0:horizon=0" in rows[0]
    assert "ismcts:seconds=0.05:horizon=0" in rows[1] and float(rows[1].split()[-1]) >= 1


def test_isle_calibration_counts_birds_and_writes_one_plot_per_target(tmp_path):
    out = tmp_path / "isle.json"
    args = ("--games", "3", "--configs", "2,solo1,solo4", "--json", str(out))
    done = run("calibrate_isle_of_feathers.py", *args, "--plots", str(tmp_path), "--markdown")
    assert done.returncode == 0, done.stderr
    summaries = json.loads(out.read_text())
    assert [s["config"] for s in summaries] == ["2", "solo1", "solo4"]
    for s in summaries:
        assert len(s["birds"]) == 52 and s["games"] == 3
        for bird in s["birds"]:
            assert 0 <= bird["placed"] <= bird["seen"] <= 3
            assert bird["points"] == bird["cost"]  # ruling IS-R31: points are the actions
        housed = round(sum(h[0] for h in s["housed"]) * 3, 6)  # from a mean: float error
        assert sum(b["placed"] for b in s["birds"]) <= housed  # a bird counts once per game
    assert summaries[1]["solo_scores"] != [] and len(summaries[1]["solo_scores"]) == 3
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == [
        "isle-dead-cards.png",
        "isle-first-player.png",
        "isle-housed.png",
        "isle-points.png",
        "isle-solo.png",
    ]
    assert "| levels | paired score difference |" in done.stdout
    for s in summaries:
        assert sum(s["ends"].values()) == 3
        assert set(s["ends"]) <= {"sand", "migration", "perfect", "cap"}
    for solo in summaries[1:]:
        early = solo["solo_early"]
        assert set(early) <= {0, 1} and solo["early_share"][0] == sum(early) / 3
        assert solo["early_share"][0] == solo["ends"].get("migration", 0) / 3
        # Migration cards before the last Bird token: never more than in the whole season
        pairs = zip(solo["solo_at_ten"], solo["solo_missed"], strict=True)
        assert all(0 <= a <= m for a, m in pairs)
        assert solo["perfect_share"][0] == solo["perfect"] / 3
        # a perfect season leaves no card to clear; Stamina Flit spent is never negative
        for left, perfect in zip(solo["solo_left"], solo["solo_perfect"], strict=True):
            assert left >= 0 and (left == 0) == bool(perfect)
        assert min(solo["solo_pool"]) >= 0 and len(solo["solo_trace"]) == 3
    assert "| levels | Migration cards before the last Bird token |" in done.stdout
    assert "| levels | seasons played alike |" in done.stdout


def test_isle_calibration_counts_paired_seasons_played_alike():
    module = _isle_calibration()
    a = {"level": 1, "games": 3, "solo_trace": ["x", "y", "z"]}
    b = {"level": 2, "games": 3, "solo_trace": ["x", "q", "z"]}
    c = {"level": 3, "games": 3, "solo_trace": ["u", "v", "w"]}
    assert module.solo_same([c, a, b]) == [(1, 2, 2, 3), (2, 3, 0, 3)]


def test_isle_habitat_share_ranks_birds_and_lists_redraws(tmp_path):
    islands = tmp_path / "islands.json"
    args = ("--games", "1", "--islands", str(islands), "--candidates", "43", "--redraws", "2")
    done = run("isle_habitat_share.py", *args)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and "%" in line]
    assert len(rows) == 52
    assert "bird 43, cost 2: lower quartile of its cost" in done.stdout
    assert done.stdout.count("  redraw ") == 2
    again = run("isle_habitat_share.py", "--islands", str(islands))  # read back, nothing played
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[:54] == done.stdout.splitlines()[:54]


def _isle_calibration():
    path = BENCHMARKS / "calibrate_isle_of_feathers.py"
    spec = importlib.util.spec_from_file_location("calibrate_isle_of_feathers", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_isle_calibration_stops_a_settled_game_with_its_final_scores():
    """Once every player has placed all ten Bird tokens no score can change: stopping there
    gives the played-out game's scores and win shares, and counts fewer birds as seen."""
    module = _isle_calibration()
    stopped = [module.play_one(("2", i, "greedy", 0, None, True)) for i in range(6)]
    settled = [g for g in stopped if g["end"] == "settled"]
    assert settled, [g["end"] for g in stopped]
    for g in settled:
        full = module.play_one(("2", g["game"], "greedy", 0, None, False))
        assert full["end"] in ("sand", "cap") and g["housed"] == full["housed"] == [10, 10]
        assert g["scores"] == full["scores"] and g["shares"] == full["shares"]
        assert sum(g["shares"]) == 1.0 and g["rounds"] <= full["rounds"]
        assert set(g["seen"]) <= set(full["seen"])


def test_isle_calibration_merges_saved_runs_later_files_winning(tmp_path):
    """--from-json with several files: a configuration in a later file replaces the earlier one
    (a 200-game rerun of 2 players over a run of 2, 3, 4), others keep the first file's order."""
    first, second = tmp_path / "all.json", tmp_path / "two.json"
    first.write_text(json.dumps([{"config": "2", "games": 30}, {"config": "3", "games": 30}]))
    second.write_text(json.dumps([{"config": "2", "games": 200}, {"config": "solo1", "games": 60}]))
    merged = _isle_calibration().merged([str(first), str(second)])
    assert [(s["config"], s["games"]) for s in merged] == [("2", 200), ("3", 30), ("solo1", 60)]


def test_review_benchmark_times_a_review_and_compares_it_with_ten_times_the_budget():
    done = run(
        "review.py", "--game", "isle-of-feathers", "--games", "1", "--budget", "5",
        "--agreement-decisions", "3", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert row["game"] == "isle-of-feathers" and row["budget"] == 5 and row["compared"] == 3
    assert row["seconds_per_game"] > 0 and 0 <= row["agreement_best"] <= 1


def _serve_load():
    spec = importlib.util.spec_from_file_location("serve_load", BENCHMARKS / "serve_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["serve_load"] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["serve_load"]
    return module


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Two single-process servers, each on its own SQLite file (they share nothing)."""
    pytest.importorskip("websockets")
    tmp_path = tmp_path_factory.mktemp("serve_load")
    module = _serve_load()
    ports = [module.free_port(), module.free_port()]
    servers = []
    try:
        for i, port in enumerate(ports):
            servers.append(module.start_server(f"sqlite:///{tmp_path / f's{i}.db'}", port))
        yield ports
    finally:
        for server in servers:
            server.terminate()
            server.wait(15)


@pytest.mark.parametrize(("pace", "clients"), [(None, 2), ("0.3-0.4", 1)])
def test_serve_load_spreads_tables_over_the_servers_given(two_servers, pace, clients):
    first, second = two_servers
    servers = ("--servers", f"{first},http://127.0.0.1:{second}/", "--clients", str(clients))
    size = ("--tables", "4", "--seconds", "2.5", "--moves", "40", "--json")
    done = run("serve_load.py", *servers, *size, *(("--pace", pace) if pace else ()))
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["mode"] == (f"paced {pace}" if pace else "flat-out")
    assert report["servers"] == 2 and report["connections"] == 8
    assert report["clients"] == clients
    # separate databases: a table's seats stay on the server that made it
    assert report["spread"] == "tables"
    assert report["errors"] == 0
    assert all(n > 0 for n in report["moves_by_server"])
    assert sum(report["moves_by_server"]) == report["moves"] > 0
    assert 0 < report["p50_ms"] <= report["p95_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert (
        report["moves_per_s"] > 0 and report["load_end"] >= 0 and report["client_lag_p99_ms"] >= 0
    )
    assert report["server_cpu_s"] is None  # not started by the benchmark: not measured
    if pace:  # a decision every 0.3 s at the most: 8 in 2.5 s, the first one of them included
        assert report["moves"] <= 4 * 9
    else:  # flat out, 40 moves a table take well under the 2.5 s
        assert report["moves"] > 4 * 9


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--servers", "8000,ftp://x"), "--servers: 'ftp://x' is neither a port nor a base URL"),
        (("--servers", ","), "--servers: no port or URL given"),
        (("--pace", "5-2"), "--pace: '5-2' needs 0 <= low <= high"),
        (("--pace", "fast"), "--pace: 'fast' is not SECONDS or LOW-HIGH"),
        (("--clients", "0"), "--clients are at least 1"),
        (("--tables", "2", "--clients", "3"), "--clients 3: more client processes than --tables"),
    ],
)
def test_serve_load_names_a_wrong_value(args, said, capsys):
    pytest.importorskip("websockets")
    with pytest.raises(SystemExit) as exit:
        _serve_load().parse_args(list(args))
    assert exit.value.code == 2 and said in capsys.readouterr().err


def test_serve_load_names_a_server_that_does_not_answer():
    pytest.importorskip("websockets")
    port = _serve_load().free_port()  # nothing listens there
    done = run("serve_load.py", "--servers", str(port), "--tables", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"--servers: no feathers server answers at http://127.0.0.1:{port}:" in done.stderr


def test_baselines_give_hard_the_budget_asked():
    """``--hard-seconds`` replaces hard's one second per decision (a 2-player Fancy Feathers
    game asks each seat about 15 decisions: 30 s at hard's own budget for one deal, both seats)."""
    done = run(
        "baselines.py",
        "--deals", "1", "--medium-deals", "0", "--hard-deals", "1", "--hard-seconds", "0.01",
        "--train-episodes", "0", "--mode", "fancy-feathers 2p", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)
    assert row["mode"] == "fancy-feathers 2p" and row["hard"]["deals"] == 1
    assert 0.0 <= row["hard"]["mean"] <= 1.0 and row["hard"]["seconds"] < 10
    assert "medium" not in row and "reinforce" not in row
