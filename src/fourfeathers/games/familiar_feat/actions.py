"""Familiar Feat's actions: ``attach C to S``, ``choose C`` and ``slot S``, frozen and
prebuilt (``ATTACH[card][slot]``, ``CHOOSE[card]``, ``PLACE[slot]``), whose ``str()`` is the text
form ``parse_action`` reads back. Slots are 0-4 inside and 1-5 in text, slot 1 nearest the
Creature deck. Which action is legal, and what it does, is the rules' business (``rules.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import IllegalActionError
from .content import NUM_CARDS, ROW


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach hand card ``card`` beneath the Creature in row slot ``slot`` (0-4) (FA-33)."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"attach {self.card} to {self.slot + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "attach", "card": self.card, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick card ``card`` for the pending choice (a Familiar, a Creature, a Monster...)."""

    card: int

    def __str__(self) -> str:
        return f"choose {self.card}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "choose", "card": self.card}


@dataclass(frozen=True, slots=True)
class Place:
    """Pick the Creature in row slot ``slot`` (0-4) as the destination of a pending attach."""

    slot: int

    def __str__(self) -> str:
        return f"slot {self.slot + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "slot", "slot": self.slot}


ATTACH: Final = tuple(tuple(Attach(c, s) for s in range(ROW)) for c in range(NUM_CARDS + 1))
CHOOSE: Final = tuple(Choose(c) for c in range(NUM_CARDS + 1))
PLACE: Final = tuple(Place(s) for s in range(ROW))

# Numbers of at most 9 digits: a longer one names no card, slot or cell, and is refused as text
# not understood (int() would raise ValueError past 4,300 digits).
_PATTERN = re.compile(r"attach (\d{1,9}) to (\d{1,9})|choose (\d{1,9})|slot (\d{1,9})")


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
