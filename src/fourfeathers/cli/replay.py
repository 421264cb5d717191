"""``feathers replay FILE``: replay a saved game record and show how it ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ConfigError, ContentError, IllegalActionError
from ..core.files import UnreadableFile
from ..core.records import GameRecord
from .common import console, fail, say, seats_text
from .view import render_result, render_state


def load_record(path: Path, option: str) -> GameRecord:
    """Read a saved ``GameRecord``; fail on ``option`` with one line if it cannot be read."""
    try:
        return GameRecord.load(path)
    except UnreadableFile as exc:  # not a regular file, too large, not JSON, too deep
        fail(option, str(exc))
    except ValueError as exc:
        fail(option, f"{path} is not a saved game: {exc}")


def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A game saved with: feathers play ... --save FILE",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print JSON: game, config, seed, decisions, scores, winners."),
    ] = False,
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal",
            help="For an unfinished game: show every hand, the seed and the standing scores.",
        ),
    ] = False,
) -> None:
    """Replay a saved game and show the final scores and the winners.

    The record holds the game, its configuration, its seed and every decision; replaying it
    reproduces the game exactly. A record of an unfinished game shows only what a spectator
    sees (no hidden card, no seed: the seed deals every card), unless --reveal is given.
    In the JSON output seats are numbered from 0 (seat 1 is 0); hidden parts are null.

    Examples:

        feathers play GAME --seats random,random --seed 7 --save game.json
        feathers replay game.json
        feathers replay game.json --json
        feathers replay unfinished.json --reveal
    """
    record = load_record(file, "FILE")
    try:
        state = record.replay()
    except (ConfigError, ContentError, IllegalActionError) as exc:
        fail("FILE", f"{file}: {exc}")
    game = state.game
    finished = state.is_terminal()
    # Before the end, standing scores of several seats depend on hidden cards.
    shown = finished or reveal or game.num_players == 1
    scores = state.scores() if shown else None
    seed = record.seed if finished or reveal else None
    if as_json:
        data = {
            "game": record.game,
            "config": record.config,
            "seed": seed,
            "decisions": len(record.actions),
            "finished": finished,
            "scores": scores,
            "winners": state.winners(),
        }
        typer.echo(json.dumps(data, indent=2))
        return
    players = f"{game.num_players} player{'s' if game.num_players > 1 else ''}"
    seed_text = "" if seed is None else f", seed {seed}"
    say(f"{game.title}, {players}{seed_text}: {len(record.actions)} decisions", "bold")
    standing = ", ".join(f"seat {p + 1}: {score}" for p, score in enumerate(scores or []))
    if not finished:
        note = "The record stops before the end of the game."
        if scores is not None:
            note += f" Standing scores: {standing}"
        else:
            note += " Shown as a spectator sees it (--reveal shows everything)."
        say(note)
        console.print(render_state(game, state, None, reveal=reveal))
        return
    winners = state.winners()
    summary = f"Final scores: {standing}."
    if winners:
        label = "Winner" if len(winners) == 1 else "Winners (shared victory)"
        summary += f" {label}: {seats_text(winners)}."
    say(summary, "bold")
    console.print(render_result(game, state))
