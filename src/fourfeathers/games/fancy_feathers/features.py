"""Fancy Feathers' features for reports: the animal types each player collected."""

from __future__ import annotations

from typing import Any

from ...core.registry import SeatFeatures
from .game import FancyFeathersGame


def seat_features(game: FancyFeathersGame, observations: list[dict[str, Any]]) -> SeatFeatures:
    """The animal types among each player's collected cards (``players[p].held`` of the terminal
    observation; types named with ``game.type_title``); eligible: the six types of this game
    (``types``)."""
    common = observations[0]
    names = {t.name: t.title for t in game.cards.types}
    seats = [
        frozenset(game.type_title(game.ctype[card]) for card in player["held"])
        for player in common["players"]
    ]
    eligible = frozenset(names.get(name, name) for name in common["types"])
    return SeatFeatures("animal type collected", seats, eligible)
