"""How Fancy Feathers looks in the terminal (rich renderables); the words are in ``words.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import TERMINAL
from . import actions, rules, scoring
from .scoring import NUM_TYPES, TYPES, collection_points, fewest_flags
from .words import cards_text, names_text, points_text, seat_text, seats_text

if TYPE_CHECKING:
    from .game import FancyFeathersGame
    from .state import FancyFeathersState

STYLE = {
    "golden-pheasant": "bold yellow",
    "pheasant-fart": "bold orange4",
    "lady-amherst-pheasant": "bold white",
    "blood-pheasant": "bold red",
    "green-pheasant": "bold green",
    "peacock": "bold blue",
    "nest": "bold tan",
    "reeves-pheasant": "bold magenta",
    "trap": "bold black on white",
    "mirror": "bold cyan",
    "monal": "bold bright_green",
    "fox": "bold dark_orange",
}
PATH_ROW = 8
"""Path cards per row of the drawing."""


def card_text(game: FancyFeathersGame, card: int, short: bool = True) -> Text:
    """A card's name in its type's colour (``Golden 3``)."""
    return Text(game.card_name(card, short), style=STYLE[TYPES[game.ctype[card]]])


def _where(state: FancyFeathersState, p: int) -> str:
    pos = state.pos[p]
    if pos == rules.LEFT:
        return f"left ({state.left.index(p) + 1}.)"
    if pos == rules.START:
        return "start"
    if pos < state.rear:
        return f"lifted from c{pos}"
    return f"c{pos}"


def _path_tables(
    game: FancyFeathersGame, state: FancyFeathersState, player: int | None
) -> list[Text | Table]:
    spaces: list[int] = []
    if any(state.pos[q] == rules.START for q in state.order):
        spaces.append(rules.START)
    spaces += list(range(state.rear, state.front + 1))
    tables: list[Text | Table] = [
        Text("The Path: rear card on the left; discs listed from the top of a stack down")
    ]
    for start in range(0, len(spaces), PATH_ROW) or [0]:
        chunk = spaces[start : start + PATH_ROW]
        table = Table(show_header=True, header_style="bold")
        if not chunk:
            table.add_column("(empty)")
            table.add_row(Text("no cards left on the Path", style="dim"))
            tables.append(table)
            continue
        for label in chunk:
            table.add_column("start" if label == rules.START else f"c{label}", justify="center")
        cards = [
            Text("-", style="dim")
            if label == rules.START
            else card_text(game, state.label_card(label))
            for label in chunk
        ]
        table.add_row(*cards)
        discs = []
        for label in chunk:
            on = state.stack_at(label)
            lines = [f"S{q + 1}" + (" (you)" if q == player else "") for q in on]
            discs.append(Text("\n".join(lines), style="bold") if lines else Text(""))
        table.add_row(*discs)
        tables.append(table)
    return tables


def _collections_table(
    game: FancyFeathersGame, state: FancyFeathersState, player: int | None, reveal: bool = False
) -> Table:
    """One row per seat: its disc, how many cards it holds, and what they are.

    Other seats' collections are what everyone saw them collect (ruling FF-R14); a card they lost
    to a Fox is counted but not named (FF-40).
    """
    over = state.mover == TERMINAL
    table = Table(title="Collections", header_style="bold")
    table.add_column("seat", no_wrap=True)
    table.add_column("disc", no_wrap=True)
    table.add_column("cards", justify="right")
    table.add_column("collected (by type)")
    for q in range(game.num_players):
        full = (player is None and reveal) or q == player or over
        # Others: what everyone saw collected; a hidden Fox loss is not attributed.
        cards = state.held[q] if full else [e for e in state.log[q] if e >= 0]
        counts = [0] * NUM_TYPES
        for c in cards:
            counts[game.ctype[c]] += 1
        text = Text()
        for t in range(NUM_TYPES):
            if counts[t]:
                if text:
                    text.append(", ")
                text.append(f"{counts[t]} {game.cards.types[t].short}", style=STYLE[TYPES[t]])
        lost = len(state.foxed[q]) if full else sum(1 for e in state.log[q] if e < 0)
        if lost:
            unknown = "" if full else ", which unknown"
            text.append(f" (lost {lost} to a Fox{unknown})", style="italic")
        name = (
            ("> " if q == state.mover else "  ") + seat_text(q) + (" (you)" if q == player else "")
        )
        table.add_row(name, _where(state, q), str(len(state.held[q])), text)
    if state.mover != TERMINAL:
        table.caption = "> decides now"
    return table


def _sheet_table(title: str, state: FancyFeathersState, game: FancyFeathersGame, p: int) -> Table:
    table = Table(title=title, header_style="bold")
    table.add_column("type")
    table.add_column("cards", justify="right")
    table.add_column("points", justify="right")
    table.add_column("why")
    for line in state.score_sheet(p):
        table.add_row(
            Text(game.type_title(line.type), style=STYLE[line.name]),
            str(line.count),
            str(line.points),
            line.reason,
        )
    return table


def _fox_table(game: FancyFeathersGame, state: FancyFeathersState) -> Table:
    """For the seat choosing a Fox's loss only: each choice and the points it leaves."""
    p = state.mover
    table = Table(title="Your choices for the Fox", header_style="bold")
    table.add_column("answer")
    table.add_column("your points after", justify="right")
    totals = [len(h) for h in state.held]
    for action in rules.fox_choices(state):
        after = rules.after_fox(game, state.held[p], state.fox, action)
        note = "" if isinstance(action, actions.Lose) else " (and the Trap is not passed on)"
        totals[p] = len(after)
        fewest = fewest_flags(totals)[p]
        points = collection_points(game.scorings, scoring.by_type(state, after), fewest)
        table.add_row(str(action), f"{points}{note}")
    return table


def render_state(
    game: FancyFeathersGame,
    state: Any,
    player: int | None,
    *,
    memory_aid: bool = False,
    reveal: bool = False,
) -> Group:
    """The table as ``player`` sees it (None: a spectator, who sees what everyone saw
    collected; with ``reveal``, every collection with its Fox losses).

    Collected cards are public in this game (taken from the face-up Path, ruling FF-R14), so
    ``memory_aid`` changes nothing; every player's seen collection is always shown.
    """
    names = ", ".join(game.type_title(t) for t in state.types)
    info = (
        f"Turn {state.turn + 1} - draw stack: {len(state.stack)} cards - removed at setup: "
        f"{len(state.box)} - types: {names}"
    )
    if state.mover == TERMINAL:
        info = f"Game over after {state.turn} moves"
    parts: list[Any] = [Text(info, style="bold"), *_path_tables(game, state, player)]
    if state.aside:
        parts.append(Text(f"Set aside: {len(state.aside)} Trap(s), passed after the move."))
    parts.append(_collections_table(game, state, player, reveal))
    if player is not None and state.held[player]:
        points = state.scores()[player]
        parts.append(_sheet_table(f"Your collection: {points} points now", state, game, player))
    if state.mover != TERMINAL:
        who = "You" if state.mover == player else seat_text(state.mover)
        if state.phase == rules.FOX_CHOICE:
            parts.append(
                Text(
                    f"{who} collected a Fox: one collected card goes face down into the box.",
                    style="cyan",
                )
            )
            if state.mover == player:
                parts.append(_fox_table(game, state))
        elif state.phase == rules.PASS:
            verb = "pass" if who == "You" else "passes"
            parts.append(Text(f"{who} now {verb} the set-aside Trap(s).", style="cyan"))
        elif not state.stack:
            parts.append(
                Text("The draw stack is empty: leaving the Path is allowed.", style="cyan")
            )
    return Group(*parts)


def render_result(game: FancyFeathersGame, state: Any) -> Group:
    """Every player's points per type with the reason, the totals and the winner."""
    parts: list[Any] = []
    scores = state.scores()
    for p in range(game.num_players):
        lost = len(state.foxed[p])
        title = f"Seat {p + 1}: {points_text(scores[p])} ({cards_text(len(state.held[p]))}"
        title += f", {lost} lost to Foxes)" if lost else ")"
        parts.append(_sheet_table(title, state, game, p))
    if state.path:
        parts.append(Text(f"Not scored, left on the Path: {names_text(game, state.path)}."))
    won = state.winners()
    if won:
        parts.append(
            Text(f"{seat_text(won[0])} wins with {points_text(scores[won[0]])}", style="bold green")
        )
        tied = [p for p in state.left if scores[p] == scores[won[0]]]
        if len(tied) > 1:
            parts.append(
                Text(
                    f"Tied on points with {seats_text(tied[1:])}; {seat_text(won[0])} left the "
                    "Path earlier (FF-51).",
                    style="green",
                )
            )
    return Group(*parts)
