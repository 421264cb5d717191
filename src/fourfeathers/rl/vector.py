"""Batched stepping: a native ``gymnasium.vector.VectorEnv`` of the single-agent environments.

``FeathersVectorEnv(game_id, num_envs, processes=0, **options)`` steps ``num_envs`` copies of
``gymnasium.FeathersEnv`` (the options are its own and the game's: ``players``, ``seat``,
``opponents``, ``solo``...) and hands out NumPy batches. ``gymnasium.make_vec(env_id, num_envs)``
of a ``fourfeathers/...`` id builds one too (its ``vector_entry_point``):

>>> import gymnasium as gym
>>> import fourfeathers.rl.gymnasium as fgym  # registers the ids
>>> env_id = sorted(set(fgym.ENV_IDS) - set(fgym.SOLO_ENV_IDS))[0]  # "fourfeathers/<id>-v0"
>>> envs = gym.make_vec(env_id, num_envs=4, opponents="random")
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape[0], infos["action_mask"].shape[0], bool(infos["action_mask"].any(1).all())
(4, 4, True)

- Batches: observations ``float32 (num_envs, *shape)``; ``infos["action_mask"]``
  ``int8 (num_envs, num_actions)`` (``action_masks()`` as ``bool``); ``infos["seat"]`` the
  learner's seats; rewards ``float64``, terminations and truncations ``bool (num_envs,)``.
- Autoreset, same step (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): an
  environment whose episode ends in a ``step`` is reset inside that same ``step``; the batch
  holds the new episode's first observation and mask, and the finished episode's last
  observation is ``infos["final_obs"][i]`` and its info ``infos["final_info"]`` (with the
  ``_final_obs``/``_final_info`` flags Gymnasium uses). The reward, ``terminated`` and
  ``truncated`` of that step are the finished episode's. So every mask in a batch belongs to a
  live episode at the learner's turn and is never all zero: a masked sampler never fails.
- Seeds: ``reset(seed=s)`` seeds environment ``i`` with ``s + i`` (a list gives one seed each);
  later episodes take the next seeds of each environment's stream (``common.Seeds``). Where
  the environments run (this process or workers) changes nothing: the same seeds give the same
  batches.
- ``processes=k`` (``k >= 1``) steps the environments in ``k`` worker processes, each holding
  a contiguous share; ``processes=0`` steps them here, one after the other.
- An illegal id pays the environment's ``illegal_reward`` and changes nothing
  (``infos["illegal_action"]``), as in the single environment.
- The vector env pickles (``processes=0``) with the standard ``pickle``.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .gymnasium import FeathersEnv


class _Share:
    """The environments one process steps: ``envs[i]`` answers for index ``first + i`` of the
    vector. Returns batches of its own share (``step`` and ``reset``)."""

    def __init__(self, game_id: str, count: int, options: dict[str, Any]) -> None:
        self.envs = [FeathersEnv(game_id, **options) for _ in range(count)]
        env = self.envs[0]
        self.shape = (count, *env.encoded.shape)
        self.actions = env.encoded.num_actions

    def reset(
        self, seeds: Sequence[int | None], options: dict[str, Any] | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        observations = np.empty(self.shape, np.float32)
        masks = np.empty((len(self.envs), self.actions), np.int8)
        seats = np.empty(len(self.envs), np.int64)
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = env.reset(seed=seed, options=options)
            observations[i], masks[i], seats[i] = observation, info["action_mask"], info["seat"]
        return observations, masks, seats

    def step(self, actions: Sequence[Any]) -> tuple[Any, ...]:
        """Step every environment; an ended one is reset at once (same-step autoreset).
        Returns the batches and ``finals``: ``(index, last observation, last info)`` of each
        ended episode, and the indices of illegal actions."""
        count = len(self.envs)
        observations = np.empty(self.shape, np.float32)
        masks = np.empty((count, self.actions), np.int8)
        seats = np.empty(count, np.int64)
        rewards = np.empty(count, np.float64)
        terminated = np.zeros(count, bool)
        truncated = np.zeros(count, bool)
        finals, illegal = [], []
        for i, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            observation, reward, ended, cut, info = env.step(action)
            rewards[i], terminated[i], truncated[i] = reward, ended, cut
            if info.get("illegal_action"):
                illegal.append(i)
            if ended or cut:
                finals.append((i, observation, info))
                observation, info = env.reset()
            observations[i], masks[i], seats[i] = observation, info["action_mask"], info["seat"]
        return observations, masks, seats, rewards, terminated, truncated, finals, illegal


def _worker(connection: Connection, game_id: str, count: int, options: dict[str, Any]) -> None:
    """A worker process: builds its share and answers ``(command, argument)`` messages."""
    try:
        share = _Share(game_id, count, options)
        connection.send(("ready", None))
    except Exception as exc:  # reported to the parent, which raises it
        connection.send(("error", exc))
        return
    while True:
        command, argument = connection.recv()
        try:
            if command == "step":
                connection.send(("ok", share.step(argument)))
            elif command == "reset":
                connection.send(("ok", share.reset(*argument)))
            elif command == "close":
                connection.send(("ok", None))
                return
        except Exception as exc:
            connection.send(("error", exc))


class FeathersVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` single-agent environments of one configuration, stepped as a batch (module
    docstring).

    Args:
        game_id: a registered game.
        num_envs: how many environments (at least 1).
        processes: 0 to step them in this process, else the number of worker processes (at
            most ``num_envs``).
        **options: ``FeathersEnv``'s arguments (``render_mode`` excepted) and the game's
            options.

    Raises ``ValueError`` for a ``num_envs`` or ``processes`` out of range, and what
    ``FeathersEnv`` raises for its arguments (from a worker too).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game_id: str, num_envs: int, processes: int = 0, **options: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be an integer of at least 1, got {num_envs!r}")
        if (
            isinstance(processes, bool)
            or not isinstance(processes, int)
            or not 0 <= processes <= num_envs
        ):
            raise ValueError(
                f"processes must be an integer from 0 to {num_envs}, got {processes!r}"
            )
        options.pop("max_episode_steps", None)  # gymnasium.make_vec's; nothing is truncated
        self.game_id, self.options, self.processes = game_id, options, processes
        self.num_envs = num_envs
        probe = FeathersEnv(game_id, **options)  # the arguments' errors, raised here
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(probe.observation_space, num_envs)
        self.action_space = batch_space(probe.action_space, num_envs)
        self.num_actions = probe.encoded.num_actions
        self._masks = np.zeros((num_envs, self.num_actions), np.int8)
        self._bounds = [0]
        self._share: _Share | None = None
        self._connections: list[Connection] = []
        self._workers: list[Any] = []
        if processes == 0:
            self._share = _Share(game_id, num_envs, options)
            self._bounds.append(num_envs)
            return
        base, extra = divmod(num_envs, processes)
        context = multiprocessing.get_context()
        for k in range(processes):
            count = base + (k < extra)
            self._bounds.append(self._bounds[-1] + count)
            parent, child = context.Pipe()
            worker = context.Process(
                target=_worker, args=(child, game_id, count, options), daemon=True
            )
            worker.start()
            child.close()
            self._connections.append(parent)
            self._workers.append(worker)
        for connection in self._connections:
            self._answer(connection)

    def _answer(self, connection: Connection) -> Any:
        status, value = connection.recv()
        if status == "error":
            self.close()
            raise value
        return value

    def _shares(self) -> list[tuple[int, int]]:
        return list(zip(self._bounds, self._bounds[1:], strict=False))

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset every environment: seed ``seed + i`` for environment ``i`` (a list: one seed
        each), else the next seeds of their streams. ``options`` go to each (``{"seat": k}``).
        Returns the observations and ``{"action_mask", "seat"}`` batches."""
        n = self.num_envs
        if seed is None or isinstance(seed, int | np.integer):
            seeds: list[int | None] = [None if seed is None else int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"a list of seeds has one seed per environment ({n}), got {seed}")
        if self._share is not None:
            observations, masks, seats = self._share.reset(seeds, options)
        else:
            for connection, (lo, hi) in zip(self._connections, self._shares(), strict=True):
                connection.send(("reset", (seeds[lo:hi], options)))
            parts = [self._answer(c) for c in self._connections]
            observations, masks, seats = (np.concatenate(p) for p in zip(*parts, strict=True))
        self._masks = masks
        return observations, {"action_mask": masks, "seat": seats}

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every environment with its action id (a sequence or array of ``num_envs`` ids);
        an ended episode is reset in the same step (module docstring). Raises ``RuntimeError``
        before ``reset`` and ``ValueError`` for a batch of the wrong length."""
        actions = list(np.asarray(actions).reshape(-1).tolist())
        if len(actions) != self.num_envs:
            raise ValueError(f"step takes {self.num_envs} actions, got {len(actions)}")
        if self._share is not None:
            parts = [self._share.step(actions)]
        else:
            for connection, (lo, hi) in zip(self._connections, self._shares(), strict=True):
                connection.send(("step", actions[lo:hi]))
            parts = [self._answer(c) for c in self._connections]
        observations, masks, seats, rewards, terminated, truncated = (
            np.concatenate([p[k] for p in parts]) for k in range(6)
        )
        infos: dict[str, Any] = {"action_mask": masks, "seat": seats}
        for (lo, _), part in zip(self._shares(), parts, strict=True):
            for i, observation, info in part[6]:
                self._add_info(infos, {"final_obs": observation, "final_info": info}, lo + i)
            for i in part[7]:
                self._add_info(infos, {"illegal_action": True}, lo + i)
        self._masks = masks
        return observations, rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The legal ids of every environment now, ``bool (num_envs, num_actions)``."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes (this vector env's own, by their handles)."""
        for connection in self._connections:
            try:
                connection.send(("close", None))
                connection.recv()
            except (BrokenPipeError, EOFError, OSError):
                pass
            connection.close()
        for worker in self._workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.terminate()
        self._connections, self._workers = [], []

    def __getstate__(self) -> dict[str, Any]:
        if self._workers:
            raise TypeError("a vector env with worker processes does not pickle (processes=0 does)")
        return self.__dict__

    @property
    def envs(self) -> list[FeathersEnv]:
        """The environments, where they live in this process (``processes=0``), else []."""
        return [] if self._share is None else self._share.envs


def make_vector(
    env_id: str, num_envs: int, processes: int = 0, **options: Any
) -> FeathersVectorEnv:
    """``FeathersVectorEnv`` of a Gymnasium id (``gymnasium.ENV_IDS``): ``fourfeathers/<game>-v0``
    or ``-solo-v0``. Raises ``ValueError`` for an id that is not ours."""
    from .gymnasium import ENV_IDS, SOLO_ENV_IDS

    if env_id not in ENV_IDS:
        raise ValueError(f"unknown environment {env_id!r}; ours: {', '.join(sorted(ENV_IDS))}")
    solo = env_id in SOLO_ENV_IDS
    return FeathersVectorEnv(ENV_IDS[env_id], num_envs, processes, solo=solo, **options)
