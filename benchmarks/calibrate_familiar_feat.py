"""Familiar Feat calibration: win rate per level of an agent, with 95% Wilson intervals.

    python benchmarks/calibrate_familiar_feat.py [--games 500] [--agent greedy] [--levels 1-8]
        [--jobs 2] [--seed 0] [--markdown]

Game ``i`` of level ``L`` is dealt with ``derive_seed(seed, L, i)`` and the agent is seeded with
``derive_seed(seed, L, i, "agent")``, so every game can be replayed on its own. Runnable by hand,
not part of CI (it takes minutes). The table goes to docs/calibration/familiar-feat.md.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from statistics import mean

import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.rng import derive_seed


def play_one(args: tuple[int, int, str, int]) -> tuple[int, int, int, int]:
    """Play game ``i`` of ``level``; returns (won, Monsters driven away, days, decisions)."""
    level, i, agent_name, seed = args
    game = fourfeathers.make("familiar-feat", level=level)
    state = game.new_initial_state(derive_seed(seed, level, i))
    agent = make_agent(agent_name, derive_seed(seed, level, i, "agent"), game)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(agent.act(SeatView(state, 0)))
        decisions += 1
    return int(bool(state.winners())), state.scores()[0], state.day, decisions


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for ``k`` wins in ``n`` games."""
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def parse_levels(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per level (default 500)")
    parser.add_argument("--agent", default="greedy", help="agent name (default greedy)")
    parser.add_argument("--levels", default="1-8", help="levels, e.g. 1-8 or 1,4,8")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = []
    for level in parse_levels(args.levels):
        start = time.perf_counter()
        tasks = [(level, i, args.agent, args.seed) for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=8))
        wins = sum(r[0] for r in results)
        low, high = wilson(wins, len(results))
        row = {
            "level": level,
            "games": len(results),
            "wins": wins,
            "rate": wins / len(results),
            "low": low,
            "high": high,
            "monsters": mean(r[1] for r in results),
            "days": mean(r[2] for r in results),
            "decisions": mean(r[3] for r in results),
            "seconds": time.perf_counter() - start,
        }
        rows.append(row)
        if not args.markdown:
            print(
                f"level {level}: {wins}/{len(results)} won = {row['rate']:.1%} "
                f"(95% CI {low:.1%}-{high:.1%}), Monsters {row['monsters']:.2f}, "
                f"days {row['days']:.1f}, decisions {row['decisions']:.0f}, "
                f"{row['seconds']:.0f}s",
                flush=True,
            )
    if args.markdown:
        print(f"Agent: {args.agent}, run seed {args.seed}.\n")
        print("| level | games | wins | win rate | 95% CI (Wilson) | Monsters | days |")
        print("|---|---|---|---|---|---|---|")
        for r in rows:
            print(
                f"| {r['level']} | {r['games']} | {r['wins']} | {r['rate']:.1%} | "
                f"{r['low']:.1%} - {r['high']:.1%} | {r['monsters']:.2f} | {r['days']:.1f} |"
            )


if __name__ == "__main__":
    main()
