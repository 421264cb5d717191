"""Round-robin tournaments between agents, rated with openskill (Plackett-Luce).

Plan (``plan_tournament``):

- With ``players`` >= 2 seats, every table of ``players`` distinct agents (every pair in a
  2-player game; every combination otherwise) plays ``games`` games; game ``j`` of a table seats
  its agents rotated by ``j``, so over each ``players`` games every agent of the table sits in
  every seat once. Game ``i`` of the tournament (numbered across tables) is dealt with
  ``derive_seed(seed, i)``.
- In a solo game, every pair of agents plays ``games`` matches; in match ``m`` both agents play
  the same deal, ``derive_seed(seed, "match", m)``, and are ranked against each other.

Ratings (``rate``): each game (each match in solo) is one Plackett-Luce update, in plan order,
with the seats ranked by win share, then score (ties share a rank). A rating is ``mu`` with
uncertainty ``sigma``; tables show ``mu ± 2 sigma``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.game import win_shares
from ..core.rng import derive_seed
from .runner import GameJob, LazyJobs, rotated
from .stats import Tally


def combination(items: Sequence[str], size: int, rank: int) -> tuple[str, ...]:
    """The ``rank``-th ``size``-combination of ``items`` in ``itertools.combinations`` order,
    made directly (``0 <= rank < comb(len(items), size)``)."""
    chosen: list[str] = []
    start = 0
    for left in range(size, 0, -1):
        for k in range(start, len(items)):
            block = math.comb(len(items) - k - 1, left - 1)
            if rank < block:
                chosen.append(items[k])
                start = k + 1
                break
            rank -= block
    return tuple(chosen)


class TournamentPlan(LazyJobs):
    """The jobs of a round robin, made when asked for (``plan[i]``), never listed (see
    ``plan_tournament``): ``len`` is the number of tables times ``games`` (twice that in solo,
    where a match is two jobs)."""

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        agents: Sequence[str],
        games: int,
        seed: int,
        players: int,
    ) -> None:
        self.game_id = game_id
        self.config = dict(config)
        self.agents = tuple(agents)
        self.games = games
        self.seed = seed
        self.players = players
        self.size = 2 if players == 1 else players
        self.tables = math.comb(len(self.agents), self.size)
        self.per_table = games * (2 if players == 1 else 1)

    def __len__(self) -> int:
        return self.tables * self.per_table

    def job(self, i: int) -> GameJob:
        """Job ``i`` (``0 <= i < len(self)``)."""
        table = combination(self.agents, self.size, i // self.per_table)
        if self.players == 1:
            match = i // 2
            deal = derive_seed(self.seed, "match", match)
            return GameJob(i, self.game_id, self.config, (table[i % 2],), deal, match)
        seats = rotated(table, i % self.per_table)
        return GameJob(i, self.game_id, self.config, seats, derive_seed(self.seed, i))


def tournament_games(agents: int, games: int, players: int) -> int:
    """How many games a round robin of ``agents`` agents with ``games`` per table (pair in
    solo) plays: ``comb(agents, players) * games``, twice ``comb(agents, 2) * games`` in solo."""
    if players == 1:
        return 2 * math.comb(agents, 2) * games
    return math.comb(agents, players) * games


def plan_tournament(
    game_id: str,
    config: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
    players: int,
) -> TournamentPlan:
    """The jobs of a round robin (see the module docstring), as a lazy sequence
    (``TournamentPlan``: job ``i`` is made when asked for; all share one copy of ``config``).

    Raises ``ValueError`` for fewer than 2 agents, a repeated agent, or fewer agents than seats.
    """
    if len(agents) < 2:
        raise ValueError("a tournament needs at least 2 agents")
    if len(set(agents)) != len(agents):
        raise ValueError("each agent may appear only once")
    if players > 1 and len(agents) < players:
        raise ValueError(
            f"{players} seats need at least {players} different agents, got {len(agents)}"
        )
    return TournamentPlan(game_id, config, agents, games, seed, players)


@dataclass
class AgentStanding:
    """One agent's tournament result."""

    agent: str
    mu: float
    sigma: float
    tally: Tally = field(default_factory=Tally)

    @property
    def interval(self) -> tuple[float, float]:
        """``mu ± 2 sigma``."""
        return self.mu - 2 * self.sigma, self.mu + 2 * self.sigma


def _ranks(keys: Sequence[tuple[float, float]]) -> list[int]:
    """1 for the best key (largest), ties share a rank."""
    return [1 + sum(other > key for other in keys) for key in keys]


def matches(records: Iterable[dict[str, Any]]) -> list[list[tuple[str, float, float]]]:
    """Group records into matches: lists of ``(agent, win share, score)`` entries, in order.

    A record without ``match`` is a match of its seats; records sharing a ``match`` (solo
    tournaments) form one match of their single seats.
    """
    out: list[list[tuple[str, float, float]]] = []
    by_match: dict[int, list[tuple[str, float, float]]] = {}
    for record in sorted(records, key=lambda r: r["index"]):
        n = len(record["seats"])
        shares = win_shares(record["winners"], n)
        entries = [
            (spec, shares[p], float(record["scores"][p])) for p, spec in enumerate(record["seats"])
        ]
        match = record.get("match")
        if match is None:
            out.append(entries)
        elif match in by_match:
            by_match[match].extend(entries)
        else:
            by_match[match] = entries
            out.append(entries)  # the same list object: later entries join it
    return out


def rate(records: Iterable[dict[str, Any]], agents: Sequence[str]) -> list[AgentStanding]:
    """Plackett-Luce ratings and win tallies of ``agents`` from tournament records, best first
    (by ``mu``)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    standings = {a: AgentStanding(a, ratings[a].mu, ratings[a].sigma) for a in agents}
    for match in matches(records):
        for agent, share, score in match:
            standings[agent].tally.add(share, score)
        if len({agent for agent, _, _ in match}) < 2:
            continue
        ranks = [float(r) for r in _ranks([(share, score) for _, share, score in match])]
        teams = [[ratings[agent]] for agent, _, _ in match]
        new = model.rate(teams, ranks=ranks)
        for (agent, _, _), (rating,) in zip(match, new, strict=True):
            ratings[agent] = rating
    for agent, rating in ratings.items():
        standings[agent].mu = rating.mu
        standings[agent].sigma = rating.sigma
    return sorted(standings.values(), key=lambda s: (-s.mu, s.agent))


def head_to_head(
    records: Iterable[dict[str, Any]], agents: Sequence[str]
) -> dict[tuple[str, str], tuple[float, int]]:
    """For each ordered pair ``(a, b)``: how often ``a`` finished ahead of ``b`` in the matches
    that had both (win share, then score; a tie counts half), and in how many matches."""
    ahead: dict[tuple[str, str], list[float]] = {
        (a, b): [0.0, 0] for a in agents for b in agents if a != b
    }
    for match in matches(records):
        for (a, sa, pa), (b, sb, pb) in itertools.permutations(match, 2):
            if a == b:
                continue
            cell = ahead[(a, b)]
            cell[0] += 1.0 if (sa, pa) > (sb, pb) else 0.5 if (sa, pa) == (sb, pb) else 0.0
            cell[1] += 1
    return {k: (v[0], int(v[1])) for k, v in ahead.items()}
