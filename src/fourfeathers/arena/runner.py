"""Play games between agents, one or many, on one or several worker processes (or Ray).

A game is a ``GameJob``: (game id, config, agent spec per seat, seed). Its seats' agents are
seeded with ``derive_seed(seed, "seat", p)``, so a result depends only on the job: the same for
any number of workers and any backend. ``run_jobs`` yields results in job order, whatever order
the workers finish them in.

Backends:

- ``"processes"`` (default): a ``ProcessPoolExecutor`` with ``workers`` processes; ``workers=1``
  plays in the calling process.
- ``"ray"``: Ray tasks (``pip install 'fourfeathers[ray]'``). Connects to the cluster named by
  ``RAY_ADDRESS`` (or ``address``), else starts a local Ray instance; ``workers`` bounds the
  tasks in flight (default: the cluster's CPUs). Every node needs ``fourfeathers`` installed
  (and any ``--content`` file at the same path); the driver only sends the jobs.

Small games are sent to the workers in batches, sized from the measured time per game (about
0.2 s of work per batch), so process overhead does not dominate; batching never changes results.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, overload

from ..agents import make_agent, view_for
from ..core.game import Game
from ..core.registry import make
from ..core.rng import derive_seed

BACKENDS = ("processes", "ray")
"""Names accepted by ``run_jobs(backend=...)``."""

MAX_DECISIONS = 200_000
"""A game still running after this many decisions is reported as an error (a rules bug)."""

BATCH_SECONDS = 0.2
"""Target work per batch sent to a worker."""


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    Attributes:
        seed: the game's seed.
        agents: the agent spec of each seat.
        scores: points per seat; returns: ``State.returns()``; winners: winning seats.
        decisions: decisions taken.
        turns: the state's ``turn`` attribute at the end, when it has one (else None).
        order: seats in the order of their first decision (the first player first); seats
            that never decided follow in seat order.
        capped: True if a turn cap, not the rules, ended the game (``State.ended_by``).
        final: each seat's terminal ``observation`` as ``{"common": {...}, "seats": [{...}]}``:
            keys whose value is the same for every seat are stored once in ``common``, the rest
            per seat; seat ``p``'s observation is ``{**final["common"], **final["seats"][p]}``.
    """

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    turns: int | None = None
    order: tuple[int, ...] = ()
    final: dict[str, Any] | None = field(default=None, repr=False)
    capped: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameJob:
    """One game to play: game ``index`` of a run, with an agent spec per seat and a seed.

    ``match`` groups jobs that are compared with each other (solo tournaments play several
    agents on one deal); None for ordinary games.
    """

    index: int
    game: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    seed: int
    match: int | None = None


@lru_cache(maxsize=64)
def _game(game_id: str, config_items: tuple[tuple[str, Any], ...]) -> Game:
    return make(game_id, **{k: _unfreeze(v) for k, v in config_items})


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return ("__list__", *map(_freeze, value))
    if isinstance(value, dict):
        return ("__dict__", *((k, _freeze(v)) for k, v in sorted(value.items())))
    return value


def _unfreeze(value: Any) -> Any:
    if isinstance(value, tuple) and value and value[0] == "__list__":
        return [_unfreeze(v) for v in value[1:]]
    if isinstance(value, tuple) and value and value[0] == "__dict__":
        return {k: _unfreeze(v) for k, v in value[1:]}
    return value


def cached_game(game_id: str, config: dict[str, Any]) -> Game:
    """``make(game_id, **config)``, built once per process for each configuration (a ``Game``
    is immutable). Raises ``ConfigError``/``ContentError`` like ``make``."""
    return _game(game_id, tuple(sorted((k, _freeze(v)) for k, v in config.items())))


def split_final(observations: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``{"common": ..., "seats": [...]}``: keys equal in every observation once, the rest per
    seat (see ``GameResult.final``)."""
    first = observations[0]
    common = {k: v for k, v in first.items() if all(k in o and o[k] == v for o in observations[1:])}
    seats = [{k: v for k, v in o.items() if k not in common} for o in observations]
    return {"common": common, "seats": seats}


def play_game(game_id: str, config: dict[str, Any], agents: Sequence[str], seed: int) -> GameResult:
    """Play one game of ``game_id`` with one agent spec per seat; returns its ``GameResult``.

    Seat ``p``'s agent is ``make_agent(agents[p], derive_seed(seed, "seat", p), game)``. Raises
    ``RuntimeError`` if the game is not over after ``MAX_DECISIONS`` decisions.
    """
    game = cached_game(game_id, config)
    players = [
        make_agent(spec, derive_seed(seed, "seat", p), game) for p, spec in enumerate(agents)
    ]
    state = game.new_initial_state(seed)
    decisions = 0
    order: list[int] = []
    seen = [False] * game.num_players
    while not state.is_terminal():
        player = state.current_player
        if not seen[player]:
            seen[player] = True
            order.append(player)
        agent = players[player]
        state.apply_action(agent.act(view_for(agent, state, player)))
        decisions += 1
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"{game_id} seed {seed}: not over after {decisions} decisions")
    if order:
        start = order[0]
        n = game.num_players
        order += [(start + k) % n for k in range(n) if not seen[(start + k) % n]]
    turns = getattr(state, "turn", None)
    end = state.ended_by()
    return GameResult(
        seed,
        tuple(agents),
        tuple(state.scores()),
        tuple(state.returns()),
        tuple(state.winners()),
        decisions,
        turns if isinstance(turns, int) and not isinstance(turns, bool) else None,
        tuple(order),
        split_final([state.observation(p) for p in range(game.num_players)]),
        bool(end and end.capped),
    )


def play_job(job: GameJob) -> GameResult:
    """Play ``job``; a failure is re-raised as ``RuntimeError`` naming the game index, seed and
    seats, so it can be replayed on its own."""
    try:
        return play_game(job.game, job.config, job.seats, job.seed)
    except Exception as exc:
        raise RuntimeError(
            f"game {job.index} of {job.game} (seed {job.seed}, seats {','.join(job.seats)}) "
            f"failed: {type(exc).__name__}: {exc}"
        ) from exc


def play_batch(batch: Sequence[GameJob]) -> tuple[list[GameResult], float]:
    """Play each job of ``batch``; returns the results and the seconds spent."""
    started = time.perf_counter()
    results = [play_job(job) for job in batch]
    return results, time.perf_counter() - started


PARENT_POLL_SECONDS = 0.2
"""How often a worker process checks that the process that started it is still alive."""


def _end_with_parent() -> None:
    """In a worker process: exit as soon as the process that started it is gone.

    A worker blocked on its job queue would otherwise live on after its parent was killed
    (``kill -9`` leaves no time to stop the pool): a daemon thread watches the parent pid.
    """
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


class _ProcessPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = ProcessPoolExecutor(workers, initializer=_end_with_parent)

    def submit(self, batch: list[GameJob]) -> Future[tuple[list[GameResult], float]]:
        return self.pool.submit(play_batch, batch)

    def wait(
        self, handle: Future[tuple[list[GameResult], float]]
    ) -> tuple[list[GameResult], float]:
        return handle.result()

    def close(self, cancel: bool) -> None:
        self.pool.shutdown(wait=not cancel, cancel_futures=cancel)


class RayStartError(RuntimeError):
    """Ray could not be started or reached: ``option`` is the command-line option to blame
    (``--ray-address`` for an address Ray refuses, ``--backend`` for a local Ray that did not
    start) and ``code`` the exit status (2: a wrong value given, 1: the machine's trouble)."""

    def __init__(self, option: str, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.option = option
        self.code = code


class _RayPool:
    def __init__(self, workers: int | None, address: str | None) -> None:
        ray = ray_module()
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                options["address"] = address
            try:
                ray.init(**options)
            except ValueError as exc:  # Ray's "Invalid address format: ..."
                if not address:
                    raise RayStartError("--backend", f"Ray could not start: {exc}") from exc
                raise RayStartError("--ray-address", f"{address!r}: {exc}") from exc
            except Exception as exc:  # Ray raises bare Exception (a node timed out during startup)
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise RayStartError("--backend", f"Ray could not start: {first}", 1) from exc
            self.started = True
        self.remote = ray.remote(play_batch)
        self.workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))

    def submit(self, batch: list[GameJob]) -> Any:
        return self.remote.remote(batch)

    def wait(self, handle: Any) -> tuple[list[GameResult], float]:
        result: tuple[list[GameResult], float] = self.ray.get(handle)
        return result

    def close(self, cancel: bool) -> None:
        if self.started:
            self.ray.shutdown()


def ray_module() -> Any:
    """The ``ray`` package; raises ``ImportError`` saying how to install it."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the ray backend needs Ray: pip install 'fourfeathers[ray]' (or pip install ray)"
        ) from exc
    return ray


def run_jobs(
    jobs: Sequence[GameJob],
    workers: int = 1,
    backend: str = "processes",
    address: str | None = None,
    on_batch: Callable[[int], None] | None = None,
) -> Iterator[tuple[GameJob, GameResult]]:
    """Play every job and yield ``(job, result)`` in the order of ``jobs``.

    Args:
        jobs: the games.
        workers: worker processes (``processes``; 1 plays here), or tasks in flight (``ray``;
            0 or None: the cluster's CPUs).
        backend: ``"processes"`` or ``"ray"``.
        address: a Ray cluster address (else ``RAY_ADDRESS``, else a local instance).
        on_batch: called with the number of games in each batch as it is sent (for progress).

    Raises ``ValueError`` for an unknown backend, ``ImportError`` if Ray is missing,
    ``RayStartError`` if Ray cannot start or its address is refused, and ``RuntimeError`` (from
    ``play_job``) if a game fails.
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if not jobs:
        return
    if backend == "processes" and (workers or 1) <= 1:
        for job in jobs:
            yield job, play_job(job)
        return
    pool: _ProcessPool | _RayPool
    if backend == "processes":
        pool = _ProcessPool(workers)
    else:
        pool = _RayPool(workers or None, address or os.environ.get("RAY_ADDRESS"))
    yield from _run_pool(pool, jobs, on_batch)


def _run_pool(
    pool: _ProcessPool | _RayPool,
    jobs: Sequence[GameJob],
    on_batch: Callable[[int], None] | None,
) -> Iterator[tuple[GameJob, GameResult]]:
    window = 3 * pool.workers
    in_flight: deque[tuple[list[GameJob], Any]] = deque()
    next_job = 0
    spent = 0.0
    played = 0
    finished = False
    try:
        while next_job < len(jobs) or in_flight:
            while next_job < len(jobs) and len(in_flight) < window:
                left = len(jobs) - next_job
                size = 1
                if played:
                    per_game = max(spent / played, 1e-6)
                    size = int(BATCH_SECONDS / per_game)
                    size = max(1, min(size, 256, left // (4 * pool.workers) or 1))
                batch = list(jobs[next_job : next_job + size])
                next_job += len(batch)
                in_flight.append((batch, pool.submit(batch)))
                if on_batch is not None:
                    on_batch(len(batch))
            batch, handle = in_flight.popleft()
            results, seconds = pool.wait(handle)
            spent += seconds
            played += len(results)
            yield from zip(batch, results, strict=True)
        finished = True
    finally:
        pool.close(cancel=not finished)


def run_games(
    game_id: str,
    config: dict[str, Any],
    seatings: Sequence[Sequence[str]],
    seeds: Sequence[int],
    workers: int = 1,
    backend: str = "processes",
) -> Iterator[GameResult]:
    """Play game i with ``seatings[i]`` and ``seeds[i]``; yield results in order.

    ``workers`` > 1 spreads games over that many processes (or Ray tasks with
    ``backend="ray"``); results are identical.
    """
    jobs = [
        GameJob(i, game_id, dict(config), tuple(s), seed)
        for i, (s, seed) in enumerate(zip(seatings, seeds, strict=True))
    ]
    for _, result in run_jobs(jobs, workers, backend):
        yield result


def rotated(lineup: Sequence[str], shift: int) -> tuple[str, ...]:
    """``lineup`` rotated so seat ``p`` gets ``lineup[(p + shift) % n]``: over ``n``
    consecutive shifts every entry sits in every seat once."""
    n = len(lineup)
    return tuple(lineup[(p + shift) % n] for p in range(n))


MAX_GAMES = 100_000_000
"""The most games one run (a simulation or a tournament) plays: a hundred million, days of play
on one machine. Planning is lazy (``GamePlan``), but the summary keeps each game's scores."""

CORES_PER_WORKER_CAP = 2
"""``--workers`` beyond this many per core of the machine is capped (``capped_workers``)."""


def capped_workers(workers: int, todo: int, backend: str = "processes") -> int:
    """``workers`` bounded by the work there is (``todo`` games: at least 1) and, for local
    processes, by ``CORES_PER_WORKER_CAP`` times the machine's cores (more processes than that
    only wait for each other). Ray tasks in flight are bounded by the work only."""
    cap = max(1, todo)
    if backend == "processes":
        cap = min(cap, CORES_PER_WORKER_CAP * (os.cpu_count() or 1))
    return min(workers, cap)


class LazyJobs(Sequence[GameJob]):
    """A sequence of jobs made one at a time when asked for (``job(i)``), never listed, so a
    plan of a hundred million games costs no memory. A subclass gives ``__len__`` and
    ``job``; this gives indexing (negative and slices), and equality with any sequence of the
    same jobs in the same order (a list, another plan). Unhashable, as a list."""

    def job(self, i: int) -> GameJob:
        """Job ``i`` (``0 <= i < len(self)``)."""
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> GameJob: ...

    @overload
    def __getitem__(self, i: slice) -> list[GameJob]: ...

    def __getitem__(self, i: int | slice) -> GameJob | list[GameJob]:
        if isinstance(i, slice):
            return [self.job(k) for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.job(i)

    # Defining __eq__ and not __hash__ leaves __hash__ None (Python's rule): unhashable, as a list.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))


class GamePlan(LazyJobs):
    """The jobs of a simulation, made when asked for (``plan[i]``, see ``plan_games``)."""

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        lineup: Sequence[str],
        games: int,
        seed: int,
        rotate: bool = True,
    ) -> None:
        self.game_id = game_id
        self.config = dict(config)
        self.lineup = tuple(lineup)
        self.games = games
        self.seed = seed
        self.rotate = rotate

    def __len__(self) -> int:
        return self.games

    def job(self, i: int) -> GameJob:
        """Game ``i``'s job (``0 <= i < len(self)``)."""
        seats = rotated(self.lineup, i) if self.rotate else self.lineup
        return GameJob(i, self.game_id, self.config, seats, derive_seed(self.seed, i))

    def __add__(self, other: Sequence[GameJob]) -> list[GameJob]:
        return [*self, *other]

    def __radd__(self, other: Sequence[GameJob]) -> list[GameJob]:
        return [*other, *self]


def plan_games(
    game_id: str,
    config: dict[str, Any],
    lineup: Sequence[str],
    games: int,
    seed: int,
    rotate: bool = True,
) -> GamePlan:
    """The jobs of a simulation: game ``i`` is dealt with ``derive_seed(seed, i)`` and seats
    ``rotated(lineup, i)`` (or ``lineup`` itself when ``rotate`` is False). A lazy sequence
    (``GamePlan``); every job shares one copy of ``config``, which nobody may change."""
    return GamePlan(game_id, config, lineup, games, seed, rotate)
