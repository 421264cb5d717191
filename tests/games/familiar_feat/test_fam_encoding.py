"""Familiar Feat's research encoding: the action ids, the tensor's card rows and the top pending
choice, the returns bounds (the game length bound: test_fam_length.py)."""

from __future__ import annotations

import pytest
from fam_helpers import build

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for, observation_size
from fourfeathers.games.familiar_feat.actions import ATTACH, CHOOSE, PLACE
from fourfeathers.games.familiar_feat.encoding import (
    _NAMED,
    _ORDER,
    PER_CARD,
    PLACES,
)


def card_rows(state):
    enc = encoding_for(state.game)
    out = [0.0] * observation_size(enc)
    enc.encode_observation(state.observation(0), out)
    rows = {c: out[(c - 1) * PER_CARD : c * PER_CARD] for c in range(1, 111)}
    rest = {s.name: out[s.start : s.stop] for s in enc.observation_layout.segments[1:]}
    return rows, rest


def place_of(row) -> str | None:
    hot = [PLACES[i] for i in range(len(PLACES)) if row[i]]
    assert len(hot) <= 1
    return hot[0] if hot else None


def test_the_catalogue_is_the_documented_table():
    """Attach the 54 Creature/Familiar cards to 5 slots, choose any of the 110 cards, 5 slots."""
    enc = encoding_for(make("familiar-feat", level=3))
    assert enc.num_distinct_actions == 270 + 110 + 5 == 385
    assert enc.action_to_id(ATTACH[54][4], None) == 269
    assert enc.action_to_id(CHOOSE[1], None) == 270 and enc.action_to_id(CHOOSE[110], None) == 379
    assert enc.action_to_id(PLACE[4], None) == 384
    assert str(enc.id_to_action(0, None)) == "attach 1 to 1"


def test_the_card_rows_say_where_each_card_lies_and_the_column_order():
    """Two Creatures and a Golem in the row with their columns, a card in hand, two in the Team
    deck."""
    state = build(row=[11, 14, 76, 0, 0], cols=[[1], [5], [2, 7]], hand=[3], team=[4, 6])
    rows, rest = card_rows(state)
    assert [place_of(rows[c]) for c in (11, 14, 76, 1, 5, 2, 7, 3, 4, 6)] == [
        "row 1",
        "row 2",
        "row 3",
        "beneath 1",
        "beneath 2",
        "beneath 3",
        "beneath 3",
        "hand",
        "team_deck",
        "team_deck",
    ]
    assert rows[2][_ORDER] == 0.5 and rows[7][_ORDER] == 1.0  # 2 is the column's top card
    assert place_of(rows[80]) is None  # the Exhausted card is always in its place
    assert rest["phase"] == [0, 0, 1, 0, 0, 0] and rest["frame"][-1] == 1  # attach, no frame
    assert rest["days in play"] == [0.1, 0.1, 0.1, 0.0, 0.0]


def test_the_top_pending_choice_names_its_card():
    """FA-51: exhausting the highest of a tie is a choice about 17 Willow Otter's column."""
    state = build(row=[17, 76, 0, 0, 0], cols=[[5], [1]], hand=[6], team=[2])
    state.apply_action(state.game.parse_action("attach 6 to 1"))
    rows, rest = card_rows(state)
    assert [c for c in rows if rows[c][_NAMED]] == [17]
    assert rest["frame"].index(1.0) == state.pending[-1][0]


def test_the_returns_bounds_and_the_tensor_shape():
    """Returns: 1 for a won adventure, else 0; 3,220 entries."""
    enc = encoding_for(make("familiar-feat", level=8))
    assert enc.returns_bounds == (0.0, 1.0) and enc.returns_sum is None
    assert enc.observation_shape == (3220,)


def test_encode_state_keeps_the_slow_parts_as_blocks_and_never_a_stale_one():
    """``encode_state`` writes the Creature deck, the box, Fled and the other slow parts once per
    content (``_bases``) and copies that block in: the same entries as ``encode_observation``
    when a block is reused, when a game changes those lists in place after a block was made of
    them, with more games interleaved than blocks are kept, and into a list or a float64
    array (no float32 memoryview to copy into)."""
    import random
    from array import array

    import numpy as np

    from fourfeathers.games.familiar_feat.encoding import BASES

    game = make("familiar-feat", level=4)
    enc = encoding_for(game)
    size = observation_size(enc)

    def expected(state):
        out = [0.0] * size
        enc.encode_observation(state.observation(0), out)
        return np.array(out, np.float32)

    def by_state(state):
        out = np.zeros(size, np.float32)
        enc.encode_state(state, 0, out.data)
        return out

    state = game.new_initial_state(5)
    first = by_state(state)
    block = enc._bases[0][1]
    assert isinstance(block, array) and block.typecode == "f"
    assert np.array_equal(by_state(state), first)
    assert enc._bases[0][1] is block  # the same content: the same block, not a new one
    assert np.array_equal(first, expected(state))
    # the box grows in place (a Creature sent there): the kept key is a copy, so no match
    box_before = len(
        np.flatnonzero(first[[(c - 1) * PER_CARD + PLACES.index("box") for c in range(1, 111)]])
    )
    moved = state.deck.pop()
    state.box.append(moved)
    after = by_state(state)
    assert np.array_equal(after, expected(state))
    box_after = len(
        np.flatnonzero(after[[(c - 1) * PER_CARD + PLACES.index("box") for c in range(1, 111)]])
    )
    assert (box_before, box_after) == (box_before, box_before + 1)
    # more games in turn than blocks are kept: every tensor still its own state's
    rng = random.Random(3)
    states = [game.new_initial_state(seed) for seed in range(BASES + 3)]
    for _ in range(40):
        for s in states:
            if not s.is_terminal():
                assert np.array_equal(by_state(s), expected(s))
                s.apply_action(rng.choice(s.legal_actions()))
    assert len(enc._bases) == BASES
    # a list and a float64 array get the same values
    as_list = [0.0] * size
    enc.encode_state(states[0], 0, as_list)
    wide = np.zeros(size, np.float64)
    enc.encode_state(states[0], 0, wide.data)
    assert np.array_equal(np.array(as_list, np.float32), expected(states[0]))
    assert np.array_equal(wide.astype(np.float32), expected(states[0]))
    # a list of the wrong length is not resized to fit: an IndexError, as any write past its end
    short = [0.0] * (size - 1)
    with pytest.raises(IndexError):
        enc.encode_state(states[0], 0, short)
    assert len(short) == size - 1
