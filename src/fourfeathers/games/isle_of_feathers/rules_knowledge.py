"""What each seat knows of the hidden bird cards, kept up to date as cards move (IS-83, ruling
IS-R29): ``known[p][q]`` (cards seat ``p`` knows in hand ``q``), ``public_known[q]`` (the part
everyone knows), ``pool`` (the cards that may be in the Draw pile as everyone sees it, sorted) and
``gone[p]`` (pool cards seat ``p`` saw leave it). ``observation`` and ``determinize`` read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules_land import _bisect

if TYPE_CHECKING:
    from .state import IsleState


def _publish(state: IsleState, p: int, card: int) -> None:
    """``card`` leaves seat ``p``'s hand face up: it is nobody's secret any more."""
    for row in state.known:
        cards = row[p]
        if card in cards:
            cards.remove(card)
    public = state.public_known[p]
    if card in public:
        public.remove(card)
    _forget_pool(state, card)


def _in_pool(pool: list[int], card: int) -> int:
    """Where ``card`` is in the sorted ``pool``, or -1 (a binary search: the pool holds up to
    52 cards and is asked after every card that moves; ``rules_land._bisect``, native when
    compiled)."""
    i = _bisect(pool, card)
    return i if i < len(pool) and pool[i] == card else -1


def _forget_pool(state: IsleState, card: int) -> None:
    """``card`` is seen face up, so it cannot be in the Draw pile."""
    i = _in_pool(state.pool, card)
    if i >= 0:
        del state.pool[i]
        for seen in state.gone:
            if card in seen:
                seen.remove(card)


def _saw(state: IsleState, p: int, card: int) -> None:
    """Seat ``p`` now holds ``card`` unseen by others: p knows it is not in the Draw pile."""
    if _in_pool(state.pool, card) >= 0 and card not in state.gone[p]:
        state.gone[p].append(card)
