"""benchmarks/strength.py: duplicate deals with rotated seats, win shares, the oracle (which no
seat may use), and short end-to-end runs of every command."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from fourfeathers import make
from fourfeathers.agents import AGENTS, ALIASES, SeatView, make_agent
from fourfeathers.cli.common import agent_names
from fourfeathers.games.isle_of_feathers.heuristic import SOLO_LEVELS

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "strength.py"


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_a_two_player_deal_is_played_from_both_sides(strength):
    jobs = strength.deal_jobs("featherlight", {"players": 2}, "A", "B", 3, 7)
    assert [job.seats for job in jobs] == [("A", "B"), ("B", "A")]
    assert len({job.seed for job in jobs}) == 1 and {job.match for job in jobs} == {3}
    other = strength.deal_jobs("featherlight", {"players": 2}, "A", "B", 4, 7)
    assert other[0].seed != jobs[0].seed  # every deal its own seed
    assert [job.index for job in jobs + other] == [6, 7, 8, 9]


def test_a_four_player_deal_is_two_against_two_in_every_seat(strength):
    jobs = strength.deal_jobs("fancy-feathers", {"players": 4}, "A", "B", 0, 1)
    assert [job.seats for job in jobs] == [("A", "B", "A", "B"), ("B", "A", "B", "A")]
    assert len({job.seed for job in jobs}) == 1
    for seat in range(4):  # each agent sits in every seat of the deal
        assert {job.seats[seat] for job in jobs} == {"A", "B"}


def test_the_same_deal_is_the_same_game_start_with_the_seats_swapped(strength):
    first, second = strength.deal_jobs("featherlight", {"players": 2}, "A", "B", 0, 5)
    game = make("featherlight", players=2)
    one, two = (game.new_initial_state(j.seed) for j in (first, second))
    assert one.to_dict() == two.to_dict()


def test_a_shared_victory_counts_as_a_share(strength):
    job = strength.deal_jobs("featherlight", {"players": 4}, "A", "B", 0, 1)[0]  # A B A B
    assert strength.a_share(job, [0], "A") == 1.0
    assert strength.a_share(job, [1], "A") == 0.0
    assert strength.a_share(job, [0, 1], "A") == 0.5
    assert strength.a_share(job, [0, 2, 3], "A") == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="2 or 4 players"):
        strength.lineup("A", "B", 3)


def test_early_stopping_stops_a_pair_once_its_interval_is_clear(strength, capsys):
    from types import SimpleNamespace

    def a_always_wins(jobs):
        for job in jobs:
            yield job, SimpleNamespace(winners=[job.seats.index("A")], scores=(1, 0))

    row = strength.play_pair(
        "featherlight", {"players": 2}, "A", "B", 100, 0, 1, True, 20, 5, play=a_always_wins
    )
    assert row["stopped_early"] and row["games"] == 20 and row["deals"] == 10
    assert row["a_win_share"] == 1.0 and row["ci95"][0] > 0.8
    progress = capsys.readouterr().err.splitlines()  # one line per block of deals
    assert len(progress) == 2 and progress[-1].startswith("featherlight {'players': 2}: A vs B: 20")
    full = strength.play_pair(
        "featherlight", {"players": 2}, "A", "B", 12, 0, 1, play=a_always_wins
    )
    assert not full["stopped_early"] and full["games"] == 24


def test_a_pair_stopped_by_hand_resumes_from_its_last_tally(strength, tmp_path):
    from types import SimpleNamespace

    def play(jobs):  # A wins the even deals, B the odd ones; scores tell the games apart
        for job in jobs:
            winner = "A" if job.match % 2 == 0 else "B"
            scores = tuple(job.index + (spec == "A") for spec in job.seats)
            yield job, SimpleNamespace(winners=[job.seats.index(winner)], scores=scores)

    args = ("featherlight", {"players": 2}, "A", "B", 7, 0, 1, False, 40, 3)
    whole = strength.play_pair(*args, play=play)
    out = strength.Output(str(tmp_path / "pairs.jsonl"))
    tallies = []
    strength.play_pair(*args, play=play, checkpoint=tallies.append)
    assert [t["deal"] for t in tallies] == [3, 6, 7]
    save = out.checkpoint("k")
    assert save is not None
    save(json.loads(json.dumps(tallies[0])))  # as read back from the file
    save(json.loads(json.dumps(tallies[1])))
    resumed = strength.Output(out.path).resume("k")
    assert resumed is not None and resumed["deal"] == 6 and not strength.Output(out.path).done("k")
    played = []
    rest = strength.play_pair(
        *args, play=lambda jobs: (played.extend(jobs), play(jobs))[1], resume=resumed
    )
    assert {job.match for job in played} == {6}  # only the deal not in the tally
    assert {k: v for k, v in rest.items() if k != "seconds"} == {
        k: v for k, v in whole.items() if k != "seconds"
    }
    assert whole["games"] == 14 and whole["a_win_share"] == round(8 / 14, 4)


def test_each_level_is_measured_as_it_plays_the_configuration(strength):
    isle_solo = ("isle-of-feathers", {"players": 1, "stamina": 4})
    assert strength.level_spec("hard", None, *isle_solo) == "ismcts:iterations=3000:c=0.05"
    assert strength.level_spec("medium", None, *isle_solo) == SOLO_LEVELS["medium"]
    assert strength.level_spec("hard", None, "featherlight", {"players": 2}) == (
        "ismcts:iterations=3000"
    )
    assert strength.level_spec("easy", None, "featherlight", {"players": 2}) == "greedy"
    given = "ismcts:iterations=40"
    assert strength.level_spec("hard", given, *isle_solo) == given
    assert strength.level_spec("hard", None, "isle-of-feathers", {"players": 2}) == (
        "ismcts:iterations=3000"
    )


def test_hard_seconds_measures_hard_in_a_share_of_its_time(strength):
    # --hard-seconds S: hard's time budget in CPU seconds, its iteration cap scaled alike
    assert strength.scaled_hard("ismcts:seconds=1.0:iterations=3000", 0.2) == (
        "ismcts:seconds=0.2:cpu=1:iterations=600"
    )
    isle_solo = ("isle-of-feathers", {"players": 1, "stamina": 4})
    assert strength.level_spec("hard", None, *isle_solo, 0.5) == (
        "ismcts:c=0.05:seconds=0.5:cpu=1:iterations=1500"
    )
    assert strength.level_spec("medium", None, *isle_solo, 0.5) == SOLO_LEVELS["medium"]
    assert strength.level_spec("hard", None, "featherlight", {"players": 2}, 0.2) == (
        "ismcts:seconds=0.2:cpu=1:iterations=600"
    )
    with pytest.raises(ValueError, match="no time budget"):
        strength.scaled_hard("ismcts:iterations=3000", 0.2)
    agent = make_agent(strength.scaled_hard("ismcts:seconds=1.0:iterations=3000", 0.2), 1)
    assert (agent.seconds, agent.cpu, agent.iterations) == (0.2, 1, 600)


def test_the_oracle_is_no_seat_kind(strength):
    assert strength.OracleAgent.name == "oracle"
    assert "oracle" not in AGENTS and "oracle" not in ALIASES  # importing the script added none
    assert "oracle" not in agent_names()
    with pytest.raises(ValueError, match="unknown agent 'oracle'"):
        make_agent("oracle")
    done = subprocess.run(
        [sys.executable, "-m", "fourfeathers", "play", "featherlight", "--seats", "oracle,easy"],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "unknown agent 'oracle'" in done.stderr


def test_the_oracle_searches_the_true_state_and_a_seat_does_not(strength):
    state = make("familiar-feat", level=1).new_initial_state(3)
    oracle_world = strength.TrueStateView(state, 0).determinize(random.Random(1))
    assert oracle_world.to_dict() == state.to_dict()  # the deck order too
    seat_worlds = [SeatView(state, 0).determinize(random.Random(s)).to_dict() for s in range(4)]
    assert any(world != state.to_dict() for world in seat_worlds)
    # a game whose search asks the view's world whether it is settled (the Isle's) plays too
    game = make("isle-of-feathers", players=1, stamina=1)
    isle = game.new_initial_state(3)
    oracle = strength.OracleAgent(0, 5, "ismcts", game)
    assert oracle.act_on_state(isle) in isle.legal_actions()


def test_the_oracle_searches_as_hard_does_in_the_game(strength):
    """hard's settings with the oracle's budget: the Isle's solo c of 0.05, elsewhere plain."""
    isle = make("isle-of-feathers", players=1, stamina=4)
    assert strength.oracle_spec(isle, 1000) == "ismcts:c=0.05:iterations=1000"
    oracle = strength.OracleAgent(0, 1000, "ismcts", isle).search
    assert (oracle.c, oracle.iterations, oracle.seconds) == (0.05, 1000, None)
    solo = make("featherlight", players=1)
    assert strength.oracle_spec(solo, 1000) == "ismcts:iterations=1000"


def test_ladder_command_runs_and_resumes(tmp_path):
    out = tmp_path / "ladder.jsonl"
    args = ("ladder", "--games", "4", "--pairs", "easy-random", "--only", "featherlight")
    done = run(*args, "--players", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["pair"] == "easy vs random" and row["games"] == 4 and row["deals"] == 2
    assert 0 <= row["ci95"][0] <= row["a_win_share"] <= row["ci95"][1] <= 1
    again = run(*args, "--players", "2", "--out", str(out))
    assert again.returncode == 0 and again.stdout == ""  # already in the file
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [("partial" in line) for line in lines] == [True, False]  # the tally, then the row
    assert lines[0]["partial"]["games"] == 4 and lines[0]["key"] == lines[1]["key"]
    table = run("table", str(out))
    assert table.returncode == 0, table.stderr
    assert (
        f"| featherlight | 2 | easy vs random | 4 (2) | {100 * row['a_win_share']:.1f}%"
        in table.stdout
    )


def test_solo_command_reports_paired_differences_and_the_oracle():
    args = ("--games", "3", "--only", "familiar-feat", "--levels", "random,easy")
    done = run("solo", *args, "--oracle-iterations", "10")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["config"]["level"] for r in rows] == [1, 4, 8]
    for row in rows:
        assert set(row["levels"]) == {"random", "easy"} and row["oracle"]["iterations"] == 10
        kinds = row["oracle"]["by_kind"]  # the oracle: the better of the two on each seed
        assert set(kinds) == {"ismcts", "greedy"}
        assert row["oracle"]["mean_score"] >= max(kinds.values()) - 1e-3
        (paired,) = row["paired"]
        easy, rand = row["levels"]["easy"]["mean_score"], row["levels"]["random"]["mean_score"]
        assert paired["mean_diff"] == pytest.approx(easy - rand, abs=1e-3)
        games_won = row["levels"]["easy"]["won"] - row["levels"]["random"]["won"]
        assert paired["won_diff"] == pytest.approx(games_won / 3, abs=1e-3)
        assert paired["won_ci95"][0] <= paired["won_diff"] <= paired["won_ci95"][1]


def test_caps_and_pair_commands_run():
    done = run("caps", "--games", "2", "--players", "1,2")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["config"]["players"] for r in rows] == [1, 2]
    assert all(r["games"] == 2 and 0 <= r["capped"] <= 2 for r in rows)
    assert {r["game"] for r in rows} == {"featherlight"}
    done = run("caps", "--game", "isle-of-feathers", "--games", "2", "--players", "2")
    assert done.returncode == 0, done.stderr
    (row,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert row["game"] == "isle-of-feathers" and row["games"] == 2 and row["mean_turns"] > 0
    done = run("pair", "fancy-feathers", "easy", "random", "-o", "players=4", "--games", "2")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["config"] == {"players": 4}
    done = run("pair", "fancy-feathers", "hard", "easy", "--games", "2", "--hard-seconds", "0.001")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["a"] == "ismcts:seconds=0.001:cpu=1:iterations=3"


def test_openspiel_command_plays_both_sides_of_a_deal():
    pytest.importorskip("pyspiel")
    done = run("openspiel", "--games", "2", "--seconds", "0.005", "--only", "fancy-feathers")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["b"] == "openspiel-ismcts" and row["games"] == 2 and row["deals"] == 1
    assert row["seconds_per_decision"] == 0.005


def test_help_names_every_command():
    done = run("--help")
    assert done.returncode == 0
    for command in ("pair", "ladder", "solo", "caps", "openspiel"):
        assert command in done.stdout


def test_the_tuning_script_ranks_a_grid_on_shared_seeds():
    script = SCRIPT.parent / "tune_ismcts.py"
    args = ["familiar-feat", "--base", "ismcts:iterations=20", "--grid", "c=0.35,0.7"]
    done = subprocess.run(
        [sys.executable, str(script), *args, "--games", "2", "-o", "level=8"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    specs = [r["spec"] for r in rows if "spec" in r]
    assert specs == ["ismcts:iterations=20:c=0.35", "ismcts:iterations=20:c=0.7"]
    assert rows[-1]["best"] in specs
