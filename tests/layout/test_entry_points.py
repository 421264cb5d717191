"""A game from another package: installed for real, then played, simulated and scored through
``feathers``.

The fixture ``tests/fixtures/pebbles`` is a package of its own that registers Pebbles in the
entry-point group ``fourfeathers.games`` and brings its own heuristic, ``--heap`` option and table
scoring. It is installed with pip into a temporary folder (``--target``) and ``feathers`` runs in
a subprocess with that folder on ``PYTHONPATH``; the test process itself never sees the game.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fourfeathers.core import list_games

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "pebbles"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder pip installed the fixture into (built from a copy: the tree stays clean)."""
    work = tmp_path_factory.mktemp("pebbles")
    source = work / "source"
    shutil.copytree(FIXTURE, source)
    target = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
        + ["--no-index", "--disable-pip-version-check", "--target", str(target), str(source)],
        check=True,
        timeout=300,
    )
    assert list((target).glob("feathers_pebbles-*.dist-info/entry_points.txt"))
    return target


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m fourfeathers ARGS`` with the installed fixture on the path."""
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "fourfeathers", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_the_test_process_does_not_know_the_game():
    assert "pebbles" not in {spec.id for spec in list_games()}


def test_the_installed_game_is_listed(site: Path):
    rows = json.loads(run(site, "games", "--json").stdout)
    (row,) = [r for r in rows if r["id"] == "pebbles"]
    assert row["title"] == "Pebbles" and row["players"] == [2, 3]
    assert {"featherlight", "fancy-feathers", "familiar-feat", "isle-of-feathers"} <= {
        r["id"] for r in rows
    }


def test_computer_seats_play_it_with_its_own_option(site: Path, tmp_path: Path):
    saved = tmp_path / "game.json"
    seats = ("--seats", "greedy,random", "--seed", "3", "--save", str(saved))
    result = run(site, "play", "pebbles", "--heap", "9", *seats)
    assert result.returncode == 0, result.stderr
    assert "Pebbles: seat 1 greedy, seat 2 random; seed 3" in result.stdout
    assert "Seat 1: take" in result.stdout and "Scores: " in result.stdout  # plain text: no render
    assert json.loads(saved.read_text())["config"] == {"players": 2, "heap": 9}
    replayed = run(site, "replay", str(saved), "--json")
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["finished"] is True


def test_simulation_uses_the_games_own_heuristic(site: Path):
    """The heuristic knows that the last pebble is won by leaving a multiple of 4, so greedy
    wins nearly every game against random (with the score lead alone: 40 of these 60)."""
    args = ("--games", "60", "--seed", "1", "--json")
    out = run(site, "simulate", "pebbles", "--agents", "greedy,random", "--no-rotate", *args)
    assert out.returncode == 0, out.stderr
    seats = json.loads(out.stdout)["seats"]
    assert seats[0]["agent"] == "greedy" and seats[0]["win_share"] >= 0.9
    probe = "from fourfeathers.agents.heuristic import heuristic_for as h; "
    probe += "print(h('pebbles').__module__)"
    module = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(site)},
        check=True,
    ).stdout.strip()
    assert module == "feathers_pebbles.heuristic"


def test_it_is_scored_at_the_table(site: Path):
    out = run(site, "score", "pebbles", "--taken", "7,8", "--last", "2", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"points": [7, 28], "winners": [2]}
    bad = run(site, "score", "pebbles", "--taken", "7,8", "--last", "3")
    assert bad.returncode == 2 and bad.stderr.startswith("Error: --last: ")
    assert "feathers score pebbles" in run(site, "score", "--help").stdout


def test_an_option_given_to_a_game_without_it_is_one_error_line(site: Path):
    result = run(site, "play", "featherlight", "--seats", "random,random", "--heap", "9")
    assert result.returncode == 2
    assert result.stderr == "Error: --heap: Featherlight has no such option (it is for Pebbles)\n"
    result = run(site, "simulate", "pebbles", "--level", "3")
    assert result.returncode == 2
    assert result.stderr == (
        "Error: --level: Pebbles has no such option (it is for Familiar Feat)\n"
    )
    assert "Pebbles in the heap (Pebbles: 5-30)." in run(site, "play", "--help").stdout
