"""The research interface of every registered configuration: action catalogue, observation
tensor, game length, returns bounds and perfect-recall information states.

Random playouts check, at every decision, that every legal action has an id that maps back to
it and that ``legal_action_ids`` agrees; at random points that every seat's tensor has its shape
and bounds and is the same for a determinization; and at the end that the game stayed within
``max_game_length`` and ``returns_bounds``. Twins (a state and its determinization for one seat,
then the same actions) give that seat equal information states. ``--playouts N`` (see
``tests/conftest.py``) sets the number of playouts: a tenth of it per configuration, at least 2.
"""

from __future__ import annotations

import random

import pytest
from test_conformance import CASES

from fourfeathers.core import State, game_spec, make
from fourfeathers.core.encoding import (
    Encoding,
    encoding_for,
    legal_action_mask,
    observation_size,
)
from fourfeathers.core.infostate import InformationState


def check_actions(enc: Encoding, state: State) -> list[int]:
    """Every legal action has an id in the catalogue that maps back to it, no two share one, and
    ``legal_action_ids`` lists them ascending; returns those ids."""
    by_id = {}
    for action in state.legal_actions():
        i = enc.action_to_id(action, state)
        assert 0 <= i < enc.num_distinct_actions, f"{action}: id {i} is out of the catalogue"
        assert enc.id_to_action(i, state) == action, f"id {i} does not map back to {action}"
        assert by_id.setdefault(i, action) == action, f"{action} and {by_id[i]} share id {i}"
    ids = enc.legal_action_ids(state)
    assert ids == sorted(by_id), "legal_action_ids differ from the legal actions' ids"
    return ids


def tensor(enc: Encoding, obs: dict) -> list[float]:
    out = [0.0] * observation_size(enc)
    enc.encode_observation(obs, out)
    return out


def state_tensor(enc: Encoding, state: State, player: int) -> list[float]:
    """The tensor by the adapters' path, ``encode_state`` (which may read the state)."""
    out = [0.0] * observation_size(enc)
    enc.encode_state(state, player, out)
    return out


def check_tensors(enc: Encoding, state: State, rng: random.Random) -> None:
    """Shape and bounds for every seat; ``encode_state`` writes the tensor of the observation;
    a determinization for the seat gives the same tensor by either path."""
    for player in range(state.game.num_players):
        values = tensor(enc, state.observation(player))
        assert len(values) == observation_size(enc)
        low, high = min(values), max(values)
        assert enc.observation_low <= low and high <= enc.observation_high, (low, high)
        sample = state.determinize(player, random.Random(rng.random()))
        assert tensor(enc, sample.observation(player)) == values, "the tensor reads hidden parts"
        assert state_tensor(enc, state, player) == values, "encode_state is not the observation's"
        assert state_tensor(enc, sample, player) == values, "encode_state reads hidden parts"


def play_twins(state: State, player: int, rng: random.Random, steps: int = 8) -> tuple:
    """A state and a determinization of it for ``player``, each with an information state
    started there, after the same actions (legal in both) for as long as ``player``'s
    observations stay equal, at most ``steps``."""
    twin = state.determinize(player, random.Random(rng.random()))
    states = [state.clone(), twin]
    infos = [InformationState(s) for s in states]
    for _ in range(steps):
        if states[0].is_terminal():
            break
        common = [a for a in states[0].legal_actions() if a in set(states[1].legal_actions())]
        if not common:
            break
        action = rng.choice(common)
        after = [s.clone() for s in states]
        for s in after:
            s.apply_action(action)
        if after[0].observation(player) != after[1].observation(player):
            break  # the action shows the seat a hidden difference: it can tell them apart now
        states = after
        for info in infos:
            info.apply(action)
    return states, infos


def check_twins(state: State, rng: random.Random) -> None:
    """Twins that look the same to a seat give it equal information states."""
    for player in range(state.game.num_players):
        states, infos = play_twins(state, player, rng)
        assert states[0].observation(player) == states[1].observation(player)
        assert infos[0].of(player) == infos[1].of(player), "the information state leaks"


@pytest.mark.parametrize("game_id,config", CASES)
def test_encoding_over_random_playouts(game_id: str, config: dict, playouts: int) -> None:
    if game_spec(game_id).part("encoding") is None:
        pytest.skip(f"{game_id} has no encoding")
    game = make(game_id, **config)
    enc = encoding_for(game)
    assert encoding_for(game) is enc
    assert len(enc.action_layout) == enc.num_distinct_actions
    assert (len(enc.observation_layout),) == enc.observation_shape
    rng = random.Random(f"encoding {game_id}{config}")
    low, high = enc.returns_bounds
    for _ in range(max(2, playouts // 10)):
        state = game.new_initial_state(rng.randrange(2**32))
        info = InformationState(state)
        decisions = 0
        while not state.is_terminal():
            ids = check_actions(enc, state)
            if rng.random() < 0.05:
                check_tensors(enc, state, rng)
                mask = legal_action_mask(enc, state)
                assert [i for i, m in enumerate(mask) if m] == ids
            if rng.random() < 0.01:
                check_twins(state, rng)
            action = enc.id_to_action(rng.choice(ids), state)
            state.apply_action(action)
            info.apply(action)
            decisions += 1
        assert enc.legal_action_ids(state) == []
        check_tensors(enc, state, rng)
        assert enc.max_game_length is None or decisions <= enc.max_game_length
        returns = state.returns()
        assert all(low <= r <= high for r in returns), (returns, enc.returns_bounds)
        if enc.returns_sum is not None:
            assert sum(returns) == pytest.approx(enc.returns_sum)
        for player in range(game.num_players):
            data = info.data(player)
            assert len(data) == decisions + 1 and data[-1]["seen"]["phase"] == "over"


def test_a_leak_in_the_public_words_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proof that the twin check can fail: words that name the top card of a draw pile (hidden)
    give twins different information states."""
    game = make("featherlight", players=2)
    original = type(game).describe_action

    def leaky(self, state, action):
        return f"{original(self, state, action)} [{state.piles[0][-1]}]"

    monkeypatch.setattr(type(game), "describe_action", leaky)
    with pytest.raises(AssertionError, match="leaks"):
        check_twins(game.new_initial_state(5), random.Random(1))


def test_a_tensor_reading_hidden_parts_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proof that the tensor check can fail: a tensor built from the state, not the observation,
    differs between a state and its determinization."""
    game = make("featherlight", players=2)
    enc = encoding_for(game)
    state = game.new_initial_state(5)
    observation = type(state).observation

    def leaky(self, player):
        obs = observation(self, player)
        obs["hand"] = obs["hand"] + [self.piles[0][-1]]  # the top card of pile 1, unseen
        return obs

    monkeypatch.setattr(type(state), "observation", leaky)
    with pytest.raises(AssertionError, match="hidden"):
        check_tensors(enc, state, random.Random(1))


def test_an_encode_state_reading_hidden_parts_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proof that the ``encode_state`` check can fail: a fast path that also marks the top card
    of draw pile 1 (unseen) as in the viewer's hand is not the observation's tensor."""
    game = make("featherlight", players=2)
    enc = encoding_for(game)
    original = type(enc).encode_state

    def leaky(self, state, player, out):
        original(self, state, player, out)
        out[state.piles[0][-1] - 1] = 1.0  # the "hand" segment starts at 0, card c at c - 1

    monkeypatch.setattr(type(enc), "encode_state", leaky)
    with pytest.raises(AssertionError, match="encode_state"):
        check_tensors(enc, game.new_initial_state(5), random.Random(1))


def depth_groups(game_id: str, depth: int, seat: int, key) -> list[int]:
    """Every history of ``depth`` decisions of a two-player game from seed 3, grouped by
    ``key(state, info)``: the sizes of the groups."""
    game = make(game_id, players=2)
    groups: dict = {}

    def walk(state: State, info: InformationState, left: int) -> None:
        if not left or state.is_terminal():
            k = key(state, info)
            groups[k] = groups.get(k, 0) + 1
            return
        for action in state.legal_actions():
            s, i = state.clone(), info.clone()
            s.apply_action(action)
            i.apply(action)
            walk(s, i, left - 1)

    root = game.new_initial_state(3)
    walk(root, InformationState(root), depth)
    return list(groups.values())


@pytest.mark.parametrize(
    "game_id,views,colliding,histories",
    [("featherlight", 10_374, 390, 12_204), ("fancy-feathers", 1_555, 264, 2_190)],
)
def test_depth_4_histories_share_observations_but_not_information_states(
    game_id: str, views: int, colliding: int, histories: int
) -> None:
    """Issue 13's measure: seat 0's observation after every 4-decision history of seed 3 (two
    players). Some views are reached by several histories; every history seat 0 can tell apart
    (here: all of them, no action hides anything from it at this depth) has an information
    state of its own."""
    by_view = depth_groups(game_id, 4, 0, lambda s, i: repr(s.observation(0)))
    assert (len(by_view), sum(1 for g in by_view if g > 1), sum(by_view)) == (
        views,
        colliding,
        histories,
    )
    by_info = depth_groups(game_id, 4, 0, lambda s, i: i.of(0))
    assert len(by_info) == histories and max(by_info) == 1
