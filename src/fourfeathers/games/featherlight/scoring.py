"""Featherlight scoring: how things turn into points.

This module holds the game's points and its end-of-game result (the scores, the winners and
the tie-breaks, each with its rule id), and nothing else.

Each card's condition is data in ``content.toml`` (a ``kind`` and its parameters); this module
turns it into a ``Rule`` object with ``points(table, colour)`` (the reference) and
``reason(table, colour)`` for people. Colours are ints, indexes into ``COLOURS``.

The search's hot path (``heuristic.py``) scores with ``Rule.scorer(colour)`` instead: one
function per card, ``scorer(counts, tallest)``, that reads a flat list of 21 colour counts
(``COUNTS_AT``: hand, nest, both) and gives the same points as ``points`` (tested on every
card; ``CardSet.scorers`` holds each card's). ``nest_counts`` and ``hand_counts`` build those
lists; the nest's part once per state.

Scopes (FL-39): ``"hand"`` = the five hand cards, ``"nest"`` = the six exposed nest
cards, ``"both"`` = all eleven. A hand card counts itself wherever its own colour is counted
(ruling FL-R04). A set card counts how many disjoint sets its scope holds: the smallest count
among the colours a set needs (FL-41); each set card makes its own sets (ruling FL-R05).

A seat's score is its hand's points against the nest (FL-36); the highest score wins, ties go to
the most colours in hand (FL-44..FL-46). Solo has a score and no winner (FL-113).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ...core.game import TERMINAL

if TYPE_CHECKING:
    from .state import FeatherlightState

COLOURS = ("red", "purple", "blue", "green", "yellow", "white", "black")
"""The seven feather colours, in the feather dictionary's order; a colour is an index here."""

SCOPES = ("hand", "nest", "both")
SCOPE_TEXT = {"hand": "in hand", "nest": "in the nest", "both": "in hand and nest"}
SCOPE_CARDS = {"hand": 5, "nest": 6, "both": 11}
"""The most cards a scope counts at the final scoring: five in hand, six exposed (FL-36..FL-39)."""
TALLEST = 70
"""No nest stack holds more than the 70 cards (FL-01): the bound of card 2's count, and of
every colour count."""

COUNTS_AT = {"hand": 0, "nest": 7, "both": 14}
"""Where each scope's seven colour counts start in the flat ``counts`` of a ``Scorer``."""

Scorer = Callable[[list[int], int], int]
"""``scorer(counts, tallest)``: one hand card's points (``Rule.scorer``) from the flat colour
counts (21 ints: ``counts[COUNTS_AT[scope] + colour]``) and the tallest nest stack's height."""


def _span(*values: int) -> tuple[int, int]:
    return min(values), max(values)


def _lookup(index: int, value: Callable[[int], int]) -> Scorer:
    """A scorer that reads one count, ``counts[index]``, and gives ``value`` of it."""
    values = tuple(value(n) for n in range(TALLEST + 1))
    return lambda counts, tallest: values[counts[index]]


class Table:
    """The colour counts one player's scoring looks at.

    Attributes:
        counts: ``{"hand": [7 ints], "nest": [7 ints], "both": [7 ints]}`` per colour index.
        tallest: the height of the tallest nest stack, covered cards included (ruling FL-R06).
    """

    __slots__ = ("counts", "tallest")

    def __init__(self, hand_colours: Sequence[int], nest_colours: Sequence[int], tallest: int):
        hand = [0] * 7
        for c in hand_colours:
            hand[c] += 1
        nest = [0] * 7
        for c in nest_colours:
            nest[c] += 1
        both = [a + b for a, b in zip(hand, nest, strict=True)]
        self.counts = {"hand": hand, "nest": nest, "both": both}
        self.tallest = tallest


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(colours: Sequence[int]) -> str:
    return "+".join(COLOURS[c] for c in colours)


@dataclass(frozen=True)
class Rule:
    """One card's scoring condition. Subclasses are the rule kinds of ``content.toml``."""

    kind: ClassVar[str]

    def points(self, table: Table, colour: int) -> int:
        """Points for a hand card of ``colour`` under this rule (0 if its condition fails)."""
        raise NotImplementedError

    def reason(self, table: Table, colour: int) -> str:
        """A one-line explanation of ``points`` in our words."""
        raise NotImplementedError

    def scorer(self, colour: int) -> Scorer:
        """``points`` for a hand card of ``colour`` as a ``Scorer`` of the flat counts: the
        search's hot path (FL-36..FL-41)."""
        raise NotImplementedError

    def bounds(self) -> tuple[int, int]:
        """``(lowest, highest)`` points this rule can give a hand card at the final scoring,
        over every possible table (the research encoding's bounds of ``returns()``)."""
        raise NotImplementedError

    def text(self) -> str:
        """The condition itself in our words, as a card could print it (``"10 points"``)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Flat(Rule):
    """A fixed number of points (cards 10, 20, 31, 41, 58, 61, 62, 64, 67, 68)."""

    kind = "flat"
    points_: int

    def points(self, table: Table, colour: int) -> int:
        return self.points_

    def reason(self, table: Table, colour: int) -> str:
        return f"flat {self.points_} points"

    def scorer(self, colour: int) -> Scorer:
        points = self.points_
        return lambda counts, tallest: points

    def bounds(self) -> tuple[int, int]:
        return self.points_, self.points_

    def text(self) -> str:
        return f"{self.points_} points"


@dataclass(frozen=True)
class Count(Rule):
    """``base + per`` for each card of the given colours in scope (cards 1, 14, 18, 21, 26...).

    ``exclude_self``: count only the other cards ("each additional purple card", card 1).
    ``floor``: the score never goes below it (card 21, ruling FL-R07).
    """

    kind = "count"
    colours: tuple[int, ...]
    scope: str
    per: int
    base: int = 0
    exclude_self: bool = False
    floor: int | None = None

    def _own(self, colour: int) -> int:
        """1 if the card does not count itself (``exclude_self``) but its scope holds it."""
        own = self.exclude_self and colour in self.colours and self.scope != "nest"
        return 1 if own else 0

    def _n(self, table: Table, colour: int) -> int:
        counts = table.counts[self.scope]
        return sum(counts[c] for c in self.colours) - self._own(colour)

    def _value(self, n: int) -> int:
        value = self.base + self.per * n
        return value if self.floor is None else max(self.floor, value)

    def points(self, table: Table, colour: int) -> int:
        return self._value(self._n(table, colour))

    def scorer(self, colour: int) -> Scorer:
        own, value = self._own(colour), self._value
        at = [COUNTS_AT[self.scope] + c for c in self.colours]
        if len(at) == 1:
            return _lookup(at[0], lambda n: value(n - own))
        counted = itemgetter(*at)
        return lambda counts, tallest: value(sum(counted(counts)) - own)

    def reason(self, table: Table, colour: int) -> str:
        n = self._n(table, colour)
        other = "other " if self.exclude_self else ""
        text = f"{n} {other}{'/'.join(COLOURS[c] for c in self.colours)} {SCOPE_TEXT[self.scope]}"
        sign = "+" if self.per >= 0 else "-"
        base = f"{self.base} {sign} " if self.base else ""
        line = f"{base}{abs(self.per)} x {text}"
        if self.floor is not None and self.points(table, colour) == self.floor:
            line += f", not below {self.floor}"
        return line

    def bounds(self) -> tuple[int, int]:
        lo, hi = _span(self.base, self.base + self.per * SCOPE_CARDS[self.scope])
        if self.floor is None:
            return lo, hi
        return max(self.floor, lo), max(self.floor, hi)

    def text(self) -> str:
        other = "other " if self.exclude_self else ""
        names = "/".join(COLOURS[c] for c in self.colours)
        each = f"{abs(self.per)} per {other}{names} {SCOPE_TEXT[self.scope]}"
        if self.base:
            each = f"{self.base} {'+' if self.per >= 0 else '-'} {each}"
        return each + (f" (at least {self.floor})" if self.floor is not None else "")


@dataclass(frozen=True)
class Exactly(Rule):
    """``points`` if exactly ``n`` cards of ``colour`` are in scope (cards 4, 5, 12, 13, 25...)."""

    kind = "exactly"
    colour: int
    scope: str
    n: int
    points_: int

    def _value(self, n: int) -> int:
        return self.points_ if n == self.n else 0

    def points(self, table: Table, colour: int) -> int:
        return self._value(table.counts[self.scope][self.colour])

    def scorer(self, colour: int) -> Scorer:
        return _lookup(COUNTS_AT[self.scope] + self.colour, self._value)

    def reason(self, table: Table, colour: int) -> str:
        have = table.counts[self.scope][self.colour]
        verdict = "met" if have == self.n else "not met"
        return (
            f"needs exactly {self.n} {COLOURS[self.colour]} {SCOPE_TEXT[self.scope]}, "
            f"there are {have}: {verdict}"
        )

    def bounds(self) -> tuple[int, int]:
        return _span(0, self.points_)

    def text(self) -> str:
        none = "no" if self.n == 0 else f"exactly {self.n}"
        return f"{self.points_} if {none} {COLOURS[self.colour]} {SCOPE_TEXT[self.scope]}"


@dataclass(frozen=True)
class Parity(Rule):
    """``points`` if the number of ``colour`` cards in scope is even (or odd). Cards 46-70."""

    kind = "parity"
    colour: int
    scope: str
    even: bool
    points_: int

    def _value(self, n: int) -> int:
        return self.points_ if (n % 2 == 0) == self.even else 0

    def points(self, table: Table, colour: int) -> int:
        return self._value(table.counts[self.scope][self.colour])

    def scorer(self, colour: int) -> Scorer:
        return _lookup(COUNTS_AT[self.scope] + self.colour, self._value)

    def reason(self, table: Table, colour: int) -> str:
        n = table.counts[self.scope][self.colour]
        want = "even" if self.even else "odd"
        got = "even" if n % 2 == 0 else "odd"
        return f"{n} {COLOURS[self.colour]} {SCOPE_TEXT[self.scope]} is {got}, needs {want}"

    def bounds(self) -> tuple[int, int]:
        return _span(0, self.points_)

    def text(self) -> str:
        want = "an even" if self.even else "an odd"
        return (
            f"{self.points_} for {want} number of {COLOURS[self.colour]} {SCOPE_TEXT[self.scope]}"
        )


@dataclass(frozen=True)
class Sets(Rule):
    """``per`` points for each set of one card of each colour, every card used once (FL-41)."""

    kind = "sets"
    colours: tuple[int, ...]
    scope: str
    per: int

    def _sets(self, table: Table) -> int:
        counts = table.counts[self.scope]
        return min(counts[c] for c in self.colours)

    def points(self, table: Table, colour: int) -> int:
        return self.per * self._sets(table)

    def scorer(self, colour: int) -> Scorer:
        per = self.per
        at = [COUNTS_AT[self.scope] + c for c in self.colours]
        if len(at) == 1:
            return _lookup(at[0], lambda n: per * n)
        counted = itemgetter(*at)
        return lambda counts, tallest: per * min(counted(counts))

    def reason(self, table: Table, colour: int) -> str:
        n = self._sets(table)
        return f"{n} x {self.per} for sets of {_names(self.colours)} {SCOPE_TEXT[self.scope]}"

    def bounds(self) -> tuple[int, int]:
        return _span(0, self.per * (SCOPE_CARDS[self.scope] // len(self.colours)))

    def text(self) -> str:
        return f"{self.per} per set of {_names(self.colours)} {SCOPE_TEXT[self.scope]}"


@dataclass(frozen=True)
class Distinct(Rule):
    """``base``, plus ``points`` if at least ``at_least`` colours are in scope (3, 9, 11, 27)."""

    kind = "distinct"
    scope: str
    at_least: int
    points_: int
    base: int = 0

    def _n(self, table: Table) -> int:
        return sum(1 for n in table.counts[self.scope] if n)

    def _value(self, n: int) -> int:
        return self.base + (self.points_ if n >= self.at_least else 0)

    def points(self, table: Table, colour: int) -> int:
        return self._value(self._n(table))

    def scorer(self, colour: int) -> Scorer:
        start = COUNTS_AT[self.scope]
        end = start + len(COLOURS)
        by_absent = tuple(self._value(len(COLOURS) - absent) for absent in range(len(COLOURS) + 1))
        return lambda counts, tallest: by_absent[counts[start:end].count(0)]

    def reason(self, table: Table, colour: int) -> str:
        n = self._n(table)
        verdict = "met" if n >= self.at_least else "not met"
        base = f"{self.base} + " if self.base else ""
        return (
            f"{base}{self.points_} if {self.at_least}+ colours {SCOPE_TEXT[self.scope]}: "
            f"{_plural(n, 'colour')}, {verdict}"
        )

    def bounds(self) -> tuple[int, int]:
        return _span(self.base, self.base + self.points_)

    def text(self) -> str:
        base = f"{self.base}; +" if self.base else ""
        return f"{base}{self.points_} with {self.at_least}+ colours {SCOPE_TEXT[self.scope]}"


@dataclass(frozen=True)
class SameColour(Rule):
    """``base``, plus ``points`` if ``n`` cards in scope share a colour (cards 6, 7, 19, 39).

    ``or_more``: the card says "or more". When the card does not say, ruling FL-R03 reads
    "at least" unless the game's ``exact-same-colour`` variant is on (then ``exact`` is set).
    """

    kind = "same_colour"
    scope: str
    n: int
    points_: int
    base: int = 0
    exact: bool = False

    def _met(self, table: Table) -> bool:
        counts = table.counts[self.scope]
        return self.n in counts if self.exact else max(counts) >= self.n

    def _value(self, met: bool) -> int:
        return self.base + (self.points_ if met else 0)

    def points(self, table: Table, colour: int) -> int:
        return self._value(self._met(table))

    def scorer(self, colour: int) -> Scorer:
        start = COUNTS_AT[self.scope]
        end, n = start + len(COLOURS), self.n
        met, unmet = self._value(True), self._value(False)
        if self.exact:
            return lambda counts, tallest: met if n in counts[start:end] else unmet
        return lambda counts, tallest: met if max(counts[start:end]) >= n else unmet

    def reason(self, table: Table, colour: int) -> str:
        most = max(table.counts[self.scope])
        need = f"exactly {self.n}" if self.exact else f"{self.n}+"
        verdict = "met" if self._met(table) else "not met"
        base = f"{self.base} + " if self.base else ""
        return (
            f"{base}{self.points_} if {need} of one colour {SCOPE_TEXT[self.scope]}: "
            f"largest group of one colour {most}, {verdict}"
        )

    def bounds(self) -> tuple[int, int]:
        return _span(self.base, self.base + self.points_)

    def text(self) -> str:
        base = f"{self.base}; +" if self.base else ""
        need = f"exactly {self.n}" if self.exact else f"{self.n}+"
        return f"{base}{self.points_} with {need} of one colour {SCOPE_TEXT[self.scope]}"


@dataclass(frozen=True)
class Missing(Rule):
    """``per`` points for each colour in neither the hand nor the nest (card 17)."""

    kind = "missing"
    per: int

    def _missing(self, table: Table) -> list[int]:
        return [c for c, n in enumerate(table.counts["both"]) if n == 0]

    def points(self, table: Table, colour: int) -> int:
        return self.per * len(self._missing(table))

    def scorer(self, colour: int) -> Scorer:
        per, start = self.per, COUNTS_AT["both"]
        end = start + len(COLOURS)
        return lambda counts, tallest: per * counts[start:end].count(0)

    def reason(self, table: Table, colour: int) -> str:
        missing = self._missing(table)
        names = ", ".join(COLOURS[c] for c in missing) or "none"
        return f"{len(missing)} x {self.per} for colours missing from hand and nest ({names})"

    def bounds(self) -> tuple[int, int]:
        return _span(0, self.per * (len(COLOURS) - 1))  # the card's own colour is in the hand

    def text(self) -> str:
        return f"{self.per} per colour missing from hand and nest"


@dataclass(frozen=True)
class TallestStack(Rule):
    """``per`` points per card in the tallest nest stack, covered cards included (card 2)."""

    kind = "tallest_stack"
    per: int = 1

    def points(self, table: Table, colour: int) -> int:
        return self.per * table.tallest

    def scorer(self, colour: int) -> Scorer:
        per = self.per
        return lambda counts, tallest: per * tallest

    def reason(self, table: Table, colour: int) -> str:
        return f"the tallest nest stack holds {_plural(table.tallest, 'card')}"

    def bounds(self) -> tuple[int, int]:
        return _span(self.per, self.per * TALLEST)

    def text(self) -> str:
        return f"{self.per} per card in the tallest nest stack"


RULE_KINDS: dict[str, type[Rule]] = {
    cls.kind: cls
    for cls in (Flat, Count, Exactly, Parity, Sets, Distinct, SameColour, Missing, TallestStack)
}

# Parameters of each kind in content.toml: name -> (type, required). Colours are names there.
RULE_PARAMS: dict[str, dict[str, tuple[str, bool]]] = {
    "flat": {"points": ("int", True)},
    "count": {
        "colours": ("colours", True),
        "scope": ("scope", True),
        "per": ("int", True),
        "base": ("int", False),
        "exclude_self": ("bool", False),
        "floor": ("int", False),
    },
    "exactly": {
        "colour": ("colour", True),
        "scope": ("scope", True),
        "n": ("int", True),
        "points": ("int", True),
    },
    "parity": {
        "colour": ("colour", True),
        "scope": ("scope", True),
        "even": ("bool", True),
        "points": ("int", True),
    },
    "sets": {"colours": ("colours", True), "scope": ("scope", True), "per": ("int", True)},
    "distinct": {
        "scope": ("scope", True),
        "at_least": ("int", True),
        "points": ("int", True),
        "base": ("int", False),
    },
    "same_colour": {
        "scope": ("scope", True),
        "n": ("int", True),
        "or_more": ("bool", False),
        "points": ("int", True),
        "base": ("int", False),
    },
    "missing": {"per": ("int", True)},
    "tallest_stack": {"per": ("int", False)},
}


def build_rule(kind: str, params: dict[str, Any], *, exact_same_colour: bool = False) -> Rule:
    """Make a ``Rule`` from validated content parameters (colours already as indexes).

    ``exact_same_colour`` applies the ``exact-same-colour`` variant (ruling FL-R03) to
    same-colour rules whose card does not say "or more".
    """
    args = dict(params)
    if "points" in args:
        args["points_"] = args.pop("points")
    if kind == "same_colour":
        or_more = args.pop("or_more", None)
        args["exact"] = exact_same_colour and not or_more
    if "colours" in args:
        args["colours"] = tuple(args["colours"])
    return RULE_KINDS[kind](**args)


class CardScore(NamedTuple):
    """One hand card's points at scoring time, with the reason in words and its colour.

    A named tuple, not a frozen dataclass: the pages score every seat's hand after every event,
    and a frozen dataclass costs about 1.1 us to build against 0.45 us."""

    card: int
    points: int
    reason: str
    colour: str


def table_for(
    colour_of: Sequence[int], hand: Sequence[int], nest: Sequence[Sequence[int]]
) -> Table:
    """The ``Table`` of a player holding ``hand`` with the nest ``nest`` (stacks bottom to top).

    Only the exposed (top) nest cards add colours (FL-37, FL-38); stack heights feed card 2.
    """
    return Table(
        [colour_of[c] for c in hand],
        [colour_of[s[-1]] for s in nest if s],
        max((len(s) for s in nest), default=0),
    )


def nest_counts(colour_of: Sequence[int], nest: Sequence[Sequence[int]]) -> tuple[list[int], int]:
    """The flat counts (``COUNTS_AT``) of an empty hand against ``nest``: its exposed cards only
    (FL-37, FL-38), in nest and in both; and the height of its tallest stack (card 2, ruling
    FL-R06). ``hand_counts`` adds a hand to them."""
    exposed = [0] * len(COLOURS)
    tallest = 0
    for stack in nest:
        if stack:
            exposed[colour_of[stack[-1]]] += 1
            if len(stack) > tallest:
                tallest = len(stack)
    return [0] * len(COLOURS) + exposed + exposed, tallest


def hand_counts(colour_of: Sequence[int], hand: Sequence[int], nest: list[int]) -> list[int]:
    """The flat counts a ``Scorer`` reads (``COUNTS_AT``: hand, nest, both, FL-39) for ``hand``
    against the nest's counts ``nest`` (from ``nest_counts``, left as they are)."""
    hand_at, both_at = COUNTS_AT["hand"], COUNTS_AT["both"]
    counts = nest[:]
    for card in hand:
        colour = colour_of[card]
        counts[hand_at + colour] += 1
        counts[both_at + colour] += 1
    return counts


def hand_points(
    rules: Sequence[Any],
    colour_of: Sequence[int],
    hand: Sequence[int],
    nest: Sequence[Sequence[int]],
) -> int:
    """Total points of ``hand`` (card numbers) against ``nest``; ``rules[n]`` is card n's rule."""
    table = table_for(colour_of, hand, nest)
    return sum(rules[c].points(table, colour_of[c]) for c in hand)


def explain_hand(
    rules: Sequence[Any],
    colour_of: Sequence[int],
    hand: Sequence[int],
    nest: Sequence[Sequence[int]],
) -> list[CardScore]:
    """Each hand card's points and reason, in hand order (FL-36)."""
    table = table_for(colour_of, hand, nest)
    return [
        CardScore(
            c,
            rules[c].points(table, colour_of[c]),
            rules[c].reason(table, colour_of[c]),
            COLOURS[colour_of[c]],
        )
        for c in hand
    ]


def scores(state: FeatherlightState) -> list[int]:
    """Each seat's points for its current hand and the current nest (final once terminal)."""
    game = state.game
    return [hand_points(game.rules, game.cards.colour, h, state.nest) for h in state.hands]


def hand_score_bounds(rules: Sequence[Rule | None]) -> tuple[int, int]:
    """``(lowest, highest)`` score any five-card hand can have with these card rules: the five
    smallest lowest bounds and the five largest highest bounds of ``Rule.bounds`` (FL-36)."""
    spans = [r.bounds() for r in rules if r is not None]
    lows = sorted(lo for lo, _ in spans)
    highs = sorted((hi for _, hi in spans), reverse=True)
    n = SCOPE_CARDS["hand"]
    return sum(lows[:n]), sum(highs[:n])


def distinct_colours(colour_of: tuple[int, ...], hand: list[int]) -> int:
    """The first tie-break: how many different colours a hand holds (ruling FL-R08)."""
    return len({colour_of[c] for c in hand})


def unique_colour_cards(colour_of: tuple[int, ...], hand: list[int]) -> int:
    """Tie-break of variant ``tiebreak-unique-cards``: hand cards whose colour no other shares."""
    colours = [colour_of[c] for c in hand]
    return sum(1 for c in colours if colours.count(c) == 1)


def winners(state: FeatherlightState) -> list[int]:
    """Highest score wins; ties go to most colours in hand, then are shared (FL-44..FL-46).

    Empty before the end, and in solo, which has no win test (FL-113, ruling FL-R19).
    """
    if state.player != TERMINAL or state.game.solo:
        return []
    game = state.game
    return best_hands(state.scores(), state.hands, game.cards.colour, game.tiebreak_unique_cards)


def best_hands(
    scores: Sequence[int],
    hands: Sequence[list[int]],
    colour_of: tuple[int, ...],
    unique_cards: bool = False,
) -> list[int]:
    """The winning hands (indexes) among ``hands`` with those ``scores``: the highest score;
    a tie goes to the most colours in hand (with ``unique_cards``: the most cards of an
    unshared colour), and what is still tied is shared (FL-44..FL-46, ruling FL-R08)."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) > 1:
        tiebreak = unique_colour_cards if unique_cards else distinct_colours
        keys = {p: tiebreak(colour_of, hands[p]) for p in tied}
        top = max(keys.values())
        tied = [p for p in tied if keys[p] == top]
    return tied
