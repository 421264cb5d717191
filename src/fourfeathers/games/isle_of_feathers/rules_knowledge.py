"""What each seat knows of the hidden bird cards, kept up to date as cards move (IS-83, ruling
IS-R29): ``known[p][q]`` (cards seat ``p`` knows in hand ``q``), ``public_known[q]`` (the part
everyone knows), ``pool`` (the cards that may be in the Draw pile as everyone sees it, sorted) and
``gone[p]`` (pool cards seat ``p`` saw leave it). ``observation`` and ``determinize`` read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules_land import _NATIVE, _bisect

if TYPE_CHECKING:
    from .state import IsleState


def _publish(state: IsleState, p: int, card: int) -> None:
    """``card`` leaves seat ``p``'s hand face up: it is nobody's secret any more."""
    for row in state.known:
        _drop(row[p], card)
    _drop(state.public_known[p], card)
    _forget_pool(state, card)


def _drop(cards: list[int], card: int) -> None:
    """Remove the first ``card`` from ``cards`` if it is there (``list.remove`` without the
    error). Compiled, a loop on native ints (``in`` and ``remove`` compared every card as an
    object, twice: up to a fifth of a four-player game's instructions went to the pool's
    bookkeeping); pure Python, ``in`` and ``remove`` themselves (C, cheaper than the loop)."""
    if not _NATIVE:
        if card in cards:
            cards.remove(card)
        return
    for i in range(len(cards)):
        if cards[i] == card:
            cards.pop(i)
            return


def _holds(cards: list[int], card: int) -> bool:
    """``card in cards``: compiled, a loop on native ints; pure Python, ``in`` (``_drop``)."""
    if not _NATIVE:
        return card in cards
    for c in cards:  # noqa: SIM110 (a plain loop: compiled, ``any`` is a call through Python)
        if c == card:
            return True
    return False


def _in_pool(pool: list[int], card: int) -> int:
    """Where ``card`` is in the sorted ``pool``, or -1 (a binary search: the pool holds up to
    52 cards and is asked after every card that moves; ``rules_land._bisect``, native when
    compiled)."""
    i = _bisect(pool, card)
    return i if i < len(pool) and pool[i] == card else -1


def _forget_pool(state: IsleState, card: int) -> None:
    """``card`` is seen face up, so it cannot be in the Draw pile."""
    pool = state.pool
    i = _in_pool(pool, card)
    if i >= 0:
        pool.pop(i)  # ``pop``, not ``del``: compiled, a list's pop is native
        for seen in state.gone:
            _drop(seen, card)


def _saw(state: IsleState, p: int, card: int) -> None:
    """Seat ``p`` now holds ``card`` unseen by others: p knows it is not in the Draw pile."""
    if _in_pool(state.pool, card) >= 0 and not _holds(state.gone[p], card):
        state.gone[p].append(card)
