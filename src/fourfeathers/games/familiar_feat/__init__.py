"""Familiar Feat (solo): win Creatures over with cuddles and drive three Monsters from the castle.

Files (the same name means the same part in every game folder):

- ``content.toml``: the 110 cards, all reconstructed; ``content.py`` reads and checks it.
- ``game.py``: ``FamiliarFeatGame``, the configuration (level, content, variants) and its
  checks, setup, text actions; ``state.py``: ``FamiliarFeatState``, the state's data,
  observations and determinization.
- ``rules.py``: every rule of play; ``scoring.py``: the result.
- ``words.py``: card texts, actions and their outcomes in words (no UI library).
- ``heuristic.py``: the position value the agents use. No ``features.py``: reports compare the
  levels, a configuration option, instead.
- ``render.py``: the terminal picture (rich); ``cli.py``: ``--level`` and help examples (no
  table scoring).

Rulings: ``docs/rulings/familiar-feat.md``.
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
        package=__name__,
        heuristic=".heuristic:evaluate",
        render=".render",
        cli=".cli",
        configurations=(
            *({"level": n} for n in range(1, 9)),
            {"level": 8, "variants": ["choose-cards"]},
            {"level": 4, "variants": ["closing-ranks-together"]},
        ),
    )
)

__all__ = ["FamiliarFeatGame"]
