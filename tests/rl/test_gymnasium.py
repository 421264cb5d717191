"""The Gymnasium environments pass ``gymnasium.utils.env_checker.check_env`` for every registered
configuration (the solo modes and, with computer opponents, the multi-seat ones), and keep to
what the module promises: ids derived from the registry, options passed to the game, illegal
actions penalised without changing the game, masks in ``info`` and ``action_masks()``, the
learner's seat fixed or rotating, opponents deciding from their own seat's view, seeded."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from rl_cases import CONFIGS, SOLO_CONFIGS, needs_encoding  # noqa: E402

from fourfeathers.agents import base as agents_base  # noqa: E402
from fourfeathers.agents.base import SeatView  # noqa: E402
from fourfeathers.core import ConfigError, make  # noqa: E402
from fourfeathers.core.rng import derive_seed  # noqa: E402
from fourfeathers.rl.gymnasium import (  # noqa: E402
    ENV_IDS,
    SOLO_ENV_IDS,
    FeathersEnv,
    FeathersSoloEnv,
)


def env_id_of(game_id: str) -> str:
    """The id of the game's one-seat mode."""
    return next(env_id for env_id, gid in SOLO_ENV_IDS.items() if gid == game_id)


def test_every_game_mode_has_its_id():
    assert SOLO_ENV_IDS == {
        "fourfeathers/featherlight-solo-v0": "featherlight",
        "fourfeathers/familiar-feat-v0": "familiar-feat",
        "fourfeathers/isle-of-feathers-solo-v0": "isle-of-feathers",
    }
    assert ENV_IDS == {
        **SOLO_ENV_IDS,
        "fourfeathers/featherlight-v0": "featherlight",
        "fourfeathers/fancy-feathers-v0": "fancy-feathers",
        "fourfeathers/isle-of-feathers-v0": "isle-of-feathers",
    }
    assert set(ENV_IDS) <= set(gym.registry)


MULTI_CONFIGS = [p for p in CONFIGS if make(p.values[0][0], **p.values[0][1]).num_players > 1]
"""The registered configurations of two or more seats (``fourfeathers/<game>-v0``)."""


@pytest.mark.parametrize("multi", MULTI_CONFIGS)
def test_check_env_multi_seat(multi):
    game_id, config = multi
    needs_encoding(game_id)
    n = make(game_id, **config).num_players
    for seat, opponents in ((n - 1, "random"), ("rotate", ["easy"] + ["random"] * (n - 2))):
        env = gym.make(f"fourfeathers/{game_id}-v0", seat=seat, opponents=opponents, **config)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env.unwrapped)
        assert [str(w.message) for w in caught] == []
        assert env.unwrapped.game.config == make(game_id, **config).config


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["featherlight", "fancy-feathers", "isle-of-feathers"])
def test_check_env_against_medium(game_id):
    env = gym.make(f"fourfeathers/{game_id}-v0", opponents="medium")
    check_env(env.unwrapped, skip_render_check=True)


def play(env: FeathersEnv, seed: int, pick: random.Random) -> tuple[list[Any], float]:
    """One episode with uniformly random legal ids: the ids and learner's seat, the return."""
    _, info = env.reset(seed=seed)
    trace, total, terminated = [info["seat"]], 0.0, False
    while not terminated:
        mask = info["action_mask"]
        assert mask.any() and env.game_state.current_player == env.seat  # the learner's turn
        action = pick.choice(np.flatnonzero(mask).tolist())
        _, reward, terminated, _, info = env.step(action)
        trace.append(action)
        total += reward
    assert not info["action_mask"].any()
    assert total == env.game_state.returns()[env.seat]
    return trace, total


def test_opponents_play_inside_step_and_a_seed_repeats():
    env = FeathersEnv("fancy-feathers", players=3, seat=1, opponents=["easy", "random"])
    first = play(env, 11, random.Random(0))
    again = play(env, 11, random.Random(0))
    assert first == again
    assert env.seat == 1 and sorted(env.opponents) == [0, 2]
    assert type(env.opponents[0]).__name__ == "GreedyAgent"
    assert type(env.opponents[2]).__name__ == "RandomAgent"
    # the opponents are built afresh for each episode, seeded from its seed and their seat
    env.reset(seed=11)
    fresh = random.Random(derive_seed(11, "seat", 2))
    state = make("fancy-feathers", players=3).new_initial_state(11)
    if state.current_player != 2:  # seat 2 has not decided yet: its generator is untouched
        assert env.opponents[2].rng.getstate() == fresh.getstate()
    assert play(env, 12, random.Random(0)) != first


def test_the_seat_rotates_or_is_chosen_per_episode():
    env = FeathersEnv("featherlight", players=3, seat="rotate")
    seats = [env.reset(seed=4)[1]["seat"]] + [env.reset()[1]["seat"] for _ in range(4)]
    assert seats == [0, 1, 2, 0, 1]
    assert env.reset(seed=4, options={"seat": 2})[1]["seat"] == 2
    fixed = FeathersEnv("featherlight", players=3, seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(3)} == {2}
    # the learner's first turn comes after the opponents' decisions before it
    state = fixed.game_state
    assert state.current_player == 2


def test_opponents_decide_from_their_own_seats_view(monkeypatch):
    seen = []

    class Spy:
        name = "spy"

        def __init__(self, seed):
            self.rng = random.Random(seed)

        def act(self, view):
            seen.append((type(view), view.player))
            return self.rng.choice(view.legal_actions())

    monkeypatch.setitem(agents_base.AGENTS, "spy", Spy)
    env = FeathersEnv("featherlight", players=3, seat=0, opponents="spy")
    play(env, 3, random.Random(1))
    assert seen and {kind for kind, _ in seen} == {SeatView}
    assert {player for _, player in seen} == {1, 2}


def test_bad_seats_and_opponents_are_refused():
    with pytest.raises(ValueError, match="seat must be a seat 0-1 or 'rotate', got 2"):
        FeathersEnv("featherlight", seat=2)
    with pytest.raises(ValueError, match="unknown agent 'grandmaster'"):
        FeathersEnv("featherlight", opponents="grandmaster")
    with pytest.raises(ValueError, match="a list of 2"):
        FeathersEnv("featherlight", players=3, opponents=["easy"])
    with pytest.raises(ConfigError, match="featherlight-solo-v0"):
        gym.make("fourfeathers/featherlight-v0", players=1)
    env = FeathersEnv("featherlight")
    with pytest.raises(ValueError, match=r"options\['seat'\] must be a seat 0-1, got 5"):
        env.reset(seed=1, options={"seat": 5})


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


def test_numpy_and_python_ids_play_alike_and_bools_are_refused():
    """``step`` takes a legal Python int without checks and anything else through the full
    check: a NumPy integer plays the same game, a bool is an illegal action."""
    plain, numpy_ids = FeathersSoloEnv("featherlight"), FeathersSoloEnv("featherlight")
    _, info = plain.reset(seed=6)
    numpy_ids.reset(seed=6)
    rng = random.Random(2)
    for _ in range(12):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        before = plain.game_state.clone()
        _, reward, _, _, refused = plain.step(True)
        assert (reward, refused["illegal_action"], plain.game_state) == (-1.0, True, before)
        first = plain.step(action)
        second = numpy_ids.step(np.int64(action))
        info = first[4]
        assert plain.game_state == numpy_ids.game_state
        assert np.array_equal(first[0], second[0]) and first[1:4] == second[1:4]
        assert np.array_equal(info["action_mask"], second[4]["action_mask"])
        if first[2]:
            break
