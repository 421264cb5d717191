"""The compiled build's list of modules (setup.py) comes from the game folders: each game names
its own hot modules in its ``__init__.py`` (``HOT_MODULES``), and setup.py names no game."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
GAMES = sorted(p.parent for p in (SRC / "fourfeathers" / "games").glob("*/__init__.py"))


def _setup_part(*names: str) -> dict[str, Any]:
    """The functions and constants ``names`` of setup.py, run without running ``setup()``."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    wanted: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            defined = {node.name}
        elif isinstance(node, ast.Assign):
            defined = {t.id for t in node.targets if isinstance(t, ast.Name)}
        else:
            continue
        if defined & set(names):
            wanted.append(node)
    namespace: dict[str, Any] = {"ast": ast, "Path": Path, "SRC": SRC}
    exec(compile(ast.Module(wanted, []), "setup.py", "exec"), namespace)
    return namespace


def test_setup_py_names_no_game():
    text = (ROOT / "setup.py").read_text(encoding="utf-8").lower()
    assert len(GAMES) >= 4
    for folder in GAMES:
        names = {folder.name, folder.name.replace("_", "-"), folder.name.replace("_", " ")}
        for name in names:
            assert name not in text, f"setup.py names the game {name!r}"


def test_every_declared_hot_module_exists_and_setup_py_compiles_them():
    part = _setup_part("declared_hot_modules", "SHARED_HOT_MODULES")
    declared = part["declared_hot_modules"](SRC)
    by_game = {}
    for folder in GAMES:
        game = importlib.import_module(f"fourfeathers.games.{folder.name}")
        for name in getattr(game, "HOT_MODULES", ()):
            assert (folder / f"{name}.py").is_file(), f"{folder.name} declares {name}"
            by_game.setdefault(folder.name, []).append(name)
    assert declared == [
        f"fourfeathers/games/{game}/{name}.py" for game, names in by_game.items() for name in names
    ]
    # the two slow engines' rules and states, as the compiled build has always had them
    assert "fourfeathers/games/familiar_feat/state.py" in declared
    assert "fourfeathers/games/isle_of_feathers/rules_place.py" in declared
    # Featherlight's and Fancy Feathers' states too: their compiled rules read native fields
    for game in ("featherlight", "fancy_feathers"):
        assert f"fourfeathers/games/{game}/state.py" in declared
    assert len(declared) == 34  # Familiar Feat's card tables (cardset) joined in issue 36
    for path in part["SHARED_HOT_MODULES"]:
        assert (SRC / path).is_file()


@pytest.mark.parametrize(
    "line",
    ["HOT_MODULES = ['rules']", "HOT_MODULES = ('rules', 3)", "HOT_MODULES = tuple(NAMES)"],
)
def test_a_malformed_declaration_is_refused_naming_its_file(tmp_path, line):
    folder = tmp_path / "fourfeathers" / "games" / "pebbles"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(f'"""A game."""\n\n{line}\n', encoding="utf-8")
    declared = _setup_part("declared_hot_modules")["declared_hot_modules"]
    with pytest.raises(ValueError, match=r"pebbles.__init__\.py: HOT_MODULES must be a tuple"):
        declared(tmp_path)


def test_a_game_without_a_declaration_compiles_nothing(tmp_path):
    for name, body in [("pebbles", '"""A game."""\n'), ("stones", "HOT_MODULES = ('rules',)\n")]:
        folder = tmp_path / "fourfeathers" / "games" / name
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text(body, encoding="utf-8")
    declared = _setup_part("declared_hot_modules")["declared_hot_modules"]
    assert declared(tmp_path) == ["fourfeathers/games/stones/rules.py"]
