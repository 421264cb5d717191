"""Familiar Feat scoring: how things turn into points.

This module holds the game's points and its end-of-game result (the scores, the winners and
the tie-breaks, each with its rule id), and nothing else.

Familiar Feat has no points (FA-89, FA-90): the score is the number of Monsters driven away (0-3,
3 only in a won adventure), and the one player wins by driving away the third (FA-71, ruling
FA-R28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules_phases import WON

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def scores(state: FamiliarFeatState) -> list[int]:
    """Monsters driven away so far (0-3); 3 is a won adventure (FA-71)."""
    return [len(state.driven)]


def winners(state: FamiliarFeatState) -> list[int]:
    """``[0]`` once the adventure is won, else empty (FA-89)."""
    return [0] if state.result == WON else []
