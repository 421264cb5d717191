"""fourfeathers: four feather games with their complete rules, AI opponents and simulation.

Every registered game plays through the same contract (``core/game.py``):

>>> import random
>>> import fourfeathers
>>> spec = fourfeathers.list_games()[0]
>>> game = fourfeathers.make(spec.id, **spec.configurations[0])
>>> state = game.new_initial_state(seed=7)
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> len(state.scores()) == game.num_players
True
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
