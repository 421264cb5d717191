"""One game in the terminal: the ``Session`` that asks human seats and lets computer seats play.

Seats are numbered from 1 for people (``Seat 2: ...``) and from 0 inside. A game is played
at a ``core.table.Table``, which records it as it goes and holds the rules the server shares:
who moves, the decisions a human seat has no choice in (made without asking, marked forced)
and the undo rule (``Table.undo_count``).

Hidden information: with one human seat the screen only ever shows what that seat may see
(``view.render_state(game, state, seat)``); computer decisions are shown as the game describes
them. With several human seats (hot seat) the screen and its scrollback are cleared between
them and each is shown what happened since their last decision.

Answers are read with ``read_line`` (``input()`` on stdin), so tests feed them through stdin.
"""

from __future__ import annotations

import contextlib
import sys
import time
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

import typer
from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..agents import Agent, make_agent, view_for
from ..agents.hints import HINT_AGENT, HintChoice, hint, hint_seed
from ..core.errors import IllegalActionError
from ..core.files import WriteError, write_text
from ..core.game import Game, State
from ..core.records import GameRecord
from ..core.rng import derive_seed
from ..core.table import HUMAN, Move, Refused
from ..core.table import Table as GameTable
from .common import console, err_console, say, seat_name
from .rules import is_rules_command, show_rules
from .view import render_state, render_svg

HELP_TEXT = """\
Answer with:
  a number          the action with that number in the list
  an action's text  as shown in bold in the list, e.g. 'draw 1' or 'put 15 on 3'
  ?                 every action with what it does
  undo              take back your last decision (and computer moves after it)
  show              show the table and your actions again
  rules [words]     the rules: 'rules' lists the sections; rules 3, rules gap, or the id
                    a refusal names in [brackets]
  help              this text
  quit              stop playing (you are offered to save the game)
A decision with only one legal choice is made for you, and said so."""

SCREEN_LINES = 40
"""The table and the options are fitted into this many lines where they can be: the options
are listed without descriptions, or in part, when the table leaves too little room."""


QUIT_WORDS = ("quit", "exit", "q")

_LONGEST_ANSWER = 200
"""Characters an answer at the prompt may have; every action of every game is written in fewer."""


class InputEnded(Exception):
    """Standard input ended (or was interrupted) while a human seat had to answer."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__("interrupted" if interrupted else "end of input")
        self.interrupted = interrupted


def read_line(prompt: str) -> str:
    """Ask for one line on stdin. Raises ``InputEnded`` at end of input or on Ctrl-C.

    When stdin is not a terminal (a pipe, a test) the answer is echoed so transcripts read well.
    """
    interactive = sys.stdin.isatty()
    if interactive:
        _enable_line_editing()
    try:
        answer = input(prompt)
    except EOFError:
        typer.echo("")
        raise InputEnded() from None
    except KeyboardInterrupt:
        typer.echo("")
        raise InputEnded(interrupted=True) from None
    if not interactive:
        typer.echo(answer)
    return answer


def _enable_line_editing() -> None:
    """Arrow keys and history for ``input()`` where the readline module exists."""
    with contextlib.suppress(ImportError):  # no readline on e.g. Windows
        import readline  # noqa: F401  (importing it is enough)


@dataclass(frozen=True)
class Display:
    """How a game is shown.

    Attributes:
        memory_aid: show the cards a player may have forgotten (covered nest cards...).
        delay: seconds to pause after each computer decision.
        svg: a file to keep the game's picture in, rewritten after every decision.
        hint: before each human decision, show the ``hard`` computer player's three best
            actions with their win chance (or, in a solo game, expected result).
    """

    memory_aid: bool = False
    delay: float = 0.0
    svg: Path | None = None
    hint: bool = False

    def saved(self) -> dict[str, bool]:
        """What a saved game keeps of the display (``--load`` restores it)."""
        return {"memory_aid": self.memory_aid, "hint": self.hint}


class Outcome(Enum):
    """How a game session ended."""

    FINISHED = "finished"
    QUIT = "quit"


@dataclass
class Session:
    """One game being played: the table, its computer players, and what each human has seen.

    Attributes:
        table: the game, its record, its seats (``table.kinds``: ``"human"`` or an agent
            name) and each decision's marks (``forced``, ``revealed``).
        agents: the agent of each computer seat.
        display: how the game is shown.
        log: one public line per decision (and per undo), in order.
        seen: per human seat, how many ``log`` lines that seat has been shown (hot seat).
        announce_start: say who starts before the first decision.
        tournament: the progress of the tournament this game belongs to (saved with it), or
            None for a single game.
    """

    table: GameTable
    agents: dict[int, Agent]
    display: Display = Display()
    log: list[str] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)
    announce_start: bool = True
    tournament: dict[str, Any] | None = None
    _last_human: int | None = None
    _hint: tuple[tuple[str, ...], Table] | None = None

    def to_record(self) -> GameRecord:
        """The game's record with its table: the seats, the display, the tournament."""
        record = self.table.record
        record.table = {"seats": list(self.seats), **self.display.saved()}
        if self.tournament is not None:
            record.table["tournament"] = self.tournament
        return record

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.table.game

    @property
    def seats(self) -> list[str]:
        """The seat kinds by seat (``"human"`` or an agent name)."""
        return self.table.kinds

    @property
    def humans(self) -> list[int]:
        """The human seats."""
        return self.table.humans

    def run(self) -> Outcome:
        """Play until the game is over or a human quits.

        Raises ``InputEnded`` when input ends, or on Ctrl-C, at a prompt or while a computer
        seat thinks (``interrupted``): the record then holds every decision made so far.
        """
        state = self.table.state
        if self.announce_start and not self.table.record.actions and self.game.num_players > 1:
            say(f"{seat_name(state.current_player)} starts.", "bold")
        try:
            while (player := self.table.to_move) is not None:
                if self.table.is_human(player):
                    if self.human_turn(player) is Outcome.QUIT:
                        return Outcome.QUIT
                else:
                    self.computer_turn(player)
        except KeyboardInterrupt:
            typer.echo("")
            raise InputEnded(interrupted=True) from None
        return Outcome.FINISHED

    def _commit(self, move: Move) -> str:
        """Describe a prepared decision (before it changes the state), apply it and log it."""
        before, action = move.before, move.action
        text = self.game.describe_action(before, action)
        self.table.commit(move)
        outcome = self.game.describe_outcome(before, action, self.table.state)
        if outcome:
            text += f". {outcome}"
        if self.display.svg is not None:
            self.write_svg(self.display.svg)
        self.log.append(f"{seat_name(move.decision.seat)}: {text}")
        return text

    def write_svg(self, path: Path) -> None:
        """Rewrite the ``--svg`` picture (whole or not at all: ``core.files.write_text``). If it
        cannot be written (the disk filled up during the game), say so in one line on stderr
        and stop updating it: the game goes on."""
        try:
            write_text(path, render_svg(self.game, self.table.state, None) or "")
        except OSError as exc:
            self.display = replace(self.display, svg=None)
            error = WriteError.of(path, exc)
            typer.echo(f"Warning: --svg: {error}; the picture is no longer updated.", err=True)

    def computer_turn(self, player: int) -> None:
        """Let the agent of ``player`` decide, and print its decision as one line."""
        agent = self.agents[player]
        with thinking(f"{seat_name(player)} ({self.seats[player]}) is thinking"):
            action = agent.act(view_for(agent, self.table.state, player))
        self._commit(self.table.prepare_move(player, action))
        say(self.log[-1])
        if self.display.delay > 0:
            time.sleep(self.display.delay)

    def human_turn(self, player: int) -> Outcome | None:
        """Show ``player`` the table and their actions and apply their answer; a decision with
        one legal action is made without asking (``Table.forced_move``), and said so.

        Returns ``Outcome.QUIT`` if they quit; None once one decision was made or undone.
        """
        forced = self.table.forced_move()
        if forced is not None:
            text = self._commit(forced)
            say(f"{seat_name(player)} has one choice, made without asking: {text}")
            return None
        state = self.table.state
        actions = state.legal_actions()
        if not self._hand_over(player):
            return Outcome.QUIT
        self.show(player, actions)
        while True:
            answer = read_line(f"{seat_name(player)}> ").strip()
            word = answer.lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                return Outcome.QUIT
            if word in ("help", "h"):
                console.print(HELP_TEXT, markup=False)
                continue
            if word == "?":
                console.print(action_list(self.game, state, actions))
                continue
            if word in ("show", "look", "s"):
                self.show(player, actions)
                continue
            if is_rules_command(answer):
                show_rules(self.game.id, answer)
                continue
            if word in ("undo", "u"):
                if self.undo(player):
                    return None
                continue
            action = self._parse(state, actions, answer)
            if action is None:
                continue
            text = self._commit(self.table.prepare_move(player, action))
            self.seen[player] = len(self.log)
            say(f"You: {text}")
            return None

    def _parse(self, state: State, actions: list[Any], answer: str) -> Any | None:
        """The action ``answer`` means (a list number or a text form), or None after a note."""
        if answer.isdecimal():
            digits = answer.lstrip("0") or "0"
            # More digits than the list has numbers is no action (and int() refuses 4,300).
            number = int(digits) if len(digits) <= len(str(len(actions))) else None
            if number is not None and 1 <= number <= len(actions):
                return actions[number - 1]
            shown = digits if len(digits) <= 12 else f"{digits[:9]}... ({len(digits)} digits)"
            say(f"There is no action {shown}: choose 1-{len(actions)} (or type help).", "yellow")
            return None
        if len(answer) > _LONGEST_ANSWER:  # no action is written so long: not echoed back
            say(f"Not understood: an answer of {len(answer)} characters is no action.", "yellow")
            return None
        try:
            return state.action_from_text(answer)
        except IllegalActionError as exc:
            say(f"{'Not allowed' if exc.rule else 'Not understood'}: {exc}", "yellow")
            return None

    def undo(self, player: int) -> bool:
        """Take back ``player``'s last decision that was not forced and every decision after it
        (forced ones and computer replies): the table's rule, ``Table.undo_count``.

        Refused (returns False after saying why) when ``player`` has no decision to take back,
        when another human decided since (hot seat: nobody takes back someone else's move), or
        when one of those decisions showed a hidden card (``game.reveals``): taking back a draw
        would let players search the face-down piles.
        """
        table = self.table
        try:
            undo = table.prepare_undo(player)
        except Refused as refusal:
            say(refusal_words(refusal, player, table), "yellow")
            return False
        table.commit(undo)
        later = undo.count - 1
        also = f" and {later} later decision{'s' if later > 1 else ''}" if later else ""
        note = f"{seat_name(player)} took back a decision{also}."
        self.log.append(note)
        say(note, "cyan")
        return True

    def _hand_over(self, player: int) -> bool:
        """Hot seat: clear the screen, wait for ``player`` and show what they missed.

        Returns False if they answer ``quit`` instead of pressing Enter.
        """
        if len(self.humans) < 2 or self._last_human == player:
            self._last_human = player
            return True
        if self._last_human is not None:
            clear_screen()
        self._last_human = player
        answer = read_line(f"{seat_name(player)}: your turn. Press Enter when only you can see. ")
        if answer.strip().lower() in QUIT_WORDS:
            return False
        missed = self.log[self.seen.get(player, 0) :]
        if missed:
            say("Since your last turn:", "bold")
            for line in missed:
                say(f"  {line}")
        return True

    def show(self, player: int, actions: list[Any]) -> None:
        """Print the table as ``player`` sees it and the numbered legal actions."""
        state = self.table.state
        console.print()
        console.rule(f"{self.game.title} - {seat_name(player)} to decide", style="cyan")
        table = render_state(self.game, state, player, memory_aid=self.display.memory_aid)
        console.print(table)
        hint = self.hint(player, actions) if self.display.hint else None
        # What is left of the screen: less the rule above, its blank line and the prompts.
        room = SCREEN_LINES - 4 - lines_of(table) - (lines_of(hint) if hint else 0)
        console.print(fitted_action_list(self.game, state, actions, room))
        if hint is not None:
            console.print(hint)
        example = f" (e.g. '{actions[-1]}')" if actions else ""
        say(f"Type a number or an action{example}; ? lists all; undo, show, help, quit.", "dim")

    def hint(self, player: int, actions: list[Any]) -> Table:
        """The hint table for ``player`` now, searched once per position (``show`` reprints
        it): ``agents.hints.hint``, seeded like the server's for the same position."""
        record = self.table.record
        key = tuple(record.actions)
        if self._hint is None or self._hint[0] != key:
            with thinking(f"Working out a hint ({HINT_AGENT})"):
                seed = hint_seed(record.seed, len(key))
                choices = hint(self.table.state, player, HINT_AGENT, seed)
            self._hint = (key, hint_table(self.game, choices, actions))
        return self._hint[1]


CLEAR_SCROLLBACK = "\x1b[3J"
"""The terminal control that erases the scrollback (what scrolled off the screen)."""


def clear_screen() -> None:
    """Hot seat: clear the screen and the terminal's scrollback, so that the next seat cannot
    scroll back to the last one's hand (nothing happens when stdout is not a terminal)."""
    if console.is_terminal:
        console.clear()
        console.file.write(CLEAR_SCROLLBACK)
        console.file.flush()


def thinking(message: str) -> contextlib.AbstractContextManager[Any]:
    """A spinner with ``message`` on stderr while a computer decides (when it is a terminal)."""
    if not err_console.is_terminal:
        return contextlib.nullcontext()
    return err_console.status(message, spinner="dots")


def hint_table(game: Game, choices: list[HintChoice], actions: list[Any]) -> Table:
    """The hint's choices (``agents.hints.hint``) as a table: the number to type, the action,
    what it does and what the hint says of it (``win chance 64%``, ``expected 31 points``)."""
    numbers = {str(a): n for n, a in enumerate(actions, start=1)}
    solo = game.num_players == 1
    table = Table(
        title=f"Hint: the {HINT_AGENT} computer player's best moves",
        caption="expected final result if the computer played the rest"
        if solo
        else "win chance from the computer's search of what you can see",
        header_style="bold",
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("type", justify="right", style="bold cyan")
    table.add_column("action", style="bold")
    table.add_column("what it does")
    table.add_column("hint", style="green")
    for c in choices:
        table.add_row(str(numbers.get(c.action, "")), c.action, c.words, c.text)
    return table


MIN_OPTION_LINES = 8
"""The lines the options get however tall the table is."""


def lines_of(renderable: Any) -> int:
    """How many lines ``renderable`` takes on the console."""
    return len(console.render_lines(renderable, pad=False))


def fitted_action_list(game: Game, state: State, actions: list[Any], room: int) -> Any:
    """The options in at most ``room`` lines (at least ``MIN_OPTION_LINES``) where they fit:
    with their descriptions, else numbers and text forms only, else the first ones and how
    many more ``?`` lists."""
    full = action_list(game, state, actions)
    if lines_of(full) <= room:
        return full
    room = max(room, MIN_OPTION_LINES)
    note = Text("(? lists every action with what it does)", style="dim")
    compact = action_list(game, state, actions, describe=False)
    if lines_of(compact) + 1 <= room:
        return Group(compact, note)
    shown = len(actions)
    while shown > 1 and lines_of(action_list(game, state, actions[:shown], describe=False)) >= room:
        shown -= max(1, shown // 8)
    more = Text(f"... and {len(actions) - shown} more: ? lists them all", style="dim")
    return Group(action_list(game, state, actions[:shown], describe=False), more)


def action_list(game: Game, state: State, actions: list[Any], describe: bool = True) -> Columns:
    """The numbered legal actions, text form and (with ``describe``) description, in as many
    columns as fit."""
    width = max((len(str(a)) for a in actions), default=0)
    digits = len(str(len(actions)))
    entries = []
    for number, action in enumerate(actions, start=1):
        entry = Text(f"{number:>{digits}}. ", style="bold cyan")
        entry.append(f"{str(action):<{width}}", style="bold")
        if describe:
            entry.append(f"  {game.describe_action(state, action)}")
        entries.append(entry)
    return Columns(entries, column_first=True, padding=(0, 4))


def make_agents(seats: list[str], seed: int, game: Game) -> dict[int, Agent]:
    """One agent per computer seat of ``game``, each seeded from ``seed`` and its seat."""
    return {
        p: make_agent(kind, derive_seed(seed, "seat", p), game)
        for p, kind in enumerate(seats)
        if kind != HUMAN
    }


def refusal_words(refusal: Refused, player: int, table: GameTable) -> str:
    """A refused undo (``Table.undo_count``) as the terminal says it to ``player``; the action
    of a decision that showed a hidden card is named by its text form."""
    if refusal.code == "decided_since" and refusal.seat is not None:
        return (
            f"{seat_name(refusal.seat)} has decided since; you can only take back your own last "
            "decision."
        )
    if refusal.code == "revealed" and refusal.seat is not None and refusal.index is not None:
        who = "your" if refusal.seat == player else f"{seat_name(refusal.seat)}'s"
        action = table.decisions[refusal.index].action
        return (
            f"Cannot take back: {who} decision '{action}' showed a hidden card, and the piles "
            "may not be searched."
        )
    if refusal.code == "nothing_to_undo":
        return "There is no decision of yours to take back."
    return f"Cannot take back: {refusal.reason}."
