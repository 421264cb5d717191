"""Reviews of finished tables in the browser: ``agents.review`` run in the computer players' pool.

A browser at a finished table (a seat's player or a spectator) asks for the review of one seat
(``review`` ``{id?, seat}``, docs/protocol.md "Reviews"). Before the end it is refused
(``not_over``): the review searches from the seat's own view, but its figures over the other
seats' decisions and the chart would tell what the seat could not know yet, and a second search
engine during a game is a hint nobody asked for.

The review is made a decision at a time (``review_part`` in the ``ai.Pool``: each task replays
the record and searches one decision), so it never holds the event loop, other tables' computer
seats get the pool between two decisions, and a cancel takes effect after the decision in
progress. Bounds: one review per table at a time (another seat's is refused with ``busy``;
the same seat's is joined), at most ``Settings.review_slots`` server-wide (``full``). The
browsers that asked (the *watchers*) get ``review_progress`` ``{done, total}`` after each
decision and the ``review`` at the end; a watcher that cancels or leaves the table stops
watching, and the review stops when nobody watches (nothing is stored).

A finished review is stored with the table (``Store.save_review``, keyed by table, seat and
budget): asking again answers the stored one at once, without searching again. The budget is the
server's (``feathers serve --review-budget``, ``Settings.review_budget``); the seed is 0, as
``feathers review``'s default, so the same record, seat and budget give the same figures there.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..agents.hints import ESTIMATE_PLAYOUTS
from ..agents.review import Review, prepare, review_decision, svg_chart
from ..core.records import GameRecord
from . import views

if TYPE_CHECKING:
    from .hub import Connection, Hub
    from .tables import Table

log = logging.getLogger("fourfeathers.web")

REVIEW_BUDGET = 2000
"""The server's default iterations per reviewed decision (``feathers serve --review-budget``):
two thirds of the ``hard`` level's 3,000, so a two-player game reviews in well under a minute
of one compiled core (docs/review.md: 0.32 s per decision at 3,000, 150-220 decisions)."""

REVIEW_SLOTS = 2
"""The most reviews a server runs at once by default (``Settings.review_slots``)."""

REVIEW_SEED = 0
"""The seed of a web review (``feathers review``'s default)."""

MAX_REVIEW_BUDGET = 100_000
"""The largest ``--review-budget`` a server accepts."""


def review_part(record: dict[str, Any], seat: int, budget: int, start: int) -> Review:
    """In a worker: the ``Review`` of ``seat`` in ``record`` (``GameRecord`` fields) with
    ``budget`` iterations per search, holding decision ``start`` alone (none when ``start`` is
    ``total`` or more: the first call, ``start`` -1, gives the totals only). Raises
    ``agents.review.review``'s errors."""
    game_record = GameRecord(**record)
    result, todo = prepare(game_record, seat, budget, REVIEW_SEED)
    if 0 <= start < len(todo):
        index, state = todo[start]
        played = game_record.actions[index]
        playouts = ESTIMATE_PLAYOUTS  # a solo game's expected scores, as feathers review's
        result.decisions.append(review_decision(state, seat, played, index, result, playouts))
    return result


@dataclass
class Job:
    """A review in progress: the table, seat and budget, the connections watching it, and how
    far it is."""

    table: Table
    seat: int
    budget: int
    watchers: set[Any] = field(default_factory=set)
    done: int = 0
    total: int = 0


class ReviewError(Exception):
    """A review request refused: ``code`` (docs/protocol.md) and the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Reviews:
    """The reviews of a hub: at most one per table, ``Settings.review_slots`` in all."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.jobs: dict[str, Job] = {}

    def check(self, table: Table, seat: int) -> None:
        """Raise ``ReviewError`` for a review that may not be made: ``not_over`` while the game
        runs (its figures would reveal hidden cards), ``bad_field`` for a seat that is not one
        of the table's."""
        if not table.over:
            raise ReviewError(
                "not_over",
                "a game is reviewed after its end: the review would tell what the seats "
                "cannot know yet",
            )
        players = table.game.num_players
        if not 0 <= seat < players:
            raise ReviewError(
                "bad_field", f"'seat' must be a seat of this table (0 to {players - 1}), got {seat}"
            )

    async def ask(self, table: Table, conn: Connection, id: Any, seat: int) -> None:
        """Answer a ``review`` request of ``conn`` (module docstring): the stored review, or
        join the one running for this seat, or start it; ``error`` with the code otherwise."""
        try:
            self.check(table, seat)
            budget = self.hub.settings.review_budget
            stored = await self.hub.db(self.hub.store.review, table.id, seat, budget)
            if stored is not None:
                conn.send(views.encode(message(table, id, stored, stored=True)))
                return
            job = self.jobs.get(table.id)
            if job is not None and job.seat != seat:
                raise ReviewError(
                    "busy",
                    f"seat {job.seat + 1}'s review is being made at this table "
                    f"({job.done} of {job.total} decisions); ask again when it is done",
                )
            if job is None:
                if len(self.jobs) >= self.hub.settings.review_slots:
                    raise ReviewError(
                        "full",
                        f"the server makes {self.hub.settings.review_slots} reviews at once "
                        "already; try again in a minute",
                    )
                job = Job(table, seat, budget)
                self.jobs[table.id] = job
                self.hub.spawn(self._run(job))  # cancelled when the server stops
            job.watchers.add((conn, id))
            conn.send(views.encode(progress(job, id)))
        except ReviewError as exc:
            conn.send(views.encode(views.error(exc.code, exc.message, id)))

    def cancel(self, table: Table, conn: Connection, id: Any) -> None:
        """``conn`` stops watching the table's review (``review_cancelled`` for it); the review
        stops after its decision in progress when nobody watches any more."""
        job = self.jobs.get(table.id)
        mine = [] if job is None else [w for w in job.watchers if w[0] is conn]
        if job is None or not mine:
            conn.send(views.encode(views.error("no_review", "you are watching no review here", id)))
            return
        for watcher in mine:
            job.watchers.discard(watcher)
        conn.send(views.encode({"type": "review_cancelled", "id": id, "seat": job.seat}))

    def _watching(self, job: Job) -> set[Any]:
        """The watchers still at the table (a connection that left watches no more)."""
        job.watchers = {w for w in job.watchers if w[0] in job.table.connections}
        return job.watchers

    async def _run(self, job: Job) -> None:
        table, seat, budget = job.table, job.seat, job.budget
        record = {
            "game": table.record.game,
            "config": dict(table.record.config),
            "seed": table.record.seed,
            "actions": list(table.record.actions),
        }
        pool = self.hub.pool
        try:
            result: Review = await pool.run(review_part, record, seat, budget, -1)
            job.total = result.total
            for start in range(result.total):
                if not self._watching(job):
                    return  # cancelled by everyone: nothing stored
                part: Review = await pool.run(review_part, record, seat, budget, start)
                result.decisions += part.decisions
                job.done = start + 1
                for conn, id in list(self._watching(job)):
                    conn.send(views.encode(progress(job, id)))
            stored = {"review": result.to_dict(), "chart": svg_chart(result)}
            try:
                await self.hub.db(self.hub.store.save_review, table.id, seat, budget, stored)
            except Exception:  # kept for the watchers anyway; asked again, it is made again
                log.exception("table %s: storing the review of seat %d failed", table.id, seat)
            for conn, id in list(self._watching(job)):
                conn.send(views.encode(message(table, id, stored, stored=False)))
        except Exception as exc:
            log.exception("table %s: the review of seat %d failed", table.id, seat)
            for conn, id in list(self._watching(job)):
                text = f"the review failed ({exc}); nothing was stored"
                conn.send(views.encode(views.error("internal", text, id)))
        finally:
            self.jobs.pop(table.id, None)


def progress(job: Job, id: Any) -> dict[str, Any]:
    """``review_progress``: ``done`` of ``total`` decisions of ``seat`` searched (``total`` 0
    until the record was replayed)."""
    return {
        "type": "review_progress",
        "id": id,
        "seat": job.seat,
        "budget": job.budget,
        "done": job.done,
        "total": job.total,
    }


def message(table: Table, id: Any, data: dict[str, Any], *, stored: bool) -> dict[str, Any]:
    """``review``: ``result`` (``Review.to_dict``, each decision with ``event``: the number of
    the table's event that played it, for the replay), ``chart`` (``svg_chart``'s SVG text),
    ``stored`` (True: made before and answered from the database)."""
    result = dict(data["review"])
    live = table.live  # the event of each record action (the game is over: it never changes)
    result["decisions"] = [
        {**d, "event": live[d["index"]] if d["index"] < len(live) else None}
        for d in result["decisions"]
    ]
    return {
        "type": "review",
        "id": id,
        "seat": result["seat"],
        "stored": stored,
        "result": result,
        "chart": data["chart"],
    }
