"""A run of many games: the jobs an ``--out`` file lacks played and appended, every game's
record kept for the summary (``Run``), and the summary of a run (``summarize``).

The command line (``cli/runs.py``) draws the progress and turns the errors into one line; the
rules of a resumable run are here: ``arena/results.py`` keeps the file, ``arena/runner.py``
plays the jobs.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..agents import resolve_spec
from .results import ResultsFile, to_record
from .runner import GameJob, cached_game, run_jobs
from .stats import summarize_records

SUMMARY_KEYS = ("index", "seats", "scores", "winners", "decisions", "turns", "capped", "match")
"""The fields of a record that a run's summary reads (``summarize``, ``tournament.rate``)."""


def slim(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with only the fields of ``SUMMARY_KEYS`` it has."""
    return {k: record[k] for k in SUMMARY_KEYS if k in record}


class Run:
    """The games of ``jobs`` that ``out`` lacks, to play (``todo``), and every job's record
    slimmed to ``SUMMARY_KEYS`` (``records``, by job index: those of ``out`` first).

    ``jobs`` may be a lazy plan (``plan_games``): it is never listed. Opening raises what
    ``ResultsFile.open`` raises (``ResultsMismatch`` or ``ValueError`` for a file of another
    run or a malformed one, ``WriteError``/``OSError`` for one that cannot be read or written).
    """

    def __init__(self, jobs: Sequence[GameJob], out: Path | None) -> None:
        self.jobs = jobs
        self.out = out
        self.records: dict[int, dict[str, Any]] = {}
        self.todo: Sequence[GameJob] = jobs
        self.results: ResultsFile | None = None
        if out is not None:
            self.results = ResultsFile.open(out, jobs)
            self.records = {i: slim(r) for i, r in self.results.records.items()}
            self.todo = self.results.missing

    def play(self, workers: int, backend: str, address: str | None) -> Iterator[GameJob]:
        """Play ``todo`` (``runner.run_jobs``), append each game to ``out`` and keep its
        record; yields each job once its game is kept. Raises what ``run_jobs`` raises and
        ``OSError`` when ``out`` cannot be written (the file then ends with its last whole
        game)."""
        for job, result in run_jobs(self.todo, workers, backend, address):
            record = to_record(job, result)
            if self.results is not None:
                self.results.append(record)
            self.records[job.index] = slim(record)
            yield job

    def close(self) -> None:
        """Close ``out`` (never raises)."""
        if self.results is not None:
            self.results.close()

    def ordered(self) -> list[dict[str, Any]]:
        """Every job's record in index order (after a whole run)."""
        return [self.records[i] for i in range(len(self.jobs))]  # jobs[i].index == i


def summarize(
    game_id: str,
    config: dict[str, Any],
    names: list[str],
    games: int,
    seed: int,
    records: list[dict[str, Any]],
    rotate: bool = True,
) -> dict[str, Any]:
    """The JSON-ready report of a run (seats are numbered from 0, as in every JSON output).

    ``seats[].agent`` is the seat's agent when it was the same in every game, else None (the
    seats rotated); ``agents`` has one row per distinct agent spec, with ``resolved``, the spec
    a difficulty name stands for in this game (``agents.resolve_spec``: a game's solo mode may
    give a level its own spec).
    """
    game = cached_game(game_id, config)
    tallies = summarize_records(records)
    decided = tallies["decided"] > 0
    seats = []
    for p, tally in enumerate(tallies["seats"]):
        only = tallies["seat_agents"][p]
        seats.append(
            {
                "seat": p,
                "agent": next(iter(only)) if len(only) == 1 else None,
                "mean_score": tally.mean_score,
                "sd_score": tally.sd_score,
                "win_share": tally.win_rate if decided else None,
            }
        )
    agent_rows = []
    for spec in dict.fromkeys(names):
        tally = tallies["agents"][spec]
        row = {"agent": spec, "resolved": resolve_spec(spec, game), **tally.as_dict()}
        row["seat_games"] = row.pop("games")
        if not decided:
            row["win_share"] = None
            row["win_ci95"] = None
        agent_rows.append(row)
    return {
        "game": game_id,
        "config": config,
        "games": games,
        "seed": seed,
        "lineup": names,
        "rotate": rotate,
        "seats": seats,
        "agents": agent_rows,
        "mean_decisions": statistics.fmean(tallies["decisions"]),
        "mean_turns": statistics.fmean(tallies["turns"]),
        "capped": sum(r.get("capped") is True for r in records),
    }
