"""What a game offers its users, declared as data (``core/options.py``): the command line and the
lobby read the same declarations, and a game's table scoring runs without any interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from fourfeathers.core import Game, list_games, make
from fourfeathers.core.options import (
    FieldError,
    GameOption,
    ScoreResult,
    game_options,
    score_command,
)
from fourfeathers.core.registry import game_spec
from fourfeathers.web.lobby import form


def test_an_options_values_are_its_words_or_its_bounds():
    assert GameOption("level", "--level", int, "N", "Level", bounds=(1, 8)).values == "1-8"
    words = GameOption("types", "--types", str, "T", "Types", "first-game or random")
    assert words.values == "first-game or random"
    assert GameOption("x", "--x", str, "X", "X").values == ""


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_the_lobby_reads_the_options_the_command_line_reads(spec):
    fields = {f["name"]: f for f in form(spec)}
    for option in game_options(spec):
        field = fields[option.key]
        assert (field["label"], field["type"]) == (option.help, option.type.__name__)
        if option.bounds:
            assert (field["min"], field["max"]) == option.bounds
        if option.choices:
            assert [c["value"] for c in field["choices"]] == list(option.choices)
            assert field.get("free", False) == option.free


def test_the_shipped_options_declare_their_bounds_and_choices():
    level = {o.key: o for o in game_options(game_spec("familiar-feat"))}["level"]
    assert (level.bounds, level.values) == ((1, 8), "1-8")
    (types,) = game_options(game_spec("fancy-feathers"))
    assert types.choices == ("random", "first-game") and types.free


def build_for(game_id: str):
    """A ``Build`` without the command line: the game with ``config``, errors as they come."""

    def build(config: Mapping[str, Any] | None = None, field: str | None = None) -> Game:
        return make(game_id, **(config or {}))

    return build


def test_featherlight_scores_a_table_as_plain_data():
    command = score_command(game_spec("featherlight"))
    assert command is not None and [f.flag for f in command.fields] == ["--hand", "--nest"]
    values = {"hand": ["3,6,8,15,65", "1,2,5,7,9"], "nest": "4,28,31,43,60,68"}
    result = command.score(values, build_for("featherlight"))
    assert isinstance(result, ScoreResult)
    assert [s.title for s in result.sheets] == ["Hand 1: 83 points", "Hand 2: 7 points"]
    assert result.sheets[0].rows[0] == ("3 red", "15", "15 if 4+ colours in hand: 5 colours, met")
    assert result.data["winners"] == [0] and result.data["hands"][0]["total"] == 83
    assert result.lines == (("Hand 1 wins with 83 points", True),)


@pytest.mark.parametrize(
    ("values", "field", "reason"),
    [
        ({"hand": ["3,x"], "nest": "4,28,31,43,60,68"}, "--hand", "'x' is not a card number"),
        ({"hand": ["3,6,8,15,65"], "nest": "4,28"}, "--nest", "the nest has 6 stacks, got 2"),
    ],
)
def test_a_bad_score_field_is_a_field_error_naming_its_flag(values, field, reason):
    command = score_command(game_spec("featherlight"))
    assert command is not None
    with pytest.raises(FieldError) as caught:
        command.score(values, build_for("featherlight"))
    assert caught.value.field == field and caught.value.reason.startswith(reason)


def test_fancy_feathers_scores_a_table_as_plain_data():
    command = score_command(game_spec("fancy-feathers"))
    assert command is not None
    values = {"player": ["monal:7, 2*monal:3", "3*fox"]}
    result = command.score(values, build_for("fancy-feathers"))
    assert result.data == {
        "players": [
            {"total": 6, "by_type": {"monal": 6, "fox": 0}},
            {"total": 6, "by_type": {"monal": 0, "fox": 6}},
        ],
        "winner": 0,
    }
    assert result.lines == (
        ("Player 1 wins with 6 points (tied with player 2; left the Path earlier)", True),
    )
    with pytest.raises(FieldError, match="did you mean peacock"):
        command.score({"player": ["peacok"]}, build_for("fancy-feathers"))
