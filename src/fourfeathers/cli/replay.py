"""``feathers replay FILE``: replay a saved game record and show how it ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import ConfigError, ContentError, IllegalActionError
from ..core.records import GameRecord
from .common import console, fail, say, seats_text
from .view import render_result, render_state


def load_record(path: Path, option: str) -> GameRecord:
    """Read a saved ``GameRecord``; fail on ``option`` with one line if it cannot be read."""
    try:
        return GameRecord.load(path)
    except IsADirectoryError:
        fail(option, f"{path} is a directory, not a saved game")
    except OSError as exc:
        fail(option, f"cannot read {path} ({exc.strerror or exc})")
    except UnicodeDecodeError:
        fail(option, f"{path} is not a saved game (not text)")
    except json.JSONDecodeError as exc:
        fail(option, f"{path} is not a saved game (not JSON: {exc.msg}, line {exc.lineno})")
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
) -> None:
    """Replay a saved game and show the final scores and the winners.

    The record holds the game, its configuration, its seed and every decision; replaying it
    reproduces the game exactly. A record of an unfinished game shows the standing scores.
    In the JSON output, winners are seat numbers counted from 1.

    Examples:

        feathers play GAME --seats random,random --seed 7 --save game.json
        feathers replay game.json
        feathers replay game.json --json
    """
    record = load_record(file, "FILE")
    try:
        state = record.replay()
    except (ConfigError, ContentError, IllegalActionError) as exc:
        fail("FILE", f"{file}: {exc}")
    finished = state.is_terminal()
    scores = state.scores()
    winners = state.winners()
    if as_json:
        data = {
            "game": record.game,
            "config": record.config,
            "seed": record.seed,
            "decisions": len(record.actions),
            "finished": finished,
            "scores": scores,
            "winners": [p + 1 for p in winners],
        }
        typer.echo(json.dumps(data, indent=2))
        return
    game = state.game
    players = f"{game.num_players} player{'s' if game.num_players > 1 else ''}"
    say(f"{game.title}, {players}, seed {record.seed}: {len(record.actions)} decisions", "bold")
    standing = ", ".join(f"seat {p + 1}: {score}" for p, score in enumerate(scores))
    if not finished:
        say(f"The record stops before the end of the game. Standing scores: {standing}")
        console.print(render_state(game, state, None))
        return
    summary = f"Final scores: {standing}."
    if winners:
        label = "Winner" if len(winners) == 1 else "Winners (shared victory)"
        summary += f" {label}: {seats_text(winners)}."
    say(summary, "bold")
    console.print(render_result(game, state))
