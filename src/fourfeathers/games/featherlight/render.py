"""How Featherlight looks in the terminal (rich renderables); the words are in ``words.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import TERMINAL
from .rules import PUT
from .scoring import COLOURS, distinct_colours, explain_hand, unique_colour_cards
from .words import card_words

if TYPE_CHECKING:
    from .game import FeatherlightGame
    from .state import FeatherlightState

STYLE = {
    "red": "bold red",
    "purple": "bold magenta",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "white": "bold white",
    "black": "bold black on white",
}


def card_text(game: FeatherlightGame, card: int) -> Text:
    """``15 green`` in the card's colour."""
    colour = COLOURS[game.cards.colour[card]]
    return Text(f"{card} {colour}", style=STYLE[colour])


def _nest_table(game: FeatherlightGame, state: FeatherlightState, memory_aid: bool) -> Table:
    table = Table(title="The nest", show_header=True, header_style="bold")
    for s in range(len(state.nest)):
        table.add_column(f"stack {s + 1}", justify="center")
    tops = [card_text(game, s[-1]) if s else Text("(gap)", style="dim") for s in state.nest]
    table.add_row(*tops)
    table.add_row(*(Text(f"height {len(s)}", style="dim") for s in state.nest))
    if memory_aid:
        covered = [
            Text("covered: " + (" ".join(str(c) for c in s[-2::-1]) or "-"), style="italic")
            for s in state.nest
        ]
        table.add_row(*covered)
        table.caption = "covered cards listed from the top down (memory aid)"
    return table


def _hand_table(game: FeatherlightGame, state: FeatherlightState, player: int) -> Table:
    hand = state.hands[player]
    table = Table(title=f"Your hand (seat {player + 1})", header_style="bold")
    table.add_column("card")
    table.add_column("points now", justify="right")
    table.add_column("why")
    for line in explain_hand(game.rules, game.cards.colour, hand, state.nest):
        table.add_row(card_text(game, line.card), str(line.points), line.reason)
    return table


def render_state(
    game: FeatherlightGame,
    state: Any,
    player: int | None,
    *,
    memory_aid: bool = False,
    reveal: bool = False,
) -> Group:
    """The table as ``player`` sees it (None: a spectator, who sees the hand cards everyone saw
    taken from the nest; with ``reveal``, every hand)."""
    everything = player is None and reveal
    parts: list[Any] = []
    piles = state.piles
    info = f"Turn {state.turn + 1} - pile 1: {len(piles[0])} cards, pile 2: {len(piles[1])}"
    if game.solo:
        info += f" - wind stack: {len(state.wind)}"
    if state.player == TERMINAL:
        info = f"Game over after {state.turn} turns - " + info.split(" - ", 1)[1]
    else:
        info += f" - seat {state.player + 1} to play"
    parts.append(Text(info, style="bold"))
    parts.append(_nest_table(game, state, memory_aid))
    for q in range(game.num_players):
        if q == player or game.solo:
            continue
        known = state.known[q]
        shown = state.hands[q] if everything else known
        line = Text(f"Seat {q + 1}: {len(state.hands[q])} cards")
        if shown:
            line.append(", " + ("holds " if everything else "known: "))
            for i, c in enumerate(shown):
                line.append_text(card_text(game, c))
                if i < len(shown) - 1:
                    line.append(", ")
        parts.append(line)
    if player is None and game.solo:
        player = 0  # nothing is hidden from a spectator of a solo game
    if player is not None:
        parts.append(_hand_table(game, state, player))
        if state.player == player and state.phase == PUT:
            if state.taken:
                parts.append(
                    Text(
                        f"You took {card_words(game, state.taken)}; now put another "
                        "card into the nest.",
                        style="cyan",
                    )
                )
            else:
                parts.append(
                    Text(
                        f"You drew {card_words(game, state.hands[player][-1])}; now "
                        "put a card into the nest.",
                        style="cyan",
                    )
                )
    return Group(*parts)


def render_result(game: FeatherlightGame, state: Any) -> Group:
    """Every hand card's points and reason, the totals and the winner(s)."""
    parts: list[Any] = [_nest_table(game, state, False)]
    scores = state.scores()
    for p in range(game.num_players):
        table = Table(title=f"Seat {p + 1}: {scores[p]} points", header_style="bold")
        table.add_column("card")
        table.add_column("points", justify="right")
        table.add_column("why")
        for line in state.score_sheet(p):
            table.add_row(card_text(game, line.card), str(line.points), line.reason)
        parts.append(table)
    if game.solo:
        parts.append(Text(f"Solo score: {scores[0]}", style="bold green"))
    else:
        won = state.winners()
        names = " and ".join(f"Seat {p + 1}" for p in won)
        verb = "wins" if len(won) == 1 else "share the victory"
        parts.append(Text(f"{names} {verb} with {scores[won[0]]} points", style="bold green"))
        tied = [p for p, score in enumerate(scores) if score == scores[won[0]]]
        if len(tied) > 1:
            parts.append(Text(_tie_break_note(game, state, tied), style="green"))
    return Group(*parts)


def _tie_break_note(game: FeatherlightGame, state: Any, tied: list[int]) -> str:
    """How the tie on points was settled (FL-45, FL-46, ruling FL-R08)."""
    if game.tiebreak_unique_cards:
        key, what = unique_colour_cards, "cards of an unshared colour"
    else:
        key, what = distinct_colours, "colours"
    counts = ", ".join(f"seat {p + 1} {key(game.cards.colour, state.hands[p])}" for p in tied)
    return f"Tied on points; tie-break by {what} in hand: {counts} (ruling FL-R08)."
