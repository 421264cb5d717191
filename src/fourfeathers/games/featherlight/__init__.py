"""Featherlight (1-4 players): swap feather cards with the nest to score your five-card hand.

Files: ``content.toml`` (the 70 cards), ``content.py`` (loading them), ``rules.py`` (every rule
of play), ``scoring.py`` (the feather dictionary), ``state.py``, ``game.py``, ``render.py``.
Rulings: ``docs/rulings/featherlight.md``.
"""

from ...core.registry import GameSpec, register
from .game import FeatherlightGame

register(
    GameSpec(
        id="featherlight",
        title="Featherlight",
        factory=FeatherlightGame,
        players=(1, 2, 3, 4),
        summary="Swap feathers with the nest to score your five-card hand (1-4 players)",
        configurations=(
            *({"players": n} for n in (1, 2, 3, 4)),
            {"players": 1, "variants": ["no-wind-on-last-turn", "no-put-back"]},
            {
                "players": 3,
                "variants": ["exact-same-colour", "no-put-back", "tiebreak-unique-cards"],
            },
        ),
    )
)

__all__ = ["FeatherlightGame"]
