"""Research encodings: a game's action catalogue, its observation tensor and its bounds.

Learning libraries (PettingZoo, Gymnasium, OpenSpiel) want integer actions, fixed-shape tensors
and a few numbers about a game. A game provides them as the ``encoding`` part of its
registration (``GameSpec.encoding``): a class or factory that takes the ``Game`` and returns an
object with the ``Encoding`` protocol below. ``encoding_for(game)`` builds it (once per game
object); ``legal_action_mask`` turns a state's legal actions into a 0/1 mask.

The core needs no numpy: ``encode_observation`` writes into any zeroed mutable flat sequence of
floats (a list, or a numpy array the adapter owns).

>>> import fourfeathers
>>> spec = next(s for s in fourfeathers.list_games() if s.encoding)
>>> game = fourfeathers.make(spec.id, **spec.configurations[0])
>>> enc = encoding_for(game)
>>> state = game.new_initial_state(seed=3)
>>> ids = enc.legal_action_ids(state)
>>> [enc.id_to_action(i, state) for i in ids] == sorted(state.legal_actions(), key=lambda a:
...     enc.action_to_id(a, state))
True
>>> sum(legal_action_mask(enc, state)) == len(state.legal_actions())
True
>>> out = [0.0] * observation_size(enc)
>>> enc.encode_observation(state.observation(0), out)
>>> enc.observation_low <= min(out) and max(out) <= enc.observation_high
True

Observation and information state: the tensor encodes ``state.observation(player)``, the seat's
current view (``encode_state(state, player, out)`` writes the same tensor, faster where a game
can read it from the state); for perfect recall (everything the seat saw happen) see
``core.infostate``.
"""

from __future__ import annotations

import math
import operator
import struct
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .game import Action, Game, State
from .registry import game_spec


class FloatBuffer(Protocol):
    """Where an encoding writes a tensor: a zeroed flat buffer of floats, read and written by
    index in place (a list, or a numpy array the adapter owns; the core needs no numpy)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


@dataclass(frozen=True)
class Segment:
    """One named run of consecutive ids (actions) or entries (tensor).

    Attributes:
        name: a short name (``"put"``, ``"hand"``).
        start: the first id or index.
        size: how many ids or entries.
        meaning: what one id or entry stands for, in words (how the index is computed).
    """

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """One past the last id or index."""
        return self.start + self.size


class Layout:
    """Consecutive named segments: an action catalogue's id ranges or a tensor's layout.

    Build it by ``add``-ing segments in order; ``len(layout)`` is the total size.

    >>> layout = Layout()
    >>> layout.add("draw", 2, "draw pile 1 or 2")
    0
    >>> layout.add("take", 6, "take the top card of stack 1-6")
    2
    >>> len(layout), layout["take"].stop
    (8, 8)
    """

    __slots__ = ("segments", "_by_name")

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self._by_name: dict[str, Segment] = {}

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a segment of ``size`` (>= 0) and return its start. Raises ``ValueError`` for a
        name used twice or a negative size."""
        if name in self._by_name or size < 0:
            raise ValueError(f"segment {name!r}: names are unique and sizes >= 0 (got {size})")
        segment = Segment(name, len(self), size, meaning)
        self.segments.append(segment)
        self._by_name[name] = segment
        return segment.start

    def __getitem__(self, name: str) -> Segment:
        return self._by_name[name]

    def __len__(self) -> int:
        last = self.segments[-1] if self.segments else None
        return last.stop if last else 0

    def table(self) -> str:
        """The layout as a Markdown table (for documentation): ids, name, meaning."""
        rows = ["| ids | name | meaning |", "|---|---|---|"]
        for s in self.segments:
            ids = f"{s.start}" if s.size == 1 else f"{s.start}-{s.stop - 1}"
            rows.append(f"| {ids} | {s.name} | {s.meaning} |")
        return "\n".join(rows)


class Encoding(Protocol):
    """What a game's ``encoding`` part provides for one configuration.

    Attributes:
        num_distinct_actions: size of the action catalogue: ids are ``0 .. n-1``. Stable for a
            configuration and its content file (a new content version may change it); the
            module docstring of the game's ``encoding.py`` documents how it is built.
        action_layout: the catalogue's id ranges (``Layout``), for documentation.
        observation_shape: the tensor's shape (flat ``(n,)`` in our games).
        observation_layout: the tensor's segments (``Layout``), for documentation.
        observation_low / observation_high: finite bounds of every tensor entry.
        max_game_length: an upper bound on the decisions of one game of this configuration
            (turn caps included), proved in the game's ``encoding.py``; None when no bound
            exists (e.g. a turn cap switched off).
        returns_bounds: ``(min, max)`` of any entry of ``state.returns()``.
        returns_sum: the sum of ``returns()`` over the seats when it is the same in every
            finished game (1.0 for win shares), else None.

    Ids are relative to the state an action is taken in: ``action_to_id(action, state)``,
    ``id_to_action(action_id, state)`` and ``legal_action_ids(state)`` all take that state.
    Most catalogues ignore it (a fixed list of actions); a board that may wander (Isle of
    Feathers) numbers cells relative to public features of the state, never to absolute
    coordinates. The mapping reads only public parts of the state, so every determinization of
    a seat's view maps ids the same way.
    """

    num_distinct_actions: int
    action_layout: Layout
    observation_shape: tuple[int, ...]
    observation_layout: Layout
    observation_low: float
    observation_high: float
    max_game_length: int | None
    returns_bounds: tuple[float, float]
    returns_sum: float | None

    def action_to_id(self, action: Action, state: State) -> int:
        """The id of ``action`` in ``state``. Raises ``ValueError`` naming the action if the
        catalogue has no id for it (legal actions always have one)."""
        ...

    def id_to_action(self, action_id: int, state: State) -> Action:
        """The action of ``action_id`` in ``state`` (legal or not). Raises ``ValueError``
        naming the id if it is outside ``0 .. num_distinct_actions - 1`` or means nothing in
        ``state``. ``action_to_id(id_to_action(i, s), s) == i`` for every id of
        ``legal_action_ids(s)``."""
        ...

    def legal_action_ids(self, state: State) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending (empty when the game is over)."""
        ...

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        """Write the tensor of one seat's observation into ``out``.

        ``obs`` is ``state.observation(player)``, the JSON-ready dict (so the tensor holds
        nothing the seat may not know); ``out`` is a zeroed flat mutable sequence of
        ``observation_size`` floats (list or numpy array). Entries are written in place, flat,
        in C order of ``observation_shape``.
        """
        ...

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """Write the tensor of ``state.observation(player)`` into ``out``: exactly the entries
        ``encode_observation(state.observation(player), out)`` writes (``FlatTensor`` does
        that). A game may fill it faster from the state's fields or keep parts per public
        board version, but every entry is still a function of the seat's observation: equal
        observations give equal tensors (the conformance suite checks the two paths agree).
        Raises ``ValueError`` for a seat that does not exist.
        """
        ...


def float32(x: float) -> float:
    """``x`` rounded to the nearest float32. An increment added with ``+=`` to an entry then
    sums the same in a float32 numpy array (which rounds a Python float to float32 before
    adding) as in a ``memoryview`` or ``array("f")`` of float32 (which add in double and round
    the sum): encodings that accumulate into an entry pass their increments through it."""
    value: float = struct.unpack("f", struct.pack("f", x))[0]
    return value


def observation_size(encoding: Encoding) -> int:
    """The number of tensor entries: the product of ``observation_shape``."""
    return math.prod(encoding.observation_shape)


def legal_action_mask(encoding: Encoding, state: State) -> list[int]:
    """``num_distinct_actions`` ints, 1 at the ids of the legal actions of ``state`` and 0
    elsewhere (all 0 when the game is over)."""
    mask = [0] * encoding.num_distinct_actions
    for i in encoding.legal_action_ids(state):
        mask[i] = 1
    return mask


_ENCODINGS: weakref.WeakKeyDictionary[Game, Encoding] = weakref.WeakKeyDictionary()


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (its registration's ``encoding`` part called with ``game``),
    built once per game object.

    Raises ``ValueError`` naming the game if its registration has no encoding, and
    ``ConfigError`` if the game is not registered.
    """
    try:
        return _ENCODINGS[game]
    except KeyError:
        pass
    factory = game_spec(game.id).part("encoding")
    if factory is None:
        raise ValueError(f"{game.id} has no encoding (its GameSpec has no 'encoding' part)")
    encoding: Encoding = factory(game)
    _ENCODINGS[game] = encoding
    return encoding


def check_id(action_id: Any, size: int) -> int:
    """``action_id`` as an int ``0 .. size - 1`` (numpy integers accepted). Raises
    ``ValueError`` naming the id otherwise (bools are not ids)."""
    if type(action_id) is int:
        value: int = action_id
    elif isinstance(action_id, bool) or not hasattr(type(action_id), "__index__"):
        raise ValueError(f"action id {action_id!r} is not an integer")
    else:
        value = operator.index(action_id)
    if not 0 <= value < size:
        raise ValueError(f"action id {value} is outside 0-{size - 1}")
    return value


def decoder(encoding: Encoding) -> Callable[[int, State], Action]:
    """``id_to_action`` for ids already checked (an int of ``legal_action_ids``): for a fixed
    ``Catalogue`` a tuple look-up, else the encoding's own ``id_to_action``."""
    if isinstance(encoding, Catalogue):
        return _TupleDecoder(encoding.actions)
    return encoding.id_to_action


class _TupleDecoder:
    """``decoder`` of a fixed catalogue: ``actions[action_id]``, the state unused. A class, not
    a lambda, so that whatever holds it pickles with the standard ``pickle``."""

    __slots__ = ("actions",)

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = actions

    def __call__(self, action_id: int, state: State) -> Action:
        return self.actions[action_id]


class FlatTensor:
    """Base of encodings whose tensor is flat, laid out by a ``Layout``: ``set_tensor`` sets
    ``observation_layout``, ``observation_shape``, ``observation_low`` and ``observation_high``."""

    observation_layout: Layout
    observation_shape: tuple[int, ...]
    observation_low: float
    observation_high: float

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        """Write observation ``obs`` into ``out`` (``Encoding.encode_observation``): each
        game's encoding defines it. Raises ``NotImplementedError`` here."""
        raise NotImplementedError(f"{type(self).__name__} has no encode_observation")

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """``encode_observation(state.observation(player), out)``; a game may override it with
        a faster path that writes the same entries (``Encoding.encode_state``)."""
        self.encode_observation(state.observation(player), out)

    def set_tensor(self, layout: Layout, low: float = 0.0, high: float = 1.0) -> None:
        """Use ``layout`` as the flat tensor's layout, every entry within ``[low, high]``."""
        self.observation_layout = layout
        self.observation_shape = (len(layout),)
        self.observation_low = low
        self.observation_high = high


class Catalogue(FlatTensor):
    """A fixed list of actions whose id is the index: the ``Encoding`` methods for actions.

    Games whose catalogue does not depend on the state subclass it and pass every action of
    the catalogue, in id order, to ``__init__``; the ``state`` argument of the methods is then
    not needed (it may be None). ``action_layout`` must cover exactly those actions.

    Raises ``ValueError`` if an action is listed twice.
    """

    def __init__(self, actions: Sequence[Action], layout: Layout) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        # The engines hand out the catalogue's own action objects, so most look-ups go by
        # identity (no hashing of a dataclass); ``self.actions`` keeps those objects alive, so
        # no other live object can have one of these ``id``s. Equal copies fall back to ``_ids``.
        self._by_identity: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError("an action is listed twice in the catalogue")
        if len(layout) != len(self.actions):
            raise ValueError(f"the action layout covers {len(layout)} ids, not {len(actions)}")
        self.action_layout = layout
        self.num_distinct_actions = len(self.actions)

    def action_to_id(self, action: Action, state: State | None = None) -> int:
        found = self._by_identity.get(id(action))
        if found is not None:
            return found
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} has no id in the action catalogue") from None

    def id_to_action(self, action_id: int, state: State | None = None) -> Action:
        return self.actions[check_id(action_id, len(self.actions))]

    def legal_action_ids(self, state: State) -> list[int]:
        actions = state.legal_actions()
        by_identity = self._by_identity
        try:
            ids = [by_identity[id(a)] for a in actions]
        except KeyError:  # an engine handed out an equal copy of a catalogue action
            ids = list(map(self.action_to_id, actions))
        ids.sort()
        return ids
