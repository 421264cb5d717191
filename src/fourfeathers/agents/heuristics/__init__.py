"""Per-game position heuristics for the ``greedy`` agent (and ISMCTS playouts).

Each game may have a module here named after its id (``featherlight`` -> ``featherlight.py``,
``familiar-feat`` -> ``familiar_feat.py``) with one function:

    evaluate(state: State, player: int) -> float

the value of a (determinized, full) ``state`` for ``player``: higher is better, on the game's own
score scale. A game without a module is evaluated by ``default_evaluate``: its returns when over,
else the player's score minus the best other score.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

from ...core.game import State

Heuristic = Callable[[State, int], float]


def default_evaluate(state: State, player: int) -> float:
    """Score lead: the player's score minus the best other seat's (the score alone in solo)."""
    scores = state.scores()
    mine = scores[player]
    others = [s for p, s in enumerate(scores) if p != player]
    return float(mine - max(others)) if others else float(mine)


@cache
def heuristic_for(game_id: str) -> Heuristic:
    """The ``evaluate`` function for ``game_id`` (``default_evaluate`` if it has none)."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return default_evaluate
    evaluate: Heuristic = module.evaluate
    return evaluate
