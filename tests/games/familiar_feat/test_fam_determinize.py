"""Familiar Feat determinizations are uniform over the orders the player cannot tell apart
(FA-04, FA-100; ruling FA-R31): every order of the Team deck, and of each layer of the
Creature deck within its own places, comes up about equally often."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

from fam_helpers import build

SAMPLES = 3000


def test_every_order_of_the_team_deck_is_equally_likely():
    state = build(row=[21, 0, 0, 0, 0], cols=[[1]], hand=[2], team=[3, 5, 7])
    rng = random.Random(5)
    seen = Counter(tuple(state.determinize(0, rng).team) for _ in range(SAMPLES))
    assert set(seen) == set(permutations([3, 5, 7]))
    assert all(430 <= n <= 570 for n in seen.values()), seen  # 500 each, sd 20


def test_each_creature_deck_layer_is_reordered_uniformly_within_its_places():
    # Bottom first: a Golem, three Tier II Creatures, an Event, then two Tier I Creatures.
    state = build(row=[21, 0, 0, 0, 0], cols=[[1]], hand=[2], deck=[76, 26, 27, 28, 86, 17, 18])
    rng = random.Random(6)
    seen = Counter(tuple(state.determinize(0, rng).deck) for _ in range(SAMPLES))
    tier3 = Counter(deck[1:4] for deck in seen.elements())
    tier2 = Counter(deck[5:] for deck in seen.elements())
    assert all(deck[0] == 76 and deck[4] == 86 for deck in seen)  # lone cards keep their place
    assert set(tier3) == set(permutations([26, 27, 28])) and set(tier2) == {(17, 18), (18, 17)}
    assert all(430 <= n <= 570 for n in tier3.values()), tier3
    assert all(1400 <= n <= 1600 for n in tier2.values()), tier2  # 1500 each, sd 27
