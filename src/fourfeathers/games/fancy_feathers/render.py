"""How Fancy Feathers looks in the terminal (rich renderables) and how actions read in words.

Everything here that every seat sees (``describe_action``, ``describe_outcome``) uses public
information only: never the stack, the removed cards or which card a Fox took (FF-77).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import TERMINAL
from . import actions, rules
from .scoring import NUM_TYPES, TYPES, by_type, collection_points, fewest_flags

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


def _names(game: FancyFeathersGame, cards: list[int]) -> str:
    return ", ".join(game.card_name(c) for c in cards) or "nothing"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _seat(p: int) -> str:
    return f"Seat {p + 1}"


def _seats(players: list[int]) -> str:
    return " and ".join(_seat(p) for p in players)


def next_collection(state: FancyFeathersState, player: int, target: int) -> list[int]:
    """The cards ``player`` collects at the start of their next turn if their disc is (or moves)
    alone at label ``target``: from just past the nearest other disc behind it (which collects
    everything up to its own card first) to ``target`` (FF-20, FF-33)."""
    behind = [state.pos[q] for q in state.order if q != player and state.pos[q] < target]
    first = max(max(behind, default=0) + 1, state.rear)
    return [state.label_card(label) for label in range(first, target + 1)]


def describe_move(game: FancyFeathersGame, state: FancyFeathersState, distance: int) -> str:
    """``move N`` in words: the target card, the discs there, the next collection, the refill."""
    p = state.mover
    target = state.pos[p] + distance
    if state.phase != rules.MOVE or not 1 <= distance <= rules.ahead(state):
        return f"move {distance} (not possible now)"
    card = state.label_card(target)
    text = f"move {distance} to c{target} ({game.card_name(card)})"
    under = state.stack_at(target)
    if under:
        text += f", on top of {_seats(under)}: collects nothing there and moves again before " + (
            "them" if len(under) > 1 else "that disc"
        )
    else:
        cards = next_collection(state, p, target)
        n = len(cards)
        if any(state.pos[q] < target for q in state.order if q != p):
            # a disc behind may still move up in between and take the first of these (FF-33)
            text += f"; collects next turn up to {_cards(n)}: {_names(game, cards)}"
        else:
            text += f"; collects next turn {_cards(n)}: {_names(game, cards)}"
    others = [state.pos[q] for q in state.order if q != p]
    if state.aside:
        count = len(state.aside)
        what = f"the set-aside Trap{'s' if count > 1 else ''}"
        if not others or target <= min(others):
            text += f"; moves next, so keeps {what}"
        else:
            text += f"; {what} go{'' if count > 1 else 'es'} to {_seat(state.order[1])}"
    if (not others or max(others) <= target) and state.stack:
        draw = min(len(state.stack), rules.PATH_AHEAD - (state.front - target))
        if draw > 0:
            text += f"; {draw} new card{'s' if draw > 1 else ''} drawn onto the Path"
    return text


def describe_action(game: FancyFeathersGame, state: Any, action: Any) -> str:
    """One sentence for an action, e.g. ``move 2 to c7 (Reeves's Pheasant); collects next turn
    up to 3 cards: ...``, in neutral words (every seat reads it, a computer's moves too).
    Public information only: a Fox's loss does not name the card."""
    if isinstance(action, actions.Move):
        return describe_move(game, state, action.distance)
    if isinstance(action, actions.Leave):
        held = len(state.held[state.mover])
        rest = state.front - state.pos[state.mover]
        text = f"leave the Path with {held} card{'s' if held != 1 else ''}"
        if rest > 0:
            text += f", leaving the {rest} card{'s' if rest != 1 else ''} ahead to the others"
        return text
    if isinstance(action, actions.Lose):
        return "lose a collected card to the Fox (face down into the box; which one stays secret)"
    if isinstance(action, actions.LoseAside):
        return "lose the set-aside Trap to the Fox (into the box; nobody receives it)"
    if isinstance(action, actions.PassTraps):
        count = len(state.aside)
        what = f"{count} set-aside Trap{'s' if count != 1 else ''}"
        to = rules.trap_recipient(state)
        if to < 0:
            return f"put the {what} into the box: nobody takes another turn"
        if to == state.mover:
            if state.order:
                return f"keep the {what}: {_seat(to)} takes the next turn again"
            return f"keep the {what}: nobody else takes another turn"
        return f"give the {what} to {_seat(to)}, who takes the next turn"
    return str(action)


def describe_outcome(game: FancyFeathersGame, before: Any, action: Any, after: Any) -> str | None:
    """What followed by itself: cards drawn, the next player's collection, a Fox, the end."""
    notes: list[str] = []
    if after.front > before.front:
        drawn = [after.label_card(x) for x in range(before.front + 1, after.front + 1)]
        notes.append(f"Drawn onto the Path: {_names(game, drawn)}.")
    for q in range(game.num_players):
        new = after.log[q][len(before.log[q]) :]
        if isinstance(action, actions.PassTraps) and q == rules.trap_recipient(before):
            new = new[len(before.aside) :]
        got = [e for e in new if e >= 0]
        set_aside = [c for c in after.aside if c not in before.aside]
        if got or (set_aside and after.mover == q):
            text = f"{_seat(q)} collects {_names(game, got)}"
            if set_aside and after.mover == q:
                text += f" and sets aside {len(set_aside)} Trap{'s' if len(set_aside) > 1 else ''}"
            notes.append(text + ".")
    if after.phase == rules.FOX_CHOICE and (
        before.phase != rules.FOX_CHOICE or before.fox != after.fox
    ):
        notes.append(f"{_seat(after.mover)} collected a Fox and must lose a card.")
    if before.stack and not after.stack:
        notes.append("The draw stack is empty: from now on a player may leave the Path.")
    if after.mover == TERMINAL:
        won = after.winners()[0]
        notes.append(
            f"Every disc has left the Path: the game is over; {_seat(won)} wins with "
            f"{_points(after.scores()[won])}."
        )
    elif after.phase == rules.MOVE and (
        after.mover != before.mover or isinstance(action, (actions.Move, actions.Leave))
    ):
        notes.append(f"{_seat(after.mover)} moves next.")
    return " ".join(notes) or None


def _where(state: FancyFeathersState, p: int) -> str:
    pos = state.pos[p]
    if pos == rules.LEFT:
        return f"left ({state.left.index(p) + 1}.)"
    if pos == rules.START:
        return "start"
    if pos < state.rear:
        return f"lifted from c{pos}"
    return f"c{pos}"


def _path_tables(game: FancyFeathersGame, state: FancyFeathersState, player: int | None) -> list:
    spaces: list[int] = []
    if any(state.pos[q] == rules.START for q in state.order):
        spaces.append(rules.START)
    spaces += list(range(state.rear, state.front + 1))
    tables: list[Any] = [
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
    game: FancyFeathersGame, state: FancyFeathersState, player: int | None
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
        full = player is None or q == player or over
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
        name = ("> " if q == state.mover else "  ") + _seat(q) + (" (you)" if q == player else "")
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
    held = state.held[p]
    fox = [] if state.fox < 0 or game.fox_self else [state.fox]
    totals = [len(h) for h in state.held]
    for action in rules.fox_choices(state):
        if isinstance(action, actions.Lose):
            index = next(
                i
                for i in range(len(held) - 1, -1, -1)
                if game.ctype[held[i]] == action.type and game.cvalue[held[i]] == action.value
            )
            after = held[:index] + held[index + 1 :] + fox
            note = ""
        else:
            after = held + fox
            note = " (and the Trap is not passed on)"
        totals[p] = len(after)
        fewest = fewest_flags(totals)[p]
        points = collection_points(game.scorings, by_type(state, after), fewest)
        table.add_row(str(action), f"{points}{note}")
    return table


def render_state(
    game: FancyFeathersGame, state: Any, player: int | None, *, memory_aid: bool = False
) -> Group:
    """The table as ``player`` sees it (None: a spectator who sees every collection).

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
    parts.append(_collections_table(game, state, player))
    if player is not None and state.held[player]:
        points = state.scores()[player]
        parts.append(_sheet_table(f"Your collection: {points} points now", state, game, player))
    if state.mover != TERMINAL:
        who = "You" if state.mover == player else _seat(state.mover)
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
        title = f"Seat {p + 1}: {_points(scores[p])} ({_cards(len(state.held[p]))}"
        title += f", {lost} lost to Foxes)" if lost else ")"
        parts.append(_sheet_table(title, state, game, p))
    if state.path:
        parts.append(Text(f"Not scored, left on the Path: {_names(game, state.path)}."))
    won = state.winners()
    if won:
        parts.append(
            Text(f"{_seat(won[0])} wins with {_points(scores[won[0]])}", style="bold green")
        )
        tied = [p for p in state.left if scores[p] == scores[won[0]]]
        if len(tied) > 1:
            parts.append(
                Text(
                    f"Tied on points with {_seats(tied[1:])}; {_seat(won[0])} left the Path "
                    "earlier (FF-51).",
                    style="green",
                )
            )
    return Group(*parts)
