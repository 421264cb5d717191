"""What each Featherlight player sees: observations, the words every seat reads, the screen."""

from __future__ import annotations

import random

from fl_helpers import build, play, solo
from rich.console import Console

from fourfeathers import make
from fourfeathers.games.featherlight import render


def test_a_player_sees_their_hand_the_nest_and_the_pile_sizes():
    """FL-120: own hand, the nest, the size of each pile (and of the box), nothing else of
    the cards."""
    state = build()
    obs = state.observation(1)
    assert obs["hand"] == [2, 3, 4, 5, 6]
    assert [s[-1] for s in obs["nest"]] == [11, 12, 13, 14, 15, 16]
    assert obs["piles"] == [4, 4] and obs["box"] == len(state.box)
    assert obs["hands"][0] == {"known": [], "size": 5}


def test_a_drawn_card_stays_with_the_drawer():
    """FL-21 and FL-122: after seat 1 draws 37, seat 2 sees six cards in that hand, none known,
    and its determinizations give seat 1 other cards than 37 (it cannot know)."""
    state = build()
    before = state.observation(1)
    play(state, "draw 2")
    obs = state.observation(1)
    assert obs["hands"][0] == {"known": [], "size": 6}
    assert obs["hand"] == before["hand"]
    held = {37 in state.determinize(1, random.Random(seed)).hands[0] for seed in range(40)}
    assert held == {True, False}
    assert 37 in state.observation(0)["hand"]


def test_everyone_sees_the_action_the_pile_and_the_cards_taken_and_put():
    """FL-121 and ruling FL-R20: the words shown to every seat name the action, the pile drawn
    from, the card taken and where each card goes; the pile sizes show which pile shrank."""
    state = build(nest=[[11], [12], [17, 13], [14], [15], [16]])
    game = state.game
    assert game.describe_action(state, game.parse_action("draw 2")) == (
        "draw the top card of pile 2 (4 cards in it)"
    )
    play(state, "draw 2")
    assert state.observation(1)["piles"] == [4, 3]
    assert "put 37" in game.describe_action(state, game.parse_action("put 37 on 4"))
    play(state, "put 37 on 4")
    assert state.observation(1)["nest"][3] == [14, 37]
    text = game.describe_action(state, game.parse_action("take 3"))
    assert text.startswith("swap: take 13") and "gap" not in text
    play(state, "take 3")
    assert state.observation(0)["hands"][1]["known"] == [13]


def test_hidden_cards_are_resampled_and_never_shown():
    """FL-122: another hand's unknown cards, the piles and their order, the box and the solo
    wind stack are counts in the observation and vary between determinizations."""
    state = build()
    obs = state.observation(1)
    assert obs["piles"] == [4, 4] and isinstance(obs["box"], int) and obs["wind"] == 0
    samples = [state.determinize(1, random.Random(seed)) for seed in range(20)]
    assert all(s.observation(1) == obs for s in samples)
    assert len({tuple(s.hands[0]) for s in samples}) > 1
    assert len({tuple(s.piles[0]) for s in samples}) > 1
    assert len({tuple(s.box) for s in samples}) > 1
    alone = solo()
    assert alone.observation(0)["wind"] == 2
    winds = {tuple(alone.determinize(0, random.Random(seed)).wind) for seed in range(20)}
    assert len(winds) > 1


def screen(state, **options) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render.render_state(state.game, state, 0, **options))
    return console.export_text()


def test_people_see_only_the_exposed_cards_unless_they_ask_for_the_memory_aid():
    """FL-19 and ruling FL-R09: the screen shows each stack's top card and height; the covered
    69 appears only with the memory aid (agents' observations recall it: FL-18 forbids only
    looking through a stack)."""
    state = build(nest=[[69, 11], [12], [13], [14], [15], [16]])
    plain = screen(state)
    assert "11 blue" in plain and "height 2" in plain
    assert "69" not in plain
    assert "covered: 69" in screen(state, memory_aid=True)
    assert state.observation(0)["nest"][0] == [69, 11]


def test_solo_wind_cards_are_unseen_until_turned():
    """FL-122: the solo observation counts the wind stack; the card turned is seen once it lies
    in the nest (FL-110)."""
    game = make("featherlight", players=1)
    state = game.new_initial_state(3)
    obs = state.observation(0)
    assert obs["wind"] == 21
    top = state.wind[-1]
    assert all(top not in s for s in obs["nest"])
    play(state, "take 1", f"put {state.hands[0][0]} on 1")
    assert any(s[-1] == top for s in state.observation(0)["nest"])
