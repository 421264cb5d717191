"""Long games: random play that rarely adds Sand, so games run into reshuffles, wet tokens,
Flock, Replant and the turn limit, with the conformance invariants checked at every step.

Uniform random play (the conformance suite) ends in about 12 turns, before most of that."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from fourfeathers import make
from fourfeathers.games.isle_of_feathers import rules_check
from fourfeathers.games.isle_of_feathers.actions import (
    AddTile,
    Discard,
    DrawBlind,
    Flock,
    Place,
    TakeFaceUp,
)


def weight(state, action) -> float:
    if isinstance(action, AddTile) and state.cells.get(action.cell, 0) < 2:
        return 0.03  # Sand on the ocean: rarely, so the endgame comes late
    if isinstance(action, (Place, Flock)):
        return 20.0
    return 3.0 if isinstance(action, Discard) else 1.0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 4},
        {"players": 1, "stamina": 3},
        {"players": 3, "variants": ["discard-draws-blind", "flock-costs-action"]},
    ],
)
def test_long_games_keep_every_invariant(options):
    """IS-82: every card in one place and every tile and token counted, at every step (and
    the state rebuilds from its dict, which checks it). IS-81: a Flight Path draw sends one
    face-up card to the Discard pile and refills the path to four while cards remain."""
    game = make("isle-of-feathers", **options)
    rng = random.Random(7)
    seen: Counter = Counter()
    for _ in range(3):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            actions = state.legal_actions()
            action = rng.choices(actions, [weight(state, a) for a in actions])[0]
            seen[type(action).__name__] += 1
            discard, reshuffles = len(state.discard), state.reshuffles
            state.apply_action(action)
            if isinstance(action, (TakeFaceUp, DrawBlind)):
                if state.reshuffles == reshuffles:
                    assert len(state.discard) == discard + 1
                if state.draw:
                    assert all(state.path)
            assert rules_check.check_state(state) is None
            located = Counter(c for cs in state.component_locations().values() for c in cs)
            assert located == Counter(game.components())
            if rng.random() < 0.04:
                assert game.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
                for p in range(game.num_players):
                    sample = state.determinize(p, random.Random(1))
                    assert rules_check.check_state(sample) is None
                    assert sample.observation(p) == state.observation(p)
        seen["reshuffles"] += state.reshuffles
        seen["wet"] += sum(1 for c in state.cells.values() if c < 2)
    for kind in ("Place", "Uproot", "Lower", "Raise", "Shoo", "TakeFaceUp"):
        assert seen[kind], kind
    if not game.solo:
        assert seen["reshuffles"] and seen["PassCard"]
