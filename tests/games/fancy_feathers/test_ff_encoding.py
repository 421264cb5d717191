"""Fancy Feathers' research encoding: the action ids, what the tensor shows of a Fox's secret
loss, the bounds, and information states around a hidden loss."""

from __future__ import annotations

import pytest
from ff_helpers import fox_choice

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for, observation_size
from fourfeathers.core.infostate import InformationState
from fourfeathers.games.fancy_feathers.actions import LEAVE, LOSE_ASIDE, PASS_TRAPS, lose, move
from fourfeathers.games.fancy_feathers.scoring import TYPES

TYPES6 = ["nest", "blood-pheasant", "green-pheasant", "peacock", "trap", "fox"]
PEACOCK, NEST = TYPES.index("peacock"), TYPES.index("nest")


def segments(state, player):
    enc = encoding_for(state.game)
    out = [0.0] * observation_size(enc)
    enc.encode_observation(state.observation(player), out)
    return {s.name: out[s.start : s.stop] for s in enc.observation_layout.segments}


def test_the_catalogue_is_the_documented_table():
    """Two seats: ``move 1``..``move 10`` (5 per seat), leave, pass traps, the set-aside loss,
    then the 18 kinds of the content in type order."""
    enc = encoding_for(make("fancy-feathers", players=2))
    assert enc.num_distinct_actions == 10 + 3 + 18 == 31
    assert [enc.action_to_id(a, None) for a in (move(1), move(10), LEAVE, PASS_TRAPS)] == [
        0,
        9,
        10,
        11,
    ]
    assert enc.action_to_id(LOSE_ASIDE, None) == 12
    assert enc.action_to_id(lose(0, 1), None) == 13  # golden-pheasant:1, the first kind
    assert str(enc.id_to_action(30, None)) == "lose fox"
    with pytest.raises(ValueError, match="distance=11.*has no id"):
        enc.action_to_id(move(11), None)
    assert encoding_for(make("fancy-feathers", players=6)).num_distinct_actions == 51


def test_the_bounds_follow_from_the_seats_and_the_deck():
    """Six seats: moves of at most 30, a Path of at most 60 cards, a deck of 108 - 18 = 90
    cards, at most 6 * 91 turns, one ``pass traps`` per Trap and one loss per Fox (18 of each:
    582 decisions; without Trap and Fox in play, 6 * 91); win shares sum to 1."""
    enc = encoding_for(make("fancy-feathers", players=6))
    assert (enc.max_move, enc.path_slots) == (30, 60)
    assert enc.max_game_length == 6 * 91 + 18 + 18 == 582
    first = encoding_for(make("fancy-feathers", players=6, types="first-game"))
    assert first.max_game_length == 6 * 91  # the first game has neither Trap nor Fox
    trap = ["peacock", "nest", "trap", "mirror", "monal", "golden-pheasant"]
    no_fox = encoding_for(make("fancy-feathers", players=2, types=trap))
    assert no_fox.max_game_length == 2 * 31 + 6
    assert enc.returns_bounds == (0.0, 1.0) and enc.returns_sum == 1.0
    assert enc.observation_shape == (1680,)


def test_the_tensor_shows_a_secret_fox_loss_as_a_count_to_the_others():
    """FF-40: seat 1 sees that seat 0 collected two Peacocks, a Nest and the Fox and lost one
    card unseen; seat 0 sees exactly what it keeps."""
    game = make("fancy-feathers", types=TYPES6)
    state = fox_choice(game)
    state.apply_action(lose(PEACOCK, 0))
    enc = encoding_for(game)
    kinds = {str(enc.id_to_action(13 + k, None))[5:]: k for k in range(18)}
    theirs, mine = segments(state, 1), segments(state, 0)
    row = theirs["collected"][18:36]  # seat 0 is relative seat 1 for seat 1
    assert row[kinds["peacock"]] == 2 / 6 and row[kinds["nest"]] == 1 / 6
    assert row[kinds["fox"]] == 1 / 6 and theirs["hidden losses"] == [0.0, 1 / 6]
    own = mine["collected"][:18]
    assert own[kinds["peacock"]] == 1 / 6 and mine["hidden losses"] == [0.0, 0.0]
    assert theirs["held"][1] == mine["held"][0] == 3 / 30
    assert theirs["phase"] == [1, 0, 0, 0] and theirs["to move"] == [0, 1]


def test_the_discs_are_read_from_the_paths_rear():
    """Seat 0 collected its own card c1 (its disc is then just behind the Path, slot 0); seat
    1's disc is on c3, the second card from the rear."""
    game = make("fancy-feathers", types=TYPES6)
    state = fox_choice(game)
    state.apply_action(lose(NEST, 0))
    view = segments(state, 0)
    n = 2
    on = [(i // n, i % n) for i, v in enumerate(view["discs"]) if v]
    assert state.rear == 2 and on == [(0, 0), (2, 1)]
    assert view["order"] == [1, 0, 0, 1]  # seat 0 first from behind, seat 1 second


def test_which_card_a_fox_took_stays_out_of_the_other_seats_information_state():
    """Losing a Peacock or a Nest looks the same to seat 1, and different to seat 0."""
    game = make("fancy-feathers", types=TYPES6)
    infos = []
    for lost in (PEACOCK, NEST):
        state = fox_choice(game)
        info = InformationState(state)
        for action in (lose(lost, 0), move(1)):
            state.apply_action(action)
            info.apply(action)
        infos.append(info)
    assert infos[0].of(1) == infos[1].of(1)
    assert infos[0].of(0) != infos[1].of(0)
    assert infos[0].data(1)[1]["words"] == infos[1].data(1)[1]["words"]
