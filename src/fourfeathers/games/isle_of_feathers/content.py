"""Load and validate Isle of Feathers content (``content.toml`` or a user's own file).

A content file holds ``[components]`` (tile split, token counts, Flight Path size, starting
island) and 52 ``[[bird]]`` tables, each with ``number``, ``name``, ``ability``, ``points``,
``habitat`` (cells as ``"q,r kind [veg] [*]"``) and ``source`` (provenance of each field:
``rulebook``, ``inferred`` or ``reconstructed``). Counts the rulebook states (30 tiles, 18
Vegetation, 54 Ability tokens, 40 Bird tokens, 52 birds, six starting tiles) are checked against
it. Every problem is a ``ContentError`` naming the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ...core.config import is_int
from ...core.content import check_int, content_digest, parse_toml, read_content
from ...core.errors import ContentError
from .hexgrid import LIMIT, Habitat, is_connected

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")
NUM_BIRDS: Final = 52
"""Bird cards in the box (IS-01)."""

ABILITIES = ("mound", "burrow", "replant", "flit", "flock", "shoo")
"""The six ability kinds in the rulebook's printed order (IS-51..IS-56; names: ruling IS-R03).
An ability is an index into this tuple."""

MOUND: Final = 0
BURROW: Final = 1
REPLANT: Final = 2
FLIT: Final = 3
FLOCK: Final = 4
SHOO: Final = 5
"""The ability kinds as indexes into ``ABILITIES`` (ruling IS-R03)."""

ABILITY_TEXT = {
    "mound": "raise a tile by one level",
    "burrow": "lower a tile by one level",
    "replant": "move a Vegetation token",
    "flit": "take another action",
    "flock": "place a bird on an occupied tile",
    "shoo": "move a bird to a neighbouring tile",
}

KINDS = {"sand": 1, "grass": 2, "cliff": 3, "double-cliff": 4}
"""Habitat cell kinds and the heights they stand for (IS-03; double cliff: IS-24, IS-R04)."""

KIND_NAMES = {h: k for k, h in KINDS.items()}

COLOURS = ("red", "blue", "green", "yellow")
"""Bird token colours by seat (four colours for up to four players, ruling IS-R20)."""

PROVENANCE = ("rulebook", "inferred", "reconstructed")
BIRD_FIELDS = ("name", "habitat", "ability", "points")
COMPONENT_FIELDS = (
    "land_tiles",
    "vegetation",
    "ability_tokens",
    "bird_tokens_per_colour",
    "flight_path",
    "starting_island",
)

RULEBOOK_TILES = 30
RULEBOOK_VEGETATION = 18
RULEBOOK_ABILITY_TOKENS = 54
RULEBOOK_BIRD_TOKENS = 40
RULEBOOK_STARTING_TILES = 6


@dataclass(frozen=True)
class Bird:
    """One bird card.

    Attributes:
        number: 1-52.
        name: the species.
        ability: index into ``ABILITIES``.
        points: printed points (scored when placed, ruling IS-R13).
        habitat: the diagram, normalised with every orientation (``hexgrid.Habitat``).
        source: provenance per field (``name``, ``habitat``, ``ability``, ``points``).
    """

    number: int
    name: str
    ability: int
    points: int
    habitat: Habitat
    source: dict[str, str]


@dataclass(frozen=True)
class Content:
    """Everything a content file gives, plus flat lookup tables for the hot path.

    Attributes:
        path: the file read; digest: SHA-256 of its bytes.
        birds: ``birds[n]`` is bird n (index 0 is None).
        habitat, ability, points, name: per bird number (index 0 unused).
        tiles: ``(sand, grass, cliff)`` tiles in the box.
        vegetation: Vegetation tokens in the box.
        ability_tokens: tokens per ability kind (6 ints).
        bird_tokens: Bird tokens per colour.
        flight_path: face-up spaces of the Flight Path.
        starting_island: the ``(q, r)`` of the six starting Sand tiles.
        component_source: provenance of each component entry.
    """

    path: str
    digest: str
    birds: tuple[Bird | None, ...]
    habitat: tuple[Habitat | None, ...]
    ability: tuple[int, ...]
    points: tuple[int, ...]
    name: tuple[str, ...]
    tiles: tuple[int, int, int]
    vegetation: int
    ability_tokens: tuple[int, ...]
    bird_tokens: int
    flight_path: int
    starting_island: tuple[tuple[int, int], ...]
    component_source: dict[str, str]

    def bird(self, number: int) -> Bird:
        """Bird ``number``. Raises ``ContentError`` if there is no such bird."""
        if not 1 <= number <= NUM_BIRDS:
            raise ContentError(f"there is no bird {number}: birds are numbered 1 to {NUM_BIRDS}")
        bird = self.birds[number]
        assert bird is not None
        return bird


def parse_cell(text: Any) -> tuple[int, int]:
    """``"q,r"`` -> ``(q, r)``. Raises ``ValueError`` for anything else or off the board."""
    if not isinstance(text, str):
        raise ValueError(f"a cell is written 'q,r', got {text!r}")
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"a cell is written 'q,r', got {text!r}")
    try:
        q, r = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(f"a cell is written 'q,r' with integers, got {text!r}") from None
    if abs(q) > LIMIT or abs(r) > LIMIT:
        raise ValueError(f"cell {text!r} is off the board (coordinates -{LIMIT} to {LIMIT})")
    return q, r


def _parse_habitat(where: str, raw: Any) -> Habitat:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{where}: 'habitat' must be a non-empty list of cells")
    cells = []
    token = None
    for i, item in enumerate(raw):
        if not isinstance(item, str) or len(item.split()) < 2:
            raise ContentError(
                f"{where}: habitat cell #{i + 1} must read 'q,r kind [veg] [*]', got {item!r}"
            )
        coords, kind, *flags = item.split()
        try:
            q, r = parse_cell(coords)
        except ValueError as exc:
            raise ContentError(f"{where}: habitat cell #{i + 1}: {exc}") from None
        if kind not in KINDS:
            raise ContentError(
                f"{where}: habitat cell #{i + 1}: kind {kind!r} is not one of "
                f"{', '.join(KINDS)} (diagrams hold land only, ruling IS-R05)"
            )
        unknown = [f for f in flags if f not in ("veg", "*")]
        if unknown or len(set(flags)) != len(flags):
            raise ContentError(
                f"{where}: habitat cell #{i + 1}: flags are 'veg' and '*', got {' '.join(flags)!r}"
            )
        if "*" in flags:
            if token is not None:
                raise ContentError(f"{where}: habitat has two token cells ('*'); give one")
            token = (q, r)
        cells.append((q, r, KINDS[kind], "veg" in flags))
    if token is None:
        raise ContentError(f"{where}: habitat has no token cell: mark one cell with '*'")
    try:
        return Habitat.build(cells, token)
    except ValueError as exc:
        raise ContentError(f"{where}: habitat: {exc}") from None


def _tiles_needed(habitat: Habitat) -> tuple[int, int, int]:
    """Sand, Grass and Cliff tiles a habitat stands on (a height-h stack is Sand, Grass, then
    h - 2 Cliffs, IS-19)."""
    heights = [h for _, _, h, _ in habitat.cells]
    return (
        len(heights),
        sum(1 for h in heights if h >= 2),
        sum(h - 2 for h in heights if h > 2),
    )


def _parse_source(where: str, raw: Any, fields: tuple[str, ...]) -> dict[str, str]:
    if not isinstance(raw, dict) or set(raw) != set(fields):
        raise ContentError(f"{where}: 'source' must give exactly {', '.join(fields)}")
    for name, value in raw.items():
        if value not in PROVENANCE:
            raise ContentError(f"{where}: source.{name} must be one of {', '.join(PROVENANCE)}")
    return dict(raw)


def _parse_bird(where: str, raw: Any, tiles: tuple[int, int, int]) -> Bird:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: a bird must be a table")
    for name in ("number", *BIRD_FIELDS, "source"):
        if name not in raw:
            raise ContentError(f"{where}: missing field {name!r}")
    unknown = set(raw) - {"number", *BIRD_FIELDS, "source", "note"}
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    number = raw["number"]
    if not is_int(number) or not 1 <= number <= NUM_BIRDS:
        raise ContentError(f"{where}: 'number' must be an integer 1-{NUM_BIRDS}, got {number!r}")
    where = f"{where} (number {number})"
    name = raw["name"]
    if not isinstance(name, str) or not name.strip():
        raise ContentError(f"{where}: 'name' must be a non-empty text")
    if raw["ability"] not in ABILITIES:
        raise ContentError(
            f"{where}: 'ability' {raw['ability']!r} is not one of {', '.join(ABILITIES)}"
        )
    points = check_int(where, "'points'", raw["points"], 0, MAX_POINTS)
    habitat = _parse_habitat(f"{where} {name.strip()!r}", raw["habitat"])
    need = _tiles_needed(habitat)
    for kind, needed, have in zip(("Sand", "Grass", "Cliff"), need, tiles, strict=True):
        if needed > have:
            raise ContentError(
                f"{where}: habitat needs {needed} {kind} tiles but the box has {have}: "
                "the bird could never be placed"
            )
    source = _parse_source(where, raw["source"], BIRD_FIELDS)
    return Bird(number, name.strip(), ABILITIES.index(raw["ability"]), points, habitat, source)


MAX_POINTS = 100
"""The most points a bird may print."""

MAX_FLIGHT_PATH = 10
"""The most face-up spaces a Flight Path may have."""


def _parse_components(file: str, raw: Any) -> dict[str, Any]:
    where = f"{file}: [components]"
    if not isinstance(raw, dict):
        raise ContentError(f"{file}: missing the [components] table")
    for name in (*COMPONENT_FIELDS, "source"):
        if name not in raw:
            raise ContentError(f"{where}: missing field {name!r}")
    unknown = set(raw) - {*COMPONENT_FIELDS, "source"}
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    land = raw["land_tiles"]
    if not isinstance(land, dict) or set(land) != {"sand", "grass", "cliff"}:
        raise ContentError(f"{where}: land_tiles must give sand, grass and cliff counts")
    tiles = tuple(
        check_int(where, f"land_tiles.{k}", land[k], 0, RULEBOOK_TILES)
        for k in ("sand", "grass", "cliff")
    )
    if sum(tiles) != RULEBOOK_TILES:
        raise ContentError(
            f"{where}: land_tiles must total {RULEBOOK_TILES} (the box, IS-01), got {sum(tiles)}"
        )
    vegetation = raw["vegetation"]
    if not is_int(vegetation) or vegetation != RULEBOOK_VEGETATION:
        raise ContentError(f"{where}: vegetation must be {RULEBOOK_VEGETATION} (IS-01)")
    tokens_raw = raw["ability_tokens"]
    if not isinstance(tokens_raw, dict) or set(tokens_raw) != set(ABILITIES):
        raise ContentError(f"{where}: ability_tokens must give a count for {', '.join(ABILITIES)}")
    tokens = tuple(
        check_int(where, f"ability_tokens.{a}", tokens_raw[a], 1, RULEBOOK_ABILITY_TOKENS)
        for a in ABILITIES
    )
    if sum(tokens) != RULEBOOK_ABILITY_TOKENS:
        raise ContentError(
            f"{where}: ability_tokens must total {RULEBOOK_ABILITY_TOKENS} (IS-01), "
            f"got {sum(tokens)}"
        )
    per_colour = check_int(
        where, "bird_tokens_per_colour", raw["bird_tokens_per_colour"], 1, RULEBOOK_BIRD_TOKENS
    )
    if per_colour * len(COLOURS) != RULEBOOK_BIRD_TOKENS:
        raise ContentError(
            f"{where}: bird_tokens_per_colour x {len(COLOURS)} colours must be "
            f"{RULEBOOK_BIRD_TOKENS} (IS-01)"
        )
    path = check_int(where, "flight_path", raw["flight_path"], 1, MAX_FLIGHT_PATH)
    island_raw = raw["starting_island"]
    if not isinstance(island_raw, list) or len(island_raw) != RULEBOOK_STARTING_TILES:
        raise ContentError(
            f"{where}: starting_island must list {RULEBOOK_STARTING_TILES} cells (IS-05)"
        )
    try:
        island = tuple(parse_cell(c) for c in island_raw)
    except ValueError as exc:
        raise ContentError(f"{where}: starting_island: {exc}") from None
    if len(set(island)) != len(island) or not is_connected(island):
        raise ContentError(f"{where}: starting_island cells must be distinct and connected")
    if tiles[0] <= len(island):
        raise ContentError(
            f"{where}: land_tiles.sand must exceed the {len(island)} starting Sand tiles"
        )
    source = _parse_source(where, raw["source"], COMPONENT_FIELDS)
    return {
        "tiles": tiles,
        "vegetation": vegetation,
        "ability_tokens": tokens,
        "bird_tokens": per_colour,
        "flight_path": path,
        "starting_island": island,
        "component_source": source,
    }


def load_content(path: str | None = None) -> Content:
    """Read and validate a content file (the shipped one when ``path`` is None).

    Raises ``ContentError`` naming the file, bird and field on any problem: unreadable file,
    bad TOML, a missing or repeated number or name, an unknown ability or kind, a malformed or
    disconnected habitat, a habitat that needs more tiles than the box holds, a component count
    that differs from the rulebook's, or a missing provenance. Parsing is cached by file bytes.
    """
    file, blob = read_content(path, DEFAULT_CONTENT)
    return _parse_content(file, blob)


@lru_cache(maxsize=16)
def _parse_content(file: str, blob: bytes) -> Content:
    data = parse_toml(file, blob)
    components = _parse_components(file, data.get("components"))
    raw_birds = data.get("bird")
    if not isinstance(raw_birds, list):
        raise ContentError(f"{file}: expected {NUM_BIRDS} [[bird]] tables")
    birds: list[Bird | None] = [None] * (NUM_BIRDS + 1)
    names: dict[str, int] = {}
    for i, raw in enumerate(raw_birds):
        bird = _parse_bird(f"{file}: bird #{i + 1}", raw, components["tiles"])
        if birds[bird.number] is not None:
            raise ContentError(f"{file}: bird #{i + 1}: number {bird.number} appears twice")
        if bird.name.lower() in names:
            raise ContentError(
                f"{file}: bird #{i + 1}: name {bird.name!r} is also bird {names[bird.name.lower()]}"
            )
        names[bird.name.lower()] = bird.number
        birds[bird.number] = bird
    missing = [n for n in range(1, NUM_BIRDS + 1) if birds[n] is None]
    if missing:
        raise ContentError(f"{file}: birds missing: {', '.join(map(str, missing))}")
    return Content(
        path=file,
        digest=content_digest(blob),
        birds=tuple(birds),
        habitat=tuple(b.habitat if b else None for b in birds),
        ability=tuple(b.ability if b else -1 for b in birds),
        points=tuple(b.points if b else 0 for b in birds),
        name=tuple(b.name if b else "" for b in birds),
        **components,
    )
