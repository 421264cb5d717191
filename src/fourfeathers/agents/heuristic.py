"""The position value the ``greedy`` agent and ISMCTS use: the game's own, or the score lead.

A game gives its heuristic in its registration (``GameSpec.heuristic``, a
``core.registry.Heuristic``: ``evaluate(state, player) -> float``, the value of a full,
determinized ``state`` for ``player``, higher is better, on the game's own score scale). A game
without one is valued by ``default_evaluate``.
"""

from __future__ import annotations

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
