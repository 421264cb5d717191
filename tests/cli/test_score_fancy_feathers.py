"""``feathers score fancy-feathers``: score a finished table game per player and type."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["score", "fancy-feathers", *args], catch_exceptions=False)


def as_json(*players: str) -> dict:
    args = [a for p in players for a in ("--player", p)]
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def assert_one_error_line(result, words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: --player: "), lines[0]
    assert words in lines[0]
    assert "Traceback" not in result.output


def test_issue_example_json_shape():
    data = as_json("golden-pheasant:3, 2*green-pheasant, 3*nest", "peacock, 2*mirror")
    assert data == {
        "players": [
            {
                "total": 17,
                "by_type": {
                    "golden-pheasant": 3,
                    "green-pheasant": 5,
                    "peacock": 0,
                    "nest": 9,
                    "mirror": 0,
                },
            },
            {
                "total": -8,
                "by_type": {
                    "golden-pheasant": 0,
                    "green-pheasant": 0,
                    "peacock": -10,
                    "nest": 0,
                    "mirror": 2,
                },
            },
        ],
        "winner": 0,
    }


def test_table_output_breakdown_totals_and_winner():
    result = run("--player", "golden-pheasant:3, 2*green-pheasant, 3*nest", "--player", "peacock")
    assert result.exit_code == 0
    out = result.stdout
    assert "Player 1: 17 points" in out and "Player 2: -10 points" in out
    assert "1 pair x 5" in out and "3 x 3" in out
    assert "Player 1 wins with 17 points" in out


def test_rulebook_examples_at_the_table():
    green = as_json("5*green-pheasant", "none")
    assert green["players"][0]["by_type"]["green-pheasant"] == 8
    monal = as_json("monal:7, 2*monal:3", "")
    assert monal["players"][0]["total"] == 6
    mirror = as_json("2*mirror, golden-pheasant:1, green-pheasant", "fox")
    assert mirror["players"][0]["by_type"]["mirror"] == 4
    angelika = "2*lady-amherst-pheasant, 3*blood-pheasant, 4*green-pheasant, 4*reeves-pheasant"
    hedwig = (
        "3*lady-amherst-pheasant, 3*blood-pheasant, 2*green-pheasant, 2*reeves-pheasant, "
        "golden-pheasant:1, golden-pheasant:2, golden-pheasant:3, 2*pheasant-fart:1"
    )
    lady = as_json(angelika, hedwig)
    assert lady["players"][0]["by_type"]["lady-amherst-pheasant"] == 10
    assert lady["players"][1]["by_type"]["lady-amherst-pheasant"] == 0


def test_a_tie_goes_to_the_player_who_left_first():
    data = as_json("nest", "fox", "2*fox")
    assert [p["total"] for p in data["players"]] == [1, 2, 4]
    assert data["winner"] == 2
    tie = run("--player", "fox", "--player", "fox")
    assert "Player 1 wins with 2 points (tied with player 2; left the Path earlier)" in tie.stdout


def test_variant_changes_the_nest_score():
    plain = as_json("6*nest", "fox", "fox")
    assert plain["players"][0]["total"] == 25
    result = run("--player", "6*nest", "--player", "fox", "--variant", "nest-five-each", "--json")
    assert json.loads(result.stdout)["players"][0]["total"] == 30


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["owl", "nest"], "player 1: 'owl' is not an animal type"),
        (["nest", "golden-pheasant"], "player 2: golden-pheasant needs its printed value"),
        (["golden-pheasant:5", "nest"], "golden-pheasant cards print 1, 2, 3, not 5"),
        (["monal:4", "nest"], "monal cards print 3, 5, 7, not 4"),
        (["nest:2", "fox"], "nest cards print no value"),
        (["0*nest", "fox"], "the count before * must be at least 1"),
        (["nest,,fox", "fox"], "an empty entry"),
        (["two nests", "fox"], "player 1: 'two nests' is not an animal type"),
        (["7*nest", "fox"], "7 nest cards, but a 2-player game has only 6"),
        (["nest"] * 7, "1 to 6 players"),
        # A count is bounded by the copies of the card a game holds, before any list is made.
        (["99999999999*peacock"], "player 1: 99999999999 peacock cards, but a 6-player game"),
        (["fox", "3*peacock", "1000*fox"], "player 3: 1000 fox cards, but a 3-player game"),
        (["9" * 5000 + "*nest"], "player 1: 9999999999999999999999999999999999999... nest"),
        (["golden-pheasant:" + "3" * 5000], "golden-pheasant:33333333333333333333"),
        (["nest, fox, trap, mirror", "peacock, monal:3, reeves-pheasant"], "uses 6 animal types"),
    ],
)
def test_bad_token_is_one_error_line(players, words):
    args = [a for p in players for a in ("--player", p)]
    assert_one_error_line(run(*args), words)


def test_bad_variant_is_one_error_line():
    result = run("--player", "nest", "--player", "fox", "--variant", "nope")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --variant: ")


def test_help_has_examples():
    result = run("--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and "feathers score fancy-feathers" in result.stdout


@pytest.mark.parametrize("flag", [(), ("--json",)])
def test_more_cards_than_a_game_deals_is_an_error(flag):
    """2 players: 6 types x 6 cards, 6 of them stay in the box (FF-10): at most 30 collected."""
    result = run(
        "--player", "6*nest,6*peacock,6*mirror", "--player", "6*fox,6*trap,2*monal:3", *flag
    )
    assert_one_error_line(result, "32 cards")


def test_a_one_point_win_is_singular():
    result = run("--player", "nest", "--player", "trap")
    assert result.exit_code == 0, result.output
    assert re.search(r"Player 1: 1 point *\n", result.stdout)
    assert "wins with 1 point" in result.stdout and "wins with 1 points" not in result.stdout


def test_one_collection_alone_is_scored():
    data = as_json("golden-pheasant:3, 2*green-pheasant, 3*nest")
    assert data == {
        "players": [
            {"total": 17, "by_type": {"golden-pheasant": 3, "green-pheasant": 5, "nest": 9}}
        ],
        "winner": 0,
    }
    shown = run("--player", "2*lady-amherst-pheasant")
    assert shown.exit_code == 0, shown.output
    assert "Player 1: 10 points" in shown.stdout and "wins" not in shown.stdout
    assert "as if no player had fewer cards" in shown.stdout
    # The card limits of the largest table (6 players: 18 nests).
    assert as_json("7*nest")["players"][0]["total"] == 25
    assert_one_error_line(run("--player", "19*nest"), "19 nest cards, but a 6-player game has")


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Lady Amherst's Pheasant", "lady-amherst-pheasant"),
        ("lady amherst pheasant", "lady-amherst-pheasant"),
        ("Lady A.", "lady-amherst-pheasant"),
        ("green pheasant", "green-pheasant"),
        ("Green", "green-pheasant"),
        ("blood", "blood-pheasant"),
        ("Reeves's Pheasant", "reeves-pheasant"),
        ("Pheasant Fart:2", "pheasant-fart"),
        ("2*nests", "nest"),
        ("3 * foxes", "fox"),
    ],
)
def test_the_names_the_play_screen_shows_are_accepted(typed, name):
    data = as_json(typed, "none")
    assert list(data["players"][0]["by_type"]) == [name]


@pytest.mark.parametrize(
    ("typed", "nearest"),
    [("gren pheasant", "green-pheasant"), ("peacok", "peacock"), ("lady amherst", None)],
)
def test_a_typo_gets_the_nearest_name(typed, nearest):
    result = run("--player", typed, "--player", "fox")
    if nearest is None:  # not a typo: a name that is accepted
        assert result.exit_code == 0, result.output
        return
    assert_one_error_line(
        result, f"player 1: {typed!r} is not an animal type; did you mean {nearest}?"
    )
