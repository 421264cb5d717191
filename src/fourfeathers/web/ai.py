"""Computer seats and hints, played off the event loop in a pool of worker processes.

A task carries the record (game, config, seed, actions), not a state: the worker replays it and
lets the agent decide from the seat's own ``SeatView`` only, with the time budget its spec names
(``hard`` thinks one second). Searches are CPU-bound Python, so processes, not threads, let
several tables think at once; ``Pool(processes=False)`` uses threads (tests, tiny machines).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..agents import SeatView, make_agent
from ..core.game import State
from ..core.records import GameRecord

HINT_CHOICES = 5
"""How many actions a hint lists."""

ESTIMATE_CHOICES = 3
"""In a solo game, how many of a hint's best actions get an expected score."""

ESTIMATE_PLAYOUTS = 6
"""Games played out per estimated action (``Settings.hint_playouts`` sets it per server)."""

ESTIMATE_AGENT = "greedy"
"""The agent that plays out the games of an estimate."""

ESTIMATE_SECONDS = 1.0
"""The time a hint's estimates may take in all: an action gets fewer playouts (at least one)
once its share is spent, so long solo games still answer quickly."""


def decide(record: dict[str, Any], seat: int, spec: str, seed: int) -> str:
    """The text form of the action agent ``spec`` (seeded ``seed``) takes for ``seat`` in the
    position reached by ``record`` (``GameRecord`` fields as a dict)."""
    state = GameRecord(**record).replay()
    return str(make_agent(spec, seed).act(SeatView(state, seat)))


Choice = tuple[str, int, float, float]
"""A hint's action: ``(text, visits, value, estimate)`` (see ``hint_choices``)."""


def analyse(
    record: dict[str, Any], seat: int, spec: str, seed: int, playouts: int = ESTIMATE_PLAYOUTS
) -> list[Choice]:
    """``hint_choices`` for the position reached by ``record``."""
    return hint_choices(GameRecord(**record).replay(), seat, spec, seed, playouts)


def hint_choices(
    state: State, seat: int, spec: str, seed: int, playouts: int = ESTIMATE_PLAYOUTS
) -> list[Choice]:
    """The best actions for ``seat`` as agent ``spec`` (which must have ``analyse``, as
    ``ismcts`` has) sees them from the seat's ``SeatView``: ``(action text, visits, value,
    estimate)``, most visited first. Agents without ``analyse`` give their one choice.

    ``value`` is the search's mean reward (a win chance 0-1 with 2+ players; in a solo game the
    score divided by the largest the search saw). ``estimate`` is what a player reads: with 2+
    players the win chance (``value``); in a solo game the expected final score in the game's
    own unit (``State.scores()``: points, Monsters driven away...), from ``expected_score`` for
    the first ``ESTIMATE_CHOICES`` actions (the others get -1: not estimated).
    """
    agent = make_agent(spec, seed)
    view = SeatView(state, seat)
    analyse_fn = getattr(agent, "analyse", None)
    if analyse_fn is None:
        found = [(str(agent.act(view)), 1, 0.0)]
    else:
        found = [(str(s.action), s.visits, float(s.value)) for s in analyse_fn(view)]
    found = found[:HINT_CHOICES]
    if state.game.num_players > 1:
        return [(text, visits, value, value) for text, visits, value in found]
    return [
        (text, visits, value, -1.0)
        if i >= ESTIMATE_CHOICES
        else (
            text,
            visits,
            value,
            expected_score(
                state, seat, text, seed + i, playouts, ESTIMATE_SECONDS / ESTIMATE_CHOICES
            ),
        )
        for i, (text, visits, value) in enumerate(found)
    ]


def expected_score(
    state: State, seat: int, action: str, seed: int, playouts: int, seconds: float | None = None
) -> float:
    """The mean final score of ``seat`` (``State.scores()[seat]``) after ``action``, over
    ``playouts`` games: each from a determinization of the seat's own view (never the true
    state), with ``action`` applied and the rest played by the ``ESTIMATE_AGENT``; fewer (at
    least one) once ``seconds`` have passed. A rough figure, the same for the same seed and
    view when no time runs out: it supposes that agent's play after the hint, not the
    player's own. Raises ``IllegalActionError`` if ``action`` is not legal."""
    rng = random.Random(seed)
    view = SeatView(state, seat)
    deadline = None if seconds is None else time.perf_counter() + seconds
    total = 0.0
    played = 0
    for _ in range(playouts):
        if played and deadline is not None and time.perf_counter() > deadline:
            break
        sample = view.determinize(rng)
        sample.apply_action(sample.game.parse_action(action))
        agent = make_agent(ESTIMATE_AGENT, rng.randrange(2**31))
        while not sample.is_terminal():
            player = sample.current_player
            sample.apply_action(agent.act(SeatView(sample, player)))
        total += sample.scores()[seat]
        played += 1
    return total / played if played else 0.0


def _watch_parent(parent: int) -> None:
    """Worker start-up: end this worker when the server is gone (even killed with SIGKILL,
    which leaves workers waiting on a queue nobody will ever write to)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


class Pool:
    """Runs ``decide`` and ``analyse`` tasks; ``workers`` 0 means one per core."""

    def __init__(self, workers: int = 0, processes: bool = True) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.processes = processes
        self._executor: Executor | None = None

    def _get(self) -> Executor:
        if self._executor is None:
            if self.processes:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers, context, _watch_parent, (os.getpid(),)
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="ai")
        return self._executor

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` in the pool; a broken process pool is replaced and tried again."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._get(), fn, *args)
        except BrokenProcessPool:
            self.close()
            return await loop.run_in_executor(self._get(), fn, *args)

    def close(self) -> None:
        """Stop the workers, without waiting for a search in progress."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a thinking worker would finish its search first
            process.terminate()
