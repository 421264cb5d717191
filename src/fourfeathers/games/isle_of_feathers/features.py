"""Isle of Feathers' features for reports: the birds each player placed."""

from __future__ import annotations

from typing import Any

from ...core.registry import SeatFeatures
from .game import IsleGame


def seat_features(game: IsleGame, observations: list[dict[str, Any]]) -> SeatFeatures:
    """The birds each player placed (``placed[p]`` of the terminal observation), named
    ``"07 Crested Auklet"`` from the content file; eligible: every bird."""
    names = game.content.name

    def label(number: int) -> str:
        return f"{number:02d} {names[number]}"

    seats = [frozenset(label(int(b)) for b in placed) for placed in observations[0]["placed"]]
    return SeatFeatures("bird placed", seats, frozenset(label(n) for n in range(1, len(names))))
