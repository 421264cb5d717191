"""Isle of Feathers' rules: actions, setup, the turn, building land, birds, abilities, the
Flight Path, the endgame and the solo Migration Season.

Checklist atoms (``IS-nn``) refer to ``shared/rules/checklists/isle-of-feathers.md``; rulings
(``IS-Rnn``) to ``docs/rulings/isle-of-feathers.md``.

A turn (IS-10, IS-15) moves through these phases (``state.phase``):

- ``MAIN``: while actions remain, one of the four actions: ``tile Q,R`` (add the tile the space's
  height calls for, IS-11, IS-18..IS-25), ``veg Q,R`` (IS-12, IS-30), ``place N at Q,R`` (IS-13,
  IS-32..IS-40) or ``discard N`` (IS-14, IS-46). At any moment of MAIN the player may also spend
  an ability token at no action cost (IS-49): ``mound Q,R``, ``burrow Q,R``, ``replant Q,R``,
  ``flit``, ``flock N at Q,R``, ``shoo COLOUR Q,R to Q,R``, and in solo ``stamina`` (a Flit from
  the Stamina pool). Once the actions are used the turn closes with ``pass N`` (the card passed
  to the next player, IS-10) or ``end`` (solo, the game's last turn, or an empty hand).
- ``DRAW``: a card is owed after a placement or a discard (IS-38, IS-47, ruling IS-R07): ``take
  S`` (face-up slot S, 1 next to the Draw pile, 4 next to the Discard pile) or ``draw blind``
  (IS-42); then the Flight Path moves (IS-43, IS-44).
- ``ABILITY``: a discarded bird's ability is used at once (IS-46): the same forms as the token
  spends (``mound Q,R``...), or ``skip`` (ruling IS-R09).
- ``PLANT``: the destination of a Vegetation token being moved: ``plant Q,R`` (IS-53).
- ``RELEASE``: solo, a turn ended without a bird placed: ``release N`` discards a card, which the
  top Migration card replaces (IS-70).

Cells are ``hexgrid`` keys; ``state.cells`` maps a key to its code (height * 2 + vegetation) for
every space that holds a tile or a token. Functions here take an ``IsleState`` and touch its plain
dicts and lists directly: they are the hot path of every playout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.config import is_int
from ...core.errors import IllegalActionError
from ...core.game import TERMINAL
from ...core.rng import derive_seed, make_rng
from .content import ABILITIES, COLOURS, NUM_BIRDS
from .hexgrid import NEIGHBOUR_OFFSETS, coords, key

if TYPE_CHECKING:
    from .game import IsleGame
    from .state import IsleState

MAIN, DRAW, ABILITY, PLANT, RELEASE = range(5)
PHASES = ("main", "draw", "ability", "plant", "release")

MOUND, BURROW, REPLANT, FLIT, FLOCK, SHOO = range(6)
"""Ability kinds, indexes into ``content.ABILITIES`` (ruling IS-R03)."""

HAND_SIZE = 4  # IS-07
FIRST_PLAYER_EXTRA = 1  # IS-09
ACTIONS_PER_TURN = 2  # IS-10
MIGRATION_PILE = 5  # IS-68
MAX_TURN_ACTIONS = 20
"""Ruling IS-R27: no turn has more than this many actions (stops endless Flit chains)."""

STAMINA_LEVELS = {1: ("fill", 3), 2: ("add", 3), 3: ("add", 2), 4: ("fill", 1)}
"""Solo: what placing a bird does to the Stamina pool, by level (IS-75): fill up to N, or add one
up to N."""
HALF_DECK_LEVELS = (1, 2)
"""Solo levels whose Draw pile holds half of the deck (IS-69, ruling IS-R22)."""

# Why a game ended (state.end_reason).
PLAYING, ENDGAME, TURN_CAP, MIGRATION_EMPTY, HAND_EMPTY, DRAW_EMPTY = range(6)
END_REASONS = (
    "",
    "the last Sand tile was placed and every player has had a last turn",
    "the turn limit was reached (ruling IS-R27)",
    "a card was owed from an empty Migration pile",
    "the hand is empty: a perfect season",
    "the Draw pile is empty (variant solo-end-on-empty-draw)",
)


def end_reason_text(state: IsleState) -> str:
    """Why the game ended, in words ("" while it goes on); solo says "the season"."""
    if state.end_reason == ENDGAME and state.game.solo:
        return "the last Sand tile was placed and the season ended with that turn"
    return END_REASONS[state.end_reason]


def cell_text(k: int) -> str:
    """``"q,r"`` of a cell key."""
    q, r = coords(k)
    return f"{q},{r}"


# --------------------------------------------------------------------------------------------
# Actions: frozen, hashable, interned; ``str()`` is the text form ``parse_action`` reads back.


@dataclass(frozen=True, slots=True)
class AddTile:
    """Action: add the tile the space's height calls for (Sand on ocean, Grass on Sand, Cliff on
    Grass or Cliff; IS-11, IS-19)."""

    cell: int

    def __str__(self) -> str:
        return f"tile {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class AddVegetation:
    """Action: put a Vegetation token on a tile (IS-12, IS-30)."""

    cell: int

    def __str__(self) -> str:
        return f"veg {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Place:
    """Action: place bird ``card`` from hand with its token on ``cell`` (IS-13, IS-32..IS-40)."""

    card: int
    cell: int

    def __str__(self) -> str:
        return f"place {self.card} at {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Action: discard ``card`` from hand and use its ability (IS-14, IS-46)."""

    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class TakeFaceUp:
    """Draw step: take the face-up bird in Flight Path slot ``slot`` (0-3; text 1-4, 1 next to
    the Draw pile, IS-42)."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class DrawBlind:
    """Draw step: take the top card of the Draw pile unseen by others (IS-42)."""

    def __str__(self) -> str:
        return "draw blind"


@dataclass(frozen=True, slots=True)
class PassCard:
    """Turn end: pass ``card`` to the next player (IS-10, ruling IS-R08)."""

    card: int

    def __str__(self) -> str:
        return f"pass {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Turn end without a pass: solo, the game's last turn, or an empty hand (ruling IS-R08)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Release:
    """Solo: discard ``card`` at the end of a turn without a placement; the top Migration card
    replaces it (IS-70, ruling IS-R25)."""

    card: int

    def __str__(self) -> str:
        return f"release {self.card}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Mound: raise a tile (or an ocean space touching the island) by one level (IS-51, IS-60)."""

    cell: int

    def __str__(self) -> str:
        return f"mound {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Lower:
    """Burrow: lower a tile by one level; Sand becomes ocean (IS-52, IS-58)."""

    cell: int

    def __str__(self) -> str:
        return f"burrow {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Uproot:
    """Replant, first step: pick up the Vegetation token on ``cell`` (IS-53)."""

    cell: int

    def __str__(self) -> str:
        return f"replant {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Plant:
    """Replant, second step: put the picked-up Vegetation token on ``cell`` (IS-53)."""

    cell: int

    def __str__(self) -> str:
        return f"plant {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Flit:
    """Flit: take another action (IS-54)."""

    def __str__(self) -> str:
        return "flit"


@dataclass(frozen=True, slots=True)
class Flock:
    """Flock: place bird ``card`` with its token on ``cell``, a tile that already holds a bird
    (IS-55, ruling IS-R10)."""

    card: int
    cell: int

    def __str__(self) -> str:
        return f"flock {self.card} at {cell_text(self.cell)}"


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


@dataclass(frozen=True, slots=True)
class Stamina:
    """Solo: spend a Flit token from the Stamina pool for one more action (IS-73)."""

    def __str__(self) -> str:
        return "stamina"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline the ability of the bird just discarded (ruling IS-R09)."""

    def __str__(self) -> str:
        return "skip"


DRAW_BLIND = DrawBlind()
END = EndTurn()
FLIT_ACTION = Flit()
STAMINA = Stamina()
SKIP = Skip()
TAKES = tuple(TakeFaceUp(s) for s in range(8))


class _Interned(dict):  # type: ignore[type-arg]
    """``TABLE[args]`` is the one action ``cls(*args)`` (or ``cls(args)`` for one int): a plain
    dict lookup on the hot path, the object made on first use."""

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


def _get(cls: Any, *args: int) -> Any:
    """The one action object ``cls(*args)`` (interned)."""
    table = _TABLES[cls]
    return table[args[0]] if len(args) == 1 else table[args]


_CELL = r"(-?\d+),(-?\d+)"
_PATTERNS = (
    (re.compile(rf"(tile|veg|mound|burrow|replant|plant) {_CELL}"), "cell"),
    (re.compile(rf"(place|flock) (\d+) at {_CELL}"), "card-cell"),
    (re.compile(rf"shoo ([a-z]+) {_CELL} to {_CELL}"), "shoo"),
    (re.compile(r"(discard|pass|release) (\d+)"), "card"),
    (re.compile(r"take (\d+)"), "take"),
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


# --------------------------------------------------------------------------------------------
# Setup


def stamina_cap(level: int) -> int:
    """The most Flit tokens the Stamina pool holds at ``level`` (IS-75)."""
    return STAMINA_LEVELS[level][1]


def deal(game: IsleGame, seed: int) -> dict[str, Any]:
    """Shuffle and set up a new game (IS-05..IS-09; solo IS-68, IS-69, rulings IS-R22, IS-R23).

    Returns the fields of an ``IsleState``. Piles are lists whose top is the last element.
    Order of dealing: four cards to each player, the Flight Path, the first player's extra
    card, then (solo) the Migration pile and the half deck set aside.
    """
    rng = make_rng(seed)
    content = game.content
    n = game.num_players
    deck = list(range(1, NUM_BIRDS + 1))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
    path = [deck.pop() for _ in range(content.flight_path)]
    starter = game.starting_player if game.starting_player is not None else rng.randrange(n)
    for _ in range(FIRST_PLAYER_EXTRA):
        hands[starter].append(deck.pop())
    migration: list[int] = []
    box: list[int] = []
    token_supply = list(content.ability_tokens)
    stamina = 0
    if game.solo:
        migration = [deck.pop() for _ in range(MIGRATION_PILE)]
        if game.stamina in HALF_DECK_LEVELS:
            keep = NUM_BIRDS // 2
            box, deck = deck[: len(deck) - keep], deck[len(deck) - keep :]
        if not game.empty_stamina:
            stamina = min(stamina_cap(game.stamina), token_supply[FLIT])
            token_supply[FLIT] -= stamina
    cells = {key(q, r): 2 for q, r in content.starting_island}
    sand, grass, cliff = content.tiles
    face_up = set(path)
    pool = [c for c in range(1, NUM_BIRDS + 1) if c not in face_up]
    return {
        "cells": cells,
        "birds": {},
        "supply": [sand - len(cells), grass, cliff],
        "veg_supply": content.vegetation,
        "token_supply": token_supply,
        "tokens": [[0] * len(ABILITIES) for _ in range(n)],
        "stamina": stamina,
        "hands": hands,
        "path": path,
        "draw": deck,
        "discard": [],
        "migration": migration,
        "box": box,
        "placed": [[] for _ in range(n)],
        "known": [[[] for _ in range(n)] for _ in range(n)],
        "public_known": [[] for _ in range(n)],
        "pool": pool,
        "gone": [sorted(h) for h in hands],
        "player": starter,
        "phase": MAIN,
        "actions_left": ACTIONS_PER_TURN,
        "turn_actions": 0,
        "turn": 0,
        "starter": starter,
        "pending": -1,
        "pending_card": 0,
        "replant_from": -1,
        "draws": 0,
        "blind_draws": 0,
        "end_turn": -1,
        "end_reason": PLAYING,
        "seed": seed,
        "reshuffles": 0,
    }


# --------------------------------------------------------------------------------------------
# Where things may go


def land_support(cells: dict[int, int], k: int, h: int, strict: bool) -> bool:
    """The stacking rule for a tile on a space of height ``h`` >= 1 (IS-21..IS-25, ruling
    IS-R04): two or more neighbours of height ``h``, or a taller neighbour (with ``strict``,
    variant ``strict-support``: a neighbour exactly one level taller). Heights before placing."""
    same = 0
    for d in NEIGHBOUR_OFFSETS:
        nh = cells.get(k + d, 0) >> 1
        if nh > h:
            if not strict or nh == h + 1:
                return True
        elif nh == h:
            same += 1
            if same >= 2:
                return True
    return False


def touches_land(cells: dict[int, int], k: int) -> bool:
    """True if a neighbour of ``k`` holds a tile (IS-20, IS-60, ruling IS-R16)."""
    for d in NEIGHBOUR_OFFSETS:  # noqa: SIM110 (a plain loop: hot path)
        if cells.get(k + d, 0) >= 2:
            return True
    return False


def tile_problem(state: IsleState, k: int) -> tuple[str, str] | None:
    """Why a tile may not be added on ``k`` now, as ``(reason, rule)``; None if it may."""
    cells = state.cells
    code = cells.get(k, 0)
    if code & 1:
        return ("Vegetation fixes that space", "IS-27")
    if k in state.birds:
        return ("a bird fixes that space", "IS-28")
    h = code >> 1
    kind = 2 if h >= 2 else h
    if not state.supply[kind]:
        return (f"no {('Sand', 'Grass', 'Cliff')[kind]} tile is left in the supply", "IS-29")
    if h == 0:
        if touches_land(cells, k):
            return None
        return ("Sand must touch a tile of the island", "IS-20")
    if land_support(cells, k, h, state.game.strict_support):
        return None
    return (
        "a tile needs two neighbours of the space's height or a taller neighbour",
        "IS-R04" if state.game.strict_support else "IS-25",
    )


def tile_spots(state: IsleState) -> list[int]:
    """Every space a tile may be added on now, sorted by key (IS-18..IS-29)."""
    cells = state.cells
    birds = state.birds
    supply = state.supply
    strict = state.game.strict_support
    spots = []
    frontier: set[int] = set()
    sand = supply[0] > 0
    for k, c in cells.items():
        if c < 2:
            continue
        if not c & 1 and k not in birds:
            h = c >> 1
            if supply[2 if h >= 2 else 1] and land_support(cells, k, h, strict):
                spots.append(k)
        if sand:
            for d in NEIGHBOUR_OFFSETS:
                n = k + d
                if cells.get(n, 0) < 2:
                    frontier.add(n)
    for n in frontier:
        if not cells.get(n, 0) & 1 and n not in birds:
            spots.append(n)
    spots.sort()
    return spots


def vegetation_problem(state: IsleState, k: int) -> tuple[str, str] | None:
    """Why Vegetation may not be added on ``k`` now; None if it may (IS-30, IS-31, IS-R15)."""
    code = state.cells.get(k, 0)
    if code < 2:
        return ("Vegetation goes on a tile, not on the ocean", "IS-30")
    if code & 1:
        return ("that tile already has Vegetation", "IS-30")
    if k in state.birds and not state.game.veg_under_birds:
        return ("a bird fixes that tile", "IS-R15")
    if not state.veg_supply:
        return ("no Vegetation token is left", "IS-31")
    return None


def vegetation_spots(state: IsleState) -> list[int]:
    """Every tile Vegetation may be added on now, sorted (IS-30, IS-31, ruling IS-R15)."""
    if not state.veg_supply:
        return []
    birds = state.birds
    any_bird = state.game.veg_under_birds
    return sorted(
        k for k, c in state.cells.items() if c >= 2 and not c & 1 and (any_bird or k not in birds)
    )


def island_index(cells: dict[int, int], birds: dict[int, tuple[int, ...]]) -> dict[int, list[int]]:
    """Land keys grouped by ``code * 2 + occupied`` (code = height * 2 + vegetation; occupied =
    a bird stands there), each group sorted: the index the placement search anchors on."""
    index: dict[int, list[int]] = {}
    for k in sorted(cells):
        c = cells[k]
        if c >= 2:
            slot = c * 2 + (k in birds)
            group = index.get(slot)
            if group is None:
                index[slot] = [k]
            else:
                group.append(k)
    return index


def placements(state: IsleState, cards: list[int], occupied: bool = False) -> list[tuple[int, int]]:
    """Every ``(card, token cell)`` where a bird of ``cards`` may go now, sorted by card then
    cell (IS-32..IS-39; ``occupied``: Flock's tiles that already hold a bird, IS-55).

    The search anchors on the token cell: only land cells with the token cell's height and
    Vegetation and the wanted occupancy are tried (``island_index``), and each of the habitat's
    precomputed distinct orientations is checked there by key additions. Birds elsewhere in the
    group do not matter (ruling IS-R06).
    """
    cells = state.cells
    index = island_index(cells, state.birds)
    habitats = state.game.content.habitat
    get = cells.get
    found = []
    for card in sorted(cards):
        hab = habitats[card]
        assert hab is not None
        for k in index.get(hab.token_code * 2 + occupied, ()):
            for image in hab.images:
                for off, c in image:
                    if get(k + off) != c:
                        break
                else:
                    found.append((card, k))
                    break
    return found


def raise_problem(state: IsleState, k: int) -> tuple[str, str] | None:
    """Why Mound may not raise ``k``; None if it may (IS-51, IS-60, ruling IS-R11)."""
    code = state.cells.get(k, 0)
    h = code >> 1
    if h == 0 and not touches_land(state.cells, k):
        return ("Mound turns ocean into Sand only next to the island", "IS-60")
    kind = 2 if h >= 2 else h
    if not state.supply[kind]:
        return (f"no {('Sand', 'Grass', 'Cliff')[kind]} tile is left in the supply", "IS-R11")
    return None


def raise_spots(state: IsleState) -> list[int]:
    """Every space Mound may raise now, sorted: any tile (fixed or not) and ocean touching the
    island, while the supply holds the tile (IS-51, IS-60, ruling IS-R11)."""
    cells = state.cells
    supply = state.supply
    spots = []
    frontier: set[int] = set()
    for k, c in cells.items():
        if c < 2:
            continue
        if supply[2 if c >= 4 else 1]:
            spots.append(k)
        if supply[0]:
            for d in NEIGHBOUR_OFFSETS:
                if cells.get(k + d, 0) < 2:
                    frontier.add(k + d)
    spots += frontier
    spots.sort()
    return spots


def lower_spots(state: IsleState) -> list[int]:
    """Every tile Burrow may lower, sorted (IS-52, IS-58)."""
    return sorted(k for k, c in state.cells.items() if c >= 2)


def uproot_spots(state: IsleState) -> list[int]:
    """Every Vegetation token Replant may move, sorted: on land or lying on the ocean, as long as
    some tile without Vegetation can take it (IS-53, ruling IS-R15)."""
    cells = state.cells
    if not any(c >= 2 and not c & 1 for c in cells.values()):
        return []
    return sorted(k for k, c in cells.items() if c & 1)


def plant_spots(state: IsleState) -> list[int]:
    """Every tile a moved Vegetation token may go to: land without Vegetation (IS-53, IS-R15)."""
    return sorted(k for k, c in state.cells.items() if c >= 2 and not c & 1)


def shoo_moves(state: IsleState) -> list[tuple[int, int, int]]:
    """Every ``(colour, source, target)`` Shoo may do: one bird to a neighbouring land tile
    (IS-56, IS-61, IS-62), any player's bird (ruling IS-R16)."""
    cells = state.cells
    moves = []
    for src in sorted(state.birds):
        targets = sorted(src + d for d in NEIGHBOUR_OFFSETS if cells.get(src + d, 0) >= 2)
        for colour in sorted(set(state.birds[src])):
            moves += [(colour, src, t) for t in targets]
    return moves


def has_bird_token(state: IsleState, p: int) -> bool:
    """True while seat ``p`` has a Bird token left to place (ruling IS-R18)."""
    return len(state.placed[p]) < state.game.content.bird_tokens


def can_act(state: IsleState) -> bool:
    """True while the current player may still take one of the four actions this turn."""
    return state.actions_left > 0 and state.turn_actions < MAX_TURN_ACTIONS


def flock_cost(state: IsleState) -> int:
    """Actions a Flock placement costs: 0, or 1 with variant ``flock-costs-action`` (IS-R10)."""
    return 1 if state.game.flock_costs_action else 0


def ability_targets(state: IsleState, kind: int) -> list[Any]:
    """The actions that use ability ``kind`` now (no token involved), in a stable order."""
    if kind == MOUND:
        return [RAISE[k] for k in raise_spots(state)]
    if kind == BURROW:
        return [LOWER[k] for k in lower_spots(state)]
    if kind == REPLANT:
        return [UPROOT[k] for k in uproot_spots(state)]
    if kind == FLIT:
        return [FLIT_ACTION] if state.turn_actions < MAX_TURN_ACTIONS else []
    if kind == FLOCK:
        p = state.player
        if not has_bird_token(state, p) or (flock_cost(state) and not can_act(state)):
            return []
        return [FLOCK_AT[c, k] for c, k in placements(state, state.hands[p], True)]
    return [SHOO_MOVE[m] for m in shoo_moves(state)]


def is_last_turn(state: IsleState) -> bool:
    """True if the game ends when this turn ends: the endgame's last turn (IS-65) or the turn
    limit of ruling IS-R27."""
    if state.end_turn >= 0 and state.turn >= state.end_turn:
        return True
    cap = state.game.max_turns
    return bool(cap) and state.turn + 1 >= cap


def may_close(state: IsleState) -> bool:
    """True if the turn may end now: the actions are used, or none of them is possible (ruling
    IS-R09: discarding is always possible while the hand holds a card)."""
    if not can_act(state):
        return True
    if state.hands[state.player]:
        return False
    return not tile_spots(state) and not vegetation_spots(state)


def can_draw(state: IsleState) -> bool:
    """True if a Flight Path draw can give a card (a face-up bird, the Draw pile, or in the
    standard game a Discard pile to reshuffle; IS-42, IS-45, IS-77)."""
    return any(state.path) or bool(state.draw) or (not state.game.solo and bool(state.discard))


# --------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(state: IsleState) -> list[Any]:
    """The current player's legal actions, in a stable order (empty when the game is over)."""
    p = state.player
    if p == TERMINAL:
        return []
    phase = state.phase
    if phase == DRAW:
        actions = [TAKES[s] for s, c in enumerate(state.path) if c]
        if state.draw or (not state.game.solo and state.discard):
            actions.append(DRAW_BLIND)
        return actions
    if phase == ABILITY:
        actions = ability_targets(state, state.pending)
        if not actions or not state.game.compulsory_abilities:
            actions.append(SKIP)
        return actions
    if phase == PLANT:
        return [PLANT_AT[k] for k in plant_spots(state)]
    if phase == RELEASE:
        return [RELEASE_CARD[c] for c in sorted(state.hands[p])]
    hand = state.hands[p]
    actions: list[Any] = []
    if can_act(state):
        tiles = tile_spots(state)
        vegs = vegetation_spots(state)
        actions += [TILE[k] for k in tiles]
        actions += [VEGETATION[k] for k in vegs]
        if has_bird_token(state, p):
            actions += [PLACE[ck] for ck in placements(state, hand)]
        actions += [DISCARD[c] for c in sorted(hand)]
        closing = not hand and not tiles and not vegs
    else:
        closing = True
    tokens = state.tokens[p]
    for kind in range(len(ABILITIES)):
        if tokens[kind]:
            actions += ability_targets(state, kind)
    if state.game.solo and state.stamina and state.turn_actions < MAX_TURN_ACTIONS:
        actions.append(STAMINA)
    if closing:
        if state.game.solo or not hand or is_last_turn(state):
            actions.append(END)
        else:
            actions += [PASS[c] for c in sorted(hand)]
    return actions


# --------------------------------------------------------------------------------------------
# Applying actions: every check first, then the change.


def _fail(action: Any, problem: tuple[str, str]) -> IllegalActionError:
    return IllegalActionError(f"{action}: {problem[0]}", problem[1])


_PHASE_WAIT = {
    DRAW: ("a card is owed first: take a face-up bird or draw blind", "IS-38"),
    ABILITY: ("first use the discarded bird's ability (or skip it)", "IS-46"),
    PLANT: ("first choose the tile the Vegetation token goes to", "IS-53"),
    RELEASE: ("first choose the card to release for a Migration card", "IS-70"),
}
_NOT_NOW = {
    DRAW: ("no card is owed now", "IS-42"),
    ABILITY: ("no discarded bird's ability is waiting", "IS-46"),
    PLANT: ("no Vegetation token is being moved", "IS-53"),
    RELEASE: ("a Migration card is owed only when a solo turn ends", "IS-70"),
    MAIN: ("that is not a step of this turn now", "IS-10"),
}


def _require_phase(state: IsleState, action: Any, phase: int) -> None:
    if state.phase != phase:
        if state.phase == MAIN:
            raise _fail(action, _NOT_NOW[phase])
        raise _fail(action, _PHASE_WAIT[state.phase])


def _require_action(state: IsleState, action: Any) -> None:
    _require_phase(state, action, MAIN)
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    if state.actions_left <= 0:
        raise _fail(action, ("no action is left this turn", "IS-10"))


def _use_action(state: IsleState) -> None:
    state.actions_left -= 1
    state.turn_actions += 1


def _hand_card(state: IsleState, action: Any, card: int) -> None:
    if card not in state.hands[state.player]:
        raise _fail(action, (f"bird {card} is not in your hand", "IS-13"))


def _check_sand(state: IsleState) -> None:
    """The endgame starts when the last Sand tile leaves the supply, once (IS-64, IS-R11)."""
    if not state.supply[0] and state.end_turn < 0:
        state.end_turn = state.turn + state.game.num_players - 1


def _publish(state: IsleState, p: int, card: int) -> None:
    """``card`` leaves seat ``p``'s hand face up: it is nobody's secret any more."""
    for row in state.known:
        cards = row[p]
        if card in cards:
            cards.remove(card)
    public = state.public_known[p]
    if card in public:
        public.remove(card)
    _forget_pool(state, card)


def _forget_pool(state: IsleState, card: int) -> None:
    """``card`` is seen face up, so it cannot be in the Draw pile."""
    if card in state.pool:
        state.pool.remove(card)
        for seen in state.gone:
            if card in seen:
                seen.remove(card)


def _saw(state: IsleState, p: int, card: int) -> None:
    """Seat ``p`` now holds ``card`` unseen by others: p knows it is not in the Draw pile."""
    if card in state.pool and card not in state.gone[p]:
        state.gone[p].append(card)


def _pop_draw(state: IsleState) -> int:
    """The top card of the Draw pile (0 if none), first shuffling the Discard pile into a new
    Draw pile when it is empty (standard game only, IS-45, IS-77). The shuffle is derived from
    the state's seed and reshuffle count (reproducible from the state alone)."""
    if not state.draw:
        if state.game.solo or not state.discard:
            return 0
        cards = sorted(state.discard)
        make_rng(derive_seed(state.seed, "reshuffle", state.reshuffles)).shuffle(cards)
        state.draw = cards
        state.discard = []
        state.reshuffles += 1
        state.pool = sorted(cards)
        state.gone = [[] for _ in state.gone]
    return state.draw.pop()


def _after_draw(state: IsleState) -> None:
    """After a Flight Path draw: the face-up bird nearest the Discard pile flies away, the rest
    slide toward it, and new birds enter at the Draw end (IS-43, IS-44, ruling IS-R14)."""
    path = state.path
    size = len(path)
    for i in range(size - 1, -1, -1):
        if path[i]:
            state.discard.append(path[i])
            path[i] = 0
            break
    cards = [c for c in path if c]
    while len(cards) < size:
        card = _pop_draw(state)
        if not card:
            break
        _forget_pool(state, card)
        cards.insert(0, card)
    state.path = [0] * (size - len(cards)) + cards
    state.draws -= 1
    state.phase = MAIN  # _settle enters the draw step again if more draws are owed


def _finish(state: IsleState, reason: int) -> None:
    state.player = TERMINAL
    state.phase = MAIN
    state.end_reason = reason
    state.pending = -1
    state.pending_card = 0
    state.replant_from = -1
    state.draws = 0
    state.blind_draws = 0


def _settle(state: IsleState) -> None:
    """What happens by itself after a decision: owed blind draws (variant discard-draws-blind),
    entering the draw step, skipping draws nothing can supply (ruling IS-R08), and the solo ends
    of a perfect season and of variant solo-end-on-empty-draw (rulings IS-R24)."""
    if state.phase == MAIN:
        while state.blind_draws:
            state.blind_draws -= 1
            card = _pop_draw(state)
            if card:
                state.hands[state.player].append(card)
                _saw(state, state.player, card)
        if state.draws:
            if can_draw(state):
                state.phase = DRAW
            else:
                state.draws = 0
    if state.game.solo:
        if state.game.end_on_empty_draw and not state.draw:
            _finish(state, DRAW_EMPTY)
        elif state.phase == MAIN and not state.hands[0]:
            _finish(state, HAND_EMPTY)


def _place_bird(state: IsleState, card: int, k: int) -> None:
    """Put bird ``card`` from the current hand on ``k``: token, card to the placed row, ability
    token (IS-36, IS-37, ruling IS-R18), a draw owed (IS-38); in solo a new turn (IS-74) and the
    Stamina pool refill (IS-75)."""
    p = state.player
    state.hands[p].remove(card)
    _publish(state, p, card)
    state.placed[p].append(card)
    state.birds[k] = state.birds.get(k, ()) + (p,)
    kind = state.game.content.ability[card]
    if state.token_supply[kind]:
        state.token_supply[kind] -= 1
        state.tokens[p][kind] += 1
    state.draws += 1
    game = state.game
    if game.solo:
        mode, cap = STAMINA_LEVELS[game.stamina]
        target = cap if mode == "fill" else min(state.stamina + 1, cap)
        add = max(0, min(target - state.stamina, state.token_supply[FLIT]))
        state.stamina += add
        state.token_supply[FLIT] -= add
        if state.end_turn < 0:  # after the last Sand, the season ends with this turn (IS-R24)
            state.turn += 1
            state.actions_left = ACTIONS_PER_TURN
            state.turn_actions = 0


def _spend(state: IsleState, action: Any, kind: int) -> bool:
    """Check that ``action`` may use ability ``kind`` now: a held token in MAIN (IS-49) or the
    discarded bird's ability in ABILITY (IS-46). Returns True if a token will be spent."""
    if state.phase == MAIN:
        if not state.tokens[state.player][kind]:
            raise _fail(action, (f"you hold no {ABILITIES[kind].title()} token", "IS-49"))
        return True
    if state.phase == ABILITY and state.pending == kind:
        return False
    if state.phase == ABILITY:
        name = ABILITIES[state.pending].title()
        raise _fail(action, (f"the discarded bird's ability is {name}: use it or skip", "IS-46"))
    raise _fail(action, _PHASE_WAIT[state.phase])


def _consume(state: IsleState, kind: int, token: bool) -> None:
    """Spend the token (back to the supply, IS-50) or close the ABILITY step."""
    if token:
        state.tokens[state.player][kind] -= 1
        state.token_supply[kind] += 1
    else:
        state.pending = -1
        state.pending_card = 0
        state.phase = MAIN


def _apply_tile(state: IsleState, action: AddTile) -> None:
    _require_action(state, action)
    k = action.cell
    problem = tile_problem(state, k)
    if problem:
        raise _fail(action, problem)
    code = state.cells.get(k, 0)
    h = code >> 1
    kind = 2 if h >= 2 else h
    state.supply[kind] -= 1
    state.cells[k] = code + 2
    _use_action(state)
    if kind == 0:
        _check_sand(state)


def _apply_vegetation(state: IsleState, action: AddVegetation) -> None:
    _require_action(state, action)
    problem = vegetation_problem(state, action.cell)
    if problem:
        raise _fail(action, problem)
    state.cells[action.cell] += 1
    state.veg_supply -= 1
    _use_action(state)


def _check_placement(state: IsleState, action: Any, occupied: bool) -> None:
    card, k = action.card, action.cell
    _hand_card(state, action, card)
    if not has_bird_token(state, state.player):
        raise _fail(action, ("you have no Bird token left", "IS-R18"))
    if occupied and k not in state.birds:
        raise _fail(action, ("Flock places a bird on a tile that already holds one", "IS-55"))
    if not occupied and k in state.birds:
        raise _fail(action, ("that tile already holds a bird (one bird per tile)", "IS-39"))
    hab = state.game.content.habitat[card]
    assert hab is not None
    if not hab.fits_at(state.cells, k):
        raise _fail(
            action,
            ("the habitat does not match the island there in any orientation", "IS-32"),
        )


def _apply_place(state: IsleState, action: Place) -> None:
    _require_action(state, action)
    _check_placement(state, action, occupied=False)
    _use_action(state)
    _place_bird(state, action.card, action.cell)


def _apply_flock(state: IsleState, action: Flock) -> None:
    token = _spend(state, action, FLOCK)
    cost = flock_cost(state)
    if cost and not can_act(state):
        raise _fail(action, ("Flock's placement costs an action and none is left", "IS-R10"))
    _check_placement(state, action, occupied=True)
    _consume(state, FLOCK, token)
    if cost:
        _use_action(state)
    _place_bird(state, action.card, action.cell)


def _apply_discard(state: IsleState, action: Discard) -> None:
    _require_action(state, action)
    card = action.card
    _hand_card(state, action, card)
    p = state.player
    state.hands[p].remove(card)
    _publish(state, p, card)
    state.discard.append(card)
    _use_action(state)
    kind = state.game.content.ability[card]
    if kind == FLIT:
        if state.turn_actions < MAX_TURN_ACTIONS:
            state.actions_left += 1  # IS-63: the action spent on the discard comes back
    elif ability_targets(state, kind):
        state.phase = ABILITY
        state.pending = kind
        state.pending_card = card
    if state.game.discard_draws_blind:
        state.blind_draws += 1
    else:
        state.draws += 1


def _apply_take(state: IsleState, action: TakeFaceUp) -> None:
    _require_phase(state, action, DRAW)
    slot = action.slot
    if not 0 <= slot < len(state.path) or not state.path[slot]:
        raise _fail(action, (f"Flight Path slot {slot + 1} holds no bird", "IS-42"))
    p = state.player
    card = state.path[slot]
    state.path[slot] = 0
    state.hands[p].append(card)
    for q, row in enumerate(state.known):
        if q != p:
            row[p].append(card)
    state.public_known[p].append(card)
    _after_draw(state)


def _apply_blind(state: IsleState, action: DrawBlind) -> None:
    _require_phase(state, action, DRAW)
    if not state.draw and (state.game.solo or not state.discard):
        raise _fail(action, ("the Draw pile is empty", "IS-77" if state.game.solo else "IS-45"))
    card = _pop_draw(state)
    state.hands[state.player].append(card)
    _saw(state, state.player, card)
    _after_draw(state)


def _next_turn(state: IsleState) -> None:
    state.turn += 1
    state.player = (state.player + 1) % state.game.num_players
    state.actions_left = ACTIONS_PER_TURN
    state.turn_actions = 0


def _check_close(state: IsleState, action: Any) -> None:
    _require_phase(state, action, MAIN)
    if not may_close(state):
        raise _fail(
            action,
            (f"take your {state.actions_left} remaining action(s) first", "IS-10"),
        )


def _apply_pass(state: IsleState, action: PassCard) -> None:
    _check_close(state, action)
    if state.game.solo:
        raise _fail(action, ("there is no other player to pass to: end the turn", "IS-R08"))
    if is_last_turn(state):
        raise _fail(action, ("the game ends with this turn: end it without a pass", "IS-R08"))
    card = action.card
    _hand_card(state, action, card)
    p = state.player
    q = (p + 1) % state.game.num_players
    state.hands[p].remove(card)
    state.hands[q].append(card)
    known = state.known
    known[p][q].append(card)
    if card in known[q][p]:
        known[q][p].remove(card)
    for r in range(state.game.num_players):
        if r != p and r != q:
            known[r][p] = []  # r saw a card change hands but not which
    state.public_known[p] = []
    _saw(state, q, card)
    _next_turn(state)


def _apply_end(state: IsleState, action: EndTurn) -> None:
    _check_close(state, action)
    game = state.game
    if not game.solo and state.hands[state.player] and not is_last_turn(state):
        raise _fail(action, ("end your turn by passing a card to the next player", "IS-10"))
    if is_last_turn(state):
        endgame = state.end_turn >= 0 and state.turn >= state.end_turn
        _finish(state, ENDGAME if endgame else TURN_CAP)
    elif game.solo:
        if not state.migration:
            _finish(state, MIGRATION_EMPTY)  # IS-71
        else:
            state.phase = RELEASE
    else:
        _next_turn(state)


def _apply_release(state: IsleState, action: Release) -> None:
    _require_phase(state, action, RELEASE)
    _hand_card(state, action, action.card)
    hand = state.hands[0]
    hand.remove(action.card)
    _publish(state, 0, action.card)
    state.discard.append(action.card)
    card = state.migration.pop()
    hand.append(card)
    _saw(state, 0, card)
    state.turn += 1
    state.actions_left = ACTIONS_PER_TURN
    state.turn_actions = 0
    state.phase = MAIN


def _apply_raise(state: IsleState, action: Raise) -> None:
    token = _spend(state, action, MOUND)
    k = action.cell
    problem = raise_problem(state, k)
    if problem:
        raise _fail(action, problem)
    _consume(state, MOUND, token)
    code = state.cells.get(k, 0)
    h = code >> 1
    kind = 2 if h >= 2 else h
    state.supply[kind] -= 1
    state.cells[k] = code + 2
    if kind == 0:
        _check_sand(state)


def _apply_lower(state: IsleState, action: Lower) -> None:
    token = _spend(state, action, BURROW)
    k = action.cell
    code = state.cells.get(k, 0)
    if code < 2:
        raise _fail(action, ("Burrow lowers a tile; that space is ocean", "IS-52"))
    _consume(state, BURROW, token)
    h = code >> 1
    state.supply[2 if h >= 3 else h - 1] += 1
    if code - 2:
        state.cells[k] = code - 2
    else:
        del state.cells[k]


def _apply_uproot(state: IsleState, action: Uproot) -> None:
    token = _spend(state, action, REPLANT)
    if action.cell not in uproot_spots(state):
        raise _fail(action, ("there is no Vegetation there that could move", "IS-53"))
    _consume(state, REPLANT, token)
    state.replant_from = action.cell
    state.phase = PLANT


def _apply_plant(state: IsleState, action: Plant) -> None:
    _require_phase(state, action, PLANT)
    k = action.cell
    code = state.cells.get(k, 0)
    if code < 2 or code & 1:
        raise _fail(action, ("Vegetation moves to a tile without Vegetation", "IS-53"))
    src = state.replant_from
    rest = state.cells[src] - 1
    if rest:
        state.cells[src] = rest
    else:
        del state.cells[src]
    state.cells[k] = code + 1
    state.replant_from = -1
    state.phase = MAIN


def _apply_flit(state: IsleState, action: Flit) -> None:
    token = _spend(state, action, FLIT)
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    _consume(state, FLIT, token)
    state.actions_left += 1


def _apply_shoo(state: IsleState, action: Shoo) -> None:
    if not 0 <= action.colour < state.game.num_players:
        raise IllegalActionError(
            f"{action}: bird colours are seats 0-{state.game.num_players - 1}", "IS-R20"
        )
    token = _spend(state, action, SHOO)
    src, dst, colour = action.source, action.target, action.colour
    if colour not in state.birds.get(src, ()):
        raise _fail(action, (f"no {COLOURS[colour]} bird is on {cell_text(src)}", "IS-56"))
    if dst - src not in NEIGHBOUR_OFFSETS:
        raise _fail(action, ("Shoo moves a bird one space, to a neighbouring tile", "IS-56"))
    if state.cells.get(dst, 0) < 2:
        raise _fail(action, ("a bird is never moved onto the ocean", "IS-62"))
    _consume(state, SHOO, token)
    birds = list(state.birds[src])
    birds.remove(colour)
    if birds:
        state.birds[src] = tuple(birds)
    else:
        del state.birds[src]
    state.birds[dst] = state.birds.get(dst, ()) + (colour,)


def _apply_stamina(state: IsleState, action: Stamina) -> None:
    _require_phase(state, action, MAIN)
    if not state.game.solo or not state.stamina:
        raise _fail(action, ("the Stamina pool holds no Flit token", "IS-73"))
    if state.turn_actions >= MAX_TURN_ACTIONS:
        raise _fail(action, (f"a turn has at most {MAX_TURN_ACTIONS} actions", "IS-R27"))
    state.stamina -= 1
    state.token_supply[FLIT] += 1
    state.actions_left += 1


def _apply_skip(state: IsleState, action: Skip) -> None:
    _require_phase(state, action, ABILITY)
    if state.game.compulsory_abilities and ability_targets(state, state.pending):
        raise _fail(
            action, ("the variant compulsory-abilities: the ability must be used", "IS-R09")
        )
    state.pending = -1
    state.pending_card = 0
    state.phase = MAIN


_HANDLERS: dict[type, Any] = {
    AddTile: _apply_tile,
    AddVegetation: _apply_vegetation,
    Place: _apply_place,
    Discard: _apply_discard,
    TakeFaceUp: _apply_take,
    DrawBlind: _apply_blind,
    PassCard: _apply_pass,
    EndTurn: _apply_end,
    Release: _apply_release,
    Raise: _apply_raise,
    Lower: _apply_lower,
    Uproot: _apply_uproot,
    Plant: _apply_plant,
    Flit: _apply_flit,
    Flock: _apply_flock,
    Shoo: _apply_shoo,
    Stamina: _apply_stamina,
    Skip: _apply_skip,
}


_INT_FIELDS: dict[type, tuple[str, ...]] = {cls: cls.__slots__ for cls in _HANDLERS}
"""The fields of each action class (every one an int)."""


def apply_action(state: IsleState, action: Any) -> None:
    """Apply ``action`` for the current player; raises ``IllegalActionError`` naming the rule.

    Every check happens before anything changes, so a refused action leaves the state as it was.
    """
    if state.player == TERMINAL:
        raise IllegalActionError(f"{action}: the game is over", "IS-65")
    cls = type(action)
    handler = _HANDLERS.get(cls)
    if handler is None:
        raise IllegalActionError(
            f"{action!r} is not an Isle of Feathers action object (parse text with parse_action)"
        )
    for name in _INT_FIELDS[cls]:  # cards, cells, slots, colours: ints, never bools
        value = getattr(action, name)
        if type(value) is not int and not is_int(value):
            raise IllegalActionError(f"{action!r}: {name} must be an integer", "IS-R17")
    handler(state, action)
    if state.player != TERMINAL:
        _settle(state)


# --------------------------------------------------------------------------------------------
# Results


def scores(state: IsleState) -> list[int]:
    """Each seat's points: the printed points of the birds it placed (IS-66, ruling IS-R13)."""
    points = state.game.content.points
    return [sum(points[c] for c in placed) for placed in state.placed]


def winners(state: IsleState) -> list[int]:
    """The most points wins; a tie is shared, or with variant ``tiebreak-most-birds`` goes to
    the most birds placed first (IS-66, ruling IS-R12). Empty before the end and in solo."""
    if state.player != TERMINAL or state.game.solo:
        return []
    totals = scores(state)
    best = max(totals)
    tied = [p for p, s in enumerate(totals) if s == best]
    if len(tied) > 1 and state.game.tiebreak_most_birds:
        most = max(len(state.placed[p]) for p in tied)
        tied = [p for p in tied if len(state.placed[p]) == most]
    return tied


def perfect_season(state: IsleState) -> bool:
    """Solo: the season ended with an empty hand (IS-79, ruling IS-R24)."""
    return state.game.solo and state.player == TERMINAL and not state.hands[0]


# --------------------------------------------------------------------------------------------
# Sound positions (state_from_dict)


def check_state(state: IsleState) -> str | None:
    """What makes ``state`` a position no game can reach, or None if it is sound.

    Checks that every bird card lies in exactly one place and every tile, Vegetation, Ability
    and Bird token is accounted for (IS-82), the seat, phase and pending fields, and that the
    knowledge fields are consistent with the hands and the Draw pile.
    """
    game = state.game
    content = game.content
    n = game.num_players
    cards = [c for group in (*state.hands, *state.placed) for c in group]
    cards += [c for c in state.path if c] + state.draw + state.discard
    cards += state.migration + state.box
    if sorted(cards) != list(range(1, NUM_BIRDS + 1)):
        return f"every bird 1-{NUM_BIRDS} must lie in exactly one place"
    if len(state.path) != content.flight_path:
        return f"path must have {content.flight_path} slots"
    if not game.solo and (state.migration or state.box or state.stamina):
        return "only a solo game has a Migration pile, a box and a Stamina pool"
    used = [0, 0, 0]
    for k, c in state.cells.items():
        if c < 1:
            return f"cell {cell_text(k)} holds nothing and must be left out"
        h = c >> 1
        if h:
            used[0] += 1
            used[1] += h >= 2
            used[2] += max(0, h - 2)
    for kind, name in enumerate(("sand", "grass", "cliff")):
        if state.supply[kind] < 0 or state.supply[kind] + used[kind] != content.tiles[kind]:
            return f"{name} tiles on the island and in the supply must total {content.tiles[kind]}"
    vegs = sum(c & 1 for c in state.cells.values())
    if state.veg_supply < 0 or vegs + state.veg_supply != content.vegetation:
        return f"Vegetation on the island and in the supply must total {content.vegetation}"
    for kind in range(len(ABILITIES)):
        held = sum(t[kind] for t in state.tokens) + (state.stamina if kind == FLIT else 0)
        if min(t[kind] for t in state.tokens) < 0 or state.token_supply[kind] < 0:
            return "token counts must not be negative"
        if held + state.token_supply[kind] != content.ability_tokens[kind]:
            return f"{ABILITIES[kind]} tokens must total {content.ability_tokens[kind]}"
    if state.stamina < 0 or (game.solo and state.stamina > stamina_cap(game.stamina)):
        return "stamina must be between 0 and the level's cap"
    on_board = [0] * n
    for k, owners in state.birds.items():
        if not owners:
            return f"birds on {cell_text(k)} must list at least one seat"
        for o in owners:
            if not 0 <= o < n:
                return f"a bird on {cell_text(k)} belongs to no seat"
            on_board[o] += 1
    for p in range(n):
        if on_board[p] != len(state.placed[p]) or on_board[p] > content.bird_tokens:
            return f"seat {p}'s bird tokens on the island must match its placed birds"
    if not (state.player == TERMINAL or 0 <= state.player < n) or not 0 <= state.starter < n:
        return f"player and starter must be seats 0-{n - 1} (or {TERMINAL} when over)"
    if state.phase not in range(len(PHASES)) or (state.player == TERMINAL and state.phase != MAIN):
        return "phase must be 0-4, and 0 once the game is over"
    if state.phase == ABILITY and state.pending not in range(len(ABILITIES)):
        return "pending must name an ability during the ability step"
    if state.phase != ABILITY and (state.pending != -1 or state.pending_card):
        return "pending and pending_card are set only during the ability step"
    if state.phase == ABILITY and (
        state.pending_card not in state.discard
        or content.ability[state.pending_card] != state.pending
    ):
        return "pending_card must be the discarded bird whose ability is pending"
    if (state.phase == PLANT) != (state.replant_from != -1):
        return "replant_from is set exactly during the plant step"
    if state.phase == PLANT and not state.cells.get(state.replant_from, 0) & 1:
        return "replant_from must hold Vegetation"
    if state.phase == RELEASE and not game.solo:
        return "only a solo game has a release step"
    if state.draws < 0 or state.blind_draws < 0 or (state.phase == DRAW and not state.draws):
        return "draws must be >= 0, and positive during the draw step"
    if state.phase in (MAIN, RELEASE) and (state.draws or state.blind_draws):
        return "draws are owed only during the draw, ability and plant steps"
    if min(state.turn, state.turn_actions, state.reshuffles) < 0 or state.end_turn < -1:
        return "turn, turn_actions and reshuffles must be >= 0, end_turn >= -1"
    if state.end_reason not in range(len(END_REASONS)) or (
        (state.end_reason != PLAYING) != (state.player == TERMINAL)
    ):
        return "end_reason is set exactly when the game is over"
    if len(state.known) != n or any(len(row) != n for row in state.known):
        return "known must be an n x n table of card lists"
    for p in range(n):
        if state.known[p][p]:
            return "known[p][p] must be empty"
        for q in range(n):
            if any(c not in state.hands[q] for c in state.known[p][q]):
                return f"known[{p}][{q}] lists a card that is not in hand {q}"
        if any(c not in state.hands[p] for c in state.public_known[p]):
            return f"public_known[{p}] lists a card that is not in hand {p}"
        for q in range(n):
            if q != p and any(c not in state.known[q][p] for c in state.public_known[p]):
                return f"public_known[{p}] must be known to every other seat"
    pool = set(state.pool)
    if len(pool) != len(state.pool) or not set(state.draw) <= pool:
        return "pool must hold every Draw pile card once"
    for p in range(n):
        if not set(state.gone[p]) <= pool or set(state.gone[p]) & set(state.draw):
            return f"gone[{p}] must be pool cards that are not in the Draw pile"
    return None
