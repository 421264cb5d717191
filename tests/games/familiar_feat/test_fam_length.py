"""Familiar Feat's game length bound (``length.max_length``, OpenSpiel's ``max_game_length``)."""

from __future__ import annotations

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for
from fourfeathers.games.familiar_feat.length import effect_choices, max_days


def test_the_game_length_bound():
    """By days: 1 + (46 + 3 + 4 + 3) + 54 = 111 days (46 Creatures of Tiers I-IV, 3 Monsters,
    4 Golems, 3 Monsters put back by Catch Your Breath enter the row; 54 Familiars can flee), not
    the safety cap of 200, of at most 5 * 54 + 5 * 5 + 5 = 300 decisions, 3 Events of at most 55
    more. Over the whole adventure, smaller: K = 56 departures, 50 of them with columns of at
    most 5 + 3 + 4 = 12 cards and 2 joining while resolved, 6 of Monsters, whose columns at
    level 8 have no limit (the Star Monster 73 needs 6 Familiars: up to all 54):
    SX = 50 * 14 + 6 * 54; the 3 "exhaust 1, then revive 1", 3 Move and 4 Copy cards fire
    (3 + 3 + 4) * 111 + 56 times in all, one ability an entry, two decisions each at most (a
    Move's two, or an exhaust's one and one attach of what it exhausted); attaches
    8 + 2 * 56 + SX + 3 * 4 besides. The effects ask 25 decisions over the Creatures of Tiers
    I-IV (21 Familiars of "exhaust N", 4 ties of "exhaust the highest") and 14 + 5 + 3 over the
    three Monsters of level 8 that ask most (the Lich's "exhaust all" of a limited column, the
    Dark Sorcerer's "flee 3, exhaust 2", "flee 3"). Level 1 deals no Monster without a limit
    (SX = 56 * 14) and its Monsters ask 1. The choose-cards variant adds its 6 picks. Returns: 1
    for a win, else 0."""
    enc = encoding_for(make("familiar-feat", level=8))
    assert max_days(enc.game) == 111
    swept, fires = 50 * 14 + 6 * 54, 10 * 111 + 56
    attaches = 8 + 2 * 56 + swept + 3 * 4
    assert effect_choices(enc.game, 14) == 25 + 14 + 5 + 3
    total = attaches + 47 + 54 + 2 * fires + 2 * 56 + 56 + 3 * 55
    assert total == 3922 < 111 * 300 + 3 * 55
    assert enc.max_game_length == total
    one = encoding_for(make("familiar-feat", level=1))
    assert one.max_game_length == total - 6 * 40 - 21 == 3661
    picks = encoding_for(make("familiar-feat", level=8, variants=["choose-cards"]))
    assert picks.max_game_length == total + 6
    assert enc.returns_bounds == (0.0, 1.0) and enc.returns_sum is None
    assert enc.observation_shape == (3220,)
