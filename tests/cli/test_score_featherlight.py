"""``feathers score featherlight`` with several hands: each scored, the winner named."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

runner = CliRunner()

NEST = "4,28,31,43,60,68"
KIRA = "3,6,8,15,65"  # the rulebook's example hand: 83 points


def run(*args: str):
    return runner.invoke(app, ["score", "featherlight", *args], catch_exceptions=False)


def hands(*cards: str) -> list[str]:
    return [arg for hand in cards for arg in ("--hand", hand)]


def test_several_hands_name_the_winner():
    result = run(*hands(KIRA, "1,2,5,7,9"), "--nest", NEST)
    assert result.exit_code == 0, result.output
    assert "Hand 1: 83 points" in result.stdout and "Hand 2: 7 points" in result.stdout
    assert result.stdout.rstrip().endswith("Hand 1 wins with 83 points")
    data = json.loads(run(*hands("1,2,5,7,9", KIRA), "--nest", NEST, "--json").stdout)
    assert [h["total"] for h in data["hands"]] == [7, 83]
    assert data["winners"] == [1]  # 0-based hand indexes


@pytest.mark.parametrize(
    ("first", "second", "winners", "words"),
    [
        # 28 points each: 4 colours against 3, the tie goes to the first hand (FL-45).
        ("1,26,55,57,59", "10,36,52,56,62", [0], "Hand 1 wins with 28 points (tied on points"),
        # 26 points each and 4 colours each: shared (FL-46).
        ("1,11,42,54,57", "18,24,29,50,56", [0, 1], "Hand 1 and hand 2 share the victory"),
    ],
)
def test_a_tie_on_points_follows_the_rulebook(first, second, winners, words):
    data = json.loads(run(*hands(first, second), "--nest", NEST, "--json").stdout)
    assert [h["total"] for h in data["hands"]][0] == [h["total"] for h in data["hands"]][1]
    assert data["winners"] == winners
    assert words in run(*hands(first, second), "--nest", NEST).stdout


def test_one_hand_works_as_before():
    data = json.loads(run("--hand", KIRA, "--nest", NEST, "--json").stdout)
    assert set(data) == {"total", "cards"} and data["total"] == 83
    assert "wins" not in run("--hand", KIRA, "--nest", NEST).stdout


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ((KIRA, "1,2,5,7,65"), "--hand: card 65 is in hand 1 and in hand 2"),
        ((KIRA, "1,2,5,7"), "--hand: hand 2: a hand holds 5 cards, got 4"),
        ((KIRA, "1,2,5,7,4"), "--nest: card 4 is given twice"),
        ((KIRA, "1,2,5,7,9", "10,11,12,13,14", "16,17,18,19,20", "21,22,23,24,25"), "1 to 4"),
    ],
)
def test_bad_hands_are_one_error_line(cards, words):
    result = run(*hands(*cards), "--nest", NEST)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: --") and words in line


BIG = "9" * 5000  # more digits than Python converts to an int (4300)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--hand", BIG, "--nest", NEST), "--hand: 9999999999"),
        (("--hand", KIRA, "--nest", BIG), "--nest: 9999999999"),
        (("--hand", KIRA, "--nest", "4/" + BIG), "--nest: 9999999999"),
        (("--hand", "0" * 5000 + "3,6,8,15,65", "--nest", NEST), "83"),
    ],
)
def test_a_number_of_thousands_of_digits_is_one_error_line(args, words):
    result = run(*args)
    if words == "83":  # leading zeros are no number too long: the rulebook's hand still scores
        assert result.exit_code == 0, result.output
        assert "83" in result.stdout
        return
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: {words}") and "no card has a number of 5000 digits" in line
    assert len(line) < 120
