"""Familiar Feat's card tables (``CardSet``): what ``content.load_cards`` reads from a content
file, as flat tables indexed by card number, which the rules, the heuristic and the views read.

Compiled (setup.py), ``CardSet`` is a native class: the rules read a table (``cards.cuddle``,
``cards.ability``, ``cards.strength``...) as a field of a known place rather than by the
generic attribute look-up of the frozen dataclass it was (issue 36: some 7% of a compiled
playout's instructions). Its fields are tuples and it is never changed once made; it pickles by
its fields (``__reduce__``), as a compiled class has no default pickling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .content import Card


FIELDS: Final = (
    "path",
    "digest",
    "cards",
    "kind",
    "name",
    "tier",
    "strength",
    "cuddle",
    "ability",
    "effect",
    "condition",
    "leaves_after",
    "icon",
    "pair",
    "levels",
    "timing",
    "event_kind",
    "event_n",
    "event_which",
    "level",
    "banner",
)
"""``CardSet``'s fields, in the order ``__init__`` takes them."""


class CardSet:
    """All 110 cards plus flat lookup tables indexed by card number (index 0 unused).

    Attributes:
        path, digest: the file read and the SHA-256 of its bytes.
        cards: ``Card`` per number.
        kind: ``K_*`` per number.
        name: the card's name.
        tier: Creature tier 0-4 (-1 for other cards).
        strength: Strength; ``INF`` infinite, ``STAR`` a star condition, 0 for non-Creatures.
        cuddle: printed Cuddle value (0 for non-Familiars).
        ability: ``A_*`` Cuddle ability.
        effect: tuple of ``(E_* kind, n)`` steps resolved on recruiting / driving away (FA-41).
        condition: ``(C_* kind, count)`` for star Monsters, else None.
        leaves_after: days an infinite-Strength Monster stays (0: never leaves on its own).
        icon: difficulty icon index into ``ICONS`` (-1 for cards without one).
        pair: name of a pair that must be used together (the Two-headed Giant), or "".
        levels: the levels a Monster or Event may be used at (all when empty).
        timing: 0 lightning, 1 hourglass (Events).
        event_kind: ``V_*`` (Events, -1 for other cards); event_n: its number parameter;
            event_which: "any" or "highest" for ``exhaust_discard``.
        level: a Character's level (0 for other cards); banner: its three icon indices.

    The constants named are ``content.py``'s. Made by ``content.load_cards`` (which checks every
    value first) with the fields in this order, by position or by name.
    """

    __slots__ = FIELDS

    def __init__(
        self,
        path: str,
        digest: str,
        cards: tuple[Card | None, ...],
        kind: tuple[int, ...],
        name: tuple[str, ...],
        tier: tuple[int, ...],
        strength: tuple[int, ...],
        cuddle: tuple[int, ...],
        ability: tuple[int, ...],
        effect: tuple[tuple[tuple[int, int], ...], ...],
        condition: tuple[tuple[int, int] | None, ...],
        leaves_after: tuple[int, ...],
        icon: tuple[int, ...],
        pair: tuple[str, ...],
        levels: tuple[tuple[int, ...], ...],
        timing: tuple[int, ...],
        event_kind: tuple[int, ...],
        event_n: tuple[int, ...],
        event_which: tuple[str, ...],
        level: tuple[int, ...],
        banner: tuple[tuple[int, ...], ...],
    ) -> None:
        self.path = path
        self.digest = digest
        self.cards = cards
        self.kind = kind
        self.name = name
        self.tier = tier
        self.strength = strength
        self.cuddle = cuddle
        self.ability = ability
        self.effect = effect
        self.condition = condition
        self.leaves_after = leaves_after
        self.icon = icon
        self.pair = pair
        self.levels = levels
        self.timing = timing
        self.event_kind = event_kind
        self.event_n = event_n
        self.event_which = event_which
        self.level = level
        self.banner = banner

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the fields in order: a compiled class (setup.py) has no default pickling."""
        return (CardSet, tuple([getattr(self, name) for name in FIELDS]))

    def __repr__(self) -> str:
        return f"CardSet(path={self.path!r}, digest={self.digest!r})"

    def by_tier(self, tier: int) -> list[int]:
        """Creature numbers of one tier (0-4), ascending (only Creatures have a tier)."""
        return [n for n, t in enumerate(self.tier) if t == tier]

    def character(self, level: int) -> int:
        """The Character card of ``level`` (1-8; ``content.load_cards`` checks that there is
        one each). Raises ``ValueError`` for another level."""
        for n, lv in enumerate(self.level):
            if lv == level and self.banner[n]:  # only Characters have a level and a banner
                return n
        raise ValueError(f"no Character card of level {level!r}")

    def usable(self, number: int, icon: int, level: int) -> bool:
        """Whether Monster/Event ``number`` bears ``icon`` and may be used at ``level`` (FA-09)."""
        levels = self.levels[number]
        return self.icon[number] == icon and (not levels or level in levels)
