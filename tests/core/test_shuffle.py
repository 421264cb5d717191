"""The engines' written-out shuffle (``core.shuffle``, compiled in the optional build)."""

from __future__ import annotations

import random

from fourfeathers.core.shuffle import shuffle


def test_the_shuffle_is_random_shuffle():
    """``Random.shuffle``'s order, and the generator left in the same state, for any length and
    seed."""
    for seed in range(200):
        for size in (0, 1, 2, 5, 52):
            mine, theirs = random.Random(seed), random.Random(seed)
            cards, want = list(range(size)), list(range(size))
            shuffle(mine, cards)
            theirs.shuffle(want)
            assert cards == want
            assert mine.getstate() == theirs.getstate()
