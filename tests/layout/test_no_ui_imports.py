"""Building a game and playing it out load no UI library (rendering is a registration part).

Each check runs in a fresh interpreter: a playout of every registered game in its first
configuration, by agents through ``SeatView`` (greedy decisions use each game's heuristic), with
every action and outcome put into words; then the modules of rich, typer, click and matplotlib
loaded by then are printed.
"""

from __future__ import annotations

from probe import modules_loaded

PROBE = """
import random
{extra}
import fourfeathers
from fourfeathers.agents import SeatView, make_agent

for spec in fourfeathers.list_games():
    game = fourfeathers.make(spec.id, **spec.configurations[0])
    state = game.new_initial_state(seed=1)
    greedy, rng = make_agent("greedy", 1), random.Random(1)
    while not state.is_terminal():
        view = SeatView(state, state.current_player)
        action = greedy.act(view) if rng.random() < 0.05 else rng.choice(state.legal_actions())
        before = state.clone()
        game.describe_action(state, action)
        state.apply_action(action)
        game.describe_outcome(before, action, state)
"""
UI = ("rich", "typer", "click", "matplotlib")


def ui_modules_loaded(extra: str = "") -> list[str]:
    return modules_loaded(PROBE.format(extra=extra), UI)


def test_make_and_a_playout_import_no_ui_library():
    assert ui_modules_loaded() == []


def test_the_probe_sees_a_ui_import():
    """Proof that the probe can fail: with rich imported on the way, it reports rich."""
    assert ui_modules_loaded("import rich.text") == ["rich"]
