"""REINFORCE with a linear softmax policy on Featherlight solo, through the Gymnasium adapter.

    python examples/reinforce_solo.py [--episodes 10000] [--seed 0] [--plot PATH]

Nothing beyond NumPy (and matplotlib for ``--plot``). The policy scores every action id with a
linear function of the observation tensor, ``logits = W @ observation + b``, and samples from
the softmax over the legal ids (``info["action_mask"]``). After each episode, REINFORCE moves
``W`` and ``b`` along ``(G - baseline) * grad log pi(a | s)`` for every decision of it, where
``G`` is the episode's return (the solo score, paid on the last step) and the baseline a running
mean of past returns. ``--plot`` draws the learning curve (mean return of each block of
episodes) against uniformly random play on the same seeds, and saves it as a PNG.
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import fourfeathers.rl.gymnasium  # noqa: F401  (registers the environments)

ENV_ID = "fourfeathers/featherlight-solo-v0"


class LinearSoftmaxPolicy:
    """``pi(a | s)`` proportional to ``exp(W[a] @ s + b[a])`` over the legal ids of ``s``.

    The tensors are sparse (a few dozen non-zero entries), so the policy works on the legal ids
    and the non-zero entries only.
    """

    def __init__(self, num_actions: int, size: int) -> None:
        self.w = np.zeros((num_actions, size))
        self.b = np.zeros(num_actions)

    def decide(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator):
        """Sample an action; returns it with what ``update`` needs to learn from it."""
        legal, seen = np.flatnonzero(mask), np.flatnonzero(observation)
        values = observation[seen]
        logits = self.w[np.ix_(legal, seen)] @ values + self.b[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = int(rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, seen, values, p, k)

    def update(self, steps: list, advantage: float, lr: float) -> None:
        """One REINFORCE step: ``grad log pi(a | s) = (onehot(a) - pi(. | s)) (x) s``."""
        for legal, seen, values, p, k in steps:
            g = -p
            g[k] += 1.0
            self.w[np.ix_(legal, seen)] += (lr * advantage) * np.outer(g, values)
            self.b[legal] += (lr * advantage) * g


def episode(env: gym.Env, seed: int, rng: np.random.Generator, policy=None) -> tuple:
    """Play one game with ``policy`` (or uniformly random legal ids); returns its return and
    the policy's steps."""
    observation, info = env.reset(seed=seed)
    steps, total, done = [], 0.0, False
    while not done:
        mask = info["action_mask"]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            action, step = policy.decide(observation, mask, rng)
            steps.append(step)
        observation, reward, done, _, info = env.step(action)
        total += reward
    return total, steps


def train(episodes: int, seed: int = 0, lr: float = 0.1) -> tuple[list[float], list[float]]:
    """Train for ``episodes`` games; returns (policy returns, random-play returns), game ``i``
    of both dealt with seed ``seed + i``."""
    env = gym.make(ENV_ID)
    rng = np.random.default_rng(seed)
    policy = LinearSoftmaxPolicy(env.action_space.n, env.observation_space.shape[0])
    learned, random_play, baseline = [], [], None
    for i in range(episodes):
        total, steps = episode(env, seed + i, rng, policy)
        baseline = total if baseline is None else 0.95 * baseline + 0.05 * total
        policy.update(steps, (total - baseline) / 50.0, lr)
        learned.append(total)
        random_play.append(episode(env, seed + i, rng)[0])
    return learned, random_play


def blocks(values: list[float], size: int) -> np.ndarray:
    """Means of consecutive blocks of ``size`` values."""
    n = len(values) // size
    return np.asarray(values[: n * size]).reshape(n, size).mean(axis=1)


def plot(learned: list[float], random_play: list[float], path: str, block: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = (np.arange(len(learned) // block) + 1) * block
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, blocks(learned, block), label="linear softmax policy (REINFORCE)")
    ax.plot(x, blocks(random_play, block), label="uniformly random legal actions")
    ax.set_xlabel("episodes")
    ax.set_ylabel(f"mean solo score per {block} episodes")
    ax.set_title(f"Learning {ENV_ID}")
    ax.legend()
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--plot", help="save the learning curve as a PNG here")
    args = parser.parse_args(argv)
    learned, random_play = train(args.episodes, args.seed, args.lr)
    block = max(1, args.episodes // 20)
    last = slice(-block, None)
    print(
        f"last {block} episodes: policy {np.mean(learned[last]):.1f}, "
        f"random {np.mean(random_play[last]):.1f} (mean solo score)"
    )
    if args.plot:
        plot(learned, random_play, args.plot, block)


if __name__ == "__main__":
    main()
