"""The longest games random and greedy play, against each configuration's proved bound.

    python benchmarks/game_lengths.py [--random 10000] [--greedy 10000] [--game ID] [--json]

For every registered configuration (or those of ``--game``), ``--random`` games of uniformly
random legal actions (seeds ``0 ..``) and ``--greedy`` games of the ``greedy`` agent at every
seat (seeds ``10**6 ..``): the most decisions one game took, and the configuration's
``GameSpec.length_bound`` (OpenSpiel's ``max_game_length``) with its ratio to that longest game
(the issue-37 target: at most about 5).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from fourfeathers.agents import make_agent, view_for
from fourfeathers.core import game_spec, make
from fourfeathers.rl.common import config_label, configurations


def longest(game_id: str, config: dict[str, Any], games: int, greedy: bool) -> int:
    game = make(game_id, **config)
    rng, most = random.Random(0), 0
    for i in range(games):
        seed = 10**6 + i if greedy else i
        state = game.new_initial_state(seed)
        agents = [make_agent("greedy", seed + p, game) for p in range(game.num_players)]
        n = 0
        while not state.is_terminal():
            if greedy:
                agent = agents[state.current_player]
                action = agent.act(view_for(agent, state, state.current_player))
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            n += 1
        most = max(most, n)
    return most


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random", type=int, default=10000)
    parser.add_argument("--greedy", type=int, default=10000)
    parser.add_argument("--game", action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for spec, config in configurations():
        if args.game and spec.id not in args.game:
            continue
        bound = game_spec(spec.id).length_bound(make(spec.id, **config))
        by_random = longest(spec.id, config, args.random, False)
        by_greedy = longest(spec.id, config, args.greedy, True)
        most = max(by_random, by_greedy, 1)
        rows.append(
            {
                "game": spec.id,
                "config": config_label(config),
                "bound": bound,
                "longest_random": by_random,
                "longest_greedy": by_greedy,
                "ratio": None if bound is None else round(bound / most, 1),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(
        f"| game | config | bound | longest random ({args.random}) | longest greedy "
        f"({args.greedy}) | bound / longest |"
    )
    print("|---|---|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['config']} | {r['bound']} | {r['longest_random']} | "
            f"{r['longest_greedy']} | {r['ratio']} |"
        )


if __name__ == "__main__":
    main()
