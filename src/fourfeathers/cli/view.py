"""How the command line draws a game: the game's ``render`` part, or plain text without one.

A game's ``render`` part (``GameSpec.render``, by convention ``games/<game>/render.py``) has
``render_state(game, state, player, *, memory_aid=False)`` and ``render_result(game, state)``,
which return rich renderables, and optionally ``render_svg(game, state, player) -> str``.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game, State
from ..core.registry import game_spec


def _part(game: Game) -> Any:
    return game_spec(game.id).part("render")


def render_state(game: Game, state: State, player: int | None, *, memory_aid: bool = False) -> Any:
    """The table as ``player`` sees it (None: a spectator, who sees everything).

    Without a ``render`` part: the seat's observation as text (seat 0's for a spectator).
    """
    part = _part(game)
    if part is None:
        return str(state.observation(player if player is not None else 0))
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
