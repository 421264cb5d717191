"""What ``feathers simulate`` and ``feathers tournament`` share: the options of a run's
workers, the progress bar, and ``play_jobs``, a resumable run (``arena.runs.Run``) shown with
its progress and its errors as one line.
"""

from __future__ import annotations

import os
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
from rich.text import Text

from ..agents import reproducible
from ..arena.results import ResultsMismatch
from ..arena.runner import (
    BACKENDS,
    CORES_PER_WORKER_CAP,
    GameJob,
    RayStartError,
    capped_workers,
)
from ..arena.runs import Run
from ..core.files import WriteError
from .common import err_console, fail, fail_write


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
    """Play ``jobs`` (only those ``out`` lacks, appending them to it: ``arena.runs.Run``) with
    a progress bar, and return every job's record in index order, slimmed to what the
    summaries read (``arena.runs.SUMMARY_KEYS``), and the number of games played now.

    ``workers`` above the games to play or ``CORES_PER_WORKER_CAP`` times the cores is capped,
    said in one line on stderr. Fails with one error line on a results file of another run, a
    missing Ray, a game that raised an error, or a results file that cannot be written (the
    file then ends with its last whole game: a rerun resumes it).
    """
    try:
        run = Run(jobs, out)
    except (ResultsMismatch, ValueError) as exc:
        fail("--out", str(exc))
    except WriteError as exc:
        fail_write("--out", exc)
    except OSError as exc:
        fail("--out", f"cannot read {out}: {exc.strerror or exc}")
    if run.records and show_progress:
        played, todo = len(run.records), len(run.todo)
        err_console.print(f"{out}: {played} games already played, {todo} to play")
    capped = _cap_workers(workers, len(run.todo), backend)
    try:
        with progress_bar(show_progress) as progress:
            task = progress.add_task(description, total=len(jobs), completed=len(run.records))
            progress.reset(task, total=len(jobs), completed=len(run.records))
            for _ in run.play(capped or 0, backend, address):
                progress.advance(task)
    except KeyboardInterrupt:
        saved = f"; {len(run.records)} games are saved in {out}: rerun the same command to resume"
        typer.echo(f"Interrupted{saved if out is not None else ''}.", err=True)
        raise typer.Exit(130) from None
    except ImportError as exc:
        fail("--backend", str(exc))
    except RayStartError as exc:
        fail(exc.option, str(exc), code=exc.code)
    except RuntimeError as exc:
        fail(None, str(exc), code=1)
    except OSError as exc:
        kept = f"; {len(run.records)} whole games are kept in it: rerun the same command to resume"
        fail_write("--out", exc, out, kept if run.records else "")
    finally:
        run.close()
    return run.ordered(), len(run.todo)


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
