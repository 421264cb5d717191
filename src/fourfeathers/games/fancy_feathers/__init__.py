"""Fancy Feathers (2-6 players): move along the Path of animal cards and collect the best ones.

Files: ``content.toml`` (the 12 animal types and their cards), ``content.py`` (loading them),
``rules.py`` (every rule of play), ``scoring.py`` (how each type scores), ``state.py``,
``game.py``, ``render.py``. Rulings: ``docs/rulings/fancy-feathers.md``.
"""

from ...core.registry import GameSpec, register
from .game import FancyFeathersGame

register(
    GameSpec(
        id="fancy-feathers",
        title="Fancy Feathers",
        factory=FancyFeathersGame,
        players=(2, 3, 4, 5, 6),
        summary="Move along a Path of animal cards and collect the most precious (2-6 players)",
        configurations=(
            *({"players": n} for n in (2, 3, 4, 5, 6)),
            {"players": 2, "types": "first-game"},
            {
                "players": 3,
                "types": ["peacock", "nest", "trap", "mirror", "monal", "fox"],
                "variants": [
                    "fox-may-remove-itself",
                    "nest-five-each",
                    "unpassed-trap-to-box",
                ],
            },
            {
                "players": 4,
                "types": ["golden-pheasant", "green-pheasant", "trap", "mirror", "monal", "fox"],
                "variants": ["fox-spares-set-aside-trap"],
            },
        ),
    )
)

__all__ = ["FancyFeathersGame"]
