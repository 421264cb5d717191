"""Gymnasium environments of the solo games, registered on import.

Every registered game that has a one-seat configuration gets an id: ``fourfeathers/<id>-v0``
for a solo-only game, ``fourfeathers/<id>-solo-v0`` for a game that also has more seats
(``ENV_IDS`` maps each to its game id). Keyword options go to the game (``level``, ``stamina``,
``variants``...: see ``feathers games`` and each game's options):

>>> import gymnasium as gym
>>> import fourfeathers.rl.gymnasium as fgym
>>> env_id = sorted(fgym.ENV_IDS)[0]
>>> env = gym.make(env_id)
>>> observation, info = env.reset(seed=7)
>>> observation.shape == env.observation_space.shape, info["action_mask"].dtype.name
(True, 'int8')

- Observation: ``Box(low, high, shape, float32)``, the encoding of ``state.observation(0)``.
- Action: ``Discrete(num_actions)``, the game's action catalogue (its ``encoding.py``).
- Mask: ``info["action_mask"]`` (``int8``, for ``action_space.sample(mask)``) after every
  ``reset`` and ``step``, and ``action_masks()`` (``bool``, the MaskablePPO convention).
- Reward: 0.0 per legal step; the final step pays ``state.returns()[0]`` (each game documents
  its scale; ``docs/research.md``).
- An illegal action (an id that is not legal now, or outside the catalogue) does not raise: it
  pays ``illegal_reward`` (default -1.0), leaves the game exactly as it was, sets
  ``info["illegal_action"] = True``, and the episode goes on (``terminated`` and ``truncated``
  stay False), so the agent can try again. Wrap the environment in ``TimeLimit`` if a policy may
  keep choosing illegal actions.
- ``reset(seed=s)`` plays ``game.new_initial_state(s)``; later ``reset()`` calls draw their seeds
  from ``random.Random(s)`` (``common.Seeds``). Nothing is truncated: the games end by their rules.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.errors import ConfigError
from ..core.game import State
from ..core.registry import list_games, make
from .common import Encoded, Seeds, view_text


class FeathersSoloEnv(gym.Env):
    """One solo game configuration as a Gymnasium environment (see the module docstring).

    Args:
        game_id: a registered game with a one-seat configuration.
        render_mode: None or ``"ansi"`` (``render()`` returns the seat's view as text).
        illegal_reward: the reward of an illegal action (finite).
        **options: the game's options (``players`` must be 1 if given).

    Raises ``ConfigError`` for an unknown game or option or a configuration with more than one
    seat, ``ValueError`` for another render mode or a non-finite ``illegal_reward``.

    Attributes:
        game: the ``Game``; game_state: the engine ``State`` of the episode (the whole truth).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if not np.isfinite(illegal_reward):
            raise ValueError(f"illegal_reward must be finite, got {illegal_reward!r}")
        self.game = make(game_id, **{"players": 1, **options})
        if self.game.num_players != 1:
            raise ConfigError(f"{game_id}: a solo environment has one seat, not {options}")
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.encoded = encoded = Encoded(self.game)
        self.observation_space = spaces.Box(
            encoded.low, encoded.high, encoded.shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(encoded.num_actions)
        self.game_state: State | None = None
        self._legal: list[int] = []  # the legal ids of game_state
        self._seeds = Seeds()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_state = state = self.game.new_initial_state(self._seeds.next(seed))
        self._legal = self.encoded.legal_ids(state)
        return self.encoded.observe(state, 0), {"action_mask": self.encoded.mask(self._legal)}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply ``action`` (an id); an illegal one pays ``illegal_reward`` and changes nothing.

        Raises ``RuntimeError`` before the first ``reset()`` and once the episode is over.
        """
        state = self.game_state
        if state is None or state.is_terminal():
            raise RuntimeError("the episode is over or not started: call reset()")
        encoded = self.encoded
        try:
            move = encoded.action(action, state, self._legal)
        except ValueError:  # IllegalActionError included
            info = {"action_mask": encoded.mask(self._legal), "illegal_action": True}
            return encoded.observe(state, 0), self.illegal_reward, False, False, info
        state.apply_action(move)
        self._legal = legal = encoded.legal_ids(state)
        observation, info = encoded.observe(state, 0), {"action_mask": encoded.mask(legal)}
        if state.is_terminal():
            return observation, float(state.returns()[0]), True, False, info
        return observation, 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal ids now as a ``bool`` array of shape ``(num_actions,)`` (MaskablePPO)."""
        return self.encoded.mask(self._legal).view(bool)

    def render(self) -> str | None:
        """The seat's view as text (``render_mode="ansi"``), else None."""
        if self.render_mode is None or self.game_state is None:
            return None
        return view_text(self.game, self.game_state, 0)


def solo_env_ids() -> dict[str, str]:
    """The Gymnasium id of every registered game with a one-seat configuration -> its game id."""
    ids = {}
    for spec in list_games():
        if 1 in spec.players:
            suffix = "-v0" if spec.players == (1,) else "-solo-v0"
            ids[f"fourfeathers/{spec.id}{suffix}"] = spec.id
    return ids


ENV_IDS = solo_env_ids()
"""Every registered Gymnasium id -> its game id (registered when this module is imported)."""

for _env_id, _game_id in ENV_IDS.items():
    gym.register(
        id=_env_id, entry_point=f"{__name__}:FeathersSoloEnv", kwargs={"game_id": _game_id}
    )
