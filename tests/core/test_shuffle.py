"""The engines' written-out shuffle (``core.shuffle``, compiled in the optional build)."""

from __future__ import annotations

import _random
import random

import pytest

from fourfeathers.core.shuffle import choice, shuffle


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


def test_the_choice_is_random_choice():
    """``Random.choice``'s item, and the generator left in the same state, for sequences of
    every length up to a few past a power of two (where ``getrandbits`` draws again); the
    bare ``_random.Random`` gives the same items as ``random.Random``; an empty sequence is an
    ``IndexError``, as with ``Random.choice``."""
    for seed in range(100):
        mine, theirs, bare = random.Random(seed), random.Random(seed), _random.Random(seed)
        for n in (*range(1, 20), 31, 32, 33, 1000):
            items = tuple(range(n))
            assert choice(mine, items) == theirs.choice(items) == choice(bare, items)
        assert mine.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        choice(random.Random(0), [])
