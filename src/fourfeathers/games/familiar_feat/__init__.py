"""Familiar Feat (solo): win Creatures over with cuddles and drive three Monsters from the castle.

Files: ``content.toml`` (the 110 cards, all reconstructed), ``content.py`` (loading them),
``rules.py`` (every rule of play), ``scoring.py`` (the result), ``state.py``, ``game.py``,
``render.py``. Rulings: ``docs/rulings/familiar-feat.md``.
"""

from ...core.registry import GameSpec, register
from .game import FamiliarFeatGame

register(
    GameSpec(
        id="familiar-feat",
        title="Familiar Feat",
        factory=FamiliarFeatGame,
        players=(1,),
        summary="Solo: recruit Creatures with cuddles, drive three Monsters away (levels 1-8)",
        configurations=(
            *({"level": n} for n in range(1, 9)),
            {"level": 8, "variants": ["choose-cards"]},
            {"level": 4, "variants": ["closing-ranks-together"]},
        ),
    )
)

__all__ = ["FamiliarFeatGame"]
