"""Isle of Feathers' features for reports: the birds each player placed, with their points."""

from __future__ import annotations

from typing import Any

from ...core.registry import SeatFeatures
from .game import IsleGame


def seat_features(game: IsleGame, observations: list[dict[str, Any]]) -> SeatFeatures:
    """The birds each player placed (``placed[p]`` of the terminal observation), named
    ``"07 Crested Auklet"`` from the content file; eligible: every bird; values: each bird's
    printed points (ruling IS-R31), so a report shows per bird the share of games in which it
    was placed beside its points."""
    names = game.content.name
    points = game.content.points

    def label(number: int) -> str:
        return f"{number:02d} {names[number]}"

    seats = [frozenset(label(int(b)) for b in placed) for placed in observations[0]["placed"]]
    every = range(1, len(names))
    return SeatFeatures(
        "bird placed",
        seats,
        frozenset(label(n) for n in every),
        values={label(n): float(points[n]) for n in every},
        value_name="points",
    )
