"""What the engine keeps up to date as the island changes (the grid of codes, tile spots,
Vegetation spots, the placement index, the heuristic's fit levels) equals a from-scratch
computation, at every decision of random games in every registered configuration, also across
clones that share it.

The reference here derives everything again from the cells and birds alone: a space is a tile
spot when ``tile_problem`` finds no reason against it, a bird fits where one of the 12
symmetries of its printed diagram matches the island (no precomputed images), and the legal
actions are assembled in the engine's documented order.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from fourfeathers import make
from fourfeathers.core import TERMINAL
from fourfeathers.core.registry import game_spec
from fourfeathers.games.isle_of_feathers import actions as iof_actions
from fourfeathers.games.isle_of_feathers import heuristic, rules_land, rules_phases, rules_place
from fourfeathers.games.isle_of_feathers.actions import (
    DISCARD,
    DRAW_BLIND,
    END,
    FLIT_ACTION,
    FLOCK_AT,
    LOWER,
    PASS,
    PLACE,
    PLANT_AT,
    RAISE,
    RELEASE_CARD,
    SHOO_MOVE,
    SKIP,
    STAMINA,
    TAKES,
    TILE,
    UPROOT,
    VEGETATION,
    AddTile,
    Discard,
    Flock,
    Place,
)
from fourfeathers.games.isle_of_feathers.content import (
    BURROW,
    FLIT,
    FLOCK,
    MOUND,
    REPLANT,
)
from fourfeathers.games.isle_of_feathers.hexgrid import NEIGHBOUR_OFFSETS, SYMMETRIES, offset

CONFIGURATIONS = game_spec("isle-of-feathers").configurations


def _near(cells: dict[int, int]) -> list[int]:
    """Every space holding something, and every space next to one, sorted."""
    near = set(cells)
    for k in cells:
        near.update(k + d for d in NEIGHBOUR_OFFSETS)
    return sorted(near)


def ref_tile_spots(state) -> list[int]:
    return [k for k in _near(state.cells) if rules_land.tile_problem(state, k) is None]


def ref_vegetation_spots(state) -> list[int]:
    return [k for k in sorted(state.cells) if rules_land.vegetation_problem(state, k) is None]


def ref_fits(state, card: int, k: int) -> bool:
    """Bird ``card``'s printed diagram matches the island with its token cell on ``k`` under
    one of the 12 symmetries (IS-32, IS-33)."""
    cells = state.cells
    for a, b, c, d in SYMMETRIES:
        for dq, dr, height, veg in state.game.content.habitat[card].cells:
            at = k + offset(a * dq + b * dr, c * dq + d * dr)
            if cells.get(at, 0) != height * 2 + veg:
                break
        else:
            return True
    return False


def ref_placements(state, cards, occupied: bool) -> list[tuple[int, int]]:
    birds = state.birds
    land = [k for k in sorted(state.cells) if state.cells[k] >= 2]
    return [
        (card, k)
        for card in sorted(cards)
        for k in land
        if (k in birds) == occupied and ref_fits(state, card, k)
    ]


def ref_ability(state, kind: int) -> list:
    cells, birds, supply = state.cells, state.birds, state.supply
    if kind == MOUND:
        return [RAISE[k] for k in _near(cells) if rules_land.raise_problem(state, k) is None]
    if kind == BURROW:
        return [LOWER[k] for k in sorted(cells) if cells[k] >= 2]
    if kind == REPLANT:
        if not any(c >= 2 and not c & 1 for c in cells.values()):
            return []
        return [UPROOT[k] for k in sorted(cells) if cells[k] & 1]
    if kind == FLIT:
        return [FLIT_ACTION] if state.turn_actions < rules_phases.MAX_TURN_ACTIONS else []
    if kind == FLOCK:
        p = state.player
        if len(state.placed[p]) >= state.game.bird_tokens:
            return []
        if state.game.flock_costs_action and not rules_phases.can_act(state):
            return []
        return [FLOCK_AT[ck] for ck in ref_placements(state, state.hands[p], True)]
    del supply
    return [
        SHOO_MOVE[colour, src, dst]
        for src in sorted(birds)
        for colour in sorted(set(birds[src]))
        for dst in sorted(src + d for d in NEIGHBOUR_OFFSETS if cells.get(src + d, 0) >= 2)
    ]


def ref_legal_actions(state) -> list:
    """The legal actions in the order ``rules.legal_actions`` documents, from scratch."""
    p = state.player
    if p == TERMINAL:
        return []
    game = state.game
    if state.phase == rules_phases.DRAW:
        actions = [TAKES[s] for s, c in enumerate(state.path) if c]
        if state.draw or (not game.solo and state.discard):
            actions.append(DRAW_BLIND)
        return actions
    if state.phase == rules_phases.ABILITY:
        actions = ref_ability(state, state.pending)
        if not actions or not game.compulsory_abilities:
            actions.append(SKIP)
        return actions
    if state.phase == rules_phases.PLANT:
        cells = state.cells
        return [PLANT_AT[k] for k in sorted(cells) if cells[k] >= 2 and not cells[k] & 1]
    if state.phase == rules_phases.RELEASE:
        return [RELEASE_CARD[c] for c in sorted(state.hands[p])]
    hand = state.hands[p]
    actions: list = []
    closing = True
    if rules_phases.can_act(state):
        tiles, vegs = ref_tile_spots(state), ref_vegetation_spots(state)
        actions += [TILE[k] for k in tiles] + [VEGETATION[k] for k in vegs]
        if len(state.placed[p]) < game.bird_tokens:
            actions += [PLACE[ck] for ck in ref_placements(state, hand, False)]
        actions += [DISCARD[c] for c in sorted(hand)]
        closing = not hand and not tiles and not vegs
    for kind, held in enumerate(state.tokens[p]):
        if held:
            actions += ref_ability(state, kind)
    if game.solo and state.stamina and state.turn_actions < rules_phases.MAX_TURN_ACTIONS:
        actions.append(STAMINA)
    if closing:
        if game.solo or not hand or rules_phases.is_last_turn(state):
            actions.append(END)
        else:
            actions += [PASS[c] for c in sorted(hand)]
    return actions


def ref_fit_level(state, card: int) -> int:
    """The heuristic's fit level by exhaustive search: 2 if ``card`` fits now; 1 if some
    orientation, its token cell on a free tile or an ocean tile spot, matches the island but
    for one cell that is one level too low and a tile spot; else 0."""
    if ref_placements(state, [card], False):
        return 2
    cells, birds = state.cells, state.birds
    spots = set(ref_tile_spots(state))
    anchors = [k for k in cells if cells[k] >= 2 and k not in birds]
    anchors += [k for k in spots if cells.get(k, 0) < 2]
    for image in state.game.content.habitat[card].full_images:
        for t in anchors:
            misses = [t + off for off, c in image if cells.get(t + off, 0) != c]
            if len(misses) == 1:
                (k,) = misses
                c = next(c for off, c in image if t + off == k)
                if cells.get(k, 0) == c - 2 and k in spots:
                    return 1
    return 0


def ref_evaluate(state, player: int) -> float:
    """The heuristic's formula (``heuristic`` module docstring) with ``ref_fit_level``."""
    points = state.game.content.points
    value = float(state.scores()[player])
    game = state.game
    scarce = game.bird_tokens < sum(game.content.tiles)  # one colour's tokens (IS-R33)
    if game.solo and scarce and state.migration:  # a token's worth while the season has room
        left = game.bird_tokens - len(state.placed[player])
        value += 2.5 * min(left, state.supply[0])
    bonus = 0.0
    token_left = len(state.placed[player]) < game.bird_tokens
    if state.hands[player] and token_left:
        for card in state.hands[player]:
            bonus += {2: 0.4, 1: 0.2, 0: 0.0}[ref_fit_level(state, card)] * points[card]
    tokens = sum(state.tokens[player]) + (state.stamina if state.game.solo else 0)
    value = value + bonus + 0.3 * tokens
    if state.player == player and token_left:
        value += 0.35 * state.actions_left
    return value


def weight(state, action) -> float:
    """Uniform, or (for bigger islands) rare Sand on the ocean and frequent birds and abilities."""
    if isinstance(action, AddTile) and state.cells.get(action.cell, 0) < 2:
        return 0.05
    if isinstance(action, (Place, Flock)):
        return 20.0
    return 3.0 if isinstance(action, Discard) else 1.0


def check_grid(state) -> None:
    """The island version's grid holds every cell's code and nothing else, with the margin
    of rows around the island that the searches read without a bounds check."""
    rules_place.index_of(state)  # derives the version if nothing asked yet
    facts = state.island
    grid, base = facts.grid, facts.base
    assert {k + base: c for k, c in enumerate(grid) if c} == state.cells
    rows = [k >> 8 for k in state.cells]
    low, high = base >> 8, (base + len(grid)) >> 8
    margin = facts.shapes.margin
    assert low <= min(rows) - margin and max(rows) + margin < high


SINGLETONS = {id(a) for a in (DRAW_BLIND, END, FLIT_ACTION, STAMINA, SKIP, *TAKES)}


def check_interned(actions) -> None:
    """Every legal action is the one object of its value (``heuristic.ACTIONS_INTERNED``, on
    which ISMCTS keys its children by ``id``): a singleton or its table's entry."""
    for a in actions:
        if id(a) in SINGLETONS:
            continue
        args = dataclasses.astuple(a)
        table = iof_actions._TABLES[type(a)]
        assert table.get(args[0] if len(args) == 1 else args) is a, a


def check(state) -> None:
    assert state.legal_actions() == ref_legal_actions(state)
    check_interned(state.legal_actions())
    check_grid(state)


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
@pytest.mark.parametrize("weighted", [False, True], ids=["uniform", "weighted"])
def test_legal_actions_equal_a_from_scratch_computation(options, weighted):
    """Every decision of random games; at some, a clone (sharing what was computed) takes
    another action and both must still agree with the reference."""
    game = make("isle-of-feathers", **options)
    rng = random.Random(11)
    for _ in range(6 if weighted else 12):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == ref_legal_actions(state)
            check_interned(actions)
            check_grid(state)
            if rng.random() < 0.2 and len(actions) > 1:
                other = state.clone()
                other.apply_action(actions[-1])
                check(other)
                check(state.determinize(state.player, rng))
            if weighted:
                action = rng.choices(actions, [weight(state, a) for a in actions])[0]
            else:
                action = rng.choice(actions)
            state.apply_action(action)
        check(state)


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=str)
def test_heuristic_fit_levels_equal_a_from_scratch_computation(options):
    """The heuristic's fit level of every hand card, and its value for every seat."""
    game = make("isle-of-feathers", **options)
    rng = random.Random(5)
    for _ in range(4):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            if rng.random() < 0.3 and state.phase == rules_phases.MAIN:
                for p, hand in enumerate(state.hands):
                    for card in hand:
                        level = heuristic.fit_level_of(state, card)
                        assert level == ref_fit_level(state, card), (card, p)
                    assert heuristic.evaluate(state, p) == ref_evaluate(state, p)
            actions = state.legal_actions()
            state.apply_action(rng.choices(actions, [weight(state, a) for a in actions])[0])


@pytest.mark.parametrize("options", CONFIGURATIONS[:3], ids=str)
def test_fit_levels_found_from_the_version_before_equal_a_from_scratch_computation(options):
    """A bird at level 0 in the version an island was derived from is searched for only where
    the island changed (``heuristic._near_fit``, issue 36): every bird's level in versions made
    as a search's widening makes them (clones of one version, each taking another action),
    against the exhaustive search. The level-0 birds found at level 1 from the changed cells are
    all checked, a sample of the rest; a supply that runs out (its spots gone everywhere) makes
    the version searched whole. The tile spots' table the search reads, patched from the
    version before, against the tile spots found from the rules."""
    game = make("isle-of-feathers", **options)
    rng = random.Random(3)
    birds = range(1, len(game.content.habitat))
    found = {0: 0, 1: 0}  # birds at level 0 in the version before, by their level now
    whole = 0  # versions whose supplies changed since the one before
    state = game.new_initial_state(rng.randrange(2**32))
    while not state.is_terminal():
        actions = state.legal_actions()
        for action in rng.sample(actions, min(3, len(actions))):
            other = state.clone()
            other.apply_action(action)
            spot_at = heuristic._spot_codes(other, heuristic.island(other))[0]
            base = other.island.base  # the tile spots' table, patched from the version before
            assert [i + base for i, x in enumerate(spot_at) if x] == ref_tile_spots(other)
            for card in birds:
                level = heuristic.fit_level_of(other, card)
                facts = other.island
                prior = facts.prior
                was = None if prior is None or prior.levels is None else prior.levels.get(card)
                if was == 0 and level < 2:
                    near = heuristic._changed_cells(facts, prior)
                    if near is None:
                        whole += 1
                    else:
                        assert set(facts.moved) <= set(near)
                        found[level] += 1
                if level == 1 or rng.random() < 0.03:
                    assert level == ref_fit_level(other, card), card
        for card in birds:  # the version the clones were derived from knows every bird's level
            heuristic.fit_level_of(state, card)
        state.apply_action(rng.choices(actions, [weight(state, a) for a in actions])[0])
    assert found[0] > 1000 and found[1] > 50, found
    assert whole > 0


@pytest.mark.parametrize("options", CONFIGURATIONS[:3], ids=str)
def test_fits_of_every_bird_equal_a_from_scratch_computation(options):
    """Where every bird of the deck fits (on a free tile and by Flock), not only the hand's, at
    random positions of weighted games (bigger islands): the search from each orientation's
    rarest cell, the answers kept from the version before and the version every deal shares
    agree with the 12 symmetries tried everywhere."""
    game = make("isle-of-feathers", **options)
    rng = random.Random(8)
    birds = range(1, len(game.content.habitat))
    checked = 0
    for _ in range(3):
        state = game.new_initial_state(rng.randrange(2**32))
        while not state.is_terminal():
            if rng.random() < 0.25:
                for occupied in (False, True):
                    want = ref_placements(state, list(birds), occupied)
                    got = [(c, k) for c in birds for k in rules_place.fits(state, c, occupied)]
                    assert got == want, occupied
                checked += 1
            actions = state.legal_actions()
            state.apply_action(rng.choices(actions, [weight(state, a) for a in actions])[0])
    assert checked > 20
