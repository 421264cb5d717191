"""Isle of Feathers: build a hex island together and house birds whose habitats match it.

2-4 players, or the solo Migration Season (``players=1``, ``stamina=1..4``).

Files (the same name means the same part in every game folder):

- ``content.toml``: the birds and the components; ``content.py`` reads and checks it.
- ``game.py``: ``IsleGame``, the configuration and its checks, setup, text actions;
  ``state.py``: ``IsleState``, the state's data, observations and determinization.
- ``rules.py``: every rule of play; ``hexgrid.py``: hex cells, neighbours and habitat shapes.
- ``words.py``: actions and their outcomes in words, public to every seat (no UI library).
- ``heuristic.py``: the position value the agents use; ``features.py``: the birds each player
  placed, for reports.
- ``render.py``: the terminal and SVG pictures (rich); ``cli.py``: ``--stamina`` and help
  examples (no table scoring).

Rulings: ``docs/rulings/isle-of-feathers.md``.
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
        package=__name__,
        heuristic=".heuristic:evaluate",
        features=".features:seat_features",
        render=".render",
        cli=".cli",
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
