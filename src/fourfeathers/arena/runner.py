"""Play games between agents, one or many, on one or several worker processes.

Each game gets its own seed and its own agents (seeded from the game seed and the seat), so a
result depends only on (game, config, agents, seed): the same for any number of workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ..agents import SeatView, make_agent
from ..core.registry import make
from ..core.rng import derive_seed


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    Attributes:
        seed: the game's seed.
        agents: the agent spec of each seat.
        scores: points per seat; returns: ``State.returns()``; winners: winning seats.
        decisions: decisions taken.
    """

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_game(game_id: str, config: dict[str, Any], agents: Sequence[str], seed: int) -> GameResult:
    """Play one game of ``game_id`` with one agent spec per seat; returns its ``GameResult``."""
    game = make(game_id, **config)
    players = [make_agent(spec, derive_seed(seed, "seat", p)) for p, spec in enumerate(agents)]
    state = game.new_initial_state(seed)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player
        state.apply_action(players[player].act(SeatView(state, player)))
        decisions += 1
    return GameResult(
        seed,
        tuple(agents),
        tuple(state.scores()),
        tuple(state.returns()),
        tuple(state.winners()),
        decisions,
    )


def _play(job: tuple[str, dict[str, Any], tuple[str, ...], int]) -> GameResult:
    return play_game(*job)


def run_games(
    game_id: str,
    config: dict[str, Any],
    seatings: Sequence[Sequence[str]],
    seeds: Sequence[int],
    workers: int = 1,
) -> Iterator[GameResult]:
    """Play game i with ``seatings[i]`` and ``seeds[i]``; yield results in order.

    ``workers`` > 1 spreads games over that many processes; results are identical.
    """
    jobs = [(game_id, config, tuple(s), seed) for s, seed in zip(seatings, seeds, strict=True)]
    if workers <= 1:
        yield from map(_play, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_play, jobs, chunksize=1)
