"""Computer seats and hints, played off the event loop in a pool of worker processes.

A task carries the record (game, config, seed, actions), not a state: the worker replays it and
lets the agent decide from the seat's own ``SeatView`` only, with the budget its spec names
(``hard``: 3,000 iterations, at most one second). Searches are CPU-bound Python, so processes,
not threads, let several tables think at once; ``Pool(processes=False)`` uses threads (tests,
tiny machines).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any

from ..agents import SeatView, make_agent
from ..agents.heuristic import repetition_for
from ..agents.hints import ESTIMATE_PLAYOUTS, HintChoice, hint
from ..arena.runner import cached_game
from ..core.records import GameRecord

log = logging.getLogger("fourfeathers.web")


def decide(record: dict[str, Any], seat: int, spec: str, seed: int) -> str:
    """The text form of the action agent ``spec`` (seeded ``seed``) takes for ``seat`` in the
    position reached by ``record`` (``GameRecord`` fields as a dict).

    An agent that remembers the positions it decided in (``recall``: greedy, in a game with a
    repetition rule, ``agents.heuristic.repetition_for``) is first shown the seat's earlier
    decisions, so it plays as if it had played the whole game (a new agent would go round the
    same cycle again)."""
    # the game the level is resolved for (agents.resolve_spec), built once per worker
    agent = make_agent(spec, seed, cached_game(record["game"], record["config"]))
    recall = getattr(agent, "recall", None)
    before: Callable[[Any], None] | None = None
    if recall is not None and repetition_for(record["game"]) is not None:

        def before(state: Any) -> None:
            if state.current_player == seat:
                recall(SeatView(state, seat))

    state = GameRecord(**record).replay(before=before)
    return str(agent.act(SeatView(state, seat)))


def analyse(
    record: dict[str, Any], seat: int, spec: str, seed: int, playouts: int = ESTIMATE_PLAYOUTS
) -> list[HintChoice]:
    """``agents.hints.hint`` (the terminal's hint too) for ``seat`` in the position reached
    by ``record``: searched from the seat's own ``SeatView``."""
    return hint(GameRecord(**record).replay(), seat, spec, seed, playouts)


def _watch_parent(parent: int) -> None:
    """Worker start-up: end this worker when the server is gone (even killed with SIGKILL,
    which leaves workers waiting on a queue nobody will ever write to)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


class Pool:
    """Runs ``decide`` and ``analyse`` tasks; ``workers`` 0 means one per core.

    Tasks wait in two queues in front of the workers: ``run(..., low=False)`` (a human table's
    computer seat, a hint) always goes before ``low=True`` (a table with only computer seats),
    and at most ``low_cap`` low tasks run at a time (0: ``workers - 1``, at least 1), so
    computer-only tables never take every worker from people waiting.

    A worker that dies (killed, out of memory) breaks a ``ProcessPoolExecutor``: every task in
    it fails with ``BrokenProcessPool``. The broken executor is replaced once (the first
    caller to see it does; the others find the new one) and each lost task is run again, up to
    ``RETRIES`` times: so every table gets its decision and goes on.
    """

    RETRIES = 3
    """How many times a task lost with a dead worker is run again."""

    def __init__(self, workers: int = 0, processes: bool = True, low_cap: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.processes = processes
        self.low_cap = low_cap or max(1, self.workers - 1)
        self._executor: Executor | None = None
        self._busy = 0
        self._busy_low = 0
        self._high: deque[asyncio.Future[None]] = deque()
        self._low: deque[asyncio.Future[None]] = deque()

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

    def worker_pids(self) -> list[int]:
        """The process ids of the live workers (empty with threads or before the first task)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def waiting(self) -> tuple[int, int]:
        """Tasks waiting for a worker: (high, low)."""
        return len(self._high), len(self._low)

    async def run(self, fn: Callable[..., Any], *args: Any, low: bool = False) -> Any:
        """Run ``fn(*args)`` in the pool once a worker is free for its priority (``low``: a
        table with only computer seats). A task lost with a dead worker is run again (in a
        new executor) up to ``RETRIES`` times; then ``BrokenProcessPool`` is raised."""
        await self._acquire(low)
        try:
            loop = asyncio.get_running_loop()
            for attempt in range(self.RETRIES + 1):
                executor = self._get()
                try:
                    return await loop.run_in_executor(executor, fn, *args)
                except BrokenProcessPool:
                    if attempt == self.RETRIES:
                        raise
                    log.warning("a computer-player worker died: running its task again")
                    if self._executor is executor:  # the first to see it replaces it
                        self._executor = None
                        _stop(executor)
        finally:
            self._release(low)

    async def _acquire(self, low: bool) -> None:
        if not self._waiting_before(low) and self._free(low):
            self._take(low)
            return
        ticket = asyncio.get_running_loop().create_future()
        (self._low if low else self._high).append(ticket)
        try:
            await ticket  # _wake took the slot for us
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self._release(low)  # given a slot, cancelled before using it
            else:
                with suppress(ValueError):
                    (self._low if low else self._high).remove(ticket)
            raise

    def _waiting_before(self, low: bool) -> bool:
        return bool(self._high) or (low and bool(self._low))

    def _free(self, low: bool) -> bool:
        return self._busy < self.workers and (not low or self._busy_low < self.low_cap)

    def _take(self, low: bool) -> None:
        self._busy += 1
        self._busy_low += low

    def _release(self, low: bool) -> None:
        self._busy -= 1
        self._busy_low -= low
        while True:
            if self._high and self._free(False):
                queue, low = self._high, False
            elif self._low and self._free(True):
                queue, low = self._low, True
            else:
                return
            ticket = queue.popleft()
            if not ticket.done():
                self._take(low)
                ticket.set_result(None)

    def close(self) -> None:
        """Stop the workers, without waiting for a search in progress."""
        executor, self._executor = self._executor, None
        if executor is not None:
            _stop(executor, join=True)


def _stop(executor: Executor, join: bool = False) -> None:
    """Shut ``executor`` down without waiting for its tasks; its worker processes are
    terminated (a thinking worker would finish its search first). ``join`` (the server's end):
    then wait for the executor's thread and free its queues now. uvicorn ends the process by
    raising the stopping signal again, so no exit handler frees them, and multiprocessing then
    reports their semaphores as leaked."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    if join:
        executor.shutdown(wait=True)
        gc.collect()  # the queues' semaphores are unlinked as they are freed
