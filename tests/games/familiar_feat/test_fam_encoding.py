"""Familiar Feat's research encoding: the action ids, the tensor's card rows and the top pending
choice, the returns bounds (the game length bound: test_fam_length.py)."""

from __future__ import annotations

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
