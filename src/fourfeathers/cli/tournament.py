"""``feathers tournament``: a round robin between agents with openskill ratings.

Plan, seeding and ratings: ``fourfeathers.arena.tournament``. Games run on the same machinery as
``feathers simulate`` (workers, backends, resumable ``--out`` file, same results for any K).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import JustifyMethod
from rich.table import Table

from ..arena.runner import MAX_GAMES
from ..arena.tournament import head_to_head, plan_tournament, rate, tournament_games
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


@game_command("tournament")
def tournament(
    game_id: GameArg,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="AGENTS",
            help="Two or more agents, comma-separated. Known: " + agent_names() + "; parameters "
            "after colons, e.g. ismcts:iterations=200:playout_depth=0.",
        ),
    ] = "random,greedy",
    games_per_pair: Annotated[
        int,
        typer.Option(
            "--games-per-pair",
            "-n",
            metavar="N",
            help="Games per pair of agents (per table of P agents with --players P > 2; "
            "matches per pair in a solo game). Seats are balanced when N is a multiple of P.",
        ),
    ] = 20,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats per game. Default: 2 if the game allows it, else its smallest count.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the tournament.")] = 0,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write one JSON line per game to FILE (resumable; for feathers report).",
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
    """Play a round robin between agents and rank them with openskill ratings.

    Every pair of agents (every table of P agents with --players P) plays N games with the
    seats rotated; in a solo game both agents of a pair play the same deals and are ranked
    against each other. Each game updates Plackett-Luce ratings (seats ranked by win, then
    score); the table shows each rating mu with the interval mu ± 2 sigma, each agent's win
    share with a 95% Wilson interval, and how often each agent finished ahead of each other.
    """
    spec = spec_or_fail(game_id)
    names = parse_agents(agents)
    if len(names) < 2:
        fail("--agents", "give at least 2 agents")
    if len(set(names)) != len(names):
        fail("--agents", "each agent may appear only once")
    if players is None:
        players = 2 if 2 in spec.players else spec.players[0]
    check_players(spec, players)
    if players > 1 and len(names) < players:
        fail("--agents", f"{players} seats need at least {players} different agents")
    if games_per_pair < 1:
        fail("--games-per-pair", f"must be at least 1, got {games_per_pair}")
    total = tournament_games(len(names), games_per_pair, players)
    if total > MAX_GAMES:
        fail(
            "--games-per-pair",
            f"{games_per_pair:,} per {'pair' if players <= 2 else 'table'} make {total:,} games; "
            f"one run plays at most {MAX_GAMES:,}",
        )
    check_seed(seed)
    check_file_path(out, "--out", regular=True)
    check_backend(backend, workers)
    warn_not_reproducible(names)
    # No --start here: the starting seat is set with -o starting_player=N, if at all.
    game = build_game(
        spec, players, None, content, variant, game_options, option, ("starting_player",)
    )
    jobs = plan_tournament(game.id, game.config, names, games_per_pair, seed, players)
    show_progress = not as_json and sys.stderr.isatty()
    started = time.perf_counter()
    records, played = play_jobs(
        jobs, out, workers, backend, ray_address, show_progress, "tournament"
    )
    elapsed = time.perf_counter() - started
    summary = summarize(game.id, game.config, names, games_per_pair, seed, players, records)
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    _print(spec.title, summary, elapsed, played)


def summarize(
    game_id: str,
    config: dict[str, Any],
    names: list[str],
    games_per_pair: int,
    seed: int,
    players: int,
    records: list[dict[str, Any]],
) -> dict[str, Any]:
    """The JSON-ready result: ranking with ratings and win shares, and head-to-head shares."""
    standings = rate(records, names)
    pairs = head_to_head(records, names)
    decided = any(r["winners"] for r in records)
    return {
        "game": game_id,
        "config": config,
        "players": players,
        "games_per_pair": games_per_pair,
        "seed": seed,
        "games": len(records),
        "ranking": [
            {
                "rank": k + 1,
                "agent": s.agent,
                "mu": s.mu,
                "sigma": s.sigma,
                "interval": list(s.interval),
                "seat_games": s.tally.n,
                "win_share": s.tally.win_rate if decided else None,
                "win_ci95": list(s.tally.interval()) if decided else None,
                "mean_score": s.tally.mean_score,
            }
            for k, s in enumerate(standings)
        ],
        "head_to_head": [
            {"agent": a, "opponent": b, "ahead": ahead, "matches": n, "share": ahead / n}
            for (a, b), (ahead, n) in pairs.items()
            if n
        ],
    }


def _print(title: str, summary: dict[str, Any], elapsed: float, played: int) -> None:
    players = summary["players"]
    table = Table(
        title=f"{title} tournament: {summary['games']} games, "
        f"{players} player{'s' if players > 1 else ''}, seed {summary['seed']}",
        header_style="bold",
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"),
        ("agent", "left"),
        ("mu", "right"),
        ("mu ± 2σ", "right"),
        ("win share", "right"),
        ("95% CI", "right"),
        ("score", "right"),
        ("seats", "right"),
    )
    for name, justify in columns:
        table.add_column(name, justify=justify)
    for row in summary["ranking"]:
        low, high = row["interval"]
        win = "-" if row["win_share"] is None else f"{100 * row['win_share']:.1f}%"
        ci = (
            "-"
            if row["win_ci95"] is None
            else f"{100 * row['win_ci95'][0]:.0f}-{100 * row['win_ci95'][1]:.0f}%"
        )
        table.add_row(
            str(row["rank"]),
            row["agent"],
            f"{row['mu']:.2f}",
            f"[{low:.1f}, {high:.1f}]",
            win,
            ci,
            f"{row['mean_score']:.2f}",
            str(row["seat_games"]),
        )
    console.print(table)
    order = [row["agent"] for row in summary["ranking"]]
    cells = {(h["agent"], h["opponent"]): h for h in summary["head_to_head"]}
    grid = Table(title="Row finished ahead of column (matches)", header_style="bold")
    grid.add_column("")
    for agent in order:
        grid.add_column(agent, justify="right")
    for a in order:
        row = [a]
        for b in order:
            h = cells.get((a, b))
            row.append("" if h is None else f"{100 * h['share']:.0f}% ({h['matches']})")
        grid.add_row(*row)
    console.print(grid)
    rate_ = played / elapsed if elapsed > 0 else float("inf")
    console.print(
        "[dim]Ratings: openskill Plackett-Luce, one update per game in order; "
        f"{played} games played in {elapsed:.1f} s ({rate_:,.1f} games/s)[/dim]"
    )
