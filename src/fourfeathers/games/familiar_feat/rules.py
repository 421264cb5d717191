"""Familiar Feat's rules: setup, the day, recruiting, effects, abilities, Events, night, the end.

Checklist atoms (``FA-nn``) refer to ``shared/rules/checklists/familiar-feat.md``; rulings
(``FF-Rnn``) to ``docs/rulings/familiar-feat.md``. Cards are numbers (see ``content.py``); their
values, effects and abilities are data read from the game's ``CardSet``.

Decisions (actions), all of them player choices the rules give (FA-33, FA-46, FA-47, ...):

- ``attach C to S``: attach hand card C beneath the Creature in row slot S (1-5, slot 1 is the
  one nearest the Creature deck) (FA-33..FA-38);
- ``choose C``: pick card C when a pending effect asks for a card: which Familiar to exhaust,
  flee, move or play, which Creature resolves next, which Monster or Event to use...;
- ``slot S``: pick the Creature in row slot S as the destination of a Move or of a revived
  Familiar that is played.

Everything else runs by itself between decisions (``advance``): drawing, checking Strength,
resolving effect steps, the end of the day, fleeing when only one card can flee, the night, the
next morning's refill and Events. A choice with a single option is taken automatically
(ruling FA-R05). Pending effects are explicit state: ``state.pending`` is a stack of frames
(tuples of ints, top = last), ``state.reached`` the queue of Creatures whose Strength was reached
(FA-66), ``state.limbo`` the revived cards of "revive 2, then play 1" awaiting the choice.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.config import is_int
from ...core.errors import IllegalActionError
from ...core.rng import derive_seed, make_rng
from .content import (
    A_COPY,
    A_DOUBLE,
    A_EXHAUST_REVIVE,
    A_MOVE,
    A_NO_LIMIT,
    C_ABILITIES,
    C_AT_LEAST,
    C_DISTINCT,
    C_INCREASING,
    C_SAME_VALUE,
    CASTLE_CARD,
    CHARACTERS,
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
    EVENTS,
    GOLEMS,
    INF,
    K_CREATURE,
    K_GOLEM,
    K_MONSTER,
    MONSTERS,
    NUM_CARDS,
    STAR,
    TARGET_KINDS,
    V_CARD_LIMIT,
    V_CATCH_BREATH,
    V_CLOSING_RANKS,
    V_EXHAUST_DISCARD,
    V_FLEE_DISCARD,
    V_FLEXIBILITY,
    V_GIVING_UP,
    V_INSECURITY,
    V_NO_DOUBLE,
    V_SPACE,
    V_STRENGTH_PLUS,
    CardSet,
    event_choices,
    monster_choices,
)

if TYPE_CHECKING:
    from .game import FamiliarFeatGame
    from .state import FamiliarFeatState

ROW = 5  # FA-21
CARD_LIMIT = 5  # FA-37
MONSTERS_TO_WIN = 3  # FA-71
MAX_DAYS = 200
"""Ruling FA-R29: a safety cap (no game reaches it: the adventure always ends, FA-101)."""

# Phases of the day (state.phase).
PH_SETUP, PH_EVENTS, PH_ATTACH, PH_NIGHT, PH_DAWN, PH_OVER = range(6)
PHASES = ("setup", "events", "day", "night", "dawn", "over")

# Results (state.result).
ONGOING, WON, LOST, LOST_CAP = 0, 1, -1, -2

# Pending frames (tuples; the first element is the kind).
F_RESOLVE = 0  # (F_RESOLVE, creature, next step, mode) mode 0: reached, 1: leaves after N days
F_EXHAUST = 1  # (F_EXHAUST, creature, remaining, dest) dest 0: exhausted face up, 1: Fled pile
F_HIGHEST = 2  # (F_HIGHEST, creature)
F_REVIVE_PICK = 3  # (F_REVIVE_PICK, creature): choose which card in limbo is played
F_PLAY_PLACE = 4  # (F_PLAY_PLACE, card, creature): where the revived card is attached
F_EXR = 5  # (F_EXR, source): ability "exhaust 1, then revive 1": choose the Familiar
F_MOVE = 6  # (F_MOVE, source): ability "move 1": choose the Familiar
F_MOVE_PLACE = 7  # (F_MOVE_PLACE, card): where the moved Familiar goes
F_FLEE = 8  # (F_FLEE, creature): end of day B, which Familiar flees from this Creature
F_ORDER = 9  # (F_ORDER,): which of several reached Creatures is resolved next
F_DISCARD = 10  # (F_DISCARD, remaining, dest, highest): Event takes cards from the Team discard
F_GIVEUP = 11  # (F_GIVEUP, remaining): Event Giving Up, a Familiar in play flees
F_BREATH = 12  # (F_BREATH,): Event Catch Your Breath, which Creature is removed
F_EVENT_END = 13  # (F_EVENT_END, event): the Event is done: box it or put it in force
F_PICK = 14  # (F_PICK,): variant choose-cards: pick the next Monster or Event
FRAME_SIZES = {
    F_RESOLVE: 4,
    F_EXHAUST: 4,
    F_HIGHEST: 2,
    F_REVIVE_PICK: 2,
    F_PLAY_PLACE: 3,
    F_EXR: 2,
    F_MOVE: 2,
    F_MOVE_PLACE: 2,
    F_FLEE: 2,
    F_ORDER: 1,
    F_DISCARD: 4,
    F_GIVEUP: 2,
    F_BREATH: 1,
    F_EVENT_END: 2,
    F_PICK: 1,
}


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach hand card ``card`` beneath the Creature in row slot ``slot`` (0-4) (FA-33)."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"attach {self.card} to {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick card ``card`` for the pending choice (a Familiar, a Creature, a Monster...)."""

    card: int

    def __str__(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class Place:
    """Pick the Creature in row slot ``slot`` (0-4) as the destination of a pending attach."""

    slot: int

    def __str__(self) -> str:
        return f"slot {self.slot + 1}"


ATTACH = tuple(tuple(Attach(c, s) for s in range(ROW)) for c in range(NUM_CARDS + 1))
CHOOSE = tuple(Choose(c) for c in range(NUM_CARDS + 1))
PLACE = tuple(Place(s) for s in range(ROW))
ALL_ACTIONS = tuple(a for c in range(1, NUM_CARDS + 1) for a in ATTACH[c]) + CHOOSE[1:] + PLACE
"""Every action in a fixed order: the index is a stable integer id (RL masks)."""

_PATTERN = re.compile(r"attach (\d+) to (\d+)|choose (\d+)|slot (\d+)")


def parse_action(text: str) -> Attach | Choose | Place:
    """Parse ``attach C to S``, ``choose C`` or ``slot S`` (case and spaces forgiven).

    Raises ``IllegalActionError`` if the text is none of these or names a card or slot that
    does not exist.
    """
    m = _PATTERN.fullmatch(" ".join(text.lower().split()))
    if m is None:
        raise IllegalActionError(
            f"{text!r} is not a Familiar Feat action: write 'attach CARD to SLOT', "
            "'choose CARD' or 'slot SLOT' (slots 1-5, slot 1 nearest the Creature deck)"
        )
    a_card, a_slot, c_card, p_slot = m.groups()
    for number in (a_card, c_card):
        if number is not None and not 1 <= int(number) <= NUM_CARDS:
            raise IllegalActionError(f"{text!r}: cards are numbered 1 to {NUM_CARDS}", "FA-01")
    for number in (a_slot, p_slot):
        if number is not None and not 1 <= int(number) <= ROW:
            raise IllegalActionError(f"{text!r}: the Creature row has slots 1 to 5", "FA-21")
    if a_card is not None:
        return ATTACH[int(a_card)][int(a_slot) - 1]
    if c_card is not None:
        return CHOOSE[int(c_card)]
    return PLACE[int(p_slot) - 1]


# ---------------------------------------------------------------------------------------------
# Setup (FA-05..FA-25)


def deck_class(cards: CardSet, card: int) -> int:
    """The layer of the Creature deck a card belongs to: tier 1-4 (Monsters with Tier IV),
    5 for Events, 6 for Stone Golems (FA-19). Cards of one class are shuffled together."""
    kind = cards.kind[card]
    if kind == K_CREATURE:
        return cards.tier[card]
    if kind == K_MONSTER:
        return 4
    if kind == K_GOLEM:
        return 6
    return 5


def build_deck(cards: CardSet, monsters: list[int], events: list[int], rng: random.Random) -> list:
    """The Creature deck, bottom first (the top is the last element) (FA-12..FA-19).

    Golems, then Tier IV with the Monsters, an Event, Tier III, an Event, Tier II, an Event,
    Tier I on top.
    """
    deck = list(GOLEMS)
    castle = cards.by_tier(4) + sorted(monsters)
    rng.shuffle(castle)
    deck += castle
    chosen = sorted(events)
    rng.shuffle(chosen)
    for tier in (3, 2, 1):
        deck.append(chosen[3 - tier])
        layer = cards.by_tier(tier)
        rng.shuffle(layer)
        deck += layer
    return deck


def deal(game: FamiliarFeatGame, seed: int) -> dict[str, Any]:
    """Set up a new adventure at ``game.level`` (FA-05..FA-25, FA-07 at random).

    Returns the fields of a ``FamiliarFeatState``. With variant ``choose-cards`` the Monsters
    and Events are picked by the player first (phase ``setup``, ruling FA-R03).
    """
    cards = game.cards
    rng = make_rng(seed)
    character = cards.character(game.level)
    fields: dict[str, Any] = {
        "deck": [],
        "row": [0] * ROW,
        "cols": [[] for _ in range(ROW)],
        "since": [0] * ROW,
        "hand": [],
        "team": [],
        "discard": [],
        "fd": [],
        "fu": [],
        "fled": [],
        "driven": [],
        "box": [],
        "character": character,
        "chosen": [],
        "events_pending": [],
        "active": [],
        "limbo": [],
        "pending": [],
        "reached": [],
        "groups": [],
        "latched": [],
        "stamp": 0,
        "phase": PH_SETUP,
        "day": 1,
        "seed": derive_seed(seed, "play"),
        "shuffles": 0,
        "result": ONGOING,
    }
    if game.choose_cards and game.level > 1:  # every card waits in the box for the picks
        fields["box"] = [n for n in range(1, NUM_CARDS + 1) if n not in (character, 80)]
        fields["pending"] = [(F_PICK,)]
        return fields
    monsters = list(rng.choice(monster_choices(cards, game.level)))
    events = list(rng.choice(event_choices(cards, game.level)))
    _lay_out(cards, fields, monsters, events, rng)
    return fields


def _lay_out(
    cards: CardSet, fields: dict[str, Any], monsters: list[int], events: list[int], rng: Any
) -> None:
    """Build the Creature deck, reveal the row, shuffle the Team deck (FA-12..FA-25)."""
    deck = build_deck(cards, monsters, events, rng)
    row = [deck.pop() for _ in range(ROW)]  # the first revealed card lies nearest the deck
    team = cards.by_tier(0)
    rng.shuffle(team)
    used = set(deck) | set(row) | set(team) | {fields["character"], 80}
    fields.update(
        deck=deck,
        row=row,
        since=[1] * ROW,
        team=team,
        chosen=sorted(monsters) + sorted(events),
        box=sorted(n for n in range(1, NUM_CARDS + 1) if n not in used),
        phase=PH_ATTACH,
    )


def pick_options(state: FamiliarFeatState) -> list[int]:
    """Variant ``choose-cards``: the Monsters (first) or Events the player may pick next.

    The picks so far must extend to a full set that fits the Character's banner (FA-07).
    """
    cards = state.game.cards
    level = state.game.level
    chosen = set(state.chosen)
    monsters = [n for n in chosen if cards.kind[n] == K_MONSTER]
    if len(monsters) < MONSTERS_TO_WIN:
        sets = [s for s in monster_choices(cards, level) if chosen <= set(s)]
    else:
        picked = chosen - set(monsters)
        sets = [s for s in event_choices(cards, level) if picked <= set(s)]
    return sorted({n for s in sets for n in s} - chosen)


# ---------------------------------------------------------------------------------------------
# Totals, Strength and the card limit (FA-37, FA-40, FA-60..FA-65, FA-72..FA-76)


def effective(cards: CardSet, col: list[int]) -> list[tuple[int, int]]:
    """``[(value, ability)]`` of each Familiar of a column, top first, after Copy (FA-62).

    A Copy takes the effective value and ability of the Familiar directly above it, live; at the
    top of a column it is worth 0 with no ability (rulings FA-R11, FA-R12).
    """
    out = []
    pv = pa = 0
    cuddle = cards.cuddle
    ability = cards.ability
    for f in col:
        a = ability[f]
        if a == A_COPY:
            v, a = pv, pa
        else:
            v = cuddle[f]
        out.append((v, a))
        pv, pa = v, a
    return out


def column_total(cards: CardSet, col: list[int], no_double: bool = False) -> int:
    """The Cuddle total of a column: the sum of effective values, doubled once if any effective
    ability is Double (FA-60, FA-61; ruling FA-R13), unless an Event cancels doubling."""
    total = 0
    pv = pa = 0
    double = False
    cuddle = cards.cuddle
    ability = cards.ability
    for f in col:
        a = ability[f]
        if a == A_COPY:
            v, a = pv, pa
        else:
            v = cuddle[f]
        total += v
        if a == A_DOUBLE:
            double = True
        pv, pa = v, a
    return total * 2 if double and not no_double else total


def no_double(state: FamiliarFeatState) -> bool:
    """An Event in force cancels every doubling today (ruling FA-R25)."""
    kind = state.game.cards.event_kind
    return any(kind[e[0]] == V_NO_DOUBLE for e in state.active)


def strength_of(state: FamiliarFeatState, creature: int) -> int:
    """The Strength to reach at ``creature`` now: printed plus Event modifiers; ``INF`` or
    ``STAR`` unchanged (ruling FA-R25)."""
    cards = state.game.cards
    st = cards.strength[creature]
    if st in (INF, STAR):
        return st
    kind = cards.event_kind
    for e, t1, _ in state.active:
        k = kind[e]
        if k == V_STRENGTH_PLUS or (k == V_INSECURITY and t1 == creature):
            st += cards.event_n[e]
    return st


def condition_met(cards: CardSet, condition: tuple[int, int], col: list[int]) -> bool:
    """A star Monster's condition (FA-72, FA-75; rulings FA-R21, FA-R22)."""
    kind, count = condition
    if kind == C_AT_LEAST:
        return len(col) >= count
    if kind == C_ABILITIES:
        return sum(1 for f in col if cards.ability[f]) >= count
    values = [v for v, _ in effective(cards, col)]
    if kind == C_INCREASING:
        return len(values) == count and all(a < b for a, b in zip(values, values[1:], strict=False))
    if kind == C_SAME_VALUE:
        return any(values.count(v) >= count for v in set(values))
    if kind == C_DISTINCT:
        return len(set(values)) >= count
    return False  # pragma: no cover


def meets(state: FamiliarFeatState, slot: int) -> bool:
    """Whether the Creature in ``slot`` meets its Strength (or star condition) now (FA-40)."""
    creature = state.row[slot]
    if not creature:
        return False
    cards = state.game.cards
    st = cards.strength[creature]
    if st == INF:
        return False
    col = state.cols[slot]
    if st == STAR:
        condition = cards.condition[creature]
        assert condition is not None
        return condition_met(cards, condition, col)
    if not col:
        return False
    return column_total(cards, col, no_double(state)) >= strength_of(state, creature)


def card_limit(state: FamiliarFeatState, creature: int) -> int:
    """How many counting cards may be attached beneath ``creature`` (FA-37; 0 = no limit).

    Star Monsters whose condition needs more than five Familiars have no limit (FA-73, ruling
    FA-R23); Events may lower it (ruling FA-R25).
    """
    cards = state.game.cards
    condition = cards.condition[creature]
    if condition is not None and condition[0] != C_INCREASING and condition[1] > CARD_LIMIT:
        return 0
    limit = CARD_LIMIT
    if not state.active:
        return limit
    kind = cards.event_kind
    for e, t1, _ in state.active:
        k = kind[e]
        if k == V_CARD_LIMIT or (k == V_SPACE and t1 == creature):
            limit = min(limit, cards.event_n[e])
    return limit


def can_attach(state: FamiliarFeatState, slot: int, card: int, moving: bool = False) -> bool:
    """Whether ``card`` may be attached at the bottom of ``slot``'s column (FA-37, FA-65).

    The limit is checked at the moment of attaching only; a card that does not count (its
    effective ability, as a Copy too, is "does not count") may always be attached (FA-R14).
    ``moving``: the card is already in play and leaves its old place first (FA-64).
    """
    creature = state.row[slot]
    if not creature:
        return False
    limit = card_limit(state, creature)
    if not limit:
        return True
    col = state.cols[slot]
    if moving and card in col:
        col = [f for f in col if f != card]
    if len(col) < limit:  # fewer cards than the limit: whatever counts, there is room
        return True
    cards = state.game.cards
    eff = effective(cards, col)
    a = cards.ability[card]
    if a == A_COPY:
        a = eff[-1][1] if eff else 0
    if a == A_NO_LIMIT:
        return True
    return sum(1 for _, b in eff if b != A_NO_LIMIT) < limit


def resolving(state: FamiliarFeatState) -> set[int]:
    """Creatures whose resolution has begun and not finished."""
    return {f[1] for f in state.pending if f[0] == F_RESOLVE}


def closing_ranks_blocks(state: FamiliarFeatState, commit: bool) -> set[int]:
    """Creatures held back by Closing Ranks (FA-95; ruling FA-R26).

    By default a bound card that meets its Strength is latched (``state.latched``): it counts as
    reached even if its total drops later. Once both cards count as reached, none is held; with
    ``commit`` the Event is boxed and the latched cards stay in ``state.latched`` so that they
    are resolved even if their totals dropped. Variant ``closing-ranks-together``: both must
    meet their Strength at the same moment (nothing is latched).
    """
    held: set[int] = set()
    cards = state.game.cards
    latch = not state.game.closing_together
    latched = state.latched
    for entry in list(state.active):
        e, a, b = entry
        if cards.event_kind[e] != V_CLOSING_RANKS:
            continue
        row = state.row
        if a not in row or b not in row:  # pragma: no cover - boxed when a card leaves
            held.add(a)
            held.add(b)
            continue
        meets_a = meets(state, row.index(a))
        meets_b = meets(state, row.index(b))
        if (meets_a or (latch and a in latched)) and (meets_b or (latch and b in latched)):
            if commit:
                state.active.remove(entry)
                state.box.append(e)
                say(state, f"Closing Ranks: {_name(state, a)} and {_name(state, b)} are reached.")
            continue
        held.add(a)
        held.add(b)
        if commit and latch:
            for c, met in ((a, meets_a), (b, meets_b)):
                if met and c not in latched:
                    latched.append(c)
                    say(state, f"{_name(state, c)} is reached and waits (Closing Ranks).")
    return held


def _unlatch(state: FamiliarFeatState, entry: tuple[int, int, int]) -> None:
    """A Closing Ranks ends without both cards reached: its cards are no longer latched."""
    if state.latched:
        state.latched = [c for c in state.latched if c not in entry[1:]]


def ready(state: FamiliarFeatState, commit: bool = False) -> list[int]:
    """Creatures in the row that meet their Strength and may be resolved now, in row order.

    A card latched by Closing Ranks counts as meeting it (ruling FA-R26). ``commit``: latch
    and box Closing Ranks (only the flow does this; ``legal_actions`` never changes the state).
    """
    latched = state.latched
    if not latched and not any(state.cols):
        return []
    row = state.row
    found = [row[s] for s in range(ROW) if meets(state, s) or (latched and row[s] in latched)]
    if not found:
        return []
    busy = resolving(state)
    held = closing_ranks_blocks(state, commit) if state.active else set()
    return [c for c in found if c not in busy and c not in held]


def note_reached(state: FamiliarFeatState) -> None:
    """Queue Creatures that newly meet their Strength, in the order reached (FA-40, FA-66).

    Creatures reached at the same moment share a group; the player orders them (FA-R17).
    """
    new = [c for c in ready(state, True) if c not in state.reached]
    if new:
        state.stamp += 1
        state.reached.extend(new)
        state.groups.extend([state.stamp] * len(new))


# ---------------------------------------------------------------------------------------------
# Moving cards


def say(state: FamiliarFeatState, text: str) -> None:
    """Record a sentence for ``describe_outcome`` (only when a log is being kept)."""
    if state.log is not None:
        state.log.append(text)


def _name(state: FamiliarFeatState, card: int) -> str:
    return f"{state.game.cards.name[card]} ({card})"


def _slot_of(state: FamiliarFeatState, familiar: int) -> int:
    for s, col in enumerate(state.cols):
        if familiar in col:
            return s
    return -1


def in_play(state: FamiliarFeatState) -> list[int]:
    """Every attached Familiar, row order then column order (FA-63, FA-64)."""
    return [f for col in state.cols for f in col]


def revive_one(state: FamiliarFeatState) -> int:
    """Take the top card of the face-down Exhausted pile, turning the face-up pile over first if
    the face-down one is empty (FA-53, FA-54). Returns the card, or 0 if both are empty."""
    if not state.fd:
        if not state.fu:
            return 0
        state.fd = state.fu[::-1]
        state.fu = []
    return state.fd.pop()


def revive(state: FamiliarFeatState, n: int) -> None:
    """Revive ``n`` Familiars into the Team discard (FA-53, FA-55)."""
    for _ in range(n):
        card = revive_one(state)
        if not card:
            break
        state.discard.append(card)
        say(state, f"{_name(state, card)} is revived into the Team discard.")


def _exhaust_familiar(state: FamiliarFeatState, familiar: int, dest: int) -> None:
    slot = _slot_of(state, familiar)
    state.cols[slot].remove(familiar)
    if dest:
        state.fled.append(familiar)
        say(state, f"{_name(state, familiar)} flees.")
    else:
        state.fu.append(familiar)
        say(state, f"{_name(state, familiar)} is exhausted.")


def enter_play(state: FamiliarFeatState, slot: int, card: int) -> None:
    """Attach ``card`` at the bottom of ``slot`` and fire its immediate Cuddle ability (FA-36,
    FA-58; a Copy fires the ability it copies, ruling FA-R12)."""
    col = state.cols[slot]
    col.append(card)
    cards = state.game.cards
    a = cards.ability[card]
    if a == A_COPY:
        a = effective(cards, col)[-1][1]
    if a == A_EXHAUST_REVIVE:
        state.pending.append((F_EXR, card))
    elif a == A_MOVE:
        state.pending.append((F_MOVE, card))


def _clear_slot(state: FamiliarFeatState, slot: int) -> list[int]:
    creature = state.row[slot]
    col = state.cols[slot]
    state.row[slot] = 0
    state.cols[slot] = []
    state.since[slot] = 0
    if state.latched and creature in state.latched:
        state.latched.remove(creature)
    kind = state.game.cards.event_kind
    for entry in list(state.active):
        e, t1, t2 = entry
        if (kind[e] in TARGET_KINDS and t1 == creature) or (
            kind[e] == V_CLOSING_RANKS and creature in (t1, t2)
        ):
            state.active.remove(entry)  # FA-97; ruling FA-R26
            _unlatch(state, entry)
            state.box.append(e)
            say(state, f"{state.game.cards.name[e]} returns to the box.")
    return col


# ---------------------------------------------------------------------------------------------
# Resolving a Creature (FA-41, FA-45..FA-57, FA-68..FA-71)


def _resolve_step(state: FamiliarFeatState, frame: tuple) -> None:
    _, creature, step, mode = frame
    cards = state.game.cards
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
        say(state, f"{_name(state, creature)} is recruited into the Team discard.")


# ---------------------------------------------------------------------------------------------
# Decision frames: their options and what each choice does


def frame_options(state: FamiliarFeatState, frame: tuple) -> list[Any]:
    """The legal choices for a pending frame, in a stable order (empty: the frame fizzles)."""
    kind = frame[0]
    cards = state.game.cards
    if kind in (F_EXHAUST, F_FLEE):
        if kind == F_EXHAUST and frame[2] <= 0:
            return []
        creature = frame[1]
        if creature not in state.row:
            return []
        return [CHOOSE[f] for f in state.cols[state.row.index(creature)]]
    if kind == F_HIGHEST:
        creature = frame[1]
        if creature not in state.row:
            return []
        col = state.cols[state.row.index(creature)]
        if not col:
            return []
        values = [v for v, _ in effective(cards, col)]
        top = max(values)
        return [CHOOSE[f] for f, v in zip(col, values, strict=True) if v == top]
    if kind == F_REVIVE_PICK:
        return [CHOOSE[c] for c in state.limbo]
    if kind == F_PLAY_PLACE:
        card, creature = frame[1], frame[2]
        return [
            PLACE[s]
            for s in range(ROW)
            if state.row[s] and state.row[s] != creature and can_attach(state, s, card)
        ]
    if kind in (F_EXR, F_GIVEUP):
        if kind == F_GIVEUP and frame[1] <= 0:
            return []
        return [CHOOSE[f] for f in in_play(state)]
    if kind == F_MOVE:
        return [CHOOSE[f] for f in in_play(state) if _move_targets(state, f)]
    if kind == F_MOVE_PLACE:
        return [PLACE[s] for s in _move_targets(state, frame[1])]
    if kind == F_ORDER:
        return [CHOOSE[c] for c in _front_group(state)]
    if kind == F_DISCARD:
        if frame[1] <= 0 or not state.discard:
            return []
        pool = sorted(set(state.discard))
        if frame[3]:
            top = max(cards.cuddle[c] for c in pool)
            pool = [c for c in pool if cards.cuddle[c] == top]
        return [CHOOSE[c] for c in pool]
    if kind == F_BREATH:  # any Creature, Monsters and Golems too (FA-94; ruling FA-R25)
        return [CHOOSE[c] for c in state.row if c]
    if kind == F_PICK:
        return [CHOOSE[c] for c in pick_options(state)]
    return []


def _move_targets(state: FamiliarFeatState, familiar: int) -> list[int]:
    busy = resolving(state)
    return [
        s
        for s in range(ROW)
        if state.row[s] and state.row[s] not in busy and can_attach(state, s, familiar, True)
    ]


def _front_group(state: FamiliarFeatState) -> list[int]:
    """The first group of the reached queue whose Creatures still meet their Strength."""
    if not state.reached:
        return []
    group = state.groups[0]
    members = [c for c, g in zip(state.reached, state.groups, strict=True) if g == group]
    now = set(ready(state))
    return [c for c in members if c in now]


def _drop_from_queue(state: FamiliarFeatState, creature: int) -> None:
    i = state.reached.index(creature)
    del state.reached[i]
    del state.groups[i]


def frame_fizzle(state: FamiliarFeatState, frame: tuple) -> None:
    """A frame with no legal choice ends (FA-48, FA-55; rulings FA-R15, FA-R16)."""
    state.pending.pop()
    kind = frame[0]
    if kind == F_PLAY_PLACE:  # no Creature can take the revived card (FA-R16)
        state.limbo.remove(frame[1])
        state.discard.append(frame[1])
        say(state, f"{_name(state, frame[1])} has nowhere to go: Team discard.")
    elif kind == F_ORDER:
        _drop_front_group(state)


def _drop_front_group(state: FamiliarFeatState) -> None:
    """The Creatures of the first reached group no longer meet their Strength: they stay."""
    if state.reached:
        group = state.groups[0]
        keep = [(c, g) for c, g in zip(state.reached, state.groups, strict=True) if g != group]
        state.reached = [c for c, _ in keep]
        state.groups = [g for _, g in keep]


def frame_apply(state: FamiliarFeatState, frame: tuple, action: Any) -> None:
    """Carry out the choice ``action`` (already known legal) for the top frame."""
    kind = frame[0]
    if kind == F_EXHAUST:
        remaining = frame[2] - 1
        if remaining:
            state.pending[-1] = (F_EXHAUST, frame[1], remaining, frame[3])
        else:
            state.pending.pop()
        _exhaust_familiar(state, action.card, frame[3])
    elif kind == F_FLEE:
        state.pending.pop()
        _exhaust_familiar(state, action.card, 1)
    elif kind == F_HIGHEST:
        state.pending.pop()
        _exhaust_familiar(state, action.card, 0)
    elif kind == F_REVIVE_PICK:
        state.pending.pop()
        for other in [c for c in state.limbo if c != action.card]:
            state.limbo.remove(other)
            state.discard.append(other)
            say(state, f"{_name(state, other)} goes to the Team discard.")
        state.pending.append((F_PLAY_PLACE, action.card, frame[1]))
    elif kind == F_PLAY_PLACE:
        state.pending.pop()
        state.limbo.remove(frame[1])
        say(state, f"{_name(state, frame[1])} is played beneath slot {action.slot + 1}.")
        enter_play(state, action.slot, frame[1])
    elif kind == F_EXR:
        state.pending.pop()
        _exhaust_familiar(state, action.card, 0)
        revive(state, 1)
    elif kind == F_MOVE:
        state.pending.pop()
        state.pending.append((F_MOVE_PLACE, action.card))
    elif kind == F_MOVE_PLACE:
        state.pending.pop()
        card = frame[1]
        state.cols[_slot_of(state, card)].remove(card)
        state.cols[action.slot].append(card)  # moving is not entering play (FA-R18)
        say(state, f"{_name(state, card)} moves beneath slot {action.slot + 1}.")
    elif kind == F_ORDER:
        state.pending.pop()
        _drop_from_queue(state, action.card)
        state.pending.append((F_RESOLVE, action.card, 0, 0))
    elif kind == F_DISCARD:
        remaining = frame[1] - 1
        if remaining:
            state.pending[-1] = (F_DISCARD, remaining, frame[2], frame[3])
        else:
            state.pending.pop()
        state.discard.remove(action.card)
        (state.fled if frame[2] else state.fu).append(action.card)
        verb = "flees" if frame[2] else "is exhausted"
        say(state, f"{_name(state, action.card)} {verb} from the Team discard.")
    elif kind == F_GIVEUP:
        remaining = frame[1] - 1
        if remaining:
            state.pending[-1] = (F_GIVEUP, remaining)
        else:
            state.pending.pop()
        _exhaust_familiar(state, action.card, 1)
    elif kind == F_BREATH:
        state.pending.pop()
        slot = state.row.index(action.card)
        familiars = _clear_slot(state, slot)
        state.discard.extend(familiars)
        if state.game.cards.kind[action.card] == K_MONSTER:
            # It must still be driven away (FA-71): under the Creature deck (ruling FA-R25).
            state.deck.insert(0, action.card)
            say(state, f"{_name(state, action.card)} goes under the Creature deck.")
        else:
            state.box.append(action.card)
            say(state, f"{_name(state, action.card)} returns to the box.")
    elif kind == F_PICK:
        state.pending.pop()
        state.chosen.append(action.card)  # the card stays in the box until the deck is built
        say(state, f"{_name(state, action.card)} joins the adventure.")
        pair = state.game.cards.pair[action.card]
        if pair:  # the Two-headed Giant: its other head comes with it (ruling FA-R36)
            for other in MONSTERS:
                same = other != action.card and state.game.cards.pair[other] == pair
                if same and other not in state.chosen:
                    state.chosen.append(other)
                    say(state, f"{_name(state, other)} joins the adventure with it.")
        if len(state.chosen) < 6:
            state.pending.append((F_PICK,))
        else:
            _finish_picks(state)


def _finish_picks(state: FamiliarFeatState) -> None:
    cards = state.game.cards
    monsters = [c for c in state.chosen if cards.kind[c] == K_MONSTER]
    events = [c for c in state.chosen if cards.kind[c] != K_MONSTER]
    fields = {"character": state.character}
    rng = make_rng(derive_seed(state.seed, "setup"))
    _lay_out(cards, fields, monsters, events, rng)
    state.deck = fields["deck"]
    state.row = fields["row"]
    state.since = fields["since"]
    state.team = fields["team"]
    state.chosen = fields["chosen"]
    state.box = fields["box"]
    state.phase = PH_ATTACH


# ---------------------------------------------------------------------------------------------
# The flow of the day (FA-27..FA-36, FA-81..FA-88)


def hand_size(state: FamiliarFeatState) -> int:
    """1, or 2 while Flexibility is in force (FA-34, FA-93)."""
    kind = state.game.cards.event_kind
    for e, _, _ in state.active:
        if kind[e] == V_FLEXIBILITY:
            return state.game.cards.event_n[e]
    return 1


def attach_targets(state: FamiliarFeatState, card: int) -> list[int]:
    """Row slots that may take ``card`` now."""
    return [s for s in range(ROW) if state.row[s] and can_attach(state, s, card)]


def advance(state: FamiliarFeatState) -> None:
    """Run every automatic step until the player must decide or the adventure is over."""
    while True:
        if state.result != ONGOING:
            state.phase = PH_OVER
            return
        phase = state.phase
        if phase == PH_ATTACH:
            note_reached(state)
        if state.pending:
            frame = state.pending[-1]
            kind = frame[0]
            if kind == F_RESOLVE:
                _resolve_step(state, frame)
                continue
            if kind == F_EVENT_END:
                state.pending.pop()
                _event_done(state, frame[1])
                continue
            options = frame_options(state, frame)
            if not options:
                frame_fizzle(state, frame)
            elif len(options) == 1:
                frame_apply(state, frame, options[0])  # a forced choice (FA-R05)
            else:
                return
            continue
        if state.reached:
            group = _front_group(state)
            if not group:
                _drop_front_group(state)
            elif len(group) == 1:
                _drop_from_queue(state, group[0])
                state.pending.append((F_RESOLVE, group[0], 0, 0))
            else:
                state.pending.append((F_ORDER,))
            continue
        if phase == PH_ATTACH:
            if not any(state.row):  # end of the day A (FA-81)
                state.discard += state.hand + state.team
                state.hand = []
                state.team = []
                say(state, f"The Creature row is empty: day {state.day} ends.")
                state.phase = PH_NIGHT
                continue
            hand = state.hand
            size = hand_size(state)
            while len(hand) < size and state.team:
                hand.append(state.team.pop())  # FA-33, FA-93
            stuck = [c for c in hand if not attach_targets(state, c)]
            if stuck:  # ruling FA-R09
                for c in stuck:
                    hand.remove(c)
                    state.discard.append(c)
                    say(state, f"{_name(state, c)} cannot be attached anywhere: Team discard.")
                continue
            if hand:
                return
            _end_of_day_b(state)
            continue
        if phase == PH_NIGHT:
            found = ready(state, True)
            if found:  # FA-86: resolved in the player's order (FA-R17, FA-R27)
                state.stamp += 1
                state.reached.extend(found)
                state.groups.extend([state.stamp] * len(found))
                continue
            _end_of_night(state)
            continue
        if phase == PH_DAWN:
            _next_day(state)
            continue
        if phase == PH_EVENTS:
            if state.events_pending:
                _start_event(state, state.events_pending[0])
                continue
            if state.day > 1:  # FA-32
                _new_team_deck(state)
            state.phase = PH_ATTACH
            continue
        if phase == PH_SETUP:  # pragma: no cover - setup waits on F_PICK frames
            return
        return  # pragma: no cover


def _end_of_day_b(state: FamiliarFeatState) -> None:
    """The Team deck ran out: one Familiar flees from every Creature, else the adventure is
    lost (FA-82..FA-85, FA-90; ruling FA-R08)."""
    creatures = [c for c in state.row if c]
    bare = [c for s, c in enumerate(state.row) if c and not state.cols[s]]
    say(state, f"The Team deck has run out: day {state.day} ends.")
    if bare:
        names = ", ".join(_name(state, c) for c in bare)
        say(state, f"No Familiar can flee from {names}: the adventure is lost.")
        state.result = LOST
        return
    for c in reversed(creatures):
        state.pending.append((F_FLEE, c))
    state.phase = PH_NIGHT


def _end_of_night(state: FamiliarFeatState) -> None:
    """Box the hourglass Events, then Monsters whose days are up leave (FA-74, FA-92, FA-96;
    ruling FA-R24, FA-R27)."""
    cards = state.game.cards
    for entry in list(state.active):
        e = entry[0]
        if cards.event_kind[e] not in TARGET_KINDS:
            state.active.remove(entry)
            if cards.event_kind[e] == V_CLOSING_RANKS:
                _unlatch(state, entry)  # both cards stay in play (FA-96)
            state.box.append(e)
            say(state, f"{cards.name[e]} ends and returns to the box.")
    leaving = [
        c
        for s, c in enumerate(state.row)
        if c and cards.leaves_after[c] and state.day - state.since[s] + 1 >= cards.leaves_after[c]
    ]
    for c in reversed(leaving):
        state.pending.append((F_RESOLVE, c, 0, 1))
    state.phase = PH_DAWN


def _next_day(state: FamiliarFeatState) -> None:
    """Slide the row toward the deck and refill it; Events are set aside (FA-28..FA-30)."""
    state.day += 1
    if state.day > MAX_DAYS:
        state.result = LOST_CAP
        return
    keep = [s for s in range(ROW) if state.row[s]]
    state.row = [state.row[s] for s in keep] + [0] * (ROW - len(keep))
    state.cols = [state.cols[s] for s in keep] + [[] for _ in range(ROW - len(keep))]
    state.since = [state.since[s] for s in keep] + [0] * (ROW - len(keep))
    cards = state.game.cards
    filled = len(keep)
    while filled < ROW and state.deck:
        card = state.deck.pop()
        if cards.kind[card] in (K_CREATURE, K_MONSTER, K_GOLEM):
            state.row[filled] = card
            state.since[filled] = state.day
            filled += 1
            say(state, f"Revealed: {_name(state, card)} in slot {filled}.")
        else:
            state.events_pending.append(card)
            say(state, f"Revealed the Event {_name(state, card)}; it waits for a full row.")
    state.phase = PH_EVENTS


def _new_team_deck(state: FamiliarFeatState) -> None:
    """Shuffle the Team discard into a new Team deck, from the state's own seed (FA-32)."""
    pool = sorted(state.discard)
    random.Random(derive_seed(state.seed, "team", state.shuffles)).shuffle(pool)
    state.shuffles += 1
    state.team = pool + state.team
    state.discard = []


def _start_event(state: FamiliarFeatState, event: int) -> None:
    """Resolve a set-aside Event now that the row is full (FA-30, FA-91; ruling FA-R25)."""
    cards = state.game.cards
    kind = cards.event_kind[event]
    n = cards.event_n[event]
    state.pending.append((F_EVENT_END, event))
    say(state, f"Event: {cards.name[event]}.")
    if kind == V_EXHAUST_DISCARD:
        state.pending.append((F_DISCARD, n, 0, int(cards.event_which[event] == "highest")))
    elif kind == V_FLEE_DISCARD:
        state.pending.append((F_DISCARD, n, 1, 0))
    elif kind == V_GIVING_UP:
        state.pending.append((F_GIVEUP, n))  # no Familiar in play: no effect (FA-98)
    elif kind == V_CATCH_BREATH:
        state.pending.append((F_BREATH,))


def _event_done(state: FamiliarFeatState, event: int) -> None:
    cards = state.game.cards
    state.events_pending.remove(event)
    kind = cards.event_kind[event]
    if not cards.timing[event]:
        state.box.append(event)  # lightning: boxed once resolved (FA-91)
        return
    t1 = t2 = 0
    if kind in TARGET_KINDS:
        t1 = _target(state, kind == V_SPACE)
        if not t1:
            state.box.append(event)
            say(state, f"{cards.name[event]} finds no Creature to affect.")
            return
        say(state, f"{cards.name[event]} affects {_name(state, t1)}.")
    elif kind == V_CLOSING_RANKS:
        t1, t2 = state.row[0], state.row[1]
        if not t1 or not t2:
            state.box.append(event)
            return
        say(state, f"Closing Ranks binds {_name(state, t1)} and {_name(state, t2)}.")
    state.active.append((event, t1, t2))


def _target(state: FamiliarFeatState, highest: bool) -> int:
    """The Creature an Event affects: the highest (Space Requirement) or lowest (Insecurity)
    finite Strength in the row, the one nearest the deck on a tie (ruling FA-R25)."""
    cards = state.game.cards
    best = 0
    best_st = 0
    for c in state.row:
        if not c:
            continue
        st = cards.strength[c]
        if st in (INF, STAR):
            continue
        if not best or (st > best_st if highest else st < best_st):
            best, best_st = c, st
    return best


# ---------------------------------------------------------------------------------------------
# Legal actions and applying them


def legal_actions(state: FamiliarFeatState) -> list[Any]:
    """The player's legal actions in a stable order (empty once the adventure is over)."""
    if state.result != ONGOING:
        return []
    if state.pending:
        return frame_options(state, state.pending[-1])
    if state.phase == PH_ATTACH:
        return [ATTACH[c][s] for c in state.hand for s in attach_targets(state, c)]
    return []  # pragma: no cover - advance always stops at a decision


def _whole(value: Any) -> bool:
    """An int and not a bool (``type() is int`` first: the prebuilt actions pass at once)."""
    return type(value) is int or is_int(value)


def apply_action(state: FamiliarFeatState, action: Any) -> None:
    """Apply ``action``; raises ``IllegalActionError`` naming the rule, leaving the state as it
    was (every check happens before anything changes)."""
    if state.result != ONGOING:
        raise IllegalActionError(f"{action}: the adventure is over", "FA-89")
    kind = type(action)
    if kind is Attach:
        if not (_whole(action.card) and _whole(action.slot)):
            raise IllegalActionError(f"{action!r}: card and slot must be integers", "FA-33")
    elif kind is Choose:
        if not _whole(action.card):
            raise IllegalActionError(f"{action!r}: card must be an integer", "FA-41")
    elif kind is Place:
        if not _whole(action.slot):
            raise IllegalActionError(f"{action!r}: slot must be an integer", "FA-21")
    else:
        raise IllegalActionError(
            f"{action!r} is not a Familiar Feat action object (turn text into one with "
            "parse_action)"
        )
    if state.pending:
        frame = state.pending[-1]
        if kind is Attach:
            raise IllegalActionError(
                f"{action}: first finish the pending choice ({pending_prompt(state)})", "FA-41"
            )
        options = frame_options(state, frame)
        if action not in options:
            raise IllegalActionError(
                f"{action}: not a choice here; {pending_prompt(state)}", _frame_rule(frame[0])
            )
        log = state.log
        if log is None:
            frame_apply(state, frame, action)
        else:
            mark = len(log)
            frame_apply(state, frame, action)
            told = frame[0] in _TOLD_BY_ACTION and len(log) > mark
            if told and log[mark].startswith(_name(state, action.card)):
                del log[mark]  # describe_action already says it
        advance(state)
        return
    if kind is not Attach:
        raise IllegalActionError(
            f"{action}: nothing to choose now; attach the card in hand", "FA-33"
        )
    card, slot = action.card, action.slot
    if card not in state.hand:
        raise IllegalActionError(f"{action}: card {card} is not in your hand", "FA-34")
    if not 0 <= slot < ROW or not state.row[slot]:
        raise IllegalActionError(f"{action}: there is no Creature in slot {slot + 1}", "FA-38")
    if not can_attach(state, slot, card):
        raise IllegalActionError(
            f"{action}: the Creature in slot {slot + 1} holds its limit of attached cards",
            "FA-37",
        )
    state.hand.remove(card)
    enter_play(state, slot, card)
    advance(state)


_TOLD_BY_ACTION = frozenset({F_EXHAUST, F_FLEE, F_HIGHEST, F_DISCARD, F_GIVEUP, F_BREATH, F_PICK})
"""Frames whose chosen card's fate is the action's own description (not repeated as outcome)."""

_RULE_OF_FRAME = {
    F_EXHAUST: "FA-46",
    F_HIGHEST: "FA-51",
    F_REVIVE_PICK: "FA-56",
    F_PLAY_PLACE: "FA-R16",
    F_EXR: "FA-63",
    F_MOVE: "FA-64",
    F_MOVE_PLACE: "FA-64",
    F_FLEE: "FA-83",
    F_ORDER: "FA-66",
    F_DISCARD: "FA-R25",
    F_GIVEUP: "FA-98",
    F_BREATH: "FA-94",
    F_PICK: "FA-07",
}


def _frame_rule(kind: int) -> str:
    return _RULE_OF_FRAME.get(kind, "FA-41")


def pending_prompt(state: FamiliarFeatState) -> str:
    """What the player is asked now, in words."""
    if state.result != ONGOING:
        return "the adventure is over"
    if not state.pending:
        return "attach the card in hand beneath a Creature"
    frame = state.pending[-1]
    kind = frame[0]
    name = state.game.cards.name
    if kind == F_EXHAUST:
        what = "which Familiar flees" if frame[3] else "which Familiar to exhaust"
        return f"choose {what} from beneath {name[frame[1]]} ({frame[2]} to go)"
    if kind == F_HIGHEST:
        return f"choose which tied highest Familiar beneath {name[frame[1]]} is exhausted"
    if kind == F_REVIVE_PICK:
        return "choose which revived Familiar to play (the other goes to the Team discard)"
    if kind == F_PLAY_PLACE:
        return f"choose the slot where {name[frame[1]]} is attached"
    if kind == F_EXR:
        return f"{name[frame[1]]}: choose a Familiar in play to exhaust (then revive 1)"
    if kind == F_MOVE:
        return f"{name[frame[1]]}: choose a Familiar in play to move"
    if kind == F_MOVE_PLACE:
        return f"choose the slot {name[frame[1]]} moves to"
    if kind == F_FLEE:
        return f"choose which Familiar flees from {name[frame[1]]}"
    if kind == F_ORDER:
        return "choose which reached Creature is resolved next"
    if kind == F_DISCARD:
        verb = "flees" if frame[2] else "is exhausted"
        return f"choose a Familiar from the Team discard that {verb} ({frame[1]} to go)"
    if kind == F_GIVEUP:
        return f"Giving Up: choose a Familiar in play that flees ({frame[1]} to go)"
    if kind == F_BREATH:
        return (
            "Catch Your Breath: choose a Creature (Monsters and Golems too) to remove from the "
            "row (a Monster goes under the Creature deck)"
        )
    if kind == F_PICK:
        return "choose the next Monster, then Event, for your Character's icons"
    return "decide"  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Checking a state (state_from_dict)


def check_state(state: FamiliarFeatState) -> str | None:
    """What makes ``state`` impossible, or None: every card once (FA-99), shapes, frames."""
    cards = state.game.cards
    for entry in state.active:
        if len(entry) != 3 or entry[0] not in EVENTS:
            return "active entries are [event, target, target]"
    for frame in state.pending:
        if not frame or frame[0] not in FRAME_SIZES or len(frame) != FRAME_SIZES[frame[0]]:
            return f"unknown pending frame {list(frame)}"
    places = [
        state.deck,
        state.hand,
        state.team,
        state.discard,
        state.fd,
        state.fu,
        state.fled,
        state.driven,
        state.box,
        state.events_pending,
        state.limbo,
        [e[0] for e in state.active],
        [c for c in state.row if c],
        *state.cols,
    ]
    every = [c for place in places for c in place] + [state.character, 80]
    if sorted(every) != list(range(1, NUM_CARDS + 1)):
        return "every card 1-110 must lie in exactly one place"
    if len(state.row) != ROW or len(state.cols) != ROW or len(state.since) != ROW:
        return "row, cols and since must have 5 entries"
    for s in range(ROW):
        c = state.row[s]
        if c and cards.kind[c] not in (K_CREATURE, K_MONSTER, K_GOLEM):
            return f"slot {s + 1} holds a card that is not a Creature"
        if not c and state.cols[s]:
            return f"slot {s + 1} is empty but has attached cards"
    if state.character not in CHARACTERS:
        return "character must be a Character card"
    if state.phase not in range(len(PHASES)) or state.result not in (ONGOING, WON, LOST, LOST_CAP):
        return "phase or result out of range"
    if any(c not in state.row for c in state.latched):
        return "latched cards must lie in the Creature row"
    if len(state.reached) != len(state.groups):
        return "reached and groups must have the same length"
    if CASTLE_CARD not in state.box:
        return "the Castle card stays in the box"
    if any(cards.kind[m] != K_MONSTER for m in state.driven):
        return "only Monsters are driven away"
    if state.day < 1 or state.shuffles < 0:
        return "day must be >= 1 and shuffles >= 0"
    return None


def monsters_in_game(state: FamiliarFeatState) -> list[int]:
    """The three Monsters of this adventure (FA-11)."""
    cards = state.game.cards
    return [c for c in state.chosen if cards.kind[c] == K_MONSTER] or [
        c for c in MONSTERS if c not in state.box
    ]


def end_reason(state: FamiliarFeatState) -> str:
    """Why a finished adventure ended, in words."""
    if state.result == WON:
        return "the third Monster is driven away: the castle is free (FA-89)"
    if state.result == LOST_CAP:
        return f"the day limit of {MAX_DAYS} is passed (ruling FA-R29)"
    return "the Team deck ran out and a Creature had no Familiar to flee (FA-90)"
