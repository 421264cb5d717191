"""What the rules keep up to date as the Creature row changes (``state.totals``, ``state.met``,
the attach masks, ``state.legal``, the deck layers determinize keeps) against a computation
from scratch, on many positions of random and greedy adventures in every configuration (FA-19,
FA-37, FA-40, FA-60..FA-65, FA-R14, FA-R31).

The reference below reads only the cards, the columns and the Events in force, as the rules did
before these values were kept incrementally.
"""

from __future__ import annotations

import random

import pytest
from fam_helpers import build, legal

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core import game_spec
from fourfeathers.games.familiar_feat import rules_deck, rules_totals
from fourfeathers.games.familiar_feat.actions import ATTACH, CHOOSE, PLACE, Attach, Choose, Place
from fourfeathers.games.familiar_feat.content import A_COPY, A_DOUBLE, A_NO_LIMIT, INF, ROW, STAR
from fourfeathers.games.familiar_feat.rules_cards import in_play
from fourfeathers.games.familiar_feat.rules_choices import frame_options
from fourfeathers.games.familiar_feat.rules_events import closing_ranks_blocks
from fourfeathers.games.familiar_feat.rules_phases import (
    F_MOVE,
    F_MOVE_PLACE,
    F_ORDER,
    F_PLAY_PLACE,
    F_RESOLVE,
    PH_ATTACH,
    PH_NIGHT,
)

PROBES = (1, 35, 25, 38, 39, 23)
"""One Familiar of each Cuddle ability: none, Double, Copy, exhaust-revive, Move, no limit."""


def total_ref(state, slot: int) -> int:
    if not state.row[slot]:
        return 0
    eff = rules_totals.effective(state.game.cards, state.cols[slot])
    total = sum(v for v, _ in eff)
    double = any(a == A_DOUBLE for _, a in eff)
    return total * 2 if double and not rules_totals.no_double(state) else total


def meets_ref(state, slot: int) -> bool:
    creature = state.row[slot]
    if not creature:
        return False
    cards = state.game.cards
    st = cards.strength[creature]
    if st == INF:
        return False
    col = state.cols[slot]
    if st == STAR:
        return rules_totals.condition_met(cards, cards.condition[creature], col)
    return bool(col) and total_ref(state, slot) >= rules_totals.strength_of(state, creature)


def can_attach_ref(state, slot: int, card: int, moving: bool = False) -> bool:
    creature = state.row[slot]
    if not creature:
        return False
    limit = rules_totals.card_limit(state, creature)
    if not limit:
        return True
    col = state.cols[slot]
    if moving and card in col:
        col = [f for f in col if f != card]
    if len(col) < limit:
        return True
    cards = state.game.cards
    eff = rules_totals.effective(cards, col)
    a = cards.ability[card]
    if a == A_COPY:
        a = eff[-1][1] if eff else 0
    if a == A_NO_LIMIT:
        return True
    return sum(1 for _, b in eff if b != A_NO_LIMIT) < limit


def ready_ref(state) -> list[int]:
    row, latched = state.row, state.latched
    found = [row[s] for s in range(ROW) if meets_ref(state, s) or (latched and row[s] in latched)]
    busy = {f[1] for f in state.pending if f[0] == F_RESOLVE}
    held = closing_ranks_blocks(state, False) if found and state.active else set()
    return [c for c in found if c not in busy and c not in held]


def move_targets_ref(state, familiar: int) -> list[int]:
    busy = {f[1] for f in state.pending if f[0] == F_RESOLVE}
    return [
        s
        for s in range(ROW)
        if state.row[s] and state.row[s] not in busy and can_attach_ref(state, s, familiar, True)
    ]


def legal_ref(state) -> list | None:
    """The legal actions from scratch where they depend on the row (None elsewhere)."""
    if state.is_terminal():
        return []
    if not state.pending:
        assert state.phase == PH_ATTACH
        return [Attach(c, s) for c in state.hand for s in range(ROW) if can_attach_ref(state, s, c)]
    frame = state.pending[-1]
    kind = frame[0]
    if kind == F_PLAY_PLACE:
        card, creature = frame[1], frame[2]
        return [
            Place(s)
            for s in range(ROW)
            if state.row[s] and state.row[s] != creature and can_attach_ref(state, s, card)
        ]
    if kind == F_MOVE:
        return [Choose(f) for f in in_play(state) if move_targets_ref(state, f)]
    if kind == F_MOVE_PLACE:
        return [Place(s) for s in move_targets_ref(state, frame[1])]
    if kind == F_ORDER:
        group = state.groups[0]
        now = ready_ref(state)
        return [
            Choose(c)
            for c, g in zip(state.reached, state.groups, strict=True)
            if g == group and c in now
        ]
    return None


def check_interned(actions) -> None:
    """Every legal action is the one object of its value, its table's entry
    (``heuristic.ACTIONS_INTERNED``, on which ISMCTS keys its children by ``id``)."""
    for a in actions:
        if type(a) is Attach:
            assert ATTACH[a.card][a.slot] is a, a
        else:
            assert (CHOOSE[a.card] if type(a) is Choose else PLACE[a.slot]) is a, a


def check(state) -> None:
    assert state.filled == sum(1 << s for s in range(ROW) if state.row[s])
    for s in range(ROW):
        assert state.totals[s] == total_ref(state, s), (s, state.to_dict())
        assert rules_totals.meets(state, s) == meets_ref(state, s), (s, state.to_dict())
        for card in (*PROBES, *state.hand):
            assert rules_totals.can_attach(state, s, card) == can_attach_ref(state, s, card)
        for card in in_play(state):
            moved = rules_totals.can_attach(state, s, card, True)
            assert moved == can_attach_ref(state, s, card, True)
    for card in state.hand:
        targets = [s for s in range(ROW) if can_attach_ref(state, s, card)]
        assert list(rules_totals.SLOTS[rules_totals.attach_mask(state, card)]) == targets
    if state.phase == PH_ATTACH and not state.is_terminal():  # every Creature ready is queued
        assert set(ready_ref(state)) <= set(state.reached), state.to_dict()
    legal = state.legal_actions()
    check_interned(legal)
    ref = legal_ref(state)
    if ref is not None:
        assert legal == ref
    if state.pending:
        assert legal == frame_options(state, state.pending[-1])
    fresh = state.game.state_from_dict(state.to_dict())  # derived values rebuilt from scratch
    assert fresh.legal is None and fresh.legal_actions() == legal
    check_interned(fresh.legal_actions())
    assert (fresh.totals, fresh.met, fresh.room, fresh.room_copy, fresh.filled) == (
        state.totals,
        state.met,
        state.room,
        state.room_copy,
        state.filled,
    )


CONFIGS = game_spec("familiar-feat").configurations


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_kept_values_match_a_computation_from_scratch(config):
    game = make("familiar-feat", **config)
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        agent = make_agent("greedy", seed) if seed % 4 == 3 else None  # greedy reaches Golems
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            check(state)
            checked += 1
            if checked % 7 == 0:
                sample = state.determinize(0, rng)  # keeps the layers it found for the next
                assert sample.layers == state.layers == rules_deck.layers(sample)
                check(sample)
            action = agent.act(SeatView(state, 0)) if agent else rng.choice(state.legal_actions())
            state.apply_action(action)
        check(state)
    assert checked > 300


def test_an_event_ending_with_the_night_changes_what_the_row_implies_at_once():
    """FA-92: Drizzle (+1 Strength) ends with the night; the Fog Wraith (61) then leaves and
    asks which Familiar it exhausts: at that choice the Badger (21, Strength 5) beside it meets
    its Strength again with 2 + 3."""
    state = build(
        level=2,
        row=[61, 21, 0, 0, 0],
        since=[2, 4, 0, 0, 0],
        cols=[[1, 2], [5, 14]],
        active=[(86, 0, 0)],
        day=4,
        phase=PH_NIGHT,
        deck=[77, 78],
    )
    assert legal(state) == ["choose 1", "choose 2"] and 86 in state.box
    assert rules_totals.meets(state, 1)
    check(state)
