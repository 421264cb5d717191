"""Isle of Feathers in words: action and outcome sentences every seat may read (no rich here).

Public information only: never a passed or drawn card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL
from . import actions, rules_phases
from .content import ABILITIES, COLOURS, FLIT, FLOCK, KIND_NAMES

if TYPE_CHECKING:
    from .game import IsleGame
    from .state import IsleState


def kind_name(height: int) -> str:
    """``"Sand"``, ``"Grass"``, ``"Cliff"``, ``"double cliff"``, ``"height 5 stack"``..."""
    if height == 0:
        return "ocean"
    if height in KIND_NAMES:
        return KIND_NAMES[height].replace("-", " ").capitalize().replace("Double", "double")
    return f"height {height} stack"


def seat_word(p: int) -> str:
    """``Seat 2 (blue)``."""
    return f"Seat {p + 1} ({COLOURS[p]})"


def bird_words(game: IsleGame, card: int) -> str:
    """``Shoebill (1)``."""
    return f"{game.content.name[card]} ({card})"


def describe_action(game: IsleGame, state: IsleState, action: Any) -> str:
    """One sentence for an action, public information only (never a passed or drawn card)."""
    cell = actions.cell_text
    cells = state.cells
    if isinstance(action, actions.AddTile):
        h = cells.get(action.cell, 0) >> 1
        tile = "Sand" if h == 0 else ("Grass" if h == 1 else "Cliff")
        note = ""
        if h == 0 and state.supply[0] == 1 and state.end_turn < 0:
            note = " (the last Sand tile in the supply)"
        where = "on the ocean" if h == 0 else f"on the {kind_name(h)}"
        return f"add a {tile} tile {where} at {cell(action.cell)}{note}"
    if isinstance(action, actions.AddVegetation):
        return f"add Vegetation at {cell(action.cell)}"
    if isinstance(action, actions.Place):
        return f"place {_bird_long(game, action.card)} at {cell(action.cell)}"
    if isinstance(action, actions.Discard):
        ability = ABILITIES[game.content.ability[action.card]].title()
        return f"discard {bird_words(game, action.card)} to use its {ability}"
    if isinstance(action, actions.TakeFaceUp):
        card = state.path[action.slot] if action.slot < len(state.path) else 0
        if not card:
            return f"take from Flight Path slot {action.slot + 1}"
        return f"take {bird_words(game, card)} from Flight Path slot {action.slot + 1}"
    if isinstance(action, actions.DrawBlind):
        if state.draw:
            return f"draw blind from the Draw pile ({len(state.draw)} cards)"
        return "draw blind, shuffling the Discard pile into a new Draw pile"
    if isinstance(action, actions.PassCard):
        q = (state.player + 1) % game.num_players
        return f"pass a card to {seat_word(q)}"
    if isinstance(action, actions.EndTurn):
        if rules_phases.is_last_turn(state):
            return "end the turn (the game's last)"
        if game.solo:
            owed = "a Migration card is owed" if state.migration else "the Migration pile is empty"
            return f"end the turn without a bird placed: {owed}"
        return "end the turn"
    if isinstance(action, actions.Release):
        return f"release {bird_words(game, action.card)} and take a Migration card"
    if isinstance(action, actions.Skip):
        if state.pending < 0:
            return "skip a discarded bird's ability"
        return f"skip the discarded bird's {ABILITIES[state.pending].title()}"
    if isinstance(action, actions.Stamina):
        return "spend a Flit from the Stamina pool: one more action"
    if isinstance(action, actions.Plant):
        return f"plant the Vegetation at {cell(action.cell)}"
    source = _source(state, action)
    if isinstance(action, actions.Raise):
        h = cells.get(action.cell, 0) >> 1
        return (
            f"{source} Mound: raise {cell(action.cell)} from {kind_name(h)} to {kind_name(h + 1)}"
        )
    if isinstance(action, actions.Lower):
        h = cells.get(action.cell, 0) >> 1
        return (
            f"{source} Burrow: lower {cell(action.cell)} from {kind_name(h)} to {kind_name(h - 1)}"
        )
    if isinstance(action, actions.Uproot):
        return f"{source} Replant: pick up the Vegetation at {cell(action.cell)}"
    if isinstance(action, actions.Flit):
        return f"{source} Flit: one more action"
    if isinstance(action, actions.Flock):
        return (
            f"{source} Flock: place {_bird_long(game, action.card)} at {cell(action.cell)}, "
            "joining the bird there"
        )
    if isinstance(action, actions.Shoo):
        return (
            f"{source} Shoo: move a {COLOURS[action.colour]} bird from {cell(action.source)} to "
            f"{cell(action.target)}"
        )
    return str(action)


def _source(state: IsleState, action: Any) -> str:
    return (
        "use the discarded bird's" if state.phase == rules_phases.ABILITY else "spend a token for"
    )


def plural(n: int, word: str) -> str:
    """``1 point``, ``2 points``, ``0 birds``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _bird_long(game: IsleGame, card: int) -> str:
    content = game.content
    ability = ABILITIES[content.ability[card]].title()
    return f"{content.name[card]} ({card}; {plural(content.points[card], 'point')}, {ability})"


def describe_outcome(
    game: IsleGame, before: IsleState, action: Any, after: IsleState
) -> str | None:
    """What else happened: the bird that flew away and the new face-up birds, reshuffles, an
    earned token, a fizzled ability, the endgame trigger, a solo new turn, why the game ended."""
    notes: list[str] = []
    p = before.player
    if isinstance(action, (actions.TakeFaceUp, actions.DrawBlind)):
        path = list(before.path)
        if isinstance(action, actions.TakeFaceUp):
            path[action.slot] = 0
        flown = next((c for c in reversed(path) if c), 0)
        if flown:
            notes.append(f"{bird_words(game, flown)} flies away to the Discard pile.")
        new = [c for c in after.path if c and c not in before.path]
        if new:
            names = ", ".join(bird_words(game, c) for c in new)
            notes.append(f"New on the Flight Path: {names}.")
    if after.reshuffles > before.reshuffles:
        notes.append("The Discard pile is shuffled into a new Draw pile.")
    if isinstance(action, (actions.Place, actions.Flock)) and after.player != TERMINAL:
        kind = game.content.ability[action.card]
        spent_same = isinstance(action, actions.Flock) and before.phase == rules_phases.MAIN
        if before.token_supply[kind] + (1 if spent_same and kind == FLOCK else 0):
            notes.append(f"{seat_word(p)} takes a {ABILITIES[kind].title()} token.")
        else:
            notes.append(f"No {ABILITIES[kind].title()} token is left to take.")
        if game.solo and after.turn > before.turn:
            notes.append(
                f"A new turn begins with two actions; the Stamina pool holds {after.stamina}."
            )
    if isinstance(action, actions.Discard):
        kind = game.content.ability[action.card]
        if kind == FLIT:
            notes.append("Flit gives the action back.")
        elif after.phase != rules_phases.ABILITY and after.player != TERMINAL:
            notes.append(f"Its {ABILITIES[kind].title()} has no use now.")
    if isinstance(action, actions.Release):
        notes.append(f"The Migration pile has {len(after.migration)} cards left.")
    if before.end_turn < 0 <= after.end_turn:
        if game.solo:
            notes.append("The Sand supply is empty: the season ends with this turn.")
        else:
            notes.append(
                "The Sand supply is empty: the endgame begins; every other player has one "
                "more turn."
            )
    if after.player == TERMINAL:
        notes.append(f"The game ends: {rules_phases.end_reason_text(after)}.")
    return " ".join(notes) or None
