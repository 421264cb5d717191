"""The registry's parts and entry points, without installing anything (see
``tests/layout/test_entry_points.py`` for a real install)."""

from __future__ import annotations

import dataclasses
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from fourfeathers.agents.heuristic import default_evaluate
from fourfeathers.core import ENTRY_POINT_GROUP, GameSpec, registry
from fourfeathers.core.registry import game_spec, list_games, make

MODULE = """
from fourfeathers.core import GameSpec
from fourfeathers.core.registry import game_spec

BASE = game_spec("featherlight")


def evaluate(state, player):
    return 42.0


def spec():
    ref = f"{__name__}:evaluate"
    return GameSpec("tiny-copy", "Tiny", BASE.factory, (2,), "a copy", heuristic=ref)


SPEC = GameSpec("tiny-spec", "Tiny", BASE.factory, (2,), "a copy", heuristic=evaluate)
NOT_A_SPEC = 3
"""


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module on the path that defines games; the registry is restored afterwards."""
    (tmp_path / "tiny_plugin.py").write_text(textwrap.dedent(MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    yield "tiny_plugin"
    sys.modules.pop("tiny_plugin", None)


def entry(value: str) -> EntryPoint:
    return EntryPoint(name=value.rpartition(":")[2], value=value, group=ENTRY_POINT_GROUP)


def test_parts_load_on_first_use_and_are_kept():
    spec = game_spec("featherlight")
    assert spec.heuristic == ".heuristic:PROFILE"  # a reference, until asked for
    profile = spec.part("heuristic")
    assert profile.evaluate.__module__ == "fourfeathers.games.featherlight.heuristic"
    assert spec.part("heuristic") is profile
    assert spec.part("render").__name__ == "fourfeathers.games.featherlight.render"


def test_part_names_and_errors():
    assert GameSpec.part_names() == ("heuristic", "features", "render", "cli", "encoding", "web")
    spec = game_spec("familiar-feat")
    assert spec.part("features") is None
    with pytest.raises(ValueError, match="'view' is not a game part; parts: heuristic"):
        spec.part("view")
    broken = dataclasses.replace(spec, heuristic=".no_such_module:evaluate")
    with pytest.raises(ImportError, match=r"familiar-feat: its heuristic '\.no_such_module"):
        broken.part("heuristic")
    missing = dataclasses.replace(spec, heuristic=".heuristic:no_such_function")
    with pytest.raises(ImportError, match="no_such_function"):
        missing.part("heuristic")


def test_the_package_defaults_to_the_factorys():
    spec = dataclasses.replace(game_spec("featherlight"), package="")
    assert spec.part("heuristic").evaluate.__module__ == "fourfeathers.games.featherlight.heuristic"


def test_an_entry_point_gives_a_spec_or_a_callable(plugin: str):
    registry.register_entry_point(entry(f"{plugin}:SPEC"))
    registry.register_entry_point(entry(f"{plugin}:spec"))
    assert game_spec("tiny-spec").part("heuristic")(None, 0) == 42.0
    assert game_spec("tiny-copy").part("heuristic")(None, 0) == 42.0  # an absolute reference
    with pytest.raises(TypeError, match="it gives a int, not a GameSpec"):
        registry.register_entry_point(entry(f"{plugin}:NOT_A_SPEC"))
    with pytest.raises(ValueError, match="'tiny-spec' is already registered"):
        registry.register(dataclasses.replace(game_spec("tiny-spec"), factory=dict))


def test_a_broken_entry_point_is_a_warning_and_the_others_still_load(
    plugin: str, monkeypatch: pytest.MonkeyPatch
):
    found = [entry("no_such_module_anywhere:SPEC"), entry(f"{plugin}:SPEC")]
    monkeypatch.setattr(registry, "entry_points", lambda group: found)
    monkeypatch.setattr(registry, "_LOADED", False)
    with pytest.warns(UserWarning, match="entry point SPEC = no_such_module_anywhere:SPEC"):
        ids = [spec.id for spec in list_games()]
    assert "tiny-spec" in ids and "featherlight" in ids


def test_a_game_without_a_heuristic_is_valued_by_its_score_lead():
    state = game_spec("featherlight").factory(players=3).new_initial_state(seed=1)
    scores = state.scores()
    assert default_evaluate(state, 0) == scores[0] - max(scores[1:])


def test_a_spec_declaring_an_unknown_utility_is_refused_naming_the_game():
    factory = game_spec("featherlight").factory
    with pytest.raises(ValueError, match="x-game: utility 'zero sum' is none of zero-sum"):
        GameSpec("x-game", "X", factory, (2,), "", utility="zero sum")
    with pytest.raises(ValueError, match="x-game: solo_returns 'points' is none of score, win"):
        GameSpec("x-game", "X", factory, (1,), "", solo_returns="points")


def test_the_length_bound_is_the_declared_function_of_the_configuration():
    spec = game_spec("featherlight")
    assert spec.length_bound(make("featherlight", players=1)) == 42  # 21 wind cards, FL-108
    assert spec.length_bound(make("featherlight", players=3, max_turns=0)) is None
    bare = GameSpec("x-game", "X", spec.factory, (2,), "", max_length=lambda game: 7)
    assert bare.length_bound(make("featherlight")) == 7
    undeclared = GameSpec("x-game", "X", spec.factory, (2,), "")
    assert undeclared.length_bound(make("featherlight")) is None
