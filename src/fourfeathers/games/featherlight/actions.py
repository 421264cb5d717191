"""Featherlight's actions: ``draw 1|2``, ``take S`` and ``put C on S``, frozen and prebuilt
(``DRAWS``, ``TAKES[stack]``, ``PUTS[card][stack]``), whose ``str()`` is the text form
``parse_action`` reads back. Stacks are 0-5 inside and 1-6 in text. Which action is legal, and
what it does, is the rules' business (``rules.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalActionError
from .content import NEST_STACKS, NUM_CARDS


@dataclass(frozen=True, slots=True)
class Draw:
    """Action A, first step: draw the top card of pile ``pile`` (0 or 1) into hand (FL-20)."""

    pile: int

    def __str__(self) -> str:
        return f"draw {self.pile + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "draw", "pile": self.pile}


@dataclass(frozen=True, slots=True)
class Take:
    """Action B, first step: take the top card of nest stack ``stack`` (0-5) into hand (FL-25)."""

    stack: int

    def __str__(self) -> str:
        return f"take {self.stack + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "take", "stack": self.stack}


@dataclass(frozen=True, slots=True)
class Put:
    """Second step of either action: put hand card ``card`` face up on nest stack ``stack``."""

    card: int
    stack: int

    def __str__(self) -> str:
        return f"put {self.card} on {self.stack + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "put", "card": self.card, "stack": self.stack}


# Every action exists once; legal_actions hands out these objects (no allocation per call).
DRAWS = (Draw(0), Draw(1))
TAKES = tuple(Take(s) for s in range(NEST_STACKS))
CHOICES = DRAWS + TAKES
PUTS: tuple[tuple[Put, ...], ...] = tuple(
    tuple(Put(c, s) for s in range(NEST_STACKS)) for c in range(NUM_CARDS + 1)
)

# Numbers of at most 9 digits: a longer one names no card, slot or cell, and is refused as text
# not understood (int() would raise ValueError past 4,300 digits).
_ACTION_PATTERN = re.compile(r"(draw|take) (\d{1,9})|put (\d{1,9}) on (\d{1,9})")


def parse_action(text: str) -> Draw | Take | Put:
    """Parse ``draw 1|2``, ``take 1-6`` or ``put CARD on 1-6`` (case and spaces forgiven).

    Raises ``IllegalActionError`` if the text is none of these, naming the rule for a pile,
    stack or card number that does not exist.
    """
    m = _ACTION_PATTERN.fullmatch(" ".join(text.lower().split()))
    if m is None:
        raise IllegalActionError(
            f"{text!r} is not a Featherlight action: write 'draw 1', 'draw 2', 'take 1'-'take 6' "
            "or 'put CARD on STACK' (stacks 1-6, cards 1-70)"
        )
    verb, number, card, stack = m.groups()
    if verb == "draw":
        if number not in ("1", "2"):
            raise IllegalActionError(f"{text!r}: the draw piles are 1 and 2", "FL-11")
        return DRAWS[int(number) - 1]
    where = int(number if verb == "take" else stack)
    if not 1 <= where <= NEST_STACKS:
        raise IllegalActionError(f"{text!r}: the nest stacks are 1 to 6", "FL-10")
    if verb == "take":
        return TAKES[where - 1]
    if not 1 <= int(card) <= NUM_CARDS:
        raise IllegalActionError(f"{text!r}: the cards are numbered 1 to {NUM_CARDS}", "FL-01")
    return PUTS[int(card)][where - 1]
