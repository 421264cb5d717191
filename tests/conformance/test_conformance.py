"""The conformance suite: every registered game, every configuration, must pass it.

It plays random playouts and checks, after every action, that components are conserved, that
every legal action applies and illegal ones raise ``IllegalActionError`` without changing the
state; and at random points that the state survives ``to_dict``/``from_dict`` and ``clone``,
that replaying the record reproduces it, and that observations and determinizations leak
nothing; and the facts the registration declares (``GameSpec``: hidden information, chance,
utility, solo returns, the most decisions of a game) against the playouts. ``--playouts N``
(see ``tests/conftest.py``) sets the number of playouts.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from fourfeathers.core import (
    Game,
    GameRecord,
    GameSpec,
    IllegalActionError,
    State,
    list_games,
    make,
    registry,
)


def case_id(game_id: str, config: dict) -> str:
    """``featherlight-players3-no-put-back+exact-same-colour``."""
    parts = [game_id]
    for key, value in config.items():
        parts.append("+".join(value) if isinstance(value, list) else f"{key}{value}")
    return "-".join(parts)


CASES = [
    pytest.param(spec.id, config, id=case_id(spec.id, config))
    for spec in list_games()
    for config in spec.configurations
]

PEBBLES = Path(__file__).resolve().parents[1] / "fixtures" / "pebbles"


def plugin_spec() -> GameSpec:
    """Pebbles, the game from another package (``tests/fixtures/pebbles``): no hidden
    information, no chance. It plays the suite too, so that the suite asks only what the
    contract asks (registered for its own tests only: ``registered``)."""
    if str(PEBBLES) not in sys.path:
        sys.path.insert(0, str(PEBBLES))
    import feathers_pebbles

    spec: GameSpec = feathers_pebbles.SPEC
    return spec


PLUGIN_CASES = [
    pytest.param(plugin_spec().id, config, id=case_id(plugin_spec().id, config))
    for config in plugin_spec().configurations
]


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pebbles registered for this test only (the entry-point tests expect it absent)."""
    list_games()  # the shipped games and entry points first
    monkeypatch.setitem(registry._GAMES, plugin_spec().id, plugin_spec())


def check_components(state: State) -> None:
    """Every component lies in exactly one place."""
    placed = Counter(c for cards in state.component_locations().values() for c in cards)
    expected = Counter(state.game.components())
    assert placed == expected, (
        f"components not conserved: {placed - expected} / {expected - placed}"
    )


def check_illegal(state: State, candidates: list, rng: random.Random) -> None:
    """Actions seen legal elsewhere but not legal now must raise and change nothing."""
    legal = set(state.legal_actions())
    illegal = [a for a in candidates if a not in legal]
    before = state.to_dict()
    for action in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
        assert state.to_dict() == before, f"refused action {action} changed the state"


def check_every_legal_action_applies(state: State) -> None:
    for action in state.legal_actions():
        probe = state.clone()
        probe.apply_action(action)
        check_components(probe)


def check_round_trip(state: State, rng: random.Random) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    copy = state.game.state_from_dict(data)
    assert copy == state
    twin = state.clone()
    for _ in range(10):
        if copy.is_terminal():
            break
        action = rng.choice(copy.legal_actions())
        copy.apply_action(action)
        twin.apply_action(action)
        assert copy == twin


def check_clone_independent(state: State, rng: random.Random) -> None:
    before = state.to_dict()
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert state.to_dict() == before, "acting on a clone changed the original"


def check_information(state: State, rng: random.Random) -> bool:
    """Observations depend only on what the player knows; determinizations only on that.

    Returns True if some determinization differed from the true state (hidden parts resampled).
    """
    varied = False
    for player in range(state.game.num_players):
        obs = state.observation(player)
        json.dumps(obs)  # JSON-ready
        sample = state.determinize(player, random.Random(rng.random()))
        check_components(sample)
        assert sample.observation(player) == obs, "a determinization changed what the player saw"
        varied |= sample != state
        # Two states that look the same to `player` determinize identically with equal seeds.
        seed = rng.random()
        assert state.determinize(player, random.Random(seed)) == sample.determinize(
            player, random.Random(seed)
        ), "determinize used something the player cannot know"
    return varied


def check_declared_returns(spec: GameSpec, state: State, sums: set[float]) -> None:
    """The returns of a finished game are what ``spec`` declares: a solo game's its score or its
    win (``solo_returns``), else summing to 0 (``zero-sum``); each sum of a ``constant-sum``
    game goes into ``sums``, to be one number over every playout."""
    returns = state.returns()
    if state.game.num_players == 1:
        if spec.solo_returns == "score":
            assert returns == [float(s) for s in state.scores()], "solo returns are the score"
        else:
            assert returns[0] in (0.0, 1.0), "solo returns are a win (1) or a loss (0)"
    elif spec.utility == "zero-sum":
        assert sum(returns) == pytest.approx(0.0)
    elif spec.utility == "constant-sum":
        sums.add(round(sum(returns), 9))


@pytest.mark.parametrize("game_id,config", CASES + PLUGIN_CASES)
def test_random_playouts(game_id: str, config: dict, playouts: int, registered: None) -> None:
    game = make(game_id, **config)
    spec = registry.game_spec(game_id)
    bound = spec.length_bound(game)
    rng = random.Random(f"{game_id}{config}")
    seen_actions: dict = {}
    varied = False
    sums: set[float] = set()
    for i in range(playouts):
        seed = rng.randrange(2**32)
        state = game.new_initial_state(seed)
        record = GameRecord(game.id, game.config, seed)
        check_components(state)
        deep = i < max(3, playouts // 10)  # the expensive checks on a share of the games
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions, "a non-terminal state must offer an action"
            assert len(set(actions)) == len(actions), "duplicate legal actions"
            for a in actions:
                seen_actions.setdefault(a, None)
                assert game.parse_action(str(a)) == a, f"text form of {a} does not parse back"
            if deep:
                check_every_legal_action_applies(state)
            if rng.random() < 0.1:
                check_illegal(state, list(seen_actions), rng)
            if rng.random() < 0.03:
                check_round_trip(state, rng)
                check_clone_independent(state, rng)
                varied |= check_information(state, rng)
            assert state.ended_by() is None, "a game going on has not ended"
            action = rng.choice(actions)
            state.apply_action(action)
            record.actions.append(str(action))
            check_components(state)
        assert state.legal_actions() == []
        end = state.ended_by()
        assert end is not None and end.text, "a finished game says why it ended"
        assert state.winners() or game.num_players == 1
        assert len(state.returns()) == len(state.scores()) == game.num_players
        assert bound is None or len(record.actions) <= bound, "longer than its max_length"
        check_declared_returns(spec, state, sums)
        check_illegal(state, list(seen_actions), rng)
        check_information(state, rng)
        # Determinism: the record replays to the same final state and scores.
        replayed = GameRecord.from_json(record.to_json()).replay()
        assert replayed == state
        assert replayed.scores() == state.scores()
        assert game.new_initial_state(seed) == make(game_id, **game.config).new_initial_state(seed)
    if spec.hidden_information:
        assert varied or playouts < 5, "determinize never resampled anything: hidden parts untested"
    else:
        assert not varied, "a game without hidden information resampled something"
    assert len(sums) <= 1, f"a constant-sum game's returns added up to {sorted(sums)}"
    encoding = spec.part("encoding")
    if sums and encoding is not None:
        assert sums == {encoding(game).returns_sum}, "the encoding's returns_sum differs"


def first_action_playout(game: Game, seed: int, limit: int) -> list[dict]:
    """The states of a game from ``seed`` in which every seat takes its first legal action,
    as ``to_dict``, at most ``limit`` decisions."""
    state = game.new_initial_state(seed)
    states = [state.to_dict()]
    while not state.is_terminal() and len(states) <= limit:
        state.apply_action(state.legal_actions()[0])
        states.append(state.to_dict())
    return states


@pytest.mark.parametrize("game_id,config", CASES + PLUGIN_CASES)
def test_the_declared_chance_holds(game_id: str, config: dict, registered: None) -> None:
    """A game without chance (``GameSpec.chance`` False) plays the same game from any seed when
    the seats decide the same (each takes its first legal action); a game with chance deals
    some of ten seeds differently."""
    game = make(game_id, **config)
    if registry.game_spec(game_id).chance:
        starts = {json.dumps(game.new_initial_state(seed).to_dict()) for seed in range(10)}
        assert len(starts) > 1, "a game with chance starts the same from ten seeds"
    else:
        games = [first_action_playout(game, seed, 2000) for seed in (0, 1, 7, 2**31)]
        assert all(states == games[0] for states in games), "the seed changed a game without chance"


def test_the_declared_facts_are_checked() -> None:
    """Proof that the checks can fail: a spec that declares the wrong facts of Pebbles."""
    spec = plugin_spec()
    game = make_plugin(players=2, heap=6)
    state = game.new_initial_state(1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    sums: set[float] = set()
    with pytest.raises(AssertionError):
        check_declared_returns(dataclasses.replace(spec, utility="zero-sum"), state, sums)
    check_declared_returns(spec, state, sums)
    assert sums == {1.0}
    assert dataclasses.replace(spec, max_length=lambda g: 1).length_bound(game) == 1
    assert spec.length_bound(game) == 6 and not spec.chance


def make_plugin(**config: object) -> Game:
    """A Pebbles game (its spec is not registered outside the ``registered`` fixture)."""
    return plugin_spec().factory(**config)


@pytest.mark.parametrize("spec", [s for s in list_games() if "max_turns" in make(s.id).config])
def test_a_game_stopped_by_its_turn_cap_says_so(spec) -> None:
    rng = random.Random(1)
    for max_turns, capped in ((2, True), (0, False)):
        game = make(spec.id, **{**spec.configurations[0], "max_turns": max_turns})
        state = game.new_initial_state(3)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        end = state.ended_by()
        assert end is not None and end.capped is capped, end


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_a_seed_a_record_cannot_restore_is_a_value_error(spec) -> None:
    """Every game, pure and compiled (the compiled wheel runs this suite in CI), refuses a seed
    outside ``[0, 2**63)`` or of another type with ``core.rng``'s ValueError: a compiled
    ``seed: int`` would raise a bare TypeError for ``"7"`` and take ``True`` for 1."""
    for config in spec.configurations:
        game = make(spec.id, **config)
        for bad in (-1, 2**63, "7", 2.0, True, None):
            with pytest.raises(ValueError, match="a seed is an integer from 0 to"):
                game.new_initial_state(bad)


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_a_number_of_thousands_of_digits_in_an_action_is_refused_as_text(spec) -> None:
    """Every number of every action text seen in a playout, written with 5,000 digits (past
    Python's 4,300-digit limit on int()), is an IllegalActionError, never a ValueError."""
    game = make(spec.id)
    rng = random.Random(5)
    state = game.new_initial_state(seed=5)
    texts: set[str] = set()
    while not state.is_terminal() and len(texts) < 300:
        actions = state.legal_actions()
        texts.update(str(a) for a in actions)
        state.apply_action(rng.choice(actions))
    numbered = sorted(t for t in texts if re.search(r"\d", t))
    assert numbered, "no action text with a number"
    slots = 0
    for text in numbered:
        assert game.parse_action(text) is not None  # the text as printed parses
        for m in re.finditer(r"\d+", text):
            for big in ("9" * 5000, "0" * 5000 + m.group()):
                long = text[: m.start()] + big + text[m.end() :]
                with pytest.raises(IllegalActionError):
                    game.parse_action(long)
            slots += 1
    assert slots >= len(numbered)


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
@pytest.mark.parametrize(
    ("data", "kind"),
    [(None, "NoneType"), (5, "int"), (b"x", "bytes"), ([], "list"), ("turn", "str")],
    ids=["none", "int", "bytes", "list", "str"],
)
def test_a_state_that_is_no_mapping_is_a_value_error_naming_its_type(spec, data, kind) -> None:
    """``state_from_dict`` documents ValueError: a non-mapping once raised TypeError (or, for
    a list or a string, "missing field(s)")."""
    game = make(spec.id)
    with pytest.raises(ValueError) as info:
        game.state_from_dict(data)
    assert str(info.value) == f"a {spec.id} state is a JSON object (a mapping), got {kind}"
