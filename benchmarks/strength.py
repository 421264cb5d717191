"""Head-to-head strength of two agents in a 2-player game, seats alternated.

    python benchmarks/strength.py featherlight ismcts greedy --games 200 --workers 2

Prints A's win rate (a shared victory counts half) with a 95% Wilson interval, and the mean
score of each agent. For solo games (``--players 1``) it prints each agent's mean score and win
rate instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from fourfeathers.arena import run_games, wilson
from fourfeathers.core.rng import derive_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a", help="agent spec, e.g. ismcts:iterations=500")
    parser.add_argument("b", help="agent spec")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--option", action="append", default=[], help="game KEY=VALUE")
    args = parser.parse_args()
    config: dict = {"players": 2}
    for item in args.option:
        key, _, value = item.partition("=")
        config[key] = (
            json.loads(value) if value[:1].isdigit() or value in ("true", "false") else value
        )
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    seatings = [(args.a, args.b) if i % 2 == 0 else (args.b, args.a) for i in range(args.games)]
    started = time.perf_counter()
    wins = 0.0
    scores: dict[str, list[float]] = {args.a: [], args.b: []}
    for i, result in enumerate(run_games(args.game, config, seatings, seeds, args.workers)):
        a_seat = 0 if i % 2 == 0 else 1
        if a_seat in result.winners:
            wins += 1.0 / len(result.winners)
        scores[args.a].append(result.scores[a_seat])
        scores[args.b].append(result.scores[1 - a_seat])
    low, high = wilson(wins, args.games)
    elapsed = time.perf_counter() - started
    print(
        json.dumps(
            {
                "game": args.game,
                "a": args.a,
                "b": args.b,
                "games": args.games,
                "a_win_rate": wins / args.games,
                "ci95": [round(low, 3), round(high, 3)],
                "mean_score": {k: statistics.fmean(v) for k, v in scores.items()},
                "seconds": round(elapsed, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
