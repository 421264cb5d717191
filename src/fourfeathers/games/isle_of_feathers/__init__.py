"""Isle of Feathers: build a hex island together and house birds whose habitats match it.

2-4 players, or the solo Migration Season (``players=1``, ``stamina=1..4``). Rules in
``rules.py``, birds and components in ``content.toml``, rulings in
``docs/rulings/isle-of-feathers.md``.
"""

from ...core.registry import GameSpec, register
from .game import VARIANTS, IsleGame

register(
    GameSpec(
        id=IsleGame.id,
        title=IsleGame.title,
        factory=IsleGame,
        players=(1, 2, 3, 4),
        summary="Raise a hex island of sand, grass and cliffs and house birds on matching "
        "habitats (2-4 players, solo Migration Season)",
        configurations=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 1, "stamina": 1},
            {"players": 1, "stamina": 2},
            {"players": 1, "stamina": 3},
            {"players": 1, "stamina": 4},
            {
                "players": 3,
                "variants": [
                    "compulsory-abilities",
                    "discard-draws-blind",
                    "flock-costs-action",
                    "strict-support",
                    "tiebreak-most-birds",
                    "veg-under-birds",
                ],
            },
            {
                "players": 1,
                "stamina": 2,
                "variants": ["discard-draws-blind", "solo-empty-stamina", "solo-end-on-empty-draw"],
            },
        ),
    )
)

__all__ = ["VARIANTS", "IsleGame"]
