"""What each seat ended a game with, as labels, for "impact on winning" statistics.

``seat_features(game, record)`` reads a result record's ``final`` observations (see
``arena/results.py``) and hands every seat's terminal observation to the game's own
``features`` part (``GameSpec.features``), which returns a ``SeatFeatures``: per seat, the set
of labels that seat ended with (cards in a hand, animal types collected...), plus the labels
that could have occurred in that game. A game without that part simply has no such section in
reports; a record whose terminal observations lack the fields the game needs is skipped the same
way (``None``).
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from ..core.registry import SeatFeatures, game_spec

__all__ = ["SeatFeatures", "seat_features", "seat_observation"]


def seat_observation(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Seat ``seat``'s terminal observation from a record's ``final`` (empty if absent)."""
    final = record.get("final") or {}
    common = final.get("common") or {}
    seats = final.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    return {**common, **mine}


def seat_features(game: Game, record: dict[str, Any]) -> SeatFeatures | None:
    """The labels each seat of ``record`` ended with, or None if the game has no ``features``
    part or the record lacks what it needs."""
    features = game_spec(game.id).part("features")
    if features is None or not record.get("final"):
        return None
    observations = [seat_observation(record, p) for p in range(len(record["seats"]))]
    try:
        result: SeatFeatures | None = features(game, observations)
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        return None
    return result
