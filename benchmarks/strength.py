"""Strength of agents: head to head in a 2-player game, or side by side in a solo game.

    python benchmarks/strength.py featherlight ismcts greedy --games 200 --workers 2
    python benchmarks/strength.py familiar-feat random greedy ismcts -o level=1 --games 100

With two agents and a multiplayer game, they meet in 2-player games with seats alternated and
A's win rate is printed (a shared victory counts half) with a 95% Wilson interval. In a solo
game (``-o players=1``, or a game that is only solo) every agent plays the same seeds and its
win rate (games with a winner) and mean score are printed. Output: one JSON object per line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from fourfeathers import make
from fourfeathers.arena import run_games, wilson
from fourfeathers.core.rng import derive_seed


def option(item: str) -> tuple[str, object]:
    key, _, text = item.partition("=")
    try:
        return key, json.loads(text)
    except ValueError:
        return key, text


def head_to_head(args: argparse.Namespace, config: dict) -> dict:
    a, b = args.agents
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    seatings = [(a, b) if i % 2 == 0 else (b, a) for i in range(args.games)]
    wins = 0.0
    scores: dict[str, list[float]] = {a: [], b: []}
    for i, result in enumerate(run_games(args.game, config, seatings, seeds, args.workers)):
        seat = i % 2
        if seat in result.winners:
            wins += 1.0 / len(result.winners)
        scores[a].append(result.scores[seat])
        scores[b].append(result.scores[1 - seat])
    low, high = wilson(wins, args.games)
    return {
        "a_win_rate": wins / args.games,
        "ci95": [round(low, 3), round(high, 3)],
        "mean_score": {k: round(statistics.fmean(v), 2) for k, v in scores.items()},
    }


def solo(args: argparse.Namespace, config: dict, agent: str) -> dict:
    seeds = [derive_seed(args.seed, i) for i in range(args.games)]
    results = list(run_games(args.game, config, [(agent,)] * args.games, seeds, args.workers))
    wins = sum(1 for r in results if r.winners)
    low, high = wilson(wins, args.games)
    return {
        "agent": agent,
        "win_rate": wins / args.games,
        "ci95": [round(low, 3), round(high, 3)],
        "mean_score": round(statistics.fmean(r.scores[0] for r in results), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("agents", nargs="+", help="agent specs, e.g. ismcts:iterations=500")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--option", action="append", default=[], help="game KEY=VALUE")
    args = parser.parse_args()
    config = dict(option(item) for item in args.option)
    solo_game = make(args.game, **config).num_players == 1
    if not solo_game:
        config.setdefault("players", 2)
        if len(args.agents) != 2:
            parser.error("a multiplayer game compares exactly two agents")
    base = {"game": args.game, "config": config, "games": args.games, "seed": args.seed}
    if solo_game:
        for agent in args.agents:
            started = time.perf_counter()
            row = solo(args, config, agent)
            print(json.dumps({**base, **row, "seconds": round(time.perf_counter() - started)}))
    else:
        started = time.perf_counter()
        row = head_to_head(args, config)
        a, b = args.agents
        print(
            json.dumps(
                {**base, "a": a, "b": b, **row, "seconds": round(time.perf_counter() - started)}
            )
        )


if __name__ == "__main__":
    main()
