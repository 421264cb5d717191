"""Every command of the README runs: each ``feathers ...`` or ``python -m fourfeathers ...`` line
of its ``sh`` code blocks, in order, in one folder (so ``replay`` and ``report`` find the files
that the lines before them wrote), answering ``quit`` where a human seat is asked.

A command that runs until it is stopped (a server) says so in a comment, ``# runs until
Ctrl-C``: it is run with ``--help`` added, which still checks every option it names."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

README = Path(__file__).resolve().parents[2] / "README.md"
PROGRAMS = (("feathers",), ("python", "-m", "fourfeathers"))


UNTIL_STOPPED = "runs until Ctrl-C"


def readme_commands() -> list[list[str]]:
    """The feathers command lines of the README's ``sh`` blocks, as argument lists."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(), flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                for program in PROGRAMS:
                    if tuple(words[: len(program)]) == program:
                        help = ["--help"] if UNTIL_STOPPED in part else []
                        commands.append(words[len(program) :] + help)
    return commands


def test_the_readme_has_commands_of_every_kind():
    kinds = {words[0] for words in readme_commands()}
    assert {"games", "play", "score", "simulate", "replay", "tournament", "report"} <= kinds


def test_every_readme_command_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for words in readme_commands():
        result = runner.invoke(app, words, input="quit\nn\n")
        assert result.exit_code == 0, f"feathers {shlex.join(words)}\n{result.output}"
        assert "Traceback" not in result.output
    assert (tmp_path / "saved-game.json").is_file()
    assert (tmp_path / "ff-report" / "index.html").is_file()


def test_ci_runs_the_readme_test_command():
    """CI installs and tests exactly as the README says (an editable install)."""
    ci = (README.parent / ".ci" / "run").read_text()
    test_lines = [
        line.strip()
        for line in README.read_text().splitlines()
        if line.startswith("pip install -e ") and line.rstrip().endswith("&& python -m pytest")
    ]
    assert len(test_lines) == 1, "the README shows one test command"
    assert test_lines[0] in ci.splitlines()
    assert "Python 3.11 or newer" in README.read_text()
    assert "python3 -m venv .venv" in README.read_text() and "git clone" in README.read_text()


def test_a_command_that_runs_until_stopped_is_checked_with_help(tmp_path, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text("```sh\nfeathers games --json   # runs until Ctrl-C\n```\n")
    monkeypatch.setitem(globals(), "README", readme)
    assert readme_commands() == [["games", "--json", "--help"]]
