"""Learn to play in the browser, and the rules at the table (issue 34): the lessons' and the
rules' HTTP routes and their pages (docs/protocol.md "Lessons and rules", docs/pages.md).

The lessons are the games' own data (``core.lessons``: ``lessons/<mode>.json`` in a game's
folder) and the rules their ``rules.md`` (``core.rulebook``); nothing here names a game.

The server keeps no lesson session: every request names the step it is about, and the step's
position is rebuilt from the lesson file by answering the steps before it with their first
right move (``LessonRun``), a few moves at most. So a page can be reloaded, opened twice or
left for a week, and the server holds nothing for it.

- ``GET /api/lessons/{game}``: the game's lessons (``lessons``).
- ``GET /api/lessons/{game}/{mode}?step=k``: step ``k`` (from 0; ``k`` = the number of steps:
  the lesson's end) as the page draws it (``step_view``), with the catalogue of the game.
- ``POST /api/lessons/{game}/{mode}/check`` ``{"step": k, "action": text}``: judge an answer
  (``LessonRun.check``): ``{"verdict": {...}, "next": step k+1 or null}``.
- ``GET /api/rules/{game}``: the game's rules in sections (``rules``).
- ``/learn/{game}`` and ``/learn/{game}/{mode}``: the lesson page (``static/learn.js``).

Errors have the API's shape ``{"error", "message"}``: 404 ``not_found`` for an unknown game or
mode, 422 ``bad_request`` naming the field (``step``, ``action``, ``body``), 413 ``too_large``
for a body over ``MAX_BODY`` bytes (refused before it is read whole).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import ConfigError
from ..core.lessons import Lesson, LessonError, LessonRun, Verdict, lessons_of, load_lesson
from ..core.registry import GameSpec, game_spec
from ..core.rulebook import Rulebook, rulebook
from . import views

MAX_BODY = 4096
"""The largest ``check`` body taken, in bytes."""

MAX_ACTION = 200
"""The longest answer taken, in characters (an action's text is far shorter)."""

MAX_STEP = 1000
"""The largest step number a request may name (a lesson has 8 to 15)."""

AFTER_AGENT = "easy"
"""The computer player of the short game that ends a lesson (as ``feathers learn``)."""


class LessonRequestError(ValueError):
    """A lesson request the server refuses: ``status`` (404, 413 or 422), ``code``
    (``not_found``, ``too_large``, ``bad_request``) and the message naming the field."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class Check(BaseModel):
    """``POST /api/lessons/{game}/{mode}/check``: the step answered (from 0) and the answer,
    an action's text (``str(action)``, as the page's buttons send it)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    step: int = Field(ge=0, le=MAX_STEP)
    action: str = Field(min_length=1, max_length=MAX_ACTION)


def _spec(game: str) -> GameSpec:
    """The game ``game``; raises ``LessonRequestError`` (404) naming it."""
    try:
        return game_spec(game)
    except ConfigError as exc:
        raise LessonRequestError(404, "not_found", str(exc)) from None


@lru_cache(maxsize=64)
def _lesson(game: str, mode: str) -> Lesson:
    """The lesson ``mode`` of ``game``, read once. Raises ``LessonRequestError`` (404) for an
    unknown game or mode (the message lists the game's lessons)."""
    spec = _spec(game)
    try:
        return load_lesson(spec, mode)
    except LessonError as exc:
        raise LessonRequestError(404, "not_found", str(exc)) from None


def run_at(game: str, mode: str, step: int) -> LessonRun:
    """The lesson ``mode`` of ``game`` at ``step`` (0-based; the number of steps: done),
    reached by answering each step before it with its first right move.

    Raises ``LessonRequestError``: 404 for an unknown game or mode, 422 naming ``step`` when it
    is out of range.
    """
    lesson = _lesson(game, mode)
    count = len(lesson.steps)
    if not 0 <= step <= count:
        raise LessonRequestError(
            422, "bad_request", f"step: must be 0-{count} (this lesson has {count} steps)"
        )
    run = LessonRun(lesson)
    while run.index < step:
        run.check(run.step.moves[0])
    return run


def lessons(game: str) -> dict[str, Any]:
    """``GET /api/lessons/{game}``: ``{"game", "title", "lessons": [{"mode", "title",
    "summary", "steps", "order", "config", "seat"}]}``, the first one what "Learn" opens.
    Raises ``LessonRequestError`` (404) for an unknown game."""
    spec = _spec(game)
    try:
        found = lessons_of(spec)
    except LessonError as exc:  # pragma: no cover - the lessons' tests keep the files right
        raise LessonRequestError(500, "bad_lesson", str(exc)) from None
    return {
        "game": spec.id,
        "title": spec.title,
        "lessons": [
            {
                "mode": lesson.mode,
                "title": lesson.title,
                "summary": lesson.summary,
                "steps": len(lesson.steps),
                "order": lesson.order,
                "config": dict(lesson.config),
                "seat": lesson.seat,
            }
            for lesson in found
        ],
    }


def position(run: LessonRun) -> dict[str, Any]:
    """The step's position in the shape of the table page's ``state`` message
    (docs/protocol.md), as the learner's seat sees it, so the game's own view draws it like a
    real table: ``game``, ``title``, ``config``, ``seats`` (the learner's ``human``, the others
    ``lesson``), ``status``, ``n`` (the step), ``to_move``, ``public`` and ``derived``, ``you``,
    ``private`` (the learner's observation and its ``derived``), ``legal`` (``action``,
    ``words``, ``fields``) and ``undo`` (always null)."""
    game, state, seat = run.game, run.position, run.lesson.seat
    public = state.public_observation()
    own = state.observation(seat)
    private: dict[str, Any] = {"seat": seat, "observation": own}
    mine = views.derived(game, own, seat)
    if mine is not None:
        private["derived"] = mine
    out: dict[str, Any] = {
        "table": None,
        "game": game.id,
        "title": game.title,
        "config": game.config,
        "seats": [
            {"seat": s, "kind": "human" if s == seat else "lesson", "claimed": True}
            for s in range(game.num_players)
        ],
        "open": False,
        "status": "running",
        "n": run.index,
        "moves": 0,
        "to_move": state.current_player,
        "rematch": None,
        "public": public,
        "you": [seat],
        "private": [private],
        "legal": [
            {
                "action": str(a),
                "words": game.describe_action(state, a),
                "fields": game.action_fields(state, a),
            }
            for a in state.legal_actions()
        ],
        "undo": None,
    }
    extra = views.derived(game, public, None)
    if extra is not None:
        out["derived"] = extra
    return out


def play_after(run: LessonRun) -> dict[str, Any]:
    """The short game that ends the lesson, as ``POST /api/tables`` takes it: the lesson's
    options, the learner in seat 1 and ``easy`` in the others (as ``feathers learn``)."""
    players = run.game.num_players
    return {
        "game": run.lesson.game,
        "options": dict(run.lesson.config),
        "seats": ["human"] + [AFTER_AGENT] * (players - 1),
    }


def step_view(run: LessonRun, catalogue: bool = True) -> dict[str, Any]:
    """The lesson at ``run``'s step for the page: ``LessonRun.view()``'s ``game``, ``mode``,
    ``title``, ``step``, ``steps``, ``done``, the lesson's ``summary`` and, while not done,
    ``step_title``, ``look``, ``ask``, ``rules`` (ids), the step's ``hint`` and ``state``
    (``position``); once done ``finish`` and ``play``
    (``play_after``). With ``catalogue``, also the game's ``catalogue`` (its ``web`` part's
    public data, as ``/api/tables/{id}/catalogue`` gives a table's)."""
    base = run.view()
    out: dict[str, Any] = {
        key: base[key] for key in ("game", "mode", "title", "step", "steps", "done")
    }
    out["summary"] = run.lesson.summary
    if run.done:
        out["finish"] = base["finish"]
        out["play"] = play_after(run)
    else:
        for key in ("step_title", "look", "ask", "rules"):
            out[key] = base[key]
        out["hint"] = run.step.hint
        out["state"] = position(run)
    if catalogue:
        out["catalogue"] = views.game_catalogue(run.game)
    return out


def verdict(game: str, found: Verdict) -> dict[str, Any]:
    """A verdict for the page: ``kind`` (``right``, ``refused``, ``other``, ``unknown``),
    ``message`` (the explanation, the refusal in the game's words, or the step's hint),
    ``rule`` (a refusal's rule id, else empty), ``rule_text`` (that rule's text from the game's
    rules, else empty) and ``replies`` (after a right answer: the ``then`` moves in words)."""
    book = _book(game)
    found_rule = book.rule(found.rule) if book is not None and found.rule else None
    return {
        "kind": found.kind,
        "message": found.message,
        "rule": found.rule,
        "rule_text": found_rule.text if found_rule is not None else "",
        "replies": list(found.replies),
    }


def check(game: str, mode: str, body: Check) -> dict[str, Any]:
    """``POST /api/lessons/{game}/{mode}/check``: ``{"verdict": verdict, "next": the next
    step's ``step_view`` (no catalogue) after a right answer, else null}``. Nothing is kept.
    Raises ``LessonRequestError``: 404 (game, mode), 422 naming ``step`` (out of range, or the
    lesson's end, which takes no answer)."""
    run = run_at(game, mode, body.step)
    if run.done:
        raise LessonRequestError(
            422,
            "bad_request",
            f"step: the lesson has {len(run.lesson.steps)} steps, 0-"
            f"{len(run.lesson.steps) - 1}; step {body.step} is its end and takes no answer",
        )
    found = run.check(body.action)
    return {
        "verdict": verdict(game, found),
        "next": step_view(run, catalogue=False) if found.right else None,
    }


@lru_cache(maxsize=64)
def _book(game: str) -> Rulebook | None:
    return rulebook(_spec(game))


def rules(game: str) -> dict[str, Any]:
    """``GET /api/rules/{game}``: ``{"game", "title", "sections": [{"number", "title",
    "intro", "rules": [{"id", "text"}]}]}``, the game's rules in the file's order (sections
    numbered from 1, as ``rules N`` at the terminal's prompt); no sections for a game that
    ships no rules. Raises ``LessonRequestError`` (404) for an unknown game."""
    spec = _spec(game)
    book = _book(spec.id)
    if book is None:
        return {"game": spec.id, "title": spec.title, "sections": []}
    return {
        "game": spec.id,
        "title": book.title or spec.title,
        "sections": [
            {
                "number": number,
                "title": section.title,
                "intro": section.intro,
                "rules": [{"id": r.id, "text": r.text} for r in section.rules],
            }
            for number, section in enumerate(book.sections, start=1)
        ],
    }


async def _read_check(request: Request) -> Check:
    """The ``check`` body, read at most ``MAX_BODY`` bytes of it. Raises
    ``LessonRequestError`` (413 over the limit, 422 naming the field at fault)."""
    declared = request.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > MAX_BODY:
        raise LessonRequestError(413, "too_large", f"body: at most {MAX_BODY} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise LessonRequestError(413, "too_large", f"body: at most {MAX_BODY} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise LessonRequestError(422, "bad_request", "body: not a JSON object") from None
    try:
        return Check.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "body"
            problems.append(f"{where}: {error['msg']}")
        raise LessonRequestError(422, "bad_request", "; ".join(problems)) from None


def add_lessons(app: FastAPI, page: Callable[[], str]) -> None:
    """Add the lessons' and the rules' routes and the lesson page to ``app``; ``page()`` is
    the text of ``static/page.html``."""

    @app.exception_handler(LessonRequestError)
    async def _refused(request: Request, exc: LessonRequestError) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": exc.message}, exc.status)

    @app.get("/api/lessons/{game}")
    async def game_lessons(game: str) -> dict[str, Any]:
        return lessons(game)

    @app.get("/api/lessons/{game}/{mode}")
    async def lesson_step(game: str, mode: str, step: str = "0") -> dict[str, Any]:
        if not (step.isdecimal() and len(step) <= 4):
            raise LessonRequestError(422, "bad_request", "step: must be a whole number from 0")
        return step_view(run_at(game, mode, int(step)))

    @app.post("/api/lessons/{game}/{mode}/check")
    async def lesson_check(game: str, mode: str, request: Request) -> dict[str, Any]:
        _lesson(game, mode)  # an unknown game or mode first: 404 whatever the body
        return check(game, mode, await _read_check(request))

    @app.get("/api/rules/{game}")
    async def game_rules(game: str) -> dict[str, Any]:
        return rules(game)

    @app.get("/learn/{game}", response_class=HTMLResponse)
    async def learn_page(game: str) -> Response:
        try:
            _spec(game)
        except LessonRequestError:
            return HTMLResponse(page(), status_code=404)
        return HTMLResponse(page())

    @app.get("/learn/{game}/{mode}", response_class=HTMLResponse)
    async def lesson_page(game: str, mode: str) -> Response:
        try:
            _lesson(game, mode)
        except LessonRequestError:
            return HTMLResponse(page(), status_code=404)
        return HTMLResponse(page())
