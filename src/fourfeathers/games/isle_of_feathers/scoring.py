"""Isle of Feathers scoring: how things turn into points.

This module holds the game's points and its end-of-game result (the scores, the winners and
the tie-breaks, each with its rule id), and nothing else.

A seat scores the printed points of the birds it placed (IS-66); the most points win. The solo
Migration Season has a score and no winner; ending it with an empty hand is a perfect season
(IS-79).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import TERMINAL

if TYPE_CHECKING:
    from .state import IsleState


def scores(state: IsleState) -> list[int]:
    """Each seat's points: the printed points of the birds it placed (IS-66, ruling IS-R13)."""
    points = state.game.content.points
    return [sum(points[c] for c in placed) for placed in state.placed]


def winners(state: IsleState) -> list[int]:
    """The most points wins; a tie is shared, or with variant ``tiebreak-most-birds`` goes to
    the most birds placed first (IS-66, ruling IS-R12). Empty before the end and in solo."""
    if state.player != TERMINAL or state.game.solo:
        return []
    totals = scores(state)
    best = max(totals)
    tied = [p for p, s in enumerate(totals) if s == best]
    if len(tied) > 1 and state.game.tiebreak_most_birds:
        most = max(len(state.placed[p]) for p in tied)
        tied = [p for p in tied if len(state.placed[p]) == most]
    return tied


def perfect_season(state: IsleState) -> bool:
    """Solo: the season ended with an empty hand (IS-79, ruling IS-R24)."""
    return state.game.solo and state.player == TERMINAL and not state.hands[0]
