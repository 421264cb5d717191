"""Fancy Feathers scoring: how things turn into points.

This module holds the game's points and its end-of-game result (the scores, the winners and
the tie-breaks, each with its rule id), and nothing else.

Each of the 12 animal types scores by a kind: data in ``content.toml`` (a ``kind`` and its
parameters) that this module turns into a ``Scoring`` object with ``points`` for the hot path and
``reason`` for people.

A collection is given per type as the printed values of its cards (``by_type[t]``: a list with one
int per card; 0 for types without printed values). Two facts come from the whole table: whether
the player has the fewest cards of all players (Lady Amherst's, FF-55, ruling FF-R09) and how many
other types the player holds (Mirror, FF-62). The most points win; among tied players, who left
the Path first (FF-50, FF-51).

Rule ids (``FF-nn``) refer to ``docs/rules/fancy-feathers.md``; rulings
``FF-Rnn`` to ``docs/rulings/fancy-feathers.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.game import TERMINAL

if TYPE_CHECKING:
    from .state import FancyFeathersState

TYPES = (
    "golden-pheasant",
    "pheasant-fart",
    "lady-amherst-pheasant",
    "blood-pheasant",
    "green-pheasant",
    "peacock",
    "nest",
    "reeves-pheasant",
    "trap",
    "mirror",
    "monal",
    "fox",
)
"""The 12 animal types (FF-05) in the rulebook's order; a type is an index into this tuple."""

NUM_TYPES = len(TYPES)
TRAP = TYPES.index("trap")
FOX = TYPES.index("fox")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Scoring:
    """How one animal type scores. Subclasses are the scoring kinds of ``content.toml``."""

    kind: ClassVar[str]
    uses_values: ClassVar[bool] = False
    """True if the cards of this kind carry a printed value that the scoring reads."""

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        """Points for the cards ``values`` of this type (one printed value per card, 0 if none).

        ``fewest``: the holder has the fewest cards of all players; ``others``: how many other
        animal types the holder has.
        """
        raise NotImplementedError

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        """``points`` explained in one line (our words)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Printed(Scoring):
    """Each card scores ``sign`` x its printed value (Golden Pheasant +, Pheasant Fart -)."""

    kind = "printed"
    uses_values = True
    sign: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        return self.sign * sum(values)

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        verb = "scores" if self.sign > 0 else "loses"
        shown = " + ".join(str(v) for v in sorted(values))
        return f"each card {verb} its printed value: {shown}"


@dataclass(frozen=True)
class Fewest(Scoring):
    """``points_`` per card, only for a holder with the fewest cards of all (Lady Amherst's)."""

    kind = "fewest"
    points_: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        return self.points_ * len(values) if fewest else 0

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        if fewest:
            return f"fewest cards in total: {len(values)} x {self.points_}"
        return "not the fewest cards in total: 0 each"


@dataclass(frozen=True)
class CountTable(Scoring):
    """Points by the number of cards: ``table[n]``, and ``beyond`` for each card past the table.

    Blood (FF-56, ruling FF-R15), Peacock (FF-58), Reeves's (FF-60).
    """

    kind = "table"
    table: tuple[int, ...]
    beyond: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        n = len(values)
        table = self.table
        if n < len(table):
            return table[n]
        return table[-1] + self.beyond * (n - len(table) + 1)

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        return f"{_plural(len(values), 'card')}: {self.points(values, fewest, others)}"


@dataclass(frozen=True)
class Pairs(Scoring):
    """``pair`` per pair, ``single`` for an unmatched card (Green Pheasant, FF-57)."""

    kind = "pairs"
    pair: int
    single: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        n = len(values)
        return (n // 2) * self.pair + (n % 2) * self.single

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        n = len(values)
        parts = [f"{_plural(n // 2, 'pair')} x {self.pair}"] if n > 1 else []
        if n % 2:
            parts.append(f"1 unmatched: {self.single}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Squared(Scoring):
    """Each card scores the number of cards held, counting at most ``cap`` (Nest, FF-59).

    Ruling FF-R03: only ``cap`` cards count, so the total never passes ``cap`` squared. With
    ``each_capped`` (variant ``nest-five-each``) every card scores, each at most ``cap``.
    """

    kind = "squared"
    cap: int
    each_capped: bool = False

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        n = len(values)
        m = n if n < self.cap else self.cap
        return (n if self.each_capped else m) * m

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        n = len(values)
        m = min(n, self.cap)
        if self.each_capped or n <= self.cap:
            return f"{n} x {m}"
        return f"{n} held, only {self.cap} count: {self.cap} x {self.cap}"


@dataclass(frozen=True)
class Each(Scoring):
    """A flat ``points_`` per card (Trap -1, Fox +2)."""

    kind = "each"
    points_: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        return self.points_ * len(values)

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        return f"{len(values)} x {self.points_}"


@dataclass(frozen=True)
class OtherTypes(Scoring):
    """Each card scores ``per`` for every other animal type held (Mirror, FF-62)."""

    kind = "other_types"
    per: int

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        return len(values) * others * self.per

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        return f"{len(values)} x {_plural(others, 'other type')}" + (
            f" x {self.per}" if self.per != 1 else ""
        )


@dataclass(frozen=True)
class Smallest(Scoring):
    """Only the cards of the smallest printed size held score, each at that size (Monal, FF-63)."""

    kind = "smallest"
    uses_values = True

    def points(self, values: Sequence[int], fewest: bool, others: int) -> int:
        if not values:
            return 0
        low = min(values)
        return low * sum(1 for v in values if v == low)

    def reason(self, values: Sequence[int], fewest: bool, others: int) -> str:
        low = min(values)
        n = sum(1 for v in values if v == low)
        bigger = len(values) - n
        text = f"{n} smallest (size {low}) x {low}"
        if bigger:
            text += f"; {bigger} bigger score 0"
        return text


KINDS: dict[str, tuple[type[Scoring], dict[str, str]]] = {
    "printed": (Printed, {"sign": "sign"}),
    "fewest": (Fewest, {"points": "int"}),
    "table": (CountTable, {"table": "ints", "beyond": "int"}),
    "pairs": (Pairs, {"pair": "int", "single": "int"}),
    "squared": (Squared, {"cap": "positive"}),
    "each": (Each, {"points": "int"}),
    "other_types": (OtherTypes, {"per": "int"}),
    "smallest": (Smallest, {}),
}
"""Scoring kinds: the class and each parameter's check (every parameter is required)."""


def build_scoring(kind: str, params: dict[str, Any], *, nest_each: bool = False) -> Scoring:
    """The ``Scoring`` of ``kind`` with checked ``params`` (see ``content.py``)."""
    cls = KINDS[kind][0]
    if cls is Printed:
        return Printed(params["sign"])
    if cls is Fewest:
        return Fewest(params["points"])
    if cls is CountTable:
        return CountTable(tuple(params["table"]), params["beyond"])
    if cls is Pairs:
        return Pairs(params["pair"], params["single"])
    if cls is Squared:
        return Squared(params["cap"], nest_each)
    if cls is Each:
        return Each(params["points"])
    if cls is OtherTypes:
        return OtherTypes(params["per"])
    return Smallest()


@dataclass(frozen=True)
class TypeScore:
    """One line of a score sheet: ``count`` cards of type ``type`` (an index) score ``points``."""

    type: int
    count: int
    points: int
    reason: str

    @property
    def name(self) -> str:
        return TYPES[self.type]


def fewest_flags(totals: Sequence[int]) -> list[bool]:
    """Per player: has the fewest cards in total (all tied for fewest qualify; FF-55, FF-R09)."""
    low = min(totals)
    return [t == low for t in totals]


def collection_points(
    scorings: Sequence[Scoring], by_type: Sequence[Sequence[int]], fewest: bool
) -> int:
    """Total points of one collection given per type as printed values (FF-52..FF-65)."""
    held = sum(1 for values in by_type if values)
    total = 0
    for t, values in enumerate(by_type):
        if values:
            total += scorings[t].points(values, fewest, held - 1)
    return total


def explain_collection(
    scorings: Sequence[Scoring], by_type: Sequence[Sequence[int]], fewest: bool
) -> list[TypeScore]:
    """One ``TypeScore`` per type held, in the types' order; their points sum to the total."""
    held = sum(1 for values in by_type if values)
    return [
        TypeScore(
            t,
            len(values),
            scorings[t].points(values, fewest, held - 1),
            scorings[t].reason(values, fewest, held - 1),
        )
        for t, values in enumerate(by_type)
        if values
    ]


def by_type(state: FancyFeathersState, cards: list[int]) -> list[list[int]]:
    """``cards`` grouped per type index as printed values (the input of the scoring kinds)."""
    game = state.game
    return values_by_type(game.ctype, game.cvalue, cards)


def values_by_type(
    ctype: Sequence[int], cvalue: Sequence[int], cards: Sequence[int]
) -> list[list[int]]:
    """``by_type`` from the game's ``ctype`` and ``cvalue`` (card -> type index, printed value)."""
    groups: list[list[int]] = [[] for _ in range(NUM_TYPES)]
    for c in cards:
        groups[ctype[c]].append(cvalue[c])
    return groups


def scores(state: FancyFeathersState) -> list[int]:
    """Each player's points for the cards they hold now (final once the game is over)."""
    scorings = state.game.scorings
    fewest = fewest_flags([len(h) for h in state.held])
    return [
        collection_points(scorings, by_type(state, h), f)
        for h, f in zip(state.held, fewest, strict=True)
    ]


def winners(state: FancyFeathersState) -> list[int]:
    """The winner: most points; among tied players, who left the Path first (FF-50, FF-51).

    Always one player once the game is over (every disc has left, in a strict order); empty
    before.
    """
    if state.mover != TERMINAL:
        return []
    points = scores(state)
    best = max(points)
    return [next(p for p in state.left if points[p] == best)]
