"""Games per second with 1 worker against K workers (default 2), same games, same results.

    python benchmarks/parallel.py [--game featherlight] [--players 3] [--agent greedy]
        [--games 60] [--workers 2] [--repeat 3] [--json]

Plays the same ``--games`` games (seats ``--agent``, seeds ``derive_seed(seed, i)``) with
``--workers 1`` (in this process, as ``feathers simulate`` does by default) and with K worker
processes, ``--repeat`` times each alternately, and reports the best games/s of each and their
ratio. Checks that both produce identical results. Runnable by hand, not part of CI.

Measure on an otherwise idle machine (``uptime``: load average well below 1). On a machine
shared with other jobs, give the benchmark the CPU first, e.g. as root with cgroup v1:
``mkdir /sys/fs/cgroup/cpu/bench; echo 262144 > /sys/fs/cgroup/cpu/bench/cpu.shares`` and
``bash -c 'echo $$ > /sys/fs/cgroup/cpu/bench/tasks; exec python benchmarks/parallel.py'``
(``nice`` alone does not help: the kernel shares the CPU between sessions first).

Measured on the idle 2-core development machine (load average 0.3-1.1; greedy agents, best of
2-3 runs): featherlight 3 players 6.20 -> 11.83 games/s (1.91x), 2 players 5.85 -> 11.16
(1.91x); fancy-feathers 6 players 34.9 -> 67.2 games/s (1.93x). Earlier runs at a high CPU
weight while other jobs ran gave 1.89x to 1.96x.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from fourfeathers.arena.runner import plan_games, run_jobs
from fourfeathers.core.registry import make


def measure(jobs: list, workers: int) -> tuple[float, list]:
    started = time.perf_counter()
    results = [result for _, result in run_jobs(jobs, workers)]
    return len(jobs) / (time.perf_counter() - started), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="featherlight")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    game = make(args.game, players=args.players)
    jobs = plan_games(game.id, game.config, [args.agent] * args.players, args.games, args.seed)
    rates: dict[int, list[float]] = {1: [], args.workers: []}
    reference = None
    load_before = os.getloadavg()[0]
    for _ in range(args.repeat):
        for workers in (1, args.workers):
            rate, results = measure(jobs, workers)
            rates[workers].append(rate)
            if reference is None:
                reference = results
            elif results != reference:
                raise SystemExit("results differ between runs: determinism is broken")
    one, many = max(rates[1]), max(rates[args.workers])
    report = {
        "game": args.game,
        "players": args.players,
        "agent": args.agent,
        "games": args.games,
        "workers": args.workers,
        "games_s_1": round(one, 2),
        f"games_s_{args.workers}": round(many, 2),
        "speedup": round(many / one, 2),
        "runs_1": [round(r, 2) for r in rates[1]],
        f"runs_{args.workers}": [round(r, 2) for r in rates[args.workers]],
        "cpus": os.cpu_count(),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{args.game} {args.players}p {args.agent}: {one:.2f} games/s with 1 worker, "
            f"{many:.2f} with {args.workers}: {many / one:.2f}x "
            f"(load average {load_before:.2f} before, {report['load_after']:.2f} after)"
        )


if __name__ == "__main__":
    main()
