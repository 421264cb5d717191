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

Game length: ``max_length`` of ``length`` (its module docstring has the proof), imported here.

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
    CREATURES,
    NUM_CARDS,
    ROW,
)
from .length import max_length
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
    PHASES,
)

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
                    out[rows[frame[i]] + _NAMED] = 1.0
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
