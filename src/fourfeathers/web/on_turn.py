"""``feathers serve --on-turn COMMAND``: call a person back when their seat's turn starts.

For a person with no page open (a table played over days): whenever a claimed human seat's
turn starts, right after the event that starts it is stored (``hub.Hub._apply_one``), the
server runs ``COMMAND`` (split like a shell would, ``shlex``, but run without a shell) with
the table in environment variables (``environment``). Once per turn start: a reconnecting
page or a restarted server runs nothing; a seat that keeps deciding (a draw,
then put) is called once.

The command never holds up the table: it runs in an asyncio subprocess, at most
``CONCURRENCY`` at a time (the rest wait in a queue of at most ``QUEUE_LIMIT``; beyond that a
call is dropped and logged), is killed after ``timeout`` seconds, and every failure (not found,
not executable, a non-zero exit, a timeout) is one line in the server's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import shutil
import signal
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from ..core.table import HUMAN

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("fourfeathers.web.on_turn")

TIMEOUT = 30.0
"""Seconds a command may run before it is killed."""

CONCURRENCY = 4
"""Commands running at the same time; the others wait their turn."""

QUEUE_LIMIT = 256
"""Calls waiting at most; one more is dropped (and logged) rather than piling up."""

OUTPUT_LIMIT = 200
"""Characters of a failed command's output quoted in the log line."""


class CommandError(ValueError):
    """An ``--on-turn`` value that cannot be run (the message says why)."""


def parse_command(text: str) -> list[str]:
    """The argument list of an ``--on-turn`` value: split with ``shlex`` (quotes as in a
    shell, no shell run), its program found on ``PATH`` (or a path to an executable file).

    Raises ``CommandError``: empty, unbalanced quotes, or no such executable program.
    """
    try:
        argv = shlex.split(text)
    except ValueError as exc:  # "No closing quotation"
        raise CommandError(f"cannot split {text!r} into words: {exc}") from None
    if not argv:
        raise CommandError("empty: give the program to run and its arguments")
    if shutil.which(argv[0]) is None:
        where = "is not an executable file" if os.sep in argv[0] else "is not found on PATH"
        raise CommandError(f"program {argv[0]!r} {where}")
    return argv


def turn_starts(table: Table) -> int | None:
    """The human seat whose turn starts with the table's latest event, or None.

    A turn starts for seat S when S is to choose now (a claimed human seat, the game not over,
    and more than one legal action: one alone is a forced decision the table makes) and the
    latest event that was not one of S's forced decisions is another seat's: S's own move or
    undo means S is at the table already.
    """
    if table.over:
        return None
    seat = table.state.current_player
    if table.kinds[seat] != HUMAN or table.tokens[seat] is None or table.forced_pending():
        return None
    for row in reversed(table.log):
        if row.kind == "forced" and row.seat == seat:
            continue
        return None if row.seat == seat else seat
    return seat


def environment(table: Table, seat: int, public_url: str) -> dict[str, str]:
    """The variables a command gets (besides the server's own environment).

    ``FEATHERS_TABLE`` (the id), ``FEATHERS_SEAT`` (counted from 1, as the pages show it),
    ``FEATHERS_SEAT_NAME`` ("Seat 2"), ``FEATHERS_GAME`` (the game's id),
    ``FEATHERS_GAME_TITLE``, ``FEATHERS_URL`` (the table page: never a seat token or invite
    code; the person's browser holds the token), ``FEATHERS_EVENT`` (the number of the event
    that started the turn), ``FEATHERS_LAST`` (that event in public words, as the game log
    shows it to everyone).
    """
    last = table.log[-1] if table.log else None
    return {
        "FEATHERS_TABLE": table.id,
        "FEATHERS_SEAT": str(seat + 1),
        "FEATHERS_SEAT_NAME": f"Seat {seat + 1}",
        "FEATHERS_GAME": table.game.id,
        "FEATHERS_GAME_TITLE": table.game.title,
        "FEATHERS_URL": f"{public_url.rstrip('/')}/t/{table.id}",
        "FEATHERS_EVENT": str(table.n),
        "FEATHERS_LAST": f"Seat {last.seat + 1}: {last.words}" if last else "",
    }


class OnTurn:
    """Runs ``argv`` when a human seat's turn starts (``table_moved``), off the event loop.

    ``spawn`` starts a coroutine as a task the server owns (``Hub.spawn``: cancelled when the
    server stops, and a running command is then killed).
    """

    def __init__(
        self,
        argv: list[str],
        public_url: str,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        timeout: float = TIMEOUT,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self.argv = argv
        self.public_url = public_url
        self.spawn = spawn
        self.timeout = timeout
        self.slots = asyncio.Semaphore(concurrency)
        self.waiting = 0

    def table_moved(self, table: Table) -> None:
        """Called after each stored and applied event of ``table``: runs the command if a
        human seat's turn starts with it (``turn_starts``)."""
        seat = turn_starts(table)
        if seat is None:
            return
        if self.waiting >= QUEUE_LIMIT:
            log.warning(
                "--on-turn: %d calls waiting; table %s seat %d not called",
                self.waiting,
                table.id,
                seat + 1,
            )
            return
        self.waiting += 1
        self.spawn(self.run(environment(table, seat, self.public_url)))

    async def run(self, variables: dict[str, str]) -> None:
        """Run the command once with ``variables``; logs its failure, never raises."""
        where = f"table {variables['FEATHERS_TABLE']} seat {variables['FEATHERS_SEAT']}"
        try:
            async with self.slots:
                self.waiting -= 1
                await self._run(variables, where)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug here must not reach the table
            log.exception("--on-turn: %s: failed", where)

    async def _run(self, variables: dict[str, str], where: str) -> None:
        try:
            process = await asyncio.create_subprocess_exec(
                *self.argv,
                env={**os.environ, **variables},
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
            )
        except OSError as exc:  # removed or made non-executable since the server started
            log.warning("--on-turn: %s: cannot run %s: %s", where, self.argv[0], exc)
            return
        try:
            output, _ = await asyncio.wait_for(process.communicate(), self.timeout)
        except TimeoutError:
            _kill(process)
            await process.wait()
            log.warning(
                "--on-turn: %s: %s ran for more than %g seconds: killed",
                where,
                self.argv[0],
                self.timeout,
            )
            return
        except asyncio.CancelledError:  # the server stops
            _kill(process)
            raise
        if process.returncode != 0:
            said = output.decode(errors="replace").strip()[-OUTPUT_LIMIT:]
            log.warning(
                "--on-turn: %s: %s exited with %s%s",
                where,
                self.argv[0],
                process.returncode,
                f": {said}" if said else "",
            )


def _kill(process: asyncio.subprocess.Process) -> None:
    """Kill the command and what it started (it runs in a session of its own)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
