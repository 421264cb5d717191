"""Featherlight's research encoding: the action ids, the tensor's entries, the game length and
returns bounds, and the information states of issue 13's example."""

from __future__ import annotations

import pytest
from fl_helpers import build, play, solo

from fourfeathers import make
from fourfeathers.core.encoding import encoding_for, observation_size
from fourfeathers.core.infostate import InformationState
from fourfeathers.games.featherlight.actions import PUTS, Draw, Take


def tensor(state, player):
    enc = encoding_for(state.game)
    out = [0.0] * observation_size(enc)
    enc.encode_observation(state.observation(player), out)
    return {
        s.name: out[s.start : s.stop] for s in enc.observation_layout.segments
    }, enc.observation_layout


def test_the_catalogue_is_the_documented_table():
    """Draws 0-1, takes 2-7, ``put C on S`` at 8 + (C - 1) * 6 + stack: 428 ids in every
    configuration."""
    for config in ({"players": 1}, {"players": 4, "variants": ["no-put-back"]}):
        enc = encoding_for(make("featherlight", **config))
        assert enc.num_distinct_actions == 428
        assert enc.action_to_id(Draw(1), None) == 1
        assert enc.action_to_id(Take(5), None) == 7
        assert enc.action_to_id(PUTS[45][1], None) == 8 + 44 * 6 + 1 == 273
        assert str(enc.id_to_action(427, None)) == "put 70 on 6"
    assert encoding_for(make("featherlight")).action_layout.table().splitlines()[2:] == [
        "| 0-1 | draw | draw 1, draw 2 (id = pile) |",
        "| 2-7 | take | take 1-6 (id = 2 + stack) |",
        "| 8-427 | put | put C on S (id = 8 + (C - 1) * 6 + stack) |",
    ]


def test_ids_out_of_the_catalogue_are_refused_by_name():
    enc = encoding_for(make("featherlight"))
    for bad in (428, -1, True, "3", 2.0):
        with pytest.raises(ValueError, match="action id"):
            enc.id_to_action(bad, None)
    with pytest.raises(ValueError, match="'take 7'"):
        enc.action_to_id("take 7", None)


def test_the_tensor_holds_the_viewers_hand_the_nest_and_what_is_public():
    """The fixed layout: seat 0 draws from pile 2 and puts 37 on stack 4, seat 1 takes 13 from
    stack 3. Seat 0's tensor shows its hand, the nest, seat 1 (relative seat 1) holding six
    cards among them 13, taken from stack 3, and the pile sizes."""
    state = build(nest=[[11], [12], [17, 13], [14], [15], [16]])
    play(state, "draw 2", "put 37 on 4", "take 3")
    obs, layout = tensor(state, 0)
    assert [c + 1 for c, v in enumerate(obs["hand"]) if v] == [10, 20, 31, 41, 58]
    tops = [(i // 70 + 1, i % 70 + 1) for i, v in enumerate(obs["top"]) if v]
    assert tops == [(1, 11), (2, 12), (3, 17), (4, 37), (5, 15), (6, 16)]
    assert [c + 1 for c, v in enumerate(obs["covered"]) if v] == [14]
    assert [c + 1 for c, v in enumerate(obs["known"]) if v] == [13]
    assert [c + 1 for c, v in enumerate(obs["taken"]) if v] == [13]
    assert obs["taken from"] == [0, 0, 1, 0, 0, 0]
    assert obs["phase"] == [0, 1, 0] and obs["to move"] == [0, 1] and obs["mid-turn"] == [1]
    assert obs["starter"] == [1, 0]
    assert obs["hand colours"] == [0, 0, 0, 0, 0, 5 / 6, 0]  # the five white flat cards
    assert obs["piles"] == [4 / 23, 3 / 23]
    assert obs["heights"] == [1 / 70, 1 / 70, 1 / 70, 2 / 70, 1 / 70, 1 / 70]
    assert obs["turn"] == [1 / 300]
    assert layout["hand"].start == 0 and len(layout) == 738
    mine, _ = tensor(state, 1)
    assert mine["to move"] == [1, 0] and mine["starter"] == [0, 1]
    assert [c + 1 for c, v in enumerate(mine["hand"]) if v] == [2, 3, 4, 5, 6, 13]


def test_a_solo_game_lasts_at_most_21_turns_and_scores_within_the_card_bounds():
    """FL-106, FL-111: 21 wind cards, one blown per turn; the score is the returns."""
    enc = encoding_for(make("featherlight", players=1))
    assert enc.max_game_length == 42
    assert enc.returns_bounds == (0.0, 278.0) and enc.returns_sum is None
    capped = encoding_for(make("featherlight", players=1, max_turns=10))
    assert capped.max_game_length == 20
    state = solo()
    assert tensor(state, 0)[0]["wind"] == [2 / 21]


def test_two_to_four_players_last_the_turn_cap_and_share_a_win():
    """Ruling FL-R10: the turn cap bounds the game; without it there is no bound."""
    enc = encoding_for(make("featherlight", players=3))
    assert enc.max_game_length == 600
    assert enc.returns_bounds == (0.0, 1.0) and enc.returns_sum == 1.0
    assert encoding_for(make("featherlight", players=3, max_turns=0)).max_game_length is None


def history(*texts):
    game = make("featherlight", players=2)
    state = game.new_initial_state(seed=3)
    info = InformationState(state)
    for text in texts:
        action = game.parse_action(text)
        state.apply_action(action)
        info.apply(action)
    return state, info


def test_issue_13_two_histories_with_one_observation_give_two_information_states():
    """Seed 3, two players: seat 0 puts 45 on stack 1 or on stack 2, and seat 1 takes it back
    and puts 39 on stack 1. The nests end the same, so seat 0's observations are equal; seat 0
    knows where it put 45, so its information states differ (and seat 1's too)."""
    a, info_a = history("draw 1", "put 45 on 1", "take 1", "put 39 on 1")
    b, info_b = history("draw 1", "put 45 on 2", "take 2", "put 39 on 1")
    assert a.observation(0) == b.observation(0)
    assert info_a.of(0) != info_b.of(0)
    assert info_a.of(1) != info_b.of(1)
    assert info_a.data(0)[2] == {
        "action": "put 45 on 1",
        "by": 0,
        "seen": info_a.data(0)[2]["seen"],
    }
    assert info_a.data(1)[2]["words"] == "put 45 (red) on stack 1, covering 21 (yellow)"


def test_the_drawn_card_stays_out_of_the_other_seats_information_state():
    """FL-21: seat 1 sees that seat 0 drew from pile 1, not which card; seat 0 sees it. A deal
    that differs only in that card gives seat 1 the same information state."""
    state, info = history("draw 1")
    drawn = state.hands[0][-1]
    assert info.data(1)[1] == {
        "by": 0,
        "words": "draw the top card of pile 1 (23 cards in it)",
        "seen": {
            "phase": "put",
            "piles": [22, 23],
            "hands": [{"known": [], "size": 6}, {"known": [], "size": 5}],
        },
    }
    assert drawn in info.data(0)[1]["seen"]["hand"]
    start = make("featherlight", players=2).new_initial_state(seed=3)
    other = start.clone()
    other.piles[0][-1], other.piles[1][0] = other.piles[1][0], other.piles[0][-1]
    assert other.observation(1) == start.observation(1)
    infos = [InformationState(start), InformationState(other)]
    for s, i in zip((start, other), infos, strict=True):
        s.apply_action(Draw(0))
        i.apply(Draw(0))
    assert start.hands[0][-1] != other.hands[0][-1]
    assert infos[0].of(1) == infos[1].of(1) and infos[0].of(0) != infos[1].of(0)
