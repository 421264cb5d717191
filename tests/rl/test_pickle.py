"""Environments, games and states pickle with the standard ``pickle`` (issue 37): every
Gymnasium id and PettingZoo env mid-episode, every OpenSpiel registration and a state of it, and
the vector env; the copy carries on exactly like the original."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from rl_cases import needs_encoding  # noqa: E402

from fourfeathers.rl.gymnasium import ENV_IDS  # noqa: E402
from fourfeathers.rl.pettingzoo import env as pz_env  # noqa: E402


def legal(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(mask).tolist())


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_gymnasium_env_round_trips_mid_episode(env_id):
    needs_encoding(ENV_IDS[env_id])
    options = {} if env_id.endswith("solo-v0") or "familiar" in env_id else {"opponents": "easy"}
    env = gym.make(env_id, **options).unwrapped
    rng = random.Random(3)
    _, info = env.reset(seed=5)
    for _ in range(3):
        _, _, terminated, _, info = env.step(legal(info["action_mask"], rng))
        assert not terminated
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state and copy.seat == env.seat
    for _ in range(5):  # both go on alike: same opponents' generators, same ids
        action = legal(info["action_mask"], rng)
        a = env.step(action)
        b = copy.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
        assert np.array_equal(a[4]["action_mask"], b[4]["action_mask"])
        info = a[4]
        if a[2]:
            break
    assert copy.game_state == env.game_state


@pytest.mark.parametrize("game_id", ["featherlight", "fancy-feathers", "isle-of-feathers"])
def test_pettingzoo_env_round_trips_mid_episode(game_id):
    needs_encoding(game_id)
    env, rng = pz_env(game_id, players=3), random.Random(1)
    env.reset(seed=2)
    for _ in range(4):
        env.step(legal(env.observe(env.agent_selection)["action_mask"], rng))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state and copy.agent_selection == env.agent_selection
    agent = env.agent_selection
    assert np.array_equal(copy.observe(agent)["observation"], env.observe(agent)["observation"])
    action = legal(env.observe(agent)["action_mask"], rng)
    env.step(action)
    copy.step(action)
    assert copy.game_state == env.game_state


def test_openspiel_games_and_states_round_trip():
    pyspiel = pytest.importorskip("pyspiel")
    import fourfeathers.rl.openspiel as fos

    for name, game_id in fos.GAMES.items():
        needs_encoding(game_id)
        game = pyspiel.load_game(name)
        copy = pickle.loads(pickle.dumps(game))
        assert str(copy) == str(game) and copy.get_type().short_name == name
        state = game.new_initial_state()
        for digit in (0, 0, 1, 9):
            state.apply_action(digit)
        state.apply_action(state.legal_actions()[0])
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state) and again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()
        assert again.observation_tensor(0) == state.observation_tensor(0)
        assert again.information_state_string(0) == state.information_state_string(0)
