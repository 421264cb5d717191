"""Computer seats and hints, played off the event loop in a pool of worker processes.

A task carries the record (game, config, seed, actions), not a state: the worker replays it and
lets the agent decide from the seat's own ``SeatView`` only, with the budget its spec names
(``hard``: 3,000 iterations, at most one second). Searches are CPU-bound Python, so processes,
not threads, let several tables think at once; ``Pool(processes=False)`` uses threads (tests,
tiny machines).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..agents import SeatView, make_agent
from ..agents.heuristic import repetition_for
from ..agents.hints import ESTIMATE_PLAYOUTS, HintChoice, hint
from ..arena.runner import cached_game
from ..core.records import GameRecord


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
