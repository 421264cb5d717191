"""Random-playout throughput for every registered game and configuration.

    python benchmarks/playouts.py [--seconds 1] [--rounds 3] [--game GAME ...] [--cpu] [--json]

One process, the public API only (``fourfeathers.make``, ``legal_actions``, ``apply_action``),
one uniformly random legal action per decision, a fresh seeded state per game. Reports games/s
and decisions/s: the median of ``--rounds`` measurements of ``--seconds`` each, with their
spread (min-max).

When OpenSpiel is installed (``pip install '.[bench]'``), every row is measured against the
anchor, OpenSpiel's C++ ``crazy_eights`` driven by the same Python loop (chance outcomes are
sampled but not counted as decisions), interleaved: anchor, row, anchor, row... The ratio is
taken pair by pair and its median printed, so that a machine whose speed drifts (other jobs on
a shared machine) moves both sides of each ratio alike. OpenSpiel's ``hearts`` is one more row
when no ``--game`` is given. ``--cpu`` times with the process's CPU time instead of the wall
clock: other jobs on the machine then slow both sides less (not at all, since they share caches
and cores).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import fourfeathers

Step = Callable[[random.Random], int]
ANCHOR = "crazy_eights"


def measure(step: Step, seconds: float, clock: Callable[[], float] = time.perf_counter) -> tuple:
    """Run whole games with ``step`` (plays one game, returns its decisions) for ``seconds``
    of ``clock``.

    Returns (games per second, decisions per second).
    """
    rng = random.Random(0)
    games = decisions = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        decisions += step(rng)
        games += 1
    return games / elapsed, decisions / elapsed


def ours(game_id: str, config: dict) -> Step:
    game = fourfeathers.make(game_id, **config)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state(rng.randrange(2**32))
        n = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return play


def openspiel(name: str) -> Step | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return n

    return play


def row(game: str, config: str, step: Step, anchor: Step | None, args: argparse.Namespace) -> dict:
    """Measure ``step`` ``args.rounds`` times, each right after the anchor when there is one."""
    games, decisions, anchors, ratios = [], [], [], []
    clock = time.process_time if args.cpu else time.perf_counter
    for _ in range(args.rounds):
        if anchor is not None:
            anchors.append(measure(anchor, args.seconds, clock)[1])
        gps, dps = measure(step, args.seconds, clock)
        games.append(gps)
        decisions.append(dps)
        if anchor is not None:
            ratios.append(dps / anchors[-1])
    out = {
        "game": game,
        "config": config,
        "games_s": statistics.median(games),
        "decisions_s": statistics.median(decisions),
        "decisions_s_min": min(decisions),
        "decisions_s_max": max(decisions),
    }
    if anchor is not None:
        out[f"{ANCHOR}_decisions_s"] = statistics.median(anchors)
        out[f"vs_{ANCHOR}"] = statistics.median(ratios)
        out[f"vs_{ANCHOR}_min"] = min(ratios)
        out[f"vs_{ANCHOR}_max"] = max(ratios)
    return out


def label(config: dict) -> str:
    return ", ".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in config.items())


def print_table(rows: list[dict], anchored: bool) -> None:
    width = max(len(r["config"]) for r in rows) + 2
    print(
        f"{'game':<26}{'config':<{width}}{'games/s':>10}{'decisions/s':>13}{'spread':>17}"
        + (f"{ANCHOR + '/s':>15}{'ours/anchor':>13}{'spread':>13}" if anchored else "")
    )
    for r in rows:
        spread = f"{r['decisions_s_min']:.0f}-{r['decisions_s_max']:.0f}"
        line = (
            f"{r['game']:<26}{r['config']:<{width}}{r['games_s']:>10.0f}"
            f"{r['decisions_s']:>13.0f}{spread:>17}"
        )
        if anchored:
            ratio_spread = f"{r[f'vs_{ANCHOR}_min']:.2f}-{r[f'vs_{ANCHOR}_max']:.2f}"
            line += (
                f"{r[f'{ANCHOR}_decisions_s']:>15.0f}{r[f'vs_{ANCHOR}']:>12.2f}x{ratio_spread:>13}"
            )
        print(line)
    if not anchored:
        print("(install the bench extra, pip install '.[bench]', to compare with OpenSpiel)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="time per measurement (default 1)"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="measurements per row, each after the anchor (3)"
    )
    parser.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="only this game id (repeatable; default every game)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time with this process's CPU time, not the wall clock (steadier on a busy machine)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    args = parser.parse_args()
    known = [spec.id for spec in fourfeathers.list_games()]
    unknown = sorted(set(args.game or ()) - set(known))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(known)}")
    anchor = openspiel(ANCHOR)
    rows = []
    for spec in fourfeathers.list_games():
        if args.game and spec.id not in args.game:
            continue
        for config in spec.configurations:
            rows.append(row(spec.id, label(config), ours(spec.id, config), anchor, args))
    hearts = openspiel("hearts") if not args.game else None
    if hearts is not None:
        rows.append(row("openspiel hearts", "C++", hearts, anchor, args))
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows, anchor is not None)


if __name__ == "__main__":
    main()
