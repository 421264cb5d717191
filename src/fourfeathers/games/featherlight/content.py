"""Load and validate Featherlight card data (``content.toml`` or a user's own file).

A content file holds the 70 cards, each with ``number``, ``colour``, ``wind``, ``rule`` (a rule
kind of ``scoring.py`` and its parameters) and ``source`` (provenance of each field:
``rulebook``, ``inferred`` or ``reconstructed``). Every problem is reported as a
``ContentError`` that names the file, the card and the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core.content import check_int, content_digest, parse_toml, read_content
from ...core.errors import ContentError
from .scoring import COLOURS, RULE_PARAMS, SCOPES, Rule, Scorer, build_rule

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")
NUM_CARDS = 70
NEST_STACKS = 6
"""Stacks of the nest (FL-10)."""
WINDS = ("up", "down")
PROVENANCE = ("rulebook", "inferred", "reconstructed")
SOURCE_FIELDS = ("colour", "wind", "rule")


@dataclass(frozen=True)
class Card:
    """One feather card.

    Attributes:
        number: 1-70.
        colour: index into ``scoring.COLOURS``.
        wind_up: True for the up triangle (covers the highest exposed number in solo, FL-108).
        rule: its scoring condition when in hand.
        params: the rule as written in the content file (kind and parameters, colours by name).
        source: provenance per field, e.g. ``{"colour": "inferred", "wind": "reconstructed"}``.
    """

    number: int
    colour: int
    wind_up: bool
    rule: Rule
    params: dict[str, Any]
    source: dict[str, str]


@dataclass(frozen=True)
class CardSet:
    """All 70 cards, indexed by number (``cards[0]`` is unused) plus flat lookup tables.

    ``colour[n]`` and ``wind_up[n]`` are plain lists for the hot path, and ``scorers[n]`` is
    card n's ``rule.scorer`` for its colour (the search's points, built once per content
    file; ``scorers[0]`` raises ``IndexError``: there is no card 0). ``path`` is the file read
    and ``digest`` the SHA-256 of its bytes.
    """

    path: str
    digest: str
    cards: tuple[Card | None, ...]
    colour: tuple[int, ...]
    wind_up: tuple[bool, ...]
    scorers: tuple[Scorer, ...] = field(compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without ``scorers`` (closures do not pickle), which are built again."""
        fields = self.__dict__.copy()
        del fields["scorers"]
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields, scorers=_scorers(fields["cards"]))

    def card(self, number: int) -> Card:
        """The card ``number``. Raises ``ContentError`` if there is no such card."""
        if not 1 <= number <= NUM_CARDS:
            raise ContentError(f"there is no card {number}: cards are numbered 1 to {NUM_CARDS}")
        card = self.cards[number]
        assert card is not None
        return card

    def by_colour(self, colour: int) -> list[int]:
        """The card numbers of one colour, ascending."""
        return [n for n in range(1, NUM_CARDS + 1) if self.colour[n] == colour]


POINTS_BOUND = 1000
"""A rule's points, bases and per-card values lie in ``[-POINTS_BOUND, POINTS_BOUND]``."""

COUNT_PARAMS = ("n", "at_least")
"""Rule parameters that count cards (0 to ``NUM_CARDS``)."""


def _check_param(where: str, name: str, kind: str, value: Any) -> Any:
    if kind == "int":
        if name in COUNT_PARAMS:
            return check_int(where, f"rule.{name}", value, 0, NUM_CARDS)
        return check_int(where, f"rule.{name}", value, -POINTS_BOUND, POINTS_BOUND)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ContentError(f"{where}: rule.{name} must be true or false, got {value!r}")
        return value
    if kind == "scope":
        if value not in SCOPES:
            raise ContentError(f"{where}: rule.{name} must be one of {', '.join(SCOPES)}")
        return value
    if kind == "colour":
        if value not in COLOURS:
            raise ContentError(
                f"{where}: rule.{name} {value!r} is not a colour ({', '.join(COLOURS)})"
            )
        return COLOURS.index(value)
    # colours
    if not isinstance(value, list) or not value:
        raise ContentError(f"{where}: rule.{name} must be a non-empty list of colours")
    return [_check_param(where, name, "colour", v) for v in value]


def _parse_rule(where: str, raw: Any, exact_same_colour: bool) -> tuple[Rule, dict[str, Any]]:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: 'rule' must be a table with a 'kind'")
    kind = raw.get("kind")
    if kind not in RULE_PARAMS:
        raise ContentError(
            f"{where}: rule.kind {kind!r} is unknown; kinds: {', '.join(sorted(RULE_PARAMS))}"
        )
    spec = RULE_PARAMS[kind]
    params: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "kind":
            continue
        if name not in spec:
            raise ContentError(
                f"{where}: rule.{name} is not a parameter of kind {kind!r} "
                f"(parameters: {', '.join(spec)})"
            )
        params[name] = _check_param(where, name, spec[name][0], value)
    for name, (_, required) in spec.items():
        if required and name not in params:
            raise ContentError(f"{where}: rule of kind {kind!r} needs rule.{name}")
    return build_rule(kind, params, exact_same_colour=exact_same_colour), dict(raw)


def _parse_card(where: str, raw: Any, exact_same_colour: bool) -> Card:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: a card must be a table")
    for key in ("number", "colour", "wind", "rule", "source"):
        if key not in raw:
            raise ContentError(f"{where}: missing field {key!r}")
    number = raw["number"]
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= NUM_CARDS:
        raise ContentError(f"{where}: 'number' must be an integer 1-{NUM_CARDS}, got {number!r}")
    where = f"{where} (number {number})"
    if raw["colour"] not in COLOURS:
        raise ContentError(
            f"{where}: 'colour' {raw['colour']!r} is not one of {', '.join(COLOURS)}"
        )
    if raw["wind"] not in WINDS:
        raise ContentError(f"{where}: 'wind' must be 'up' or 'down', got {raw['wind']!r}")
    source = raw["source"]
    if not isinstance(source, dict) or set(source) != set(SOURCE_FIELDS):
        raise ContentError(f"{where}: 'source' must give exactly {', '.join(SOURCE_FIELDS)}")
    for key, value in source.items():
        if value not in PROVENANCE:
            raise ContentError(f"{where}: source.{key} must be one of {', '.join(PROVENANCE)}")
    unknown = set(raw) - {"number", "colour", "wind", "rule", "source", "note"}
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    rule, params = _parse_rule(where, raw["rule"], exact_same_colour)
    return Card(
        number, COLOURS.index(raw["colour"]), raw["wind"] == "up", rule, params, dict(source)
    )


def load_cards(path: str | None = None, *, exact_same_colour: bool = False) -> CardSet:
    """Read and validate a content file (the shipped one when ``path`` is None).

    Returns a ``CardSet``. Raises ``ContentError`` naming the file, card and field on any
    problem: unreadable or non-UTF-8 file, bad TOML, a missing or duplicated number, an unknown
    colour, wind, rule kind or parameter, a missing provenance, or a colour with fewer than 2
    cards (solo removes 2 of each colour, FL-102). The file is read on every call; parsing is
    cached by its bytes.
    """
    file, blob = read_content(path, DEFAULT_CONTENT)
    return _parse_cards(file, blob, exact_same_colour)


@lru_cache(maxsize=16)
def _parse_cards(file: str, blob: bytes, exact_same_colour: bool) -> CardSet:
    data = parse_toml(file, blob)
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise ContentError(f"{file}: expected {NUM_CARDS} [[card]] tables")
    cards: list[Card | None] = [None] * (NUM_CARDS + 1)
    for i, raw in enumerate(raw_cards):
        card = _parse_card(f"{file}: card #{i + 1}", raw, exact_same_colour)
        if cards[card.number] is not None:
            raise ContentError(f"{file}: card #{i + 1}: number {card.number} appears twice")
        cards[card.number] = card
    missing = [n for n in range(1, NUM_CARDS + 1) if cards[n] is None]
    if missing:
        raise ContentError(f"{file}: cards missing: {', '.join(map(str, missing))}")
    colour = tuple(c.colour if c else -1 for c in cards)
    for index, name in enumerate(COLOURS):
        if colour.count(index) < 2:
            raise ContentError(f"{file}: colour {name} has fewer than 2 cards (solo needs 2)")
    wind_up = tuple(bool(c and c.wind_up) for c in cards)
    digest = content_digest(blob)
    return CardSet(file, digest, tuple(cards), colour, wind_up, _scorers(cards))


def _scorers(cards: Sequence[Card | None]) -> tuple[Scorer, ...]:
    """``CardSet.scorers``: each card's ``rule.scorer`` for its colour (``_no_card`` at 0)."""
    return tuple(_scorer(c.rule, c.colour) if c else _no_card for c in cards)


def _no_card(counts: list[int], tallest: int) -> int:
    """The scorer at ``CardSet.scorers[0]``: there is no card 0."""
    raise IndexError("there is no Featherlight card 0")


@lru_cache(maxsize=1024)
def _scorer(rule: Rule, colour: int) -> Scorer:
    """``rule.scorer(colour)``, built once per process (an unpickled ``CardSet`` finds it)."""
    return rule.scorer(colour)
