"""The gate's broadcast form is the same bytes as its plain form, for every recipient."""

from __future__ import annotations

import dataclasses
import random

import pytest

from fourfeathers.core import make
from fourfeathers.web import views
from fourfeathers.web.tables import HUMAN, Table


@pytest.mark.parametrize("game_id,players", [("featherlight", 3), ("fancy-feathers", 4)])
def test_events_match_event_byte_for_byte(game_id: str, players: int) -> None:
    game = make(game_id, players=players)
    table = Table("abcdefgh", game, 7, [HUMAN] * players, [None] * players, [None] * players)
    recipients = [frozenset({s}) for s in range(players)] + [views.SPECTATOR, frozenset({0, 1})]
    rng = random.Random(7)
    while not table.over:
        step = table.prepare_move(
            table.state.current_player, str(rng.choice(table.state.legal_actions()))
        )
        table.commit(step)
        made = views.events(table, step.row, recipients)
        for r in recipients:
            assert made[r] == views.encode(views.event(table, step.row, r))
    assert '"result"' in made[views.SPECTATOR]


def test_encode_is_compact_json_and_takes_any_integer() -> None:
    message = {"type": "x", "n": 3, "seed": 2**70, "words": "é", 5: [1, 2]}
    text = views.encode(message)
    assert text == '{"type":"x","n":3,"seed":1180591620717411303424,"words":"é","5":[1,2]}'
    assert views.encode({"n": 1, "list": (1, 2)}) == '{"n":1,"list":[1,2]}'


def test_kept_sheets_belong_to_their_game() -> None:
    """The Fancy Feathers page keeps each collection's points per game object: a kept answer
    is never handed to another game (whose content file may give the same card numbers other
    cards), and it is the answer computed afresh."""
    from fourfeathers.games.fancy_feathers.web import _sheet, sheet

    first = make("fancy-feathers", players=2, types="first-game")
    other = make("fancy-feathers", players=2, types="monal,fox,trap,mirror,nest,peacock")
    cards = [0, 1, 2, 5, 9]
    assert sheet(first, cards, False) == _sheet(first, cards, False)
    assert sheet(other, cards, False) == _sheet(other, cards, False)
    assert sheet(other, cards, False) is not sheet(first, cards, False)
    assert sheet(first, cards, False) is sheet(first, cards, False)
    assert sheet(first, cards, True) == _sheet(first, cards, True)


def test_kept_islands_belong_to_their_game() -> None:
    """The Isle of Feathers page keeps where each bird fits on each game object's latest
    island: a kept answer is never handed to another game (whose content may give the same card
    numbers other habitats), and it is the answer computed afresh."""
    from fourfeathers.games.isle_of_feathers import web

    first = make("isle-of-feathers", players=2)
    observation = first.new_initial_state(3).observation(0)
    observation["hand"] = list(range(1, 53))
    fresh = web.derive(first, observation, 0)
    fits = sorted(int(c) for c in fresh["fits"])
    fitting, other_card = fits[0], next(c for c in range(1, 53) if c not in fits)
    assert web.derive(first, observation, 0) == fresh
    kept = web._kept(first, observation["island"], observation["birds"])
    assert kept is web._kept(first, observation["island"], observation["birds"])
    assert kept.spots[fitting] == (fresh["fits"][str(fitting)], ())
    other = make("isle-of-feathers", players=2)
    habitat = list(first.content.habitat)
    habitat[fitting], habitat[other_card] = habitat[other_card], habitat[fitting]
    other.content = dataclasses.replace(first.content, habitat=tuple(habitat))  # another file
    swapped = web.derive(other, observation, 0)["fits"]
    assert str(fitting) not in swapped
    assert swapped[str(other_card)] == fresh["fits"][str(fitting)]
