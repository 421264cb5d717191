"""Familiar Feat's game length bound (``length.max_length``, OpenSpiel's ``max_game_length``):
its terms for the shipped content, and each term against the decisions it counts in played
adventures."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for
from fourfeathers.games.familiar_feat.content import K_EVENT, K_MONSTER
from fourfeathers.games.familiar_feat.length import (
    effect_choices,
    first_days,
    length_terms,
    max_days,
)
from fourfeathers.games.familiar_feat.rules_phases import (
    F_BREATH,
    F_DISCARD,
    F_EXHAUST,
    F_EXR,
    F_FLEE,
    F_GIVEUP,
    F_HIGHEST,
    F_MOVE,
    F_MOVE_PLACE,
    F_ORDER,
    F_PICK,
    F_PLAY_PLACE,
    F_REVIVE_PICK,
)


def test_the_game_length_bound():
    """21 days: every day but the last uses up 5 of the 48 departures from the row before the
    last day (46 Creatures of Tiers I-IV, 2 Monsters driven away) and the 54 Familiars that can
    flee, 1 + 102 // 5 (one more departure with Catch Your Breath, levels 2-4: 103 // 5).
    Tiers I-IV reach the row on day 1, 3, 5 and 8 at the earliest (12 Creatures a tier, 5 a
    day). Level 1: 8 + 46 attaches of the Tier 0 and recruited cards; 5 * 49 swept at the 49
    departures plus 121 for the 3 "does not count" and 4 Copy cards, once a period from the day
    they can be recruited (Tier II: 19 periods, III: 17, IV: 14); 16 revived by effects; two
    decisions for each of 155 + 3 firings (the 3 "exhaust 1, then revive 1", 3 Move and 4 Copy
    cards of Tiers II-IV drawn every day they could be, 18, 16 or 13 days, and the 3 revive-and-
    play steps); 2 * 3 for those plays; 26 for the effects; 54 flees; 49 orders; 3 Thunderclaps:
    890, where the proof by 111 days gave 3,661."""
    one = make("familiar-feat", level=1)
    assert max_days(one) == 21 == max_days(make("familiar-feat", level=3))
    assert first_days(one) == (0, 1, 3, 5, 8)
    terms = length_terms(one, [55, 56, 57], [81, 82, 83])
    assert terms == {
        "tier0": 8,
        "recruits": 46,
        "swept": 5 * 49 + 2 * 19 + 14 + 2 * 19 + 17 + 14,
        "revived": 16,
        "abilities": 2 * (2 * 18 + 5 * 16 + 3 * 13 + 3),
        "plays": 6,
        "effects": 25 + 1,
        "flee": 54,
        "orders": 49,
        "events": 3,
        "picks": 0,
    }
    assert encoding_for(one).max_game_length == sum(terms.values()) == 890
    # Level 7's worst deal: the Swarm Queen and the Chaos Serpent have no card limit (54 cards
    # each when they leave); the Lich "exhausts all" of a limited column (5 + 3 + 4), the
    # Swarm Queen "flees 2"; Deep Fatigue and Despair take 4 each, Cold Night 2.
    assert effect_choices(one, [67, 72, 73]) == 2 + 12 + 0
    seven = length_terms(make("familiar-feat", level=7), [67, 72, 73], [94, 97, 101])
    assert seven["swept"] == 5 * 49 + 121 + 49 * 2 and seven["events"] == 2 + 4 + 4
    assert sum(seven.values()) == 1008
    bounds = [encoding_for(make("familiar-feat", level=n)).max_game_length for n in range(1, 9)]
    assert bounds == [890, 898, 998, 1000, 945, 996, 1008, 964]
    picks = make("familiar-feat", level=8, variants=["choose-cards"])
    assert encoding_for(picks).max_game_length == 964 + 6


_COUNTS = {
    "abilities": (F_EXR, F_MOVE, F_MOVE_PLACE),
    "plays": (F_REVIVE_PICK, F_PLAY_PLACE),
    "effects": (F_EXHAUST, F_HIGHEST),
    "flee": (F_FLEE,),
    "orders": (F_ORDER,),
    "events": (F_DISCARD, F_GIVEUP, F_BREATH),
    "picks": (F_PICK,),
}
"""The terms of ``length_terms`` that count one kind of decision, and the pending frames that
ask it (``rules_phases``); attaches are the decisions with none pending."""


@pytest.mark.parametrize(
    "config",
    [{"level": n} for n in (1, 2, 3, 7, 8)] + [{"level": 8, "variants": ["choose-cards"]}],
    ids=str,
)
def test_each_term_bounds_the_decisions_it_counts_in_random_adventures(config):
    """40 random adventures: no more days than ``max_days``, and each kind of decision within
    its own term of the bound for the Monsters and Events dealt (attaches within the Team deck's
    sources and the abilities' revives; the rest one term each)."""
    game = make("familiar-feat", **config)
    most = Counter()
    for seed in range(40):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        asked: Counter[str] = Counter()
        terms = None
        while not state.is_terminal():
            if terms is None and not state.pending:  # the deck is built: what it deals
                dealt = [*state.deck, *state.row, *state.events_pending]
                kind = state.cards.kind
                monsters = [c for c in dealt if kind[c] == K_MONSTER]
                events = [c for c in dealt if kind[c] == K_EVENT]
                terms = length_terms(game, monsters, events)
            frame = state.pending[-1][0] if state.pending else None
            name = next((k for k, kinds in _COUNTS.items() if frame in kinds), "attach")
            asked[name] += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert terms is not None
        assert state.day <= max_days(game)
        for name in _COUNTS:
            assert asked[name] <= terms[name], (seed, name)
        sources = terms["tier0"] + terms["recruits"] + terms["swept"] + terms["revived"]
        assert asked["attach"] <= sources + terms["abilities"] // 2
        assert sum(asked.values()) <= sum(terms.values())
        most = most | asked
    assert most["attach"] > 150 and most["abilities"] > 0  # the games did play
