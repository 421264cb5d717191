"""``feathers report``: turn results files of ``feathers simulate``/``tournament`` into a report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Annotated

import typer

from ..core.files import UnreadableFile, check_regular
from .common import console, fail, fail_write


def report(
    results: Annotated[
        list[Path],
        typer.Argument(
            metavar="RESULTS...",
            help="One or more JSONL results files (simulate/tournament --out).",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Folder to write summary.md, index.html, summary.json and the PNG plots into.",
        ),
    ] = Path("report"),
    as_json: Annotated[
        bool, typer.Option("--json", help="Print summary.json's numbers instead of a note.")
    ] = False,
) -> None:
    """Write a balance report: win share per agent, per seat and per turn order (first-player
    advantage) with 95% Wilson intervals, score distributions, game length, the impact on
    winning of what each seat ended with (the cards in a hand, the animal types collected... for
    games that report it), and a comparison across configurations (player counts, levels) when
    several files are given.

    Writes a Markdown summary (summary.md), PNG plots and one HTML page showing them together
    (index.html) into DIR. A line that is not a game record (or names an unknown game, a
    configuration its game refuses, seats that are not its players) is left out with a
    warning naming the file, the line and the field; an error if no game is left.

    Examples:

        feathers simulate GAME --agents greedy -p 3 --games 2000 --out p3.jsonl
        feathers report p3.jsonl --out report-p3
        feathers report p2.jsonl p3.jsonl p4.jsonl --out by-players
        feathers report level-*.jsonl --out by-level --json
    """
    for path in results:
        if not path.exists():
            fail("RESULTS", f"no such file: {path}")
        try:
            check_regular(path, "results file")
        except UnreadableFile as exc:
            fail("RESULTS", str(exc))
    try:
        if out.exists() and not out.is_dir():
            fail("--out", f"{out} is a file, not a folder")
    except OSError as exc:  # a name too long even to look up
        fail_write("--out", exc, out)
    from ..arena.report import build_report, check_plotting

    try:
        check_plotting()
    except ImportError as exc:
        fail(None, str(exc), code=1)
    created = not out.exists()
    try:
        summary = build_report(results, out)
    except ValueError as exc:
        _remove(out, created)
        fail("RESULTS", str(exc))
    except OSError as exc:
        _remove(out, created)
        fail_write("--out", exc, out)
    for skipped in summary.get("skipped", []):
        typer.echo(f"Warning: RESULTS: {skipped['text']}", err=True)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, default=str))
        return
    pngs = sorted(p.name for p in out.glob("*.png"))
    console.print(
        f"Report of {summary['games']} games: {out / 'index.html'} "
        f"(and summary.md, summary.json, {len(pngs)} plots)"
    )


def _remove(out: Path, created: bool) -> None:
    """Leave no empty or half-written report folder behind a failed report."""
    if created:
        shutil.rmtree(out, ignore_errors=True)
