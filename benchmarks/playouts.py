"""Random-playout throughput for every registered game and configuration.

    python benchmarks/playouts.py [--seconds 3] [--json]

One process, the public API only (``fourfeathers.make``, ``legal_actions``, ``apply_action``),
one uniformly random legal action per decision, a fresh seeded state per game. Reports games/s
and decisions/s. When OpenSpiel is installed (``pip install '.[bench]'``), it also times
OpenSpiel's C++ ``crazy_eights`` and ``hearts`` with the same Python loop in the same run
(chance outcomes are sampled but not counted as decisions) and prints our/their ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import fourfeathers


def measure(step: Callable[[random.Random], int], seconds: float) -> tuple[float, float]:
    """Run whole games with ``step`` (plays one game, returns its decisions) for ``seconds``.

    Returns (games per second, decisions per second).
    """
    rng = random.Random(0)
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += step(rng)
        games += 1
    return games / elapsed, decisions / elapsed


def ours(game_id: str, config: dict) -> Callable[[random.Random], int]:
    game = fourfeathers.make(game_id, **config)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state(rng.randrange(2**32))
        n = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return play


def openspiel(name: str) -> Callable[[random.Random], int] | None:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    args = parser.parse_args()
    rows = []
    for spec in fourfeathers.list_games():
        for config in spec.configurations:
            label = ", ".join(
                f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in config.items()
            )
            gps, dps = measure(ours(spec.id, config), args.seconds)
            rows.append({"game": spec.id, "config": label, "games_s": gps, "decisions_s": dps})
    for name in ("crazy_eights", "hearts"):
        step = openspiel(name)
        if step is not None:
            gps, dps = measure(step, args.seconds)
            rows.append(
                {"game": f"openspiel {name}", "config": "C++", "games_s": gps, "decisions_s": dps}
            )
    reference = next((r for r in rows if r["game"] == "openspiel crazy_eights"), None)
    for row in rows:
        if reference:
            row["vs_crazy_eights"] = row["decisions_s"] / reference["decisions_s"]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    width = max(len(row["config"]) for row in rows) + 2
    header = ("game", "config", "games/s", "decisions/s", "ours/crazy_eights")
    print(f"{header[0]:<26}{header[1]:<{width}}{header[2]:>10}{header[3]:>14}{header[4]:>19}")
    for row in rows:
        ratio = f"{row['vs_crazy_eights']:.2f}x" if reference else "-"
        print(
            f"{row['game']:<26}{row['config']:<{width}}{row['games_s']:>10.0f}"
            f"{row['decisions_s']:>14.0f}{ratio:>19}"
        )
    if reference is None:
        print("(install the bench extra, pip install '.[bench]', to compare with OpenSpiel)")


if __name__ == "__main__":
    main()
