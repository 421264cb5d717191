"""Random-playout speed through each research adapter against the bare engine, in one run.

    python benchmarks/adapters.py [--seconds 2] [--rounds 8] [--game ID] [--parts] [--floor]
        [--json]

For every registered configuration (or those of ``--game``), four loops play whole games with
one uniformly random legal action per decision, from one ``random.Random``:

- ``engine``: ``state.apply_action(rng.choice(state.legal_actions()))``, the bare loop of
  ``benchmarks/playouts.py`` (imported from it);
- ``pettingzoo``: the AEC loop of PettingZoo's ``performance_benchmark`` (``env.last()`` with the
  observation every decision, an id drawn from the nonzero entries of its ``action_mask``,
  ``env.step``; the finished agents' ``step(None)`` are not decisions);
- ``gymnasium`` (one-seat configurations): ``env.step`` of an id drawn from
  ``info["action_mask"]``;
- ``openspiel``: ``state.apply_action(rng.choice(state.legal_actions()))`` on the OpenSpiel
  state, the seed chance nodes sampled but not counted as decisions;
- ``openspiel_obs``: the same, reading ``state.observation_tensor()`` before every decision.

The loops take turns in ``--rounds`` rounds of ``seconds / rounds`` CPU seconds each
(interleaved, and timed in this process's CPU time, so other work on the machine hardly moves
the figures); the table gives decisions per CPU second and each adapter's share of the
engine's speed (the targets of issue 37: PettingZoo and Gymnasium 25%, OpenSpiel 20%). A game
without an ``encoding`` part shows only the engine. ``--floor`` adds ``pettingzoo_free``: the
PettingZoo loop with an observation tensor that costs nothing (``encode_state`` skipped), the
most any encoding could give that loop. ``--parts`` adds a second table: where a
PettingZoo decision's time goes (the engine's decision, ``encode_state``, ``legal_action_ids``,
and the rest: the adapter and the loop), with the observation path the tensor replaces
(``state.observation`` and ``encode_observation``) for comparison.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import fourfeathers
from fourfeathers.core.encoding import encoding_for, observation_size
from fourfeathers.core.registry import game_spec
from fourfeathers.rl.common import config_label, configurations
from playouts import ours as engine_loop  # the bare loop (this folder is on the path)

Loop = Callable[[random.Random], int]
"""Plays one whole game with random legal actions and returns its decisions."""

TARGETS = {"pettingzoo": 0.25, "gymnasium": 0.25, "openspiel": 0.2, "openspiel_obs": 0.2}
"""Issue 37's targets: shares of the bare engine's decisions per second."""


def pettingzoo_loop(game_id: str, config: dict[str, Any], tensor: bool = True) -> Loop:
    """PettingZoo's AEC loop; with ``tensor=False`` the observations' tensor costs nothing
    (``observe`` hands out the zero tensor: ``encode_state`` skipped, the mask, the step and
    the loop as they are), which shows how far any encoding could bring the loop."""
    from fourfeathers.rl.pettingzoo import env as make_env

    env = make_env(game_id, **config)
    if not tensor:
        zero, mask, _encode, legal_ids, to_action, flat = env.encoded.hot
        env.encoded.hot = (zero, mask, _no_tensor, legal_ids, to_action, flat)
    flatnonzero = np.flatnonzero

    def play(rng: random.Random) -> int:
        env.reset(seed=rng.randrange(2**32))
        n = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(flatnonzero(observation["action_mask"]).tolist()))
                n += 1
        return n

    return play


def _no_tensor(state: Any, player: int, out: Any) -> None:
    """An ``encode_state`` that writes nothing (``pettingzoo_loop(tensor=False)``)."""


def gymnasium_loop(game_id: str, config: dict[str, Any]) -> Loop:
    from fourfeathers.rl.gymnasium import FeathersSoloEnv

    env = FeathersSoloEnv(game_id, **config)
    flatnonzero = np.flatnonzero

    def play(rng: random.Random) -> int:
        _observation, info = env.reset(seed=rng.randrange(2**32))
        n = 0
        terminated = False
        while not terminated:
            action = rng.choice(flatnonzero(info["action_mask"]).tolist())
            _observation, _reward, terminated, _truncated, info = env.step(action)
            n += 1
        return n

    return play


def openspiel_loop(game_id: str, config: dict[str, Any]) -> Loop:
    from fourfeathers.rl.openspiel import load

    game = load(game_id, **config)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return n

    return play


def openspiel_observing_loop(game_id: str, config: dict[str, Any]) -> Loop:
    """``openspiel_loop`` reading ``state.observation_tensor()`` before every decision, as a
    learner reads its input."""
    from fourfeathers.rl.openspiel import load

    game = load(game_id, **config)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
            else:
                state.observation_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return n

    return play


def loops(game_id: str, config: dict[str, Any], floor: bool = False) -> dict[str, Loop]:
    """The loops that apply to one configuration (engine first); ``floor`` adds
    ``pettingzoo_free``, the PettingZoo loop with a tensor that costs nothing."""
    found = {"engine": engine_loop(game_id, config)}
    if game_spec(game_id).part("encoding") is None:
        return found
    found["pettingzoo"] = pettingzoo_loop(game_id, config)
    if floor:
        found["pettingzoo_free"] = pettingzoo_loop(game_id, config, tensor=False)
    if fourfeathers.make(game_id, **config).num_players == 1:
        found["gymnasium"] = gymnasium_loop(game_id, config)
    with contextlib.suppress(ImportError):  # open-spiel not installed
        found["openspiel"] = openspiel_loop(game_id, config)
        found["openspiel_obs"] = openspiel_observing_loop(game_id, config)
    return found


def measure(named: dict[str, Loop], seconds: float, rounds: int) -> dict[str, float]:
    """Decisions per CPU second of each loop, the loops taking turns for ``rounds`` rounds.

    CPU time of this process (``time.process_time``), not wall time: on a machine shared with
    other work the figures then hardly move, while the interleaving keeps what remains (cache,
    clock speed) alike for every loop.
    """
    decisions = dict.fromkeys(named, 0)
    spent = dict.fromkeys(named, 0.0)
    rngs = {name: random.Random(0) for name in named}
    share = seconds / rounds
    clock = time.process_time
    for _ in range(rounds):
        for name, loop in named.items():
            rng, n = rngs[name], 0
            start = clock()
            while (elapsed := clock() - start) < share:
                n += loop(rng)
            decisions[name] += n
            spent[name] += elapsed
    return {name: decisions[name] / spent[name] for name in named}


def parts(game_id: str, config: dict[str, Any], decisions: int = 1000) -> dict[str, float]:
    """CPU microseconds per decision of the encoding calls an adapter step makes, over the
    states of random playouts (``decisions`` of them): ``encode_state`` (the tensor, as the
    adapters make it) and ``legal_action_ids``; and for comparison the observation path,
    ``state.observation(player)`` and ``encode_observation`` of it (each the fastest of 5
    runs)."""
    game = fourfeathers.make(game_id, **config)
    encoding = encoding_for(game)
    rng, states = random.Random(1), []
    while len(states) < decisions:
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal() and len(states) < decisions:
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    views = [s.observation(s.current_player) for s in states]
    zero = np.zeros(observation_size(encoding), np.float32)

    def observe() -> None:
        for s in states:
            s.observation(s.current_player)

    def encode() -> None:
        for v in views:
            encoding.encode_observation(v, zero.copy())

    def encode_state() -> None:
        for s in states:
            encoding.encode_state(s, s.current_player, zero.copy())

    def legal_ids() -> None:
        for s in states:
            encoding.legal_action_ids(s)

    def timed(work: Callable[[], None], repeats: int = 5) -> float:
        """The fastest of ``repeats`` runs (the least disturbed), per state."""
        gc.collect()
        gc.disable()  # thousands of live states make collections dominate otherwise
        try:
            best = math.inf
            for _ in range(repeats):
                start = time.process_time()
                work()
                best = min(best, time.process_time() - start)
            return best / len(states) * 1e6
        finally:
            gc.enable()

    return {
        "observation_us": timed(observe),
        "encode_us": timed(encode),
        "encode_state_us": timed(encode_state),
        "legal_ids_us": timed(legal_ids),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per loop and row")
    parser.add_argument("--rounds", type=int, default=8, help="interleaved rounds (default 8)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    parser.add_argument(
        "--parts", action="store_true", help="also time the encoding's calls (a second table)"
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also the PettingZoo loop with a tensor that costs nothing (pettingzoo_free)",
    )
    args = parser.parse_args(argv)
    rows = []
    for spec, config in configurations():
        if args.game and spec.id not in args.game:
            continue
        speeds = measure(loops(spec.id, config, args.floor), args.seconds, args.rounds)
        row: dict[str, Any] = {"game": spec.id, "config": config_label(config)}
        for name, speed in speeds.items():
            row[name] = speed
            if name != "engine":
                row[f"{name}_share"] = speed / speeds["engine"]
        if args.parts and "pettingzoo" in speeds:
            row.update(parts(spec.id, config))
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(table(rows))
    if args.parts:
        print()
        print(parts_table(rows))


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table: decisions/s per loop, and each adapter's share."""
    names = ["engine", *TARGETS]
    if any("pettingzoo_free" in row for row in rows):
        names.append("pettingzoo_free")
    head = "| game | config | " + " | ".join(f"{n} /s" for n in names) + " |"
    lines = [head, "|---|---|" + "---:|" * len(names)]
    for row in rows:
        cells = []
        for name in names:
            if name not in row:
                cells.append("-")
            elif name == "engine":
                cells.append(f"{row[name]:,.0f}")
            else:
                share = row[f"{name}_share"]
                target = TARGETS.get(name, TARGETS["pettingzoo"])
                mark = "" if share >= target else " (below target)"
                cells.append(f"{row[name]:,.0f} ({share:.0%}){mark}")
        lines.append(f"| {row['game']} | {row['config']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def parts_table(rows: list[dict[str, Any]]) -> str:
    """Where a PettingZoo decision's time goes, in CPU microseconds: the engine's own decision,
    the encoding's two calls (``encode_state``, ``legal_action_ids``), and the rest (the adapter
    and PettingZoo's loop: what is left of the PettingZoo decision, so it carries the
    measurements' noise); then, for comparison, the observation path the tensor replaces
    (``state.observation`` and ``encode_observation``)."""
    head = (
        "| game | config | PettingZoo | engine | encode_state | legal ids | rest "
        "| observation | encode_observation |"
    )
    lines = [head, "|---|---|" + "---:|" * 7]
    for row in rows:
        if "observation_us" not in row:
            continue
        total, engine = 1e6 / row["pettingzoo"], 1e6 / row["engine"]
        calls = [row["encode_state_us"], row["legal_ids_us"]]
        rest = total - engine - sum(calls)
        cells = [total, engine, *calls, rest, row["observation_us"], row["encode_us"]]
        lines.append(
            f"| {row['game']} | {row['config']} | " + " | ".join(f"{c:.1f}" for c in cells) + " |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
