"""The PettingZoo AEC environments pass PettingZoo's own tests for every registered configuration
(``api_test``, ``seed_test``, ``performance_benchmark``), and keep to what the module promises:
cached spaces, seeds that are the engine's, rewards that are the returns, illegal actions
refused, and observations of the seat's view only."""

from __future__ import annotations

import importlib
import random
import time
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from fourfeathers.core import IllegalActionError, make  # noqa: E402
from fourfeathers.core.encoding import encoding_for  # noqa: E402
from fourfeathers.rl.pettingzoo import FeathersAECEnv, env  # noqa: E402

pz_performance = importlib.import_module("pettingzoo.test.performance_benchmark")  # the module

KNOWN_WARNINGS = (
    # PettingZoo exempts its own classic games (by name) from these two remarks about a dict
    # observation with an action mask, the layout its documentation recommends.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def test_api_test(case: tuple[str, dict[str, Any]]):
    game_id, config = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, **config), num_cycles=200)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)}
    assert unexpected == set()


def test_seed_test(case: tuple[str, dict[str, Any]]):
    game_id, config = case
    seed_test(lambda: env(game_id, **config), num_cycles=100)


class _FastClock:
    """``time`` for ``performance_benchmark``: its fixed 5 s budget passes in 0.1 s."""

    @staticmethod
    def time() -> float:
        return time.perf_counter() * 50


def test_performance_benchmark_runs(case, monkeypatch, capsys):
    game_id, config = case
    monkeypatch.setattr(pz_performance, "time", _FastClock)
    pz_performance.performance_benchmark(env(game_id, **config))
    turns = float(capsys.readouterr().out.split(" turns per second")[0].split()[-1])
    assert turns > 0


def test_the_spaces_are_made_once(case):
    game_id, config = case
    e = env(game_id, **config)
    spaces = [(e.action_space(a), e.observation_space(a)) for a in e.possible_agents]
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    e.reset(seed=2)
    assert [(e.action_space(a), e.observation_space(a)) for a in e.possible_agents] == spaces
    assert all(e.action_space(a) is s[0] for a, s in zip(e.possible_agents, spaces, strict=True))
    assert e.action_space("player_0").n == encoding_for(e.game).num_distinct_actions


def play_randomly(e: FeathersAECEnv, rng: random.Random) -> dict[str, float]:
    """Play ``e`` to the end with random legal ids; the reward each agent saw when done."""
    final = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return final


def test_a_seeded_reset_plays_the_engine_game_and_pays_its_returns():
    game_id, config = "featherlight", {"players": 3}
    e = env(game_id, **config)
    e.reset(seed=11)
    truth = make(game_id, **config).new_initial_state(11)
    assert e.game_state == truth
    assert e.agent_selection == f"player_{truth.current_player}"
    observation = e.observe("player_1")["observation"]
    expected = np.zeros(observation.shape, np.float32)
    encoding_for(e.game).encode_observation(truth.observation(1), expected)
    assert np.array_equal(observation, expected)
    rewards = play_randomly(e, random.Random(0))
    assert rewards == dict(zip(e.possible_agents, e.game_state.returns(), strict=True))
    assert sum(rewards.values()) == pytest.approx(1.0)  # win shares
    assert e.agents == []


def test_unseeded_resets_follow_the_last_seed():
    a, b = env("featherlight", players=2), env("featherlight", players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game_state == b.game_state
    a.reset(seed=5)
    assert a.game_state == make("featherlight", players=2).new_initial_state(5)
    with pytest.raises(ValueError, match="seed"):
        a.reset(seed=-1)


def test_an_illegal_action_raises_and_changes_nothing(case):
    game_id, config = case
    e = env(game_id, **config)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    before, agent = e.game_state.clone(), e.agent_selection
    if not mask.all():
        with pytest.raises(IllegalActionError):
            e.step(int(np.flatnonzero(mask == 0)[0]))
    for bad in (-1, len(mask), 1.5, "0"):
        with pytest.raises(ValueError):
            e.step(bad)
    with pytest.raises(IllegalActionError, match="None"):
        e.step(None)
    assert e.game_state == before and e.agent_selection == agent


def test_render_ansi_shows_the_acting_seats_view():
    e = env("featherlight", render_mode="ansi", players=2)
    e.reset(seed=4)
    text = e.render()
    seat = int(e.agent_selection.split("_")[1])
    hand = e.game_state.observation(seat)["hand"]
    assert text.startswith(f"Featherlight, seat {seat}'s view")
    assert f"hand: {hand}".replace("'", '"') in text and "legal actions: draw 1" in text
    assert env("featherlight", players=2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        env("featherlight", render_mode="human")


def test_stepping_before_reset_says_so():
    e = env("featherlight", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        e.observe("player_0")


def seat_sees_only_its_view(e: FeathersAECEnv, rng: random.Random) -> bool:
    """Whether every seat's observation is the same in the game and in a determinization of it
    for that seat (which changes what the seat cannot see)."""
    truth = e.game_state
    for seat, agent in enumerate(e.possible_agents):
        mine = e.observe(agent)
        e.game_state = truth.determinize(seat, random.Random(rng.random()))
        sampled = e.observe(agent)
        e.game_state = truth
        if not all(np.array_equal(mine[k], sampled[k]) for k in mine):
            return False
    return True


def test_observations_hold_only_the_seats_view(case):
    game_id, config = case
    e, rng = env(game_id, **config), random.Random(1)
    for seed in range(3):
        e.reset(seed=seed)
        for _ in range(rng.randrange(1, 30)):
            if e.game_state.is_terminal():
                break
            assert seat_sees_only_its_view(e, rng)
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(rng.choice(np.flatnonzero(mask).tolist()))


def test_the_view_check_catches_a_leak(monkeypatch):
    """Proof that the check above can fail: an observe that encodes the next seat's view."""
    e = env("featherlight", players=2)
    e.reset(seed=2)
    leaky = FeathersAECEnv.observe

    def observe(self, agent):
        other = self.possible_agents[(self.possible_agents.index(agent) + 1) % 2]
        return leaky(self, other)

    monkeypatch.setattr(FeathersAECEnv, "observe", observe)
    assert not seat_sees_only_its_view(e, random.Random(0))


def test_numpy_and_python_ids_play_alike_and_bools_are_refused():
    """``step`` takes a legal Python int without checks and anything else through the full
    check: a NumPy integer plays the same game, a bool or a legal id's float is refused."""
    plain, numpy_ids = env("featherlight", players=2), env("featherlight", players=2)
    plain.reset(seed=6)
    numpy_ids.reset(seed=6)
    rng = random.Random(2)
    for _ in range(12):
        mask = plain.observe(plain.agent_selection)["action_mask"]
        assert np.array_equal(mask, numpy_ids.observe(numpy_ids.agent_selection)["action_mask"])
        action = rng.choice(np.flatnonzero(mask).tolist())
        before = plain.game_state.clone()
        for bad in (True, float(action)):
            with pytest.raises(ValueError, match="not an integer"):
                plain.step(bad)
        assert plain.game_state == before
        plain.step(action)
        numpy_ids.step(np.int64(action))
        assert plain.game_state == numpy_ids.game_state
        assert plain.agent_selection == numpy_ids.agent_selection
