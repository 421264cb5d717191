"""Agent specs on the command line: a bad parameter is one error line before any game starts."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fourfeathers.agents import make_agent
from fourfeathers.cli.main import app

runner = CliRunner()

BAD = [
    ("ismcts:iterations=abc", "iterations must be an integer from 1 to 10,000,000, got 'abc'"),
    ("ismcts:iterations=0", "iterations must be an integer from 1"),
    ("ismcts:iterations=-5", "iterations must be an integer from 1"),
    ("ismcts:iterations=2.5", "iterations must be an integer from 1"),
    ("ismcts:seconds=-1", "seconds must be a number more than 0, at most 3,600, got '-1'"),
    ("ismcts:seconds=nan", "seconds must be a number more than 0"),
    ("ismcts:c=inf", "c must be a number from 0 to 100"),
    ("ismcts:depth=3", "agent 'ismcts' has no parameter 'depth'; its parameters: iterations ("),
    ("greedy:samples=0", "samples must be an integer from 1 to 10,000"),
    ("random:speed=2", "agent 'random' has no parameter 'speed'; it takes none"),
    ("ismcts:iterations", "parameter 'iterations' is not KEY=VALUE"),
]


@pytest.mark.parametrize(("spec", "message"), BAD)
def test_make_agent_names_the_parameter_and_its_allowed_values(spec, message):
    with pytest.raises(ValueError) as info:
        make_agent(spec)
    assert message in str(info.value)
    assert "__init__" not in str(info.value) and "keyword" not in str(info.value)


def one_error_line(args: list[str], option: str, message: str) -> None:
    result = runner.invoke(app, args, input="", catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # refused before the game starts: no header, no table
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {option}: agent "), lines
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(("spec", "message"), BAD[:8])
def test_every_seat_is_checked_before_the_game_starts(spec, message):
    # The bad seat comes after a human and a good computer seat.
    args = ["play", "featherlight", "--players", "3", "--seats", f"human,random,{spec}"]
    one_error_line(args, "--seats", message)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_simulate_and_tournament_check_agents_first(command):
    args = [command, "featherlight", "--agents", "random,ismcts:iterations=abc", "--games", "1"]
    if command == "tournament":
        args[-2] = "-n"
    one_error_line(args, "--agents", "iterations must be an integer from 1")


LEVEL = "is a difficulty level and takes no parameters (it stands for "


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "hard:seconds=1",
            f"'hard' {LEVEL}ismcts:seconds=1.0:iterations=3000); to set seconds, "
            "use ismcts:seconds=1",
        ),
        (
            "medium:iterations=50",
            f"'medium' {LEVEL}ismcts:iterations=300:prior=2:horizon=0); "
            "to set iterations, use ismcts:iterations=50",
        ),
        ("easy:samples=2", f"'easy' {LEVEL}greedy); to set samples, use greedy:samples=2"),
        (
            "easy:speed=2",
            f"'easy' {LEVEL}greedy); give an agent and its parameters instead, e.g. greedy",
        ),
        ("hard:", f"'hard' {LEVEL}ismcts:seconds=1.0:iterations=3000); give an agent"),
    ],
)
def test_a_difficulty_level_with_parameters_says_what_it_stands_for(spec, message):
    """It once said "unknown agent 'hard'; known agents: ..., hard" (which lists it)."""
    with pytest.raises(ValueError) as info:
        make_agent(spec)
    assert str(info.value).startswith(message)
    assert "unknown agent" not in str(info.value)
    args = ["simulate", "featherlight", "--games", "2", "--agents", f"{spec},random"]
    result = runner.invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"Error: --agents: {info.value}"]
