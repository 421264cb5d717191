"""How long ``feathers review`` takes, and how often its best move is the one a ten-times
larger search chooses.

    python benchmarks/review.py [--game featherlight --game isle-of-feathers] [--games 3]
                                [--budget 3000] [--agreement-decisions 20] [--seats greedy,greedy]
                                [--json]

For each game (its first two-player configuration) ``--games`` games are played by ``--seats``
(seeds 1, 2, ...) and seat 1's decisions reviewed with ``--budget`` iterations each
(``agents.review.review``, one core): the seconds per game (wall clock, and the process's CPU
time, which a loaded machine inflates less) and per reviewed decision. Then the
first ``--agreement-decisions`` reviewed decisions of each game (0: none, -1: all) are reviewed
again with ten times the budget, and the *agreement* is the share of them whose best move
(``ReviewedDecision.best``) is the same, with the share whose mark is the same.

Whether the build is compiled (``FOURFEATHERS_COMPILE=1 python setup.py build_ext --inplace``) is
said in the output (``compiled``: the ISMCTS module is an extension). Figures depend on the
machine and what else runs on it: say so with them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents import ismcts as ismcts_module
from fourfeathers.agents.review import level_budget, review
from fourfeathers.core.records import GameRecord
from fourfeathers.core.registry import game_spec


def two_player_config(game_id: str) -> dict[str, Any]:
    """The game's first configuration of two players. Raises ``SystemExit`` without one."""
    for config in game_spec(game_id).configurations:
        if fourfeathers.make(game_id, **config).num_players == 2:
            return dict(config)
    raise SystemExit(f"{game_id} has no two-player configuration")


def play(game_id: str, config: dict[str, Any], seats: list[str], seed: int) -> GameRecord:
    """A whole game of ``seats`` (agent specs) seeded ``seed``, as a record."""
    game = fourfeathers.make(game_id, **config)
    state = game.new_initial_state(seed)
    record = GameRecord(game.id, game.config, seed)
    agents = [make_agent(spec, seed * 10 + p, game) for p, spec in enumerate(seats)]
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].act(SeatView(state, seat))
        record.actions.append(str(action))
        state.apply_action(action)
    return record


def measure(game_id: str, games: int, budget: int, decisions: int, seats: list[str]) -> dict:
    """One row: the review time of ``games`` games and the agreement with 10x the budget."""
    config = two_player_config(game_id)
    seconds, cpu, reviewed, same_best, same_mark, compared = 0.0, 0.0, 0, 0, 0, 0
    for seed in range(1, games + 1):
        record = play(game_id, config, seats, seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        result = review(record, 0, budget, seed=seed)
        seconds += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        reviewed += len(result.decisions)
        if decisions == 0:
            continue
        limit = len(result.decisions) if decisions < 0 else decisions
        done = [0]

        def enough(done: list[int] = done, limit: int = limit) -> bool:
            done[0] += 1
            return done[0] > limit

        large = review(record, 0, 10 * budget, seed=seed, cancel=enough)
        for small, big in zip(result.decisions, large.decisions, strict=False):
            compared += 1
            same_best += small.best.action == big.best.action
            same_mark += small.mark == big.mark
    return {
        "game": game_id,
        "config": config,
        "games": games,
        "budget": budget,
        "seconds_per_game": round(seconds / games, 2),
        "cpu_seconds_per_game": round(cpu / games, 2),
        "decisions_per_game": round(reviewed / games, 1),
        "ms_per_decision": round(1000 * seconds / max(1, reviewed), 1),
        "compared": compared,
        "agreement_best": round(same_best / compared, 3) if compared else None,
        "agreement_mark": round(same_mark / compared, 3) if compared else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (repeatable)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=int, default=None, help="default: the hard level's")
    parser.add_argument("--agreement-decisions", type=int, default=20)
    parser.add_argument("--seats", default="greedy,greedy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game_ids = args.game or ["featherlight", "isle-of-feathers"]
    known = {spec.id for spec in fourfeathers.list_games()}
    unknown = [g for g in game_ids if g not in known]
    if unknown:
        sys.exit(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    compiled = not ismcts_module.__file__.endswith(".py")
    rows = []
    for game_id in game_ids:
        budget = args.budget or level_budget(
            fourfeathers.make(game_id, **two_player_config(game_id))
        )
        row = measure(game_id, args.games, budget, args.agreement_decisions, args.seats.split(","))
        row["compiled"] = compiled
        rows.append(row)
        if not args.json:
            print(
                f"{game_id}: {row['seconds_per_game']} s per game "
                f"({row['cpu_seconds_per_game']} s of CPU) "
                f"({row['decisions_per_game']} decisions, {row['ms_per_decision']} ms each), "
                f"budget {budget}, compiled {compiled}; best move as with {10 * budget}: "
                f"{row['agreement_best']} of {row['compared']}, mark: {row['agreement_mark']}",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
