"""The game-agnostic core: the Game/State contract, errors, seeded RNG, registry and records."""

from .errors import ConfigError, ContentError, IllegalActionError
from .game import TERMINAL, Action, Game, GameEnd, Series, State
from .records import GameRecord, Match
from .registry import (
    ENTRY_POINT_GROUP,
    GameSpec,
    SeatFeatures,
    game_spec,
    list_games,
    make,
    register,
)
from .rng import derive_seed, make_rng, random_seed
from .search import Heuristic, SearchProfile

__all__ = [
    "ENTRY_POINT_GROUP",
    "TERMINAL",
    "Action",
    "ConfigError",
    "ContentError",
    "Game",
    "GameEnd",
    "GameRecord",
    "GameSpec",
    "Heuristic",
    "IllegalActionError",
    "Match",
    "SearchProfile",
    "SeatFeatures",
    "Series",
    "State",
    "derive_seed",
    "game_spec",
    "list_games",
    "make",
    "make_rng",
    "random_seed",
    "register",
]
