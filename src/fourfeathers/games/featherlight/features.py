"""Featherlight's features for reports: the cards of each seat's final hand."""

from __future__ import annotations

from typing import Any

from ...core.registry import SeatFeatures
from .game import FeatherlightGame


def card_label(number: int) -> str:
    """``7`` -> ``"card 07"`` (zero-padded so labels sort by number)."""
    return f"card {number:02d}"


def seat_features(game: FeatherlightGame, observations: list[dict[str, Any]]) -> SeatFeatures:
    """The five cards of each seat's final hand (``hand`` of its observation); eligible: all
    70 cards."""
    seats = [frozenset(card_label(int(c)) for c in seen["hand"]) for seen in observations]
    eligible = frozenset(card_label(c) for c in game.components())
    return SeatFeatures("card in the final hand", seats, eligible)
