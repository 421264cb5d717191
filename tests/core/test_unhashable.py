"""States and lazy job plans are unhashable (mutable state; equal to lists, which are): Python
sets ``__hash__`` to None for a class that defines ``__eq__`` and not ``__hash__``, which is
how ``core.game.State`` and ``arena.runner.LazyJobs`` get it. This pins it for every game's
state and every kind of plan, so that a ``__hash__`` added by a subclass (or a base) shows."""

from __future__ import annotations

import pytest

from fourfeathers.arena.results import Remaining
from fourfeathers.arena.runner import plan_games
from fourfeathers.arena.tournament import plan_tournament
from fourfeathers.core.registry import list_games, make


@pytest.mark.parametrize("spec", list_games(), ids=lambda spec: spec.id)
def test_every_game_state_is_unhashable(spec):
    state = make(spec.id, **spec.configurations[0]).new_initial_state(7)
    assert type(state).__hash__ is None
    with pytest.raises(TypeError, match="unhashable type"):
        hash(state)
    with pytest.raises(TypeError, match="unhashable type"):
        {state}  # noqa: B018


def test_every_kind_of_plan_is_unhashable_and_equal_to_its_list():
    config = {"players": 2}
    plan = plan_games("featherlight", config, ["random", "greedy"], 4, seed=3)
    tournament = plan_tournament("featherlight", config, ["random", "greedy"], 4, 3, 2)
    remaining = Remaining(plan, [1, 2])
    for jobs, listed in (
        (plan, list(plan)),
        (tournament, list(tournament)),
        (remaining, [plan[0], plan[3]]),
    ):
        assert jobs == listed and len(listed) in (2, 4)
        assert type(jobs).__hash__ is None
        with pytest.raises(TypeError, match="unhashable type"):
            hash(jobs)
