"""The vector env (``fourfeathers.rl.vector``): masks never empty, same-step autoreset matching
the single environment step by step, the same batches whether the environments run here or in
worker processes, ``gymnasium.make_vec`` building it, bad arguments refused."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402

import fourfeathers.rl.gymnasium  # noqa: E402, F401  (registers the ids)
from fourfeathers.rl.gymnasium import FeathersEnv  # noqa: E402
from fourfeathers.rl.vector import FeathersVectorEnv, make_vector  # noqa: E402

CASES = [
    ("featherlight", {"players": 2}),
    ("featherlight", {"solo": True}),
    ("fancy-feathers", {"players": 3, "seat": "rotate"}),
    ("familiar-feat", {"solo": True, "level": 2}),
    ("isle-of-feathers", {"players": 2}),
]


def random_ids(masks: np.ndarray, rng: random.Random) -> list[int]:
    return [rng.choice(np.flatnonzero(row).tolist()) for row in masks]


def run(envs: FeathersVectorEnv, steps: int, seed: int) -> list[tuple[np.ndarray, ...]]:
    """``steps`` random masked steps; every batch, with the masks checked never empty."""
    rng = random.Random(seed)
    observations, infos = envs.reset(seed=seed)
    batches = []
    for _ in range(steps):
        masks = infos["action_mask"]
        assert masks.shape == (envs.num_envs, envs.num_actions) and masks.dtype == np.int8
        assert masks.any(axis=1).all()  # a live episode at the learner's turn, everywhere
        assert np.array_equal(envs.action_masks(), masks.astype(bool))
        observations, rewards, terminated, truncated, infos = envs.step(random_ids(masks, rng))
        assert not truncated.any()
        batches.append((observations, rewards, terminated, infos["action_mask"], infos["seat"]))
    return batches


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_masks_are_never_empty_and_autoreset_is_same_step(game_id, options):
    envs = FeathersVectorEnv(game_id, 3, **options)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    single = [FeathersEnv(game_id, **options) for _ in range(3)]
    rng, ended = random.Random(5), 0
    observations, infos = envs.reset(seed=40)
    for i, env in enumerate(single):
        first, info = env.reset(seed=40 + i)
        assert np.array_equal(observations[i], first)
    for _ in range(150):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all()
        actions = random_ids(masks, rng)
        observations, rewards, terminated, _, infos = envs.step(actions)
        for i, env in enumerate(single):
            last, reward, done, _, info = env.step(actions[i])
            assert rewards[i] == reward and terminated[i] == done
            if done:  # the finished episode's end in final_obs, the next one's start in the batch
                ended += 1
                assert infos["_final_obs"][i] and np.array_equal(infos["final_obs"][i], last)
                assert not infos["final_info"]["action_mask"][i].any()
                last, info = env.reset()
            else:
                assert "_final_obs" not in infos or not infos["_final_obs"][i]
            assert np.array_equal(observations[i], last)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"])
            assert infos["seat"][i] == info["seat"]
    assert ended > 0


def test_the_same_seeds_give_the_same_batches_in_worker_processes():
    options = {"players": 3, "opponents": "easy"}
    here = FeathersVectorEnv("fancy-feathers", 5, **options)
    workers = FeathersVectorEnv("fancy-feathers", 5, processes=2, **options)
    try:
        a, b = run(here, 60, 9), run(workers, 60, 9)
    finally:
        workers.close()
        here.close()
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert all(np.array_equal(p, q) for p, q in zip(x, y, strict=True))
    assert sum(batch[2].sum() for batch in a) > 0  # episodes ended and were reset


def test_make_vec_builds_the_native_vector_env():
    envs = gym.make_vec("fourfeathers/featherlight-v0", num_envs=2, opponents="easy", seat=1)
    assert isinstance(envs, FeathersVectorEnv) and envs.num_envs == 2
    observations, infos = envs.reset(seed=3)
    assert observations.shape == (2, *envs.single_observation_space.shape)
    assert infos["seat"].tolist() == [1, 1]
    solo = gym.make_vec("fourfeathers/featherlight-solo-v0", num_envs=2)
    assert solo.envs[0].game.num_players == 1


def test_an_illegal_id_is_flagged_and_changes_nothing():
    envs = FeathersVectorEnv("featherlight", 2, illegal_reward=-3.0)
    observations, infos = envs.reset(seed=1)
    illegal = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(infos["action_mask"][1])[0])
    after, rewards, _, _, infos2 = envs.step([illegal, legal])
    assert rewards[0] == -3.0 and infos2["illegal_action"].tolist() == [True, False]
    assert np.array_equal(after[0], observations[0])


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="num_envs must be an integer of at least 1, got 0"):
        FeathersVectorEnv("featherlight", 0)
    with pytest.raises(ValueError, match="processes must be an integer from 0 to 2, got 3"):
        FeathersVectorEnv("featherlight", 2, processes=3)
    with pytest.raises(ValueError, match="unknown agent"):
        FeathersVectorEnv("featherlight", 2, opponents="nobody")
    with pytest.raises(ValueError, match="unknown environment"):
        make_vector("fourfeathers/chess-v0", 2)
    envs = FeathersVectorEnv("featherlight", 2)
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="step takes 2 actions, got 1"):
        envs.step([0])
    with pytest.raises(ValueError, match="one seed per environment"):
        envs.reset(seed=[1, 2, 3])


def test_the_vector_env_pickles():
    envs = make_vector("fourfeathers/featherlight-v0", 2, opponents="easy")
    _, infos = envs.reset(seed=6)
    copy = pickle.loads(pickle.dumps(envs))
    actions = random_ids(infos["action_mask"], random.Random(0))
    a, b = envs.step(actions), copy.step(actions)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


def test_worker_errors_reach_the_caller_and_stop_the_workers():
    envs = FeathersVectorEnv("featherlight", 4, processes=2)
    with pytest.raises(RuntimeError, match="call reset"):
        envs.step([0, 0, 0, 0])  # raised in the workers, before any reset
    assert envs._workers == []
    running = FeathersVectorEnv("featherlight", 2, processes=1)
    try:
        running.reset(seed=1)
        with pytest.raises(TypeError, match="worker processes does not pickle"):
            pickle.dumps(running)
    finally:
        running.close()
