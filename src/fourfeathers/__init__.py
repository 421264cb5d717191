"""fourfeathers: four feather games with their complete rules, AI opponents and simulation.

>>> import fourfeathers
>>> [spec.id for spec in fourfeathers.list_games()]
['featherlight']
>>> game = fourfeathers.make("featherlight", players=3)
"""

from .core import (
    ConfigError,
    ContentError,
    GameRecord,
    IllegalActionError,
    Match,
    list_games,
    make,
)

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "ContentError",
    "GameRecord",
    "IllegalActionError",
    "Match",
    "__version__",
    "list_games",
    "make",
]
