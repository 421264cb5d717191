"""Load and validate Fancy Feathers card data (``content.toml`` or a user's own file).

A content file holds the 12 animal types (``[[type]]``), each with ``name`` (one of
``scoring.TYPES``), ``title``, ``short``, ``scoring`` (a scoring kind of ``scoring.py`` and its
parameters), ``source`` (provenance of the scoring: ``rulebook``, ``inferred`` or
``reconstructed``), an optional ``note`` and ``card``: the cards of one set, each
``{value, per_set, source}``. Every problem is reported as a ``ContentError`` that names the
file, the type and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core.config import is_int
from ...core.content import check_int, content_digest, parse_toml, read_content
from ...core.errors import ContentError
from .scoring import KINDS, NUM_TYPES, TYPES, Scoring, build_scoring

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")
PROVENANCE = ("rulebook", "inferred", "reconstructed")
TYPE_FIELDS = ("name", "title", "short", "scoring", "source", "note", "card")
CARD_FIELDS = ("value", "per_set", "source")


@dataclass(frozen=True)
class CardSpec:
    """One kind of card in a set: ``per_set`` copies of printed ``value`` (0: no value printed)."""

    value: int
    per_set: int
    source: str


@dataclass(frozen=True)
class AnimalType:
    """One of the 12 animal types.

    Attributes:
        index: position in ``scoring.TYPES``.
        name: kebab-case id (``"golden-pheasant"``); title: printed name; short: terminal label.
        scoring: how the type scores; params: the scoring table as written in the file.
        source: provenance of the scoring; note: a human summary.
        cards: the cards of one set.
    """

    index: int
    name: str
    title: str
    short: str
    scoring: Scoring
    params: dict[str, Any]
    source: str
    note: str
    cards: tuple[CardSpec, ...]

    @property
    def has_values(self) -> bool:
        """True if the cards print a value that scoring reads (Golden, Fart, Monal)."""
        return self.scoring.uses_values

    @property
    def values(self) -> tuple[int, ...]:
        """The distinct printed values of this type, ascending (``(0,)`` if none printed)."""
        return tuple(sorted({c.value for c in self.cards}))

    def per_set(self, value: int) -> int:
        """How many cards of printed ``value`` one set holds (0 if none)."""
        return sum(c.per_set for c in self.cards if c.value == value)

    @property
    def set_size(self) -> int:
        """Cards in one set of this type."""
        return sum(c.per_set for c in self.cards)


@dataclass(frozen=True)
class ContentSet:
    """The 12 types, by index; ``path`` is the file read and ``digest`` the SHA-256 of its bytes."""

    path: str
    digest: str
    types: tuple[AnimalType, ...]

    def by_name(self, name: str) -> AnimalType:
        """The type called ``name``. Raises ``KeyError`` if there is none."""
        return self.types[TYPES.index(name)]


POINTS_BOUND = 1000
"""Scoring points lie in ``[-POINTS_BOUND, POINTS_BOUND]``; a points table has at most
``MAX_CARDS`` entries and a ``cap`` is 1 to ``MAX_CARDS``."""

MAX_CARDS = 100
"""The most cards of one type a player could collect that content may speak of."""

MAX_PER_SET = 20
"""The most cards of one kind in one player's set (``per_set``); the printed ``value`` of a card
is at most this too."""


def _check_param(where: str, name: str, check: str, value: Any) -> Any:
    field = f"scoring.{name}"
    if check == "ints":
        if not isinstance(value, list) or not 0 < len(value) <= MAX_CARDS:
            raise ContentError(
                f"{where}: {field} must be a non-empty list of integers (at most {MAX_CARDS}), "
                f"got {value!r}"
            )
        return [check_int(where, field, v, -POINTS_BOUND, POINTS_BOUND) for v in value]
    if check == "sign" and (not is_int(value) or value not in (1, -1)):
        raise ContentError(f"{where}: {field} must be 1 or -1, got {value!r}")
    if check == "positive":
        return check_int(where, field, value, 1, MAX_CARDS)
    return check_int(where, field, value, -POINTS_BOUND, POINTS_BOUND)


def _parse_scoring(where: str, raw: Any, nest_each: bool) -> tuple[Scoring, dict[str, Any]]:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: 'scoring' must be a table with a 'kind'")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ContentError(
            f"{where}: scoring.kind {kind!r} is unknown; kinds: {', '.join(sorted(KINDS))}"
        )
    spec = KINDS[kind][1]
    params: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "kind":
            continue
        if name not in spec:
            listed = ", ".join(spec) or "none"
            raise ContentError(
                f"{where}: scoring.{name} is not a parameter of kind {kind!r} "
                f"(parameters: {listed})"
            )
        params[name] = _check_param(where, name, spec[name], value)
    for name in spec:
        if name not in params:
            raise ContentError(f"{where}: scoring of kind {kind!r} needs scoring.{name}")
    return build_scoring(kind, params, nest_each=nest_each), dict(raw)


def _check_source(where: str, value: object) -> str:
    if not isinstance(value, str) or value not in PROVENANCE:
        raise ContentError(f"{where}: 'source' must be one of {', '.join(PROVENANCE)}")
    return value


def _parse_card(where: str, raw: Any, has_values: bool) -> CardSpec:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: a card must be a table {{per_set, source}}")
    unknown = set(raw) - set(CARD_FIELDS)
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for key in ("per_set", "source"):
        if key not in raw:
            raise ContentError(f"{where}: missing field {key!r}")
    per_set = check_int(where, "'per_set'", raw["per_set"], 1, MAX_PER_SET)
    source = _check_source(where, raw["source"])
    if has_values:
        value = check_int(where, "'value'", raw.get("value"), 1, MAX_PER_SET)
    elif "value" in raw:
        raise ContentError(f"{where}: 'value' is only for types that score printed values")
    else:
        value = 0
    return CardSpec(value, per_set, source)


def _parse_type(where: str, raw: Any, nest_each: bool) -> AnimalType:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: a type must be a table")
    name = raw.get("name")
    if name not in TYPES:
        raise ContentError(f"{where}: 'name' {name!r} is not one of {', '.join(TYPES)}")
    where = f"{where} ({name})"
    unknown = set(raw) - set(TYPE_FIELDS)
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for key in ("title", "scoring", "source", "card"):
        if key not in raw:
            raise ContentError(f"{where}: missing field {key!r}")
    for key in ("title", "short", "note"):
        if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
            raise ContentError(f"{where}: {key!r} must be a non-empty text")
    scoring, params = _parse_scoring(where, raw["scoring"], nest_each and name == "nest")
    source = _check_source(where, raw["source"])
    cards_raw = raw["card"]
    if not isinstance(cards_raw, list) or not cards_raw:
        raise ContentError(f"{where}: 'card' must be a non-empty list of the cards of one set")
    cards = tuple(
        _parse_card(f"{where}: card #{i + 1}", c, scoring.uses_values)
        for i, c in enumerate(cards_raw)
    )
    values = [c.value for c in cards]
    if len(set(values)) != len(values):
        raise ContentError(f"{where}: two card entries have the same value; join them (per_set)")
    title: str = raw["title"]
    return AnimalType(
        TYPES.index(name),
        name,
        title,
        raw.get("short", title),
        scoring,
        params,
        source,
        raw.get("note", ""),
        cards,
    )


def load_content(path: str | None = None, *, nest_each: bool = False) -> ContentSet:
    """Read and validate a content file (the shipped one when ``path`` is None).

    ``nest_each`` builds the Nest scoring of variant ``nest-five-each`` (ruling FF-R03).
    Returns a ``ContentSet``. Raises ``ContentError`` naming the file, type and field on any
    problem: unreadable or non-UTF-8 file, bad TOML, a type missing or twice, an unknown field,
    scoring kind or parameter, a missing provenance, a missing or stray printed value. The file is
    read on every call; parsing is cached by its bytes.
    """
    file, blob = read_content(path, DEFAULT_CONTENT)
    return _parse_content(file, blob, nest_each)


@lru_cache(maxsize=16)
def _parse_content(file: str, blob: bytes, nest_each: bool) -> ContentSet:
    data = parse_toml(file, blob)
    raw_types = data.get("type")
    if not isinstance(raw_types, list):
        raise ContentError(f"{file}: expected {NUM_TYPES} [[type]] tables")
    types: list[AnimalType | None] = [None] * NUM_TYPES
    for i, raw in enumerate(raw_types):
        kind = _parse_type(f"{file}: type #{i + 1}", raw, nest_each)
        if types[kind.index] is not None:
            raise ContentError(f"{file}: type #{i + 1}: {kind.name} appears twice")
        types[kind.index] = kind
    missing = [TYPES[t] for t in range(NUM_TYPES) if types[t] is None]
    if missing:
        raise ContentError(f"{file}: type(s) missing: {', '.join(missing)}")
    digest = content_digest(blob)
    return ContentSet(file, digest, tuple(t for t in types if t is not None))
