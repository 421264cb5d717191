"""Familiar Feat in the browser (``GameSpec.web``): what the lobby and the table page need of
the game. Until a ``view.js`` is here the page draws the plain view (the legal actions)."""

from __future__ import annotations

from ..game import VARIANTS

__all__ = ["SCORE_UNIT", "VARIANTS"]

SCORE_UNIT = "Monsters"
"""What ``scores()`` counts: the Monsters driven away (FA-71)."""
