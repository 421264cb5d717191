"""What the island implies, kept per island version instead of recomputed after every decision.

The island is ``state.cells`` and ``state.birds`` (with the tile and Vegetation supplies, which
change only with them). ``state.island`` holds an ``Island``: the facts the rules and the
heuristic derive from it (the tile and Vegetation spots, the placement index, where each bird
fits, the heuristic's fit levels), each computed on first use and then kept. Every change to a
cell or to the birds on it goes through ``changed``, which gives the state a fresh ``Island``
remembering the changed cells, so the tile and Vegetation spots are updated around them rather
than found again.

An ``Island`` belongs to an island version, not to one state: ``clone`` (and so
``determinize``) shares it by reference, and whichever state asks first fills in a fact for
all of them; the same change made to the same version in another state (as a search replays a
move) leads to the same next ``Island``. Nothing in an ``Island`` is changed once set; a state
whose island changes gets another one. The facts themselves are computed by the rules' modules
(``rules_land``, ``rules_place``) and the heuristic, which own their meaning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .habitats import Shapes
    from .state import IsleState


class Island:
    """The facts of one island version (module docstring); None (or empty) until computed.

    Attributes:
        parent: an earlier version whose facts this one derives from (None once derived, or
            when there is none); ``dirty``: the keys changed since ``parent``; ``lifted``: those
            of them whose height changed (their neighbours' support changed too).
        take: ``parent`` is held by no state, is in no table (``tabled``) and no other
            version derives from it, so this one may take over its ``index`` and ``counts``
            (and its owned sorted lists, ``owned``) and change them in place instead of
            copying them (``changed``).
        grid, base: the code of every key ``k`` of the rows the island may reach, at
            ``grid[k - base]`` (0 for the ocean): the rows of every cell the island has held
            since the version derived from scratch, ``shapes.margin`` more on each side
            (``rules_land.derive``); ``shapes``: the game's habitats (``habitats``).
        tile_keys: the keys of every space a tile may go on, supplies aside, sorted (the
            tile each takes follows from its height, ``rules_land``); ``tile_acts``: their
            ``tile`` actions; ``veg_keys``, ``veg_acts``: the same for Vegetation, the supply
            aside (the four empty until derived: ``index`` says whether they are, None
            until then). ``owned``: 1 if ``tile_keys`` and ``tile_acts`` are this
            version's own (no other version holds them), + 2 for ``veg_keys`` and ``veg_acts``:
            a version that takes over (``take``) changes owned lists in place.
        index: the land keys of each ``code * 2 + occupied``, by that number, each group
            sorted (``rules_place.index_of``); ``counts``: how many land cells have each
            code, by code (``shapes.codes`` of them; empty until derived). Lists, not dicts:
            compiled (setup.py), an index into a list is native.
        tiles: the tile spots when a supply is out; ``land_actions``: the ``tile`` then the
            ``veg`` actions now.
        fits, flocks: by card, the sorted keys where it may be placed on a free tile / by
            Flock (None until searched; the lists themselves, like ``targets`` and
            ``levels``, None until first asked: most versions never are);
            ``prior``: the version this one was derived from, and ``moved`` the keys changed
            since, whose fits a search may reuse (kept one version back only).
        targets: ability kind -> the actions using it, for the kinds that depend on the island
            only (``rules_abilities``).
        levels: card -> the heuristic's fit level; ``codes``: what its search reads
            (``heuristic``).
        shared: True once two states have held this version (a clone, or the same change
            made again): only then are the versions it leads to remembered.
        tabled: True for a version those remembered lead to (any state may reach it again).
        encoded: what the research encoding keeps of this version (its anchors and action ids,
            ``encoding``).
    """

    __slots__ = (
        "parent",
        "dirty",
        "lifted",
        "take",
        "grid",
        "base",
        "shapes",
        "tile_keys",
        "tile_acts",
        "veg_keys",
        "veg_acts",
        "owned",
        "index",
        "counts",
        "tiles",
        "land_actions",
        "fits",
        "flocks",
        "prior",
        "moved",
        "targets",
        "levels",
        "codes",
        "shared",
        "tabled",
        "encoded",
    )

    def __init__(
        self,
        parent: Island | None = None,
        dirty: tuple[int, ...] = (),
        lifted: tuple[int, ...] = (),
        take: bool = False,
    ) -> None:
        self.parent = parent
        self.dirty = dirty
        self.lifted = lifted
        self.take = take
        self.grid: bytes = _NO_GRID
        self.base = 0
        self.shapes: Shapes | None = None
        self.tile_keys: list[int] = _NO_KEYS
        self.tile_acts: list[Any] = _NO_ACTIONS
        self.veg_keys: list[int] = _NO_KEYS
        self.veg_acts: list[Any] = _NO_ACTIONS
        self.owned = 0
        self.index: list[list[int]] | None = None
        self.counts: list[int] = _NO_COUNTS
        self.tiles: list[int] | None = None
        self.land_actions: list[Any] | None = None
        self.fits: list[list[int] | None] | None = None
        self.flocks: list[list[int] | None] | None = None
        self.prior: Island | None = None
        self.moved: tuple[int, ...] = ()
        self.targets: dict[int, list[Any]] | None = None
        self.levels: dict[int, int] | None = None
        self.codes: tuple[bytes, bytes] | None = None
        self.shared = False
        self.tabled = False
        self.encoded: Any = None


_NO_GRID: Final = b""
_NO_COUNTS: Final[list[int]] = []
_NO_KEYS: Final[list[int]] = []
_NO_ACTIONS: Final[list[Any]] = []


def island(state: IsleState) -> Island:
    """The ``Island`` of ``state``'s current island version (a new, empty one if it has none)."""
    facts = state.island
    if facts is None:
        facts = state.island = Island()
    return facts


_NEXT: dict[tuple[Island, int, int, Any], Island] = {}
"""``(version, key, its new code, its new birds)`` -> the version that change leads to."""
_NEXT_LIMIT = 2048


def changed(state: IsleState, k: int, lifted: bool = False) -> None:
    """Record that cell ``k`` changed: its Vegetation or its birds, or with ``lifted`` its
    height. ``state`` gets a new ``Island`` that derives its facts from the last version that
    has them (``rules_land.derive``).

    A version and one changed cell fix the next version, so from a shared version (a search's
    root, cloned for every determinization) the same change leads to the same ``Island`` (a
    bounded table): a search that replays a move in every iteration finds what the island then
    implies already known. A playout shares nothing and remembers nothing, and each version
    takes over what its parent derived (``Island.take``).
    """
    old = state.island
    if old is None:
        return
    if old.index is None:  # not derived yet
        if old.parent is None:
            state.island = None
            return
        more = (*old.lifted, k) if lifted else old.lifted
        take = old.take and not old.shared
        if old.shared:  # its other holders will derive it from the same parent
            old.take = False
        state.island = Island(old.parent, (*old.dirty, k), more, take)
        return
    if not old.shared:
        state.island = Island(old, (k,), (k,) if lifted else (), not old.tabled)
        return
    change = (old, k, state.cells.get(k, 0), state.birds.get(k))
    new = _NEXT.get(change)
    if new is None:
        if len(_NEXT) >= _NEXT_LIMIT:
            _NEXT.clear()
        new = _NEXT[change] = Island(old, (k,), (k,) if lifted else ())
        new.tabled = True
    else:
        new.shared = True
    state.island = new
