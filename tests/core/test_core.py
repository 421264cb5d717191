"""The game-agnostic core: registry, records and undo, seeds, errors."""

from __future__ import annotations

import random

import pytest

import fourfeathers
from fourfeathers.core import (
    ConfigError,
    GameRecord,
    IllegalActionError,
    Match,
    derive_seed,
    game_spec,
)


def test_registry_lists_and_makes_games():
    ids = [spec.id for spec in fourfeathers.list_games()]
    assert "featherlight" in ids
    game = fourfeathers.make("featherlight", players=3)
    assert game.num_players == 3
    assert fourfeathers.make(game.id, **game.config).config == game.config
    assert game_spec("featherlight").players == (1, 2, 3, 4)


def test_registry_errors_name_the_problem():
    with pytest.raises(ConfigError, match="unknown game 'chess'; known games: .*featherlight"):
        fourfeathers.make("chess")
    with pytest.raises(ConfigError, match="colour"):
        fourfeathers.make("featherlight", colour="red")


def test_illegal_action_error_is_a_value_error_with_a_rule():
    err = IllegalActionError("no", "FL-26")
    assert isinstance(err, ValueError) and err.rule == "FL-26" and str(err) == "no [FL-26]"


def test_derive_seed_is_stable_and_distinct():
    assert derive_seed(7, 0) == derive_seed(7, 0)
    assert len({derive_seed(7, i) for i in range(1000)}) == 1000
    assert derive_seed(7, 0) == 2280108930456921315  # the same on every machine


def random_record(seed: int) -> GameRecord:
    game = fourfeathers.make("featherlight", players=3)
    match = Match(game, seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.apply(rng.choice(match.state.legal_actions()))
    return match.record


def test_record_json_round_trip_and_replay(tmp_path):
    record = random_record(5)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    final = loaded.replay()
    assert final.is_terminal()
    assert final == random_record(5).replay()


def test_replay_of_a_tampered_record_names_the_action():
    record = random_record(6)
    record.actions[1] = "draw 1"  # the second decision must be a put
    with pytest.raises(IllegalActionError, match="record action #1 'draw 1'"):
        record.replay()


def test_record_from_json_checks_fields():
    with pytest.raises(ValueError, match="'seed' must be an integer from 0 to .*, got a string$"):
        GameRecord.from_json('{"game": "featherlight", "config": {}, "seed": "x", "actions": []}')


def test_match_undo_restores_the_previous_state():
    game = fourfeathers.make("featherlight", players=2)
    match = Match(game, 11)
    with pytest.raises(IllegalActionError, match="no decision to undo"):
        match.undo()
    before = match.state.clone()
    match.apply(match.state.legal_actions()[0])
    middle = match.state.clone()
    match.apply(match.state.legal_actions()[-1])
    match.undo()
    assert match.state == middle
    match.undo()
    assert match.state == before and match.record.actions == []


def test_refused_action_is_not_recorded():
    match = Match(fourfeathers.make("featherlight"), 1)
    with pytest.raises(IllegalActionError):
        match.apply(fourfeathers.make("featherlight").parse_action("put 1 on 1"))
    assert match.record.actions == []


def test_action_from_text_names_the_rule():
    state = fourfeathers.make("featherlight").new_initial_state(2)
    with pytest.raises(IllegalActionError, match="FL-14"):
        state.action_from_text("put 1 on 1")
    assert str(state.action_from_text(" Draw  2 ")) == "draw 2"


def test_shared_config_checks(tmp_path):
    from fourfeathers.core.config import check_content_digest, check_variants, content_path, is_int

    assert is_int(3) and not is_int(True) and not is_int(3.0)
    assert check_variants("g", ["b", "a", "b"], {"a": "", "b": ""}) == ("a", "b")
    with pytest.raises(ConfigError, match="g: variants must be a list"):
        check_variants("g", "ab", {"ab": ""})
    with pytest.raises(ConfigError, match="g: unknown variant\\(s\\) c; known: a"):
        check_variants("g", ["c"], ["a"])
    assert content_path("g", None) is None
    assert content_path("g", tmp_path / "x.toml") == str((tmp_path / "x.toml").resolve())
    with pytest.raises(ConfigError, match="content must be a file path"):
        content_path("g", 3)
    check_content_digest("g", "/x", None, "abc")
    with pytest.raises(ConfigError, match="not the one this game was played with"):
        check_content_digest("g", "/x", "abd", "abc")


def test_content_file_errors_name_the_file(tmp_path):
    from fourfeathers.core.content import content_digest, parse_toml, read_content

    with pytest.raises(fourfeathers.ContentError, match="cannot read content file"):
        read_content(tmp_path / "missing.toml", tmp_path / "default.toml")
    with pytest.raises(fourfeathers.ContentError, match="f.toml: not a UTF-8 text file"):
        parse_toml("f.toml", b"\xff\xfe")
    with pytest.raises(fourfeathers.ContentError, match="f.toml: not valid TOML"):
        parse_toml("f.toml", b"[[x]\n")
    assert parse_toml("f.toml", b"a = 1") == {"a": 1}
    assert content_digest(b"") == (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    )
