"""The registry: the only way the CLI, agents and arena reach a game.

>>> import fourfeathers
>>> game = fourfeathers.make("featherlight", players=3)
>>> state = game.new_initial_state(seed=7)

Games register themselves when ``fourfeathers.games`` is imported; the registry imports it
lazily on first use, so the core itself never names a game.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError
from .game import Game


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows about one game.

    Attributes:
        id: registry name in kebab case (``"featherlight"``).
        title: the game's printed name.
        factory: builds a ``Game`` from keyword options (``players=3`` ...).
        players: the seat counts the game supports.
        summary: one line for ``feathers --help`` and listings.
        configurations: the configurations every test suite and benchmark runs (keyword dicts).
    """

    id: str
    title: str
    factory: Callable[..., Game]
    players: tuple[int, ...]
    summary: str
    configurations: tuple[dict[str, Any], ...] = field(default_factory=tuple)


_GAMES: dict[str, GameSpec] = {}
_LOADED = False


def register(spec: GameSpec) -> None:
    """Add a game. Raises ``ValueError`` if the id is taken by another game."""
    old = _GAMES.get(spec.id)
    if old is not None and old.factory is not spec.factory:
        raise ValueError(f"game id {spec.id!r} is already registered")
    _GAMES[spec.id] = spec


def _load() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        importlib.import_module("fourfeathers.games")


def list_games() -> list[GameSpec]:
    """Every registered game, sorted by id."""
    _load()
    return [_GAMES[k] for k in sorted(_GAMES)]


def game_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``. Raises ``ConfigError`` listing the known ids if unknown."""
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise ConfigError(f"unknown game {game_id!r}; known games: {known}") from None


def make(game_id: str, **config: Any) -> Game:
    """Build the game ``game_id`` with its options, e.g. ``make("featherlight", players=3)``.

    Raises ``ConfigError`` for an unknown game or an option the game does not accept.
    """
    spec = game_spec(game_id)
    accepted = inspect.signature(spec.factory).parameters
    unknown = [key for key in config if key not in accepted]
    if unknown:
        raise ConfigError(
            f"{game_id} has no option {unknown[0]!r}; its options: {', '.join(accepted)}"
        )
    return spec.factory(**config)
