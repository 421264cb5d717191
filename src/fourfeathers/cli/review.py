"""``feathers review FILE``: how much each decision of one seat lost (``agents.review``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..agents.review import Review, png_chart, review, svg_chart
from ..core.errors import ConfigError, ContentError, IllegalActionError
from ..core.rng import MAX_SEED
from .common import check_file_path, check_number, console, err_console, fail, fail_write, say
from .replay import load_record

HUMAN = "human"
"""The seat kind of a person in a saved game's ``table.seats`` (``cli/session.py``)."""

BUDGET_LIMIT = 1_000_000
"""The most iterations ``--budget`` takes."""


def default_seat(table: dict[str, Any]) -> int:
    """The seat reviewed without ``--seat`` (0-based): the first ``human`` seat of the saved
    game's ``table.seats``, else seat 0 (a record without seats, or of computer seats only)."""
    seats = table.get("seats")
    if isinstance(seats, list):
        for p, kind in enumerate(seats):
            if kind == HUMAN:
                return p
    return 0


def review_command(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A game saved with: feathers play ... --save FILE",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="N",
            help="The seat to review, from 1 [default: the first human seat, else 1].",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the review as JSON (seats from 0).")
    ] = False,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            metavar="ITERATIONS",
            help="Search iterations per decision [default: the hard level's, 3000].",
            show_default=False,
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--seconds",
            help="Also stop each search after this many seconds (the figures then depend on "
            "the machine's speed).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seeds the searches.")] = 0,
    every: Annotated[
        bool,
        typer.Option("--all", help="List every reviewed decision, not only the marked ones."),
    ] = False,
    chart: Annotated[
        Path | None,
        typer.Option(
            "--chart",
            metavar="FILE",
            help="Draw the seat's win chance over the game: FILE.svg as SVG, any other name "
            "as PNG (needs the report extra: pip install 'fourfeathers[report]').",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Review one seat's decisions: the win chance of each move played against the best move.

    At every decision of the seat with more than one legal action, the hard level's search runs
    from what the seat knew then (never the hidden cards) and gives the win chance of the move
    played and of its own choice (in a solo game the expected final score). A decision that
    lost enough is marked inaccuracy, mistake or blunder (thresholds per game:
    docs/review.md). The same record, budget and seed give the same review.

    Examples:

        feathers play GAME --seats human,hard --save game.json
        feathers review game.json
        feathers review game.json --seat 2 --budget 500 --json
        feathers review game.json --chart game.png
    """
    if budget is not None and not 1 <= budget <= BUDGET_LIMIT:
        fail("--budget", f"must be an integer from 1 to {BUDGET_LIMIT:,}, got {budget}")
    if seconds is not None:
        check_number("--seconds", seconds, 0.001, 3600, "seconds")
    if not 0 <= seed <= MAX_SEED:
        fail("--seed", f"must be an integer from 0 to {MAX_SEED}, got {seed}")
    check_file_path(chart, "--chart")
    png = chart is not None and chart.suffix.lower() != ".svg"
    if png:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail(
                "--chart",
                "a PNG chart needs matplotlib: pip install 'fourfeathers[report]' "
                "(or give a FILE.svg)",
            )
    record = load_record(file, "FILE")
    try:
        game = record.make_game()
    except (ConfigError, ContentError) as exc:
        fail("FILE", f"{file}: {exc}")
    reviewed = default_seat(record.table) if seat is None else seat - 1
    if not 0 <= reviewed < game.num_players:
        fail("--seat", f"must be a seat from 1 to {game.num_players}, got {seat}")
    show = not as_json and sys.stderr.isatty()
    try:
        if show:
            with Progress(
                TextColumn("reviewing"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err_console,
                transient=True,
            ) as bar:
                task = bar.add_task("review", total=None)
                result = review(
                    record,
                    reviewed,
                    budget,
                    seed,
                    seconds=seconds,
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                )
        else:
            result = review(record, reviewed, budget, seed, seconds=seconds)
    except (ConfigError, ContentError, IllegalActionError, ValueError) as exc:
        fail("FILE", f"{file}: {exc}")
    if chart is not None:
        try:
            if png:
                png_chart(result, chart)
            else:
                chart.write_text(svg_chart(result) + "\n")
        except OSError as exc:
            fail_write("--chart", exc, chart)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    show_review(result, game.title, every)
    if chart is not None:
        say(f"Chart: {chart}")


def show_review(result: Review, title: str, every: bool = False) -> None:
    """The review for people: a table of the marked decisions (``every``: of all the reviewed
    ones), each with the better move in words where the search chose another, and a summary."""
    unit = "win chance" if not result.solo else f"expected {result.unit}"
    say(
        f"{title}, seat {result.seat + 1}: {len(result.decisions)} decisions reviewed "
        f"({result.forced} forced skipped), {result.budget:,} iterations each",
        "bold",
    )
    table = Table(header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("played")
    table.add_column(unit, justify="right")
    table.add_column("best move (if another)")
    table.add_column(unit, justify="right")
    table.add_column("loss", justify="right")
    table.add_column("mark")
    for d in result.decisions:
        if not (every or d.mark):
            continue
        better = "" if d.agreed else d.best.words
        best_figure = "" if d.agreed else _figure(result, d.best.estimate)
        table.add_row(
            str(d.index + 1),
            d.played.words,
            _figure(result, d.played.estimate),
            better,
            best_figure,
            "" if d.agreed else f"{d.loss:.1f}",
            d.mark,
        )
    if table.row_count:
        console.print(table)
    counts = result.counts()
    agreement = result.agreement()
    summary = ", ".join(f"{n} {_plural(mark, n)}" for mark, n in counts.items())
    if agreement is not None:
        summary += f"; the search agreed with {agreement:.0%} of the moves"
    say(summary + ".")
    if result.thresholds is None:
        say("This game declares no solo thresholds: losses are shown, nothing is marked.")
    else:
        t = result.thresholds
        say(
            f"Marks from a loss of {t.inaccuracy:g} (inaccuracy), {t.mistake:g} (mistake), "
            f"{t.blunder:g} (blunder) {result.unit}."
        )
    if any(d.short for d in result.decisions):
        say(
            f"Searches got fewer than the hard level's {result.level_budget:,} iterations: "
            "the figures are rougher."
        )


def _plural(mark: str, n: int) -> str:
    if n == 1:
        return mark
    return "inaccuracies" if mark == "inaccuracy" else mark + "s"


def _figure(result: Review, estimate: float) -> str:
    if result.solo:
        return f"{estimate:.1f}"
    return f"{100 * estimate:.0f}%"
