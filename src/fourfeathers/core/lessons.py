"""Lessons: learn a game by playing prepared positions, one rule at a time.

A lesson is data: one JSON file per game mode in the ``lessons/`` folder of the game's package
(``GameSpec.folder()``), e.g. ``lessons/solo.json``; its mode is the file's name without
``.json``. A new game adds lessons by adding files there: this module names no game. The format,
field by field, is in ``docs/learn.md``; in short::

    {"format": 1, "title": "...", "summary": "...", "order": 1,
     "config": {"players": 2}, "seat": 0, "finish": "...",
     "steps": [{"title": "...", "state": {...}, "look": "...", "ask": "...",
                "moves": ["draw 1"], "explain": "...", "hint": "...",
                "rules": ["<id>"], "then": ["put 4 on 2"],
                "mistakes": [{"move": "take 3", "rule": "<id>"}]}]}

``state`` is a ``State.to_dict()`` of the game built from ``config`` (the first step must have
one; a later step without it goes on from the position the previous step's move and its
``then`` moves made). ``moves`` are the answers the step takes, as action text
(``str(action)``, what ``feathers play`` accepts); ``then`` are moves applied after a right
answer (other seats' replies, the rules' own steps), ``mistakes`` are moves a learner might try
that the rules refuse, each with the rule id the refusal names (the tests check each).

``load_lesson``/``lessons_of`` read and check a file (a ``LessonError`` names the file and the
field); ``LessonRun`` plays one: ``position``, ``check(answer)`` -> ``Verdict`` (right: the
explanation and the next step; wrong: the rules' refusal with its rule id, or "legal, but not
the move this step asks for" with the step's hint), ``view()`` for a page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import IllegalActionError
from .game import Action, Game, State
from .registry import GameSpec, game_spec, make
from .rulebook import rulebook

FORMAT = 1
"""The lesson format this module reads (the file's ``format`` field)."""

LESSONS_FOLDER = "lessons"
"""The folder of a game's package that holds its lessons."""

MAX_LESSON_BYTES = 1_000_000
"""A lesson file larger than this is refused unread."""


class LessonError(ValueError):
    """A lesson file that cannot be played: the message names the file and the field
    (``<game> lesson lessons/solo.json: steps[3].moves[0]: ...``)."""


@dataclass(frozen=True)
class Mistake:
    """A move a learner might try that the rules refuse, and the rule id the refusal names."""

    move: str
    rule: str


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    Attributes:
        title: a few words naming what the step teaches.
        look: what to look at on the table.
        ask: the question: what to do.
        moves: the right answers, action text (``str(action)``); at least one.
        explain: said after a right answer: why it is right.
        hint: said after a legal answer that is not one of ``moves``.
        rules: the ids of the rules the step teaches (``docs/rules/<game>.md``).
        state: the position (``State.to_dict()``), or None to go on from the previous step.
        then: moves applied after a right answer, in order (other seats, the rules' steps).
        mistakes: moves the rules refuse here, each with the rule the refusal names.
    """

    title: str
    look: str
    ask: str
    moves: tuple[str, ...]
    explain: str
    hint: str
    rules: tuple[str, ...]
    state: Mapping[str, Any] | None = None
    then: tuple[str, ...] = ()
    mistakes: tuple[Mistake, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A whole lesson, read and checked.

    Attributes:
        game: the registry id of the game.
        mode: the file's name without ``.json`` (``"solo"``...), what ``feathers learn --mode``
            takes.
        title, summary: its name and one sentence on what it teaches.
        order: lessons of a game are listed by ``order``, then mode.
        config: the game's options (``make(game, **config)``).
        seat: the seat the learner plays (0-based); every step's position is theirs to move.
        finish: said at the end, before the short game against a computer seat.
        steps: the steps, in order.
        source: where it was read from, for messages.
    """

    game: str
    mode: str
    title: str
    summary: str
    order: int
    config: Mapping[str, Any]
    seat: int
    finish: str
    steps: tuple[Step, ...]
    source: str

    def make_game(self) -> Game:
        """The game the lesson is played in. Raises ``ConfigError`` for a bad ``config``."""
        return make(self.game, **self.config)


@dataclass(frozen=True)
class Verdict:
    """What ``LessonRun.check`` says of an answer.

    Attributes:
        kind: ``"right"``; ``"refused"`` (the rules forbid it: ``rule`` names the rule);
            ``"other"`` (legal, but not a move this step asks for); ``"unknown"`` (no action of
            the game, and no rule named).
        message: what to tell the learner: the explanation, the refusal in the game's words,
            or the step's hint.
        rule: the rule id of a refusal (may be empty for a malformed action), else empty.
        replies: after a right answer, the ``then`` moves in the game's words.
    """

    kind: str
    message: str
    rule: str = ""
    replies: tuple[str, ...] = ()

    @property
    def right(self) -> bool:
        """True for a right answer."""
        return self.kind == "right"


def _fail(where: str, field: str, problem: str) -> LessonError:
    return LessonError(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


def _text(data: Mapping[str, Any], key: str, where: str, field: str, empty: bool = False) -> str:
    value = data.get(key, "" if empty else None)
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise _fail(where, f"{field}{key}", "must be a text" + ("" if empty else ", not empty"))
    return value


def _texts(data: Mapping[str, Any], key: str, where: str, field: str, need: bool) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(where, f"{field}{key}", "must be a list of texts")
    if need and not value:
        raise _fail(where, f"{field}{key}", "must name at least one")
    return list(value)


_LESSON_KEYS = {"format", "title", "summary", "order", "config", "seat", "finish", "steps"}
_STEP_KEYS = {
    "title",
    "state",
    "look",
    "ask",
    "moves",
    "explain",
    "hint",
    "rules",
    "then",
    "mistakes",
}


def parse_lesson(data: Any, game: str, mode: str, source: str) -> Lesson:
    """Check the decoded JSON ``data`` of a lesson of ``game`` and build it. Checks the fields'
    shapes and that every rule id is a rule of the game's rules (``core.rulebook``); whether
    the positions and moves fit the rules is ``LessonRun``'s (``check_lesson`` walks them all).

    Raises ``LessonError`` naming ``source`` and the field at fault.
    """
    where = source
    if not isinstance(data, dict):
        raise _fail(where, "", "a lesson is a JSON object")
    unknown = sorted(set(data) - _LESSON_KEYS)
    if unknown:
        raise _fail(
            where, unknown[0], f"no such field; the fields: {', '.join(sorted(_LESSON_KEYS))}"
        )
    if data.get("format") != FORMAT:
        raise _fail(where, "format", f"must be {FORMAT}, got {data.get('format')!r}")
    order = data.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):
        raise _fail(where, "order", "must be an integer")
    config = data.get("config", {})
    if not isinstance(config, dict):
        raise _fail(where, "config", "must be an object of the game's options")
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise _fail(where, "seat", "must be a seat number from 0")
    book = rulebook(game_spec(game))
    known = book.rules if book is not None else None
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise _fail(where, "steps", "must be a list of at least one step")
    steps = []
    for i, item in enumerate(steps_data):
        field = f"steps[{i}]."
        if not isinstance(item, dict):
            raise _fail(where, f"steps[{i}]", "a step is a JSON object")
        unknown = sorted(set(item) - _STEP_KEYS)
        if unknown:
            raise _fail(
                where,
                field + unknown[0],
                f"no such field; the fields: {', '.join(sorted(_STEP_KEYS))}",
            )
        state = item.get("state")
        if state is not None and not isinstance(state, dict):
            raise _fail(where, field + "state", "must be a game state (a JSON object)")
        if i == 0 and state is None:
            raise _fail(where, field + "state", "the first step must give a position")
        rules = _texts(item, "rules", where, field, need=True)
        for k, rule in enumerate(rules):
            if known is not None and rule not in known:
                raise _fail(where, f"{field}rules[{k}]", f"{rule!r} is not a rule of {game}")
        mistakes = []
        raw = item.get("mistakes", [])
        if not isinstance(raw, list):
            raise _fail(where, field + "mistakes", "must be a list of {move, rule} objects")
        for k, m in enumerate(raw):
            at = f"{field}mistakes[{k}]"
            if not isinstance(m, dict) or set(m) != {"move", "rule"}:
                raise _fail(where, at, "must be an object with a move and a rule")
            move, rule = _text(m, "move", where, at + "."), _text(m, "rule", where, at + ".")
            if known is not None and rule not in known:
                raise _fail(where, f"{at}.rule", f"{rule!r} is not a rule of {game}")
            mistakes.append(Mistake(move, rule))
        steps.append(
            Step(
                title=_text(item, "title", where, field),
                look=_text(item, "look", where, field, empty=True),
                ask=_text(item, "ask", where, field),
                moves=tuple(_texts(item, "moves", where, field, need=True)),
                explain=_text(item, "explain", where, field),
                hint=_text(item, "hint", where, field),
                rules=tuple(rules),
                state=state,
                then=tuple(_texts(item, "then", where, field, need=False)),
                mistakes=tuple(mistakes),
            )
        )
    return Lesson(
        game=game,
        mode=mode,
        title=_text(data, "title", where, ""),
        summary=_text(data, "summary", where, ""),
        order=order,
        config=dict(config),
        seat=seat,
        finish=_text(data, "finish", where, "", empty=True),
        steps=tuple(steps),
        source=source,
    )


def lesson_modes(spec: GameSpec) -> list[str]:
    """The modes ``spec``'s game has lessons for (its ``lessons/*.json`` files), by name."""
    folder = spec.folder() / LESSONS_FOLDER
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_lesson(spec: GameSpec, mode: str) -> Lesson:
    """Read and check the lesson ``mode`` of ``spec``'s game (``parse_lesson``).

    Raises ``LessonError`` for an unknown mode (listing the game's modes), a file that is not
    JSON, or a field at fault, naming the file.
    """
    modes = lesson_modes(spec)
    if mode not in modes:
        have = f"its lessons: {', '.join(modes)}" if modes else "it has no lessons"
        raise LessonError(f"{spec.title} has no lesson {mode!r}; {have}")
    path = spec.folder() / LESSONS_FOLDER / f"{mode}.json"
    source = f"{spec.id} lesson {LESSONS_FOLDER}/{mode}.json"
    raw = path.read_bytes()
    if len(raw) > MAX_LESSON_BYTES:
        raise LessonError(f"{source}: larger than {MAX_LESSON_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LessonError(f"{source}: not JSON text ({exc})") from None
    return parse_lesson(data, spec.id, mode, source)


def lessons_of(spec: GameSpec) -> list[Lesson]:
    """Every lesson of ``spec``'s game, by ``order`` then mode. Raises ``LessonError`` for the
    first one at fault."""
    lessons = [load_lesson(spec, mode) for mode in lesson_modes(spec)]
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.mode))


class LessonRun:
    """One lesson being played: the current step and position.

    ``position`` is the state the learner (``lesson.seat``) moves in now; ``check(answer)``
    judges an answer and, when it is right, applies it and the step's ``then`` moves and goes on
    to the next step (``done`` after the last). Nothing else changes the position: a wrong
    answer leaves it as it was.

    Raises ``LessonError`` (naming the file and the step's field) when a step's position cannot
    be loaded, is not the learner's to move, or a ``then`` move is not legal.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        try:
            self.game = lesson.make_game()
        except ValueError as exc:
            raise _fail(lesson.source, "config", str(exc)) from None
        if not lesson.seat < self.game.num_players:
            raise _fail(lesson.source, "seat", f"the game has {self.game.num_players} seat(s)")
        self.index = 0
        self.position: State = self._load(0, None)

    @property
    def done(self) -> bool:
        """True once every step was answered rightly."""
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        """The current step. Raises ``IndexError`` when the lesson is done."""
        return self.lesson.steps[self.index]

    def _load(self, index: int, previous: State | None) -> State:
        step = self.lesson.steps[index]
        where = f"steps[{index}].state"
        if step.state is not None:
            try:
                state = self.game.state_from_dict(step.state)
            except ValueError as exc:
                raise _fail(self.lesson.source, where, str(exc)) from None
        else:
            assert previous is not None  # parse_lesson: the first step has a state
            state = previous
        if state.is_terminal() or state.current_player != self.lesson.seat:
            raise _fail(
                self.lesson.source, where, f"the position is not seat {self.lesson.seat}'s to move"
            )
        return state

    def legal_actions(self) -> list[Action]:
        """The learner's legal actions in the current position."""
        return self.position.legal_actions()

    def parse(self, answer: str | Action) -> Action:
        """The action ``answer`` means: an action of the game, or its text. Raises
        ``IllegalActionError`` (no rule) for text that is no action of the game."""
        if isinstance(answer, str):
            return self.game.parse_action(answer.strip())
        return answer

    def check(self, answer: str | Action) -> Verdict:
        """Judge ``answer`` (action text, or an action from ``legal_actions``) in the current
        step; see ``Verdict``. A right answer moves the lesson on. Raises ``IndexError`` when
        the lesson is done, ``LessonError`` when a ``then`` move or the next position is not
        what the file says."""
        step = self.step
        try:
            action = self.parse(answer)
        except IllegalActionError as exc:  # a rule already refuses some texts (a slot 9)
            return Verdict("refused" if exc.rule else "unknown", exc.reason, exc.rule)
        if action not in self.position.legal_actions():
            probe = self.position.clone()
            try:
                probe.apply_action(action)
            except IllegalActionError as exc:
                return Verdict("refused", exc.reason, exc.rule)
            return Verdict("refused", f"{action} is not allowed now")  # pragma: no cover
        wanted = {self.game.parse_action(m) for m in step.moves}
        if action not in wanted:
            return Verdict("other", step.hint)
        after = self.position.clone()
        after.apply_action(action)
        replies = []
        for k, text in enumerate(step.then):
            try:
                reply = after.action_from_text(text)
            except IllegalActionError as exc:
                field = f"steps[{self.index}].then[{k}]"
                raise _fail(self.lesson.source, field, str(exc)) from None
            player = after.current_player
            words = self.game.describe_action(after, reply)
            after.apply_action(reply)
            replies.append(f"Seat {player + 1}: {words}" if player != self.lesson.seat else words)
        self.index += 1
        if not self.done:
            self.position = self._load(self.index, after)
        else:
            self.position = after
        return Verdict("right", step.explain, "", tuple(replies))

    def view(self) -> dict[str, Any]:
        """The current step for a page, JSON-ready: ``game``, ``mode``, ``title``, ``step`` (0-
        based) and ``steps`` (count), ``done``, and while not done ``look``, ``ask``,
        ``rules`` (ids), ``step_title``, ``seat`` and ``observation`` (the learner's,
        ``State.observation``) and ``actions`` (text and structured form,
        ``Game.action_fields``, of each legal action)."""
        out: dict[str, Any] = {
            "game": self.lesson.game,
            "mode": self.lesson.mode,
            "title": self.lesson.title,
            "step": self.index,
            "steps": len(self.lesson.steps),
            "done": self.done,
        }
        if self.done:
            out["finish"] = self.lesson.finish
            return out
        step = self.step
        state = self.position
        out.update(
            step_title=step.title,
            look=step.look,
            ask=step.ask,
            rules=list(step.rules),
            seat=self.lesson.seat,
            observation=state.observation(self.lesson.seat),
            actions=[
                {"text": str(a), "fields": self.game.action_fields(state, a)}
                for a in state.legal_actions()
            ],
        )
        return out


def check_lesson(lesson: Lesson) -> list[str]:
    """Walk ``lesson`` through the rules and return what is wrong with it (empty: nothing).

    For every step: the position loads and is the learner's to move; every move of ``moves`` is
    legal there and is answered "right"; every mistake is refused naming its rule; the first
    move and the ``then`` moves lead on to the next step. Never raises for a bad lesson: each
    problem is one line naming the file and the field.
    """
    problems: list[str] = []
    try:
        run = LessonRun(lesson)
    except LessonError as exc:
        return [str(exc)]
    while not run.done:
        i = run.index
        step = run.step
        field = f"{lesson.source}: steps[{i}]"
        for k, m in enumerate(step.mistakes):
            verdict = run.check(m.move)
            if verdict.kind != "refused" or verdict.rule != m.rule:
                problems.append(
                    f"{field}.mistakes[{k}]: {m.move!r} gives {verdict.kind} "
                    f"[{verdict.rule}], not a refusal naming {m.rule}"
                )
        for k, move in enumerate(step.moves[1:], start=1):
            probe = LessonRun.__new__(LessonRun)
            probe.lesson, probe.game, probe.index = lesson, run.game, i
            probe.position = run.position.clone()
            try:
                verdict = probe.check(move)
            except LessonError as exc:
                problems.append(str(exc))
                continue
            if not verdict.right:
                problems.append(
                    f"{field}.moves[{k}]: {move!r} is {verdict.kind}: {verdict.message}"
                )
        try:
            verdict = run.check(step.moves[0])
        except LessonError as exc:
            problems.append(str(exc))
            break
        if not verdict.right:
            problems.append(
                f"{field}.moves[0]: {step.moves[0]!r} is {verdict.kind}: {verdict.message}"
            )
            break
    return problems
