"""Information states with perfect recall: everything one seat saw happen, from a start.

``State.observation(player)`` is the seat's *current view*: what it may know now. Two different
histories can give the same view (a card put on one stack and taken back leaves the same table
as one put on another stack and taken back). An *information state* adds perfect recall: the
seat's observation at the start, then for every decision who took it and what the seat saw of it
(its own action by text, anyone else's in public words, ``Game.describe_action`` and
``describe_outcome``) and what changed in its observation. Two histories a seat can tell apart
give it different information states; two it cannot tell apart give equal ones, because the
information state is built only from that seat's observations and public words.

``InformationState`` is a tracker kept beside a state (the engine's states and playouts pay
nothing for it). ``apply`` and ``clone`` take constant time: decisions are recorded lazily, the
first time ``of`` or ``data`` is asked, by replaying them on a private copy of the state. Its
size grows linearly with the game (one entry per decision and seat).

>>> import random, fourfeathers
>>> spec = fourfeathers.list_games()[0]
>>> game = fourfeathers.make(spec.id, **spec.configurations[0])
>>> state = game.new_initial_state(seed=7)
>>> info = InformationState(state)
>>> for _ in range(3):
...     action = random.Random(1).choice(state.legal_actions())
...     state.apply_action(action)
...     info.apply(action)
>>> [sorted(entry) for entry in info.data(0)][:2]
[['start'], ['action', 'by', 'seen']]
>>> info.of(0) == info.clone().of(0)
True
"""

from __future__ import annotations

import json
from typing import Any

from .game import Action, State

_Link = tuple[Any, "_Link | None"]
"""An immutable singly linked list, newest item first: ``(item, rest)``; shared by clones."""


def _dumps(value: Any) -> str:
    """Compact, key-sorted JSON: one log entry."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _items(link: _Link | None) -> list[Any]:
    """The items of a linked list, oldest first."""
    items = []
    while link is not None:
        items.append(link[0])
        link = link[1]
    items.reverse()
    return items


class InformationState:
    """The perfect-recall information state of every seat, from the state it starts at.

    Create it beside a state, and ``apply`` every action applied to that state, in order:
    ``info = InformationState(state)``; ``state.apply_action(a); info.apply(a)``.

    ``of(player)`` is a JSON string of ``data(player)``, a list: first ``{"start": obs}``, the
    seat's observation at the start, then one entry per decision: ``{"by": seat, "action":
    text}`` for the seat's own decision or ``{"by": seat, "words": sentence}`` for another
    seat's (``Game.describe_action``), with ``"outcome"`` (``describe_outcome``, if not None),
    ``"seen"`` (the observation keys whose values changed, with their new values) and
    ``"unseen"`` (keys that left the observation, if any).

    The tracker replays the actions on its own copy of the starting state: the engine's
    determinism makes that copy follow the real game exactly.
    """

    __slots__ = ("game", "_cursor", "_pending", "_logs", "_last")

    def __init__(self, state: State) -> None:
        self.game = state.game
        self._cursor = state.clone()
        self._pending: _Link | None = None  # actions not yet recorded, newest first
        seats = range(state.game.num_players)
        self._last: list[dict[str, Any]] = [state.observation(p) for p in seats]
        self._logs: list[_Link | None] = [(_dumps({"start": obs}), None) for obs in self._last]

    def apply(self, action: Action) -> None:
        """Record that ``action`` was applied to the tracked state (constant time; the action is
        checked when it is replayed: an illegal one raises ``IllegalActionError`` then)."""
        self._pending = (action, self._pending)

    def clone(self) -> InformationState:
        """An independent copy (constant time: the recorded history is shared, never changed)."""
        new = object.__new__(InformationState)
        new.game = self.game
        new._cursor = self._cursor  # never changed in place: _catch_up clones it first
        new._pending = self._pending
        new._logs = self._logs[:]
        new._last = self._last[:]
        return new

    def of(self, player: int) -> str:
        """``data(player)`` as a compact JSON string (keys sorted): equal strings exactly when
        the seat cannot tell the two histories apart. Raises ``ValueError`` for a seat that
        does not exist."""
        self._cursor.check_player(player)
        self._catch_up()
        return "[" + ",".join(_items(self._logs[player])) + "]"

    def entries(self, player: int) -> list[str]:
        """The entries of ``data(player)`` as compact JSON strings (keys sorted), oldest first:
        the start, then one per decision the seat recalls; ``of`` joins them. Raises
        ``ValueError`` for a seat that does not exist."""
        self._cursor.check_player(player)
        self._catch_up()
        return _items(self._logs[player])

    def data(self, player: int) -> list[dict[str, Any]]:
        """The information state of ``player`` as JSON-ready data (see the class docstring)."""
        result: list[dict[str, Any]] = json.loads(self.of(player))
        return result

    def resampled(self, player: int, sample: State) -> InformationState:
        """A tracker for ``sample``, a determinization of the tracked state for ``player``.

        ``player``'s information state carries on unchanged (the sample looks the same to it);
        the other seats' recall starts at the sample, as their past is not sampled. Raises
        ``ValueError`` for a seat that does not exist.
        """
        self._cursor.check_player(player)
        self._catch_up()
        new = InformationState(sample)
        new._logs[player] = self._logs[player]
        return new

    def _catch_up(self) -> None:
        if self._pending is None:
            return
        actions = _items(self._pending)
        game = self.game
        cursor = self._cursor.clone()
        logs, last = self._logs, self._last
        seats = range(game.num_players)
        for action in actions:
            actor = cursor.current_player
            words = game.describe_action(cursor, action)
            before = cursor.clone()
            cursor.apply_action(action)
            outcome = game.describe_outcome(before, action, cursor)
            for p in seats:
                obs = cursor.observation(p)
                old = last[p]
                entry: dict[str, Any] = {"by": actor}
                if p == actor:
                    entry["action"] = str(action)
                else:
                    entry["words"] = words
                if outcome is not None:
                    entry["outcome"] = outcome
                entry["seen"] = {k: v for k, v in obs.items() if k not in old or old[k] != v}
                unseen = [k for k in old if k not in obs]
                if unseen:
                    entry["unseen"] = unseen
                logs[p] = (_dumps(entry), logs[p])
                last[p] = obs
        self._cursor = cursor
        self._pending = None
