"""PettingZoo AEC environments for every registered game and seat count.

>>> from fourfeathers.rl.pettingzoo import env
>>> import fourfeathers
>>> spec = fourfeathers.list_games()[0]
>>> e = env(spec.id, **spec.configurations[0])
>>> e.reset(seed=7)
>>> observation, reward, terminated, truncated, info = e.last()
>>> sorted(observation)
['action_mask', 'observation']

Agents are ``player_0`` ... ``player_<n-1>``, seat ``i`` of the game being ``player_i``; the
agent to act is the game's ``current_player`` (the same agent may act several times in a row).

- Observation: ``{"observation": Box(low, high, shape, float32), "action_mask": Box(0, 1,
  (num_actions,), int8)}``: the encoding of that seat's ``state.observation(player)`` and the
  ids it may take now (all 0 when it is not its turn or the game is over).
- Action: ``Discrete(num_actions)``, the game's action catalogue (its ``encoding.py``); the
  space objects are made once and returned on every call.
- Reward: 0 on every step until the game ends, then each agent receives its entry of
  ``state.returns()`` (the scale each game documents; ``docs/research.md``). Turn caps are
  rules of the games, so a capped game terminates; nothing is ever truncated.
- An action that is not legal raises ``IllegalActionError`` (an id outside the catalogue
  ``ValueError``) and changes nothing: mask your policy.
- ``reset(seed=s)`` plays the game ``game.new_initial_state(s)``; later ``reset()`` calls draw
  their seeds from ``random.Random(s)`` (see ``common.Seeds``).
- ``render_mode="ansi"``: ``render()`` returns the text of the acting seat's view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalActionError
from ..core.game import State
from ..core.registry import make
from .common import Encoded, Seeds, view_text, writable


def env(game_id: str, render_mode: str | None = None, **config: Any) -> FeathersAECEnv:
    """An AEC environment of ``make(game_id, **config)``.

    Raises ``ConfigError`` for an unknown game or option, ``ValueError`` for a render mode
    other than None or ``"ansi"`` or a game without an encoding.
    """
    return FeathersAECEnv(game_id, render_mode=render_mode, **config)


class FeathersAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped: AECEnv is Any
    """One game configuration as a PettingZoo AEC environment (see the module docstring).

    Attributes:
        game: the ``Game``; encoded: its ``common.Encoded`` (encoding and array shapes).
        game_state: the engine ``State`` of the game in progress (the whole truth: hand seats
            only their observations), None before the first ``reset()``.
    """

    metadata = {
        "render_modes": ["ansi"],
        "name": "fourfeathers_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, game_id: str, render_mode: str | None = None, **config: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.game = make(game_id, **config)
        self.encoded = encoded = Encoded(self.game)
        self.metadata = {**self.metadata, "name": f"fourfeathers_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        encoded.low, encoded.high, encoded.shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (encoded.num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(encoded.num_actions) for agent in self.possible_agents
        }
        self.agents: list[str] = []
        self.game_state: State | None = None
        self._legal: list[int] | None = None  # the legal ids of game_state, once computed
        self._seeds = Seeds()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: seed ``seed`` if given, else the next seed of the stream."""
        self.game_state = self.game.new_initial_state(self._seeds.next(seed))
        self.agents = agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self.agent_selection = agents[self.game_state.current_player]
        self._legal = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: fresh arrays (the caller may keep them), the tensor of
        ``Encoded.observe`` and the mask of ``Encoded.mask`` (all 0 when it is not the agent's
        turn). Raises ``KeyError`` for an agent that is not one, ``RuntimeError`` before the
        first ``reset()``."""
        # Encoded.observe and Encoded.mask inlined: this runs every decision (last()); with
        # step's fast path that saved 8-10% of a decision (docs/research.md, "Speed")
        seat = self._seat[agent]
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before observe()")
        zero_obs, zero_mask, encode, legal_ids, _, flat = self.encoded.hot
        out = zero_obs.copy()
        encode(state, seat, writable(out))
        mask = zero_mask.copy()
        if seat == state.current_player:
            legal = self._legal
            if legal is None:
                legal = self._legal = legal_ids(state)
            view = mask.data
            for action_id in legal:
                view[action_id] = 1
        return {
            "observation": out if flat else out.reshape(self.encoded.shape),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        """Apply ``action`` (an id) for ``agent_selection``; ``None`` for an agent whose game
        is over. Raises ``IllegalActionError`` or ``ValueError`` and changes nothing when the
        id is not legal now, ``RuntimeError`` before the first ``reset()``."""
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        hot = self.encoded.hot
        legal = self._legal
        if legal is None:
            legal = self._legal = hot[3](state)
        if type(action) is int and action in legal:  # the common case: no checks needed
            move = hot[4](action, state)
        elif action is None:
            raise IllegalActionError(f"{agent} must act: None is only for a finished agent")
        else:  # numpy ints, and the errors: ValueError or IllegalActionError naming the id
            move = self.encoded.action(action, state, legal)
        state.apply_action(move)
        self._legal = None
        if state.is_terminal():
            for agent, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = value
                self._cumulative_rewards[agent] += value
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def render(self) -> str | None:
        """The acting seat's view as text (``render_mode="ansi"``), else None."""
        if self.render_mode is None or self.game_state is None:
            return None
        return view_text(self.game, self.game_state, self._seat[self.agent_selection])

    def close(self) -> None:
        """Nothing to release."""
