"""Isle of Feathers' land: where a tile may be added (stacking, IS-18..IS-29; variant
``strict-support``, ruling IS-R04), where Vegetation may go (IS-30, IS-31, ruling IS-R15), which
spaces Mound, Burrow and Replant may change (IS-51..IS-53, IS-58, IS-60), and the ``tile`` and
``veg`` actions.

Cells are ``hexgrid`` keys and ``state.cells`` maps a key to its code (height * 2 +
vegetation); the ``*_spots`` functions return sorted keys. The tile and Vegetation spots are the
hot path of every playout: they are kept per island version (``island``) and updated around the
changed cells.
"""

from __future__ import annotations

from bisect import bisect_left
from types import FunctionType
from typing import TYPE_CHECKING, Any, Final

from .actions import TILE, VEGETATION
from .hexgrid import NEIGHBOUR_OFFSETS, STRIDE
from .island import _NO_COUNTS, changed, island
from .rules_phases import _check_sand, _fail, _require_action, _use_action

if TYPE_CHECKING:
    from .actions import AddTile, AddVegetation
    from .island import Island
    from .state import IsleState


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
    if land_support(cells, k, h, state.options.strict_support):
        return None
    return (
        "a tile needs two neighbours of the space's height or a taller neighbour",
        "IS-R04" if state.options.strict_support else "IS-25",
    )


def _touches(grid: bytes, i: int) -> bool:
    """``touches_land`` on an island version's grid (``island.Island``), ``i`` the index of
    the space: the six neighbours written out (``hexgrid.NEIGHBOUR_OFFSETS``)."""
    return (
        grid[i + STRIDE] >= 2
        or grid[i - STRIDE] >= 2
        or grid[i + 1] >= 2
        or grid[i - 1] >= 2
        or grid[i + STRIDE - 1] >= 2
        or grid[i - STRIDE + 1] >= 2
    )


def _supported(grid: bytes, i: int, h: int, strict: bool) -> bool:
    """``land_support`` on an island version's grid, ``i`` the index of the space: the six
    neighbours' heights written out (``hexgrid.NEIGHBOUR_OFFSETS``)."""
    a = grid[i + STRIDE] >> 1
    b = grid[i - STRIDE] >> 1
    c = grid[i + 1] >> 1
    d = grid[i - 1] >> 1
    e = grid[i + STRIDE - 1] >> 1
    f = grid[i - STRIDE + 1] >> 1
    if strict:
        up = h + 1
        if a == up or b == up or c == up or d == up or e == up or f == up:
            return True
    elif a > h or b > h or c > h or d > h or e > h or f > h:
        return True
    return (a == h) + (b == h) + (c == h) + (d == h) + (e == h) + (f == h) >= 2


def _tile_kind(grid: bytes, i: int, occupied: bool, strict: bool) -> int:
    """The tile a tile action on the space at grid index ``i`` would add (0 Sand, 1 Grass,
    2 Cliff), supplies aside; -1 if none may go there (IS-20, IS-21..IS-28, ruling IS-R04).
    ``occupied``: a bird stands there."""
    c = grid[i]
    if c & 1 or occupied:
        return -1
    if not c:
        return 0 if _touches(grid, i) else -1
    h = c >> 1
    if _supported(grid, i, h, strict):
        return 1 if h == 1 else 2
    return -1


def _flipped(before: bytes, grid: bytes, i: int, strict: bool) -> bool:
    """Whether the space at grid index ``i``, of the same code on both grids, is a tile spot on
    one and not the other, its birds aside (``_tile_kind``): as ocean, its contact with land
    changed (IS-20); as a tile without Vegetation, its support (IS-21..IS-25, ruling IS-R04)."""
    c = grid[i]
    if c & 1:
        return False
    if not c:
        return _touches(grid, i) != _touches(before, i)
    h = c >> 1
    return _supported(grid, i, h, strict) != _supported(before, i, h, strict)


def _near(near: list[Any], before: bytes, grid: bytes, base: int, k: int, strict: bool) -> None:
    """Add key ``k``, a neighbour of a cell whose height changed, to ``near`` if it is
    ``_flipped``. A call per neighbour with unboxed ints: compiled, a loop over a tuple of the
    six would box each and iterate through Python. A key already in ``near`` (a neighbour of
    two changed cells, or changed itself) is not looked for: ``derive`` finds it settled the
    second time (as the pure-Python path, which adds every neighbour)."""
    if _flipped(before, grid, k - base, strict):
        near.append(k)


def derive(state: IsleState, facts: Island) -> None:
    """Fill ``facts``' grid, spots and index (``island.Island``: ``grid``, ``base``,
    ``shapes``, ``tile_keys``, ``tile_acts``, ``veg_keys``, ``veg_acts``, ``index``,
    ``counts``): from scratch, or from the parent version by looking again only at the changed
    cells, and for a changed height at their neighbours too (a tile's support and the ocean's
    contact with land depend on nothing else). The sorted lists and the index's groups are
    copied only where something changes, and the parent's are shared otherwise; the index and
    the counts (and the sorted lists the parent owns, ``Island.owned``) are the parent's own,
    changed in place, when the parent is done with them (``Island.take``), else copies.

    Whether a space was a tile spot is found in the sorted ``tile_keys`` (``_bisect``), where
    it is inserted or from which it is removed anyway: no dict of spots is kept beside them
    (compiled, each dict look-up boxed the key and compared it as an object).

    Keys are handled as the objects they are (``key``, typed ``Any``) wherever a dict or a list
    takes them, and as ints (``k``) for arithmetic and ``_bisect``: compiled (setup.py), an int
    local is unboxed, and every look-up with it would box it again."""
    if facts.parent is None:
        _derive_all(state, facts)
        return
    parent: Island = facts.parent
    cells = state.cells
    birds = state.birds
    strict: bool = state.options.strict_support
    under: bool = state.options.veg_under_birds
    shapes = parent.shapes
    assert shapes is not None and parent.index is not None
    tile_keys = parent.tile_keys
    tile_acts = parent.tile_acts
    veg_keys = parent.veg_keys
    veg_acts = parent.veg_acts
    if facts.take:  # nothing else will read them (``island.Island.take``)
        index, counts = parent.index, parent.counts
        parent.index, parent.counts = None, _NO_COUNTS
        own_tiles = parent.owned & 1 != 0  # its sorted lists too, where no other shares them
        own_vegs = parent.owned & 2 != 0
        parent.owned = 0
    else:
        index, counts = parent.index[:], parent.counts[:]
        own_tiles = own_vegs = False
    dirty: tuple[Any, ...] = facts.dirty
    if len(dirty) > 1:  # a cell changed twice counts once: its old code is the parent's
        dirty = tuple(dict.fromkeys(dirty))
    before = parent.grid
    base = parent.base
    low = base >> 8
    high = low + (len(before) >> 8)
    margin = shapes.margin
    k: int
    for k in dirty:
        row = k >> 8
        if row - margin < low or row + margin >= high:  # new rows: a wider window
            wide_low = min(low, row - margin)
            wide_high = max(high, row + margin + 1)
            before = bytes(low - wide_low << 8) + before + bytes(wide_high - high << 8)
            low, high, base = wide_low, wide_high, wide_low << 8
    if len(dirty) == 1:  # most versions: one cell, the grid joined around it
        k = dirty[0]
        i = k - base
        code = cells.get(k, 0)
        if before[i] == code:  # its birds changed, not its code: the same grid (``bytes``)
            grid = before
        else:
            grid = b"".join((before[:i], _CODE_BYTES[code], before[i + 1 :]))
    else:  # two copies of the grid, through a bytearray
        patch = bytearray(before)
        for k in dirty:
            patch[k - base] = cells.get(k, 0)
        grid = bytes(patch)
    for key in dirty:
        k = key
        i = k - base
        old = before[i]
        c = grid[i]
        free = key not in birds
        slot = c * 2 + (not free) if c >= 2 else -1
        was = -1  # the slot k held in the index: its old code and whether a bird stood there
        if old >= 2:
            was = old * 2 + 1
            if key not in index[was]:
                was -= 1
        green = c >= 2 and not c & 1 and (under or free)
        if green != (was >= 0 and not old & 1 and (under or not was & 1)):
            if not own_vegs:
                veg_keys, veg_acts, own_vegs = veg_keys[:], veg_acts[:], True
            at = _bisect(veg_keys, k)
            if green:
                veg_keys.insert(at, key)
                veg_acts.insert(at, _VEGETATION.get(key) or _VEGETATION[key])
            else:
                veg_keys.pop(at)  # ``pop``, not ``del``: compiled, a list's pop is native
                veg_acts.pop(at)
        if slot == was:
            continue
        if was >= 0:
            counts[old] -= 1
            group = index[was][:]
            group.pop(_bisect(group, k))
            index[was] = group
        if slot >= 0:
            counts[c] += 1
            group = index[slot][:]
            group.insert(_bisect(group, k), key)
            index[slot] = group
    # The changed cells, and (compiled) those of their neighbours (around a changed height)
    # that now touch land or are supported where they did not, or the reverse: a neighbour
    # kept its code and its birds, so it was a spot exactly as ``_tile_kind`` on the parent's
    # grid says, and most keep their answer (looked at on the two grids, not in ``tile_keys``).
    # Pure Python, every neighbour is looked up in ``tile_keys``: ``bisect_left`` is C, and the
    # grids' reads through ``_flipped`` cost more calls than it.
    near: list[Any] = list(dirty)
    if not _NATIVE:  # pure Python: every neighbour, in ``tile_keys`` by ``bisect_left`` (C)
        for k in facts.lifted:
            for d in NEIGHBOUR_OFFSETS:
                near.append(k + d)
    else:
        for k in facts.lifted:  # the six neighbours (``hexgrid.NEIGHBOUR_OFFSETS``) written out
            _near(near, before, grid, base, k + STRIDE, strict)
            _near(near, before, grid, base, k - STRIDE, strict)
            _near(near, before, grid, base, k + 1, strict)
            _near(near, before, grid, base, k - 1, strict)
            _near(near, before, grid, base, k + STRIDE - 1, strict)
            _near(near, before, grid, base, k - STRIDE + 1, strict)
    for key in near:
        k = key
        spot = _tile_kind(grid, k - base, key in birds, strict) >= 0
        at = _bisect(tile_keys, k)
        if spot == (at < len(tile_keys) and tile_keys[at] == k):
            continue
        if not own_tiles:
            tile_keys, tile_acts, own_tiles = tile_keys[:], tile_acts[:], True
        if spot:
            tile_keys.insert(at, key)
            tile_acts.insert(at, _TILE.get(key) or _TILE[key])
        else:
            tile_keys.pop(at)
            tile_acts.pop(at)
    facts.grid, facts.base, facts.shapes = grid, base, shapes
    facts.tile_keys, facts.tile_acts = tile_keys, tile_acts
    facts.veg_keys, facts.veg_acts = veg_keys, veg_acts
    facts.index, facts.counts = index, counts
    facts.owned = own_tiles + 2 * own_vegs
    facts.prior = parent  # for the fits (rules_place); one version back, no further
    facts.moved = dirty
    parent.prior = None
    facts.parent = None


def _bisect(keys: list[int], k: int) -> int:
    """Where ``k`` is or would go in the sorted ``keys`` (``bisect.bisect_left``). Compiled, a
    loop on unboxed ints, cheaper than calling ``bisect_left`` through Python; pure Python,
    ``bisect_left`` itself (C), cheaper than the loop (``_NATIVE``)."""
    if not _NATIVE:
        return bisect_left(keys, k)
    lo = 0
    hi = len(keys)
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < k:
            lo = mid + 1
        else:
            hi = mid
    return lo


_NATIVE: Final = not isinstance(_bisect, FunctionType)
"""True in the compiled build (setup.py), where a module's functions are not Python functions."""


_NONE: Final[list[int]] = []

_CODE_BYTES: Final = [bytes((c,)) for c in range(256)]
"""``_CODE_BYTES[c]`` is ``bytes((c,))``: one code, ready to join into a grid."""

_TILE: Final = TILE
"""``actions.TILE`` (``_VEGETATION``: ``actions.VEGETATION``) as this module's own constant:
compiled (setup.py), a ``Final`` is a native static, where an imported name is looked up in the
module's dict at every use."""
_VEGETATION: Final = VEGETATION


def _derive_all(state: IsleState, facts: Island) -> None:
    """``derive`` from the state's cells and birds alone."""
    cells = state.cells
    birds = state.birds
    strict: bool = state.options.strict_support
    under: bool = state.options.veg_under_birds
    shapes = state.options.shapes
    margin = shapes.margin
    rows = [k >> 8 for k in cells] or [128]
    low = min(rows) - margin
    base = low << 8
    window = bytearray((max(rows) + margin + 1 - low) << 8)
    for k, c in cells.items():
        window[k - base] = c
    grid = bytes(window)
    spots: set[int] = set()
    greens = []
    index: list[list[int]] = [_NONE] * (2 * shapes.codes)
    counts = [0] * shapes.codes
    for k in sorted(cells):
        c = cells[k]
        if c < 2:
            continue
        counts[c] += 1
        free = k not in birds
        slot = c * 2 + (not free)
        group = index[slot]
        if group:
            group.append(k)
        else:
            index[slot] = [k]
        if not c & 1:
            if under or free:
                greens.append(k)
            if free and _supported(grid, k - base, c >> 1, strict):
                spots.add(k)
        for d in NEIGHBOUR_OFFSETS:
            n = k + d
            if n not in cells and n not in birds:
                spots.add(n)
    tile_keys = sorted(spots)
    facts.grid, facts.base, facts.shapes = grid, base, shapes
    facts.tile_keys = tile_keys
    facts.tile_acts = [TILE.get(k) or TILE[k] for k in tile_keys]
    facts.veg_keys = greens
    facts.veg_acts = [VEGETATION.get(k) or VEGETATION[k] for k in greens]
    facts.index, facts.counts = index, counts
    facts.owned = 3


def tile_spots(state: IsleState) -> list[int]:
    """Every space a tile may be added on now, sorted by key (IS-18..IS-29). Kept per island
    version (``island``): the list is shared, do not change it; read it before the state
    changes (the next version may take it over, ``Island.owned``)."""
    facts = island(state)
    if facts.index is None:
        derive(state, facts)
    supply = state.supply
    if supply[0] and supply[1] and supply[2]:
        return facts.tile_keys
    tiles = facts.tiles
    if tiles is None:
        grid = facts.grid
        base = facts.base
        tiles = facts.tiles = []
        for k in facts.tile_keys:
            h = grid[k - base] >> 1  # the tile a spot takes follows from its height
            if supply[2 if h >= 2 else h]:
                tiles.append(k)
    return tiles


def land_actions(state: IsleState) -> list[AddTile | AddVegetation]:
    """The ``tile`` actions of ``tile_spots`` then the ``veg`` actions of ``vegetation_spots``
    (kept per island version: shared, do not change it)."""
    facts = island(state)
    actions = facts.land_actions
    if actions is None:
        if facts.index is None:
            derive(state, facts)
        supply = state.supply
        acts = facts.tile_acts
        if supply[0] and supply[1] and supply[2]:
            actions = acts[:]
        else:
            grid = facts.grid
            base = facts.base
            actions = []
            for j, k in enumerate(facts.tile_keys):
                h = grid[k - base] >> 1  # as in ``tile_spots``
                if supply[2 if h >= 2 else h]:
                    actions.append(acts[j])
        if state.veg_supply:
            actions += facts.veg_acts
        facts.land_actions = actions
    return actions


def vegetation_problem(state: IsleState, k: int) -> tuple[str, str] | None:
    """Why Vegetation may not be added on ``k`` now; None if it may (IS-30, IS-31, IS-R15)."""
    code = state.cells.get(k, 0)
    if code < 2:
        return ("Vegetation goes on a tile, not on the ocean", "IS-30")
    if code & 1:
        return ("that tile already has Vegetation", "IS-30")
    if k in state.birds and not state.options.veg_under_birds:
        return ("a bird fixes that tile", "IS-R15")
    if not state.veg_supply:
        return ("no Vegetation token is left", "IS-31")
    return None


def vegetation_spots(state: IsleState) -> list[int]:
    """Every tile Vegetation may be added on now, sorted (IS-30, IS-31, ruling IS-R15). Kept
    per island version (``island``): the list is shared, do not change it; read it before the
    state changes (as ``tile_spots``)."""
    if not state.veg_supply:
        return []
    facts = island(state)
    if facts.index is None:
        derive(state, facts)
    return facts.veg_keys


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
    island, while the supply holds the tile (IS-51, IS-60, ruling IS-R11). The ocean next to
    the island is read from the island version's tile spots (``island.Island.tile_keys``:
    every space of code 0 there touches land, IS-20), and on its grid for the ocean a tile
    spot never is: under a Vegetation token (code 1, IS-27) or a bird (IS-28) left there by
    Burrow (IS-58, ruling IS-R16). The keys are the objects the cells, the birds and the
    spots hold: compiled, gathering the ocean around each tile boxed every key anew."""
    facts = island(state)
    if facts.index is None:
        derive(state, facts)
    grid = facts.grid
    base = facts.base
    supply = state.supply
    sand = supply[0] != 0
    spots = []
    key: Any  # the key objects, appended as they are (``k``: the same key as an int)
    k: int
    for key, c in state.cells.items():
        k = key
        if c >= 2:
            if supply[2 if c >= 4 else 1]:
                spots.append(key)
        elif sand and _touches(grid, k - base):  # Vegetation on the ocean
            spots.append(key)
    if sand:
        for key in facts.tile_keys:
            k = key
            if not grid[k - base]:
                spots.append(key)
        for key in state.birds:
            k = key
            if not grid[k - base] and _touches(grid, k - base):  # a bird on the ocean
                spots.append(key)
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


def _apply_tile(state: IsleState, action: AddTile) -> None:
    _require_action(state, action)
    k = action.cell
    facts = state.island
    code = state.cells.get(k, 0)
    h = code >> 1
    kind = 2 if h >= 2 else h  # the tile a spot takes follows from its height
    known = False  # k is among the spots of this island version (derived)
    if facts is not None and facts.index is not None:
        spots = facts.tile_keys
        at = _bisect(spots, k)
        known = at < len(spots) and spots[at] == k
    if not known or not state.supply[kind]:
        problem = tile_problem(state, k)
        if problem:
            raise _fail(action, problem)
    state.supply[kind] -= 1
    state.cells[k] = code + 2
    changed(state, k, lifted=True)
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
    changed(state, action.cell)
    _use_action(state)
