"""Fancy Feathers' actions: ``move N``, ``leave``, ``lose TYPE[:VALUE]``, ``lose set-aside
trap`` and ``pass traps``, frozen and interned (``MOVES[n]``, ``lose(type, value)``...), whose
``str()`` is the text form ``parse_action`` reads back. Which action is legal, and what it does,
is the rules' business (``rules.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalActionError
from .scoring import TYPES


@dataclass(frozen=True, slots=True)
class Move:
    """Step 2: move your disc ``distance`` cards forward (FF-27; at least 1, ruling FF-R10)."""

    distance: int

    def __str__(self) -> str:
        return f"move {self.distance}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "move", "distance": self.distance}


@dataclass(frozen=True, slots=True)
class Leave:
    """Step 2 once the draw stack is empty: leave the Path for good (FF-42, FF-47)."""

    def __str__(self) -> str:
        return "leave"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "leave"}


@dataclass(frozen=True, slots=True)
class Lose:
    """Fox: send one collected card of type ``type`` (index into ``TYPES``) and printed ``value``
    (0 if none) face down to the box (FF-37, FF-38)."""

    type: int
    value: int

    def __str__(self) -> str:
        t = self.type
        name = TYPES[t] if type(t) is int and 0 <= t < len(TYPES) else f"type {t!r}"
        return f"lose {name}:{self.value}" if self.value else f"lose {name}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "lose", "type": TYPES[self.type], "value": self.value}


@dataclass(frozen=True, slots=True)
class LoseAside:
    """Fox: send a Trap set aside earlier in this collection to the box (ruling FF-R05)."""

    def __str__(self) -> str:
        return "lose set-aside trap"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "lose-aside"}


@dataclass(frozen=True, slots=True)
class PassTraps:
    """After the move: give the set-aside Traps to whoever takes the next turn (FF-35)."""

    def __str__(self) -> str:
        return "pass traps"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "pass-traps"}


Action = Move | Leave | Lose | LoseAside | PassTraps
LEAVE = Leave()
LOSE_ASIDE = LoseAside()
PASS_TRAPS = PassTraps()
MOVES = tuple(Move(n) for n in range(128))
"""Interned ``Move`` objects; ``MOVES[n]`` is ``move n`` (``move 0`` is never legal)."""
_LOSES: dict[tuple[int, int], Lose] = {}


def move(distance: int) -> Move:
    """The (interned) ``Move`` of ``distance`` cards."""
    return MOVES[distance] if 0 <= distance < len(MOVES) else Move(distance)


def lose(type_: int, value: int) -> Lose:
    """The (interned) ``Lose`` of a card of ``type_`` with printed ``value``."""
    key = (type_, value)
    action = _LOSES.get(key)
    if action is None:
        action = _LOSES[key] = Lose(type_, value)
    return action


# Numbers of at most 9 digits: a longer one names no card, slot or cell, and is refused as text
# not understood (int() would raise ValueError past 4,300 digits).
_MOVE = re.compile(r"move (\d{1,9})")
_LOSE = re.compile(r"lose ([a-z-]+)(?::(\d{1,9}))?")


def parse_action(text: str) -> Action:
    """Parse ``move N``, ``leave``, ``lose TYPE[:VALUE]``, ``lose set-aside trap`` or
    ``pass traps`` (case and spaces forgiven).

    Raises ``IllegalActionError`` if the text is none of these or names an unknown type.
    """
    words = " ".join(text.lower().replace(" :", ":").replace(": ", ":").split())
    if words == "leave":
        return LEAVE
    if words in ("pass traps", "pass trap", "pass"):
        return PASS_TRAPS
    if words in ("lose set-aside trap", "lose set-aside", "lose aside"):
        return LOSE_ASIDE
    m = _MOVE.fullmatch(words)
    if m:
        return move(int(m.group(1)))
    m = _LOSE.fullmatch(words)
    if m and m.group(1) in TYPES:
        return lose(TYPES.index(m.group(1)), int(m.group(2) or 0))
    if m:
        raise IllegalActionError(
            f"{text!r}: {m.group(1)!r} is not an animal type ({', '.join(TYPES)})", "FF-05"
        )
    raise IllegalActionError(
        f"{text!r} is not a Fancy Feathers action: write 'move N', 'leave', "
        "'lose TYPE' (e.g. 'lose nest', 'lose golden-pheasant:3'), 'lose set-aside trap' "
        "or 'pass traps'"
    )
