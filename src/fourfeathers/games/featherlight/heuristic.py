"""Featherlight heuristic: the value of each hand against the nest as it stands.

A seat holding six cards (mid-turn) is valued by its best five: the card it will put into the
nest is the one whose loss costs least (where it lands is ignored). The value is the seat's
score lead over the best other seat; at the end, the final score lead.
"""

from __future__ import annotations

from ...core.game import State
from .scoring import hand_points


def hand_value(state: State, player: int) -> int:
    """Points of ``player``'s hand now; with six cards, of the best five of them."""
    game = state.game
    rules, colour = game.rules, game.cards.colour  # type: ignore[attr-defined]
    hand = state.hands[player]  # type: ignore[attr-defined]
    nest = state.nest  # type: ignore[attr-defined]
    if len(hand) <= 5:
        return hand_points(rules, colour, hand, nest)
    taken = state.taken  # type: ignore[attr-defined]
    return max(
        hand_points(rules, colour, [c for c in hand if c != out], nest)
        for out in hand
        if out != taken
    )


def evaluate(state: State, player: int) -> float:
    """Score lead of ``player`` (points in Featherlight's scale); its score alone in solo."""
    values = [hand_value(state, p) for p in range(state.game.num_players)]
    mine = values[player]
    others = [v for p, v in enumerate(values) if p != player]
    return float(mine - max(others)) if others else float(mine)
