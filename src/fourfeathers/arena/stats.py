"""Statistics for game results: proportions with Wilson intervals and p-values, differences
of proportions and of means with their intervals, quantiles, tallies."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from ..core.game import win_shares


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional: shared wins).

    Returns ``(low, high)``. Raises ``ValueError`` if ``n`` < 1.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion_p_value(successes: float, n: int, expected: float) -> float:
    """Two-sided p-value (normal approximation) that a proportion equals ``expected``."""
    if n < 1 or not 0 < expected < 1:
        return 1.0
    z = (successes / n - expected) / math.sqrt(expected * (1 - expected) / n)
    return 2 * (1 - NormalDist().cdf(abs(z)))


def diff_interval(
    s1: float, n1: int, s2: float, n2: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference of two proportions ``s1/n1 - s2/n2`` with Newcombe's hybrid Wilson interval.

    Returns ``(difference, low, high)``; nans if either group is empty.
    """
    if n1 < 1 or n2 < 1:
        return math.nan, math.nan, math.nan
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, confidence)
    l2, u2 = wilson(s2, n2, confidence)
    d = p1 - p2
    return (
        d,
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def mean_diff_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of two means with a normal 95% interval (Welch standard error)."""
    if len(a) < 2 or len(b) < 2:
        return math.nan, math.nan, math.nan
    d = statistics.fmean(a) - statistics.fmean(b)
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return d, d - 1.96 * se, d + 1.96 * se


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """min, 5%, 25%, median, 75%, 95%, max (nearest rank) of ``values``."""
    ordered = sorted(values)
    n = len(ordered)

    def q(f: float) -> float:
        return ordered[min(n - 1, max(0, math.ceil(f * n) - 1))]

    return {
        "min": ordered[0],
        "p5": q(0.05),
        "p25": q(0.25),
        "median": q(0.5),
        "p75": q(0.75),
        "p95": q(0.95),
        "max": ordered[-1],
    }


@dataclass
class Tally:
    """Seat-games of one group (a seat, an agent, a position): win shares and scores."""

    n: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)

    def add(self, share: float, score: float) -> None:
        self.n += 1
        self.wins += share
        self.scores.append(score)

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.n else math.nan

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """Wilson interval of the win rate; (nan, nan) when empty."""
        return wilson(self.wins, self.n, confidence) if self.n else (math.nan, math.nan)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else math.nan

    @property
    def sd_score(self) -> float:
        return statistics.pstdev(self.scores) if self.scores else math.nan

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "games": self.n,
            "win_share": self.win_rate,
            "win_ci95": [low, high],
            "mean_score": self.mean_score,
            "sd_score": self.sd_score,
        }


def summarize_records(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Per seat and per agent tallies of result records, plus game lengths.

    Returns ``{"seats": [Tally per seat], "agents": {spec: Tally}, "decisions": [...],
    "turns": [...] (decisions where the game has no turn count), "decided": games with a
    winner, "games": n, "seat_agents": [set of specs per seat]}``.
    """
    seats: list[Tally] = []
    seat_agents: list[set[str]] = []
    agents: dict[str, Tally] = {}
    decisions: list[int] = []
    turns: list[int] = []
    decided = 0
    games = 0
    for record in records:
        n = len(record["seats"])
        while len(seats) < n:
            seats.append(Tally())
            seat_agents.append(set())
        shares = win_shares(record["winners"], n)
        for p, spec in enumerate(record["seats"]):
            seats[p].add(shares[p], record["scores"][p])
            seat_agents[p].add(spec)
            agents.setdefault(spec, Tally()).add(shares[p], record["scores"][p])
        decided += bool(record["winners"])
        decisions.append(record["decisions"])
        turn = record.get("turns")
        turns.append(turn if isinstance(turn, int) else record["decisions"])
        games += 1
    return {
        "seats": seats,
        "seat_agents": seat_agents,
        "agents": agents,
        "decisions": decisions,
        "turns": turns,
        "decided": decided,
        "games": games,
    }
