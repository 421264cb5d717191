"""Isle of Feathers' actions: frozen, hashable and interned objects whose ``str()`` is the text
form ``parse_action`` reads back (``tile 1,-1``, ``place 12 at 2,0``, ``take 1``...).

Every action object exists once: ``TILE[cell]``, ``PLACE[card, cell]``... make it on first use
and hand the same object out again (a dict lookup on the hot path). Which action is legal, and
what it does, is the rules' business (``rules.py`` and its parts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalActionError
from .content import COLOURS, NUM_BIRDS
from .hexgrid import coords, key


def cell_text(k: int) -> str:
    """``"q,r"`` of a cell key."""
    q, r = coords(k)
    return f"{q},{r}"


@dataclass(frozen=True, slots=True)
class AddTile:
    """Action: add the tile the space's height calls for (Sand on ocean, Grass on Sand, Cliff on
    Grass or Cliff; IS-11, IS-19)."""

    cell: int

    def __str__(self) -> str:
        return f"tile {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "tile", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class AddVegetation:
    """Action: put a Vegetation token on a tile (IS-12, IS-30)."""

    cell: int

    def __str__(self) -> str:
        return f"veg {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "veg", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Place:
    """Action: place bird ``card`` from hand with its token on ``cell`` (IS-13, IS-32..IS-40)."""

    card: int
    cell: int

    def __str__(self) -> str:
        return f"place {self.card} at {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "place", "card": self.card, "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Discard:
    """Action: discard ``card`` from hand and use its ability (IS-14, IS-46)."""

    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "discard", "card": self.card}


@dataclass(frozen=True, slots=True)
class TakeFaceUp:
    """Draw step: take the face-up bird in Flight Path slot ``slot`` (0-3; text 1-4, 1 next to
    the Draw pile, IS-42)."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot + 1}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "take", "slot": self.slot}


@dataclass(frozen=True, slots=True)
class DrawBlind:
    """Draw step: take the top card of the Draw pile unseen by others (IS-42)."""

    def __str__(self) -> str:
        return "draw blind"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "draw-blind"}


@dataclass(frozen=True, slots=True)
class PassCard:
    """Turn end: pass ``card`` to the next player (IS-10, ruling IS-R08)."""

    card: int

    def __str__(self) -> str:
        return f"pass {self.card}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "pass", "card": self.card}


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Turn end without a pass: solo, the game's last turn, or an empty hand (ruling IS-R08)."""

    def __str__(self) -> str:
        return "end"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "end"}


@dataclass(frozen=True, slots=True)
class Release:
    """Solo: discard ``card`` at the end of a turn without a placement; the top Migration card
    replaces it (IS-70, ruling IS-R25)."""

    card: int

    def __str__(self) -> str:
        return f"release {self.card}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "release", "card": self.card}


@dataclass(frozen=True, slots=True)
class Raise:
    """Mound: raise a tile (or an ocean space touching the island) by one level (IS-51, IS-60)."""

    cell: int

    def __str__(self) -> str:
        return f"mound {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "mound", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Lower:
    """Burrow: lower a tile by one level; Sand becomes ocean (IS-52, IS-58)."""

    cell: int

    def __str__(self) -> str:
        return f"burrow {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "burrow", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Uproot:
    """Replant, first step: pick up the Vegetation token on ``cell`` (IS-53)."""

    cell: int

    def __str__(self) -> str:
        return f"replant {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "replant", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Plant:
    """Replant, second step: put the picked-up Vegetation token on ``cell`` (IS-53)."""

    cell: int

    def __str__(self) -> str:
        return f"plant {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "plant", "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Flit:
    """Flit: take another action (IS-54)."""

    def __str__(self) -> str:
        return "flit"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "flit"}


@dataclass(frozen=True, slots=True)
class Flock:
    """Flock: place bird ``card`` with its token on ``cell``, a tile that already holds a bird
    (IS-55, ruling IS-R10)."""

    card: int
    cell: int

    def __str__(self) -> str:
        return f"flock {self.card} at {cell_text(self.cell)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "flock", "card": self.card, "cell": cell_text(self.cell)}


@dataclass(frozen=True, slots=True)
class Shoo:
    """Shoo: move one bird token of seat ``colour`` from ``source`` to the neighbouring land tile
    ``target`` (IS-56, IS-61, IS-62)."""

    colour: int
    source: int
    target: int

    def __str__(self) -> str:
        c = self.colour
        colour = COLOURS[c] if type(c) is int and 0 <= c < len(COLOURS) else f"colour {c!r}"
        return f"shoo {colour} {cell_text(self.source)} to {cell_text(self.target)}"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {
            "kind": "shoo",
            "colour": COLOURS[self.colour],
            "source": cell_text(self.source),
            "target": cell_text(self.target),
        }


@dataclass(frozen=True, slots=True)
class Stamina:
    """Solo: spend a Flit token from the Stamina pool for one more action (IS-73)."""

    def __str__(self) -> str:
        return "stamina"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "stamina"}


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline the ability of the bird just discarded (ruling IS-R09)."""

    def __str__(self) -> str:
        return "skip"

    def fields(self) -> dict[str, Any]:
        """The structured form the pages read (docs/protocol.md, "Actions")."""
        return {"kind": "skip"}


DRAW_BLIND = DrawBlind()
END = EndTurn()
FLIT_ACTION = Flit()
STAMINA = Stamina()
SKIP = Skip()
TAKES = tuple(TakeFaceUp(s) for s in range(8))


class _Interned(dict[Any, Any]):
    """``TABLE[args]`` is the one action ``cls(*args)`` (or ``cls(args)`` for one int): a plain
    dict lookup on the hot path, the object made on first use.

    The rules read a table as ``TABLE.get(args) or TABLE[args]``: CPython gives a dict subclass
    a generic ``[]`` that calls ``__getitem__`` as a Python method, which compiled code
    (setup.py) pays for at every look-up, while ``get`` reads the dict directly."""

    __slots__ = ("cls",)

    def __init__(self, cls: Any) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, args: Any) -> Any:
        action = self.cls(*args) if isinstance(args, tuple) else self.cls(args)
        self[args] = action
        return action


TILE, VEGETATION, RAISE, LOWER = (_Interned(c) for c in (AddTile, AddVegetation, Raise, Lower))
UPROOT, PLANT_AT, DISCARD, PASS = (_Interned(c) for c in (Uproot, Plant, Discard, PassCard))
RELEASE_CARD, PLACE, FLOCK_AT, SHOO_MOVE = (_Interned(c) for c in (Release, Place, Flock, Shoo))
_TABLES = {
    cls: table
    for table in (
        TILE,
        VEGETATION,
        RAISE,
        LOWER,
        UPROOT,
        PLANT_AT,
        DISCARD,
        PASS,
        RELEASE_CARD,
        PLACE,
        FLOCK_AT,
        SHOO_MOVE,
    )
    for cls in (table.cls,)
}


DISCARDS: list[Any] = [None, *(DISCARD[c] for c in range(1, NUM_BIRDS + 1))]
"""``DISCARDS[card]`` is ``DISCARD[card]``, made for every bird at once: a list look-up on the
hot path; ``PASSES`` and ``RELEASES`` the same for ``PASS`` and ``RELEASE_CARD``."""
PASSES: list[Any] = [None, *(PASS[c] for c in range(1, NUM_BIRDS + 1))]
RELEASES: list[Any] = [None, *(RELEASE_CARD[c] for c in range(1, NUM_BIRDS + 1))]


def _get(cls: Any, *args: int) -> Any:
    """The one action object ``cls(*args)`` (interned)."""
    table = _TABLES[cls]
    return table[args[0]] if len(args) == 1 else table[args]


# Numbers of at most 9 digits: a longer one names no card, slot or cell, and is refused as text
# not understood (int() would raise ValueError past 4,300 digits).
_CELL = r"(-?\d{1,9}),(-?\d{1,9})"
_PATTERNS = (
    (re.compile(rf"(tile|veg|mound|burrow|replant|plant) {_CELL}"), "cell"),
    (re.compile(rf"(place|flock) (\d{{1,9}}) at {_CELL}"), "card-cell"),
    (re.compile(rf"shoo ([a-z]+) {_CELL} to {_CELL}"), "shoo"),
    (re.compile(r"(discard|pass|release) (\d{1,9})"), "card"),
    (re.compile(r"take (\d{1,9})"), "take"),
    (re.compile(r"draw blind|flit|stamina|end|skip"), "word"),
)
_CELL_ACTIONS = {
    "tile": AddTile,
    "veg": AddVegetation,
    "mound": Raise,
    "burrow": Lower,
    "replant": Uproot,
    "plant": Plant,
}
_CARD_ACTIONS = {"discard": Discard, "pass": PassCard, "release": Release}
_WORDS = {"draw blind": DRAW_BLIND, "flit": FLIT_ACTION, "stamina": STAMINA, "end": END}
_WORDS["skip"] = SKIP

USAGE = (
    "write e.g. 'tile 1,-1', 'veg 0,1', 'place 12 at 2,0', 'discard 12', 'take 1'..'take 4', "
    "'draw blind', 'pass 12', 'end', 'mound 0,0', 'burrow 0,0', 'replant 0,0', 'plant 1,0', "
    "'flit', 'flock 12 at 2,0', 'shoo red 0,0 to 1,0', 'stamina', 'skip' or 'release 12'"
)


def _cell_key(text: str, q: str, r: str) -> int:
    try:
        return key(int(q), int(r))
    except ValueError as exc:
        raise IllegalActionError(f"{text!r}: {exc}", "IS-R17") from None


def _card(text: str, number: str) -> int:
    card = int(number)
    if not 1 <= card <= NUM_BIRDS:
        raise IllegalActionError(f"{text!r}: birds are numbered 1 to {NUM_BIRDS}", "IS-01")
    return card


def parse_action(text: str, flight_path: int = len(TAKES)) -> Any:
    """Parse an action's text form (case, spaces around commas and repeated spaces forgiven).

    ``flight_path``: the number of Flight Path slots of the game (``take N`` beyond it is
    refused; ``IsleGame.parse_action`` passes its content's number).

    Raises ``IllegalActionError`` if the text is no action of this game (no rule), or names the
    rule for a bird number, slot, colour or cell that does not exist.
    """
    norm = re.sub(r"\s*,\s*", ",", " ".join(text.lower().split()))
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m is None:
            continue
        g = m.groups()
        if kind == "cell":
            return _get(_CELL_ACTIONS[g[0]], _cell_key(text, g[1], g[2]))
        if kind == "card-cell":
            cls = Place if g[0] == "place" else Flock
            return _get(cls, _card(text, g[1]), _cell_key(text, g[2], g[3]))
        if kind == "shoo":
            if g[0] not in COLOURS:
                raise IllegalActionError(
                    f"{text!r}: bird colours are {', '.join(COLOURS)}", "IS-R20"
                )
            return _get(
                Shoo,
                COLOURS.index(g[0]),
                _cell_key(text, g[1], g[2]),
                _cell_key(text, g[3], g[4]),
            )
        if kind == "card":
            return _get(_CARD_ACTIONS[g[0]], _card(text, g[1]))
        if kind == "take":
            slot = int(g[0])
            if not 1 <= slot <= min(flight_path, len(TAKES)):
                raise IllegalActionError(
                    f"{text!r}: the Flight Path slots are 1 to {flight_path}", "IS-08"
                )
            return TAKES[slot - 1]
        return _WORDS[norm]
    raise IllegalActionError(f"{text!r} is not an Isle of Feathers action: {USAGE}")
