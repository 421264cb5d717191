"""Isle of Feathers' habitats and placing birds (IS-32..IS-40): the placement search, the
checks of a placement, and putting a bird with its token on the island.

``fits`` is the hot path of every playout: it anchors on the token cell and tries the habitat's
precomputed orientations there (``hexgrid.Habitat``, read as a ``habitats.Shape``) on the island
version's grid of codes, once per bird and island version (``island``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .actions import FLOCK_AT, PLACE
from .content import NUM_BIRDS
from .island import changed, island
from .rules_knowledge import _publish
from .rules_land import derive
from .rules_phases import _fail, _hand_card, _require_action, _use_action
from .rules_solo import _solo_placement

if TYPE_CHECKING:
    from .actions import Place
    from .hexgrid import Image
    from .island import Island
    from .state import IsleState


def has_bird_token(state: IsleState, p: int) -> bool:
    """True while seat ``p`` has a Bird token left to place (ruling IS-R18)."""
    return len(state.placed[p]) < state.options.bird_tokens


def index_of(state: IsleState) -> list[list[int]]:
    """The land keys of the state's island grouped by ``code * 2 + occupied`` (code = height * 2
    + vegetation; occupied = a bird stands there), each group sorted: the index the placement
    search anchors on. Kept per island version (``rules_land.derive``): shared, do not change
    it."""
    facts = island(state)
    index = facts.index
    if index is None:
        derive(state, facts)
        index = facts.index
        assert index is not None
    return index


def _search(state: IsleState, facts: Island, card: int, occupied: bool) -> list[int]:
    """``fits`` computed (its docstring). Typed locals, plain loops and the island version's
    grid of codes: mypyc compiles them to its own list, bytes and integer operations
    (setup.py)."""
    index = facts.index
    if index is None:
        derive(state, facts)
        index = facts.index
        assert index is not None
    shapes = facts.shapes
    assert shapes is not None  # derived with the index
    hab = shapes.of[card]
    assert hab is not None
    keys: list[Any] = index[hab.token_code * 2 + occupied]
    if not keys:
        return _NOWHERE
    counts = facts.counts
    for c, n in hab.needs:
        if counts[c] < n:
            return _NOWHERE
    grid = facts.grid
    base = facts.base
    found: list[int] = _NOWHERE  # a list of its own once a cell is found (most find none)
    first = hab.first_code
    pairs = hab.first_pairs
    rarest = index[first * 2]  # the land cells of that code, without a bird then with one
    held = index[first * 2 + 1]
    by_rarest = len(rarest) + len(held) < len(pairs)
    if by_rarest and held:  # joined only when walked: most calls look at the places instead
        rarest = rarest + held
    prior = facts.prior
    known: list[int] | None = None
    if prior is not None:
        answers = prior.flocks if occupied else prior.fits
        if answers is not None:
            known = answers[card]
    reach_low = hab.reach_low
    reach_at = hab.reach_at
    reach_span = len(reach_at)
    first_low = hab.first_low
    first_at = hab.first_at
    first_span = len(first_at)
    moved: tuple[int, ...] = facts.moved
    at = 0  # ``known`` is sorted: walked alongside ``keys``
    size = 0 if known is None else len(known)
    k: int
    for key in keys:  # the key as an object for ``found`` (compiled, ``k`` is unboxed)
        k = key
        if known is not None:
            while at < size and known[at] < k:
                at += 1
            for m in moved:
                d = m - k - reach_low
                if 0 <= d < reach_span and reach_at[d]:
                    break
            else:  # nothing the habitat could cover from ``k`` changed since ``prior``
                if at < size and known[at] == k:
                    found = _found(found, key)
                continue
        i = k - base
        if by_rarest:  # from each cell that could be an image's first cell
            for x in rarest:
                d = x - k - first_low
                if not 0 <= d < first_span:
                    continue
                some = first_at[d]
                if some is not None and _any_image_at(grid, i, some):
                    found = _found(found, key)
                    break
        else:  # from each place an image's first cell may lie
            for place, some in pairs:
                if grid[i + place] == first and _any_image_at(grid, i, some):
                    found = _found(found, key)
                    break
    return found


_NOWHERE: Final[list[int]] = []
"""``fits`` where a bird fits nowhere: one shared empty list (``fits`` lists are never changed),
not a new one per search."""


def _found(found: list[int], key: Any) -> list[int]:
    """``found`` with ``key`` appended: a new list if ``found`` is the shared ``_NOWHERE``."""
    if found is _NOWHERE:
        return [key]
    found.append(key)
    return found


def _any_image_at(grid: bytes, i: int, images: tuple[Image, ...]) -> bool:
    """Whether one of ``images`` (``(offset, code)`` cells) matches ``grid`` placed at index
    ``i``: every cell's code at ``grid[i + offset]``."""
    for image in images:
        for off, c in image:
            if grid[i + off] != c:
                break
        else:
            return True
    return False


def fits(state: IsleState, card: int, occupied: bool = False) -> list[int]:
    """Every token cell where bird ``card`` may go now, sorted (IS-32..IS-39; ``occupied``:
    Flock's tiles that already hold a bird, IS-55). Kept per island version (``island``): the
    list is shared, do not change it.

    The search anchors on the token cell: only land cells with the token cell's height and
    Vegetation and the wanted occupancy are tried (``index_of``). Every orientation's first
    cell has the habitat's rarest code (``Habitat.first_code``), so only the orientations whose
    first cell holds that code are checked (``Habitat.firsts``): found from the island's cells
    of that code when they are fewer than the places a first cell may lie, else by looking at
    those places; an island with too few cells of some code the habitat needs is not searched
    at all. A token cell none of
    whose possible habitat cells changed since the version the island was derived from keeps
    that version's answer. Birds elsewhere in the group do not matter (ruling IS-R06).
    """
    facts = island(state)
    table = _answers(facts, occupied)
    found = table[card]
    if found is None:
        found = table[card] = _search(state, facts, card, occupied)
    return found


def _answers(facts: Island, occupied: bool) -> list[list[int] | None]:
    """The island version's ``fits``, or with ``occupied`` its ``flocks`` (made when first
    asked)."""
    table = facts.flocks if occupied else facts.fits
    if table is None:
        table = [None] * (NUM_BIRDS + 1)
        if occupied:
            facts.flocks = table
        else:
            facts.fits = table
    return table


def placements(state: IsleState, cards: list[int], occupied: bool = False) -> list[tuple[int, int]]:
    """Every ``(card, token cell)`` where a bird of ``cards`` may go now, sorted by card then
    cell (``fits`` of each card)."""
    return [(card, k) for card in sorted(cards) for k in fits(state, card, occupied)]


def place_actions(state: IsleState, cards: list[int], occupied: bool = False) -> list[Any]:
    """``placements`` of ``cards`` (sorted) as ``place`` actions (``flock`` actions with
    ``occupied``)."""
    facts = island(state)
    table = _answers(facts, occupied)
    make = _FLOCK_AT if occupied else _PLACE
    made = _MADE[occupied]
    actions: list[Any] = []
    for card in cards:
        found = table[card]
        if found is None:
            found = table[card] = _search(state, facts, card, occupied)
        if found:
            row = made[card]
            keys: list[Any] = found  # objects: compiled, no int is boxed again
            actions += [row.get(k) or row.setdefault(k, make[card, k]) for k in keys]
    return actions


_PLACE: Final = PLACE
"""``actions.PLACE`` (``_FLOCK_AT``: ``actions.FLOCK_AT``) as this module's own constant:
compiled (setup.py), a native static rather than a look-up in the module's dict."""
_FLOCK_AT: Final = FLOCK_AT

_MADE: Final[tuple[list[dict[int, Any]], ...]] = tuple(
    [{} for _ in range(NUM_BIRDS + 1)] for _ in range(2)
)
"""``_MADE[occupied][card][cell]`` is ``PLACE[card, cell]`` (``FLOCK_AT`` with ``occupied``)
once asked for: a plain dict keyed by one int, where ``PLACE`` is keyed by a pair and, a dict
subclass, looked up through Python (``actions._Interned``)."""


def _check_placement(state: IsleState, action: Any, occupied: bool) -> None:
    card, k = action.card, action.cell
    _hand_card(state, action, card)
    if not has_bird_token(state, state.player):
        raise _fail(action, ("you have no Bird token left", "IS-R18"))
    if occupied and k not in state.birds:
        raise _fail(action, ("Flock places a bird on a tile that already holds one", "IS-55"))
    if not occupied and k in state.birds:
        raise _fail(action, ("that tile already holds a bird (one bird per tile)", "IS-39"))
    if k not in fits(state, card, occupied):  # as legal_actions found, usually known
        raise _fail(
            action,
            ("the habitat does not match the island there in any orientation", "IS-32"),
        )


def _place_bird(state: IsleState, card: int, k: int) -> None:
    """Put bird ``card`` from the current hand on ``k``: token, card to the placed row, ability
    token (IS-36, IS-37, ruling IS-R18), a draw owed (IS-38); in solo a new turn (IS-74) and the
    Stamina pool refill (IS-75)."""
    p = state.player
    state.hands[p].remove(card)
    _publish(state, p, card)
    state.placed[p].append(card)
    state.birds[k] = state.birds.get(k, ()) + (p,)
    changed(state, k)
    kind = state.options.ability[card]
    if state.token_supply[kind]:
        state.token_supply[kind] -= 1
        state.tokens[p][kind] += 1
    state.draws += 1
    if state.options.solo:
        _solo_placement(state)


def _apply_place(state: IsleState, action: Place) -> None:
    _require_action(state, action)
    _check_placement(state, action, occupied=False)
    _use_action(state)
    _place_bird(state, action.card, action.cell)
