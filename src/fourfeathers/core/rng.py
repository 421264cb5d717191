"""Seeded randomness.

Every random choice in a game comes from a ``random.Random`` made here, so the same seed always
gives the same game. Seeds are plain non-negative ints (JSON-safe).
"""

from __future__ import annotations

import random
from hashlib import blake2b

MAX_SEED = 2**63 - 1


def make_rng(seed: int) -> random.Random:
    """Return a new ``random.Random`` seeded with ``seed``.

    Raises ``ValueError`` unless ``seed`` is an int in ``[0, 2**63)`` (``random.Random`` would
    treat -7 like 7 and accept strings that a JSON record cannot restore as the same seed).
    """
    check_seed(seed)
    return random.Random(seed)


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int in ``[0, 2**63)`` (what ``make_rng`` accepts), else
    raise ``ValueError``: for a setup that makes its generator later or not at all."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def random_seed() -> int:
    """Return a fresh seed from the operating system's entropy, for games the user did not seed."""
    return random.SystemRandom().randrange(MAX_SEED)


def derive_seed(seed: int, *keys: object) -> int:
    """Derive an independent seed from ``seed`` and any labels (game index, seat, agent name).

    Stable across processes and Python versions (it hashes the text form with BLAKE2b), so that
    game ``i`` of a run seeded ``s`` is the same game on every machine. Returns an int in
    ``[0, 2**63)``.
    """
    text = "/".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big") & MAX_SEED
