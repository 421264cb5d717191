"""The core of the research interface: layouts, catalogues, ids, masks, ``encoding_for``, and
perfect-recall information states (``core.infostate``)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from fourfeathers.core import IllegalActionError, make, registry
from fourfeathers.core.encoding import (
    Catalogue,
    Layout,
    check_id,
    encoding_for,
    legal_action_mask,
)
from fourfeathers.core.infostate import InformationState


def test_a_layout_numbers_its_segments_in_order_and_refuses_a_repeated_name():
    layout = Layout()
    assert layout.add("a", 3, "three") == 0 and layout.add("b", 0, "none") == 3
    assert layout.add("c", 2, "two") == 3 and len(layout) == 5
    assert layout["c"].stop == 5
    assert layout.table().splitlines()[-1] == "| 3-4 | c | two |"
    with pytest.raises(ValueError, match="'a'"):
        layout.add("a", 1, "again")
    with pytest.raises(ValueError, match="-1"):
        layout.add("d", -1, "negative")


def test_ids_are_ints_in_range_numpy_style_integers_included():
    class Index:
        def __index__(self) -> int:
            return 2

    assert check_id(Index(), 3) == 2 and check_id(0, 1) == 0
    for bad in (3, -1, True, 1.0, "1", None):
        with pytest.raises(ValueError, match="action id"):
            check_id(bad, 3)


def test_a_catalogue_refuses_a_repeated_action_and_a_layout_of_another_size():
    layout = Layout()
    layout.add("all", 2, "both")
    with pytest.raises(ValueError, match="twice"):
        Catalogue(["x", "x"], layout)
    with pytest.raises(ValueError, match="covers 2 ids, not 3"):
        Catalogue(["x", "y", "z"], layout)
    catalogue = Catalogue(["x", "y"], layout)
    assert catalogue.action_to_id("y") == 1 and catalogue.id_to_action(0) == "x"
    with pytest.raises(ValueError, match="'z' has no id"):
        catalogue.action_to_id("z")
    with pytest.raises(ValueError, match="has no id"):
        catalogue.action_to_id(["unhashable"])


def test_equal_copies_of_catalogue_actions_get_the_same_ids(monkeypatch: pytest.MonkeyPatch):
    """Ids go by identity first (the engines hand out the catalogue's own objects); an equal
    copy, from a parse or an engine that builds its actions afresh, still gets its id."""
    game = make("featherlight", players=2)
    enc = encoding_for(game)
    state = game.new_initial_state(1)
    state.apply_action(game.parse_action("draw 1"))
    canonical = enc.legal_action_ids(state)
    assert canonical and all(
        enc.actions[i] is a
        for i, a in zip(
            canonical, sorted(state.legal_actions(), key=lambda a: enc.action_to_id(a)), strict=True
        )
    )
    copies = [dataclasses.replace(a) for a in state.legal_actions()]
    assert all(c == a and c is not a for c, a in zip(copies, state.legal_actions(), strict=True))
    assert sorted(enc.action_to_id(c) for c in copies) == canonical
    monkeypatch.setattr(type(state), "legal_actions", lambda self: copies)
    assert enc.legal_action_ids(state) == canonical


def test_the_mask_marks_exactly_the_legal_ids():
    game = make("featherlight", players=2)
    enc = encoding_for(game)
    state = game.new_initial_state(1)
    mask = legal_action_mask(enc, state)
    assert len(mask) == 428 and [i for i, m in enumerate(mask) if m] == list(range(8))
    state.apply_action(game.parse_action("take 2"))  # a gap: a hand card must fill stack 2
    hand = sorted(c for c in state.hands[state.player] if c != state.taken)
    mask = legal_action_mask(enc, state)
    assert [i for i, m in enumerate(mask) if m] == [8 + (c - 1) * 6 + 1 for c in hand]


def test_encoding_for_names_a_game_without_one(monkeypatch: pytest.MonkeyPatch):
    spec = registry.game_spec("featherlight")
    games = dict(registry._GAMES)
    games["featherlight"] = dataclasses.replace(spec, encoding=None)
    monkeypatch.setattr(registry, "_GAMES", games)
    with pytest.raises(ValueError, match="featherlight has no encoding"):
        encoding_for(make("featherlight"))


def playout(game, seed: int, steps: int):
    state = game.new_initial_state(seed)
    info = InformationState(state)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        info.apply(action)
    return state, info


def test_an_information_state_starts_with_the_observation_and_adds_one_entry_per_decision():
    game = make("fancy-feathers", players=3)
    state, info = playout(game, 4, 12)
    for player in range(3):
        data = info.data(player)
        assert len(data) == 13
        start = json.loads(json.dumps(game.new_initial_state(4).observation(player)))
        assert data[0] == {"start": start}
        assert all(entry["by"] in range(3) for entry in data[1:])
        assert json.loads(info.of(player)) == data
    with pytest.raises(ValueError, match="seat"):
        info.of(3)


def test_a_clone_goes_its_own_way_and_the_original_is_unchanged():
    game = make("featherlight", players=2)
    state, info = playout(game, 2, 6)
    before = info.of(0)
    copy = info.clone()
    branch = state.clone()
    action = branch.legal_actions()[0]
    branch.apply_action(action)
    copy.apply(action)
    assert len(copy.data(0)) == 8 and info.of(0) == before and len(info.data(0)) == 7


def test_an_illegal_action_is_refused_when_the_tracker_catches_up():
    game = make("featherlight", players=2)
    info = InformationState(game.new_initial_state(1))
    info.apply(game.parse_action("put 1 on 1"))  # a put before any draw or take
    with pytest.raises(IllegalActionError, match="FL-14|first draw"):
        info.of(0)


def test_a_resampled_tracker_keeps_the_seats_recall_and_starts_the_others_afresh():
    game = make("featherlight", players=3)
    state, info = playout(game, 9, 7)
    sample = state.determinize(1, random.Random(3))
    resampled = info.resampled(1, sample)
    assert resampled.of(1) == info.of(1)
    assert resampled.data(0) == [{"start": json.loads(json.dumps(sample.observation(0)))}]
    action = sample.legal_actions()[0]
    sample.apply_action(action)
    resampled.apply(action)
    assert len(resampled.data(1)) == len(info.data(1)) + 1


def test_the_information_state_grows_linearly_with_the_game():
    """One entry per decision and seat, of bounded size: a 300-turn Featherlight game's
    information state stays well under 600 times its first entries' size."""
    game = make("featherlight", players=2)
    state, info = playout(game, 5, 60)
    short = len(info.of(0))
    state, info = playout(game, 5, 600)
    decisions = len(info.data(0)) - 1
    assert len(info.of(0)) < short * decisions / 60 * 1.5
