"""Featherlight in words: action and outcome sentences every seat may read (no rich here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL
from .actions import Draw, Put, Take
from .rules import end_reason
from .scoring import COLOURS

if TYPE_CHECKING:
    from .game import FeatherlightGame


def card_words(game: FeatherlightGame, card: int) -> str:
    """``15 (green)``."""
    return f"{card} ({COLOURS[game.cards.colour[card]]})"


def describe_action(game: FeatherlightGame, state: Any, action: Any) -> str:
    """One sentence for an action, e.g. ``swap: take 15 (green) from stack 3``.

    Public information only: no drawn card (FL-21), no covered card (FL-19), no wind card.
    """
    if isinstance(action, Draw):
        left = len(state.piles[action.pile])
        if left == 1:
            return f"draw the last card of pile {action.pile + 1} (the game ends after this turn)"
        return f"draw the top card of pile {action.pile + 1} ({left} cards in it)"
    if isinstance(action, Take):
        stack = state.nest[action.stack]
        gap = ", leaving a gap" if len(stack) == 1 else ""
        return f"swap: take {card_words(game, stack[-1])} from stack {action.stack + 1}{gap}"
    if isinstance(action, Put):
        stack = state.nest[action.stack]
        where = f"covering {card_words(game, stack[-1])}" if stack else "into the gap"
        return f"put {card_words(game, action.card)} on stack {action.stack + 1}, {where}"
    return str(action)


def describe_outcome(game: FeatherlightGame, before: Any, action: Any, after: Any) -> str | None:
    """The solo wind card's landing and the reason the game ended, if either happened."""
    notes = []
    if len(after.wind) < len(before.wind):
        card = before.wind[-1]
        stack = next(s for s, cards in enumerate(after.nest) if cards and cards[-1] == card)
        covered = after.nest[stack][-2]
        symbol = "up: the highest" if game.cards.wind_up[card] else "down: the lowest"
        notes.append(
            f"The wind blows {card_words(game, card)} ({symbol} exposed number) onto stack "
            f"{stack + 1}, covering {card_words(game, covered)}."
        )
    if after.player == TERMINAL:
        notes.append(f"The game ends: {end_reason(after)}.")
    return " ".join(notes) or None
