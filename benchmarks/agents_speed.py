"""Decision speed of each agent in every registered game (first configuration of each).

    python benchmarks/agents_speed.py [--positions 5]

For ISMCTS it reports iterations per second (one iteration = one determinization, one descent,
one playout) for each playout setting, and the seconds per decision of the difficulty levels
easy / medium / hard. Positions are sampled from random playouts of each game.
"""

from __future__ import annotations

import argparse
import random
import time

import fourfeathers
from fourfeathers.agents import ALIASES, SeatView, make_agent


def positions(game_id: str, config: dict, count: int) -> list:
    """``count`` non-terminal states from random playouts (a few decisions into each game)."""
    game = fourfeathers.make(game_id, **config)
    rng = random.Random(0)
    found = []
    for seed in range(count):
        state = game.new_initial_state(seed)
        for _ in range(rng.randrange(2, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


def seconds_per_decision(spec: str, states: list) -> float:
    agent = make_agent(spec, 1)
    start = time.perf_counter()
    for state in states:
        agent.act(SeatView(state, state.current_player))
    return (time.perf_counter() - start) / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<18}{'agent':<42}{'s/decision':>12}{'iterations/s':>14}")
    for spec in fourfeathers.list_games():
        config = spec.configurations[0]
        states = positions(spec.id, config, args.positions)
        for depth in (-1, 0):
            agent = f"ismcts:iterations=200:playout_depth={depth}"
            sec = seconds_per_decision(agent, states)
            print(f"{spec.id:<18}{agent:<42}{sec:>12.3f}{200 / sec:>14.0f}")
        for level in ("easy", "medium", "hard"):
            sec = seconds_per_decision(level, states)
            print(f"{spec.id:<18}{level + ' = ' + ALIASES[level]:<42}{sec:>12.3f}{'':>14}")


if __name__ == "__main__":
    main()
