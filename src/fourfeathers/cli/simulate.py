"""``feathers simulate``: play many games between agents and report per-seat statistics.

Game ``i`` of a run seeded ``S`` is dealt with ``derive_seed(S, i)`` and its seats' agents are
seeded with ``derive_seed(S, i, "seat", p)``, so every game of a run can be replayed on its own.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..agents import Agent, SeatView, make_agent
from ..core.game import Game
from ..core.rng import derive_seed
from .common import (
    ContentOpt,
    GameArg,
    LevelOpt,
    OptionOpt,
    StaminaOpt,
    TypesOpt,
    VariantOpt,
    agent_names,
    check_agent,
    check_players,
    console,
    err_console,
    fail,
    flatten_names,
    game_config,
    game_options,
    make_or_fail,
    spec_or_fail,
    split_list,
)


@dataclass
class SimulationResult:
    """What ``run_games`` measured: per seat scores and win shares, and game lengths."""

    scores: list[list[int]]
    win_shares: list[float]
    decisions: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    decided: int = 0
    """Games that named at least one winner (solo Featherlight names none)."""


def run_games(
    game: Game, agent_names: list[str], games: int, seed: int, progress: Progress | None = None
) -> SimulationResult:
    """Play ``games`` games of ``game`` with one agent per seat; game ``i`` uses
    ``derive_seed(seed, i)``. A shared victory of k seats counts 1/k for each of them."""
    n = game.num_players
    result = SimulationResult([[] for _ in range(n)], [0.0] * n)
    task = progress.add_task("simulating", total=games) if progress else None
    for i in range(games):
        game_seed = derive_seed(seed, i)
        agents: list[Agent] = [
            make_agent(name, derive_seed(seed, i, "seat", p)) for p, name in enumerate(agent_names)
        ]
        state = game.new_initial_state(game_seed)
        decisions = 0
        while not state.is_terminal():
            player = state.current_player
            state.apply_action(agents[player].act(SeatView(state, player)))
            decisions += 1
        for p, score in enumerate(state.scores()):
            result.scores[p].append(score)
        winners = state.winners()
        for p in winners:
            result.win_shares[p] += 1.0 / len(winners)
        result.decided += bool(winners)
        turns = getattr(state, "turn", None)
        result.decisions.append(decisions)
        result.turns.append(turns if isinstance(turns, int) else decisions)
        if progress is not None and task is not None and (i % 25 == 24 or i == games - 1):
            progress.update(task, completed=i + 1)
    result.win_shares = [w / games for w in result.win_shares]
    return result


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
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the run; game i uses derive_seed(S, i).")
    ] = 0,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            metavar="AGENTS",
            help="Agents by seat, comma-separated (one name: every seat). Known: " + agent_names(),
        ),
    ] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    content: ContentOpt = None,
    variant: VariantOpt = None,
    level: LevelOpt = None,
    types: TypesOpt = None,
    stamina: StaminaOpt = None,
    option: OptionOpt = None,
) -> None:
    """Play many games between computer agents and report each seat's scores and wins.

    Per seat: mean and standard deviation of the score and the share of wins (a victory shared
    by k seats counts 1/k each); per game: the mean length in decisions and in turns.

    Examples:

        feathers simulate featherlight --players 3 --games 1000
        feathers simulate featherlight --players 2 --games 500 --seed 42 --json
        feathers simulate featherlight --agents random,random,random --games 200
        feathers simulate featherlight --players 1 --games 2000 \\
            --variant no-wind-on-last-turn
    """
    spec = spec_or_fail(game_id)
    names = split_list(agents)
    if any(not name for name in names):
        fail("--agents", f"an empty entry in {agents!r} (write agent names separated by commas)")
    for name in names:
        check_agent("--agents", name)
    if players is None:
        players = len(names) if len(names) > 1 else (2 if 2 in spec.players else spec.players[0])
    check_players(spec, players)
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        fail("--agents", f"give one agent, or one per seat ({players}); got {len(names)}")
    if games < 1:
        fail("--games", f"must be at least 1, got {games}")
    if seed < 0:
        fail("--seed", f"must be 0 or more, got {seed}")
    config = game_config(players, content=content, variants=flatten_names(variant))
    game = make_or_fail(game_id, {**config, **game_options(level, types, stamina, option)})
    show_progress = not as_json and sys.stderr.isatty()
    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not show_progress,
    ) as progress:
        result = run_games(game, names, games, seed, progress)
    elapsed = time.perf_counter() - started
    summary = summarize(game, names, games, seed, result)
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    _print_summary(spec.title, summary, elapsed, show_wins=result.decided > 0)


def summarize(
    game: Game, names: list[str], games: int, seed: int, result: SimulationResult
) -> dict[str, Any]:
    """The JSON-ready report of a run (seats are numbered from 1)."""
    return {
        "game": game.id,
        "config": game.config,
        "games": games,
        "seed": seed,
        "seats": [
            {
                "seat": p + 1,
                "agent": names[p],
                "mean_score": statistics.fmean(result.scores[p]),
                "sd_score": statistics.pstdev(result.scores[p]),
                "win_share": result.win_shares[p] if result.decided else None,
            }
            for p in range(game.num_players)
        ],
        "mean_decisions": statistics.fmean(result.decisions),
        "mean_turns": statistics.fmean(result.turns),
    }


def _print_summary(
    title: str, summary: dict[str, Any], elapsed: float, show_wins: bool = True
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
        cells = [str(row["seat"]), row["agent"], f"{row['mean_score']:.2f}"]
        cells.append(f"{row['sd_score']:.2f}")
        if show_wins:
            cells.append(f"{100 * row['win_share']:.1f}%")
        table.add_row(*cells)
    console.print(table)
    if not show_wins:
        console.print("No game named a winner (a solo game is only scored).")
    console.print(
        f"Mean game length: {summary['mean_decisions']:.1f} decisions, "
        f"{summary['mean_turns']:.1f} turns"
    )
    rate = games / elapsed if elapsed > 0 else float("inf")
    console.print(f"[dim]{games} games in {elapsed:.2f} s ({rate:,.0f} games/s)[/dim]")
