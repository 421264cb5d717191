"""Command-line conventions: -h, -V, completion, bare feathers, plain help, pasteable examples."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from fourfeathers import __version__
from fourfeathers.cli.main import app
from fourfeathers.core.build import build_description, compiled_modules
from fourfeathers.core.options import score_command
from fourfeathers.core.records import GameRecord
from fourfeathers.core.registry import list_games

runner = CliRunner()

COMMANDS = [
    [],
    ["games"],
    ["play"],
    ["simulate"],
    ["tournament"],
    ["replay"],
    ["report"],
    ["score"],
    ["serve"],
    *(["score", s.id] for s in list_games() if score_command(s)),
]


def help_text(command: list[str], flag: str = "--help") -> str:
    result = runner.invoke(app, [*command, flag], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_bare_feathers_shows_help_and_exits_0():
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    assert "Usage: feathers" in result.stdout and "play" in result.stdout


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = runner.invoke(app, [flag])
    assert result.exit_code == 0
    # the build that runs: these tests run the pure-Python modules (.ci/run, setup.py)
    assert result.stdout == f"fourfeathers {__version__} ({build_description()})\n"
    assert build_description() in ("pure Python", f"compiled: {len(compiled_modules())} modules")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_h_is_help_and_types_are_plain(command):
    text = help_text(command, "-h")
    assert text == help_text(command)
    labels = re.findall(r"<[a-zA-Z_\[\]| ]+>", text)
    assert labels == [], f"typed labels in help: {labels}"


def test_shell_completion_is_offered():
    assert "--install-completion" in help_text([])
    result = runner.invoke(app, ["--show-completion", "bash"])
    assert result.exit_code == 0 and "_feathers_completion" in result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_examples_in_help_can_be_pasted(command):
    """At 80 columns no example is wrapped or run together: each line is one command or the
    continuation of a line that ends with a backslash."""
    text = help_text(command).split("Examples:", 1)[1].split("╭", 1)[0]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert lines and lines[0].startswith("feathers ")
    joined = [line for line in lines if len(re.findall(r"(?<![\w-])feathers ", line)) > 1]
    assert joined == [], f"examples run together: {joined}"
    for before, line in zip(lines, lines[1:], strict=False):
        if not line.startswith("feathers "):
            assert before.endswith("\\"), f"wrapped: {before!r} / {line!r}"


def test_seats_are_0_based_in_every_json_output(tmp_path):
    out = tmp_path / "r.jsonl"
    simulate = runner.invoke(
        app, ["simulate", "featherlight", "-p", "3", "--games", "3", "--json", "--out", str(out)]
    )
    assert [s["seat"] for s in json.loads(simulate.stdout)["seats"]] == [0, 1, 2]
    save = tmp_path / "g.json"
    runner.invoke(app, ["play", "featherlight", "--seats", "random,random", "--save", str(save)])
    replayed = json.loads(runner.invoke(app, ["replay", str(save), "--json"]).stdout)
    assert replayed["winners"] == GameRecord.load(save).replay().winners()
    score = runner.invoke(
        app, ["score", "fancy-feathers", "--json", "--player", "3*fox", "--player", "monal:7"]
    )
    assert json.loads(score.stdout)["winner"] == 1
    assert "from 1 on screen and from 0 in JSON" in " ".join(help_text([]).split())
