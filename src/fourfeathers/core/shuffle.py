"""``random.Random.shuffle`` and ``random.Random.choice`` written out, for the engines' compiled
build (setup.py)."""

from __future__ import annotations

from _random import Random  # random.Random's C base class: random.Random is one too
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffle(rng: Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``, in place: the same steps of ``random.Random.shuffle`` (from the
    last place down to the second, swap with a place picked uniformly up to it, by
    ``getrandbits`` until below the bound), so the same order from the same generator, which is
    left in the same state. Written out here, compiled (setup.py) it runs as native code
    instead of the interpreter's."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def choice(rng: Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the same steps (``random.Random._randbelow_with_getrandbits``:
    ``getrandbits`` of the bit length of ``len(seq)`` until below it), so the same item, and
    the generator left in the same state. Raises ``IndexError`` if ``seq`` is empty. Works
    with the bare ``_random.Random`` too, which has no ``choice``."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return seq[r]
