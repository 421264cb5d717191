"""OpenSpiel games: importing this module registers every game that has an encoding.

>>> import pyspiel
>>> import fourfeathers.rl.openspiel as fos
>>> name = sorted(fos.GAMES)[0]
>>> game = pyspiel.load_game(name)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == fos.SEED_BASE
(True, True)

Each game is registered as ``python_fourfeathers_<game id with _>`` (``GAMES`` maps the names
to the game ids); ``pyspiel.load_game(name, {"players": 3})`` or the string form
``python_fourfeathers_<game>(players=3,variants=a+b)`` pick a configuration. The one-seat mode
of a game that also has more seats is a registration of its own,
``python_fourfeathers_<game>_solo`` (``solo_name``), so that each game type holds for every
configuration it covers (``load`` picks the right one from ``players``).

- Parameters: one per option of the game's configuration, with its default and OpenSpiel's
  types. Ints and bools are themselves; a list is a string joined with ``+``
  (``variants=no-put-back+no-wind-on-last-turn``); an option whose default is None is an int
  parameter when the game annotates it ``int | None`` (``NONE_INT``, -1, standing for None:
  ``stamina=2``), else a string (``""`` for None).
- Chance: the engine draws everything from its seeded RNG, so the randomness enters at the
  start: ``SEED_DIGITS`` chance nodes, each choosing one base-``SEED_BASE`` digit of the seed
  (uniformly, so ``SEED_BASE ** SEED_DIGITS`` = 2**32 equally likely deals and draw orders).
  After them the game is deterministic given the seed; the decisions' hidden information is
  what the seats do not see of it. Chance outcomes are a constant list of ``SEED_BASE`` pairs.
- Actions: the game's action catalogue (its ``encoding.py``); legal actions come ascending.
- Utilities: terminal rewards, ``state.returns()``; ``min_utility``/``max_utility`` are the
  encoding's ``returns_bounds``. The game type is what the registration declares
  (``GameSpec.utility``): ZERO_SUM or CONSTANT_SUM (then ``utility_sum`` is the encoding's
  ``returns_sum``), but GENERAL_SUM with no ``utility_sum`` for a general-sum game and for a
  solo registration (a solo game returns its score or its win, not a constant sum).
- Information: IMPERFECT_INFORMATION, or PERFECT_INFORMATION for a game that declares it hides
  nothing (``GameSpec.hidden_information``).
- Observers (``make_py_observer``): the observation tensor is the encoding of
  ``state.observation(player)``; the observation string is that observation as compact JSON;
  the information state string (perfect recall) is ``core.infostate.InformationState.of``.
  The information state tensor (perfect recall, ``information_state_layout``; docs/research.md,
  "The information state tensor") is the observation tensor, then 64 bits of a digest of the
  information state string, the decisions recalled / ``max_game_length``, and the last
  ``RECALL_WINDOW`` decisions the seat recalls (who took each, the seat's own action ids, and
  a digest of what it saw of each): built from the seat's information state alone.
  ``private_info=ALL_PLAYERS`` concatenates every seat's view; ``private_info=NONE`` and
  ``public_info=False`` raise ``ValueError`` (the games have no public-only view).
- ``resample_from_infostate(player, sampler)`` is ``State.determinize``: the sample keeps
  ``player``'s information state; the others' recall starts at the sample. Its ``history()``
  is its own: fresh seed digits from the sampler's draw, then the same decision ids (the true
  deal's digits are not in it).
- ``clone()`` copies the engine state with its own ``clone()`` and shares the game; states
  serialize (``pyspiel.serialize_game_and_state``) through ``State.to_dict``; games and states
  pickle with the standard ``pickle``.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import re
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ..core.encoding import decoder, encoding_for
from ..core.errors import ConfigError, IllegalActionError
from ..core.game import Game, State
from ..core.infostate import InformationState
from ..core.registry import GameSpec, game_spec, list_games, make
from .common import writable

PREFIX = "python_fourfeathers_"
SEED_BASE = 256
"""Outcomes of one seed chance node."""
SEED_DIGITS = 4
"""Seed chance nodes at the start of a game: the seed is ``SEED_BASE ** SEED_DIGITS`` wide."""
NONE_INT = -1
"""The value of an int parameter whose option is left at None (the game's default)."""

_CHANCE: int = pyspiel.PlayerId.CHANCE
_TERMINAL: int = pyspiel.PlayerId.TERMINAL
_DIGITS = range(SEED_BASE)
_OUTCOMES = [(digit, 1.0 / SEED_BASE) for digit in _DIGITS]
_COMPACT = (",", ":")  # JSON separators without spaces


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``python_fourfeathers_<game id with _>``."""
    return PREFIX + game_id.replace("-", "_")


def solo_name(game_id: str) -> str:
    """The OpenSpiel name of the one-seat mode of a game that also has more seats:
    ``python_fourfeathers_<game id with _>_solo``."""
    return short_name(game_id) + "_solo"


def name_for(game_id: str, config: dict[str, Any]) -> str:
    """The registration that plays ``game_id`` with ``config``: its solo name for one seat of a
    game that also has more (``solo_name``), else its ``short_name``."""
    spec = game_spec(game_id)
    solo = config.get("players", _defaults(game_id)["players"]) == 1
    return solo_name(game_id) if solo and spec.players != (1,) else short_name(game_id)


def parameters(
    game_id: str, config: dict[str, Any], solo: bool = False
) -> dict[str, int | bool | str]:
    """Options of ``game_id`` as OpenSpiel parameters, typed like its parameter specification
    (see the module docstring; ``solo`` for the registration of its one-seat mode). Raises
    ``ConfigError`` naming an option the game does not have."""
    kinds = _kinds(game_id, solo)
    params: dict[str, int | bool | str] = {}
    for key, value in config.items():
        if key not in kinds:
            raise ConfigError(f"{short_name(game_id)} has no parameter {key!r}")
        if value is None:
            params[key] = NONE_INT if kinds[key] is int else ""
        elif isinstance(value, list | tuple):
            params[key] = "+".join(map(str, value))
        else:
            params[key] = kinds[key](value)
    return params


def configuration(game_id: str, params: dict[str, Any], solo: bool = False) -> dict[str, Any]:
    """OpenSpiel parameters back to the game's configuration (the inverse of ``parameters``).

    Raises ``ConfigError`` naming a parameter the game does not have.
    """
    defaults = _defaults(game_id, solo)
    config: dict[str, Any] = {}
    for key, value in params.items():
        if key not in defaults:
            raise ConfigError(f"{short_name(game_id)} has no parameter {key!r}")
        default = defaults[key]
        if isinstance(default, list):
            config[key] = [v for v in str(value).split("+") if v]
        elif isinstance(value, str) and "+" in value:
            config[key] = value.split("+")
        elif default is None and value in ("", NONE_INT):
            config[key] = None
        else:
            config[key] = value
    return config


_DEFAULTS: dict[tuple[str, bool], dict[str, Any]] = {}


def _defaults(game_id: str, solo: bool = False) -> dict[str, Any]:
    """The game's default configuration (of its one-seat mode for ``solo``)."""
    key = (game_id, solo)
    if key not in _DEFAULTS:
        _DEFAULTS[key] = make(game_id, players=1).config if solo else make(game_id).config
    return _DEFAULTS[key]


def _kinds(game_id: str, solo: bool = False) -> dict[str, type]:
    """The OpenSpiel type of each option: that of its default; for a default of None, int when
    the factory's annotation of the option is an int (``int | None``), else str."""
    options = inspect.signature(game_spec(game_id).factory).parameters
    kinds: dict[str, type] = {}
    for key, default in _defaults(game_id, solo).items():
        if isinstance(default, bool | int):
            kinds[key] = type(default)
        elif default is None and key in options:
            hint = str(options[key].annotation)
            kinds[key] = int if _INT_HINT.fullmatch(hint) else str
        else:
            kinds[key] = str
    return kinds


_INT_HINT = re.compile(r"int \| None|None \| int|Optional\[int\]")


def _specification(game_id: str, solo: bool = False) -> dict[str, int | bool | str]:
    """The parameter specification: every option with its default."""
    return parameters(game_id, _defaults(game_id, solo), solo)


class _Context:
    """One configuration: the engine game, its encoding and OpenSpiel's ``GameInfo``; shared by
    every state of it (copies and pickles keep the same object)."""

    __slots__ = ("key", "game", "encoding", "info", "seats", "to_action", "buffer", "last")

    def __init__(self, game_id: str, config: dict[str, Any]) -> None:
        self.key = (game_id, json.dumps(config, sort_keys=True))
        self.game: Game = make(game_id, **config)
        self.encoding = encoding = encoding_for(self.game)
        self.seats = range(self.game.num_players)
        self.to_action = decoder(encoding)  # for ids already found legal
        size = int(np.prod(encoding.observation_shape))
        self.buffer = np.zeros(size, np.float32)  # where observation_tensor writes the next one
        # per seat, the last tensor handed out by observation_tensor, as an array and a list
        self.last = [(self.buffer.copy(), self.buffer.tolist()) for _ in self.seats]
        if encoding.max_game_length is None:
            raise ConfigError(
                f"{game_id} {config}: OpenSpiel needs a bound on the game's length and this "
                "configuration has none (is a turn cap switched off?)"
            )
        low, high = encoding.returns_bounds
        # OpenSpiel wants a utility sum exactly when the game type says constant sum
        general = _utility(game_spec(game_id), self.game.num_players == 1) == _GENERAL
        total = None if general or encoding.returns_sum is None else float(encoding.returns_sum)
        self.info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_distinct_actions,
            max_chance_outcomes=SEED_BASE,
            num_players=self.game.num_players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=total,
            max_game_length=encoding.max_game_length,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_context, (self.key[0], json.loads(self.key[1])))


_CONTEXTS: dict[tuple[str, str], _Context] = {}


def _context(game_id: str, config: dict[str, Any]) -> _Context:
    key = (game_id, json.dumps(config, sort_keys=True))
    if key not in _CONTEXTS:
        _CONTEXTS[key] = _Context(game_id, config)
    return _CONTEXTS[key]


RECALL_WINDOW = 32
"""Decisions of the information state tensor's ``recent`` block: the last ones the seat recalls
(the ``digest`` block covers the whole history)."""
DIGEST_BITS = 64
"""Bits of the SHA-256 of the information state string in the ``digest`` block."""
ENTRY_BITS = 16
"""Bits of the SHA-256 of one decision's entry of the information state in a ``recent`` slot."""


def information_state_layout(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    """The blocks of the information state tensor of ``game``'s configuration, in order, with
    their shapes (docs/research.md, "The information state tensor"): ``observation`` (the
    observation tensor's size), ``digest`` (``DIGEST_BITS``), ``decisions`` (1) and ``recent``
    (``RECALL_WINDOW`` slots of ``1 + n + B + ENTRY_BITS`` for ``n`` seats and ``B`` bits of an
    action id). Raises ``KeyError`` for a game without an encoding."""
    encoding = encoding_for(game)
    n = game.num_players
    bits = max(1, (encoding.num_distinct_actions - 1).bit_length())
    return [
        ("observation", (int(np.prod(encoding.observation_shape)),)),
        ("digest", (DIGEST_BITS,)),
        ("decisions", (1,)),
        ("recent", (RECALL_WINDOW, 1 + n + bits + ENTRY_BITS)),
    ]


_LAYOUTS: dict[tuple[str, str], list[tuple[str, tuple[int, ...]]]] = {}


def _bits(data: bytes, width: int) -> np.ndarray:
    """The first ``width`` bits of ``data``, most significant first, as 0.0/1.0."""
    return np.unpackbits(np.frombuffer(data, np.uint8))[:width].astype(np.float32)


def write_information_state(
    ctx: _Context, play: _Play, decisions: list[int], player: int, out: np.ndarray
) -> None:
    """Write ``player``'s information state tensor of ``play`` into ``out`` (flat, its size
    from ``information_state_layout``; all 0 before the deal). ``decisions`` are the state's
    decision ids (its history after the seed digits); only ``player``'s own are read, aligned
    from the end with the decisions its information state recalls (a resampled state's other
    seats recall from the sample on). Everything else comes from ``player``'s information state
    (``InformationState.entries``) and its observation, so the tensor holds nothing the seat may
    not know (tests/rl/test_openspiel.py checks it against ``resample_from_infostate``)."""
    out.fill(0.0)
    state, info = play.state, play.info
    if state is None or info is None:
        return
    layout = _LAYOUTS.get(ctx.key)
    if layout is None:
        layout = _LAYOUTS[ctx.key] = information_state_layout(ctx.game)
    size = layout[0][1][0]
    ctx.encoding.encode_state(state, player, out[:size])
    entries = info.entries(player)
    text = "[" + ",".join(entries) + "]"  # InformationState.of(player)
    at = size
    out[at : at + DIGEST_BITS] = _bits(hashlib.sha256(text.encode()).digest(), DIGEST_BITS)
    at += DIGEST_BITS
    recalled = entries[1:]  # after the start
    limit = ctx.encoding.max_game_length or 1
    out[at] = min(1.0, len(recalled) / limit)
    at += 1
    window, width = layout[3][1]
    n = len(ctx.seats)
    bits = width - 1 - n - ENTRY_BITS
    own = decisions[len(decisions) - len(recalled) :]
    for k in range(min(window, len(recalled))):  # newest first
        i = len(recalled) - 1 - k
        entry = recalled[i]
        slot = out[at + k * width : at + (k + 1) * width]
        by = json.loads(entry)["by"]
        slot[0] = 1.0
        slot[1 + (by - player) % n] = 1.0
        if by == player:
            slot[1 + n : 1 + n + bits] = _bits(own[i].to_bytes(4, "big"), 32)[32 - bits :]
        slot[1 + n + bits :] = _bits(hashlib.sha256(entry.encode()).digest(), ENTRY_BITS)


class _Play:
    """The data of one OpenSpiel state: the seed digits drawn so far, then the engine state and
    its information-state tracker (``state`` and ``info``: None before the deal, set together at
    it). ``copy.deepcopy`` (what OpenSpiel's ``clone`` does to a Python
    state's attributes) copies the engine state with ``State.clone`` and shares the game."""

    __slots__ = ("ctx", "seed", "digits", "state", "info", "legal", "record_only")

    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.seed = 0
        self.digits = 0
        self.state: State | None = None
        self.info: InformationState | None = None
        self.legal: list[int] | None = None
        self.record_only = False  # True while a resample writes its history (no engine work)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = _Play.__new__(_Play)
        new.ctx = self.ctx
        new.seed = self.seed
        new.digits = self.digits
        state, info = self.state, self.info
        new.state = None if state is None else state.clone()
        new.info = None if info is None else info.clone()
        new.legal = self.legal  # never changed in place
        new.record_only = False
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        data = None if self.state is None else self.state.to_dict()
        return (_restore, (self.ctx, self.seed, self.digits, data, self.info))


def _restore(
    ctx: _Context, seed: int, digits: int, data: Any, info: InformationState | None
) -> _Play:
    play = _Play(ctx)
    play.seed, play.digits, play.info = seed, digits, info
    play.state = None if data is None else ctx.game.state_from_dict(data)
    return play


class FeathersState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs: State is Any
    """An OpenSpiel state of one of our games (see the module docstring)."""

    def __init__(self, game: FeathersGame) -> None:
        super().__init__(game)
        self._play = _Play(game.ctx)

    def current_player(self) -> int:
        state = self._play.state
        if state is None:
            return _CHANCE
        player = state.current_player
        return player if player >= 0 else _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        if play.legal is None:
            state = play.state
            assert state is not None, "OpenSpiel asks chance nodes for chance_outcomes instead"
            play.legal = play.ctx.encoding.legal_action_ids(state)
        return play.legal

    # Called from Python, these answer without the round trips through C++ that pyspiel's own
    # methods make (each of which calls back into current_player); C++ callers get the same
    # answers through _legal_actions and current_player.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids, ascending: the seed digits at a chance node, the ids of the
        engine's legal actions for the player to move, [] for anyone else or once over."""
        play = self._play
        state = play.state
        if state is None:
            return list(_DIGITS)
        if player is not None and player != state.current_player:
            return []
        legal = play.legal
        if legal is None:  # [] once the game is over
            legal = play.legal = play.ctx.encoding.legal_action_ids(state)
        return legal[:]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor of ``player`` (the player to move if None), flat: what the
        observer writes (``encode_state``), made here without the round trip through C++ and
        its float-by-float copy. Raises ``ValueError`` for a player who is not a seat."""
        play = self._play
        state = play.state
        ctx = play.ctx
        if player is None:
            player = _CHANCE if state is None else state.current_player
            if player < 0:  # over (the engine's own number for it): say it as OpenSpiel does
                player = self.current_player()
        if player not in ctx.seats:
            raise ValueError(f"player must be a seat 0-{len(ctx.seats) - 1}, got {player}")
        buffer = ctx.buffer
        buffer.fill(0.0)
        if state is not None:
            ctx.encoding.encode_state(state, player, writable(buffer))
        # The list of the seat's last tensor, updated where this one differs and copied: a
        # copy shares the float objects, where ``tolist()`` would make one per entry. The new
        # tensor's array becomes the seat's last one and the old one the next buffer.
        seat_last = ctx.last
        last, values = seat_last[player]
        changed = (buffer != last).nonzero()[0]
        if len(changed):
            for i, value in zip(changed.tolist(), buffer[changed].tolist(), strict=True):
                values[i] = value
            seat_last[player] = (buffer, values)
            ctx.buffer = last
        return values[:]

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information state tensor (perfect recall) of ``player`` (the player to move if
        None), flat: what the perfect-recall observer writes (``write_information_state``),
        made here without the round trip through C++. Raises ``ValueError`` for a player who
        is not a seat."""
        play = self._play
        if player is None:
            player = self.current_player()
        if player not in play.ctx.seats:
            raise ValueError(f"player must be a seat 0-{len(play.ctx.seats) - 1}, got {player}")
        size = sum(int(np.prod(shape)) for _, shape in information_state_layout(play.ctx.game))
        out = np.zeros(size, np.float32)
        write_information_state(play.ctx, play, self.history()[SEED_DIGITS:], player, out)
        return out.tolist()

    def is_chance_node(self) -> bool:
        return self._play.state is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _OUTCOMES

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play.record_only:  # a resample writing its history: the engine state is set after
            return
        state = play.state
        if state is None:
            if not 0 <= action < SEED_BASE:
                raise ValueError(f"a seed digit is 0-{SEED_BASE - 1}, got {action}")
            play.seed = play.seed * SEED_BASE + action
            play.digits += 1
            if play.digits == SEED_DIGITS:
                play.state = state = play.ctx.game.new_initial_state(play.seed)
                play.info = InformationState(state)
            return
        legal = play.legal
        if legal is None:
            legal = play.legal = play.ctx.encoding.legal_action_ids(state)
        if action not in legal:
            raise IllegalActionError(f"action id {action} is not legal now")
        move = play.ctx.to_action(action, state)
        state.apply_action(move)
        info = play.info
        assert info is not None  # made with the state, at the deal
        info.apply(move)
        play.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        play = self._play
        if player == pyspiel.PlayerId.CHANCE or play.state is None:
            return f"seed digit {action}"
        return str(play.ctx.encoding.id_to_action(action, play.state))

    def is_terminal(self) -> bool:
        state = self._play.state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        play = self._play
        if play.state is None or not play.state.is_terminal():
            return [0.0] * len(play.ctx.seats)
        return [float(r) for r in play.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FeathersState:
        """A state ``player_id`` cannot tell from this one: ``State.determinize`` with a
        ``random.Random`` seeded from ``probability_sampler()`` (a float in [0, 1), e.g.
        ``pyspiel.UniformProbabilitySampler(0., 1.)``). It keeps the seat's information state;
        the other seats' recall starts at the sample. Before the deal, a copy of this state.

        The sample's ``history()`` is its own, not the true deal's: seed digits drawn from the
        same generator (the sample was dealt by no seed the seat can tell from the true one),
        then the decisions' ids, which are the true ones. So neither the history nor a
        serialization of the sample names the true seed."""
        play = self._play
        if play.state is None:
            copy: FeathersState = self.clone()
            return copy
        play.state.check_player(player_id)
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = play.state.determinize(player_id, rng)
        recall = play.info
        assert recall is not None  # made with the state, at the deal
        info = recall.resampled(player_id, sample)
        decisions = self.history()[SEED_DIGITS:]
        new: FeathersState = self.get_game().new_initial_state()
        fresh = _Play(play.ctx)
        fresh.record_only = True
        new._play = fresh
        seed = 0
        for _ in range(SEED_DIGITS):
            digit = rng.randrange(SEED_BASE)
            new.apply_action(digit)
            seed = seed * SEED_BASE + digit
        for action in decisions:
            new.apply_action(action)
        fresh.record_only = False
        fresh.seed, fresh.digits = seed, SEED_DIGITS
        fresh.state, fresh.info = sample, info
        return new

    def __str__(self) -> str:
        play = self._play
        if play.state is None:
            return f"seed digits drawn: {play.digits} of {SEED_DIGITS}"
        return json.dumps(play.state.to_dict(), sort_keys=True, separators=_COMPACT)


class _Observer:
    """A ``make_py_observer`` observer: ``tensor``/``dict`` and ``set_from``/``string_from``
    for one observation type (see the module docstring)."""

    def __init__(self, ctx: _Context, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info:
            raise ValueError("public_info=False is not supported: views mix public and private")
        if kind.private_info == pyspiel.PrivateInfoType.NONE:
            raise ValueError("private_info=NONE is not supported: the games have no public view")
        self._ctx = ctx
        self._all = kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        self._recall = kind.perfect_recall
        shape = tuple(ctx.encoding.observation_shape)
        size = int(np.prod(shape))
        if self._recall:
            layout = information_state_layout(ctx.game)
            size = sum(int(np.prod(block)) for _, block in layout)
            seats = len(ctx.seats) if self._all else 1
            self.tensor = np.zeros(seats * size, np.float32)
            self._views = [self.tensor[p * size : (p + 1) * size] for p in range(seats)]
            self.dict: dict[str, np.ndarray] = {}
            start = 0
            for name, block in layout:
                end = start + int(np.prod(block))
                parts = self.tensor.reshape((seats, size))[:, start:end]
                self.dict[name] = (
                    parts.reshape((seats, *block)) if self._all else parts[0].reshape(block)
                )
                start = end
        elif self._all:
            seats = len(ctx.seats)
            self.tensor = np.zeros(seats * size, np.float32)
            self._views = [self.tensor[p * size : (p + 1) * size] for p in ctx.seats]
            self.dict = {"observation": self.tensor.reshape((seats, *shape))}
        else:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: FeathersState, player: int) -> None:
        """Write the tensor of ``player``'s view of ``state`` (every seat's, in seat order,
        for ``ALL_PLAYERS``); a perfect-recall observer writes the information state tensor
        (``write_information_state``)."""
        if self._recall:
            decisions = state.history()[SEED_DIGITS:]
            seats = self._ctx.seats if self._all else (player,)
            for p, view in zip(seats, self._views, strict=True):
                write_information_state(self._ctx, state._play, decisions, p, view)
            return
        self.tensor.fill(0.0)
        engine = state._play.state
        if engine is None:
            return
        encode = self._ctx.encoding.encode_state
        if self._all:
            for p, view in zip(self._ctx.seats, self._views, strict=True):
                encode(engine, p, writable(view))
        else:
            encode(engine, player, writable(self.tensor))

    def string_from(self, state: FeathersState, player: int) -> str:
        play = state._play
        if play.state is None:
            return ""
        seats = self._ctx.seats if self._all else (player,)
        if self._recall:
            info = play.info
            assert info is not None  # made with the state, at the deal
            return " | ".join(info.of(p) for p in seats)
        return " | ".join(json.dumps(play.state.observation(p), separators=_COMPACT) for p in seats)


class FeathersGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs: Game is Any
    """An OpenSpiel game of one registered game; a subclass per registration sets ``game_id``
    and ``solo`` (the one-seat mode of a game that also has more seats)."""

    game_id: ClassVar[str]
    solo: ClassVar[bool] = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id, solo = self.game_id, self.solo
        config = configuration(game_id, params, solo)
        players = config.get("players")
        if solo and players != 1:
            raise ConfigError(
                f"{solo_name(game_id)} is the one-seat mode (players=1); for {players} seats "
                f"load {short_name(game_id)}"
            )
        if not solo and players == 1 and game_spec(game_id).players != (1,):
            raise ConfigError(
                f"{short_name(game_id)} has 2 or more seats; the one-seat mode is "
                f"{solo_name(game_id)}"
            )
        self.ctx = _context(game_id, config)
        kind = SOLO_GAME_TYPES[game_id] if solo else GAME_TYPES[game_id]
        super().__init__(kind, self.ctx.info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as ``pyspiel.load_game`` of the name and parameters (standard ``pickle``)."""
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> FeathersState:
        return FeathersState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.ctx, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_DIGITS


_GENERAL = pyspiel.GameType.Utility.GENERAL_SUM


def _utility(spec: GameSpec, solo: bool) -> Any:
    """The game's declared ``utility`` (``GameSpec``) as OpenSpiel's; GENERAL_SUM for a solo
    mode (its return is a score or a win, no constant sum)."""
    utility = pyspiel.GameType.Utility
    if solo or spec.utility == "general-sum":
        return utility.GENERAL_SUM
    return utility.ZERO_SUM if spec.utility == "zero-sum" else utility.CONSTANT_SUM


def game_type(spec: GameSpec, solo: bool = False) -> pyspiel.GameType:
    """The ``GameType`` of a registered game: of its seat counts of 2 or more, or for ``solo``
    of its one-seat mode (see the module docstring). A solo-only game has one, its solo one."""
    kinds = pyspiel.GameType
    only_solo = spec.players == (1,)
    seats = [1] if solo or only_solo else [n for n in spec.players if n > 1]
    return pyspiel.GameType(
        short_name=solo_name(spec.id) if solo and not only_solo else short_name(spec.id),
        long_name=f"Python fourfeathers {spec.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION
        if spec.hidden_information
        else kinds.Information.PERFECT_INFORMATION,
        utility=_utility(spec, solo or only_solo),
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_specification(spec.id, solo),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


GAME_TYPES: dict[str, pyspiel.GameType] = {}
"""Game id -> the ``GameType`` of its ``short_name`` registration."""
SOLO_GAME_TYPES: dict[str, pyspiel.GameType] = {}
"""Game id -> the ``GameType`` of its ``solo_name`` registration (games that have one)."""
GAMES: dict[str, str] = {}
"""OpenSpiel short name -> game id, for every registration (solo ones included)."""


def _register(spec: GameSpec) -> None:
    title = "".join(word.title() for word in spec.id.split("-"))
    GAME_TYPES[spec.id] = game_type(spec)
    modes = [(False, GAME_TYPES[spec.id], short_name(spec.id), f"{title}Game")]
    if 1 in spec.players and spec.players != (1,):
        SOLO_GAME_TYPES[spec.id] = game_type(spec, solo=True)
        modes.append((True, SOLO_GAME_TYPES[spec.id], solo_name(spec.id), f"{title}SoloGame"))
    for solo, kind, name, class_name in modes:
        attributes = {"game_id": spec.id, "solo": solo, "__module__": __name__}
        cls = type(class_name, (FeathersGame,), attributes)
        globals()[class_name] = cls  # found by name, so that states and games pickle
        pyspiel.register_game(kind, cls)  # a class: a lambda crashes at exit
        GAMES[name] = spec.id


for _spec in list_games():
    if _spec.part("encoding") is not None and _spec.id not in GAME_TYPES:
        _register(_spec)


def load(game_id: str, **config: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of ``game_id`` with the configuration ``config``
    (e.g. ``load(spec.id, players=3)``): its solo registration for ``players=1`` of a game that
    also has more seats (``name_for``). Raises ``ConfigError`` for an unknown game or option."""
    game_spec(game_id)
    name = name_for(game_id, config)
    solo = name != short_name(game_id)
    return pyspiel.load_game(name, parameters(game_id, config, solo))
