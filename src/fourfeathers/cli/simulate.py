"""``feathers simulate``: play many games between agents, save one JSON line per game, summarize.

Game ``i`` of a run seeded ``S`` is dealt with ``derive_seed(S, i)``; its seats get the agents
``--agents`` rotated by ``i`` (seat ``p`` plays ``agents[(p + i) % n]``), so over every ``n``
games each agent sits in every seat once; seat ``p``'s agent is seeded with
``derive_seed(derive_seed(S, i), "seat", p)``. A game therefore depends only on its index, so
the results are the same for any number of workers and either backend, and every game can be
replayed on its own. ``--out FILE`` keeps one JSON line per game (``arena/results.py``) and
makes the run resumable: a rerun with the same options plays only the games the file lacks.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..agents import reproducible, resolve_spec
from ..arena.results import ResultsFile, ResultsMismatch, to_record
from ..arena.runner import (
    BACKENDS,
    CORES_PER_WORKER_CAP,
    MAX_GAMES,
    GameJob,
    cached_game,
    capped_workers,
    plan_games,
    run_jobs,
)
from ..arena.stats import summarize_records
from ..core.files import WriteError
from .common import (
    ContentOpt,
    GameArg,
    OptionOpt,
    VariantOpt,
    agent_names,
    build_game,
    check_file_path,
    check_players,
    check_seed,
    console,
    err_console,
    fail,
    fail_write,
    parse_agents,
    spec_or_fail,
)
from .options import game_command


class RateColumn(ProgressColumn):
    """Games per second, measured over the last seconds of the run."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("-- games/s", style="progress.data.speed")
        return Text(f"{speed:,.1f} games/s", style="progress.data.speed")


def progress_bar(enabled: bool) -> Progress:
    """A progress bar on stderr: done/total, games per second, elapsed and time left."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("elapsed,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=err_console,
        transient=True,
        disable=not enabled,
    )


WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        metavar="K",
        help="Parallel workers: processes (default 1: this process; at most twice the cores), "
        "or Ray tasks in flight (default: the cluster's CPUs); never more than the games to "
        "play. Results do not depend on it.",
        show_default=False,
    ),
]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        metavar="NAME",
        help="processes (this machine) or ray (a Ray cluster: RAY_ADDRESS or --ray-address, "
        "else a local Ray; needs pip install 'fourfeathers[ray]').",
    ),
]
RayAddressOpt = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="Ray cluster to use with --backend ray (default: RAY_ADDRESS, else a local Ray).",
        show_default=False,
    ),
]


def check_backend(backend: str, workers: int | None) -> None:
    """Fail on ``--backend``/``--workers`` values the runner does not accept."""
    if backend not in BACKENDS:
        fail("--backend", f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        fail("--workers", f"must be at least 1, got {workers}")


def warn_not_reproducible(names: list[str]) -> None:
    """Say on stderr which agents decide on a time budget: their results are not reproducible."""
    timed = [name for name in dict.fromkeys(names) if not reproducible(name)]
    if timed:
        err_console.print(
            f"Note: {', '.join(timed)} thinks for a time budget, so the results depend on this "
            "machine's speed and are not reproducible (use ismcts:iterations=N for that); an "
            "--out file of this run cannot be continued by another.",
            markup=False,
            soft_wrap=True,
        )


def play_jobs(
    jobs: Sequence[GameJob],
    out: Path | None,
    workers: int | None,
    backend: str,
    address: str | None,
    show_progress: bool,
    description: str = "simulating",
) -> tuple[list[dict[str, Any]], int]:
    """Play ``jobs`` (only those ``out`` lacks, appending them to it) and return every job's
    record in index order, slimmed to what the summaries read (``SUMMARY_KEYS``), and the
    number of games played now.

    ``jobs`` may be a lazy plan (``plan_games``): it is never listed. ``workers`` above the
    games to play or ``CORES_PER_WORKER_CAP`` times the cores is capped, said in one line on
    stderr. Fails with one error line on a results file of another run, a missing Ray, a game
    that raised an error, or a results file that cannot be written (the file then ends with
    its last whole game: a rerun resumes it).
    """
    records: dict[int, dict[str, Any]] = {}
    todo: Sequence[GameJob] = jobs
    results: ResultsFile | None = None
    if out is not None:
        try:
            results = ResultsFile.open(out, jobs)
        except (ResultsMismatch, ValueError) as exc:
            fail("--out", str(exc))
        except WriteError as exc:
            fail_write("--out", exc)
        except OSError as exc:
            fail("--out", f"cannot read {out}: {exc.strerror or exc}")
        records = {i: _slim(r) for i, r in results.records.items()}
        todo = results.missing
        if records and show_progress:
            err_console.print(f"{out}: {len(records)} games already played, {len(todo)} to play")
    workers = _cap_workers(workers, len(todo), backend)
    try:
        with progress_bar(show_progress) as progress:
            task = progress.add_task(description, total=len(jobs), completed=len(records))
            progress.reset(task, total=len(jobs), completed=len(records))
            for job, result in run_jobs(todo, workers or 0, backend, address):
                record = to_record(job, result)
                if results is not None:
                    results.append(record)
                records[job.index] = _slim(record)
                progress.advance(task)
    except KeyboardInterrupt:
        saved = f"; {len(records)} games are saved in {out}: rerun the same command to resume"
        typer.echo(f"Interrupted{saved if out is not None else ''}.", err=True)
        raise typer.Exit(130) from None
    except ImportError as exc:
        fail("--backend", str(exc))
    except RuntimeError as exc:
        fail(None, str(exc), code=1)
    except OSError as exc:
        kept = f"; {len(records)} whole games are kept in it: rerun the same command to resume"
        fail_write("--out", exc, out, kept if records else "")
    finally:
        if results is not None:
            results.close()
    return [records[i] for i in range(len(jobs))], len(todo)  # jobs[i].index == i


def _cap_workers(workers: int | None, todo: int, backend: str) -> int | None:
    """``workers`` capped by ``capped_workers``; a cap is said in one line on stderr."""
    if workers is None:
        return None
    capped = capped_workers(workers, todo, backend)
    if capped < workers:
        why = (
            f"{todo} game{'' if todo == 1 else 's'} to play"
            if capped == max(1, todo)
            else f"{CORES_PER_WORKER_CAP} per core of this machine's {os.cpu_count() or 1}"
        )
        typer.echo(f"Note: --workers {workers} capped at {capped} ({why}).", err=True)
    return capped


SUMMARY_KEYS = ("index", "seats", "scores", "winners", "decisions", "turns", "capped", "match")
"""The fields of a record that a run's summary reads (``summarize``, ``tournament.rate``)."""


def _slim(record: dict[str, Any]) -> dict[str, Any]:
    return {k: record[k] for k in SUMMARY_KEYS if k in record}


@game_command("simulate")
def simulate(
    game_id: GameArg,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Number of seats. Default: the number of --agents given, else 2.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", help=f"How many games to play (at most {MAX_GAMES:,}).")
    ] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the run; game i uses derive_seed(S, i).")
    ] = 0,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="AGENTS",
            help="Agents, comma-separated, one per seat (one name: every seat); seats rotate "
            "from game to game. Known: " + agent_names() + "; parameters after colons, e.g. "
            "ismcts:iterations=200:playout_depth=0.",
        ),
    ] = "random",
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate/--no-rotate",
            help="Rotate the agents' seats by one every game (so each agent plays every seat "
            "equally often over each n games).",
        ),
    ] = True,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write one JSON line per game to FILE (JSONL). A rerun with the same options "
            "plays only the games FILE lacks.",
            show_default=False,
        ),
    ] = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "processes",
    ray_address: RayAddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    content: ContentOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    game_options: dict[str, Any] | None = None,
) -> None:
    """Play many games between computer agents and report each seat's and agent's results.

    Per seat and per agent: mean and standard deviation of the score and the share of wins (a
    victory shared by k seats counts 1/k each); per game: the mean length in decisions and in
    turns. With --out, every game is saved as one JSON line (seed, config, seats, scores,
    winners, length and each seat's final observation) for `feathers report`.
    """
    spec = spec_or_fail(game_id)
    names = parse_agents(agents)
    if players is None:
        players = len(names) if len(names) > 1 else (2 if 2 in spec.players else spec.players[0])
    check_players(spec, players)
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        fail("--agents", f"give one agent, or one per seat ({players}); got {len(names)}")
    if not 1 <= games <= MAX_GAMES:
        fail("--games", f"must be from 1 to {MAX_GAMES:,} (one run), got {games:,}")
    check_seed(seed)
    check_file_path(out, "--out", regular=True)
    check_backend(backend, workers)
    warn_not_reproducible(names)
    game = build_game(spec, players, None, content, variant, game_options, option)
    jobs = plan_games(game.id, game.config, names, games, seed, rotate)
    show_progress = not as_json and sys.stderr.isatty()
    started = time.perf_counter()
    records, played = play_jobs(jobs, out, workers, backend, ray_address, show_progress)
    elapsed = time.perf_counter() - started
    summary = summarize(game.id, game.config, names, games, seed, records, rotate)
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    decided = summary["seats"][0]["win_share"] is not None
    _print_summary(spec.title, summary, elapsed, played, show_wins=decided)
    if out is not None:
        console.print(f"[dim]Results: {out} (feathers report {out} --out DIR)[/dim]")


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


def _print_summary(
    title: str, summary: dict[str, Any], elapsed: float, played: int, show_wins: bool = True
) -> None:
    games = summary["games"]
    players = len(summary["seats"])
    table = Table(
        title=f"{title}: {games} games, {players} player{'s' if players > 1 else ''}, "
        f"seed {summary['seed']}",
        header_style="bold",
    )
    table.add_column("seat", justify="right")
    table.add_column("agent")
    table.add_column("mean score", justify="right")
    table.add_column("sd", justify="right")
    if show_wins:
        table.add_column("win share", justify="right")
    for row in summary["seats"]:
        agent = row["agent"] if row["agent"] is not None else "(rotated)"
        cells = [str(row["seat"] + 1), agent, f"{row['mean_score']:.2f}"]
        cells.append(f"{row['sd_score']:.2f}")
        if show_wins:
            cells.append(f"{100 * row['win_share']:.1f}%")
        table.add_row(*cells)
    console.print(table)
    if len(summary["agents"]) > 1:
        by_agent = Table(title="By agent (all seats)", header_style="bold")
        by_agent.add_column("agent")
        by_agent.add_column("seat-games", justify="right")
        by_agent.add_column("mean score", justify="right")
        by_agent.add_column("sd", justify="right")
        if show_wins:
            by_agent.add_column("win share", justify="right")
            by_agent.add_column("95% interval", justify="right")
        for row in summary["agents"]:
            cells = [
                row["agent"],
                str(row["seat_games"]),
                f"{row['mean_score']:.2f}",
                f"{row['sd_score']:.2f}",
            ]
            if show_wins:
                low, high = row["win_ci95"]
                cells += [f"{100 * row['win_share']:.1f}%", f"{100 * low:.1f}-{100 * high:.1f}%"]
            by_agent.add_row(*cells)
        console.print(by_agent)
    if not show_wins:
        console.print("No game named a winner, so only scores are shown.")
    console.print(
        f"Mean game length: {summary['mean_decisions']:.1f} decisions, "
        f"{summary['mean_turns']:.1f} turns"
    )
    if summary["capped"]:
        console.print(
            f"[bold yellow]{summary['capped']} of {games} games were stopped by the turn cap, "
            "not by the rules.[/bold yellow]"
        )
    rate = played / elapsed if elapsed > 0 else float("inf")
    resumed = f", {games - played} read from the results file" if played < games else ""
    console.print(
        f"[dim]{played} games played in {elapsed:.2f} s ({rate:,.1f} games/s){resumed}[/dim]"
    )
