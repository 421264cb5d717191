"""The position value the ``greedy`` agent and ISMCTS use: the game's own, or the score lead.

A game gives its heuristic in its registration (``GameSpec.heuristic``, a
``core.registry.Heuristic``: ``evaluate(state, player) -> float``, the value of a full,
determinized ``state`` for ``player``, higher is better, on the game's own score scale). A game
without one is valued by ``default_evaluate``.

ISMCTS turns a heuristic value into a reward on a scale the game states as a module-level
``SEARCH_SCALE`` in its heuristic's module (``search_scale``): how many of the heuristic's units
make a clear difference (a lead of one scale is a win chance of 73% with two players). The same
module may state the search's other game-dependent defaults (``search_setting``):
``SEARCH_PRIOR``, ``SEARCH_PRIOR_AFTER``, ``SEARCH_PRIOR_DEPTH``, ``SEARCH_RELATIVE``,
``SEARCH_HORIZON`` and ``SEARCH_TURN_C``, the ``ismcts`` parameters of those names, and
``evaluate_all(state)``, every seat's value at once (``values_for``), and ``SOLO_LEVELS``,
the difficulty names its solo mode plays with other specs than the common ones
(``solo_levels_for``).

A game whose results can be decided before it is over states ``result_settled(state, player)
-> bool`` in the same module (``settled_for``): True once no decision can change ``player``'s
result (the whole game decided, or the seat out of reach of a win), read from what every seat
sees; ISMCTS then plays greedy's move for that seat instead of searching.

A game whose agents can go round in circles gives the greedy agent a repetition rule in the same
module (``repetition_for``): ``position_key(state, player)``, a hashable key of what ``player``
sees of the position (equal keys: the same position for that seat), and ``REPEAT_PENALTY``, the
heuristic units a position the seat has already decided in is valued below a new one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Mapping
from functools import cache
from types import MappingProxyType, ModuleType

from ..core.game import State
from ..core.registry import Heuristic, game_spec


def default_evaluate(state: State, player: int) -> float:
    """Score lead: the player's score minus the best other seat's (the score alone in solo)."""
    scores = state.scores()
    mine = scores[player]
    others = [s for p, s in enumerate(scores) if p != player]
    return float(mine - max(others)) if others else float(mine)


@cache
def heuristic_for(game_id: str) -> Heuristic:
    """The heuristic of ``game_id`` (``default_evaluate`` if its registration has none).

    Raises ``ConfigError`` for an unknown game.
    """
    evaluate: Heuristic | None = game_spec(game_id).part("heuristic")
    return evaluate or default_evaluate


Values = Callable[[State], list[float]]
"""``values(state)``: ``evaluate(state, p)`` for every seat ``p``, seat order."""


@cache
def values_for(game_id: str) -> Values:
    """Every seat's heuristic value at once: the ``evaluate_all(state)`` of the module that
    holds ``game_id``'s heuristic (a game whose values share work across seats, such as a lead
    over the best other seat, states one), else ``evaluate`` called once per seat. Equal to
    ``[evaluate(state, p) for p in seats]`` (tested for every game). Raises ``ConfigError`` for
    an unknown game."""
    every: Values | None = getattr(_heuristic_module(game_id), "evaluate_all", None)
    if every is not None:
        return every
    evaluate = heuristic_for(game_id)

    def each(state: State) -> list[float]:
        return [evaluate(state, p) for p in range(state.game.num_players)]

    return each


DEFAULT_SCALE = 20.0
"""``search_scale`` of a game whose heuristic module states none: a lead of 20 points is a
two-player win chance of 73% (the logistic of a 10-point lead ISMCTS used before)."""


SEARCH_DEFAULTS: dict[str, float] = {
    "scale": DEFAULT_SCALE,
    "prior": 2,
    "prior_after": 4,
    "prior_depth": 0,
    "relative": 0,
    "horizon": 0,
    "turn_c": 0,
}
"""The ``ismcts`` defaults a game's heuristic module may replace with ``SEARCH_<NAME>``."""


@cache
def search_setting(game_id: str, name: str) -> float:
    """``SEARCH_<NAME>`` of the module that holds ``game_id``'s heuristic, else
    ``SEARCH_DEFAULTS[name]`` (``name`` one of its keys). Raises ``KeyError`` for another name
    and ``ConfigError`` for an unknown game."""
    default = SEARCH_DEFAULTS[name]
    return float(getattr(_heuristic_module(game_id), f"SEARCH_{name.upper()}", default))


def search_scale(game_id: str) -> float:
    """The ``SEARCH_SCALE`` of the module that holds ``game_id``'s heuristic (a positive float,
    in the heuristic's units), else ``DEFAULT_SCALE``. Raises ``ConfigError`` for an unknown
    game."""
    return search_setting(game_id, "scale")


@cache
def solo_levels_for(game_id: str) -> Mapping[str, str]:
    """``{level: spec}``, the ``SOLO_LEVELS`` of the module that holds ``game_id``'s heuristic:
    the difficulty names that play the game's solo mode with another spec than their common
    one (``agents.ALIASES``), resolved by ``agents.base.resolve_spec`` (empty: none). Raises
    ``ConfigError`` for an unknown game."""
    return MappingProxyType(dict(getattr(_heuristic_module(game_id), "SOLO_LEVELS", {})))


@cache
def actions_interned(game_id: str) -> bool:
    """True if the module that holds ``game_id``'s heuristic states ``ACTIONS_INTERNED = True``:
    every action its states hand out (``legal_actions``) is the one object of its value, so
    two actions are equal exactly when they are the same object, and a search may key them by
    ``id`` (``agents.ismcts``). Raises ``ConfigError`` for an unknown game."""
    return bool(getattr(_heuristic_module(game_id), "ACTIONS_INTERNED", False))


Settled = Callable[[State, int], bool]
"""``result_settled(state, player)``: True once no decision can change ``player``'s result in
``state``."""


@cache
def settled_for(game_id: str) -> Settled | None:
    """The ``result_settled`` function of the module that holds ``game_id``'s heuristic, or None
    if it states none. Raises ``ConfigError`` for an unknown game."""
    found: Settled | None = getattr(_heuristic_module(game_id), "result_settled", None)
    return found


PositionKey = Callable[[State, int], Hashable]
"""``position_key(state, player)``: what ``player`` sees of ``state``, as a hashable key."""


@cache
def repetition_for(game_id: str) -> tuple[PositionKey, float] | None:
    """``(position_key, REPEAT_PENALTY)`` from the module that holds ``game_id``'s heuristic
    (the penalty a positive float, in the heuristic's units), or None if it states no
    ``position_key``. Raises ``ConfigError`` for an unknown game, and ``AttributeError`` for a
    module with ``position_key`` but no ``REPEAT_PENALTY``."""
    module = _heuristic_module(game_id)
    key: PositionKey | None = getattr(module, "position_key", None)
    if module is None or key is None:
        return None
    return key, float(module.REPEAT_PENALTY)


def _heuristic_module(game_id: str) -> ModuleType | None:
    return sys.modules.get(heuristic_for(game_id).__module__)
