"""Familiar Feat for learning libraries: the action catalogue, the observation tensor, the game
length and the bounds of ``returns()`` (the ``Encoding`` protocol of ``core.encoding``).

Action catalogue (385 ids, the same for every level and variant; slots are 0-4 here, 1-5 in
text, slot 1 nearest the Creature deck). Only Creature/Familiar cards (1-54, FA-01) are ever in
hand, so only they are attached; a choice may name any card:

| ids | action | id of |
|---|---|---|
| 0-269 | ``attach C to S`` (FA-33) | ``(C - 1) * 5 + slot`` |
| 270-379 | ``choose C`` (a pending choice, e.g. FA-46, FA-56, FA-83) | ``270 + C - 1`` |
| 380-384 | ``slot S`` (where a revived or moved Familiar goes, FA-56, FA-64) | ``380 + slot`` |

Observation tensor: flat, every entry in [0, 1], computed from ``state.observation(0)`` only.
For each card ``C`` (1-110) a row of 29 entries at ``(C - 1) * 29``:

| entries | meaning |
|---|---|
| 23 | where the card lies, one-hot over ``PLACES`` (all 0 for the Exhausted card, 80) |
| 1 | its place in an ordered pile or column: ``(index + 1) / length`` |
| 1 | one of the adventure's chosen Monsters and Events |
| 1 | its Strength is reached and it waits to be resolved |
| 1 | bound by Closing Ranks and waiting (latched) |
| 1 | the target of an Event in force |
| 1 | named by the choice the player makes now (the top pending frame) |

``PLACES``: the Creature deck, row slots 1-5, beneath slots 1-5, the hand, the Team deck, the
Team discard, the Exhausted face-down and face-up piles, the Fled pile, driven away, the box,
the Character, Events set aside, Events in force, revived to play. A column's top card is its
first, a pile's top card its last.

Then 30 entries: days each row slot's card has been in play / 10, at most 1 (5); the phase of
the day (6, one-hot); the kind of the top pending frame (15 kinds of ``rules_phases``, or none:
16, one-hot); its count still to go / 5, at most 1; pending frames / 10, at most 1; the day /
200 (ruling FA-R29). 3,220 entries in all.

Game length (proved, ``max_length``): at most ``D`` days. While the adventure goes on, the row
is never empty at the start of a day: the Golems are the deck's last cards and leave the row only
to the box (Catch Your Breath), and a Monster not yet driven away is in the row or in the deck
(ruling FA-R25 puts a removed Monster under the deck), so an empty row and an empty deck mean
three Monsters driven away and a won adventure (FA-71). Hence every day but the last ends with a
card leaving the row (end A, FA-81: the row is empty) or, at end B, with at least one Familiar
fleeing (FA-83; none flees only if the adventure is lost, FA-85). A card enters the row only from
the Creature deck (FA-29): its ``F - T0`` Creatures of Tiers I-IV (``T0`` Tier 0 cards form the
Team deck, FA-12), 3 Monsters (FA-11) and 4 Golems (FA-13), once each, plus a Monster that Catch
Your Breath put back under the deck (one of the 3 Events, FA-11); and the Fled pile keeps what
flees (FA-84, ruling FA-R32), at most the ``F`` Familiars. So ``D = 1 + (F - T0 + 3 + 4 + 3) + F``
(111 for the shipped content; the safety cap ``MAX_DAYS`` of ruling FA-R29 is 200). This needs
no Monster effect to exhaust the Monster itself (FA-52); content where one does falls back on
``MAX_DAYS``.

In one day, with ``F = 54`` cards that can be Familiars and ``P`` the revived cards played (at
most 5 Creatures leave the row, which is not refilled until morning, FA-43; each effect plays at
most one, for the shipped content): at most ``F`` attaches (the Team deck is formed in the
morning and revived cards go to the Team discard, FA-57); ``2P`` to pick a revived card and its
slot; at most 2 decisions for the immediate ability of each of the ``E = F + P`` cards entering
play (FA-58; moving a Familiar is not entering play, ruling FA-R18); at most ``F + E`` Familiars
exhausted, fleeing or moved off a column (those in play at dawn and those entering); at most 5
orders of resolution (FA-66). That is ``5F + 5P + 5`` decisions a day; each of the three Events
adds at most ``F + 1`` (cards taken from the Team discard, a Creature removed), and the
choose-cards variant 6 picks: ``D (5F + 5P + 5) + 3 (F + 1) + 6`` in all (33,465 without
choose-cards).

Counted over the whole adventure instead (``amortised_length``; the bound is the smaller of
the two), with ``K = F - T0 + 3 + 4 + 3`` departures from the row at most (each card leaves the
row at most once per entry, above), ``D`` days, ``p`` revive-and-play steps on one card:

- A column never holds more than ``C = 5 + N + Y`` cards (``N`` "does not count" cards, ``Y``
  Copies): a card that always counts is attached, played or moved only below fewer than 5
  counting cards (FA-37, ruling FA-R14), so at most 5 of them lie in a column; only a Star
  Monster whose condition needs more than 5 has no limit (FA-73, ruling FA-R23), and its column
  holds at most the ``F`` Familiars. While a Creature is resolved, at most ``2p`` cards join
  its column (a played card, and one that card's Move brings). Of the ``K`` departures at most
  6 are Monsters' (3 Monsters, each put back at most by the 3 Events), each with a column of at
  most ``C_M``: ``F`` if a Monster the level may deal (``monster_sets``) has no limit, else
  ``C + 2p``. So a Creature's effect exhausts or makes flee (FA-45..FA-52), and its leaving
  sends to the Team discard (FA-41, FA-69, FA-94), at most ``SX = (K - 6)(C + 2p) + 6 C_M``
  cards in all.
- The decisions of the effects themselves are fewer (``EX``): each Creature of Tiers I-IV
  enters the row once and is resolved at most once, when it leaves (FA-41), and at most 3
  Monsters are resolved, each once, driven away or leaving for good (the third wins, FA-71,
  FA-74). An effect asks one decision per Familiar of "exhaust N" and "flee N" (N at most,
  FA-46, ruling FA-R15), one per Familiar of "exhaust all" (their order, FA-47: the column's
  most), one for "exhaust the highest" (a tie, FA-51) and none for the others (FA-49, FA-50,
  FA-52, FA-53). So ``EX`` is the sum of those over the Creatures of Tiers I-IV, plus the 3
  largest of the Monsters the level may deal (all of them for content where a Monster exhausts
  itself, FA-52, and so is not driven away): 25 + 1 = 26 at level 1, 25 + 22 = 47 at level
  8, where one decision per card that can leave a column (``SX``) gave 1,108.
- An immediate ability fires only when its card enters play (attached or played, not moved,
  ruling FA-R18; a Copy fires the one it copies, ruling FA-R12, so each entry fires one ability
  at most, FA-58); a card is drawn at most once a day (the Team deck is formed in the morning,
  FA-32, FA-42, FA-57) and played at most ``PL = pK`` times in all (FA-56). So the "exhaust 1,
  then revive 1" (``E`` cards), Move (``M``) and Copy (``Y``) cards fire at most
  ``A = (E + M + Y) D + PL`` times together. A Move firing asks two decisions (the Familiar and
  its slot, FA-64); an "exhaust 1, then revive 1" firing one (the Familiar, FA-63), and the card
  it exhausts may come back to be attached once more (next item): two for each firing at most,
  ``2A``. Revive-and-play asks ``2 PL`` decisions.
- An attach takes a card out of the Team deck; it gets back only by being recruited (``K``), swept
  from a leaving Creature's column, or revived (FA-53), and a revived card was exhausted before:
  by an effect or a leaving (within ``SX``), by itself (FA-52, ``K``), by "exhaust 1, then revive
  1" (counted in ``2A`` above) or by an Event from the Team discard (``X``, the largest such
  Event's number, 3 times). So at most ``T0 + 2K + SX + 3X`` attaches besides those.
- At most ``F`` flee at end B or by Giving Up (the Fled pile keeps them), ``EX`` for the
  effects, ``K`` orders of resolution (each resolves a Creature, which leaves), ``3 (F + 1)``
  for the Events and the 6 picks of choose-cards.

For the shipped content (``T0 = 8``, ``K = 56``, ``D = 111``, ``C = 12``, ``p = 1``,
``E = M = 3``, ``Y = 4``, ``X = 4``): 3,661-3,664 decisions at levels 1-2 (no Monster without a
limit, ``SX = 784``), 3,907-3,922 at levels 3-8 (``SX = 1,024``; 6 more with choose-cards),
against 33,465 by days. That is still 13-15 times the longest random or greedy game (about 290
decisions, 15-17 days), not the issue's 5: the ability cards, which may fire every day they
are drawn (``2A = 2,332``), and the column sizes, counted at their worst at every departure
(``SX``, the attaches of swept and revived cards), keep it there, ``A`` through ``D``, the 111
days the argument above allows against the 15-17 that games play.

Returns: 1.0 for a won adventure, 0.0 for a lost one (``FamiliarFeatState.returns``).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.encoding import Catalogue, FloatBuffer, Layout
from ...core.game import State
from .actions import ATTACH, CHOOSE, PLACE
from .content import (
    A_COPY,
    A_EXHAUST_REVIVE,
    A_MOVE,
    A_NO_LIMIT,
    C_INCREASING,
    CREATURES,
    E_EXHAUST,
    E_EXHAUST_ALL,
    E_EXHAUST_HIGHEST,
    E_EXHAUST_THIS,
    E_FLEE,
    E_REVIVE_PLAY,
    GOLEMS,
    K_MONSTER,
    MONSTERS,
    NUM_CARDS,
    ROW,
    V_EXHAUST_DISCARD,
)
from .content import EVENTS as EVENT_CARDS
from .rules_phases import (
    F_DISCARD,
    F_EVENT_END,
    F_EXHAUST,
    F_EXR,
    F_FLEE,
    F_GIVEUP,
    F_HIGHEST,
    F_MOVE,
    F_MOVE_PLACE,
    F_PLAY_PLACE,
    F_RESOLVE,
    F_REVIVE_PICK,
    FRAME_SIZES,
    MAX_DAYS,
    MONSTERS_TO_WIN,
    PHASES,
)
from .rules_totals import CARD_LIMIT

if TYPE_CHECKING:
    from .game import FamiliarFeatGame
    from .state import FamiliarFeatState

PLACES = (
    "creature_deck",
    *(f"row {s + 1}" for s in range(ROW)),
    *(f"beneath {s + 1}" for s in range(ROW)),
    "hand",
    "team_deck",
    "discard",
    "exhausted_face_down",
    "exhausted_face_up",
    "fled",
    "driven",
    "box",
    "character",
    "events_pending",
    "active",
    "limbo",
)
"""Where a card may lie, in the order of its one-hot entries."""

_PILES = ("hand", "team_deck", "discard", "fled", "driven", "box", "events_pending", "limbo")
_ORDERED = ("exhausted_face_down", "exhausted_face_up")
_ROW_AT, _COL_AT = PLACES.index("row 1"), PLACES.index("beneath 1")
_ORDER, _CHOSEN, _REACHED, _LATCHED, _TARGET, _NAMED = range(len(PLACES), len(PLACES) + 6)
PER_CARD = len(PLACES) + 6

_CARD_FIELDS = {
    F_RESOLVE: (1,),
    F_EXHAUST: (1,),
    F_HIGHEST: (1,),
    F_REVIVE_PICK: (1,),
    F_PLAY_PLACE: (1, 2),
    F_EXR: (1,),
    F_MOVE: (1,),
    F_MOVE_PLACE: (1,),
    F_FLEE: (1,),
    F_EVENT_END: (1,),
}
"""The fields of a pending frame that name a card (``rules_phases`` frame layouts)."""
_COUNT_FIELD = {F_EXHAUST: 2, F_DISCARD: 1, F_GIVEUP: 1}
"""The field of a pending frame that counts what is still to go."""

_PILE_AT = tuple((name, PLACES.index(name)) for name in _PILES)
_ORDERED_AT = tuple((name, PLACES.index(name)) for name in _ORDERED)
# each place's column, for encode_state's direct writes
_HAND_AT, _TEAM_AT, _DISCARD_AT, _FLED_AT, _DRIVEN_AT, _BOX_AT, _EVENTS_AT, _LIMBO_AT = (
    place for _, place in _PILE_AT
)
_FD_AT, _FU_AT = (place for _, place in _ORDERED_AT)
_CHARACTER_AT, _ACTIVE_AT = PLACES.index("character"), PLACES.index("active")
_FLAGS = (("chosen", _CHOSEN), ("reached", _REACHED), ("latched", _LATCHED))
# encode_state's slow parts (``_base``): the column each card list marks, in their order
_SLOW_COLUMNS = (
    0,
    _BOX_AT,
    _FLED_AT,
    _DRIVEN_AT,
    _EVENTS_AT,
    _LIMBO_AT,
    -1,
    *(f for _, f in _FLAGS),
)
_SLOW_ACTIVE, _SLOW_CHARACTER = 6, 10

DAYS_SCALE = 10
BASES = 8
"""How many bases ``encode_state`` keeps (one per game in progress; more only cost a miss)."""
EVENTS = 3  # FA-11
DECK_MONSTERS = 3  # FA-11


def max_days(game: FamiliarFeatGame) -> int:
    """The most days one adventure of ``game``'s content lasts, proved in the module docstring
    ("Game length"): ``1 + (F - T0 + 3 + 4 + 3) + F`` for ``F`` Creature/Familiar cards of which
    ``T0`` are Tier 0 (FA-11, FA-12, FA-13, FA-81, FA-83; rulings FA-R25, FA-R32), at most the
    safety cap ``MAX_DAYS`` (ruling FA-R29), which content whose Monster exhausts itself (FA-52)
    may reach."""
    cards = game.cards
    if any(kind == E_EXHAUST_THIS for m in MONSTERS for kind, _ in cards.effect[m]):
        return MAX_DAYS
    familiars = len(CREATURES)
    row_entries = familiars - len(cards.by_tier(0)) + DECK_MONSTERS + len(GOLEMS) + EVENTS
    return min(MAX_DAYS, 1 + row_entries + familiars)


def max_length(game: FamiliarFeatGame) -> int:
    """The most decisions of one game of ``game``'s configuration (the module docstring's
    "Game length"): ``max_days`` days of at most ``per_day`` decisions, the Events' choices,
    and the picks of ``choose-cards`` (ruling FA-R03).
    ``GameSpec.max_length`` and ``max_game_length``."""
    familiars = len(CREATURES)
    plays = ROW * max(
        sum(1 for kind, _ in steps if kind == E_REVIVE_PLAY) for steps in game.cards.effect
    )
    per_day = 5 * familiars + 5 * plays + 5
    picks = 6 if game.choose_cards else 0
    by_days = max_days(game) * per_day + EVENTS * (familiars + 1) + picks
    return min(by_days, amortised_length(game))


def _level_monsters(game: FamiliarFeatGame) -> list[int]:
    """The Monsters an adventure of ``game``'s level may deal (``monster_sets``, FA-11)."""
    kind = game.cards.kind
    return sorted({m for s in game.monster_sets for m in s if kind[m] == K_MONSTER})


def _column_most(game: FamiliarFeatGame, creature: int, column: int) -> int:
    """The most cards beneath ``creature``: every Familiar for a Star Monster whose condition
    needs more than five (no card limit, FA-73, ruling FA-R23), else ``column``."""
    condition = game.cards.condition[creature]
    if condition is not None and condition[0] != C_INCREASING and condition[1] > CARD_LIMIT:
        return len(CREATURES)
    return column


def effect_choices(game: FamiliarFeatGame, column: int) -> int:
    """``EX`` of the module docstring ("Game length"): the most decisions the effects of the
    Creatures resolved in one adventure ask, with ``column`` the most cards beneath a limited
    Creature while it is resolved (FA-41, FA-45..FA-53, FA-71, FA-73, FA-74; rulings FA-R15,
    FA-R23)."""
    cards = game.cards

    def asks(card: int) -> int:
        total = 0
        for kind, n in cards.effect[card]:
            if kind in (E_EXHAUST, E_FLEE):
                total += n
            elif kind == E_EXHAUST_ALL:
                total += _column_most(game, card, column)
            elif kind == E_EXHAUST_HIGHEST:
                total += 1
        return total

    creatures = sum(asks(c) for c in CREATURES if cards.tier[c] > 0)
    # A Monster card is resolved once at most (it goes to the driven-away pile, or exhausts
    # itself, FA-52, and never comes back to the Creature deck), and the third driven away ends
    # the adventure; one that exhausts itself is not driven away, so then count them all.
    level = _level_monsters(game)
    monsters = sorted((asks(m) for m in level), reverse=True)
    if not any(kind == E_EXHAUST_THIS for m in level for kind, _ in cards.effect[m]):
        monsters = monsters[:MONSTERS_TO_WIN]
    return creatures + sum(monsters)


def amortised_length(game: FamiliarFeatGame) -> int:
    """The most decisions of one adventure counted over the whole of it, not day by day (the
    module docstring's "Game length", second part): ``T0 + 2K + SX + 3X`` attaches, ``EX``
    for the effects, ``F`` fleeing, ``2A`` for the immediate abilities (and the attaches
    their revivals allow), ``2 PL`` for revive-and-play, ``K`` orders, the Events' ``3 (F + 1)``
    and 6 picks
    (FA-37, FA-41, FA-53, FA-56, FA-58, FA-73; rulings FA-R12, FA-R14, FA-R18, FA-R23)."""
    cards = game.cards
    familiars = len(CREATURES)
    tier0 = len(cards.by_tier(0))
    departures = familiars - tier0 + DECK_MONSTERS + len(GOLEMS) + EVENTS
    days = max_days(game)
    play_steps = max(sum(1 for kind, _ in steps if kind == E_REVIVE_PLAY) for steps in cards.effect)
    plays = play_steps * departures
    abilities = [cards.ability[c] for c in CREATURES]
    copies = abilities.count(A_COPY)
    column = CARD_LIMIT + abilities.count(A_NO_LIMIT) + copies
    resolved = column + 2 * play_steps
    monster_column = max(_column_most(game, m, resolved) for m in _level_monsters(game))
    monster_departures = DECK_MONSTERS + EVENTS  # each Monster once, and put back by an Event
    swept = (departures - monster_departures) * resolved + monster_departures * monster_column
    immediate = abilities.count(A_EXHAUST_REVIVE) + abilities.count(A_MOVE) + copies
    fires = immediate * days + plays
    from_discard = max(
        (cards.event_n[e] for e in EVENT_CARDS if cards.event_kind[e] == V_EXHAUST_DISCARD),
        default=0,
    )
    attaches = tier0 + 2 * departures + swept + EVENTS * from_discard
    picks = 6 if game.choose_cards else 0
    return (
        attaches
        + effect_choices(game, resolved)
        + familiars
        + 2 * fires
        + 2 * plays
        + departures
        + EVENTS * (familiars + 1)
        + picks
    )


class FamiliarFeatEncoding(Catalogue):
    """The research encoding of one Familiar Feat configuration (module docstring).

    Args:
        game: the ``FamiliarFeatGame``.
    """

    def __init__(self, game: FamiliarFeatGame) -> None:
        layout = Layout()
        layout.add("attach", len(CREATURES) * ROW, "attach C to S (id = (C - 1) * 5 + slot)")
        layout.add("choose", NUM_CARDS, "choose C (id = 270 + C - 1)")
        layout.add("slot", ROW, "slot S (id = 380 + slot)")
        actions = [ATTACH[c][s] for c in CREATURES for s in range(ROW)]
        super().__init__([*actions, *CHOOSE[1:], *PLACE], layout)
        self.game = game
        self._seats = game.num_players
        obs = Layout()
        self._cards = obs.add("cards", NUM_CARDS * PER_CARD, "per card: place, order and flags")
        self._days = obs.add("days in play", ROW, "days the card of each slot is in play / 10")
        self._phase = obs.add("phase", len(PHASES), "the phase of the day")
        kinds = len(FRAME_SIZES)
        self._frame = obs.add("frame", kinds + 1, "the kind of the top pending frame, or none")
        self._count = obs.add("count", 1, "what the top frame still has to go / 5")
        self._depth = obs.add("depth", 1, "pending frames / 10")
        self._day = obs.add("day", 1, "the day / 200")
        self.set_tensor(obs)
        self._phases = {name: i for i, name in enumerate(PHASES)}
        base = self._cards - PER_CARD
        self._rows = [base + card * PER_CARD for card in range(NUM_CARDS + 1)]
        self._size = len(obs)
        # encode_state's bases: (the slow parts they were written from, their entries)
        self._bases: list[tuple[tuple[Any, ...], array[float]]] = []
        self.max_game_length = max_length(game)
        self.returns_bounds = (0.0, 1.0)
        self.returns_sum: float | None = None

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """``encode_observation(state.observation(player), out)`` without copying the
        observation's lists: the same fields (``FamiliarFeatState.observation``) read from the
        state. The decks come in the state's hidden order, but the tensor marks only which
        cards they hold, as the observation's sorted lists do. Raises ``ValueError`` for a
        seat that does not exist.

        The same entries as ``_fill`` (which ``encode_observation`` uses), written here from
        the state's fields directly: building ``_fill``'s thirteen arguments was a tenth of a
        call, and this runs on every decision of every adapter. The slow parts (``_base``)
        come as one block kept per content and copied in (``out[:] = block``; a buffer without
        slices, or of another format than float32, gets the block entry by entry)."""
        fa: FamiliarFeatState = state  # type: ignore[assignment]  # no cast(): hot path
        if type(player) is not int or not 0 <= player < self._seats:
            fa.check_player(player)  # ValueError, or a NumPy integer that is a seat
        base = self._cards - PER_CARD  # card C's row starts at base + C * PER_CARD
        rows = self._rows  # card C's row starts at rows[C]
        # The slow parts (the Creature deck, the box, ... : about 75 of the 120 entries,
        # changed in one decision of six or fewer) come as one block, written once per content
        slow = (
            fa.deck,
            fa.box,
            fa.fled,
            fa.driven,
            fa.events_pending,
            fa.limbo,
            fa.active,
            fa.chosen,
            fa.reached,
            fa.latched,
            fa.character,
        )
        block = None
        for parts, kept in self._bases:
            if parts == slow:
                block = kept
                break
        if block is None:
            block = self._base(slow)
        view: Any = out  # FloatBuffer declares no slices
        try:  # the adapters' float32 memoryview or a numpy array: one copy
            if type(view) is list:  # a slice assignment would resize one of the wrong length
                raise TypeError
            view[:] = block
        except (TypeError, ValueError):  # a list, no slices, or a memoryview of another format
            for i, value in enumerate(block):
                if value:
                    out[i] = value
        day, since, days = fa.day, fa.since, self._days
        for s, card in enumerate(fa.row):
            if card:
                out[rows[card] + _ROW_AT + s] = 1.0
                out[days + s] = min(1.0, (day - since[s] + 1) / DAYS_SCALE)
        for s, column in enumerate(fa.cols):
            if column:
                _ordered(out, column, rows, _COL_AT + s)
        for place, cards in ((_HAND_AT, fa.hand), (_TEAM_AT, fa.team), (_DISCARD_AT, fa.discard)):
            for card in cards:
                out[rows[card] + place] = 1.0
        if fa.fd:
            _ordered(out, fa.fd, rows, _FD_AT)
        if fa.fu:
            _ordered(out, fa.fu, rows, _FU_AT)
        out[self._phase + fa.phase] = 1.0
        pending = fa.pending
        if pending:
            frame = pending[-1]
            kind = frame[0]
            out[self._frame + kind] = 1.0
            for i in _CARD_FIELDS.get(kind, ()):
                if frame[i]:
                    out[base + frame[i] * PER_CARD + _NAMED] = 1.0
            count = _COUNT_FIELD.get(kind)
            if count is not None:
                out[self._count] = min(1.0, frame[count] / 5)
        else:
            out[self._frame + len(FRAME_SIZES)] = 1.0
        out[self._depth] = min(1.0, len(pending) / 10)
        out[self._day] = min(1.0, day / MAX_DAYS)

    def _base(self, slow: tuple[Any, ...]) -> array[float]:
        """The entries of ``encode_state``'s slow parts (in its order: the Creature deck, the
        box, Fled, driven away, Events set aside, revived to play, Events in force with their
        targets, the chosen, reached and latched flags, the Character) in a float32 block of
        the whole tensor, kept, keyed by copies of those parts, among the last ``BASES`` (a
        game changes its lists in place, so the key must not share them). A new block is the
        last one made with the parts that differ rewritten (their old entries cleared, their
        new ones written): a decision seldom changes more than one of them.

        Every part writes its own columns of the card rows, which no other part of the tensor
        writes (a place or a flag), so copying a block in first and the rest after gives the
        same tensor as writing every part in turn, and clearing one part's entries leaves the
        others'."""
        bases = self._bases
        if bases:
            last, block = bases[0]
            block = array("f", block)
            for i, (old, new) in enumerate(zip(last, slow, strict=True)):
                if old != new:
                    self._mark(block, i, old, 0.0)
                    self._mark(block, i, new, 1.0)
        else:
            block = array("f", bytes(4 * self._size))
            for i, part in enumerate(slow):
                self._mark(block, i, part, 1.0)
        # copies of the lists (a game changes them in place); Events in force are tuples
        key = (*(part[:] for part in slow[:-1]), slow[-1])
        self._bases = [(key, block), *bases[: BASES - 1]]
        return block

    def _mark(self, block: array[float], part: int, value: Any, entry: float) -> None:
        """Set the entries of slow part ``part`` (``_base``'s order) holding ``value`` to
        ``entry`` (1.0 to write them, 0.0 to clear them)."""
        rows = self._rows
        if part == _SLOW_ACTIVE:
            for event, *targets in value:
                block[rows[event] + _ACTIVE_AT] = entry
                for t in targets:
                    if t:
                        block[rows[t] + _TARGET] = entry
        elif part == _SLOW_CHARACTER:
            block[rows[value] + _CHARACTER_AT] = entry
        else:
            column = _SLOW_COLUMNS[part]
            for card in value:
                block[rows[card] + column] = entry

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        self._fill(
            out,
            tuple(obs[name] for name in _PILES),
            obs["creature_deck"],
            obs["day"],
            obs["row"],
            obs["since"],
            obs["cols"],
            tuple(obs[name] for name in _ORDERED),
            obs["character"],
            obs["active"],
            tuple(obs[name] for name, _ in _FLAGS),
            self._phases[obs["phase"]],
            obs["pending"],
        )

    def _fill(
        self,
        out: FloatBuffer,
        piles: tuple[list[int], ...],
        deck: list[int],
        day: int,
        row: list[int],
        since: list[int],
        cols: list[list[int]],
        ordered: tuple[list[int], ...],
        character: int,
        active: list[Any],
        flags: tuple[Any, ...],
        phase: int,
        pending: list[Any],
    ) -> None:
        """Write the tensor of one view given its parts: the piles of ``_PILES`` and the
        ordered ones of ``_ORDERED`` in that order, the flags' card lists in ``_FLAGS`` order,
        the phase's index, the rest as the observation's fields."""
        base = self._cards - PER_CARD  # card C's row starts at base + C * PER_CARD
        rows = self._rows  # card C's row starts at rows[C]
        for card in deck:
            out[rows[card]] = 1.0
        at = _ROW_AT
        days = self._days
        for s, card in enumerate(row):
            if card:
                out[rows[card] + at + s] = 1.0
                out[days + s] = min(1.0, (day - since[s] + 1) / DAYS_SCALE)
        for s, column in enumerate(cols):
            if column:
                _ordered(out, column, rows, _COL_AT + s)
        for (_, place), cards in zip(_PILE_AT, piles, strict=True):
            for card in cards:
                out[rows[card] + place] = 1.0
        for (_, place), cards in zip(_ORDERED_AT, ordered, strict=True):
            if cards:
                _ordered(out, cards, rows, place)
        out[base + character * PER_CARD + _CHARACTER_AT] = 1.0
        for event, *targets in active:
            out[base + event * PER_CARD + _ACTIVE_AT] = 1.0
            for t in targets:
                if t:
                    out[base + t * PER_CARD + _TARGET] = 1.0
        for (_, flag), cards in zip(_FLAGS, flags, strict=True):
            for card in cards:
                out[rows[card] + flag] = 1.0
        out[self._phase + phase] = 1.0
        if pending:
            frame = pending[-1]
            kind = frame[0]
            out[self._frame + kind] = 1.0
            for i in _CARD_FIELDS.get(kind, ()):
                if frame[i]:
                    out[base + frame[i] * PER_CARD + _NAMED] = 1.0
            count = _COUNT_FIELD.get(kind)
            if count is not None:
                out[self._count] = min(1.0, frame[count] / 5)
        else:
            out[self._frame + len(FRAME_SIZES)] = 1.0
        out[self._depth] = min(1.0, len(pending) / 10)
        out[self._day] = min(1.0, day / MAX_DAYS)


def _ordered(out: FloatBuffer, cards: list[int], rows: list[int], place: int) -> None:
    """Mark ``cards``, an ordered pile or column, at ``place`` of their rows (card C's row at
    ``rows[C]``), each with its place ``(index + 1) / length``."""
    n = len(cards)
    order = _ORDER
    for i, card in enumerate(cards, 1):
        row = rows[card]
        out[row + place] = 1.0
        out[row + order] = i / n
