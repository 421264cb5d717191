"""Fancy Feathers in words: action and outcome sentences every seat may read (no rich here).

Public information only: never the stack, the removed cards or which card a Fox took (FF-77).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL
from . import actions, rules

if TYPE_CHECKING:
    from .game import FancyFeathersGame
    from .state import FancyFeathersState


def names_text(game: FancyFeathersGame, cards: list[int]) -> str:
    """``Golden Pheasant 3, Nest`` (``nothing`` for no cards)."""
    return ", ".join(game.card_name(c) for c in cards) or "nothing"


def cards_text(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card{'' if n == 1 else 's'}"


def points_text(n: int) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} point{'' if n == 1 else 's'}"


def seat_text(p: int) -> str:
    """``Seat 1`` for seat 0."""
    return f"Seat {p + 1}"


def seats_text(players: list[int]) -> str:
    """``Seat 1 and Seat 3``."""
    return " and ".join(seat_text(p) for p in players)


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
        text += (
            f", on top of {seats_text(under)}: collects nothing there and moves again before "
            + ("them" if len(under) > 1 else "that disc")
        )
    else:
        cards = next_collection(state, p, target)
        n = len(cards)
        if any(state.pos[q] < target for q in state.order if q != p):
            # a disc behind may still move up in between and take the first of these (FF-33)
            text += f"; collects next turn up to {cards_text(n)}: {names_text(game, cards)}"
        else:
            text += f"; collects next turn {cards_text(n)}: {names_text(game, cards)}"
    others = [state.pos[q] for q in state.order if q != p]
    if state.aside:
        count = len(state.aside)
        what = f"the set-aside Trap{'s' if count > 1 else ''}"
        if not others or target <= min(others):
            text += f"; moves next, so keeps {what}"
        else:
            text += f"; {what} go{'' if count > 1 else 'es'} to {seat_text(state.order[1])}"
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
                return f"keep the {what}: {seat_text(to)} takes the next turn again"
            return f"keep the {what}: nobody else takes another turn"
        return f"give the {what} to {seat_text(to)}, who takes the next turn"
    return str(action)


def describe_outcome(game: FancyFeathersGame, before: Any, action: Any, after: Any) -> str | None:
    """What followed by itself: cards drawn, the next player's collection, a Fox, the end."""
    notes: list[str] = []
    if after.front > before.front:
        drawn = [after.label_card(x) for x in range(before.front + 1, after.front + 1)]
        notes.append(f"Drawn onto the Path: {names_text(game, drawn)}.")
    for q in range(game.num_players):
        new = after.log[q][len(before.log[q]) :]
        if isinstance(action, actions.PassTraps) and q == rules.trap_recipient(before):
            new = new[len(before.aside) :]
        got = [e for e in new if e >= 0]
        set_aside = [c for c in after.aside if c not in before.aside]
        if got or (set_aside and after.mover == q):
            text = f"{seat_text(q)} collects {names_text(game, got)}"
            if set_aside and after.mover == q:
                text += f" and sets aside {len(set_aside)} Trap{'s' if len(set_aside) > 1 else ''}"
            notes.append(text + ".")
    if after.phase == rules.FOX_CHOICE and (
        before.phase != rules.FOX_CHOICE or before.fox != after.fox
    ):
        notes.append(f"{seat_text(after.mover)} collected a Fox and must lose a card.")
    if before.stack and not after.stack:
        notes.append("The draw stack is empty: from now on a player may leave the Path.")
    if after.mover == TERMINAL:
        won = after.winners()[0]
        notes.append(
            f"Every disc has left the Path: the game is over; {seat_text(won)} wins with "
            f"{points_text(after.scores()[won])}."
        )
    elif after.phase == rules.MOVE and (
        after.mover != before.mover or isinstance(action, (actions.Move, actions.Leave))
    ):
        notes.append(f"{seat_text(after.mover)} moves next.")
    return " ".join(notes) or None
