"""Load and validate Familiar Feat card data (``content.toml`` or a user's own file).

The rulebook lists the 110 cards (FA-01) but prints none of their values, so every card of the
shipped file is ``reconstructed`` (ruling FA-R01). Card numbers are fixed by kind:

======== ============================== =====
numbers  kind                           count
======== ============================== =====
1-54     Creatures / Familiars (tiers)  54
55-75    Monsters                       21
76-79    Stone Golems                   4
80       the Exhausted card             1
81-101   Events                         21
102-109  Characters (levels 1-8)        8
110      the Castle card                1
======== ============================== =====

Effects, Cuddle abilities, star conditions and Event texts are data (a ``kind`` and its
parameters) interpreted by the rules (``rules.py`` and its parts); no card has code of its own.
Every problem is a ``ContentError`` naming the file, the card and the field.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ...core.content import content_digest, parse_toml, read_content
from ...core.errors import ContentError
from .cardset import CardSet as CardSet  # the card tables' class, read by every part

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")
NUM_CARDS: Final = 110
ROW: Final = 5
"""Slots of the Creature row (FA-21)."""
PROVENANCE = ("rulebook", "inferred", "reconstructed")

# Card number ranges (inclusive), FA-01.
CREATURES = range(1, 55)
MONSTERS = range(55, 76)
GOLEMS = range(76, 80)
EXHAUSTED_CARD: Final = 80
EVENTS = range(81, 102)
CHARACTERS = range(102, 110)
CASTLE_CARD: Final = 110

# Card kinds.
K_CREATURE: Final = 1
K_MONSTER: Final = 2
K_GOLEM: Final = 3
K_EXHAUSTED: Final = 4
K_EVENT: Final = 5
K_CHARACTER: Final = 6
K_CASTLE: Final = 7

INF: Final = 1 << 20
"""Infinite Strength (Stone Golems, some Monsters): never reached (FA-78, ruling FA-R30)."""
STAR: Final = -1
"""The Strength of a Monster with a star: its condition decides instead (FA-72)."""

TIERS = ("0", "I", "II", "III", "IV")
ICONS = ("star", "sun", "moon", "skull")
"""Difficulty icons: the star marks the Level 1 set (FA-05, ruling FA-R02)."""

# Cuddle abilities (FA-60..FA-65).
A_NONE: Final = 0
A_DOUBLE: Final = 1
A_COPY: Final = 2
A_EXHAUST_REVIVE: Final = 3
A_MOVE: Final = 4
A_NO_LIMIT: Final = 5
ABILITIES = ("none", "double", "copy", "exhaust_revive", "move", "no_limit")

# Effect steps of Creatures and Monsters (FA-45..FA-56, FA-69): (kind, n).
E_EXHAUST: Final = 0
E_EXHAUST_FIRST: Final = 1
E_EXHAUST_LAST: Final = 2
E_EXHAUST_HIGHEST: Final = 3
E_EXHAUST_THIS: Final = 4
E_REVIVE: Final = 5
E_REVIVE_PLAY: Final = 6
E_EXHAUST_ALL: Final = 7
E_FLEE: Final = 8
E_FLEE_ALL: Final = 9
EFFECTS = (
    "exhaust",
    "exhaust_first",
    "exhaust_last",
    "exhaust_highest",
    "exhaust_this",
    "revive",
    "revive_play",
    "exhaust_all",
    "flee",
    "flee_all",
)
_EFFECT_NEEDS_N = {E_EXHAUST, E_REVIVE, E_FLEE}

# Star conditions of Monsters (FA-72, FA-75).
C_INCREASING: Final = 0
C_AT_LEAST: Final = 1
C_SAME_VALUE: Final = 2
C_DISTINCT: Final = 3
C_ABILITIES: Final = 4
CONDITIONS = ("increasing", "at_least", "same_value", "distinct_values", "abilities")

# Event kinds (FA-91..FA-98, ruling FA-R25).
V_EXHAUST_DISCARD: Final = 0
V_FLEE_DISCARD: Final = 1
V_GIVING_UP: Final = 2
V_CATCH_BREATH: Final = 3
V_SPACE: Final = 4
V_INSECURITY: Final = 5
V_CLOSING_RANKS: Final = 6
V_FLEXIBILITY: Final = 7
V_STRENGTH_PLUS: Final = 8
V_CARD_LIMIT: Final = 9
V_NO_DOUBLE: Final = 10
EVENT_KINDS = (
    "exhaust_discard",
    "flee_discard",
    "giving_up",
    "catch_your_breath",
    "space_requirement",
    "insecurity",
    "closing_ranks",
    "flexibility",
    "strength_plus",
    "card_limit",
    "no_double",
)
EVENT_PARAMS: dict[int, tuple[str, ...]] = {
    V_EXHAUST_DISCARD: ("n", "which"),
    V_FLEE_DISCARD: ("n",),
    V_GIVING_UP: ("n",),
    V_CATCH_BREATH: (),
    V_SPACE: ("n",),
    V_INSECURITY: ("n",),
    V_CLOSING_RANKS: (),
    V_FLEXIBILITY: ("n",),
    V_STRENGTH_PLUS: ("n",),
    V_CARD_LIMIT: ("n",),
    V_NO_DOUBLE: (),
}
LIGHTNING_KINDS = {V_EXHAUST_DISCARD, V_FLEE_DISCARD, V_GIVING_UP, V_CATCH_BREATH}
"""Kinds resolved once the row is full, then boxed (FA-91)."""
TARGET_KINDS = {V_SPACE, V_INSECURITY}
"""Kinds that stay in force until their affected Creature leaves (FA-97)."""
TIMINGS = ("lightning", "hourglass")


@dataclass(frozen=True)
class Card:
    """One card as written in the content file (for display and documentation).

    Attributes:
        number: 1-110.
        kind: one of the ``K_*`` constants.
        name: the card's name.
        data: the raw table from the file (without ``number``).
    """

    number: int
    kind: int
    name: str
    data: dict[str, Any]


def _int(where: str, raw: dict[str, Any], key: str, low: int, high: int) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ContentError(f"{where}: {key!r} must be an integer {low}-{high}, got {value!r}")
    return value


def _choice(where: str, raw: dict[str, Any], key: str, options: tuple[str, ...]) -> int:
    value = raw.get(key)
    if value not in options:
        raise ContentError(f"{where}: {key!r} must be one of {', '.join(options)}, got {value!r}")
    return options.index(value)


def _strength(where: str, raw: dict[str, Any], allow_star: bool) -> int:
    value = raw.get("strength")
    if value == "infinite":
        return INF
    if value == "star" and allow_star:
        return STAR
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 99:
        return value
    extra = ', "infinite" or "star"' if allow_star else ' or "infinite"'
    raise ContentError(f"{where}: 'strength' must be an integer 1-99{extra}, got {value!r}")


def _effect(where: str, raw: Any) -> tuple[tuple[int, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ContentError(f"{where}: 'effect' must be a list of steps ({{kind = ...}})")
    steps = []
    for i, step in enumerate(raw):
        here = f"{where}: effect step {i + 1}"
        if not isinstance(step, dict):
            raise ContentError(f"{here}: a step is a table with a 'kind'")
        kind = _choice(here, step, "kind", EFFECTS)
        allowed = {"kind", "n"} if kind in _EFFECT_NEEDS_N or kind == E_REVIVE_PLAY else {"kind"}
        unknown = set(step) - allowed
        if unknown:
            raise ContentError(f"{here}: unknown parameter(s) {', '.join(sorted(unknown))}")
        if kind in _EFFECT_NEEDS_N:
            n = _int(here, step, "n", 1, 9)
        elif kind == E_REVIVE_PLAY:
            n = _int(here, step, "n", 2, 2) if "n" in step else 2
        else:
            n = 1
        steps.append((kind, n))
    for i, (kind, _) in enumerate(steps):
        if kind == E_EXHAUST_THIS and i != len(steps) - 1:
            raise ContentError(f"{where}: 'exhaust_this' must be the last effect step")
    return tuple(steps)


def _check_keys(where: str, raw: dict[str, Any], allowed: set[str]) -> None:
    unknown = set(raw) - allowed
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if raw.get("source") not in PROVENANCE:
        raise ContentError(f"{where}: 'source' must be one of {', '.join(PROVENANCE)}")
    if not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise ContentError(f"{where}: 'name' must be a non-empty text")


def load_cards(path: str | None = None) -> CardSet:
    """Read and validate a content file (the shipped one when ``path`` is None).

    Raises ``ContentError`` naming the file, card and field on any problem: unreadable file,
    bad TOML, a number missing, duplicated or in the wrong range for its kind, an unknown
    effect, ability, condition or event kind, a missing provenance, a Tier I of fewer than 10
    or more than 14 cards (FA-26), or a Character banner the Monsters and Events cannot fill.
    Parsing is cached by the file's bytes.
    """
    file, blob = read_content(path, DEFAULT_CONTENT)
    return _parse(file, blob)


_SECTIONS = {
    "creature": (K_CREATURE, CREATURES),
    "monster": (K_MONSTER, MONSTERS),
    "golem": (K_GOLEM, GOLEMS),
    "exhausted": (K_EXHAUSTED, range(EXHAUSTED_CARD, EXHAUSTED_CARD + 1)),
    "event": (K_EVENT, EVENTS),
    "character": (K_CHARACTER, CHARACTERS),
    "castle": (K_CASTLE, range(CASTLE_CARD, CASTLE_CARD + 1)),
}


_COMMON = {"number", "name", "source", "note"}
"""Fields every card may have."""

_TABLES = {
    "kind": 0,
    "name": "",
    "tier": -1,
    "strength": 0,
    "cuddle": 0,
    "ability": A_NONE,
    "effect": (),
    "condition": None,
    "leaves_after": 0,
    "icon": -1,
    "pair": "",
    "levels": (),
    "timing": 0,
    "event_kind": -1,
    "event_n": 0,
    "event_which": "",
    "level": 0,
    "banner": (),
}
"""The ``CardSet`` lookup tables and the value of a card a table does not concern."""

Tables = dict[str, list[Any]]


@lru_cache(maxsize=16)
def _parse(file: str, blob: bytes) -> CardSet:
    data = parse_toml(file, blob)
    unknown = set(data) - set(_SECTIONS) - {"version"}
    if unknown:
        raise ContentError(f"{file}: unknown section(s) {', '.join(sorted(unknown))}")
    cards: list[Card | None] = [None] * (NUM_CARDS + 1)
    tables: Tables = {key: [value] * (NUM_CARDS + 1) for key, value in _TABLES.items()}
    for section, (card_kind, numbers) in _SECTIONS.items():
        raws = data.get(section)
        if not isinstance(raws, list):
            raise ContentError(f"{file}: expected [[{section}]] tables")
        for i, raw in enumerate(raws):
            where, number = _card_number(f"{file}: {section} #{i + 1}", section, numbers, raw)
            if cards[number] is not None:
                raise ContentError(f"{where}: number {number} appears twice")
            _READERS[section](where, raw, number, tables)
            cards[number] = Card(number, card_kind, raw["name"], dict(raw))
            tables["kind"][number] = card_kind
            tables["name"][number] = raw["name"]
    _check_counts(file, cards, tables)
    cardset = CardSet(
        file,
        content_digest(blob),
        tuple(cards),
        **{key: tuple(values) for key, values in tables.items()},
    )
    _check_pairs(file, cardset)
    _check_banners(file, cardset)
    return cardset


def _card_number(where: str, section: str, numbers: range, raw: Any) -> tuple[str, int]:
    """The card's number, checked against its section's range, and where to say it is."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: a card must be a table")
    number = raw.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number not in numbers:
        raise ContentError(
            f"{where}: 'number' must be an integer {numbers.start}-{numbers.stop - 1} "
            f"for a {section}, got {number!r}"
        )
    return f"{where} (number {number}, {raw.get('name', '?')})", number


def _read_creature(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    _check_keys(where, raw, _COMMON | {"tier", "strength", "cuddle", "effect", "ability"})
    tables["tier"][number] = _choice(where, raw, "tier", TIERS)
    strength = tables["strength"][number] = _strength(where, raw, allow_star=False)
    if strength == INF:
        raise ContentError(f"{where}: only Golems and Monsters have infinite Strength")
    tables["cuddle"][number] = _int(where, raw, "cuddle", 0, 20)
    tables["ability"][number] = _choice(where, {"ability": "none", **raw}, "ability", ABILITIES)
    tables["effect"][number] = _effect(where, raw.get("effect"))


def _read_monster(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    keys = {"icon", "strength", "condition", "leaves_after", "pair", "levels", "effect"}
    _check_keys(where, raw, _COMMON | keys)
    strength = tables["strength"][number] = _strength(where, raw, allow_star=True)
    tables["icon"][number] = _choice(where, raw, "icon", ICONS)
    effect = tables["effect"][number] = _effect(where, raw.get("effect"))
    if any(kind == E_EXHAUST_THIS for kind, _ in effect):
        raise ContentError(
            f"{where}: 'exhaust_this' is for Creatures of the deck (FA-52, ruling FA-R15); a "
            "Monster that reaches its Strength is driven away (FA-68)"
        )
    cond = raw.get("condition")
    if strength == STAR:
        if not isinstance(cond, dict):
            raise ContentError(f"{where}: a star Monster needs a 'condition' table")
        ckind = _choice(where + " condition", cond, "kind", CONDITIONS)
        count = _int(where + " condition", cond, "count", 1, 12)
        if set(cond) - {"kind", "count"}:
            raise ContentError(f"{where}: condition takes only 'kind' and 'count'")
        tables["condition"][number] = (ckind, count)
    elif cond is not None:
        raise ContentError(f"{where}: only a star Monster has a 'condition'")
    if "leaves_after" in raw:
        if strength != INF:
            raise ContentError(f"{where}: 'leaves_after' is for Monsters of infinite Strength")
        tables["leaves_after"][number] = _int(where, raw, "leaves_after", 1, 20)
    elif strength == INF:
        raise ContentError(f"{where}: an infinite Monster needs 'leaves_after'")
    pair_name = raw.get("pair", "")
    if not isinstance(pair_name, str):
        raise ContentError(f"{where}: 'pair' must be a text")
    tables["pair"][number] = pair_name
    lv = raw.get("levels", [])
    if not isinstance(lv, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 8 for x in lv
    ):
        raise ContentError(f"{where}: 'levels' must be a list of levels 1-8")
    tables["levels"][number] = tuple(lv)


def _read_golem(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    _check_keys(where, raw, _COMMON | {"strength"})
    strength = tables["strength"][number] = _strength(where, raw, allow_star=False)
    if strength != INF:
        raise ContentError(f"{where}: a Stone Golem has infinite Strength (FA-78)")


def _read_event(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    _check_keys(where, raw, _COMMON | {"icon", "timing", "effect", "levels"})
    tables["icon"][number] = _choice(where, raw, "icon", ICONS)
    timing = tables["timing"][number] = _choice(where, raw, "timing", TIMINGS)
    eff = raw.get("effect")
    if not isinstance(eff, dict):
        raise ContentError(f"{where}: 'effect' must be a table with a 'kind'")
    ekind = _choice(where + " effect", eff, "kind", EVENT_KINDS)
    params = EVENT_PARAMS[ekind]
    extra = set(eff) - {"kind", *params}
    if extra:
        raise ContentError(
            f"{where}: effect kind {EVENT_KINDS[ekind]!r} takes no {', '.join(sorted(extra))}"
        )
    tables["event_kind"][number] = ekind
    if "n" in params:
        tables["event_n"][number] = _int(where + " effect", eff, "n", 1, 9)
    if "which" in params:
        which = eff.get("which", "any")
        if which not in ("any", "highest"):
            raise ContentError(f"{where}: effect.which must be 'any' or 'highest'")
        tables["event_which"][number] = which
    want = 0 if ekind in LIGHTNING_KINDS else 1
    if timing != want:
        raise ContentError(
            f"{where}: an effect of kind {EVENT_KINDS[ekind]!r} is {TIMINGS[want]} (FA-91, FA-92)"
        )
    lv = raw.get("levels", [])
    if not isinstance(lv, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 8 for x in lv
    ):
        raise ContentError(f"{where}: 'levels' must be a list of levels 1-8")
    tables["levels"][number] = tuple(lv)


def _read_character(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    _check_keys(where, raw, _COMMON | {"level", "banner"})
    tables["level"][number] = _int(where, raw, "level", 1, 8)
    icons = raw.get("banner")
    if not isinstance(icons, list) or len(icons) != 3 or any(x not in ICONS for x in icons):
        raise ContentError(f"{where}: 'banner' must list 3 icons of {ICONS}")
    tables["banner"][number] = tuple(sorted(ICONS.index(x) for x in icons))


def _read_plain(where: str, raw: dict[str, Any], number: int, tables: Tables) -> None:
    _check_keys(where, raw, _COMMON)


_READERS = {
    "creature": _read_creature,
    "monster": _read_monster,
    "golem": _read_golem,
    "exhausted": _read_plain,
    "event": _read_event,
    "character": _read_character,
    "castle": _read_plain,
}
"""Each section's card reader: checks a card's fields and fills its entries of the tables."""


def _check_counts(file: str, cards: list[Card | None], tables: Tables) -> None:
    """Every card present, the Tier sizes (FA-26) and one Character per level."""
    missing = [n for n in range(1, NUM_CARDS + 1) if cards[n] is None]
    if missing:
        raise ContentError(f"{file}: cards missing: {', '.join(map(str, missing))}")
    tiers = [tables["tier"].count(t) for t in range(len(TIERS))]
    if not 10 <= tiers[1] <= 14:
        raise ContentError(
            f"{file}: Tier I must hold 10-14 Creatures (FA-26, ruling FA-R04), has {tiers[1]}"
        )
    if tiers[0] < 1:
        raise ContentError(f"{file}: Tier 0 (the first Team deck) holds no Creature")
    if sorted(tables["level"][n] for n in CHARACTERS) != list(range(1, 9)):
        raise ContentError(f"{file}: the 8 Characters must have the levels 1 to 8, one each")


def _check_banners(file: str, cards: CardSet) -> None:
    """Every Character's banner can be filled with Monsters and Events (FA-07)."""
    for number in CHARACTERS:
        lv = cards.level[number]
        if not monster_choices(cards, lv) or not event_choices(cards, lv):
            raise ContentError(
                f"{file}: character {number} ({cards.name[number]}): the Monsters and Events "
                f"cannot fill its banner at level {lv} (FA-07)"
            )


def _check_pairs(file: str, cards: CardSet) -> None:
    pairs: dict[str, list[int]] = {}
    for n in MONSTERS:
        if cards.pair[n]:
            pairs.setdefault(cards.pair[n], []).append(n)
    for pair_name, members in pairs.items():
        if len(members) != 2 or cards.icon[members[0]] != cards.icon[members[1]]:
            raise ContentError(
                f"{file}: pair {pair_name!r} must be exactly two Monsters with the same icon"
            )


def _needs(cards: CardSet, level: int) -> dict[int, int]:
    needs: dict[int, int] = {}
    for icon in cards.banner[cards.character(level)]:
        needs[icon] = needs.get(icon, 0) + 1
    return needs


def monster_choices(cards: CardSet, level: int) -> list[tuple[int, ...]]:
    """Every set of 3 Monsters that fits the banner of ``level`` (FA-07, FA-10; ruling FA-R03).

    Each icon of the banner takes one Monster bearing it; a pair (the Two-headed Giant) is
    taken whole and fills two icon places of its icon. Sets are sorted tuples, in sorted order.
    """
    per_icon = []
    for icon, count in sorted(_needs(cards, level).items()):
        units: list[tuple[int, ...]] = []
        seen: set[str] = set()
        for n in MONSTERS:
            if not cards.usable(n, icon, level):
                continue
            if cards.pair[n]:
                if cards.pair[n] in seen:
                    continue
                seen.add(cards.pair[n])
                mates = tuple(m for m in MONSTERS if cards.pair[m] == cards.pair[n])
                if all(cards.usable(m, icon, level) for m in mates):
                    units.append(mates)
            else:
                units.append((n,))
        options = []
        for size in range(1, count + 1):
            for combo in itertools.combinations(units, size):
                chosen = tuple(sorted(c for unit in combo for c in unit))
                if len(chosen) == count:
                    options.append(chosen)
        per_icon.append(options)
    return sorted(tuple(sorted(sum(parts, ()))) for parts in itertools.product(*per_icon))


def event_choices(cards: CardSet, level: int) -> list[tuple[int, ...]]:
    """Every set of 3 Events that fits the banner of ``level``, one per icon (FA-07)."""
    per_icon = []
    for icon, count in sorted(_needs(cards, level).items()):
        usable = [n for n in EVENTS if cards.usable(n, icon, level)]
        per_icon.append(list(itertools.combinations(usable, count)))
    return sorted(tuple(sorted(sum(parts, ()))) for parts in itertools.product(*per_icon))
