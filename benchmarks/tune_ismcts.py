"""Tune ISMCTS's constants: a grid of values, each played against one opponent on the same deals.

    python benchmarks/tune_ismcts.py familiar-feat -o level=4 --vs greedy \\
        --base ismcts:iterations=300 --grid scale=5,20,60 --grid c=0.3,0.7 --games 40
    python benchmarks/tune_ismcts.py isle-of-feathers --vs greedy \\
        --base ismcts:iterations=300 --grid prior=0,2,8 --games 40

Every combination of the ``--grid`` values is appended to ``--base`` (``ismcts:...:scale=5:c=0.3``)
and played on the same seeds (``derive_seed(--seed, i)``, so a run is reproducible and every
candidate meets the same deals):

- two or more players: the candidate against ``--vs`` in two-player games, seats alternated; its
  win share (a shared victory counts half) with a 95% Wilson interval;
- solo: the candidate and ``--vs`` on each seed; the candidate's mean score, its win rate where
  the game has wins, and the paired score difference with a 95% normal interval.

Output: one JSON object per candidate and line, then the best candidate by win share (two
players) or by paired difference (solo). ``--workers 1`` and ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import time

from fourfeathers import make
from fourfeathers.arena import run_games, wilson
from fourfeathers.core.rng import derive_seed
from strength import option  # -o KEY=VALUE, as strength.py reads it (this folder is on the path)


def candidates(base: str, grid: list[str]) -> list[str]:
    """``base`` with every combination of the grid's ``key=v1,v2`` values appended."""
    axes = []
    for item in grid:
        key, sep, values = item.partition("=")
        if not sep or not values:
            raise SystemExit(f"--grid {item!r} is not KEY=V1,V2,...")
        axes.append([f"{key}={v}" for v in values.split(",")])
    return [":".join([base, *combo]) for combo in itertools.product(*axes)]


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% normal interval of ``values``."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def head_to_head(game: str, config: dict, spec: str, vs: str, seeds: list[int], workers: int):
    seatings = [(spec, vs) if i % 2 == 0 else (vs, spec) for i in range(len(seeds))]
    wins = 0.0
    for i, result in enumerate(run_games(game, config, seatings, seeds, workers)):
        if i % 2 in result.winners:
            wins += 1.0 / len(result.winners)
    low, high = wilson(wins, len(seeds))
    return {"win_share": round(wins / len(seeds), 3), "ci95": [round(low, 3), round(high, 3)]}


def solo(game: str, config: dict, spec: str, reference: list, seeds: list[int], workers: int):
    results = list(run_games(game, config, [(spec,)] * len(seeds), seeds, workers))
    diffs = [r.scores[0] - ref.scores[0] for r, ref in zip(results, reference, strict=True)]
    mean, low, high = mean_interval(diffs)
    return {
        "mean_score": round(statistics.fmean(r.scores[0] for r in results), 3),
        "win_rate": round(sum(1 for r in results if r.winners) / len(results), 3),
        "paired_diff": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--base", default="ismcts:iterations=300", help="the spec to vary")
    parser.add_argument("--grid", action="append", default=[], metavar="KEY=V1,V2,...")
    parser.add_argument("--vs", default="greedy", help="the opponent (solo: the reference)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], help="game KEY=VALUE")
    args = parser.parse_args()
    config = dict(option(item) for item in args.option)
    solo_game = make(args.game, **config).num_players == 1
    if not solo_game:
        config.setdefault("players", 2)
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    base = {"game": args.game, "config": config, "games": args.games, "seed": args.seed}
    reference = None
    if solo_game:
        reference = list(run_games(args.game, config, [(args.vs,)] * len(seeds), seeds))
        ref_mean = statistics.fmean(r.scores[0] for r in reference)
        print(json.dumps({**base, "reference": args.vs, "mean_score": round(ref_mean, 3)}))
    rows = []
    for spec in candidates(args.base, args.grid):
        started = time.perf_counter()
        if reference is not None:
            row = solo(args.game, config, spec, reference, seeds, args.workers)
        else:
            row = head_to_head(args.game, config, spec, args.vs, seeds, args.workers)
        row = {"spec": spec, "vs": args.vs, **row}
        rows.append(row)
        print(json.dumps({**base, **row, "seconds": round(time.perf_counter() - started)}))
    key = "paired_diff" if solo_game else "win_share"
    best = max(rows, key=lambda r: r[key])
    print(json.dumps({"best": best["spec"], key: best[key], "ci95": best["ci95"]}))


if __name__ == "__main__":
    main()
