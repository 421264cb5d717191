"""The arena: many games between agents, in parallel, with statistics, ratings and reports.

- ``runner``: ``play_game``, ``GameJob``, ``plan_games``, ``run_jobs`` (processes or Ray; the
  same results for any number of workers), ``run_games``.
- ``results``: the JSONL results file (one line per game), resumable.
- ``stats``: Wilson intervals, win shares, tallies.
- ``tournament``: round-robin plans and openskill ratings.
- ``features``: what each seat ended a game with (cards, animal types...), per game.
- ``report``: Markdown/HTML/PNG balance reports from results files.
"""

from .runner import GameJob, GameResult, plan_games, play_game, run_games, run_jobs
from .stats import wilson

__all__ = [
    "GameJob",
    "GameResult",
    "plan_games",
    "play_game",
    "run_games",
    "run_jobs",
    "wilson",
]
