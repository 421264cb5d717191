"""Isle of Feathers' turn bookkeeping: the phases of a turn, the actions it has left, the checks
every decision makes before it changes anything, and the end of the game.

A turn (IS-10, IS-15) is ``MAIN`` (the two actions and ability tokens) with the steps it may
open: ``DRAW`` (a card owed, IS-38, IS-47), ``ABILITY`` (a discarded bird's ability, IS-46),
``PLANT`` (where a moved Vegetation token goes, IS-53) and ``RELEASE`` (solo, IS-70). The game
ends after the endgame's last turn (IS-64, IS-65; solo IS-76), at the turn limit (ruling IS-R27)
or by one of the solo season's ends (IS-71, IS-79, ruling IS-R24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.errors import IllegalActionError
from ...core.game import TERMINAL

if TYPE_CHECKING:
    from .state import IsleState


MAIN: Final = 0
DRAW: Final = 1
ABILITY: Final = 2
PLANT: Final = 3
RELEASE: Final = 4
PHASES = ("main", "draw", "ability", "plant", "release")

ACTIONS_PER_TURN: Final = 2  # IS-10
MAX_TURN_ACTIONS: Final = 20
"""Ruling IS-R27: no turn has more than this many actions (stops endless Flit chains)."""


# Why a game ended (state.end_reason).
PLAYING: Final = 0
ENDGAME: Final = 1
TURN_CAP: Final = 2
MIGRATION_EMPTY: Final = 3
HAND_EMPTY: Final = 4
DRAW_EMPTY: Final = 5
END_REASONS = (
    "",
    "the last Sand tile was placed and every player has had a last turn",
    "the turn limit was reached (ruling IS-R27)",
    "a card was owed from an empty Migration pile",
    "the hand is empty: a perfect season",
    "the Draw pile is empty (variant solo-end-on-empty-draw)",
)


def end_reason_text(state: IsleState) -> str:
    """Why the game ended, in words ("" while it goes on); solo says "the season"."""
    if state.end_reason == ENDGAME and state.options.solo:  # IS-76
        return "the last Sand tile was placed and the season ended with that turn"
    return END_REASONS[state.end_reason]


def can_act(state: IsleState) -> bool:
    """True while the current player may still take one of the four actions this turn."""
    return state.actions_left > 0 and state.turn_actions < MAX_TURN_ACTIONS


def is_last_turn(state: IsleState) -> bool:
    """True if the game ends when this turn ends: the endgame's last turn (IS-65) or the turn
    limit of ruling IS-R27."""
    if state.end_turn >= 0 and state.turn >= state.end_turn:
        return True
    cap = state.options.max_turns
    return bool(cap) and state.turn + 1 >= cap


def _fail(action: Any, problem: tuple[str, str]) -> IllegalActionError:
    return IllegalActionError(f"{action}: {problem[0]}", problem[1])


_PHASE_WAIT = {
    DRAW: ("a card is owed first: take a face-up bird or draw blind", "IS-38"),
    ABILITY: ("first use the discarded bird's ability (or skip it)", "IS-46"),
    PLANT: ("first choose the tile the Vegetation token goes to", "IS-53"),
    RELEASE: ("first choose the card to release for a Migration card", "IS-70"),
}
_NOT_NOW = {
    DRAW: ("no card is owed now", "IS-42"),
    ABILITY: ("no discarded bird's ability is waiting", "IS-46"),
    PLANT: ("no Vegetation token is being moved", "IS-53"),
    RELEASE: ("a Migration card is owed only when a solo turn ends", "IS-70"),
    MAIN: ("that is not a step of this turn now", "IS-10"),
}


def _require_phase(state: IsleState, action: Any, phase: int) -> None:
    if state.phase != phase:
        if state.phase == MAIN:
            raise _fail(action, _NOT_NOW[phase])
        raise _fail(action, _PHASE_WAIT[state.phase])


def _require_action(state: IsleState, action: Any) -> None:
    _require_phase(state, action, MAIN)
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    if state.actions_left <= 0:
        raise _fail(action, ("no action is left this turn", "IS-10"))


def _use_action(state: IsleState) -> None:
    state.actions_left -= 1
    state.turn_actions += 1


def _hand_card(state: IsleState, action: Any, card: int) -> None:
    if card not in state.hands[state.player]:
        raise _fail(action, (f"bird {card} is not in your hand", "IS-13"))


def _check_sand(state: IsleState) -> None:
    """The endgame starts when the last Sand tile leaves the supply, once (IS-64, ruling IS-R11);
    in solo the season then ends with this turn (IS-76)."""
    if not state.supply[0] and state.end_turn < 0:
        state.end_turn = state.turn + state.options.players - 1


def _next_turn(state: IsleState) -> None:
    state.turn += 1
    state.player = (state.player + 1) % state.options.players
    state.actions_left = ACTIONS_PER_TURN
    state.turn_actions = 0


def _finish(state: IsleState, reason: int) -> None:
    state.player = TERMINAL
    state.phase = MAIN
    state.end_reason = reason
    state.pending = -1
    state.pending_card = 0
    state.replant_from = -1
    state.draws = 0
    state.blind_draws = 0
