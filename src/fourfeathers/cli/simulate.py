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
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..arena.runner import MAX_GAMES, plan_games
from ..arena.runs import summarize
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
    fail,
    parse_agents,
    spec_or_fail,
)
from .options import game_command
from .runs import (
    BackendOpt,
    RayAddressOpt,
    WorkersOpt,
    check_backend,
    play_jobs,
    warn_not_reproducible,
)


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
    # No --start here: the starting seat is set with -o starting_player=N, if at all.
    game = build_game(
        spec, players, None, content, variant, game_options, option, ("starting_player",)
    )
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
