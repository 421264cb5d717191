"""MaskablePPO (sb3-contrib) on a single-agent environment: the learner's seat against computer
opponents, illegal ids masked out.

    pip install 'fourfeathers[train]'
    python examples/maskable_ppo.py [--env fourfeathers/fancy-feathers-v0] [--steps 100000]
                                    [--opponents easy] [--eval-deals 100]

Trains ``sb3_contrib.MaskablePPO`` with an MLP policy on training seeds (the environment's seed
stream from ``--seed``) and evaluates the trained policy, deterministic and masked, on held-out
deals ``0 .. eval-deals - 1`` from every seat (the protocol of ``benchmarks/baselines.py``).
The mask reaches MaskablePPO through sb3-contrib's ``ActionMasker`` wrapper, which calls the
environment's ``action_masks()``. Not run in CI (training takes minutes to hours).
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import fourfeathers.rl.gymnasium  # noqa: F401  (registers the environments)


def masked(env: gym.Env) -> gym.Env:
    """``env`` with its ``action_masks()`` handed to MaskablePPO."""
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(model: MaskablePPO, env_id: str, deals: int, **options) -> tuple[float, float]:
    """Mean return over ``deals`` held-out deals (every seat of each), with a 95% interval."""
    env = gym.make(env_id, **options).unwrapped
    per_deal = []
    for seed in range(deals):
        returns = []
        for seat in range(env.game.num_players):
            observation, info = env.reset(seed=seed, options={"seat": seat})
            done, reward = False, 0.0
            while not done:
                action, _ = model.predict(
                    observation, action_masks=env.action_masks(), deterministic=True
                )
                observation, reward, done, _, info = env.step(int(action))
            returns.append(reward)
        per_deal.append(float(np.mean(returns)))
    mean = float(np.mean(per_deal))
    return mean, 1.96 * float(np.std(per_deal, ddof=1)) / np.sqrt(len(per_deal))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="fourfeathers/fancy-feathers-v0")
    parser.add_argument("--opponents", default="easy", help="agent spec of the other seats")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=10**9, help="first training seed")
    parser.add_argument("--eval-deals", type=int, default=100)
    args = parser.parse_args(argv)
    solo = args.env.endswith("-solo-v0") or args.env == "fourfeathers/familiar-feat-v0"
    options = {} if solo else {"opponents": args.opponents, "seat": "rotate"}
    env = masked(gym.make(args.env, **options))
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=0, verbose=1)
    model.learn(total_timesteps=args.steps)
    options.pop("seat", None)
    mean, half = evaluate(model, args.env, args.eval_deals, **options)
    print(f"{args.env}: mean return {mean:.3f} ± {half:.3f} over {args.eval_deals} deals")


if __name__ == "__main__":
    main()
