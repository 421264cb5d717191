"""Which build runs (core/build.py): a module is compiled when its file is a C extension."""

from __future__ import annotations

import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES

from fourfeathers.core import build


def test_pure_modules_are_not_counted_and_extension_files_are(monkeypatch):
    pure = build.compiled_modules()
    fake = types.ModuleType("fourfeathers.games.pebbles.rules")
    fake.__file__ = f"/x/fourfeathers/games/pebbles/rules{EXTENSION_SUFFIXES[0]}"
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    other = types.ModuleType("elsewhere")
    other.__file__ = f"/x/elsewhere{EXTENSION_SUFFIXES[0]}"  # not one of ours
    monkeypatch.setitem(sys.modules, other.__name__, other)
    assert build.compiled_modules() == sorted([*pure, "fourfeathers.games.pebbles.rules"])


def test_the_description_names_the_build(monkeypatch):
    monkeypatch.setattr(build, "compiled_modules", lambda: [])
    assert build.build_description() == "pure Python"
    monkeypatch.setattr(build, "compiled_modules", lambda: ["a"])
    assert build.build_description() == "compiled: 1 module"
    monkeypatch.setattr(build, "compiled_modules", lambda: ["a"] * 31)
    assert build.build_description() == "compiled: 31 modules"
    assert "fourfeathers.games.fancy_feathers.heuristic" in sys.modules  # every hot module


def test_the_hot_modules_are_each_games_declared_ones_and_the_shared_two():
    names = build.hot_modules()
    assert names[-2:] == ["fourfeathers.core.shuffle", "fourfeathers.agents.ismcts"]
    assert "fourfeathers.games.featherlight.heuristic" in names  # loaded lazily otherwise
    assert "fourfeathers.games.isle_of_feathers.rules_place" in names
    assert "fourfeathers.games.fancy_feathers.state" in names
    assert len(names) == len(set(names)) == 36
