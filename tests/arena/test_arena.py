"""The arena runner: results do not depend on the number of workers or the backend."""

from __future__ import annotations

import importlib.util
from collections import Counter

import pytest

from fourfeathers.arena import run_games, wilson
from fourfeathers.arena.runner import (
    GameJob,
    plan_games,
    play_game,
    rotated,
    run_jobs,
    split_final,
)
from fourfeathers.arena.stats import Tally
from fourfeathers.core.game import win_shares
from fourfeathers.core.registry import make
from fourfeathers.core.rng import derive_seed


def test_one_worker_and_two_workers_give_the_same_results():
    seeds = [derive_seed(1, i) for i in range(6)]
    seatings = [("greedy", "random"), ("random", "greedy")] * 3
    config = {"players": 2}
    one = list(run_games("featherlight", config, seatings, seeds, workers=1))
    two = list(run_games("featherlight", config, seatings, seeds, workers=2))
    assert one == two
    assert [r.seed for r in one] == seeds


def test_many_small_games_are_batched_without_changing_results():
    # 300 fast games: the pool sends them in batches of several; order and values stay.
    game = make("fancy-feathers", players=2)
    jobs = plan_games(game.id, game.config, ["random", "greedy"], 300, seed=3)
    one = [(job.index, result) for job, result in run_jobs(jobs, workers=1)]
    two = [(job.index, result) for job, result in run_jobs(jobs, workers=2)]
    assert one == two
    assert [i for i, _ in two] == list(range(300))


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.2775, abs=1e-4)
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_win_shares_split_a_shared_victory():
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]
    assert win_shares([], 2) == [0.0, 0.0]
    tally = Tally()
    for share, score in ((1.0, 10), (0.5, 4), (0.0, 1)):
        tally.add(share, score)
    assert tally.win_rate == pytest.approx(0.5) and tally.mean_score == pytest.approx(5.0)


def test_rotation_gives_every_agent_every_seat_equally_often():
    lineup = ["greedy", "random", "ismcts"]
    assert rotated(lineup, 1) == ("random", "ismcts", "greedy")
    jobs = plan_games("featherlight", {"players": 3}, lineup, 9, seed=0)
    counts = Counter((p, spec) for job in jobs for p, spec in enumerate(job.seats))
    assert set(counts.values()) == {3} and len(counts) == 9
    assert len({job.seed for job in jobs}) == 9  # one seed per game
    assert jobs[4].seed == derive_seed(0, 4)
    fixed = plan_games("featherlight", {"players": 3}, lineup, 3, seed=0, rotate=False)
    assert {job.seats for job in fixed} == {tuple(lineup)}


def test_a_result_holds_the_final_observations_and_turn_order():
    result = play_game("featherlight", {"players": 3}, ["random"] * 3, seed=11)
    state = make("featherlight", players=3).new_initial_state(11)
    assert result.order[0] == state.current_player  # the first player first
    assert sorted(result.order) == [0, 1, 2]
    final = result.final
    assert final is not None and len(final["seats"]) == 3
    for p in range(3):
        hand = final["seats"][p]["hand"]
        assert len(hand) == 5 and final["common"]["hands"][p]["known"] == hand
    assert len(final["common"]["nest"]) == 6  # the six nest stacks, tops last
    assert final["common"]["scores"] == list(result.scores)
    assert result.turns == final["common"]["turn"]


def test_split_final_keeps_shared_keys_once():
    split = split_final([{"a": 1, "b": [1], "p": 0}, {"a": 1, "b": [2], "p": 1}])
    assert split == {"common": {"a": 1}, "seats": [{"b": [1], "p": 0}, {"b": [2], "p": 1}]}
    assert split_final([{"a": 1}]) == {"common": {"a": 1}, "seats": [{}]}


def test_a_failing_game_names_its_index_and_seed():
    job = GameJob(7, "featherlight", {"players": 2}, ("random", "nosuchagent"), 99)
    with pytest.raises(RuntimeError, match=r"game 7 of featherlight \(seed 99"):
        list(run_jobs([job]))


def test_unknown_backend():
    with pytest.raises(ValueError, match="unknown backend"):
        list(run_jobs([], backend="threads"))


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed (pip install '.[ray]'); the ray backend is optional",
)
@pytest.mark.slow
def test_ray_backend_gives_the_same_results_as_processes():
    import ray

    game = make("fancy-feathers", players=3)
    jobs = plan_games(game.id, game.config, ["greedy", "random", "greedy"], 60, seed=5)
    jobs += plan_games("featherlight", {"players": 2}, ["random", "greedy"], 4, seed=6)
    jobs = [GameJob(i, j.game, j.config, j.seats, j.seed) for i, j in enumerate(jobs)]
    local = list(run_jobs(jobs, workers=2))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = list(run_jobs(jobs, workers=2, backend="ray"))
    finally:
        ray.shutdown()
    assert remote == local
