"""``SearchProfile``: a game's word to its computer players is checked when it is made, and the
registry hands it out typed (issue 33: before, each setting was a module attribute read with
``getattr`` and a default, so a misspelt name was silently the default)."""

from __future__ import annotations

import dataclasses

import pytest

from fourfeathers.agents.heuristic import (
    SEARCH_DEFAULTS,
    default_evaluate,
    profile_for,
    repetition_for,
    search_setting,
)
from fourfeathers.core.registry import GameSpec, game_spec
from fourfeathers.core.search import DEFAULT_SCALE, SearchProfile


def test_a_misspelt_setting_is_an_error_where_it_is_written():
    with pytest.raises(TypeError, match="horizn"):
        SearchProfile(evaluate=default_evaluate, horizn=3)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"scale": 0.0}, "scale must be positive"),
        ({"position_key": lambda s, p: 0}, "go together"),
        ({"repeat_penalty": 5.0}, "go together"),
        ({"position_key": lambda s, p: 0, "repeat_penalty": -1.0}, "must be positive"),
    ],
)
def test_impossible_settings_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        SearchProfile(evaluate=default_evaluate, **fields)


def test_the_defaults_are_the_profiles_own():
    profile = SearchProfile(evaluate=default_evaluate)
    assert SEARCH_DEFAULTS == {
        "scale": DEFAULT_SCALE,
        "prior": 2.0,
        "prior_after": 4.0,
        "prior_depth": 0.0,
        "relative": 0.0,
        "horizon": 0.0,
        "turn_c": 0.0,
    }
    assert profile.result_settled is None and not profile.actions_interned
    with pytest.raises(dataclasses.FrozenInstanceError):
        profile.scale = 3.0  # type: ignore[misc]


def test_each_game_states_its_settings_in_its_profile():
    isle = profile_for("isle-of-feathers")
    assert (isle.scale, isle.prior, isle.horizon, isle.turn_c) == (20.0, 20.0, 3, 0.05)
    assert isle.actions_interned and isle.result_settled is not None
    assert search_setting("featherlight", "relative") == 1.0
    assert search_setting("featherlight", "prior_depth") == 1.0
    assert repetition_for("featherlight") is not None and repetition_for("fancy-feathers") is None
    assert profile_for("fancy-feathers").evaluate_all is not None


def test_a_bare_evaluate_is_a_profile_and_anything_else_is_refused():
    base = game_spec("featherlight")
    bare = dataclasses.replace(base, id="bare", heuristic=default_evaluate)
    profile = bare.search_profile()
    assert profile is not None and profile.evaluate is default_evaluate
    assert profile.prior == 2.0
    wrong = dataclasses.replace(base, id="wrong", heuristic=42)
    with pytest.raises(TypeError, match="wrong: its heuristic is a int"):
        wrong.search_profile()
    assert GameSpec.part_names()[0] == "heuristic"
