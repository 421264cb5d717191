"""``feathers report``: turn results files of ``feathers simulate``/``tournament`` into a report."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Annotated

import typer

from ..core.files import UnreadableFile, check_regular, check_writable
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
            help="Folder to write summary.md, index.html, summary.json and the PNG plots into "
            "(created if missing; the folder it is in must exist).",
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
        if not os.path.lexists(path):
            fail("RESULTS", f"no such file: {path}")
        try:
            check_regular(path, "results file")  # a symbolic link loop is named too
        except UnreadableFile as exc:
            fail("RESULTS", str(exc))
    _check_out(out)
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


REPORT_FILES = ("summary.md", "index.html", "summary.json")
"""The files every report writes (besides its plots)."""


def _check_out(out: Path) -> None:
    """Fail on ``--out`` unless ``out`` is a folder the report can be written into, or can be
    made: only the report's own folder is created, so its parent folder must exist (as for
    every output file). The report's files already in it must be writable regular files
    (``core.files.check_writable``)."""
    try:
        mode = os.stat(out).st_mode
    except FileNotFoundError:
        if os.path.lexists(out):
            fail("--out", f"{out} is a symbolic link to nothing, not a folder")
        if not out.parent.is_dir():
            fail("--out", f"the folder {out.parent} does not exist (only {out.name} is created)")
        return
    except OSError as exc:  # a name too long even to look up, a symbolic link loop
        fail_write("--out", exc, out)
    if not stat.S_ISDIR(mode):
        fail("--out", f"{out} is a file, not a folder")
    for name in REPORT_FILES:
        try:
            check_writable(out / name)
        except OSError as exc:
            fail_write("--out", exc, out / name)


def _remove(out: Path, created: bool) -> None:
    """Leave no empty or half-written report folder behind a failed report."""
    if created:
        shutil.rmtree(out, ignore_errors=True)
