"""How the command line draws a game: the game's ``render`` part, or plain text without one.

A game's ``render`` part (``GameSpec.render``, by convention ``games/<game>/render.py``) has
``render_state(game, state, player, *, memory_aid=False, reveal=False)`` and
``render_result(game, state)``, which return rich renderables, and optionally
``render_svg(game, state, player) -> str``. ``render_state`` for ``player`` None draws what a
spectator sees: only what every seat may know (the player's view in a solo game), and every
hidden part only with ``reveal``.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.game import Game, State
from ..core.registry import game_spec


def _part(game: Game) -> Any:
    return game_spec(game.id).part("render")


def render_state(
    game: Game, state: State, player: int | None, *, memory_aid: bool = False, reveal: bool = False
) -> Any:
    """The table as ``player`` sees it (None: a spectator, who sees only what every seat may
    know, and everything with ``reveal``).

    Without a ``render`` part: the seat's observation as text; for a spectator, the parts of
    the observations that are the same for every seat (with ``reveal``: ``to_dict()``).
    """
    part = _part(game)
    if part is None:
        if player is not None or game.num_players == 1:
            return json.dumps(state.observation(player or 0))
        if reveal:
            return json.dumps(state.to_dict())
        seats = [state.observation(p) for p in range(game.num_players)]
        common = {k: v for k, v in seats[0].items() if all(k in o and o[k] == v for o in seats)}
        return json.dumps(common)
    if reveal:
        return part.render_state(game, state, player, memory_aid=memory_aid, reveal=True)
    return part.render_state(game, state, player, memory_aid=memory_aid)


def render_result(game: Game, state: State) -> Any:
    """The end of a game: the final table and every seat's points, explained (without a
    ``render`` part: the scores as text)."""
    part = _part(game)
    if part is None:
        return f"Scores: {', '.join(map(str, state.scores()))}"
    return part.render_result(game, state)


def render_svg(game: Game, state: State, player: int | None) -> str | None:
    """An SVG picture of the table as ``player`` sees it, or None if the game draws none."""
    draw = getattr(_part(game), "render_svg", None)
    return None if draw is None else str(draw(game, state, player))


def draws_svg(game: Game) -> bool:
    """True if the game draws SVG pictures."""
    return getattr(_part(game), "render_svg", None) is not None
