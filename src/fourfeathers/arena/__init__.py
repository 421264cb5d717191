"""The arena: many games between agents, in parallel, with statistics."""

from .runner import GameResult, play_game, run_games
from .stats import wilson

__all__ = ["GameResult", "play_game", "run_games", "wilson"]
