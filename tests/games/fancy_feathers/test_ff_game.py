"""Configuration, text actions, saved states, hidden information and the screens."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from ff_helpers import fox_choice, names, position
from rich.console import Console

from fourfeathers import ConfigError, IllegalActionError, make
from fourfeathers.games.fancy_feathers import render
from fourfeathers.games.fancy_feathers.actions import LEAVE, LOSE_ASIDE, lose, move

TYPES6 = ["nest", "blood-pheasant", "green-pheasant", "peacock", "trap", "fox"]


# --- configuration -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "players must be 2 to 6"),
        ({"players": 7}, "players must be 2 to 6"),
        ({"players": True}, "players must be 2 to 6"),
        ({"players": "3"}, "players must be 2 to 6"),
        ({"types": "some"}, "unknown type 'some'"),
        ({"types": ["nest"] * 6}, "types names a type twice"),
        ({"types": "nest,fox,trap"}, "exactly 6 types"),
        ({"types": 6}, "types must be"),
        ({"types": [1, 2, 3, 4, 5, 6]}, "types must be"),
        ({"variants": "nest-five-each"}, "variants must be a list"),
        ({"variants": ["nope"]}, "unknown variant(s) nope"),
        ({"starting_player": 0}, "has no option 'starting_player'"),
    ],
)
def test_bad_config_names_the_option(options, words):
    """FF-04 (2 to 6 players), FF-06 (exactly six types)."""
    with pytest.raises(ConfigError) as info:
        make("fancy-feathers", **options)
    assert words in str(info.value)


def test_config_is_complete_and_rebuilds_the_game():
    """FF-08: any six types, named, in any order."""
    game = make("fancy-feathers", players=3, types="fox, nest,trap,mirror,peacock,monal")
    assert game.config == {
        "players": 3,
        "types": ["peacock", "nest", "trap", "mirror", "monal", "fox"],
        "content": None,
        "variants": [],
        "content_digest": None,
    }
    again = make("fancy-feathers", **json.loads(json.dumps(game.config)))
    assert again.new_initial_state(4) == game.new_initial_state(4)
    assert make("fancy-feathers").config["types"] == "random"
    assert make("fancy-feathers", types="First-Game").config["types"] == "first-game"


# --- text actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "move 1",
        "move 12",
        "leave",
        "lose nest",
        "lose golden-pheasant:3",
        "lose monal:7",
        "lose set-aside trap",
        "pass traps",
    ],
)
def test_text_forms_parse_back(text):
    game = make("fancy-feathers")
    action = game.parse_action(text)
    assert str(action) == text
    assert game.parse_action(text.upper()) is action  # interned


def test_parse_errors():
    game = make("fancy-feathers")
    with pytest.raises(IllegalActionError, match="not a Fancy Feathers action"):
        game.parse_action("jump 3")
    with pytest.raises(IllegalActionError) as info:
        game.parse_action("lose owl")
    assert info.value.rule == "FF-05"
    assert game.parse_action("Lose  golden-pheasant : 2") == lose(0, 2)


def test_a_foreign_object_is_refused():
    state = make("fancy-feathers").new_initial_state(1)
    with pytest.raises(IllegalActionError, match="not a Fancy Feathers action object"):
        state.apply_action("move 1")


# --- saved states ---------------------------------------------------------------------------------


def test_round_trip_mid_game():
    game = make("fancy-feathers", players=4)
    state = game.new_initial_state(9)
    rng = random.Random(2)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_dict()))
    assert game.state_from_dict(data) == state


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("stack"), "missing field(s) stack"),
        (lambda d: d["path"].append(d["path"][0]), "exactly one place"),
        (lambda d: d.__setitem__("order", list(reversed(d["order"]))), "order must run"),
        (lambda d: d.__setitem__("types", [0, 1, 2, 3, 4]), "types must be 6"),
        (lambda d: d.__setitem__("held", [[]]), "held must be a list of 2 lists"),
        (lambda d: d.__setitem__("rear", "1"), "rear must be an integer"),
        (lambda d: d["log"][0].append(d["path"][0]), "log 0 does not replay"),
        (lambda d: d.__setitem__("mover", d["order"][1]), "furthest behind"),
        (lambda d: d.__setitem__("phase", 7), "phase must be"),
        (lambda d: d["pos"].__setitem__(1, 1), "already collected"),
        (lambda d: d.__setitem__("box", d["box"][::-1]), "box must be sorted"),
        (lambda d: d.__setitem__("upto", -1), "fox and upto are set exactly"),
        (lambda d: d.__setitem__("fox", -5), "fox and upto are set exactly"),
    ],
)
def test_from_dict_names_the_problem(change, words):
    game = make("fancy-feathers")
    state = position(
        game,
        path=["nest", "peacock", "fox", "trap", "nest"],
        discs=[(0, 1), (1, 3)],
        types=TYPES6,
    )
    data = state.to_dict()
    change(data)
    with pytest.raises(ValueError) as info:
        game.state_from_dict(data)
    assert words in str(info.value)


def test_a_mover_alone_on_its_card_has_collected_before_it_moves():
    """Issue 38: Step 1 is compulsory (FF-20, FF-21): a disc alone on a card collects up to it
    as its turn begins, so a move-phase position in which it has not (its card still on the
    Path) is no game; on top of another disc it collects nothing and moves at once (FF-17)."""
    game = make("fancy-feathers")
    spec = {"path": ["nest", "peacock", "fox", "trap", "nest"], "types": TYPES6}
    with pytest.raises(
        ValueError, match="seat 0's disc is alone on its card: it must have collected"
    ):
        position(game, discs=[(0, 2), (1, 4)], begin=False, **spec)
    collected = position(game, discs=[(0, 2), (1, 4)], **spec)
    assert collected.rear == 3 and names(game, collected.held[0]) == ["nest", "peacock"]
    stacked = position(game, discs=[(0, 2), (1, 2)], begin=False, **spec)
    assert stacked.rear == 1 and stacked.held == [[], []]
    data = position(game, discs=[(0, 1), (1, 3)], **spec).to_dict()
    with pytest.raises(ValueError, match="before any card is collected"):
        game.state_from_dict({**data, "pos": [0, 3], "order": [0, 1]})


def test_a_path_with_nothing_ahead_while_the_stack_holds_cards_is_refused():
    """Issue 38 (the state fuzzer): the Path's cards poured back onto the stack left the first
    mover no move and no leave (FF-27, FF-43): no legal action in a game going on."""
    game = make("fancy-feathers", players=2)
    data = game.new_initial_state(1).to_dict()
    data["stack"] += data["path"]
    data["path"] = []
    with pytest.raises(ValueError, match="a Path card lies ahead of the disc furthest behind"):
        game.state_from_dict(data)


# --- hidden information ---------------------------------------------------------------------------


def fox_position(game):
    """Seat 1 holds two Peacocks and a Nest, collects a Fox and loses a Peacock in secret."""
    state = fox_choice(game)
    state.apply_action(lose(5, 0))
    return state


def test_observation_hides_the_fox_loss_the_stack_and_the_box():
    """FF-77 (the stack's cards and order, the removed cards and the card a Fox took are
    secret), FF-40 (the others do not learn which card went), FF-25 (a collection is seen whole
    only by its owner), FF-14 (the draw stack is face down: a count)."""
    game = make("fancy-feathers", types=TYPES6)
    state = fox_position(game)
    mine, theirs = state.observation(0), state.observation(1)
    json.dumps(mine)
    assert names(game, mine["players"][0]["foxed"]) == ["peacock"]
    assert "foxed" not in theirs["players"][0] and "held" not in theirs["players"][0]
    assert theirs["players"][0]["history"][-2] == ["lost", None]
    assert theirs["players"][0]["count"] == 3  # Peacock, Nest, Fox
    assert theirs["stack"] == 4 and theirs["removed"] == len(state.box)
    text = json.dumps(theirs)
    for card in state.stack + state.box:
        assert f'"card": {card},' not in text
    with pytest.raises(ValueError):
        state.observation(2)


def test_observation_shows_the_path_the_discs_and_every_card_collected():
    """FF-78 and ruling FF-R18: seat 2 sees the Path cards (FF-14: face up), where each disc
    stands and which lies on top, every card seat 1 was seen to collect, and that a Fox took a
    card (not which)."""
    game = make("fancy-feathers", types=TYPES6)
    state = fox_position(game)
    state.apply_action(move(2))  # seat 1 from c1 onto seat 2's disc on c3
    theirs = state.observation(1)
    assert [c["card"] for c in theirs["path"]] == state.path
    assert [c["label"] for c in theirs["path"]] == list(range(state.rear, state.front + 1))
    assert [c["type"] for c in theirs["path"]][:3] == ["blood-pheasant", "green-pheasant", "nest"]
    assert theirs["discs"]["order"] == [0, 1] and theirs["discs"]["positions"] == [3, 3]
    history = theirs["players"][0]["history"]
    got = [card for event, card in history if event == "got"]
    assert names(game, got) == ["peacock", "peacock", "nest", "fox"]
    assert history.count(["lost", None]) == 1


def test_describe_of_a_fox_loss_names_no_card():
    game = make("fancy-feathers", types=TYPES6)
    state = position(
        game,
        path=["fox", "nest", "nest", "nest", "nest"],
        discs=[(0, 1), (1, 3)],
        held={0: ["peacock"]},
    )
    text = game.describe_action(state, lose(5, 0))
    assert "peacock" not in text.lower() and "secret" in text
    assert not game.reveals(state, lose(5, 0))


def test_determinize_samples_each_hidden_loss_uniformly():
    """FF-R21: the loss was one of the three cards held then (2 Peacocks, a Nest)."""
    game = make("fancy-feathers", types=TYPES6)
    state = fox_position(game)
    obs = state.observation(1)
    lost = Counter()
    orders = set()
    for seed in range(600):
        sample = state.determinize(1, random.Random(seed))
        assert sample.observation(1) == obs
        assert sorted(sample.held[0] + sample.foxed[0]) == sorted(state.held[0] + state.foxed[0])
        lost[names(game, sample.foxed[0])[0]] += 1
        orders.add(tuple(sample.stack))
    assert set(lost) == {"peacock", "nest"}
    assert 320 < lost["peacock"] < 480  # 2 in 3 of 600 = 400
    assert len(orders) > 1
    own = state.determinize(0, random.Random(1))
    assert own.held[0] == state.held[0] and own.foxed[0] == state.foxed[0]


def test_determinize_keeps_a_public_fox_loss():
    game = make("fancy-feathers", types=TYPES6)
    state = position(game, path=["trap", "fox", "nest", "nest", "nest"], discs=[(0, 2), (1, 3)])
    state.apply_action(LOSE_ASIDE)
    for seed in range(20):
        sample = state.determinize(1, random.Random(seed))
        assert sample.foxed[0] == state.foxed[0]


# --- screens --------------------------------------------------------------------------------------


def rendered(renderable) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_play_screen_shows_path_discs_and_collections():
    game = make("fancy-feathers", types=TYPES6)
    state = fox_position(game)
    seen_by_2 = rendered(render.render_state(game, state, 1))
    for word in ("The Path", "Collections", "S2 (you)", "lost 1 to a Fox, which unknown"):
        assert word in seen_by_2, word
    seen_by_1 = rendered(render.render_state(game, state, 0))
    assert "Your collection" in seen_by_1 and "lost 1 to a Fox)" in seen_by_1
    assert "2 Peacock" not in seen_by_1  # one Peacock went to the Fox
    assert "1 Peacock" in seen_by_1
    assert "2 Peacock" in seen_by_2  # seat 2 saw two Peacocks collected


def test_result_screen_explains_every_point():
    game = make("fancy-feathers", types=TYPES6)
    state = position(
        game, path=["nest", "peacock"], discs=[(0, 1)], left=[1], held={1: ["green-pheasant"] * 2}
    )
    before = state.clone()
    state.apply_action(LEAVE)
    text = rendered(render.render_result(game, state))
    assert "Seat 1: 1 point (1 card)" in text and "Seat 2: 5 points" in text
    assert "Seat 2 wins with 5 points" in text
    assert "Not scored, left on the Path: Peacock" in text
    outcome = game.describe_outcome(before, LEAVE, state)
    assert outcome is not None and "game is over" in outcome


def test_observation_refuses_a_bool_seat():
    state = make("fancy-feathers", players=2).new_initial_state(1)
    with pytest.raises(ValueError):
        state.observation(True)
