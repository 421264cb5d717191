"""Tournaments: balanced round-robin plans, solo matches on shared deals, and ratings."""

from __future__ import annotations

from collections import Counter

import pytest

from fourfeathers.arena.results import to_record
from fourfeathers.arena.runner import run_jobs
from fourfeathers.arena.tournament import _ranks, head_to_head, matches, plan_tournament, rate
from fourfeathers.core.registry import make


def test_pairs_play_with_rotated_seats_and_distinct_seeds():
    jobs = plan_tournament("fancy-feathers", {"players": 2}, ["a", "b", "c"], 4, 0, 2)
    assert len(jobs) == 3 * 4
    assert [j.index for j in jobs] == list(range(12))
    assert len({j.seed for j in jobs}) == 12
    seats = Counter((p, s) for j in jobs for p, s in enumerate(j.seats))
    assert set(seats.values()) == {4}  # each agent: 2 pairs x 2 games in each seat
    tables = Counter(frozenset(j.seats) for j in jobs)
    assert set(tables.values()) == {4} and len(tables) == 3


def test_tables_of_three_cover_every_combination():
    jobs = plan_tournament("fancy-feathers", {"players": 3}, ["a", "b", "c", "d"], 3, 0, 3)
    assert len(jobs) == 4 * 3
    assert all(len(set(j.seats)) == 3 for j in jobs)
    with pytest.raises(ValueError, match="at least 3 different agents"):
        plan_tournament("fancy-feathers", {"players": 3}, ["a", "b"], 3, 0, 3)
    with pytest.raises(ValueError, match="only once"):
        plan_tournament("fancy-feathers", {"players": 2}, ["a", "a"], 3, 0, 2)


def test_solo_pairs_share_each_deal():
    jobs = plan_tournament("familiar-feat", {"level": 2}, ["a", "b", "c"], 2, 0, 1)
    assert len(jobs) == 3 * 2 * 2
    by_match: dict[int, list] = {}
    for job in jobs:
        by_match.setdefault(job.match, []).append(job)
    assert len(by_match) == 6
    for pair in by_match.values():
        assert len(pair) == 2 and pair[0].seed == pair[1].seed
        assert pair[0].seats != pair[1].seats


def test_ranks_share_ties():
    assert _ranks([(1.0, 50), (0.0, 40), (0.0, 40), (0.0, 45)]) == [1, 3, 3, 2]


def play(jobs):
    return [to_record(job, result) for job, result in run_jobs(jobs)]


def test_greedy_outrates_random_and_head_to_head_adds_up():
    game = make("fancy-feathers", players=2)
    agents = ["random", "greedy"]
    records = play(plan_tournament(game.id, game.config, agents, 40, 0, 2))
    standings = rate(records, agents)
    assert [s.agent for s in standings] == ["greedy", "random"]
    best, worst = standings
    assert best.mu > worst.mu and best.interval[0] < best.mu < best.interval[1]
    assert best.tally.n == worst.tally.n == 40
    pairs = head_to_head(records, agents)
    ahead, n = pairs[("greedy", "random")]
    back, m = pairs[("random", "greedy")]
    assert n == m == 40 and ahead + back == pytest.approx(40)
    assert rate(list(reversed(records)), agents)[0].mu == pytest.approx(best.mu)  # index order


def test_solo_matches_are_rated_against_each_other():
    game = make("familiar-feat", level=1)
    records = play(plan_tournament(game.id, game.config, ["random", "greedy"], 8, 0, 1))
    grouped = matches(records)
    assert len(grouped) == 8 and all(len(m) == 2 for m in grouped)
    standings = rate(records, ["random", "greedy"])
    assert standings[0].agent == "greedy" and standings[0].tally.n == 8
