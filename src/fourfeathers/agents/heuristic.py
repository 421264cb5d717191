"""The position value the ``greedy`` agent and ISMCTS use: the game's own, or the score lead.

A game gives its heuristic in its registration (``GameSpec.heuristic``, a
``core.registry.Heuristic``: ``evaluate(state, player) -> float``, the value of a full,
determinized ``state`` for ``player``, higher is better, on the game's own score scale). A game
without one is valued by ``default_evaluate``.

ISMCTS turns a heuristic value into a reward on a scale the game states as a module-level
``SEARCH_SCALE`` in its heuristic's module (``search_scale``): how many of the heuristic's units
make a clear difference (a lead of one scale is a win chance of 73% with two players).
"""

from __future__ import annotations

import sys
from functools import cache

from ..core.game import State
from ..core.registry import Heuristic, game_spec


def default_evaluate(state: State, player: int) -> float:
    """Score lead: the player's score minus the best other seat's (the score alone in solo)."""
    scores = state.scores()
    mine = scores[player]
    others = [s for p, s in enumerate(scores) if p != player]
    return float(mine - max(others)) if others else float(mine)


@cache
def heuristic_for(game_id: str) -> Heuristic:
    """The heuristic of ``game_id`` (``default_evaluate`` if its registration has none).

    Raises ``ConfigError`` for an unknown game.
    """
    evaluate: Heuristic | None = game_spec(game_id).part("heuristic")
    return evaluate or default_evaluate


DEFAULT_SCALE = 20.0
"""``search_scale`` of a game whose heuristic module states none: a lead of 20 points is a
two-player win chance of 73% (the logistic of a 10-point lead ISMCTS used before)."""


@cache
def search_scale(game_id: str) -> float:
    """The ``SEARCH_SCALE`` of the module that holds ``game_id``'s heuristic (a positive float,
    in the heuristic's units), else ``DEFAULT_SCALE``. Raises ``ConfigError`` for an unknown
    game."""
    module = sys.modules.get(heuristic_for(game_id).__module__)
    return float(getattr(module, "SEARCH_SCALE", DEFAULT_SCALE))
