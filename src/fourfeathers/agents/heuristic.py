"""The position value the ``greedy`` agent and ISMCTS use: the game's own, or the score lead.

A game gives its word to the agents in its registration (``GameSpec.heuristic``): a
``core.search.SearchProfile`` with its position value ``evaluate(state, player) -> float`` (the
value of a full, determinized ``state`` for ``player``, higher is better, on the game's own
score scale) and the search's game-dependent settings, or a bare ``evaluate``. A game without
one is valued by ``default_evaluate`` with every setting at its default. The functions here read
the profile of a game id (``profile_for``), once per process:

- ``heuristic_for`` and ``values_for``: the value of one seat, of every seat;
- ``search_setting`` and ``search_scale``: the ``ismcts`` defaults (``SEARCH_DEFAULTS`` names
  them); ISMCTS turns a value into a reward on the game's ``scale``: how many of the
  heuristic's units make a clear difference (a lead of one scale is a win chance of 73% with
  two players);
- ``solo_levels_for``, ``levels_for``: the difficulty names its solo mode, its game of a
  number of players, plays with other specs;
- ``actions_interned``: whether equal actions are one object;
- ``settled_for``: ``result_settled(state, player) -> bool``, True once no decision can change
  ``player``'s result (the whole game decided, or the seat out of reach of a win); ISMCTS then
  plays greedy's move for that seat instead of searching;
- ``repetition_for``: the greedy agent's repetition rule, for a game whose agents can go round
  in circles: ``position_key(state, player)``, a hashable key of what ``player`` sees, and the
  penalty in heuristic units of a position the seat has already decided in.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from ..core.game import State
from ..core.registry import game_spec
from ..core.search import (
    Heuristic,
    PositionKey,
    SearchProfile,
    Settled,
    Values,
)


def default_evaluate(state: State, player: int) -> float:
    """Score lead: the player's score minus the best other seat's (the score alone in solo)."""
    scores = state.scores()
    mine = scores[player]
    others = [s for p, s in enumerate(scores) if p != player]
    return float(mine - max(others)) if others else float(mine)


@cache
def profile_for(game_id: str) -> SearchProfile[Any]:
    """The ``SearchProfile`` of ``game_id`` (``default_evaluate`` and every default if its
    registration has none). Raises ``ConfigError`` for an unknown game and ``TypeError`` for a
    heuristic part of another kind (``GameSpec.search_profile``)."""
    profile = game_spec(game_id).search_profile()
    return profile or SearchProfile(evaluate=default_evaluate)


def heuristic_for(game_id: str) -> Heuristic:
    """The position value of ``game_id`` (``default_evaluate`` if its registration has none).

    Raises ``ConfigError`` for an unknown game.
    """
    return profile_for(game_id).evaluate


@cache
def values_for(game_id: str) -> Values:
    """Every seat's heuristic value at once: the profile's ``evaluate_all`` (a game whose
    values share work across seats, such as a lead over the best other seat, states one), else
    ``evaluate`` called once per seat. Equal to ``[evaluate(state, p) for p in seats]`` (tested
    for every game). Raises ``ConfigError`` for an unknown game."""
    profile = profile_for(game_id)
    if profile.evaluate_all is not None:
        return profile.evaluate_all
    evaluate = profile.evaluate

    def each(state: State) -> list[float]:
        return [evaluate(state, p) for p in range(state.game.num_players)]

    return each


SEARCH_DEFAULTS: Mapping[str, float] = MappingProxyType(
    {
        name: float(getattr(SearchProfile(evaluate=default_evaluate), name))
        for name in (
            "scale",
            "prior",
            "prior_after",
            "prior_depth",
            "relative",
            "horizon",
            "turn_c",
        )
    }
)
"""The ``ismcts`` defaults a game's ``SearchProfile`` may replace (its fields of these names)."""


def search_setting(game_id: str, name: str) -> float:
    """The profile's ``name`` setting of ``game_id`` as a float (``name`` a key of
    ``SEARCH_DEFAULTS``). Raises ``KeyError`` for another name and ``ConfigError`` for an
    unknown game."""
    if name not in SEARCH_DEFAULTS:
        raise KeyError(name)
    return float(getattr(profile_for(game_id), name))


def search_scale(game_id: str) -> float:
    """The ``scale`` of ``game_id``'s profile (a positive float, in the heuristic's units),
    ``core.search.DEFAULT_SCALE`` if it states none. Raises ``ConfigError`` for an unknown game."""
    return profile_for(game_id).scale


@cache
def solo_levels_for(game_id: str) -> Mapping[str, str]:
    """``{level: spec}``, the profile's ``solo_levels``: the difficulty names that play the
    game's solo mode with another spec than their common one (``agents.ALIASES``), resolved by
    ``agents.base.resolve_spec`` (empty: none). Raises ``ConfigError`` for an unknown game."""
    return MappingProxyType(dict(profile_for(game_id).solo_levels))


@cache
def levels_for(game_id: str, players: int) -> Mapping[str, str]:
    """``{level: spec}``, the profile's ``levels`` for ``players`` (2+): the difficulty names
    that play the game with that many players with another spec than their common one
    (``agents.ALIASES``), resolved by ``agents.base.resolve_spec`` (empty: none). Raises
    ``ConfigError`` for an unknown game."""
    return MappingProxyType(dict(profile_for(game_id).levels.get(players, {})))


def actions_interned(game_id: str) -> bool:
    """True if ``game_id``'s profile says ``actions_interned``: every action its states hand
    out (``legal_actions``) is the one object of its value, so two actions are equal exactly
    when they are the same object, and a search may key them by ``id`` (``agents.ismcts``).
    Raises ``ConfigError`` for an unknown game."""
    return profile_for(game_id).actions_interned


def settled_for(game_id: str) -> Settled | None:
    """The ``result_settled`` function of ``game_id``'s profile, or None if it states none.
    Raises ``ConfigError`` for an unknown game."""
    return profile_for(game_id).result_settled


def repetition_for(game_id: str) -> tuple[PositionKey, float] | None:
    """``(position_key, repeat_penalty)`` of ``game_id``'s profile (the penalty a positive
    float, in the heuristic's units), or None if it states no repetition rule. Raises
    ``ConfigError`` for an unknown game."""
    profile = profile_for(game_id)
    if profile.position_key is None or profile.repeat_penalty is None:
        return None
    return profile.position_key, profile.repeat_penalty
