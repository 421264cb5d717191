"""Hex geometry and habitat matching: keys, neighbours, the 12 symmetries, every orientation."""

from __future__ import annotations

import itertools

import pytest
from iof_helpers import cell, position

from fourfeathers import make
from fourfeathers.games.isle_of_feathers import rules_place
from fourfeathers.games.isle_of_feathers.hexgrid import (
    NEIGHBOUR_OFFSETS,
    NEIGHBOURS,
    SYMMETRIES,
    Habitat,
    code,
    coords,
    distance,
    is_connected,
    key,
    offset,
    transform,
)

GAME = make("isle-of-feathers", players=2)
BIRDS = range(1, 53)


def test_keys_round_trip_and_translate_by_addition():
    for q, r in itertools.product(range(-20, 21, 7), range(-20, 21, 5)):
        assert coords(key(q, r)) == (q, r)
        assert key(q, r) + offset(3, -4) == key(q + 3, r - 4)
    with pytest.raises(ValueError, match="off the board"):
        key(101, 0)


def test_six_neighbours_at_distance_one():
    """IS-26: a space's neighbours are the six hexes sharing an edge with it."""
    assert len(set(NEIGHBOURS)) == 6
    for dq, dr in NEIGHBOURS:
        assert distance((0, 0), (dq, dr)) == 1
        assert key(5, -2) + offset(dq, dr) in {key(5, -2) + d for d in NEIGHBOUR_OFFSETS}


def test_twelve_distinct_symmetries_that_keep_neighbours():
    """IS-33: six rotations, each mirrored: 12 different maps, each permuting the neighbours."""
    images = {tuple(transform(m, q, r) for q, r in [(1, 0), (2, -1)]) for m in SYMMETRIES}
    assert len(SYMMETRIES) == 12 and len(images) == 12
    for m in SYMMETRIES:
        assert sorted(transform(m, q, r) for q, r in NEIGHBOURS) == sorted(NEIGHBOURS)
    rotate = SYMMETRIES[2]
    assert transform(rotate, 1, 0) == (0, 1)  # (q, r) -> (-r, q + r)
    assert transform(SYMMETRIES[1], 1, 0) == (0, 1) and transform(SYMMETRIES[1], 2, -1) == (-1, 2)


def test_connectivity():
    assert is_connected([(0, 0), (1, 0), (1, 1)])
    assert not is_connected([(0, 0), (2, 0)])
    assert not is_connected([])


def test_habitat_normalises_on_the_token_cell():
    hab = Habitat.build([(5, 5, 1, False), (6, 5, 2, True), (5, 6, 3, False)], (6, 5))
    assert hab.cells[0] == (0, 0, 2, True)
    assert hab.token_code == code(2, True) == 5
    assert sorted(hab.cells[1:]) == [(-1, 0, 1, False), (-1, 1, 3, False)]
    with pytest.raises(ValueError, match="connected"):
        Habitat.build([(0, 0, 1, False), (2, 0, 1, False)], (0, 0))
    with pytest.raises(ValueError, match="land"):
        Habitat.build([(0, 0, 1, False), (1, 0, 0, False)], (0, 0))
    with pytest.raises(ValueError, match="token"):
        Habitat.build([(0, 0, 1, False)], (1, 0))
    with pytest.raises(ValueError, match="at least 2 cells .ruling IS-R01., this one has 1"):
        Habitat.build([(0, 0, 1, False)], (0, 0))


def test_distinct_images_follow_the_shapes_symmetry():
    line = Habitat.build([(0, 0, 1, False), (1, 0, 1, False), (2, 0, 1, False)], (1, 0))
    assert len(line.images) == 3  # a straight line centred on the token: 3 directions
    pair = Habitat.build([(0, 0, 1, False), (1, 0, 1, False)], (0, 0))
    assert len(pair.images) == 6
    chiral = Habitat.build(
        [(0, 0, 1, False), (1, 0, 2, False), (1, 1, 3, False), (2, 1, 1, True)], (0, 0)
    )
    assert len(chiral.images) == 12
    for n in BIRDS:
        hab = GAME.content.habitat[n]
        assert 1 <= len(hab.images) <= 12 and 12 % len(hab.images) == 0


def _island(habitat: Habitat, m, at: tuple[int, int]) -> dict[int, int]:
    """The habitat turned by symmetry ``m`` with its token cell on ``at``, as island cells."""
    q0, r0 = at
    cells = {}
    for dq, dr, h, v in habitat.cells:
        tq, tr = transform(m, dq, dr)
        cells[key(q0 + tq, r0 + tr)] = code(h, v)
    return cells


@pytest.mark.parametrize("m", range(12))
def test_every_bird_matches_under_every_rotation_and_reflection(m):
    """IS-32, IS-33: each of the 52 habitats, laid out in orientation m, is found at its token."""
    for n in BIRDS:
        hab = GAME.content.habitat[n]
        cells = _island(hab, SYMMETRIES[m], (3, -2))
        assert hab.fits_at(cells, key(3, -2)), (n, m)
        for other in cells:
            if other != key(3, -2):
                assert not hab.fits_at(cells, other) or cells[other] == hab.token_code


@pytest.mark.parametrize("m", range(12))
def test_a_changed_cell_breaks_the_match_in_every_orientation(m):
    """IS-34, IS-35: height and Vegetation both ways; a missing cell (ocean) breaks it too."""
    for n in BIRDS:
        hab = GAME.content.habitat[n]
        base = _island(hab, SYMMETRIES[m], (0, 0))
        for k, c in base.items():
            for changed in (c + 2, c - 2, c ^ 1, 0):
                cells = dict(base)
                if changed < 2:
                    del cells[k]  # ocean (a wet token never matches either, ruling IS-R05)
                else:
                    cells[k] = changed
                assert not hab.fits_at(cells, key(0, 0)), (n, m, coords(k), changed)


def test_cells_around_the_habitat_do_not_matter():
    """Ruling IS-R05 / IS-Q17: only the diagram's cells are compared."""
    hab = GAME.content.habitat[4]
    cells = _island(hab, SYMMETRIES[5], (0, 0))
    for k in list(cells):
        for d in NEIGHBOUR_OFFSETS:
            cells.setdefault(k + d, code(3, True))
    assert hab.fits_at(cells, key(0, 0))


@pytest.mark.parametrize("m", [0, 1, 4, 7, 11])
def test_the_engine_places_a_bird_in_a_turned_orientation(m):
    """Through legal_actions and apply_action, not only Habitat.fits_at."""
    card = next(  # no symmetry, and no other cell the token could stand on
        n
        for n in BIRDS
        if len(GAME.content.habitat[n].images) == 12
        and [2 * h + v for _, _, h, v in GAME.content.habitat[n].cells].count(
            GAME.content.habitat[n].token_code
        )
        == 1
    )
    hab = GAME.content.habitat[card]
    cells = _island(hab, SYMMETRIES[m], (1, 0))
    island = [
        f"{coords(k)[0]},{coords(k)[1]}:{c >> 1}{'V' if c & 1 else ''}" for k, c in cells.items()
    ]
    state = position(island=island, hands=[[card, 5, 6, 7, 8], [9, 10, 11, 12]])
    assert rules_place.placements(state, [card]) == [(card, key(1, 0))]
    state.apply_action(GAME.parse_action(f"place {card} at 1,0"))
    assert state.placed[0] == [card] and state.birds == {cell("1,0"): (0,)}
