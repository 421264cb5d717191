"""Isle of Feathers' research encoding: cells numbered from the island's anchors, so ids and
tensors do not depend on where the island lies; the catalogue's size and the bounds."""

from __future__ import annotations

import random

import pytest

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for, observation_size
from fourfeathers.games.isle_of_feathers.actions import (
    PLACE,
    RAISE,
    SHOO_MOVE,
    TILE,
    VEGETATION,
)
from fourfeathers.games.isle_of_feathers.hexgrid import key


def midgame(players: int = 3, seed: int = 4, steps: int = 25):
    game = make("isle-of-feathers", players=players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def moved(state, dq: int, dr: int):
    """The same position with the whole island shifted by ``(dq, dr)``."""
    data = state.to_dict()
    data["cells"] = [[q + dq, r + dr, h, v] for q, r, h, v in data["cells"]]
    data["birds"] = [[q + dq, r + dr, seats] for q, r, seats in data["birds"]]
    if data["replant_from"]:
        data["replant_from"] = [data["replant_from"][0] + dq, data["replant_from"][1] + dr]
    return state.game.state_from_dict(data)


def tensor(state, player: int) -> list[float]:
    enc = encoding_for(state.game)
    out = [0.0] * observation_size(enc)
    enc.encode_observation(state.observation(player), out)
    return out


def test_the_catalogue_counts_anchors_not_coordinates():
    """16 Sand tiles + 18 Vegetation tokens = 34 anchors; 7 references each; 52 birds; 4 Flight
    Path slots: 2 * 238 + 4 * 34 + 2 * 52 * 34 + 4 * 34 * 6 + 3 * 52 + 4 + 5 = 5,129 ids, for
    every player count."""
    for config in ({"players": 1, "stamina": 3}, {"players": 4}):
        enc = encoding_for(make("isle-of-feathers", **config))
        assert enc.anchors == 34 and enc.num_distinct_actions == 5129
    assert [s.name for s in enc.action_layout.segments][:4] == ["tile", "veg", "place", "flock"]


@pytest.mark.parametrize("shift", [(60, -40), (-95, 90)])
def test_a_shifted_island_has_the_same_ids_and_the_same_tensor(shift):
    """The ids of the legal actions and every seat's tensor are the same wherever the island
    lies; each id names the shifted action there."""
    for seed in (4, 8):
        state = midgame(seed=seed)
        far = moved(state, *shift)
        enc = encoding_for(state.game)
        ids = enc.legal_action_ids(state)
        assert enc.legal_action_ids(far) == ids
        assert {str(enc.id_to_action(i, far)) for i in ids} == {str(a) for a in far.legal_actions()}
        for player in range(3):
            assert tensor(far, player) == tensor(state, player)


def test_a_cell_is_its_own_anchor_or_the_first_anchor_it_touches():
    """On the starting island (anchors 0,0 1,0 2,0 -1,1 0,1 1,1, sorted: -1,1 0,0 0,1 1,0 1,1
    2,0), Sand next to it is numbered from the first anchor it touches."""
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(1)
    enc = encoding_for(game)
    assert sorted(state.cells) == [
        key(*c) for c in ((-1, 1), (0, 0), (0, 1), (1, 0), (1, 1), (2, 0))
    ]
    assert enc.action_to_id(TILE[key(0, 1)], state) == 2 * 7  # anchor 2 itself
    # -1,0 touches -1,1 (anchor 0, direction 0,-1: d = 4) and 0,0 (anchor 1): anchor 0 wins.
    assert enc.action_to_id(TILE[key(-1, 0)], state) == 0 * 7 + 4
    assert enc.action_to_id(RAISE[key(3, 0)], state) == enc._mound + 5 * 7 + 1
    assert enc.action_to_id(VEGETATION[key(2, 0)], state) == enc._veg + 5
    with pytest.raises(ValueError, match="not an anchor"):
        enc.action_to_id(VEGETATION[key(5, 5)], state)
    with pytest.raises(ValueError, match="neither an anchor nor next to one"):
        enc.action_to_id(TILE[key(5, 5)], state)
    with pytest.raises(ValueError, match="no anchor 6"):
        enc.id_to_action(6 * 7, state)
    place = enc.action_to_id(PLACE[12, key(1, 1)], state)
    assert (
        place == enc._place + 11 * 34 + 4 and enc.id_to_action(place, state) == PLACE[12, key(1, 1)]
    )
    shoo = SHOO_MOVE[1, key(2, 1), key(1, 1)]  # a bird on the ocean at 2,1 onto 1,1
    assert enc.id_to_action(enc.action_to_id(shoo, state), state) == shoo


def test_a_split_island_far_apart_still_maps_every_legal_action():
    """Ruling IS-R16: every part of a split island is the island. Two parts 80 spaces apart."""
    state = midgame(players=2, seed=6, steps=10)
    data = state.to_dict()
    far = {(q, r) for q, r, _, _ in data["cells"][: len(data["cells"]) // 2]}

    def place(q, r):
        return [q + 80, r - 80] if (q, r) in far else [q, r]

    data["cells"] = [[*place(q, r), h, v] for q, r, h, v in data["cells"]]
    data["birds"] = [[*place(q, r), seats] for q, r, seats in data["birds"]]
    split = state.game.state_from_dict(data)
    assert len({q > 40 for q, _, _, _ in split.to_dict()["cells"]}) == 2
    enc = encoding_for(split.game)
    ids = enc.legal_action_ids(split)
    assert [enc.action_to_id(enc.id_to_action(i, split), split) for i in ids] == ids
    assert max(tensor(split, 0)) <= 1.0


def test_the_game_length_and_returns_bounds():
    """2 players: 200 turns of at most 2 * 20 + 5 = 45 decisions, and two for each of the 2 * 10
    token spends and of the 8 Flit birds' tokens (9,056; ``length``). Solo, level 1: 4 decisions
    for each of the 40 cards that reach the hand, 3 Stamina for each of the 40 placements, the
    24 tiles of the supply, the 18 Vegetation tokens, the 3 Stamina of the start and the last
    end (326); one colour's 10 Bird tokens: 30 Stamina instead of 120 (236). Solo
    scores at most the 40 best birds' points with every colour's 40 Bird tokens (ruling
    IS-R33: ten 4-point birds, 20 of 3, 10 of 2: 128; ruling IS-R31), with one colour's the 10
    best (40)."""
    enc = encoding_for(make("isle-of-feathers", players=2))
    assert enc.max_game_length == 200 * 45 + 2 * 8 + 2 * 20 == 9056
    assert enc.returns_bounds == (0.0, 1.0) and enc.returns_sum == 1.0
    solo = encoding_for(make("isle-of-feathers", players=1, stamina=1))
    assert solo.returns_bounds == (0.0, 128.0) and solo.returns_sum is None
    assert solo.max_game_length == 4 * 40 + 3 * 40 + 24 + 18 + 3 + 1 == 326
    one = encoding_for(make("isle-of-feathers", players=1, variants=["solo-one-colour"]))
    assert one.returns_bounds == (0.0, 40.0)
    assert one.max_game_length == 4 * 40 + 3 * 10 + 24 + 18 + 3 + 1 == 236
    uncapped = encoding_for(make("isle-of-feathers", players=1, stamina=4, max_turns=0))
    assert uncapped.max_game_length == 4 * 52 + 1 * 40 + 24 + 18 + 1 + 1 == 292
    assert encoding_for(make("isle-of-feathers", players=2, max_turns=0)).max_game_length is None


def test_encode_state_brings_its_kept_anchor_slots_up_to_date_where_the_island_changed():
    """The anchor slots ``encode_state`` keeps per anchor set and viewer are brought up to date
    in place when the cells, birds or lifted token change (only the slots and neighbour
    entries that read a changed space are written), and a new anchor set's block starts from
    the viewer's last one when the first anchor is the same: every tensor still equals the
    one of the seat's observation (``encode_observation``), over whole random games."""
    import numpy as np

    game = make("isle-of-feathers", players=2)
    enc = encoding_for(game)
    size = observation_size(enc)
    rng = random.Random(8)
    in_place = from_last = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            for seat in range(2):
                found = enc._anchors_of(state)
                before = found.blocks.get(seat)
                last = enc._last_blocks.get(seat)
                out = np.zeros(size, np.float32)
                enc.encode_state(state, seat, out.data)
                assert np.array_equal(out, np.array(tensor(state, seat), np.float32))
                after = found.blocks[seat]
                if before is not None and before[:3] != after[:3]:
                    assert after[3] is before[3]  # the same block, updated in place
                    in_place += 1
                elif before is None and last is not None and last[0] is not found:
                    from_last += last[0].anchors[0] == found.anchors[0]
            state.apply_action(rng.choice(state.legal_actions()))
    assert in_place > 50 and from_last > 20, (in_place, from_last)
