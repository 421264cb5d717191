"""The Gymnasium environments of the solo games pass ``gymnasium.utils.env_checker.check_env``
for every one-seat registered configuration, and keep to what the module promises: ids derived
from the registry, options passed to the game, illegal actions penalised without changing the
game, masks in ``info`` and ``action_masks()``."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from rl_cases import SOLO_CONFIGS, needs_encoding  # noqa: E402

from fourfeathers.core import ConfigError, make  # noqa: E402
from fourfeathers.rl.gymnasium import ENV_IDS, FeathersSoloEnv  # noqa: E402


def env_id_of(game_id: str) -> str:
    return next(env_id for env_id, gid in ENV_IDS.items() if gid == game_id)


def test_the_solo_modes_have_their_ids():
    assert ENV_IDS == {
        "fourfeathers/featherlight-solo-v0": "featherlight",
        "fourfeathers/familiar-feat-v0": "familiar-feat",
        "fourfeathers/isle-of-feathers-solo-v0": "isle-of-feathers",
    }
    assert set(ENV_IDS) <= set(gym.registry)


@pytest.fixture(params=SOLO_CONFIGS)
def case(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    """One registered one-seat configuration (this module's own ``case``: the environments are
    the solo modes)."""
    game_id, config = request.param
    needs_encoding(game_id)
    return game_id, config


def solo(case: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """The configuration's options as the environment takes them (its mode is one seat)."""
    return {k: v for k, v in case[1].items() if k != "players"}


def test_check_env(case):
    options = solo(case)
    env = gym.make(env_id_of(case[0]), **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    assert env.unwrapped.game.config == make(case[0], players=1, **options).config


def test_an_illegal_action_is_penalised_and_changes_nothing(case):
    options = solo(case)
    env = FeathersSoloEnv(case[0], illegal_reward=-2.5, **options)
    observation, info = env.reset(seed=8)
    mask, before = info["action_mask"], env.game_state.clone()
    illegal = [int(i) for i in np.flatnonzero(mask == 0)[:1]] + [-1, mask.size, 2.5, None]
    for action in illegal:
        again, reward, terminated, truncated, info = env.step(action)
        assert (reward, terminated, truncated, info["illegal_action"]) == (-2.5, False, False, True)
        assert np.array_equal(again, observation) and np.array_equal(info["action_mask"], mask)
        assert env.game_state == before
    legal = int(np.flatnonzero(mask)[0])
    _, reward, _, _, info = env.step(legal)
    assert "illegal_action" not in info and env.game_state != before


def test_masks_and_rewards_follow_the_game(case):
    options = solo(case)
    env, rng = FeathersSoloEnv(case[0], **options), random.Random(0)
    _, info = env.reset(seed=rng.randrange(1000))
    total, terminated = 0.0, False
    while not terminated:
        state = env.game_state
        ids = env.encoded.encoding.legal_action_ids(state)
        assert np.flatnonzero(info["action_mask"]).tolist() == ids
        assert env.action_masks().dtype == bool
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        _, reward, terminated, truncated, info = env.step(rng.choice(ids))
        assert not truncated
        total += reward
    assert total == env.game_state.returns()[0]
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_seeded_resets_play_the_engine_game():
    env = gym.make("fourfeathers/featherlight-solo-v0").unwrapped
    env.reset(seed=21)
    assert env.game_state == make("featherlight", players=1).new_initial_state(21)
    env.reset()
    second = env.game_state
    env.reset(seed=21)
    env.reset()
    assert env.game_state == second


def test_options_reach_the_game_and_bad_ones_are_refused():
    assert gym.make("fourfeathers/familiar-feat-v0", level=5).unwrapped.game.config["level"] == 5
    isle = gym.make("fourfeathers/isle-of-feathers-solo-v0", stamina=3).unwrapped
    assert isle.game.config["stamina"] == 3
    with pytest.raises(ConfigError, match="one seat"):
        FeathersSoloEnv("featherlight", players=2)
    with pytest.raises(ConfigError, match="level"):
        gym.make("fourfeathers/featherlight-solo-v0", level=2)
    with pytest.raises(ValueError, match="illegal_reward"):
        FeathersSoloEnv("featherlight", illegal_reward=float("nan"))


def test_render_ansi():
    env = gym.make("fourfeathers/featherlight-solo-v0", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Featherlight, seat 0's view (seat 0 to play)")
    assert "legal actions: " in text
