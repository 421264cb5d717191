"""``feathers learn``: learn a game in the terminal, one prepared position at a time.

The lessons are the game's own data (``core.lessons``: ``lessons/<mode>.json`` in its folder);
this module shows a ``LessonRun``: each step's table, what to look at and the question, then
judges the answer (the rules' refusal with its rule, the step's hint, or the explanation). At
the end it offers a short game against the easy computer player with hints on, the same as
``feathers play GAME --seats human,easy --hint``.

Answers are read with ``session.read_line``, so tests feed them through stdin.
"""

from __future__ import annotations

import inspect
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..core.lessons import Lesson, LessonError, LessonRun, Verdict, lessons_of, load_lesson
from ..core.registry import GameSpec
from ..core.rulebook import rulebook
from .common import GameArg, console, fail, say, spec_or_fail
from .options import examples, examples_text
from .rules import is_rules_command, show_rules
from .session import QUIT_WORDS, InputEnded, action_list, read_line
from .view import render_state

LEARN_HELP = """\
Answer with:
  a number          the action with that number (type ? for the list)
  an action's text  e.g. '{example}'
  ?                 every action you may take now, with what it does
  hint              the step's hint
  show              the table and the question again
  rules [words]     the rules: 'rules' lists the sections; rules 3, rules gap, or a rule id
  help              this text
  quit              stop the lesson"""

AFTER_AGENT = "easy"
"""The computer player of the short game that ends a lesson."""

ModeOpt = Annotated[
    str | None,
    typer.Option(
        "--mode",
        "-m",
        metavar="MODE",
        help="The lesson to play (see --list). Default: the game's first lesson.",
        show_default=False,
    ),
]
ListOpt = Annotated[bool, typer.Option("--list", help="List the game's lessons and exit.")]
PlayOpt = Annotated[
    bool | None,
    typer.Option(
        "--play/--no-play",
        help="After the lesson, play a short game against the easy computer player with hints "
        "on. Default: ask.",
        show_default=False,
    ),
]


def learn(
    game_id: GameArg,
    mode: ModeOpt = None,
    list_only: ListOpt = False,
    then_play: PlayOpt = None,
) -> None:
    """Learn to play a game: prepared positions, one rule at a time.

    Each step shows the table, says what to look at and asks for a move. A wrong move is
    explained (the rule it breaks, or a hint); a right one is explained too, and the lesson goes
    on. At the prompt you may also type ?, hint, show, rules [words], help or quit. At the end
    you may play a short game against the easy computer player with hints on.
    """
    spec = spec_or_fail(game_id)
    if list_only:
        _list(spec)
        return
    try:
        lessons = lessons_of(spec)
        if mode is not None:
            lesson = load_lesson(spec, mode)
        elif lessons:
            lesson = lessons[0]
        else:
            raise LessonError(f"{spec.title} has no lessons yet")
        run = LessonRun(lesson)
    except LessonError as exc:
        fail("--mode" if mode is not None else "GAME", str(exc))
    try:
        finished = _run(run)
    except InputEnded as exc:
        if exc.interrupted:
            typer.echo("Interrupted.", err=True)
            raise typer.Exit(130) from None
        typer.echo(
            f"Input ended at step {run.index + 1} of {len(lesson.steps)}; run the command "
            "again to start the lesson over.",
            err=True,
        )
        raise typer.Exit(1) from None
    if finished:
        _after(spec, lesson, then_play)


learn.__doc__ = f"{inspect.cleandoc(learn.__doc__ or '')}\n\n{examples_text(examples('learn'))}"


def _list(spec: GameSpec) -> None:
    try:
        lessons = lessons_of(spec)
    except LessonError as exc:
        fail("GAME", str(exc))
    if not lessons:
        say(f"{spec.title} has no lessons yet.")
        return
    table = Table(title=f"Lessons: {spec.title}", header_style="bold")
    table.add_column("mode", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("steps", justify="right")
    table.add_column("what it teaches")
    for lesson in lessons:
        table.add_row(lesson.mode, lesson.title, str(len(lesson.steps)), lesson.summary)
    console.print(table)
    say(f"Play one with: feathers learn {spec.id} --mode MODE", "dim")


def _show(run: LessonRun) -> None:
    """The current step: heading, table, what to look at, the question."""
    step = run.step
    lesson = run.lesson
    console.print()
    console.rule(f"{lesson.title}: step {run.index + 1} of {len(lesson.steps)}, {step.title}")
    console.print(render_state(run.game, run.position, lesson.seat))
    if step.look:
        say(step.look)
    ids = ", ".join(step.rules)
    say(f"Rules: {ids} (type rules {step.rules[0]} to read one)", "dim")
    say(step.ask, "bold")


def _run(run: LessonRun) -> bool:
    """Play the lesson to its end (True) or until the learner quits (False)."""
    _show(run)
    while not run.done:
        answer = read_line("learn> ").strip()
        word = answer.lower()
        if not word:
            continue
        if word in QUIT_WORDS:
            say("Lesson stopped.")
            return False
        if word in ("help", "h"):
            actions = run.legal_actions()
            example = str(actions[-1]) if actions else "?"
            console.print(LEARN_HELP.format(example=example), markup=False)
            continue
        if word == "?":
            actions = run.legal_actions()
            console.print(action_list(run.game, run.position, actions))
            continue
        if word in ("show", "look", "s"):
            _show(run)
            continue
        if word == "hint":
            say(run.step.hint, "cyan")
            continue
        if is_rules_command(answer):
            show_rules(run.lesson.game, answer)
            continue
        beyond = _out_of_list(run, answer)
        if beyond:
            say(beyond, "yellow")
            continue
        verdict = run.check(_answer(run, answer))
        _tell(run, verdict)
        if verdict.right and not run.done:
            _show(run)
    return True


def _answer(run: LessonRun, answer: str) -> object:
    """A list number as the action it numbers (as ``?`` lists them), else the text itself."""
    if answer.isdecimal() and len(answer) <= 4:
        actions = run.legal_actions()
        if 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
    return answer


def _out_of_list(run: LessonRun, answer: str) -> str | None:
    """What to say for a list number beyond the list (``99`` when ``?`` lists 8), else None."""
    if not answer.isdecimal():
        return None
    count = len(run.legal_actions())
    if 1 <= int(answer) <= count:
        return None
    return f"There is no action {answer}: type a number from 1 to {count} (? lists them)."


def _tell(run: LessonRun, verdict: Verdict) -> None:
    """Say what the verdict means, with the text of a refusal's rule."""
    if verdict.right:
        say(f"Right. {verdict.message}", "green")
        for reply in verdict.replies:
            say(reply)
        return
    if verdict.kind == "other":
        say(f"That is legal, but not the move this step asks for. {verdict.message}", "yellow")
        return
    label = "Not allowed" if verdict.kind == "refused" else "Not understood"
    rule = f" [{verdict.rule}]" if verdict.rule else ""
    say(f"{label}: {verdict.message}{rule}", "yellow")
    book = rulebook(spec_or_fail(run.lesson.game))
    found = book.rule(verdict.rule) if book is not None and verdict.rule else None
    if found is not None:
        console.print(Text(f"{found.id} {found.text}", style="dim"))


def _after(spec: GameSpec, lesson: Lesson, then_play: bool | None) -> None:
    """The lesson's last words, then the short game against the easy player (asked unless
    ``then_play`` says)."""
    console.print()
    console.rule("Lesson complete", style="green")
    if lesson.finish:
        say(lesson.finish)
    players = int(lesson.config.get("players", spec.players[0]))
    seats = ",".join(["human"] + [AFTER_AGENT] * (players - 1))
    options = {k: v for k, v in lesson.config.items() if k != "players"}
    flags = "".join(f" --{k.replace('_', '-')} {v}" for k, v in options.items())
    command = f"feathers play {spec.id} --seats {seats} --hint{flags}"
    if then_play is None:
        try:
            answer = read_line("Play a short game now, with hints? [y/N] ").strip().lower()
        except InputEnded:
            answer = ""
        then_play = answer in ("y", "yes")
    if not then_play:
        say(f"Play a game when you like: {command}", "dim")
        return
    from .play import play  # play imports much; only a game needs it

    say(f"Starting: {command}", "dim")
    # The command undecorated (options.game_command wraps it to gather the game flags).
    inspect.unwrap(play)(spec.id, players=players, seats=seats, hint=True, game_options=options)
