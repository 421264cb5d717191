"""``State.public_observation`` (a spectator's view) holds nothing that any seat cannot know.

For every registered game and configuration, at random points of random playouts: the public
view is JSON-ready and unchanged on ``determinize(p, rng)`` for every seat ``p`` (a
determinization resamples exactly what ``p`` does not know, so whatever survives it for every
seat is known to all). A mutation shows the check catches a seat's private view passed off as
the public one.
"""

from __future__ import annotations

import json
import random

import pytest

from fourfeathers.core import State, list_games, make

CASES = [
    pytest.param(spec.id, config, id=f"{spec.id}-{json.dumps(config, sort_keys=True)}")
    for spec in list_games()
    for config in spec.configurations
]


def check_public(state: State, rng: random.Random) -> None:
    """Raise ``AssertionError`` if ``state.public_observation()`` shows what a seat may not know."""
    public = state.public_observation()
    assert json.loads(json.dumps(public)) == public, "public observation is not JSON-ready"
    assert "player" not in public
    for player in range(state.game.num_players):
        twin = state.determinize(player, random.Random(rng.random()))
        assert twin.public_observation() == public, (
            f"public observation shows what seat {player} cannot know"
        )


def playout_check(game_id: str, config: dict, games: int, seed: int) -> None:
    game = make(game_id, **config)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state(rng.randrange(2**32))
        check_public(state, rng)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if rng.random() < 0.2:
                check_public(state, rng)
        check_public(state, rng)


@pytest.mark.parametrize("game_id,config", CASES)
def test_public_observation_is_known_to_every_seat(game_id: str, config: dict) -> None:
    playout_check(game_id, config, games=3, seed=11)


MULTIPLAYER = [
    pytest.param(spec.id, {"players": min(n for n in spec.players if n > 1)}, id=spec.id)
    for spec in list_games()
    if max(spec.players) > 1
]


@pytest.mark.parametrize("game_id,config", MULTIPLAYER)
def test_check_catches_a_private_view(
    game_id: str, config: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mutation: seat 0's own observation served as the public one must be caught."""
    cls = type(make(game_id, **config).new_initial_state(1))

    def leaky(self: State) -> dict:
        obs = self.observation(0)
        del obs["player"]
        return obs

    monkeypatch.setattr(cls, "public_observation", leaky)
    with pytest.raises(AssertionError, match="cannot know"):
        playout_check(game_id, config, games=3, seed=11)


@pytest.mark.parametrize("game_id,config", MULTIPLAYER)
def test_default_keeps_what_every_seat_sees_alike(game_id: str, config: dict) -> None:
    """The contract's default (for games that do not override it) is safe too."""
    state = make(game_id, **config).new_initial_state(5)
    rng = random.Random(5)
    while not state.is_terminal():
        default = State.public_observation(state)
        for player in range(state.game.num_players):
            twin = state.determinize(player, random.Random(rng.random()))
            assert State.public_observation(twin) == default
        assert "player" not in default
        assert all(state.observation(0)[k] == v for k, v in default.items())
        state.apply_action(rng.choice(state.legal_actions()))
