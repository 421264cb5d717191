"""``feathers review``: the JSON shape, the default seat, the charts, and one error line (exit 2,
no traceback) for a missing file, a malformed record, a seat or budget out of range."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app
from fourfeathers.core.records import GameRecord

runner = CliRunner()

ACTIONS = ["take 1", "put 6 on 1", "draw 2", "put 60 on 2", "draw 2"]
"""The first decisions of ``feathers play featherlight --seats greedy,greedy --seed 3``."""


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    GameRecord("featherlight", {"players": 2}, 3, ACTIONS, {"seats": ["greedy", "human"]}).save(
        path
    )
    return path


def test_json_review_of_the_first_human_seat(saved: Path):
    result = run("review", str(saved), "--budget", "20", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seat"] == 1  # the human seat (seat 2 on screen)
    assert data["game"] == "featherlight" and data["players"] == 2 and not data["solo"]
    assert data["budget"] == 20 and data["level_budget"] == 3000 and data["seconds"] is None
    assert data["thresholds"] == {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 20.0}
    assert [d["index"] for d in data["decisions"]] == [2, 3]  # seat 2: "draw 2", "put 60 on 2"
    first = data["decisions"][0]
    assert first["played"]["action"] == "draw 2" and first["iterations"] == 20 and first["short"]
    assert 0 <= first["played"]["estimate"] <= 1 and first["mark"] in ("", *data["counts"])
    assert set(data["counts"]) == {"inaccuracy", "mistake", "blunder"}
    again = run("review", str(saved), "--budget", "20", "--json")
    assert json.loads(again.stdout) == data


def test_terminal_review_lists_every_decision_and_writes_the_svg_chart(saved: Path):
    chart = saved.parent / "chart.svg"
    result = run(
        "review", str(saved), "--seat", "1", "--budget", "10", "--all", "--chart", str(chart)
    )
    assert result.exit_code == 0, result.output
    assert "Featherlight, seat 1: 3 decisions reviewed (0 forced skipped)" in result.stdout
    assert "Marks from a loss of 5 (inaccuracy), 10 (mistake), 20 (blunder) win-chance points" in (
        result.stdout
    )
    assert "fewer than the hard level's 3,000 iterations" in result.stdout
    assert chart.read_text().startswith("<svg ")


def test_a_png_chart_without_matplotlib_says_how_to_install_it(saved: Path, monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = run("review", str(saved), "--chart", str(saved.parent / "c.png"))
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: --chart: a PNG chart needs matplotlib: pip install 'fourfeathers[report]' "
        "(or give a FILE.svg)\n"
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--seat", "3"], "Error: --seat: must be a seat from 1 to 2, got 3"),
        (["--seat", "0"], "Error: --seat: must be a seat from 1 to 2, got 0"),
        (["--budget", "0"], "Error: --budget: must be an integer from 1 to 1,000,000, got 0"),
        (["--seconds", "nan"], "Error: --seconds: must be a number from 0.001 to 3,600 seconds"),
        (["--chart", "/no/such/folder/c.svg"], "Error: --chart: the folder /no/such/folder"),
    ],
)
def test_a_bad_option_is_one_line(saved: Path, args: list[str], line: str):
    result = run("review", str(saved), *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(line) and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (None, "cannot read saved game"),
        ("{not json", "not JSON"),
        ('{"game": "featherlight"}', "game record field 'config' is missing"),
        ('{"game": "chess", "config": {}, "seed": 1, "actions": []}', "unknown game 'chess'"),
        (
            '{"game": "featherlight", "config": {"players": 2}, "seed": 3, "actions": ["take 99"]}',
            "record action #0 'take 99'",
        ),
    ],
)
def test_a_bad_record_is_one_line(tmp_path: Path, text: str | None, reason: str):
    path = tmp_path / "r.json"
    if text is not None:
        path.write_text(text)
    result = run("review", str(path), "--budget", "5")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: FILE: ") and reason in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_a_chart_of_any_other_name_is_a_png_not_a_traceback(saved: Path):
    """--chart says 'any other name as PNG': a .txt name once crashed in matplotlib after the
    whole review had run ("Format 'txt' is not supported")."""
    pytest.importorskip("matplotlib")
    chart = saved.parent / "chart.txt"
    result = run("review", str(saved), "--budget", "5", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert chart.read_bytes().startswith(b"\x89PNG\r\n")
