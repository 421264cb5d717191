"""Steps per second of ``num_envs`` environments in one vector env against plain envs in a loop.

    python benchmarks/vector.py [--envs 64] [--seconds 2] [--rounds 4] [--game ID ...] [--json]

For each game's first multi-seat configuration (``fourfeathers/<game>-v0``, random opponents)
and each one-seat id, three loops take turns (interleaved rounds, so machine load moves them
alike), each choosing a uniformly random legal id for every environment from its mask:

- ``loop``: ``--envs`` plain ``FeathersEnv`` stepped one after the other (and reset by hand when
  an episode ends);
- ``vector``: one ``FeathersVectorEnv`` of ``--envs`` environments in this process (same-step
  autoreset; the choice is one NumPy operation over the mask batch);
- ``vector_procs``: the same in ``--processes`` worker processes (2 by default).

Steps are learner steps (one per environment per ``step``), timed by the wall clock (the worker
processes' time is not this process's CPU time); figures are steps per second.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from fourfeathers.rl.gymnasium import ENV_IDS, SOLO_ENV_IDS, FeathersEnv
from fourfeathers.rl.vector import make_vector

Runner = Callable[[float], int]
"""Steps for about the given wall seconds; returns the learner steps taken."""


def choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal id per row of ``masks`` (each row has one at least)."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def options_of(env_id: str) -> dict[str, Any]:
    return {} if env_id in SOLO_ENV_IDS else {"opponents": "random"}


def plain_loop(env_id: str, count: int) -> Runner:
    solo = env_id in SOLO_ENV_IDS
    envs = [FeathersEnv(ENV_IDS[env_id], solo=solo, **options_of(env_id)) for _ in range(count)]
    masks = np.stack([env.reset(seed=i)[1]["action_mask"] for i, env in enumerate(envs)])
    rng = np.random.default_rng(0)

    def run(seconds: float) -> int:
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            actions = choose(masks, rng)
            for i, env in enumerate(envs):
                _, _, terminated, _, info = env.step(int(actions[i]))
                if terminated:
                    _, info = env.reset()
                masks[i] = info["action_mask"]
            steps += count
        return steps

    return run


def vector_loop(env_id: str, count: int, processes: int) -> tuple[Runner, Any]:
    envs = make_vector(env_id, count, processes, **options_of(env_id))
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"masks": infos["action_mask"]}

    def run(seconds: float) -> int:
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            _, _, _, _, infos = envs.step(choose(state["masks"], rng))
            state["masks"] = infos["action_mask"]
            steps += count
        return steps

    return run, envs


def env_ids(games: list[str] | None) -> list[str]:
    chosen = [i for i in ENV_IDS if games is None or ENV_IDS[i] in games]
    return sorted(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0, help="per loop, over all rounds")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--game", action="append", help="a game id (repeat for more)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for env_id in env_ids(args.game):
        loop = plain_loop(env_id, args.envs)
        vector, closing = vector_loop(env_id, args.envs, 0)
        procs, closing_procs = vector_loop(env_id, args.envs, args.processes)
        runners = {"loop": loop, "vector": vector, "vector_procs": procs}
        steps = dict.fromkeys(runners, 0)
        seconds = dict.fromkeys(runners, 0.0)
        for _ in range(args.rounds):
            for name, runner in runners.items():
                start = time.perf_counter()
                steps[name] += runner(args.seconds / args.rounds)
                seconds[name] += time.perf_counter() - start
        closing.close()
        closing_procs.close()
        row: dict[str, Any] = {"env": env_id, "envs": args.envs, "processes": args.processes}
        for name in runners:
            row[f"{name}_steps_s"] = round(steps[name] / seconds[name])
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"| env id | plain loop steps/s | vector steps/s | vector, {args.processes} processes |")
    print("|---|---:|---:|---:|")
    for r in rows:
        base = r["loop_steps_s"]
        print(
            f"| {r['env']} | {base:,} | {r['vector_steps_s']:,} "
            f"({r['vector_steps_s'] / base:.2f}x) | {r['vector_procs_steps_s']:,} "
            f"({r['vector_procs_steps_s'] / base:.2f}x) |"
        )


if __name__ == "__main__":
    main()
