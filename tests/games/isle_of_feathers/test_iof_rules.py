"""Building land, birds and abilities: one test per rule, and the FAQ answers as tests.

Ids are rules (IS-nn, docs/rules/isle-of-feathers.md) and rulings (IS-Rnn). Birds used
(shipped content): 25 Andean Cock-of-the-rock: two bare Sand, Flit; 17 Horned Screamer: three
bare Sand, Mound; 38 Vogelkop Bowerbird: three bare Sand, Shoo; 29 Sword-billed Hummingbird:
three bare Sand, Flock; 45 Malleefowl: Sand and Sand with Vegetation, Replant; 3 Kakapo: Sand,
Grass, Sand, Burrow.
"""

from __future__ import annotations

import pytest
from iof_helpers import START, cell, code_at, habitat_island, play, position

from fourfeathers import IllegalActionError
from fourfeathers.games.isle_of_feathers import rules_land, rules_place
from fourfeathers.games.isle_of_feathers.actions import (
    AddTile,
    AddVegetation,
    Place,
    Shoo,
    TakeFaceUp,
)
from fourfeathers.games.isle_of_feathers.content import ABILITIES, FLIT, MOUND, SHOO
from fourfeathers.games.isle_of_feathers.rules_phases import ABILITY, DRAW, MAIN, PLANT

COCK, SCREAMER, BOWERBIRD, HUMMINGBIRD, MALLEEFOWL, KAKAPO = 25, 17, 38, 29, 45, 3


def refused(state, text: str, rule: str) -> None:
    """``text`` raises IllegalActionError naming ``rule`` and changes nothing."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        play(state, text)
    assert info.value.rule == rule, info.value
    assert state.to_dict() == before


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_ability_names():
    """IS-04, ruling IS-R03: six kinds; the FAQ's four names and our two, in printed order."""
    assert ABILITIES == ("mound", "burrow", "replant", "flit", "flock", "shoo")


# --- Building land -----------------------------------------------------------------------------


def test_sand_goes_on_the_ocean_next_to_the_island_only():
    """IS-18, IS-20: Sand must touch a tile; it comes from the supply. IS-17: a space with no
    tile is ocean (height 0). IS-11: adding the tile is one of the turn's two actions."""
    state = position()
    assert code_at(state, "5,5") == (0, 0) and code_at(state, "3,0") == (0, 0)
    assert "tile 3,0" in legal(state) and "tile 5,5" not in legal(state)
    refused(state, "tile 5,5", "IS-20")
    play(state, "tile 3,0")
    assert code_at(state, "3,0") == (1, 0) and state.supply == [9, 8, 6]
    assert state.actions_left == 1


def test_figure_a_two_sand_neighbours_support_grass():
    """IS-21: Grass on Sand with two Sand neighbours (the starting island's 0,0 has three)."""
    state = position()
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (2, 0) and state.supply[1] == 7


def test_figure_b_a_grass_neighbour_supports_grass():
    state = position(island=["0,0:1", "1,0:2"])
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (2, 0)


def test_figure_c_one_sand_neighbour_is_not_enough():
    """IS-22, IS-25."""
    state = position(island=["0,0:1", "1,0:1"])
    refused(state, "tile 0,0", "IS-25")
    assert "tile 0,0" not in legal(state)


def test_grass_next_to_a_cliff_only():
    """Ruling IS-R04 (IS-Q5): any taller neighbour supports; variant strict-support: only one
    exactly one level taller."""
    play(position(island=["0,0:1", "1,0:3"]), "tile 0,0")
    strict = position(island=["0,0:1", "1,0:3"], options={"variants": ["strict-support"]})
    refused(strict, "tile 0,0", "IS-R04")
    play(position(island=["0,0:1", "1,0:2"], options={"variants": ["strict-support"]}), "tile 0,0")


def test_faq_tiles_stack_on_cliffs():
    """FAQ (IS-24, IS-57): a Cliff goes on a Cliff with two Cliff neighbours, making a double
    cliff; then a Cliff next to that double cliff may be raised too; one Cliff neighbour alone
    is not enough."""
    state = position(island=["0,0:3", "1,0:3", "0,1:3", "2,0:3"])
    assert state.supply[2] == 6 - 4
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (4, 0) and state.supply[2] == 1
    play(state, "tile 1,0")  # a neighbouring double cliff is taller: supports
    assert code_at(state, "1,0") == (4, 0) and state.supply[2] == 0
    lone = position(island=["0,0:3", "1,0:3"])
    refused(lone, "tile 0,0", "IS-25")


def test_the_tile_kind_follows_the_height_and_the_supply_limits_it():
    """IS-19, IS-29: Grass on Sand, Cliff on Grass or Cliff; none left, none placed. IS-03: a
    Grass tile raises the space to 2, a Cliff to 3."""
    state = position(island=["0,0:2", "1,0:2", "0,1:2"] + [f"{q},5:2" for q in range(5)])
    assert state.supply[1] == 0
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (3, 0) and state.supply[2] == 5
    no_grass = position(island=["0,0:1", "1,0:1", "0,1:1"] + [f"{q},5:2" for q in range(8)])
    refused(no_grass, "tile 0,0", "IS-29")


def test_cliff_needs_two_grass_neighbours_or_a_cliff_neighbour():
    """IS-23: Cliff on Grass with two Grass neighbours, or with one Cliff neighbour; a single
    Grass neighbour is not enough."""
    state = position(island=["0,0:2", "1,0:2", "0,1:2"])
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (3, 0) and state.supply[2] == 5
    state = position(island=["0,0:2", "1,0:3"])
    play(state, "tile 0,0")
    assert code_at(state, "0,0") == (3, 0)
    refused(position(island=["0,0:2", "1,0:2"]), "tile 0,0", "IS-25")


def test_vegetation_and_birds_fix_a_tile():
    """IS-27, IS-28: nothing is stacked on a tile with Vegetation or a bird."""
    state = position(island=["0,0:1V", "1,0:1", "0,1:1", "1,1:1"], birds={"1,0": [1]})
    refused(state, "tile 0,0", "IS-27")
    refused(state, "tile 1,0", "IS-28")
    assert "tile 0,1" in legal(state)


# --- Vegetation --------------------------------------------------------------------------------


def test_vegetation_on_any_tile_without_it():
    """IS-30, IS-31; IS-12: adding Vegetation is one of the turn's actions."""
    state = position(island=["0,0:1V", "1,0:3"])
    refused(state, "veg 0,0", "IS-30")
    refused(state, "veg 5,5", "IS-30")
    play(state, "veg 1,0")
    assert code_at(state, "1,0") == (3, 1) and state.veg_supply == 16
    assert state.actions_left == 1


def test_vegetation_on_a_birds_tile():
    """Ruling IS-R15: not by default (a bird fixes the tile); variant veg-under-birds allows it."""
    refused(position(birds={"0,0": [1]}), "veg 0,0", "IS-R15")
    state = position(birds={"0,0": [1]}, options={"variants": ["veg-under-birds"]})
    play(state, "veg 0,0")
    assert code_at(state, "0,0") == (1, 1)


# --- Birds -------------------------------------------------------------------------------------


def test_placing_a_bird_takes_its_token_and_owes_a_draw():
    """IS-36, IS-37, IS-38: token on the marked tile, the card to the placed row, the ability
    token, then a Flight Path draw refills the hand to five (IS-16). IS-40: the token's tile is
    fixed from then on. IS-48: the earned token stays with its owner after the turn."""
    state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]])
    assert "place 25 at 0,0" in legal(state)
    play(state, "place 25 at 0,0")
    assert state.birds == {cell("0,0"): (0,)} and state.placed[0] == [COCK]
    assert state.tokens[0][FLIT] == 1 and state.token_supply[FLIT] == 8
    assert state.phase == DRAW and len(state.hands[0]) == 4
    assert {str(a) for a in state.legal_actions()} == {
        "take 1",
        "take 2",
        "take 3",
        "take 4",
        "draw blind",
    }
    refused(state, "tile 3,0", "IS-38")
    play(state, "take 1")
    assert len(state.hands[0]) == 5 and state.phase == MAIN and state.actions_left == 1
    refused(state, "tile 0,0", "IS-28")
    assert "tile 0,0" not in legal(state) and "veg 0,0" not in legal(state)
    play(state, "tile 3,0", "pass 5")
    assert state.tokens[0][FLIT] == 1 and state.player == 1


def test_bird_facts_are_no_step_of_the_game():
    """IS-41: telling a bird fact is optional and changes nothing, so a placement is a card
    and a tile only and goes straight on to its draw; no action speaks of facts."""
    state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]])
    assert Place.__slots__ == ("card", "cell")
    play(state, "place 25 at 0,0")
    assert state.phase == DRAW
    assert not any("fact" in a for a in legal(state))


def test_one_bird_per_tile_and_the_habitat_must_match():
    """IS-32, IS-39, IS-13."""
    state = position(hands=[[COCK, KAKAPO, 5, 6, 7], [9, 10, 11, 12]], birds={"1,0": [1]})
    refused(state, "place 25 at 1,0", "IS-39")
    refused(state, "place 3 at 0,0", "IS-32")  # Kakapo needs Grass
    refused(state, "place 9 at 0,0", "IS-13")  # not in hand


def test_birds_elsewhere_in_the_habitat_do_not_matter():
    """Ruling IS-R06: only the token tile must be free."""
    state = position(
        hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], island=["0,0:1", "1,0:1"], birds={"1,0": [1]}
    )
    play(state, "place 25 at 0,0")
    assert state.birds[cell("0,0")] == (0,)


def test_no_bird_token_left_no_placement_no_ability_token_none_taken():
    """Ruling IS-R18 (IS-Q25)."""
    island = [f"{q},{r}:1" for q in range(5) for r in range(3)]
    birds = {f"{q},{r}": [0] for q in range(5) for r in range(2)}  # ten red birds
    state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], island=island, birds=birds)
    refused(state, "place 25 at 0,2", "IS-R18")
    full = position(
        hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], tokens=[[0, 0, 0, 9, 0, 0], [0] * 6]
    )
    play(full, "place 25 at 0,0")
    assert full.tokens[0][FLIT] == 9 and full.token_supply[FLIT] == 0


def test_the_solo_player_houses_birds_with_every_colours_tokens():
    """Ruling IS-R33: in solo the eleventh bird takes a token of the next colour (the forty in
    the box); with variant solo-one-colour the ten of one colour are all (ruling IS-R18)."""
    island = [f"{q},{r}:1" for q in range(5) for r in range(3)]
    birds = {f"{q},{r}": [0] for q in range(5) for r in range(2)}  # ten red birds
    ten = list(range(40, 50))
    hand = [[COCK, 5, 6, 7, 8]]
    one = position(1, hands=hand, island=island, birds=birds, placed=[ten],
                   options={"variants": ["solo-one-colour"]})  # fmt: skip
    refused(one, "place 25 at 0,2", "IS-R18")
    every = position(1, hands=hand, island=island, birds=birds, placed=[ten])
    assert every.options.bird_tokens == 40
    play(every, "place 25 at 0,2")
    assert len(every.placed[0]) == 11 and every.birds[cell("0,2")] == (0,)
    places = every.component_locations()
    assert places["island birds"] == [f"red bird {i}" for i in range(1, 11)] + ["blue bird 1"]
    assert "red bird 1" not in places["bird supply"] and "blue bird 2" in places["bird supply"]
    everything = sorted(map(str, (c for found in places.values() for c in found)))
    assert everything == sorted(map(str, every.game.components()))


# --- Abilities ---------------------------------------------------------------------------------


def test_mound_raises_any_tile_even_a_fixed_one():
    """IS-51: stacking rules and fixed tiles do not stop it; tokens stay on the tile."""
    state = position(
        island=["0,0:1V", "5,5:1"], birds={"0,0": [1]}, tokens=[[1, 0, 0, 0, 0, 0], [0] * 6]
    )
    play(state, "mound 0,0")
    assert code_at(state, "0,0") == (2, 1) and state.birds[cell("0,0")] == (1,)
    assert state.tokens[0][MOUND] == 0 and state.token_supply[MOUND] == 9
    assert state.actions_left == 2  # no action spent (IS-49)


def test_faq_mound_turns_ocean_into_sand_only_next_to_the_island():
    """FAQ (IS-60): a Sand tile from the supply, on a space touching the island."""
    state = position(tokens=[[2, 0, 0, 0, 0, 0], [0] * 6])
    refused(state, "mound 5,5", "IS-60")
    play(state, "mound 3,0")
    assert code_at(state, "3,0") == (1, 0) and state.supply[0] == 9
    assert "mound 9,9" not in legal(state)


def test_faq_burrow_turns_sand_back_into_ocean_and_tokens_lie_wet():
    """FAQ (IS-58, IS-59): the Sand returns to the supply; Vegetation and bird stay on the
    ocean space; the island can split; a wet space takes no tile (ruling IS-R16)."""
    island = ["0,0:1", "1,0:1V", "2,0:1"]
    state = position(
        island=island, birds={"1,0": [1]}, placed=[[], [44]], tokens=[[0, 2, 0, 0, 0, 0], [0] * 6]
    )
    play(state, "burrow 1,0")
    assert code_at(state, "1,0") == (0, 1) and state.birds[cell("1,0")] == (1,)
    assert state.supply[0] == 16 - 2 and state.placed[1] == [44]
    assert rules_land.touches_land(state.cells, cell("1,0"))  # now two islands: 0,0 and 2,0
    refused(state, "tile 1,0", "IS-27")
    refused(state, "burrow 1,0", "IS-52")  # ocean cannot go lower
    mound = position(
        island=["0,0:1", "1,0:0V", "2,0:1"],
        birds={"1,0": [1]},
        placed=[[], [44]],
        tokens=[[1, 0, 0, 0, 0, 0], [0] * 6],
    )
    play(mound, "mound 1,0")  # lifts the wet tokens back onto land
    assert code_at(mound, "1,0") == (1, 1) and mound.birds[cell("1,0")] == (1,)


def test_burrow_returns_the_top_tile_kind():
    state = position(island=["0,0:4", "1,0:2"], tokens=[[0, 2, 0, 0, 0, 0], [0] * 6])
    cliffs, grass = state.supply[2], state.supply[1]
    play(state, "burrow 0,0", "burrow 1,0")
    assert state.supply[2] == cliffs + 1 and state.supply[1] == grass + 1
    assert code_at(state, "0,0") == (3, 0) and code_at(state, "1,0") == (1, 0)


def test_replant_moves_vegetation_in_two_steps():
    """IS-53: pick up a Vegetation token (also one lying on the ocean), put it on a tile
    without Vegetation; a bird's tile may take it (ruling IS-R15)."""
    state = position(
        island=["0,0:1V", "1,0:1", "2,0:0V", "3,0:1V"],
        birds={"1,0": [0]},
        placed=[[44], []],
        tokens=[[0, 0, 2, 0, 0, 0], [0] * 6],
    )
    assert {"replant 0,0", "replant 2,0", "replant 3,0"} <= legal(state)
    play(state, "replant 2,0")
    assert state.phase == PLANT and legal(state) == {"plant 1,0"}
    refused(state, "tile 1,0", "IS-53")
    play(state, "plant 1,0")
    assert cell("2,0") not in state.cells and code_at(state, "1,0") == (1, 1)
    assert state.phase == MAIN and state.veg_supply == 15


def test_shoo_moves_any_bird_to_a_neighbouring_tile_even_an_occupied_one():
    """IS-56: one space, another player's bird too (ruling IS-R16), onto a bird."""
    state = position(
        island=["0,0:1", "1,0:2", "2,0:1"],
        birds={"0,0": [1], "1,0": [0]},
        placed=[[44], [43]],
        tokens=[[0, 0, 0, 0, 0, 2], [0] * 6],
    )
    play(state, "shoo blue 0,0 to 1,0")
    assert state.birds == {cell("1,0"): (0, 1)}
    refused(state, "shoo blue 1,0 to 1,1", "IS-62")
    refused(state, "shoo red 1,0 to 3,0", "IS-56")


def test_faq_shoo_moves_one_bird_at_a_time_and_never_into_the_water():
    """FAQ (IS-61, IS-62): two birds on a tile need two Shoos; the ocean takes no bird."""
    state = position(
        island=["0,0:1", "1,0:1"],
        birds={"0,0": [0, 1]},
        placed=[[44], [43]],
        tokens=[[0, 0, 0, 0, 0, 2], [0] * 6],
    )
    play(state, "shoo red 0,0 to 1,0")
    assert state.birds == {cell("0,0"): (1,), cell("1,0"): (0,)}
    assert "shoo blue 0,0 to -1,0" not in legal(state)
    refused(state, "shoo blue 0,0 to -1,0", "IS-62")
    play(state, "shoo blue 0,0 to 1,0")
    assert state.birds == {cell("1,0"): (0, 1)} and state.tokens[0][SHOO] == 0


def test_flit_gives_one_more_action():
    """IS-54, IS-50: the token goes back to the supply."""
    state = position(tokens=[[0, 0, 0, 1, 0, 0], [0] * 6])
    play(state, "flit")
    assert state.actions_left == 3 and state.token_supply[FLIT] == 9


def test_flock_places_a_bird_on_an_occupied_tile_without_an_action():
    """IS-55, ruling IS-R10: a free placement that earns its token and draws; an empty tile is
    for the place action. Variant flock-costs-action: it uses an action."""
    hands = [[HUMMINGBIRD, COCK, 5, 6, 7], [9, 10, 11, 12]]
    state = position(
        hands=hands, birds={"0,0": [1]}, placed=[[], [44]], tokens=[[0, 0, 0, 0, 1, 0], [0] * 6]
    )
    refused(state, "flock 25 at 1,1", "IS-55")
    assert "flock 25 at 0,0" in legal(state)
    play(state, "flock 25 at 0,0")
    assert state.birds[cell("0,0")] == (1, 0) and state.actions_left == 2
    assert state.phase == DRAW and state.tokens[0] == [0, 0, 0, 1, 0, 0]
    costly = position(
        hands=hands,
        birds={"0,0": [1]},
        placed=[[], [44]],
        tokens=[[0, 0, 0, 0, 1, 0], [0] * 6],
        options={"variants": ["flock-costs-action"]},
    )
    play(costly, "flock 25 at 0,0")
    assert costly.actions_left == 1


# --- Discarding --------------------------------------------------------------------------------


def test_faq_discarding_a_flit_bird_gives_the_action_back():
    """FAQ (IS-63): the discard costs an action, its Flit returns it: a free action."""
    state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]])
    play(state, "discard 25")
    assert state.actions_left == 2 and state.turn_actions == 1
    assert state.phase == DRAW and state.discard == [COCK]
    assert state.tokens[0][FLIT] == 0  # no token for a discard (IS-46)
    play(state, "draw blind")
    assert state.actions_left == 2 and len(state.hands[0]) == 5


def test_discard_uses_the_ability_then_draws():
    """IS-14, IS-46, IS-47, ruling IS-R07: the discard action uses the ability first (targets
    or skip), then a Flight Path draw; no token is taken."""
    state = position(hands=[[SCREAMER, 5, 6, 7, 8], [9, 10, 11, 12]])
    play(state, "discard 17")
    assert state.phase == ABILITY and "skip" in legal(state) and "mound 0,0" in legal(state)
    refused(state, "take 1", "IS-46")
    refused(state, "burrow 0,0", "IS-46")
    play(state, "mound 3,0")
    assert code_at(state, "3,0") == (1, 0) and state.token_supply[MOUND] == 9
    assert state.phase == DRAW and state.actions_left == 1


def test_a_discarded_ability_may_be_skipped_unless_the_variant_forbids_it():
    """Ruling IS-R09: optional by default; variant compulsory-abilities."""
    state = position(hands=[[SCREAMER, 5, 6, 7, 8], [9, 10, 11, 12]])
    play(state, "discard 17", "skip")
    assert state.phase == DRAW
    strict = position(
        hands=[[SCREAMER, 5, 6, 7, 8], [9, 10, 11, 12]],
        options={"variants": ["compulsory-abilities"]},
    )
    play(strict, "discard 17")
    assert "skip" not in legal(strict)
    refused(strict, "skip", "IS-R09")


def test_a_discarded_ability_without_use_fizzles():
    """Ruling IS-R09 (IS-Q8): Shoo with no bird on the island: the discard is still allowed."""
    state = position(hands=[[BOWERBIRD, 5, 6, 7, 8], [9, 10, 11, 12]])
    play(state, "discard 38")
    assert state.phase == DRAW and state.pending == -1


def test_discard_flock_places_a_bird_from_hand():
    state = position(
        hands=[[HUMMINGBIRD, COCK, 5, 6, 7], [9, 10, 11, 12]], birds={"0,0": [1]}, placed=[[], [44]]
    )
    play(state, "discard 29")
    assert state.phase == ABILITY and "flock 25 at 0,0" in legal(state)
    play(state, "flock 25 at 0,0")
    assert state.draws == 2 and state.phase == DRAW
    play(state, "take 1", "take 1")
    assert len(state.hands[0]) == 5 and state.phase == MAIN


def test_discard_draws_blind_variant():
    """Ruling IS-R07 variant discard-draws-blind: the top of the Draw pile, the Flight Path
    unmoved."""
    state = position(
        hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], options={"variants": ["discard-draws-blind"]}
    )
    top, path = state.draw[-1], list(state.path)
    play(state, "discard 25")
    assert state.phase == MAIN and top in state.hands[0] and state.path == path


def test_habitat_island_helper_places_every_bird():
    """Every bird can be placed on its own habitat laid out as printed."""
    game = position().game
    for card in range(1, 53):
        others = [c for c in range(1, 53) if c != card]
        game_state = position(
            hands=[[card, *others[:4]], others[4:8]], island=habitat_island(game, card)
        )
        assert (card, cell("0,0")) in rules_place.placements(game_state, [card]), card


def test_start_island_takes_the_sand_birds():
    state = position(hands=[[COCK, SCREAMER, BOWERBIRD, 5, 6], [9, 10, 11, 12]])
    spots = rules_place.placements(state, state.hands[0])
    assert {c for c, _ in spots} == {COCK, SCREAMER, BOWERBIRD}
    assert len(START) == 6


def test_a_wet_vegetation_token_is_not_a_habitat_cell():
    """Ruling IS-R05: the ocean never matches a diagram cell, even with Vegetation lying on it."""
    hands = [[MALLEEFOWL, 5, 6, 7, 8], [9, 10, 11, 12]]  # Sand token, Sand with Vegetation
    dry = position(hands=hands, island=["0,0:1", "-1,1:1V"])
    assert rules_place.placements(dry, [MALLEEFOWL]) == [(MALLEEFOWL, cell("0,0"))]
    wet = position(hands=hands, island=["0,0:1", "-1,1:0V"])
    assert rules_place.placements(wet, [MALLEEFOWL]) == []


@pytest.mark.parametrize(
    "action",
    [
        Shoo(9, 0, 1),
        Shoo(-1, 0, 1),
        Shoo(True, 0, 1),
        AddVegetation("x"),
        AddTile(1.0),
        Place(True, 0),
        TakeFaceUp(True),
    ],
)
def test_malformed_action_objects_are_refused_and_change_nothing(action):
    state = position(
        island=["0,0:1", "1,0:2", "2,0:1"],
        birds={"0,0": [1], "1,0": [0]},
        placed=[[44], [43]],
        tokens=[[0, 0, 0, 0, 0, 2], [0] * 6],
    )
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_dict() == before


@pytest.mark.parametrize("text", ["take 5", "take 8", "take 0"])
def test_take_beyond_the_flight_path_does_not_parse(text):
    state = position()
    with pytest.raises(IllegalActionError, match="IS-08"):
        state.game.parse_action(text)
