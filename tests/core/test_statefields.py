"""Every game's state plumbing comes from its declared fields (``core/statefields.py``): the
data ``to_dict`` writes is byte for byte what the hand-written code wrote (records, saved games
and the web store keep it), reading names the field, and every ``clone`` (generated or, for a
compiled state, hand-written) copies each declared field as the declaration says."""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from fourfeathers import make
from fourfeathers.core.statefields import (
    DICT,
    INT,
    LIST,
    LISTS,
    TABLE,
    TUPLES,
    Field,
    StateFields,
    restore,
)

GAMES = {
    "featherlight": "featherlight",
    "fancy-feathers": "fancy_feathers",
    "familiar-feat": "familiar_feat",
    "isle-of-feathers": "isle_of_feathers",
}

GOLDEN = {
    ("featherlight", '{"players": 1}'): "688f298b57c64f4f83872210174cbc5e",
    ("featherlight", '{"players": 3}'): "fa00df4c0842ea7b3760a7f831f1560d",
    ("fancy-feathers", '{"players": 2}'): "8a16490ce3a4633f62a668c6c0949fad",
    ("fancy-feathers", '{"players": 5}'): "b625c5065365b83d452a0caf96c3831d",
    ("familiar-feat", '{"level": 6}'): "3a4ac0a584f89c563c3b793164073406",
    ("isle-of-feathers", '{"players": 1}'): "7e88f889db7e10ddec39e5571e2bdf86",
    ("isle-of-feathers", '{"players": 3}'): "59af926716892a8fc5d8f6d886d9dc5d",
}
"""The SHA-256 (its first 32 digits) of the JSON of ``to_dict()`` at every step of ``_states``,
as the code before the declared fields (commit f1281fa) wrote it."""


def _states(game_id: str, config: dict[str, Any], seeds: int = 2) -> list[Any]:
    """Every state of ``seeds`` seeded random playouts, in order."""
    game = make(game_id, **config)
    states = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        states.append(state.clone())
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            states.append(state.clone())
    return states


def _fields(game_id: str) -> StateFields:
    fields: StateFields = importlib.import_module(
        f"fourfeathers.games.{GAMES[game_id]}.state"
    ).FIELDS
    return fields


@pytest.mark.parametrize(("game_id", "config"), list(GOLDEN), ids=" ".join)
def test_to_dict_writes_what_the_hand_written_code_wrote(game_id, config):
    digest = hashlib.sha256()
    for state in _states(game_id, json.loads(config)):
        digest.update(json.dumps(state.to_dict()).encode())
    assert digest.hexdigest()[:32] == GOLDEN[game_id, config]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_state_reads_back_clones_and_pickles_as_declared(game_id):
    config = {"level": 3} if game_id == "familiar-feat" else {"players": 3}
    fields = _fields(game_id)
    states = _states(game_id, config, seeds=1)
    game = states[0].game
    for k, state in enumerate(states):
        data = state.to_dict()
        assert list(data) == list(fields.names)
        assert fields.check_clone(state) == []
        if k % 4 == 0:
            text = json.dumps(data)
            back = game.state_from_dict(json.loads(text))
            assert json.dumps(back.to_dict()) == text
            assert json.dumps(pickle.loads(pickle.dumps(state)).to_dict()) == text
            data["turn" if "turn" in data else "day"] = -99  # to_dict shares nothing
            assert json.dumps(state.to_dict()) == text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_state_class_types_exactly_the_declared_fields(game_id):
    """The class annotations (for mypy and mypyc), or for a compiled state the typed
    ``self.name: type = fields["name"]`` lines of ``__init__``, are the declaration's fields
    (read from the source: a compiled class keeps no annotations)."""
    module = importlib.import_module(f"fourfeathers.games.{GAMES[game_id]}.state")
    source = Path(module.__file__).with_name("state.py").read_text(encoding="utf-8")
    name = type(make(game_id).new_initial_state(0)).__name__
    (klass,) = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == name]
    typed = [
        node.target.id
        for node in klass.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    ]
    for node in ast.walk(next(n for n in klass.body if getattr(n, "name", "") == "__init__")):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
            value = node.value
            if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
                assert value.slice.value == node.target.attr
                typed.append(node.target.attr)
    assert typed[0] == "game"
    assert sorted(typed[1:]) == sorted(module.FIELDS.names)


def _wrong(field: Field) -> list[Any]:
    """Values of the wrong shape for ``field``."""
    if field.shape == INT:
        return ["7", True, [1], None] if field.read is None else ["7", [1, 2, 3]]
    if field.shape == LIST:
        return ["7", [1, "2"], [True], {"a": 1}]
    if field.shape in (LISTS, TUPLES, TABLE):
        return ["7", [1, 2], [["x"]], {"a": 1}]
    return ["7", [[1]], [["x", 1, 2, 3]]]  # DICT


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_field_missing_or_of_the_wrong_shape_is_refused_naming_it(game_id):
    game = make(game_id)
    good = game.new_initial_state(4).to_dict()
    fields = _fields(game_id)
    for field in fields.fields:
        data = {k: v for k, v in good.items() if k != field.name}
        with pytest.raises(ValueError) as info:
            game.state_from_dict(data)
        assert str(info.value) == f"{game_id} state: missing field(s) {field.name}"
        for value in _wrong(field):
            with pytest.raises(ValueError) as info:
                game.state_from_dict({**good, field.name: value})
            assert str(info.value).startswith(f"{game_id} state: {field.name}"), (field, value)
    with pytest.raises(ValueError, match=rf"^a {game_id} state is a JSON object .* got list$"):
        game.state_from_dict([good])


def test_read_checks_counts_and_copies():
    fields = StateFields(
        "pebbles",
        [
            Field("heaps", LISTS, rows="players", size=2),
            Field("seen", TABLE, rows="players"),
            Field("moves", TUPLES, size=3),
            Field("bag", LIST, size=4),
            Field("turn", INT),
        ],
    )
    data = {
        "heaps": [[1, 2], [3, 4]],
        "seen": [[[1], []], [[], [2]]],
        "moves": [[1, 2, 3]],
        "bag": [5, 6, 7, 8],
        "turn": 3,
    }
    read = fields.read(data, {"players": 2})
    assert read == {**data, "moves": [(1, 2, 3)]}
    assert read["heaps"][0] is not data["heaps"][0] and read["seen"][1][1] is not data["seen"][1][1]
    for name, value, message in [
        ("heaps", [[1, 2]], "heaps must be a list of 2 lists"),
        ("heaps", [[1, 2], [3]], "heaps must hold lists of 2 integers"),
        ("seen", [[[1]], [[2]]], "seen must be a 2 x 2 table of integer lists"),
        ("seen", [[[1], [True]], [[], []]], "seen must hold lists of integers"),
        ("moves", [[1, 2]], "moves must hold lists of 3 integers"),
        ("moves", "1,2,3", "moves must be a list of lists"),
        ("bag", [5, 6, 7], "bag must be a list of 4 integers"),
        ("turn", 3.0, "turn must be an integer"),
    ]:
        with pytest.raises(ValueError) as info:
            fields.read({**data, name: value}, {"players": 2})
        assert str(info.value) == f"pebbles state: {message}"


class _Heap:
    __slots__ = ("game", "types", "heaps", "seen", "moves", "cells", "turn")


def test_the_generated_clone_copies_each_field_as_declared():
    fields = StateFields(
        "pebbles",
        [
            Field("types", LIST, shared=True),
            Field("heaps", LISTS),
            Field("seen", TABLE),
            Field("moves", TUPLES),
            Field("cells", DICT, read=lambda p, v: v, write=lambda v: sorted(v.items())),
            Field("turn", INT),
        ],
    )
    state = _Heap()
    state.game = "the game"
    fields.fill(
        state,
        {
            "types": [1, 2],
            "heaps": [[1], [2, 3]],
            "seen": [[[1], []], [[], [2]]],
            "moves": [(1, 2, 3)],
            "cells": {5: 1},
            "turn": 9,
        },
    )
    clone = fields.clone_method()
    copy = clone(state)
    assert type(copy) is _Heap and copy.game == "the game"
    assert copy.types is state.types  # shared, as declared
    assert copy.heaps == state.heaps and copy.heaps[1] is not state.heaps[1]
    assert copy.seen == state.seen and copy.seen[1][1] is not state.seen[1][1]
    assert copy.moves == state.moves and copy.moves is not state.moves
    assert copy.cells == state.cells and copy.cells is not state.cells
    assert copy.turn == 9
    assert fields.dump(state) == {
        "types": [1, 2],
        "heaps": [[1], [2, 3]],
        "seen": [[[1], []], [[], [2]]],
        "moves": [[1, 2, 3]],
        "cells": [(5, 1)],
        "turn": 9,
    }
    assert fields.dump(state)["types"] is not state.types


def test_check_clone_finds_a_clone_that_shares_or_forgets():
    fields = StateFields("pebbles", [Field("heaps", LISTS), Field("turn", INT)])

    class Lazy:
        def __init__(self, heaps: list[list[int]], turn: int, share: bool) -> None:
            self.heaps, self.turn, self.share = heaps, turn, share

        def clone(self) -> Lazy:
            heaps = [self.heaps[0], *self.heaps[1:]] if self.share else []
            return Lazy(heaps, self.turn, self.share)

    assert fields.check_clone(Lazy([[1], [2]], 3, share=True)) == [
        "heaps shares a list with the original"
    ]
    assert fields.check_clone(Lazy([[1], [2]], 3, share=False)) == ["heaps differs"]


def test_a_declaration_is_checked():
    with pytest.raises(ValueError, match="a state field is declared twice"):
        StateFields("pebbles", [Field("turn", INT), Field("turn", INT)])
    with pytest.raises(ValueError, match="unknown shape 'set'"):
        Field("bag", "set")
    with pytest.raises(ValueError, match="a DICT field needs its game's read and write"):
        Field("cells", DICT)


def test_restore_sets_the_fields_by_name():
    state = restore(lambda game: _Heap(), "the game", {"turn": 4, "heaps": [[1]]})
    assert isinstance(state, _Heap) and state.turn == 4 and state.heaps == [[1]]
