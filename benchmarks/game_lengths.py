"""The longest games random and greedy play, against each configuration's proved bound.

    python benchmarks/game_lengths.py [--random 10000] [--greedy 10000] [--game ID]
        [--workers N] [--budget SECONDS] [--out FILE] [--json]
    python benchmarks/game_lengths.py --table FILE

For every registered configuration (or those of ``--game``), ``--random`` games of uniformly
random legal actions (game ``i`` deals with seed ``i`` and draws its actions from
``random.Random(i)``) and ``--greedy`` games of the ``greedy`` agent at every seat (seeds
``10**6 + i``): the most decisions one game took, and the configuration's
``GameSpec.length_bound`` (OpenSpiel's ``max_game_length``) with its ratio to that longest game
(the issue-37 target: at most about 5).

Each game depends only on its own seed, so the first ``k`` games of a run are the games of a run
of ``k``: a short run's longest game is at most a long run's (``tests/rl/test_game_lengths.py``
relies on it). ``--workers`` plays chunks of games in that many processes; the chunks go out
round robin over the configurations (all random games first, they are cheap), so that when
``--budget`` seconds have passed and the unstarted chunks are dropped every configuration has
played about as many games as the others. ``--out`` writes the results as JSON after every
chunk (the games each configuration played, its longest, and the seed of the longest), and
``--table`` prints the table of such a file with the bounds of the code as it is now.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from fourfeathers.agents import make_agent, view_for
from fourfeathers.core import game_spec, make
from fourfeathers.rl.common import config_label, configurations

GREEDY_SEEDS = 10**6
"""Greedy game ``i`` deals with seed ``GREEDY_SEEDS + i``."""


def play(game: Any, seed: int, greedy: bool) -> int:
    """The decisions of one game of ``game`` from ``seed``: the ``greedy`` agent at every seat
    (agent seeds ``seed + seat``), or uniformly random legal actions from
    ``random.Random(seed)``."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    agents = (
        [make_agent("greedy", seed + p, game) for p in range(game.num_players)] if greedy else []
    )
    n = 0
    while not state.is_terminal():
        if greedy:
            agent = agents[state.current_player]
            action = agent.act(view_for(agent, state, state.current_player))
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        n += 1
    return n


def longest_of(
    game_id: str, config: dict[str, Any], first: int, games: int, greedy: bool
) -> tuple[int, int]:
    """(most decisions, the game index that took them) over games ``first .. first+games-1``
    (random, or greedy with ``greedy``); ``(0, -1)`` when ``games`` is 0."""
    game = make(game_id, **config)
    most, where = 0, -1
    for i in range(first, first + games):
        n = play(game, GREEDY_SEEDS + i if greedy else i, greedy)
        if n > most:
            most, where = n, i
    return most, where


def longest(game_id: str, config: dict[str, Any], games: int, greedy: bool) -> int:
    """The most decisions one of the first ``games`` random (or ``greedy``) games took."""
    return longest_of(game_id, config, 0, games, greedy)[0]


def _chunks(
    cases: list[tuple[str, dict[str, Any]]], random_games: int, greedy_games: int, size: int
) -> list[tuple[int, bool, int, int]]:
    """(case index, greedy, first game, games) for every chunk, random ones first, each kind
    round robin over the cases."""
    out = []
    for greedy, total in ((False, random_games), (True, greedy_games)):
        for first in range(0, total, size):
            for c in range(len(cases)):
                out.append((c, greedy, first, min(size, total - first)))
    return out


def _rows(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Table rows (with the present bounds) of a results mapping as ``--out`` writes it."""
    rows = []
    for r in results["cases"]:
        game_id, config = r["game"], r["config"]
        bound = game_spec(game_id).length_bound(make(game_id, **config))
        most = max(r["longest_random"], r["longest_greedy"], 1)
        rows.append(
            {
                **r,
                "label": config_label(config),
                "bound": bound,
                "ratio": None if bound is None else round(bound / most, 1),
            }
        )
    return rows


def _table(results: dict[str, Any]) -> str:
    lines = [
        "| game | config | bound | longest random (games) | longest greedy (games) "
        "| bound / longest |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in _rows(results):
        lines.append(
            f"| {r['game']} | {r['label']} | {r['bound']} | {r['longest_random']} "
            f"({r['random_games']}) | {r['longest_greedy']} ({r['greedy_games']}) "
            f"| {r['ratio']} |"
        )
    return "\n".join(lines)


def run(
    cases: list[tuple[str, dict[str, Any]]],
    random_games: int,
    greedy_games: int,
    workers: int,
    budget: float | None,
    out: str | None,
    size: int = 250,
) -> dict[str, Any]:
    """Play the games of every case (module docstring); the results as ``--out`` writes them."""
    results: dict[str, Any] = {
        "random": random_games,
        "greedy": greedy_games,
        "workers": workers,
        "budget": budget,
        "cases": [
            {
                "game": g,
                "config": c,
                "random_games": 0,
                "longest_random": 0,
                "longest_random_seed": None,
                "greedy_games": 0,
                "longest_greedy": 0,
                "longest_greedy_seed": None,
            }
            for g, c in cases
        ],
    }
    # A chunk's games only count once every earlier chunk of its case and kind is in, so that
    # the games a case reports are always its first ``k`` (the short-run property).
    done: dict[tuple[int, bool], dict[int, tuple[int, int, int]]] = {}
    start = time.monotonic()
    pending = _chunks(cases, random_games, greedy_games, size)
    pending.reverse()

    def record(c: int, greedy: bool, first: int, games: int, most: int, where: int) -> None:
        kind = "greedy" if greedy else "random"
        row = results["cases"][c]
        got = done.setdefault((c, greedy), {})
        got[first] = (games, most, where)
        while row[f"{kind}_games"] in got:
            games, most, where = got.pop(row[f"{kind}_games"])
            row[f"{kind}_games"] += games
            if most > row[f"longest_{kind}"]:
                row[f"longest_{kind}"] = most
                row[f"longest_{kind}_seed"] = GREEDY_SEEDS + where if greedy else where
        results["elapsed_s"] = round(time.monotonic() - start, 1)
        if out:
            with open(out + ".tmp", "w") as f:
                json.dump(results, f, indent=1)
            os.replace(out + ".tmp", out)

    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: dict[Future[tuple[int, int]], tuple[int, bool, int, int]] = {}
        while pending or running:
            over = budget is not None and time.monotonic() - start > budget
            while pending and not over and len(running) < workers:
                c, greedy, first, games = chunk = pending.pop()
                game_id, config = cases[c]
                running[pool.submit(longest_of, game_id, config, first, games, greedy)] = chunk
            if over:
                pending.clear()
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                c, greedy, first, games = running.pop(future)
                record(c, greedy, first, games, *future.result())
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, default=10000)
    parser.add_argument("--greedy", type=int, default=10000)
    parser.add_argument("--game", action="append")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--budget", type=float, help="seconds after which no chunk starts")
    parser.add_argument("--chunk", type=int, default=250, help="games per chunk")
    parser.add_argument("--out", help="JSON results file, rewritten after every chunk")
    parser.add_argument("--table", help="print the table of a results file and stop")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.table:
        with open(args.table) as f:
            print(_table(json.load(f)))
        return
    if args.workers < 1 or args.chunk < 1 or args.random < 0 or args.greedy < 0:
        parser.error("--workers and --chunk must be at least 1, --random and --greedy at least 0")
    cases = [
        (spec.id, config)
        for spec, config in configurations()
        if not args.game or spec.id in args.game
    ]
    results = run(cases, args.random, args.greedy, args.workers, args.budget, args.out, args.chunk)
    if args.json:
        print(json.dumps(_rows(results), indent=1))
        return
    print(_table(results))


if __name__ == "__main__":
    main()
