"""The arena runner: results do not depend on the number of workers."""

from __future__ import annotations

import pytest

from fourfeathers.arena import run_games, wilson
from fourfeathers.core.rng import derive_seed


def test_one_worker_and_two_workers_give_the_same_results():
    seeds = [derive_seed(1, i) for i in range(6)]
    seatings = [("greedy", "random"), ("random", "greedy")] * 3
    config = {"players": 2}
    one = list(run_games("featherlight", config, seatings, seeds, workers=1))
    two = list(run_games("featherlight", config, seatings, seeds, workers=2))
    assert one == two
    assert [r.seed for r in one] == seeds


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == pytest.approx(0.0, abs=1e-12) and high == pytest.approx(0.2775, abs=1e-4)
