"""The engine-speed round of issue 36 for the Isle: what each change relies on, checked on its
own (the games themselves stay those of ``test_iof_trace_hash`` and ``test_iof_incremental``).

- ``rules_land.derive`` looks up in the sorted tile spots only the changed cells and the
  neighbours whose status ``_flipped`` says changed: ``_flipped`` must agree with
  ``_tile_kind`` on the two grids for every space whose code and birds stayed;
- ``rules_land.raise_spots`` reads the ocean next to the island from the version's tile spots
  and grid;
- a placement search that finds nothing returns the one shared empty list;
- a version whose change is a cell's birds alone reads its parent's grid (no copy).
"""

from __future__ import annotations

import random

from fourfeathers import make
from fourfeathers.games.isle_of_feathers import rules_land, rules_place
from fourfeathers.games.isle_of_feathers.hexgrid import NEIGHBOUR_OFFSETS, STRIDE


def _grid(rng: random.Random, size: int) -> bytearray:
    """A random grid of codes: ocean, Sand to double cliff, some with Vegetation."""
    return bytearray(rng.choice((0, 0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 7)) for _ in range(size))


def test_flipped_agrees_with_tile_kind_on_both_grids():
    """For a space of the same code on both grids, ``_flipped`` is True exactly when
    ``_tile_kind`` (no bird there) gives a spot on one grid and none on the other: thousands
    of random spaces, changes around them of one to three neighbours, both stacking rules."""
    rng = random.Random(36)
    seen = {True: 0, False: 0}
    for _ in range(4000):
        before = _grid(rng, 5 * STRIDE)
        after = bytearray(before)
        i = 2 * STRIDE + rng.randrange(1, STRIDE - 1)
        for d in rng.sample(NEIGHBOUR_OFFSETS, rng.randint(1, 3)):
            after[i + d] = rng.choice((0, 2, 3, 4, 5, 6))
        strict = rng.random() < 0.5
        old = rules_land._tile_kind(bytes(before), i, False, strict) >= 0
        new = rules_land._tile_kind(bytes(after), i, False, strict) >= 0
        flipped = rules_land._flipped(bytes(before), bytes(after), i, strict)
        assert flipped == (old != new), (before[i], strict)
        seen[flipped] += 1
    assert seen[True] > 100 and seen[False] > 1000  # both answers were tried


def test_raise_spots_are_every_tile_and_the_ocean_next_to_the_island():
    """At every decision of random games: Mound's spots (IS-51, IS-60, ruling IS-R11) equal
    the definition on the cells alone, supplies out included."""
    game = make("isle-of-feathers", players=3)
    rng = random.Random(4)
    checked = 0
    for _ in range(8):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            cells, supply = state.cells, state.supply
            want = {k for k, c in cells.items() if c >= 2 and supply[2 if c >= 4 else 1]}
            if supply[0]:
                want |= {
                    k + d
                    for k, c in cells.items()
                    if c >= 2
                    for d in NEIGHBOUR_OFFSETS
                    if cells.get(k + d, 0) < 2
                }
            assert rules_land.raise_spots(state) == sorted(want)
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 300


def test_raise_spots_take_the_ocean_under_a_bird_or_vegetation_left_by_burrow():
    """A bird or a Vegetation token left on the ocean by Burrow (IS-58, ruling IS-R16) is on no
    tile spot (IS-27, IS-28), yet Mound may raise that space when it touches the island
    (IS-60): ``raise_spots`` finds it on the grid, and the rest among the tile spots."""
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(5)
    land = sorted(k for k, c in state.cells.items() if c >= 2)
    ocean = sorted(
        {k + d for k in land for d in NEIGHBOUR_OFFSETS if state.cells.get(k + d, 0) < 2}
    )
    bird, vegetation = ocean[0], ocean[-1]
    state.birds[bird] = (0,)
    state.cells[vegetation] = 1
    state.island = None  # the island changed by hand: derived again from the cells
    assert bird not in rules_land.tile_spots(state)
    assert vegetation not in rules_land.tile_spots(state)
    spots = rules_land.raise_spots(state)
    assert spots == sorted(land + ocean)
    assert bird in spots and vegetation in spots
    state.supply[0] = 0  # no Sand left: no ocean to raise (ruling IS-R11)
    state.island = None
    assert rules_land.raise_spots(state) == land


def test_a_search_that_finds_nothing_shares_one_empty_list():
    """Most searches find no place (a bird fits nowhere yet): they return
    ``rules_place._NOWHERE``, not a new empty list each, and a bird that fits gets a list of
    its own."""
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(3)
    empty = fitting = 0
    for card in range(1, len(game.content.habitat)):
        found = rules_place.fits(state, card)
        if found:
            assert found is not rules_place._NOWHERE
            fitting += 1
        else:
            assert found is rules_place._NOWHERE
            empty += 1
    assert rules_place._NOWHERE == []
    assert empty > 10 and fitting > 0


def test_a_change_of_birds_alone_keeps_the_grid_of_codes():
    """A placement changes a cell's birds, not its code: the version it leads to reads the
    grid of the version before (the same ``bytes``, not a copy); a tile changes the code and
    gets a grid of its own, equal to the cells."""
    game = make("isle-of-feathers", players=2)
    rng = random.Random(12)
    shared = copied = 0
    for _ in range(30):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            actions = state.legal_actions()
            action = rng.choice(actions)
            before = state.island
            state.apply_action(action)
            after = state.island
            if before is None or after is None or after is before or before.index is None:
                continue
            rules_land.tile_spots(state)  # derives the new version
            if after.prior is not before:
                continue
            grid, base = after.grid, after.base
            assert all(grid[k - base] == c for k, c in state.cells.items())
            if type(action).__name__ == "Place":
                assert grid is before.grid
                shared += 1
            elif type(action).__name__ == "AddTile":
                assert grid is not before.grid
                copied += 1
    assert shared > 10 and copied > 100


def test_spots_derived_around_two_raised_cells_that_share_neighbours():
    """Two tiles added with no legal actions asked between them give a version derived
    around both at once: a space next to both is looked at twice (``rules_land._near`` adds
    it for each) and settled once. Its tile and Vegetation spots equal the ones derived from
    the cells alone, in many random games' first two tiles side by side, both stacking
    rules."""
    twice = 0
    for strict in (False, True):
        game = make("isle-of-feathers", players=2, variants=["strict-support"] if strict else [])
        rng = random.Random(7)
        for _ in range(150):
            state = game.new_initial_state(rng.randrange(2**32))
            spots = list(rules_land.tile_spots(state))
            a = rng.choice(spots)
            beside = [a + d for d in NEIGHBOUR_OFFSETS if a + d in spots]
            if not beside:
                continue
            b = rng.choice(beside)
            tiles = {x.cell: x for x in state.legal_actions() if type(x).__name__ == "AddTile"}
            state.apply_action(tiles[a])
            if rules_land.tile_problem(state, b):  # b lost its support (strict-support)
                continue
            state.apply_action(tiles[b])  # no legal actions asked: derived around a and b
            assert len(state.island.dirty) == 2 and len(state.island.lifted) == 2
            near = {a + d for d in NEIGHBOUR_OFFSETS} & {b + d for d in NEIGHBOUR_OFFSETS}
            got = (list(rules_land.tile_spots(state)), list(rules_land.vegetation_spots(state)))
            fresh = state.clone()
            fresh.island = None
            want = (rules_land.tile_spots(fresh), rules_land.vegetation_spots(fresh))
            assert got == want
            twice += any((k in want[0]) != (k in spots) for k in near)
    assert twice > 20  # a shared neighbour changed its answer


def test_drop_and_holds_answer_as_list_remove_and_in():
    """``rules_knowledge._drop`` (the first copy of a card leaves a list, none is no error) and
    ``_holds`` (``in``), on random lists of cards with repeats, against ``list.remove`` and
    ``in`` (the knowledge of hidden cards, IS-83, ruling IS-R29, keeps its lists with them)."""
    from fourfeathers.games.isle_of_feathers import rules_knowledge

    rng = random.Random(83)
    for _ in range(2000):
        cards = [rng.randint(1, 12) for _ in range(rng.randint(0, 8))]
        card = rng.randint(1, 13)
        want = cards[:]
        if card in want:
            want.remove(card)
        assert rules_knowledge._holds(cards, card) == (card in cards)
        rules_knowledge._drop(cards, card)
        assert cards == want
