"""``random.Random.shuffle`` written out, for the engines' compiled build (setup.py)."""

from __future__ import annotations

from random import Random


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
