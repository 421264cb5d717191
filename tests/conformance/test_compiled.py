"""The compiled build of the engines and the ISMCTS search (setup.py, what ``pip install .`` builds)
plays exactly as the pure-Python reference: from the same seeds the same actions, outcomes,
scores, heuristic values, determinizations and search statistics. Skipped, saying so, when no
compiled module is installed, unless ``FEATHERS_COMPILED=required`` (CI, which builds a copy of
the tree with ``.ci/run``) makes that a failure.

Both sides run in a fresh interpreter: the pure one with an import hook that loads each
module's ``.py`` even where a compiled one lies beside it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PLAY = """
import hashlib, json, random, sys
import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.registry import game_spec

CASES = [
    ("familiar-feat", {"level": 1}), ("familiar-feat", {"level": 5}),
    ("familiar-feat", {"level": 8, "variants": ["choose-cards"]}),
    ("isle-of-feathers", {"players": 2}), ("isle-of-feathers", {"players": 4}),
    ("isle-of-feathers", {"players": 1, "stamina": 3}),
    ("featherlight", {"players": 1}), ("featherlight", {"players": 4}),
    ("featherlight", {"players": 3, "variants": ["exact-same-colour", "no-put-back"]}),
    ("featherlight", {"players": 1, "variants": ["no-wind-on-last-turn", "no-put-back"]}),
    ("fancy-feathers", {"players": 2}), ("fancy-feathers", {"players": 6}),
    ("fancy-feathers", {"players": 2, "types": "first-game"}),
    ("fancy-feathers", {"players": 3, "types": ["peacock", "nest", "trap", "mirror", "monal",
                                                "fox"], "variants": ["fox-may-remove-itself"]}),
]
out = {"modules": {}, "games": []}
for game_id, config in CASES:
    game = fourfeathers.make(game_id, **config)
    evaluate = game_spec(game_id).part("heuristic").evaluate
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        actions, values = [], []
        while not state.is_terminal():
            legal = state.legal_actions()
            action = rng.choice(legal)
            actions.append(f"{len(legal)}:{action}")
            if len(actions) % 5 == 0:  # every legal action, in order
                actions.append(" ".join(map(str, legal)))
            if len(actions) % 7 == 0:
                p = state.current_player
                world = state.determinize(p, random.Random(seed + len(actions)))
                digest = hashlib.sha256(json.dumps(world.to_dict()).encode()).hexdigest()
                values.append([evaluate(state, p), evaluate(world, p), digest[:16]])
            if len(actions) % 29 == 0 and len(legal) > 1:
                search = make_agent("ismcts:iterations=60", seed)
                stats = search.analyse(SeatView(state, state.current_player))
                values.append([[str(s.action), s.visits, s.value] for s in stats])
            state.apply_action(action)
        out["games"].append([game_id, config, seed, actions, values, state.scores(),
                             state.returns(), state.to_dict()])
for name, module in sorted(sys.modules.items()):
    if name.startswith("fourfeathers."):
        out["modules"][name] = getattr(module, "__file__", None) or ""
print(json.dumps(out))
"""

PURE = """
import importlib.machinery, importlib.util, os, sys

class Source:  # fourfeathers modules from their .py, never a compiled module beside it
    @staticmethod
    def find_spec(name, path=None, target=None):
        if not name.startswith("fourfeathers"):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if not origin or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return spec
        source = os.path.join(os.path.dirname(origin), name.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(name, source)

sys.meta_path.insert(0, Source)
"""


def _run(code: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    )
    return json.loads(done.stdout)


def _compiled(modules: dict[str, str]) -> list[str]:
    from importlib.machinery import EXTENSION_SUFFIXES

    return sorted(n for n, f in modules.items() if f.endswith(tuple(EXTENSION_SUFFIXES)))


def test_compiled_playouts_equal_the_pure_python_ones():
    compiled = _run(PLAY)
    built = _compiled(compiled["modules"])
    if not built:
        if os.environ.get("FEATHERS_COMPILED") == "required":
            pytest.fail("a compiled build is required, but none is importable")
        pytest.skip("no compiled engine module is installed (pip install ., setup.py)")
    pure = _run(PURE + PLAY)
    assert _compiled(pure["modules"]) == [], "the import hook must load every module's .py"
    assert "fourfeathers.games.isle_of_feathers.rules_place" in built
    assert "fourfeathers.games.familiar_feat.rules_day" in built
    assert "fourfeathers.agents.ismcts" in built
    assert "fourfeathers.core.shuffle" in built
    for game in ("featherlight", "fancy_feathers"):
        for part in ("rules", "heuristic", "state"):
            assert f"fourfeathers.games.{game}.{part}" in built
    assert len(pure["games"]) == len(compiled["games"]) == 42
    for a, b in zip(pure["games"], compiled["games"], strict=True):
        assert a == b, f"{a[0]} {a[1]} seed {a[2]}: compiled play differs from pure Python"
