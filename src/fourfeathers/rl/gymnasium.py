"""Gymnasium environments of every game mode, registered on import.

Every registered game gets single-agent ids (``ENV_IDS`` maps each to its game id):

- ``fourfeathers/<id>-v0``: the game with its seats (2-6 as the game allows; ``players=...``),
  one of them the learner's, the others played inside ``step`` by computer agents; for a game
  that is solo only this id is its solo game;
- ``fourfeathers/<id>-solo-v0``: the one-seat mode of a game that also has more seats
  (``SOLO_ENV_IDS``).

Keyword options go to the game (``players``, ``level``, ``stamina``, ``variants``...: see
``feathers games``), besides the environment's own ``render_mode``, ``illegal_reward``, ``seat``
and ``opponents``:

>>> import gymnasium as gym
>>> import fourfeathers.rl.gymnasium as fgym
>>> env_id = sorted(set(fgym.ENV_IDS) - set(fgym.SOLO_ENV_IDS))[0]  # "fourfeathers/<id>-v0"
>>> env = gym.make(env_id, players=3, opponents="easy")
>>> observation, info = env.reset(seed=7)
>>> observation.shape == env.observation_space.shape, info["action_mask"].dtype.name, info["seat"]
(True, 'int8', 0)

- Observation: ``Box(low, high, shape, float32)``, the encoding of ``state.observation(seat)``
  for the learner's seat.
- Action: ``Discrete(num_actions)``, the game's action catalogue (its ``encoding.py``).
- Mask: ``info["action_mask"]`` (``int8``, for ``action_space.sample(mask)``) after every
  ``reset`` and ``step``, and ``action_masks()`` (``bool``, the MaskablePPO convention). While
  the episode runs it is the learner's turn, so the mask is never empty; it is all zero only on
  the terminal step.
- Seats: ``seat`` is the learner's seat, an int (fixed) or ``"rotate"`` (seat 0 after a seeded
  ``reset``, then the next seat each episode); ``reset(options={"seat": k})`` picks it for one
  episode. ``info["seat"]`` says which it is.
- Opponents: ``opponents`` is one agent spec for every other seat (``"random"``, the default,
  ``"easy"``, ``"medium"``, ``"hard"``, ``"ismcts:iterations=50"``...: ``feathers agents``) or a
  list of one spec per other seat, in seat order. Each decides from its own seat's
  ``SeatView`` like every agent (never the true state), and is built afresh each episode seeded
  with ``derive_seed(episode_seed, "seat", p)``, so a seeded episode repeats (``hard`` plays
  for a time budget and does not repeat exactly). Their turns before the learner's first one
  are played inside ``reset``, the rest inside ``step``.
- Reward: 0.0 per legal step; the final step pays ``state.returns()[seat]`` (each game
  documents its scale; ``docs/research.md``).
- An illegal action (an id that is not legal now, or outside the catalogue) does not raise: it
  pays ``illegal_reward`` (default -1.0), leaves the game exactly as it was, sets
  ``info["illegal_action"] = True``, and the episode goes on (``terminated`` and ``truncated``
  stay False), so the agent can try again. Wrap the environment in ``TimeLimit`` if a policy may
  keep choosing illegal actions.
- ``reset(seed=s)`` plays ``game.new_initial_state(s)``; later ``reset()`` calls draw their seeds
  from ``random.Random(s)`` (``common.Seeds``). Nothing is truncated: the games end by their rules.
- The environment pickles with the standard ``pickle`` (mid-episode too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents.base import Agent, make_agent, view_for
from ..core.errors import ConfigError
from ..core.game import State
from ..core.registry import list_games, make
from ..core.rng import derive_seed
from .common import Encoded, Seeds, view_text, writable

ROTATE = "rotate"
"""The ``seat`` that moves the learner to the next seat every episode."""


class FeathersEnv(gym.Env):
    """One game configuration as a single-agent Gymnasium environment (module docstring).

    Args:
        game_id: a registered game.
        render_mode: None or ``"ansi"`` (``render()`` returns the learner's view as text).
        illegal_reward: the reward of an illegal action (finite).
        seat: the learner's seat, ``0 .. players - 1``, or ``"rotate"``.
        opponents: an agent spec for every other seat, or a list of one spec per other seat.
        solo: True for the one-seat mode (``players`` must then be 1 if given), False for the
            multi-seat modes (``players`` at least 2), None to take the game's configuration as
            it comes.
        **options: the game's options.

    Raises ``ConfigError`` for an unknown game or option or a seat count the id does not cover,
    ``ValueError`` for another render mode, a non-finite ``illegal_reward``, a seat that is not
    one, or an opponent spec that is no agent or a list of the wrong length.

    Attributes:
        game: the ``Game``; game_state: the engine ``State`` of the episode (the whole truth);
        seat: the learner's seat this episode; opponents: the agents of the other seats.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        solo: bool | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if not np.isfinite(illegal_reward):
            raise ValueError(f"illegal_reward must be finite, got {illegal_reward!r}")
        if solo:
            options = {"players": 1, **options}
        self.game = make(game_id, **options)
        n = self.game.num_players
        if solo and n != 1:
            raise ConfigError(f"{game_id}: a solo environment has one seat, not {options}")
        if solo is False and n == 1:
            raise ConfigError(
                f"{game_id}: this environment is the game with 2 or more seats; the one-seat "
                f"mode is fourfeathers/{game_id}-solo-v0"
            )
        if seat != ROTATE and (isinstance(seat, bool) or seat not in range(n)):
            raise ValueError(f"seat must be a seat 0-{n - 1} or {ROTATE!r}, got {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1 or not all(isinstance(s, str) for s in specs):
            raise ValueError(
                f"opponents must be one agent spec or a list of {n - 1} (one per other seat), "
                f"got {opponents!r}"
            )
        for spec in specs:
            make_agent(spec, 0, self.game)  # ValueError naming the agent or parameter
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.seat_choice = seat
        self.opponent_specs = specs
        self.encoded = encoded = Encoded(self.game)
        self.observation_space = spaces.Box(
            encoded.low, encoded.high, encoded.shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(encoded.num_actions)
        self.game_state: State | None = None
        self.seat = 0 if seat == ROTATE else int(seat)
        self.opponents: dict[int, Agent] = {}
        self._legal: list[int] = []  # the legal ids of game_state (the learner's, or none)
        self._seeds = Seeds()
        self._episodes = 0  # since the last seeded reset (for seat="rotate")

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game (seed ``seed`` if given, else the next of the stream) and play the
        opponents' turns before the learner's first. ``options={"seat": k}`` puts the learner
        in seat ``k`` for this episode (``ValueError`` for a seat that is not one)."""
        super().reset(seed=seed)
        game = self.game
        n = game.num_players
        if seed is not None:
            self._episodes = 0
        episode_seed = self._seeds.next(seed)
        chosen = (options or {}).get("seat")
        if chosen is not None:
            if isinstance(chosen, bool) or chosen not in range(n):
                raise ValueError(f"options['seat'] must be a seat 0-{n - 1}, got {chosen!r}")
            self.seat = int(chosen)
        elif self.seat_choice == ROTATE:
            self.seat = self._episodes % n
        self._episodes += 1
        others = [p for p in range(n) if p != self.seat]
        self.opponents = {
            p: make_agent(spec, derive_seed(episode_seed, "seat", p), game)
            for p, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.game_state = state = game.new_initial_state(episode_seed)
        self._play_opponents(state)
        self._legal = self.encoded.legal_ids(state)
        return self.encoded.observe(state, self.seat), self._info()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoded.mask(self._legal), "seat": self.seat}

    def _play_opponents(self, state: State) -> None:
        """Play the other seats' decisions until it is the learner's turn or the game is over."""
        seat, opponents = self.seat, self.opponents
        while not state.is_terminal():
            player = state.current_player
            if player == seat:
                return
            agent = opponents[player]
            state.apply_action(agent.act(view_for(agent, state, player)))

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply ``action`` (an id) for the learner, then the opponents' decisions up to the
        learner's next turn or the end; an illegal id pays ``illegal_reward`` and changes
        nothing.

        Raises ``RuntimeError`` before the first ``reset()`` and once the episode is over.
        """
        state = self.game_state
        if state is None or state.is_terminal():
            raise RuntimeError("the episode is over or not started: call reset()")
        encoded, seat = self.encoded, self.seat
        zero_obs, zero_mask, encode, legal_ids, to_action, flat = encoded.hot
        if type(action) is int and action in self._legal:  # the common case: no checks needed
            move = to_action(action, state)
        else:
            try:
                move = encoded.action(action, state, self._legal)
            except ValueError:  # IllegalActionError included
                info = self._info()
                info["illegal_action"] = True
                return encoded.observe(state, seat), self.illegal_reward, False, False, info
        state.apply_action(move)
        if self.opponents:
            self._play_opponents(state)
        # Encoded.legal_ids, observe and mask inlined (every step runs them)
        self._legal = legal = legal_ids(state)
        out = zero_obs.copy()
        encode(state, seat, writable(out))
        mask = zero_mask.copy()
        view = mask.data
        for action_id in legal:
            view[action_id] = 1
        observation = out if flat else out.reshape(encoded.shape)
        info = {"action_mask": mask, "seat": seat}
        if state.is_terminal():
            return observation, float(state.returns()[seat]), True, False, info
        return observation, 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal ids now as a ``bool`` array of shape ``(num_actions,)`` (MaskablePPO)."""
        return self.encoded.mask(self._legal).view(bool)

    def render(self) -> str | None:
        """The learner's view as text (``render_mode="ansi"``), else None."""
        if self.render_mode is None or self.game_state is None:
            return None
        return view_text(self.game, self.game_state, self.seat)


class FeathersSoloEnv(FeathersEnv):
    """The one-seat mode of a game (``FeathersEnv`` with ``solo=True``): the same arguments
    but ``seat`` and ``opponents``; ``players``, if given, must be 1 (``ConfigError``)."""

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__(game_id, render_mode, illegal_reward, solo=True, **options)


def env_ids() -> tuple[dict[str, str], dict[str, str]]:
    """``(every id, the solo ids)``: each Gymnasium id -> its game id (module docstring)."""
    ids, solo_ids = {}, {}
    for spec in list_games():
        if spec.part("encoding") is None:
            continue
        ids[f"fourfeathers/{spec.id}-v0"] = spec.id
        if 1 in spec.players and spec.players != (1,):
            ids[f"fourfeathers/{spec.id}-solo-v0"] = spec.id
            solo_ids[f"fourfeathers/{spec.id}-solo-v0"] = spec.id
        elif spec.players == (1,):
            solo_ids[f"fourfeathers/{spec.id}-v0"] = spec.id
    return ids, solo_ids


ENV_IDS, SOLO_ENV_IDS = env_ids()
"""Every registered Gymnasium id -> its game id, and those of the one-seat modes (registered
when this module is imported)."""

for _env_id, _game_id in ENV_IDS.items():
    gym.register(
        id=_env_id,
        entry_point=f"{__name__}:FeathersEnv",
        vector_entry_point="fourfeathers.rl.vector:FeathersVectorEnv",
        kwargs={"game_id": _game_id, "solo": _env_id in SOLO_ENV_IDS},
    )
