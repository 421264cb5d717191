"""Decision speed of the agents in every registered game: ISMCTS iterations per second, and
the seconds (and ISMCTS iterations) per decision of the difficulty levels.

    python benchmarks/agents_speed.py [--positions 5] [--iterations 200] [--game GAME ...]
                                      [--levels easy,medium,hard] [--cpu] [--players N]
                                      [--option KEY=VALUE ...] [--playout-depths 0,-1]
                                      [--seconds S]

Each game is measured in its first two-player and its first solo configuration (those it
has), or with ``--players N`` in its first configuration of N players. Positions are sampled
from random playouts, one per playout at a random point of the game, and only where the seat
has a real choice: a position with a single legal action is answered at once by every agent
and would inflate the figures. An ISMCTS iteration is one
determinization, one descent, one expansion and its leaf value (the heuristic, or a random
playout to the end with ``playout_depth=-1``). ``hard`` stops at 3,000 iterations or one second,
whichever comes first; ``--seconds S`` adds a row searching S seconds (with ``--option``), whose
iterations per decision are what that time buys on this machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import fourfeathers
from fourfeathers.agents import ALIASES, SeatView, make_agent, resolve_spec


def configurations(spec, counts: tuple[int, ...] = (2, 1)) -> list[dict]:
    """The game's first configuration of each player count in ``counts`` (those it has; none:
    its first configuration)."""
    chosen = []
    for players in counts:
        for config in spec.configurations:
            n = fourfeathers.make(spec.id, **config).num_players
            if n == players:
                chosen.append(config)
                break
    return chosen or [spec.configurations[0]]


def positions(game_id: str, config: dict, count: int) -> list:
    """``count`` states with more than one legal action, each from its own random playout."""
    game = fourfeathers.make(game_id, **config)
    rng = random.Random(0)
    found: list = []
    seed = 0
    while len(found) < count and seed < 50 * count:
        state = game.new_initial_state(seed)
        seed += 1
        choices = []
        while not state.is_terminal():
            actions = state.legal_actions()
            if len(actions) > 1:
                choices.append(state.clone())
            state.apply_action(rng.choice(actions))
        if choices:
            found.append(rng.choice(choices))
    return found


def decide(
    spec: str, states: list, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float | None]:
    """Seconds (of ``clock``) per decision of agent ``spec`` over ``states``, and its ISMCTS
    iterations per decision (None for an agent without a search)."""
    agent = make_agent(spec, 1, states[0].game if states else None)
    analyse = getattr(agent, "analyse", None)
    iterations = 0
    start = clock()
    for state in states:
        view = SeatView(state, state.current_player)
        if analyse is None:
            agent.act(view)
        else:  # every iteration visits exactly one root child
            iterations += sum(s.visits for s in analyse(view))
    seconds = (clock() - start) / len(states)
    return seconds, (iterations / len(states) if analyse is not None else None)


def label(config: dict) -> str:
    return ", ".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in config.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per game (5)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS budget (200)")
    parser.add_argument("--game", action="append", metavar="GAME", help="only this game id")
    parser.add_argument(
        "--levels", default="easy,medium,hard", help="difficulty levels to time ('' for none)"
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time with this process's CPU time (steadier on a busy machine; hard still thinks "
        "for one second of the wall clock)",
    )
    parser.add_argument("--players", type=int, help="only the first configuration of N players")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an ismcts parameter for the iteration rows (e.g. horizon=0)",
    )
    parser.add_argument(
        "--playout-depths", default="0,-1", help="playout_depth of the iteration rows (0,-1)"
    )
    parser.add_argument(
        "--seconds", type=float, help="also time a search of this many seconds (what they buy)"
    )
    args = parser.parse_args()
    extra = "".join(f":{o}" for o in args.option)
    depths = [int(x) for x in args.playout_depths.split(",") if x]
    counts = (args.players,) if args.players else (2, 1)
    clock = time.process_time if args.cpu else time.perf_counter
    known = [spec.id for spec in fourfeathers.list_games()]
    unknown = sorted(set(args.game or ()) - set(known))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(known)}")
    levels = [x for x in args.levels.split(",") if x]
    wrong = [x for x in levels if x not in ALIASES]
    if wrong:
        parser.error(f"unknown level(s) {', '.join(wrong)}; known: {', '.join(ALIASES)}")
    print(
        f"{'game':<18}{'config':<22}{'agent':<40}{'s/decision':>11}{'it/s':>9}{'it/decision':>12}"
    )
    for spec in fourfeathers.list_games():
        if args.game and spec.id not in args.game:
            continue
        for config in configurations(spec, counts):
            states = positions(spec.id, config, args.positions)
            where = f"{spec.id:<18}{label(config):<22}"
            decide("ismcts:iterations=20:playout_depth=-1", states)  # warm the caches up
            for depth in depths:
                agent = f"ismcts:iterations={args.iterations}:playout_depth={depth}{extra}"
                sec, _ = decide(agent, states, clock)
                print(f"{where}{agent:<40}{sec:>11.4f}{args.iterations / sec:>9.0f}")
            timed = [(f"ismcts:seconds={args.seconds:g}{extra}",) * 2] if args.seconds else []
            game = states[0].game if states else None
            named = [(f"{level} = {resolve_spec(level, game)}", level) for level in levels]
            for name, agent in named + timed:
                sec, its = decide(agent, states, clock)
                rate = f"{its / sec:>9.0f}{its:>12.0f}" if its is not None else ""
                print(f"{where}{name:<40}{sec:>11.4f}{rate}")


if __name__ == "__main__":
    main()
