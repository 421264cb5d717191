"""Familiar Feat's recruiting (FA-40, FA-41, FA-45..FA-57, FA-66, FA-68..FA-71): which
Creatures have reached their Strength and in what order they are resolved (``state.reached``,
the player orders those reached together), and resolving a Creature's effect step by step until
it is recruited or, for a Monster, driven away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import (
    E_EXHAUST,
    E_EXHAUST_ALL,
    E_EXHAUST_FIRST,
    E_EXHAUST_HIGHEST,
    E_EXHAUST_LAST,
    E_EXHAUST_THIS,
    E_FLEE,
    E_FLEE_ALL,
    E_REVIVE,
    E_REVIVE_PLAY,
    K_MONSTER,
    ROW,
)
from .rules_cards import _exhaust_familiar, _name, revive, revive_one, say
from .rules_events import _clear_slot, closing_ranks_blocks
from .rules_phases import (
    F_EXHAUST,
    F_HIGHEST,
    F_RESOLVE,
    F_REVIVE_PICK,
    MONSTERS_TO_WIN,
    WON,
    Frame,
)
from .rules_totals import SLOTS

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def resolving(state: FamiliarFeatState) -> set[int]:
    """Creatures whose resolution has begun and not finished."""
    return {f[1] for f in state.pending if f[0] == F_RESOLVE}


def ready(state: FamiliarFeatState, commit: bool = False) -> list[int]:
    """Creatures in the row that meet their Strength and may be resolved now, in row order.

    A card latched by Closing Ranks counts as meeting it (ruling FA-R26). ``commit``: latch
    and box Closing Ranks (only the flow does this; ``legal_actions`` never changes the state).
    """
    latched = state.latched
    met = state.met
    if not latched and not met:
        return []
    row = state.row
    if latched:
        found = [row[s] for s in range(ROW) if met >> s & 1 or row[s] in latched]
        if not found:
            return []
    else:
        found = [row[s] for s in SLOTS[met]]
    held = closing_ranks_blocks(state, commit) if state.active else ()
    if not state.pending and not held:
        return found
    busy = resolving(state)
    return [c for c in found if c not in busy and c not in held]


def note_reached(state: FamiliarFeatState) -> None:
    """Queue Creatures that newly meet their Strength, in the order reached (FA-40, FA-66).

    Creatures reached at the same moment share a group; the player orders them (FA-R17).
    Afterwards every Creature ready is queued until the row changes (``state.fresh``): nothing
    else makes one ready (a Creature leaves the queue only to be resolved, or once not ready).
    """
    state.fresh = False
    if not state.met and not state.latched:
        return
    new = [c for c in ready(state, True) if c not in state.reached]
    if new:
        state.stamp += 1
        state.reached.extend(new)
        state.groups.extend([state.stamp] * len(new))


def _front_group(state: FamiliarFeatState) -> list[int]:
    """The first group of the reached queue whose Creatures still meet their Strength."""
    reached = state.reached
    if not reached:
        return []
    groups = state.groups
    group = groups[0]
    if len(groups) == 1 or groups[1] != group:  # a group of one
        return reached[:1] if reached[0] in ready(state) else []
    members = [c for c, g in zip(reached, groups, strict=True) if g == group]
    now = set(ready(state))
    return [c for c in members if c in now]


def _drop_from_queue(state: FamiliarFeatState, creature: int) -> None:
    i = state.reached.index(creature)
    del state.reached[i]
    del state.groups[i]


def _drop_front_group(state: FamiliarFeatState) -> None:
    """The Creatures of the first reached group no longer meet their Strength: they stay."""
    if state.reached:
        group = state.groups[0]
        keep = [(c, g) for c, g in zip(state.reached, state.groups, strict=True) if g != group]
        state.reached = [c for c, _ in keep]
        state.groups = [g for _, g in keep]


def _resolve_step(state: FamiliarFeatState, frame: Frame) -> None:
    _, creature, step, mode = frame
    cards = state.cards
    slot = state.row.index(creature)
    steps = cards.effect[creature]
    if step < len(steps):
        state.pending[-1] = (F_RESOLVE, creature, step + 1, mode)
        kind, n = steps[step]
        col = state.cols[slot]
        if kind == E_EXHAUST:
            state.pending.append((F_EXHAUST, creature, n, 0))
        elif kind == E_FLEE:
            state.pending.append((F_EXHAUST, creature, n, 1))
        elif kind == E_EXHAUST_ALL:
            state.pending.append((F_EXHAUST, creature, len(col), 0))
        elif kind == E_EXHAUST_FIRST:
            if col:
                _exhaust_familiar(state, col[0], 0)
        elif kind == E_EXHAUST_LAST:
            if col:
                _exhaust_familiar(state, col[-1], 0)
        elif kind == E_EXHAUST_HIGHEST:
            state.pending.append((F_HIGHEST, creature))
        elif kind == E_FLEE_ALL:
            for f in list(col):
                _exhaust_familiar(state, f, 1)
        elif kind == E_REVIVE:
            revive(state, n)
        elif kind == E_REVIVE_PLAY:
            for _ in range(n):
                card = revive_one(state)
                if card:
                    state.limbo.append(card)
            if state.limbo:
                say(state, "Revived to play: " + ", ".join(_name(state, c) for c in state.limbo))
                state.pending.append((F_REVIVE_PICK, creature))
        elif kind == E_EXHAUST_THIS:  # FA-52: the Creature itself is exhausted; always last
            state.pending.pop()
            familiars = _clear_slot(state, slot)
            state.discard.extend(familiars)
            state.fu.append(creature)
            say(state, f"{_name(state, creature)} is recruited and exhausted at once.")
        return
    state.pending.pop()
    familiars = _clear_slot(state, slot)
    state.discard.extend(familiars)
    if cards.kind[creature] == K_MONSTER:
        state.driven.append(creature)
        how = "leaves the castle" if mode else "is driven away"
        say(state, f"Monster {_name(state, creature)} {how} ({len(state.driven)} of 3).")
        if len(state.driven) >= MONSTERS_TO_WIN:
            state.result = WON  # FA-71, FA-89; ruling FA-R28
    else:
        state.discard.append(creature)
        if state.log is not None:
            say(state, f"{_name(state, creature)} is recruited into the Team discard.")
