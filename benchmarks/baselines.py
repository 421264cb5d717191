"""Baselines for learners: each game mode's mean return of random, easy, medium and hard, and of
the NumPy REINFORCE example, over the same held-out deals.

    python benchmarks/baselines.py [--deals 200] [--medium-deals 20] [--hard-deals 4]
                                   [--train-episodes 3000] [--hard-seconds S] [--mode NAME ...]
                                   [--json]

The evaluation protocol (docs/research.md, "Baselines"):

- Game modes: ``MODES``, one single-agent environment each (``fourfeathers/<game>-v0`` or
  ``-solo-v0``); in a multi-seat mode the other seats are played by ``OPPONENTS`` (``easy``),
  built for each game from its seed (``FeathersEnv``: ``derive_seed(seed, "seat", p)``).
- Deals: held-out seeds ``0 .. deals - 1`` (``EVAL_BASE`` + i); every candidate plays the same
  deals (duplicate deals), and in a multi-seat mode each deal once from every seat (seat
  ``k`` by ``reset(options={"seat": k})``), so a deal's score is the mean over the seats.
- Candidates: ``random``, ``easy``, ``medium``, ``hard`` (the agents of ``feathers agents``,
  deciding from their own ``SeatView``; ``hard`` has a one-second budget per decision, so its
  figures depend on the machine; ``--hard-seconds`` gives it another budget, ``ismcts:seconds=S:
  iterations=3000``) and ``reinforce``: ``examples/reinforce_solo.py``'s linear
  softmax policy trained with REINFORCE for ``--train-episodes`` games on training seeds
  (``TRAIN_BASE`` + i, never evaluated), against the same opponents, then evaluated greedily
  (its most likely legal id) on the held-out deals.
- Figures: the mean return (``state.returns()[seat]``: a win share in multi-seat modes, the
  score or the win in solo ones) with a 95% interval, mean +- 1.96 standard errors over deals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from fourfeathers.agents import make_agent, view_for
from fourfeathers.core.rng import derive_seed
from fourfeathers.rl.gymnasium import FeathersEnv

sys.path.insert(0, str(Path(__file__).parents[1] / "examples"))
from reinforce_solo import LinearSoftmaxPolicy  # noqa: E402

MODES: dict[str, tuple[str, dict[str, Any]]] = {
    "featherlight 2p": ("featherlight", {"players": 2}),
    "featherlight solo": ("featherlight", {"solo": True}),
    "fancy-feathers 2p": ("fancy-feathers", {"players": 2}),
    "familiar-feat level 1": ("familiar-feat", {"solo": True, "level": 1}),
    "isle-of-feathers 2p": ("isle-of-feathers", {"players": 2}),
    "isle-of-feathers solo": ("isle-of-feathers", {"solo": True, "stamina": 1}),
}
"""Name -> (game id, ``FeathersEnv`` options) of each game mode in the table."""
OPPONENTS = "easy"
EVAL_BASE = 0
TRAIN_BASE = 10**9
AGENTS = ("random", "easy", "medium", "hard")


def make_env(mode: str) -> FeathersEnv:
    game_id, options = MODES[mode]
    extra = {} if options.get("solo") else {"opponents": OPPONENTS}
    return FeathersEnv(game_id, **options, **extra)


def play_agent(env: FeathersEnv, spec: str, seed: int, seat: int) -> float:
    """One game of deal ``seed`` with agent ``spec`` in ``seat``; its return."""
    observation, info = env.reset(seed=seed, options={"seat": seat})
    agent = make_agent(spec, derive_seed(seed, "candidate", seat), env.game)
    encoding = env.encoded.encoding
    while True:
        state = env.game_state
        action = agent.act(view_for(agent, state, seat))
        _, reward, terminated, _, info = env.step(encoding.action_to_id(action, state))
        if terminated:
            return float(reward)


def play_policy(env: FeathersEnv, policy: LinearSoftmaxPolicy, seed: int, seat: int) -> float:
    """One game of deal ``seed`` with the policy's most likely legal id in ``seat``."""
    observation, info = env.reset(seed=seed, options={"seat": seat})
    while True:
        legal = np.flatnonzero(info["action_mask"])
        seen = np.flatnonzero(observation)
        logits = policy.w[np.ix_(legal, seen)] @ observation[seen] + policy.b[legal]
        action = int(legal[int(np.argmax(logits))])
        observation, reward, terminated, _, info = env.step(action)
        if terminated:
            return float(reward)


def train(env: FeathersEnv, episodes: int, lr: float = 0.1) -> LinearSoftmaxPolicy:
    """REINFORCE (``examples/reinforce_solo.py``) on training seeds, seats rotating."""
    rng = np.random.default_rng(0)
    policy = LinearSoftmaxPolicy(env.encoded.num_actions, env.encoded.size)
    low, high = env.encoded.encoding.returns_bounds
    scale = max(1.0, (high - low) / 5)
    n, baseline = env.game.num_players, None
    for i in range(episodes):
        observation, info = env.reset(seed=TRAIN_BASE + i, options={"seat": i % n})
        steps, done, total = [], False, 0.0
        while not done:
            action, step = policy.decide(observation, info["action_mask"], rng)
            steps.append(step)
            observation, reward, done, _, info = env.step(action)
            total += reward
        baseline = total if baseline is None else 0.95 * baseline + 0.05 * total
        policy.update(steps, (total - baseline) / scale, lr)
    return policy


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors)."""
    mean = float(np.mean(values))
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * float(np.std(values, ddof=1)) / math.sqrt(len(values))


def evaluate(mode: str, deals: int, play: Any) -> dict[str, Any]:
    """Per deal, the mean return over the seats; their mean and 95% interval."""
    env = make_env(mode)
    start, per_deal = time.perf_counter(), []
    seats = range(env.game.num_players)
    for i in range(deals):
        per_deal.append(float(np.mean([play(env, EVAL_BASE + i, seat) for seat in seats])))
    mean, half = interval(per_deal)
    return {"mean": mean, "ci95": half, "deals": deals, "seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="for random, easy, reinforce")
    parser.add_argument("--medium-deals", type=int, default=20)
    parser.add_argument("--hard-deals", type=int, default=4)
    parser.add_argument("--train-episodes", type=int, default=3000)
    parser.add_argument(
        "--hard-seconds",
        type=float,
        default=None,
        help="hard's time budget per decision (default: hard's own, 1 second)",
    )
    parser.add_argument("--mode", action="append", choices=sorted(MODES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    deals = {"random": args.deals, "easy": args.deals, "medium": args.medium_deals}
    deals["hard"] = args.hard_deals
    hard = (
        "hard"
        if args.hard_seconds is None
        else f"ismcts:seconds={args.hard_seconds}:iterations=3000"
    )
    rows = []
    for mode in args.mode or list(MODES):
        row: dict[str, Any] = {"mode": mode}
        for spec in AGENTS:
            if deals[spec] > 0:
                agent = hard if spec == "hard" else spec
                row[spec] = evaluate(
                    mode, deals[spec], lambda e, s, k, agent=agent: play_agent(e, agent, s, k)
                )
        if args.train_episodes > 0:
            policy = train(make_env(mode), args.train_episodes)
            row["reinforce"] = evaluate(
                mode, args.deals, lambda e, s, k, policy=policy: play_policy(e, policy, s, k)
            )
            row["reinforce"]["train_episodes"] = args.train_episodes
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    names = [*AGENTS, "reinforce"]
    print("| game mode | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for row in rows:
        cells = []
        for name in names:
            cell = row.get(name)
            if cell is None:
                cells.append("-")
            else:
                half = "" if math.isnan(cell["ci95"]) else f" ± {cell['ci95']:.3g}"
                cells.append(f"{cell['mean']:.3g}{half} ({cell['deals']})")
        print(f"| {row['mode']} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
