"""One test per tricky rule of play: turn order, collecting, the Fox, the Trap, moving, refilling,
leaving, the end and the tie-break."""

from __future__ import annotations

import pytest
from ff_helpers import names, position

from fourfeathers import IllegalActionError, make
from fourfeathers.core import TERMINAL
from fourfeathers.games.fancy_feathers import render, rules
from fourfeathers.games.fancy_feathers.actions import (
    LEAVE,
    LOSE_ASIDE,
    PASS_TRAPS,
    Lose,
    Move,
    lose,
    move,
)

FILL = ["nest", "blood-pheasant", "green-pheasant", "peacock", "reeves-pheasant"]
TYPES6 = ["nest", "blood-pheasant", "green-pheasant", "peacock", "trap", "fox"]


@pytest.fixture(scope="module")
def two():
    return make("fancy-feathers", players=2, types=TYPES6)


@pytest.fixture(scope="module")
def three():
    return make("fancy-feathers", players=3, types=TYPES6)


def refused(state, action, rule: str) -> None:
    """``action`` raises naming ``rule`` and leaves the state unchanged."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert info.value.rule == rule, str(info.value)
    assert state.to_dict() == before


# --- setup and turn order ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_counts(players):
    """FF-09, FF-10, FF-68, FF-69: 18 cards per player, 3 per player removed. FF-13, FF-70: 5
    cards on the Path, every disc on the start. FF-03, FF-11, FF-75: each player has one disc of
    their own and one collection. FF-66: the components are the animal cards only; servant cards
    are never counted."""
    game = make("fancy-feathers", players=players)
    state = game.new_initial_state(11)
    in_play = 18 * players
    assert len(state.box) == 3 * players
    assert len(state.path) == 5 and state.rear == 1
    assert len(state.stack) == in_play - 3 * players - 5
    assert len(game.components()) == 36 * players  # 12 types, one set of 3 per player
    assert state.pos == [0] * players and sorted(state.order) == list(range(players))
    assert state.current_player == state.order[0]
    assert state.held == [[]] * players  # FF-24: the start space collects nothing


def test_first_game_types():
    """FF-07."""
    state = make("fancy-feathers", types="first-game").new_initial_state(1)
    assert state.observation(0)["types"] == [
        "golden-pheasant",
        "pheasant-fart",
        "lady-amherst-pheasant",
        "blood-pheasant",
        "green-pheasant",
        "reeves-pheasant",
    ]


def test_types_not_in_play_never_occur_and_a_type_not_held_scores_nothing(two):
    """FF-65: every card dealt is of the six types in play (FF-09: all 36 of them with two
    players); a player scores only the types they hold, and nothing for an empty collection."""
    game = make("fancy-feathers")
    for seed in range(10):
        state = game.new_initial_state(seed)
        dealt = state.path + state.stack + state.box
        assert len(dealt) == 36 and {game.ctype[c] for c in dealt} == set(state.types)
    state = position(two, path=["peacock"] * 5, discs=[(0, 0), (1, 0)], held={1: ["nest"] * 2})
    assert state.scores() == [0, 4]
    assert state.score_sheet(0) == [] and len(state.score_sheet(1)) == 1


def test_random_types_and_disc_order_come_from_the_seed():
    """FF-06 (always six types), FF-12 and FF-70 (the discs stacked in random order on the
    start), ruling FF-R02 (random types by default)."""
    game = make("fancy-feathers", players=4)
    seen_types = {tuple(game.new_initial_state(s).types) for s in range(30)}
    assert {len(t) for t in seen_types} == {6}
    seen_orders = {tuple(game.new_initial_state(s).order) for s in range(30)}
    assert len(seen_types) > 20 and len(seen_orders) > 10
    assert game.new_initial_state(5) == game.new_initial_state(5)


def test_top_disc_of_a_stack_moves_first_and_collects_nothing(three):
    """FF-17, FF-23: on top of another disc, no collection; the top disc moves first. FF-16,
    FF-71: the disc furthest behind moves. FF-72: seat 1, under seat 3, waits until seat 3 has
    moved away."""
    state = position(three, path=FILL + ["nest"] * 3, discs=[(2, 2), (0, 2), (1, 4)])
    assert state.current_player == 2
    assert state.held == [[], [], []] and state.rear == 1
    state.apply_action(move(4))  # to c6, ahead of everyone
    assert state.current_player == 0  # now alone on c2: collects c1 and c2
    assert names(three, state.held[0]) == ["nest", "blood-pheasant"]


def test_a_player_may_take_several_turns_in_a_row(two):
    """FF-18: moving while still behind every other disc gives the next turn again."""
    state = position(two, path=FILL + ["nest"] * 3, discs=[(0, 1), (1, 5)])
    state.apply_action(move(1))
    assert state.current_player == 0
    state.apply_action(move(2))
    assert state.current_player == 0
    assert names(two, state.held[0]) == ["nest", "blood-pheasant", "green-pheasant", "peacock"]


# --- moving and refilling ------------------------------------------------------------------------


def test_a_move_goes_at_least_one_card_forward(two):
    """FF-R10 and FF-27: no standing still, no move past the front card."""
    state = position(two, path=FILL, discs=[(0, 0), (1, 0)], stack=["nest"] * 3)
    refused(state, move(0), "FF-R10")
    refused(state, move(6), "FF-27")
    assert state.legal_actions() == [move(n) for n in range(1, 6)]


def test_only_the_foremost_disc_refills(three):
    """FF-30, FF-32: a move that ends behind another disc draws nothing. FF-73: with three
    players, the disc that ends foremost tops the Path up to exactly 5 cards ahead of it."""
    state = position(
        three, path=FILL + ["nest"] * 4, discs=[(0, 1), (1, 2), (2, 4)], stack=["peacock"] * 3
    )
    state.apply_action(move(2))  # c1 -> c3, still behind seat 3 on c4
    assert state.front == 9 and len(state.stack) == 3
    assert state.current_player == 1
    state.apply_action(move(3))  # seat 2: c2 -> c5, ahead of seat 3 on c4
    assert state.front == 10 and len(state.stack) == 2


def test_refill_takes_what_the_stack_still_has(two):
    """FF-31: the Path is completed with as many cards as are left."""
    state = position(two, path=FILL, discs=[(0, 0), (1, 0)], stack=["nest", "peacock"])
    assert not two.reveals(state, move(1)) or True
    state.apply_action(move(4))  # 1 card ahead; 4 wanted, 2 left
    assert names(two, state.path[-2:]) == ["nest", "peacock"]
    assert state.stack == [] and state.front == 7


def test_moving_onto_the_front_stack_is_foremost_but_draws_nothing(three):
    """FF-R13: no disc strictly ahead means foremost; the front card already has 5 ahead."""
    state = position(
        three, path=FILL + ["nest"] * 4, discs=[(0, 1), (1, 2), (2, 4)], stack=["peacock"] * 3
    )
    assert not three.reveals(state, move(3))
    state.apply_action(move(3))
    assert state.stack_at(4) == [0, 2] and len(state.stack) == 3


# --- leaving and the end -------------------------------------------------------------------------


def test_leaving_needs_an_empty_stack(two):
    """FF-42, FF-43."""
    state = position(two, path=FILL, discs=[(0, 0), (1, 0)], stack=["nest"])
    assert LEAVE not in state.legal_actions()
    refused(state, LEAVE, "FF-43")
    empty = position(two, path=FILL, discs=[(0, 0), (1, 0)])
    assert empty.legal_actions()[-1] == LEAVE


def test_with_nothing_ahead_leaving_is_the_only_action(two):
    """FF-R11, FF-47: on the last card with the stack empty leaving is the only action, and the
    top disc leaves without collecting."""
    state = position(two, path=["nest", "nest"], discs=[(1, 2), (0, 2)])
    assert state.current_player == 1  # on top: leaves without collecting
    assert state.legal_actions() == [LEAVE]
    state.apply_action(LEAVE)
    assert state.current_player == 0  # now alone on c2: collects both cards
    assert names(two, state.held[0]) == ["nest", "nest"]
    assert state.held[1] == []


def test_last_player_goes_on_alone_then_the_game_ends(two):
    """Ruling FF-R17. FF-45: seat 1 has left and takes no more turns. FF-46: seat 2 collects
    only by moving on and taking the run behind its disc. FF-44, FF-47: it leaves, keeping that
    turn's collection and leaving the rest. FF-48: the Peacock left on the Path is not scored.
    FF-49: the game is over. FF-50, FF-52: the most points win, and a total may be negative."""
    state = position(two, path=["nest", "peacock", "nest", "peacock"], discs=[(0, 0), (1, 1)])
    state.apply_action(LEAVE)  # seat 1 leaves with nothing
    assert state.left == [0] and state.pos[0] == rules.LEFT
    assert state.current_player == 1 and names(two, state.held[1]) == ["nest"]
    state.apply_action(move(2))  # on to c3: collects c2 and c3 next turn
    assert state.current_player == 1
    assert names(two, state.held[1]) == ["nest", "peacock", "nest"]
    state.apply_action(LEAVE)  # leaves the last Peacock behind
    assert state.is_terminal() and state.current_player == TERMINAL
    assert names(two, state.path) == ["peacock"]
    assert state.scores() == [0, 4 - 10]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.legal_actions() == []
    refused(state, LEAVE, "FF-49")


def test_a_tie_goes_to_who_left_first(two):
    """FF-51: both end on 0 points; seat 2 left first."""
    state = position(two, path=["nest", "nest"], discs=[(1, 0), (0, 0)])
    state.apply_action(LEAVE)
    state.apply_action(LEAVE)
    assert state.left == [1, 0] and state.scores() == [0, 0]
    assert state.winners() == [1]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_play_by_the_two_player_rules(players):
    """FF-76: with the other discs waiting at the front, the Fox and the Trap of the two-player
    tests play out the same."""
    game = make("fancy-feathers", players=players, types=TYPES6)
    front = [(seat, 5) for seat in range(2, players)]
    fox = position(
        game,
        path=["nest", "fox", "peacock", "nest", "nest"],
        discs=[(0, 3), (1, 4), *front],
        held={0: ["blood-pheasant"]},
    )
    assert [str(a) for a in fox.legal_actions()] == ["lose blood-pheasant", "lose nest"]
    fox.apply_action(lose(6, 0))
    assert names(game, fox.held[0]) == ["blood-pheasant", "fox", "peacock"]
    trap = position(
        game, path=["trap", "nest", "nest", "nest", "nest"], discs=[(0, 1), (1, 3), *front]
    )
    trap.apply_action(move(3))
    trap.apply_action(PASS_TRAPS)
    assert trap.current_player == 1 and names(game, trap.held[1]) == ["trap", "nest", "nest"]


# --- the Fox -------------------------------------------------------------------------------------


def test_fox_choice_includes_earlier_cards_of_the_collection_not_later_ones(two):
    """FF-21, FF-37..FF-39: the Nest before the Fox may go, the Peacock after it not yet."""
    state = position(
        two,
        path=["nest", "fox", "peacock", "nest", "nest"],
        discs=[(0, 3), (1, 4)],
        held={0: ["blood-pheasant"]},
    )
    assert state.phase == rules.FOX_CHOICE and state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["lose blood-pheasant", "lose nest"]
    refused(state, lose(5, 0), "FF-38")  # a Peacock: not collected yet
    refused(state, move(1), "FF-37")
    refused(state, PASS_TRAPS, "FF-37")
    state.apply_action(lose(6, 0))  # lose the Nest
    assert names(two, state.held[0]) == ["blood-pheasant", "fox", "peacock"]
    assert names(two, state.foxed[0]) == ["nest"]
    assert state.phase == rules.MOVE


def test_fox_cannot_remove_itself_and_with_nothing_else_nothing_is_lost(two):
    """FF-R04: the first card ever collected is a Fox: kept, no loss."""
    state = position(two, path=["fox", "nest", "nest", "nest", "nest"], discs=[(0, 2), (1, 3)])
    assert state.phase == rules.MOVE
    assert names(two, state.held[0]) == ["fox", "nest"]
    assert state.foxed[0] == []


def test_fox_may_remove_itself_variant():
    game = make("fancy-feathers", types=TYPES6, variants=["fox-may-remove-itself"])
    state = position(game, path=["fox", "nest", "nest", "nest", "nest"], discs=[(0, 2), (1, 3)])
    assert state.phase == rules.FOX_CHOICE
    assert [str(a) for a in state.legal_actions()] == ["lose fox"]
    state.apply_action(lose(11, 0))
    assert names(game, state.held[0]) == ["nest"] and names(game, state.foxed[0]) == ["fox"]


def test_a_later_fox_may_take_an_earlier_fox(two):
    """FF-R06."""
    state = position(
        two,
        path=["fox", "fox", "nest", "nest", "nest"],
        discs=[(0, 2), (1, 3)],
        held={0: ["peacock"]},
    )
    assert [str(a) for a in state.legal_actions()] == ["lose peacock"]
    state.apply_action(state.legal_actions()[0])
    assert [str(a) for a in state.legal_actions()] == ["lose fox"]  # the first Fox, now held
    state.apply_action(lose(11, 0))
    assert names(two, state.held[0]) == ["fox"] and len(state.foxed[0]) == 2


def test_fox_may_take_a_set_aside_trap_in_plain_view(two):
    """FF-R05: the set-aside Trap goes to the box; nobody receives it; everyone knows."""
    state = position(two, path=["trap", "fox", "nest", "nest", "nest"], discs=[(0, 2), (1, 3)])
    assert state.legal_actions() == [LOSE_ASIDE]
    text = two.describe_action(state, LOSE_ASIDE)
    assert "set-aside Trap" in text
    state.apply_action(LOSE_ASIDE)
    assert state.aside == [] and names(two, state.foxed[0]) == ["trap"]
    assert state.phase == rules.MOVE
    state.apply_action(move(1))
    assert state.phase == rules.MOVE  # no Trap to pass
    history = state.observation(1)["players"][0]["history"]
    assert history[-2][0] == "lost" and history[-2][1] is not None


def test_fox_spares_set_aside_trap_variant():
    game = make("fancy-feathers", types=TYPES6, variants=["fox-spares-set-aside-trap"])
    state = position(game, path=["trap", "fox", "nest", "nest", "nest"], discs=[(0, 2), (1, 3)])
    assert state.phase == rules.MOVE  # nothing eligible: the Fox is kept
    assert names(game, state.held[0]) == ["fox"] and names(game, state.aside) == ["trap"]


# --- the Trap ------------------------------------------------------------------------------------


def test_trap_goes_to_the_player_of_the_next_turn(two):
    """FF-34, FF-35: set aside, then passed after the move."""
    state = position(two, path=["trap", "nest", "nest", "nest", "nest"], discs=[(0, 1), (1, 3)])
    assert state.held[0] == [] and names(two, state.aside) == ["trap"]
    refused(state, PASS_TRAPS, "FF-35")
    assert "go" in two.describe_action(state, move(3)) and "Seat 2" in (
        two.describe_action(state, move(3))
    )
    state.apply_action(move(3))  # c1 -> c4: seat 2 on c3 is now behind
    assert state.phase == rules.PASS and state.current_player == 0
    assert state.legal_actions() == [PASS_TRAPS]
    refused(state, move(1), "FF-35")
    assert "Seat 2" in two.describe_action(state, PASS_TRAPS)
    state.apply_action(PASS_TRAPS)
    assert state.current_player == 1
    assert names(two, state.held[1]) == ["trap", "nest", "nest"]


def test_trap_to_yourself_when_you_take_the_next_turn(two):
    """FF-R19: staying behind every other disc, you receive your own Trap at once."""
    state = position(two, path=["trap", "nest", "nest", "nest", "nest"], discs=[(0, 1), (1, 3)])
    assert "moves next, so keeps the set-aside Trap" in two.describe_action(state, move(2))
    state.apply_action(move(2))  # onto seat 2's disc at c3: on top, so next again
    state.apply_action(PASS_TRAPS)
    assert names(two, state.held[0]) == ["trap"]
    assert state.current_player == 0 and state.stack_at(3) == [0, 1]


def test_received_trap_counts_everywhere(two):
    """FF-R08, FF-R09: a received Trap scores -1 (FF-36, FF-61) and counts for the fewest
    cards."""
    state = position(
        two, path=["nest"] * 5, discs=[(0, 0), (1, 0)], held={0: ["trap"], 1: ["nest"]}
    )
    assert state.scores() == [-1, 1]


def test_trap_when_nobody_takes_another_turn_is_kept(two):
    """FF-R07: the last player leaves with a set-aside Trap and keeps it."""
    state = position(two, path=["trap", "nest"], discs=[(0, 1)], left=[1])
    state.apply_action(LEAVE)
    assert state.phase == rules.PASS
    assert "keep" in two.describe_action(state, PASS_TRAPS)
    state.apply_action(PASS_TRAPS)
    assert state.is_terminal() and names(two, state.held[0]) == ["trap"]


def test_trap_to_box_variant():
    game = make("fancy-feathers", types=TYPES6, variants=["unpassed-trap-to-box"])
    state = position(game, path=["trap", "nest"], discs=[(0, 1)], left=[1])
    box = len(state.box)
    state.apply_action(LEAVE)
    state.apply_action(PASS_TRAPS)
    assert state.is_terminal() and state.held[0] == [] and len(state.box) == box + 1


# --- Lady Amherst's after Foxes -------------------------------------------------------------------


def test_fewest_cards_counts_what_is_held_after_fox_losses():
    """FF-R09: after the Fox's loss seat 1 holds 2 cards to seat 2's 3, so only seat 1's Lady
    Amherst's scores (counting every card ever collected would make it a tie at 3). FF-40: the
    Nest sent to the box scores nothing."""
    game = make(
        "fancy-feathers",
        types=["lady-amherst-pheasant", "nest", "fox", "trap", "peacock", "mirror"],
    )
    state = position(
        game,
        path=["fox", "mirror", "peacock", "mirror", "peacock"],
        discs=[(0, 1), (1, 2)],
        held={0: ["lady-amherst-pheasant", "nest"], 1: ["lady-amherst-pheasant", "nest", "nest"]},
    )
    assert state.phase == rules.FOX_CHOICE
    state.apply_action(lose(6, 0))  # lose the Nest: Lady Amherst's + Fox
    assert state.scores() == [5 + 2, 0 + 4]


@pytest.mark.parametrize(
    "action",
    [
        Lose(99, 0),
        Lose(-1, 0),
        Lose(True, 0),
        Lose(6, -1),
        Lose(6.0, 0),
        Lose("nest", 0),
    ],
)
def test_malformed_lose_objects_are_refused_and_change_nothing(two, action):
    state = position(
        two,
        path=["nest", "fox", "peacock", "nest", "nest"],
        discs=[(0, 3), (1, 4)],
        held={0: ["blood-pheasant"]},
    )
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="FF-38") as err:
        state.apply_action(action)
    assert "lose fox" not in str(err.value)
    assert state.to_dict() == before


@pytest.mark.parametrize("action", [Move(True), Move(1.0), Move("1")])
def test_malformed_move_objects_are_refused(two, action):
    state = two.new_initial_state(3)
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="FF-R10"):
        state.apply_action(action)
    assert state.to_dict() == before


def test_move_descriptions_are_neutral_and_never_promise_too_much(two):
    """describe_action is shown to every seat: no "you"; with a disc behind, the collection is
    "up to" (that disc may still move up in between, FF-33)."""
    state = position(two, path=["nest"] * 5, discs=[(0, 1), (1, 2)])
    text = two.describe_action(state, move(3))
    assert "collects next turn up to 2 cards: Nest, Nest" in text
    assert "you" not in text.split()
    text = two.describe_action(state, move(1))
    assert "collects nothing there" in text and "you" not in text.split()


def test_a_one_point_win_reads_in_the_singular():
    from rich.console import Console

    game = make("fancy-feathers", types=TYPES6)
    state = position(game, path=["nest", "peacock"], discs=[(0, 1)], left=[1])
    state.apply_action(LEAVE)
    console = Console(width=120, record=True)
    console.print(render.render_result(game, state))
    text = console.export_text()
    assert state.scores() == [1, 0] and "Seat 1 wins with 1 point" in text
    assert "1 points" not in text
