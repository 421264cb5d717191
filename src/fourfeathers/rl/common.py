"""What the research adapters share: a game with its encoding, the registered configurations,
seeding, and the text view of one seat.

The adapters are thin: an action id is the game's encoding of an action
(``Encoding.action_to_id``), a mask marks the ids of ``state.legal_actions()`` (and only those
ids are accepted), and an observation tensor is ``Encoding.encode_state``: the encoding of
``state.observation(player)`` (a game may fill it from the state, with the same entries), so a
tensor holds nothing the seat may not know. Every array
handed out is fresh (callers may keep it); the zero templates they are copied from are made
once per game.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.encoding import FloatBuffer, check_id, decoder, encoding_for
from ..core.errors import IllegalActionError
from ..core.game import Action, Game, State
from ..core.registry import GameSpec, list_games
from ..core.rng import MAX_SEED, random_seed


def writable(array: np.ndarray) -> FloatBuffer:
    """A ``memoryview`` of the ``float32`` ``array``, for an encoding to write into: it writes
    the same values (a Python float rounded to float32) in about half the time numpy's
    ``__setitem__`` takes per entry."""
    return array.data  # type: ignore[return-value]  # no cast(): a call on every decision


class Encoded:
    """One game configuration with its encoding (``core/encoding.py``) and the array shapes the
    adapters use.

    Attributes:
        game: the ``Game``.
        encoding: its ``Encoding`` (action catalogue, observation tensor, bounds).
        num_actions: the size of the action catalogue (``Discrete(num_actions)``).
        shape: the observation tensor's shape; ``size`` its number of entries.
        low, high: the finite bounds of every observation entry.
        hot: what the adapters inline on every decision instead of calling ``observe``,
            ``mask``, ``legal_ids`` and ``action`` (the same results): ``(zero tensor, zero
            mask, encode_state, legal_action_ids, decoder of legal ids, whether the tensor
            is flat)``; the two arrays are templates to copy, never to hand out.
    """

    __slots__ = (
        "game",
        "encoding",
        "num_actions",
        "shape",
        "size",
        "low",
        "high",
        "_legal_ids",
        "_to_action",
        "_encode",
        "_zero_mask",
        "_zero_obs",
        "hot",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding = encoding = encoding_for(game)
        self.num_actions = int(encoding.num_distinct_actions)
        self.shape = tuple(int(n) for n in encoding.observation_shape)
        self.size = math.prod(self.shape)
        self.low = float(encoding.observation_low)
        self.high = float(encoding.observation_high)
        self._legal_ids = encoding.legal_action_ids
        self._to_action = decoder(encoding)  # ids are checked against the legal ones first
        self._encode = encoding.encode_state
        self._zero_mask = np.zeros(self.num_actions, np.int8)
        self._zero_obs = np.zeros(self.size, np.float32)
        # one attribute read per call (rebuilt on unpickling like the rest: __reduce__)
        self.hot = (
            self._zero_obs,
            self._zero_mask,
            self._encode,
            self._legal_ids,
            self._to_action,
            len(self.shape) == 1,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game alone: the encoding is rebuilt (``encoding_for``) on loading, so
        an encoding's own tables (keyed by object identity, or holding local functions) never
        travel."""
        return (Encoded, (self.game,))

    def legal_ids(self, state: State) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending (empty once the game is over)."""
        return self._legal_ids(state)

    def mask(self, ids: list[int]) -> np.ndarray:
        """A fresh ``int8`` array of shape ``(num_actions,)``: 1 at ``ids``, 0 elsewhere."""
        mask = self._zero_mask.copy()
        view = mask.data
        for action_id in ids:
            view[action_id] = 1
        return mask

    def observe(self, state: State, player: int) -> np.ndarray:
        """A fresh ``float32`` tensor of shape ``shape``: the encoding of
        ``state.observation(player)`` (``Encoding.encode_state``)."""
        out = self._zero_obs.copy()
        self._encode(state, player, writable(out))
        return out if len(self.shape) == 1 else out.reshape(self.shape)

    def action(self, action_id: Any, state: State, legal: list[int]) -> Action:
        """The action of ``action_id`` (an int or NumPy integer) in ``state``, where ``legal``
        are the legal ids (``legal_ids(state)``).

        Raises ``ValueError`` naming the id when it is not an integer of the catalogue
        (``0 <= action_id < num_actions``), and ``IllegalActionError`` when it is not legal now
        (an id outside the mask is refused even where the catalogue decodes it).
        """
        index = check_id(action_id, self.num_actions)
        if index not in legal:
            shown = ", ".join(map(str, legal[:12])) + (" ..." if len(legal) > 12 else "")
            raise IllegalActionError(f"action id {index} is not legal now (legal ids: {shown})")
        return self._to_action(index, state)


def view_text(game: Game, state: State, player: int) -> str:
    """What seat ``player`` sees, as plain text: a title line, one ``key: value`` line per entry
    of ``state.observation(player)``, then the legal actions by text when it is that seat's turn
    (or the scores once the game is over)."""
    turn = state.current_player
    status = "game over" if state.is_terminal() else f"seat {turn} to play"
    lines = [f"{game.title}, seat {player}'s view ({status})"]
    lines += [f"{key}: {json.dumps(value)}" for key, value in state.observation(player).items()]
    if state.is_terminal():
        lines.append(f"scores: {state.scores()}, winners: {state.winners()}")
    elif turn == player:
        lines.append("legal actions: " + ", ".join(str(a) for a in state.legal_actions()))
    return "\n".join(lines)


class Seeds:
    """The seeds of successive games of one environment.

    ``next(seed)`` returns ``seed`` itself when given (so ``reset(seed=7)`` plays the same game
    as ``game.new_initial_state(7)``) and restarts the stream; ``next(None)`` continues the
    stream (``random.Random(seed)`` of the last given seed, or of a fresh entropy seed when none
    was ever given). Seeds are ints in ``[0, 2**63)``; another seed raises ``ValueError``.
    """

    __slots__ = ("_rng",)

    def __init__(self) -> None:
        self._rng: random.Random | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"a seed is an integer from 0 to {MAX_SEED}, got {seed!r}")
            seed = int(seed)
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"a seed is an integer from 0 to {MAX_SEED}, got {seed!r}")
            self._rng = random.Random(seed)
            return seed
        if self._rng is None:
            self._rng = random.Random(random_seed())
        return self._rng.randrange(MAX_SEED + 1)


def configurations() -> Iterator[tuple[GameSpec, dict[str, Any]]]:
    """Every registered game's test configurations (``GameSpec.configurations``), in registry
    order: what the adapters' test suites and benchmark run."""
    for spec in list_games():
        for config in spec.configurations:
            yield spec, config


def config_label(config: dict[str, Any]) -> str:
    """A short label of a configuration: ``players=3, variants=a+b``."""
    return ", ".join(
        f"{k}={'+'.join(map(str, v)) if isinstance(v, list | tuple) else v}"
        for k, v in config.items()
    )
