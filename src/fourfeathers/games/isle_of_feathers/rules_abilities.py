"""Isle of Feathers' abilities (IS-46, IS-48..IS-56, IS-61..IS-63): what each ability may do
now, using it from a held token or from a discarded bird, the ``discard`` action, and the
actions of the six abilities (Mound, Burrow, Replant, Flit, Flock and Shoo, ruling IS-R03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.errors import IllegalActionError
from .actions import FLIT_ACTION, LOWER, RAISE, SHOO_MOVE, UPROOT, cell_text
from .content import ABILITIES, BURROW, COLOURS, FLIT, FLOCK, MOUND, REPLANT, SHOO
from .hexgrid import NEIGHBOUR_OFFSETS
from .island import changed, island
from .rules_knowledge import _publish
from .rules_land import lower_spots, raise_problem, raise_spots, uproot_spots
from .rules_phases import (
    _PHASE_WAIT,
    ABILITY,
    MAIN,
    MAX_TURN_ACTIONS,
    PLANT,
    _check_sand,
    _fail,
    _hand_card,
    _require_action,
    _require_phase,
    _use_action,
    can_act,
)
from .rules_place import _check_placement, _place_bird, has_bird_token, place_actions

if TYPE_CHECKING:
    from .actions import Discard, Flit, Flock, Lower, Plant, Raise, Shoo, Skip, Uproot
    from .state import IsleState


def flock_cost(state: IsleState) -> int:
    """Actions a Flock placement costs: 0, or 1 with variant ``flock-costs-action`` (IS-R10)."""
    return 1 if state.options.flock_costs_action else 0


def shoo_moves(state: IsleState) -> list[tuple[int, int, int]]:
    """Every ``(colour, source, target)`` Shoo may do: one bird to a neighbouring land tile
    (IS-56, IS-61, IS-62), any player's bird (ruling IS-R16)."""
    cells = state.cells
    moves = []
    for src in sorted(state.birds):
        targets = sorted(src + d for d in NEIGHBOUR_OFFSETS if cells.get(src + d, 0) >= 2)
        for colour in sorted(set(state.birds[src])):
            moves += [(colour, src, t) for t in targets]
    return moves


def ability_targets(state: IsleState, kind: int) -> list[Any]:
    """The actions that use ability ``kind`` now (no token involved), in a stable order. Those
    of Mound, Burrow, Replant and Shoo depend on the island alone and are kept per island
    version (``island``): the list is shared, do not change it."""
    if kind == FLIT:
        return [FLIT_ACTION] if state.turn_actions < MAX_TURN_ACTIONS else []
    if kind == FLOCK:
        p = state.player
        if not has_bird_token(state, p) or (flock_cost(state) and not can_act(state)):
            return []
        return place_actions(state, sorted(state.hands[p]), True)
    facts = island(state)
    targets = facts.targets
    if targets is None:
        targets = facts.targets = {}
    found = targets.get(kind)
    if found is None:
        if kind == MOUND:
            found = [_RAISE.get(k) or _RAISE[k] for k in raise_spots(state)]
        elif kind == BURROW:
            found = [_LOWER.get(k) or _LOWER[k] for k in lower_spots(state)]
        elif kind == REPLANT:
            found = [_UPROOT.get(k) or _UPROOT[k] for k in uproot_spots(state)]
        else:
            found = [_SHOO_MOVE.get(m) or _SHOO_MOVE[m] for m in shoo_moves(state)]
        targets[kind] = found
    return found


_RAISE: Final = RAISE
"""The interned actions of ``actions`` as this module's own constants (``_LOWER``, ``_UPROOT``,
``_SHOO_MOVE`` too): compiled (setup.py), a ``Final`` is a native static, where an imported name
is looked up in the module's dict at every use."""
_LOWER: Final = LOWER
_UPROOT: Final = UPROOT
_SHOO_MOVE: Final = SHOO_MOVE


def _spend(state: IsleState, action: Any, kind: int) -> bool:
    """Check that ``action`` may use ability ``kind`` now: a held token in MAIN (IS-49) or the
    discarded bird's ability in ABILITY (IS-46). Returns True if a token will be spent."""
    if state.phase == MAIN:
        if not state.tokens[state.player][kind]:
            raise _fail(action, (f"you hold no {ABILITIES[kind].title()} token", "IS-49"))
        return True
    if state.phase == ABILITY and state.pending == kind:
        return False
    if state.phase == ABILITY:
        name = ABILITIES[state.pending].title()
        raise _fail(action, (f"the discarded bird's ability is {name}: use it or skip", "IS-46"))
    raise _fail(action, _PHASE_WAIT[state.phase])


def _consume(state: IsleState, kind: int, token: bool) -> None:
    """Spend the token (back to the supply, IS-50) or close the ABILITY step."""
    if token:
        state.tokens[state.player][kind] -= 1
        state.token_supply[kind] += 1
    else:
        state.pending = -1
        state.pending_card = 0
        state.phase = MAIN


def _apply_discard(state: IsleState, action: Discard) -> None:
    _require_action(state, action)
    card = action.card
    _hand_card(state, action, card)
    p = state.player
    state.hands[p].remove(card)
    _publish(state, p, card)
    state.discard.append(card)
    _use_action(state)
    kind = state.options.ability[card]
    if kind == FLIT:
        if state.turn_actions < MAX_TURN_ACTIONS:
            state.actions_left += 1  # IS-63: the action spent on the discard comes back
    elif ability_targets(state, kind):
        state.phase = ABILITY
        state.pending = kind
        state.pending_card = card
    if state.options.discard_draws_blind:
        state.blind_draws += 1
    else:
        state.draws += 1


def _apply_raise(state: IsleState, action: Raise) -> None:
    token = _spend(state, action, MOUND)
    k = action.cell
    problem = raise_problem(state, k)
    if problem:
        raise _fail(action, problem)
    _consume(state, MOUND, token)
    code = state.cells.get(k, 0)
    h = code >> 1
    kind = 2 if h >= 2 else h
    state.supply[kind] -= 1
    state.cells[k] = code + 2
    changed(state, k, lifted=True)
    if kind == 0:
        _check_sand(state)


def _apply_lower(state: IsleState, action: Lower) -> None:
    token = _spend(state, action, BURROW)
    k = action.cell
    code = state.cells.get(k, 0)
    if code < 2:
        raise _fail(action, ("Burrow lowers a tile; that space is ocean", "IS-52"))
    _consume(state, BURROW, token)
    h = code >> 1
    state.supply[2 if h >= 3 else h - 1] += 1
    if code - 2:
        state.cells[k] = code - 2
    else:
        del state.cells[k]
    changed(state, k, lifted=True)


def _apply_uproot(state: IsleState, action: Uproot) -> None:
    token = _spend(state, action, REPLANT)
    if action.cell not in uproot_spots(state):
        raise _fail(action, ("there is no Vegetation there that could move", "IS-53"))
    _consume(state, REPLANT, token)
    state.replant_from = action.cell
    state.phase = PLANT


def _apply_plant(state: IsleState, action: Plant) -> None:
    _require_phase(state, action, PLANT)
    k = action.cell
    code = state.cells.get(k, 0)
    if code < 2 or code & 1:
        raise _fail(action, ("Vegetation moves to a tile without Vegetation", "IS-53"))
    src = state.replant_from
    rest = state.cells[src] - 1
    if rest:
        state.cells[src] = rest
    else:
        del state.cells[src]
    state.cells[k] = code + 1
    changed(state, src)
    changed(state, k)
    state.replant_from = -1
    state.phase = MAIN


def _apply_flit(state: IsleState, action: Flit) -> None:
    token = _spend(state, action, FLIT)
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    _consume(state, FLIT, token)
    state.actions_left += 1


def _apply_flock(state: IsleState, action: Flock) -> None:
    token = _spend(state, action, FLOCK)
    cost = flock_cost(state)
    if cost and not can_act(state):
        raise _fail(action, ("Flock's placement costs an action and none is left", "IS-R10"))
    _check_placement(state, action, occupied=True)
    _consume(state, FLOCK, token)
    if cost:
        _use_action(state)
    _place_bird(state, action.card, action.cell)


def _apply_shoo(state: IsleState, action: Shoo) -> None:
    if not 0 <= action.colour < state.options.players:
        raise IllegalActionError(
            f"{action}: bird colours are seats 0-{state.options.players - 1}", "IS-R20"
        )
    token = _spend(state, action, SHOO)
    src, dst, colour = action.source, action.target, action.colour
    if colour not in state.birds.get(src, ()):
        raise _fail(action, (f"no {COLOURS[colour]} bird is on {cell_text(src)}", "IS-56"))
    if dst - src not in NEIGHBOUR_OFFSETS:
        raise _fail(action, ("Shoo moves a bird one space, to a neighbouring tile", "IS-56"))
    if state.cells.get(dst, 0) < 2:
        raise _fail(action, ("a bird is never moved onto the ocean", "IS-62"))
    _consume(state, SHOO, token)
    birds = list(state.birds[src])
    birds.remove(colour)
    if birds:
        state.birds[src] = tuple(birds)
    else:
        del state.birds[src]
    state.birds[dst] = state.birds.get(dst, ()) + (colour,)
    changed(state, src)
    changed(state, dst)


def _apply_skip(state: IsleState, action: Skip) -> None:
    _require_phase(state, action, ABILITY)
    if state.options.compulsory_abilities and ability_targets(state, state.pending):
        raise _fail(
            action, ("the variant compulsory-abilities: the ability must be used", "IS-R09")
        )
    state.pending = -1
    state.pending_card = 0
    state.phase = MAIN
