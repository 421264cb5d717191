"""Featherlight rules of play, one test per rule (ids from docs/rules and docs/rulings)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from fl_helpers import build, play, solo

from fourfeathers import ConfigError, IllegalActionError, make
from fourfeathers.core import TERMINAL
from fourfeathers.games.featherlight.scoring import COLOURS


@pytest.mark.parametrize("players,removed,pile", [(2, 8, 23), (3, 7, 21), (4, 4, 20)])
def test_setup(players, removed, pile):
    """FL-08 (removed unseen), FL-09 (5 cards each), FL-10 (six one-card stacks), FL-11 (two
    equal piles)."""
    state = make("featherlight", players=players).new_initial_state(seed=3)
    assert len(state.box) == removed
    assert state.observation(0)["box"] == removed  # a count: nobody learns which
    assert [len(h) for h in state.hands] == [5] * players
    assert [len(s) for s in state.nest] == [1] * 6
    assert [len(p) for p in state.piles] == [pile, pile]
    assert state.wind == []


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players(players):
    """FL-05: 2-4 players compete; one player plays solo, with a wind stack and no win test."""
    state = make("featherlight", players=players).new_initial_state(1)
    assert len(state.hands) == players
    assert bool(state.wind) == (players == 1)


@pytest.mark.parametrize("players", [0, 5])
def test_other_numbers_of_players_are_refused(players):
    """FL-05."""
    with pytest.raises(ConfigError, match="players must be 1 to 4"):
        make("featherlight", players=players)


def test_the_nest_is_six_stacks_whatever_the_layout():
    """FL-06: a row or a 3 x 2 grid is the same nest, six stacks numbered 1 to 6; there is no
    layout option to choose."""
    game = make("featherlight")
    assert "layout" not in game.config
    with pytest.raises(ConfigError, match="no option 'layout'"):
        make("featherlight", layout="grid")
    state = game.new_initial_state(2)
    assert len(state.nest) == 6
    takes = [str(a) for a in state.legal_actions() if str(a).startswith("take")]
    assert takes == [f"take {s}" for s in range(1, 7)]


def test_every_seed_deals_a_fresh_shuffle_of_all_70_cards():
    """FL-07: 300 deals give 300 different first hands, and every card reaches one of them."""
    game = make("featherlight", players=2)
    seen: set[int] = set()
    hands = set()
    for seed in range(300):
        hand = game.new_initial_state(seed).hands[0]
        seen.update(hand)
        hands.add(tuple(sorted(hand)))
    assert seen == set(range(1, 71)) and len(hands) == 300


def test_solo_setup_removes_two_per_colour_and_counts_off_21_wind_cards():
    """FL-102 (two of each colour to the box), FL-103 (the other 56 shuffled together), FL-104
    (21 wind cards), FL-105 (then the usual deal: 5 in hand, 6 in the nest, piles of 12)."""
    game = make("featherlight", players=1)
    winds = set()
    for seed in range(20):
        state = game.new_initial_state(seed)
        assert Counter(game.cards.colour[c] for c in state.box) == {i: 2 for i in range(7)}
        assert len(state.wind) == 21
        assert [len(p) for p in state.piles] == [12, 12]
        assert len(state.hands[0]) == 5 and [len(s) for s in state.nest] == [1] * 6
        winds.add(tuple(state.wind))
        # one shuffled stack: the wind cards are not grouped by colour
        assert len({game.cards.colour[c] for c in state.wind[:7]}) > 1
    assert len(winds) == 20


def test_starting_player_is_chosen_or_random():
    """FL-12, ruling FL-R16."""
    assert make("featherlight", players=3, starting_player=2).new_initial_state(1).player == 2
    starters = {make("featherlight", players=4).new_initial_state(s).player for s in range(40)}
    assert starters == {0, 1, 2, 3}
    with pytest.raises(ConfigError, match="starting_player"):
        make("featherlight", players=3, starting_player=3)
    with pytest.raises(ConfigError, match="players must be 1 to 4"):
        make("featherlight", players=5)


def test_draw_and_discard():
    """FL-20 (draw a pile's top card), FL-22 (put any hand card on any stack), FL-23 (even the
    card just drawn), FL-24 (six stacks, that one a card taller), FL-16 (six cards in hand only
    between the two steps), FL-15 (no pass among the choices)."""
    state = build()
    with pytest.raises(IllegalActionError, match="not a Featherlight action"):
        state.game.parse_action("pass")
    assert [str(a) for a in state.legal_actions()] == [
        "draw 1",
        "draw 2",
        "take 1",
        "take 2",
        "take 3",
        "take 4",
        "take 5",
        "take 6",
    ]
    play(state, "draw 2")
    assert state.hands[0][-1] == 37 and len(state.piles[1]) == 3
    assert len(state.hands[0]) == 6
    assert len(state.legal_actions()) == 36
    play(state, "put 37 on 4")
    assert state.nest[3] == [14, 37] and len(state.hands[0]) == 5
    assert [len(s) for s in state.nest] == [1, 1, 1, 2, 1, 1]
    assert state.player == 1 and state.turn == 1


def test_turns_go_round_in_seat_order_from_the_starting_player():
    """FL-13: three players, seat 3 starts: seats 3, 1, 2, 3, 1, 2, 3."""
    state = make("featherlight", players=3, starting_player=2).new_initial_state(4)
    order = []
    for _ in range(7):
        order.append(state.player)
        play(state, "take 1", f"put {state.hands[state.player][0]} on 1")
    assert order == [2, 0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_keeps_hands_nest_and_piles_in_shape(players):
    """Random playouts. FL-14: a turn is one choice (draw or take) then one put. FL-16: six cards
    in hand between the two, five after. FL-17: six stacks with a top card after every action.
    FL-24: a draw makes one stack one card taller and one pile one card shorter. FL-29: a swap
    leaves the piles alone. FL-30: taking a top card exposes the card beneath it."""
    game = make("featherlight", players=players)
    rng = random.Random(players)
    for seed in range(8):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.player
            piles = [list(x) for x in state.piles]
            nest = [list(s) for s in state.nest]
            choice = rng.choice(state.legal_actions())
            assert str(choice).split()[0] in ("draw", "take")
            state.apply_action(choice)
            assert len(state.hands[p]) == 6 and state.player == p
            swap = str(choice).startswith("take")
            if swap:
                s = int(str(choice).split()[1]) - 1
                assert state.nest[s] == nest[s][:-1]
            put = rng.choice(state.legal_actions())
            assert str(put).startswith("put ")
            state.apply_action(put)
            assert len(state.hands[p]) == 5
            assert len(state.nest) == 6 and all(state.nest)
            grew = [len(a) - len(b) for a, b in zip(state.nest, nest, strict=True)]
            if swap:
                assert state.piles == piles
                assert sum(grew) == 0
            else:
                assert sorted(grew) == [0, 0, 0, 0, 0, 1]
                assert sum(map(len, piles)) - sum(map(len, state.piles)) == 1


def test_swap_with_a_gap_must_fill_it_and_not_with_the_taken_card():
    """FL-26, FL-27; FL-25: the card taken is public while it stays in that hand."""
    state = build()
    play(state, "take 3")
    assert 13 in state.hands[0] and state.nest[2] == []
    assert state.observation(1)["hands"][0]["known"] == [13]
    assert sorted(str(a) for a in state.legal_actions()) == sorted(
        f"put {c} on 3" for c in (10, 20, 31, 41, 58)
    )
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="FL-27"):
        play(state, "put 10 on 1")
    with pytest.raises(IllegalActionError, match="FL-26"):
        play(state, "put 13 on 3")
    assert state.to_dict() == before
    play(state, "put 10 on 3")
    assert state.nest[2] == [10]
    assert state.known[0] == [13]


def test_swap_without_gap_may_go_anywhere_even_back_on_the_same_stack():
    """FL-28, ruling FL-R11 (and its variant no-put-back); FL-30 (taking 13 exposes 17 under
    it); FL-29 (the draw piles are untouched)."""
    state = build(nest=[[11], [12], [17, 13], [14], [15], [16]])
    piles = [list(p) for p in state.piles]
    play(state, "take 3")
    assert state.nest[2] == [17]
    assert len(state.legal_actions()) == 30
    play(state, "put 10 on 3")
    assert state.nest[2] == [17, 10]
    assert state.piles == piles

    strict = build(
        make("featherlight", players=2, variants=["no-put-back"]),
        nest=[[11], [12], [17, 13], [14], [15], [16]],
    )
    play(strict, "take 3")
    assert len(strict.legal_actions()) == 25
    with pytest.raises(IllegalActionError, match="FL-R11"):
        play(strict, "put 10 on 3")
    play(strict, "put 10 on 4")
    play(strict, "take 1")  # seat 1 leaves a gap: the variant does not forbid filling it
    play(strict, "put 2 on 1")
    assert strict.nest[0] == [2]


def test_wrong_step_and_unknown_card_are_refused():
    state = build()
    with pytest.raises(IllegalActionError, match="FL-14"):
        play(state, "put 10 on 1")
    play(state, "draw 1")
    with pytest.raises(IllegalActionError, match="FL-14"):
        play(state, "draw 1")
    with pytest.raises(IllegalActionError, match="FL-22"):
        play(state, "put 2 on 1")  # seat 1's card
    with pytest.raises(IllegalActionError, match="not a Featherlight action"):
        state.game.parse_action("fly away")
    with pytest.raises(IllegalActionError, match="not a Featherlight action object"):
        state.apply_action("put 10 on 1")


@pytest.mark.parametrize(
    "text,rule",
    [("take 9", "FL-10"), ("put 12 on 7", "FL-10"), ("put 99 on 1", "FL-01"), ("draw 3", "FL-11")],
)
def test_out_of_range_text_names_the_rule(text, rule):
    with pytest.raises(IllegalActionError, match=rule):
        make("featherlight").parse_action(text)


def test_game_ends_after_the_turn_that_empties_a_pile():
    """FL-31, FL-32, FL-33: the drawer finishes the turn, then nobody else plays. FL-35: the
    drawer could instead have drawn from the other pile and put the end off."""
    other = build(piles=[[30], [40, 39, 38]])
    play(other, "draw 2", "put 38 on 1")
    assert not other.is_terminal() and other.player == 1
    state = build(piles=[[30], [40, 39, 38]])
    play(state, "draw 1")
    assert not state.is_terminal() and state.player == 0
    play(state, "put 30 on 1")
    assert state.is_terminal() and state.player == TERMINAL
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="FL-32"):
        play(state, "draw 2")


def test_swaps_never_end_the_game_but_the_turn_cap_does():
    """FL-34, ruling FL-R10."""
    state = build(make("featherlight", players=2, max_turns=4))
    for _ in range(4):
        play(state, "take 1", f"put {state.hands[state.player][0]} on 1")
    assert state.is_terminal() and state.turn == 4


def test_solo_wind_covers_highest_or_lowest_exposed_card():
    """FL-106 (an action, then the wind), FL-107, FL-108 (up covers the highest exposed number,
    down the lowest), FL-110: card 3's wind symbol decides; it lands face up and counts."""
    game = make("featherlight", players=1)
    up, down = game.cards.wind_up[3], not game.cards.wind_up[3]
    state = solo()
    play(state, "take 6", "put 10 on 6")  # nest tops 11..15 and 10
    target = 4 if up else 5  # stack holding 15 (highest) or 10 (lowest)
    assert state.nest[target][-1] == 3
    assert down == (target == 5)
    assert len(state.wind) == 1


def test_solo_ends_when_the_wind_stack_is_empty():
    """FL-111: also after the last wind card, with piles left. FL-113 and ruling FL-R19: the
    result is the score, with no win test."""
    state = solo(wind=[2])
    play(state, "take 1", "put 10 on 1")
    assert state.is_terminal() and state.returns() == [float(state.scores()[0])]
    assert state.winners() == []


def test_solo_wind_blows_on_the_last_turn_unless_the_variant_says_no():
    """Ruling FL-R12."""
    state = solo(piles=[[30], [40]])
    play(state, "draw 1", "put 30 on 1")
    assert state.is_terminal() and len(state.wind) == 1
    game = make("featherlight", players=1, variants=["no-wind-on-last-turn"])
    state = build(game, hands=[[10, 20, 31, 41, 58]], known=[[]], wind=[2, 3], piles=[[30], [40]])
    play(state, "draw 1", "put 30 on 1")
    assert state.is_terminal() and len(state.wind) == 2


@pytest.mark.parametrize(("wind_card", "target"), [(2, 4), (69, 4), (5, 5), (66, 5)])
def test_solo_wind_looks_only_at_exposed_numbers(wind_card, target):
    """FL-109: 70 lies covered under 11 and is ignored; up cards 2 and 69 both cover 15, the
    highest exposed number, down cards 5 and 66 both cover 10, the lowest: the wind card's own
    number plays no part."""
    game = make("featherlight", players=1)
    up = game.cards.wind_up[wind_card]
    assert up == (target == 4)
    state = solo(nest=[[70, 11], [12], [13], [14], [15], [16]], wind=[wind_card])
    play(state, "take 6", "put 10 on 6")  # exposed: 11, 12, 13, 14, 15, 10
    assert state.nest[target][-1] == wind_card
    assert state.nest[0] == [70, 11]


def test_a_solo_game_lasts_at_most_21_turns_and_exactly_21_when_only_swapping():
    """FL-112."""
    game = make("featherlight", players=1)
    rng = random.Random(5)
    for seed in range(30):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert 1 <= state.turn <= 21
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            play(state, f"take {rng.randrange(1, 7)}")
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.turn == 21 and state.wind == []


def test_solo_keeps_the_rules_of_the_competitive_game():
    """FL-114: both actions, the gap rule, no putting back the card taken, the hand of 5, the
    usual scoring."""
    state = solo()
    assert [str(a) for a in state.legal_actions()] == ["draw 1", "draw 2"] + [
        f"take {s}" for s in range(1, 7)
    ]
    play(state, "take 3")
    with pytest.raises(IllegalActionError, match="FL-27"):
        play(state, "put 10 on 1")
    with pytest.raises(IllegalActionError, match="FL-26"):
        play(state, "put 13 on 3")
    play(state, "put 10 on 3")
    assert len(state.hands[0]) == 5
    table = state.game.score_table(state.hands[0], state.nest)
    assert state.scores() == [sum(line.points for line in table)]


def scores_with(hand, nest, **config):
    game = make("featherlight", players=2, **config)
    return {line.card: line.points for line in game.score_table(hand, [[c] for c in nest])}


def by(colour: str, k: int, skip=()) -> list[int]:
    game = make("featherlight")
    return [c for c in game.cards.by_colour(COLOURS.index(colour)) if c not in skip][:k]


def test_card_21_never_below_zero_and_counts_itself_if_black():
    """FL-66, ruling FL-R07."""
    blacks = by("black", 10)
    hand = [21, *blacks[:4]]
    nest = blacks[4:10]
    assert scores_with(hand, nest)[21] == 0  # 20 - 2 x 10


def test_card_19_at_least_three_of_a_colour_or_exactly_with_the_variant():
    """FL-64, ruling FL-R03."""
    hand = [19, *by("red", 3, skip=(19,)), 10]  # four reds with 19
    nest = by("green", 6)
    assert scores_with(hand, nest)[19] == 18
    assert scores_with(hand, nest, variants=["exact-same-colour"])[19] == 0


def test_card_9_counts_itself_as_yellow():
    """FL-55: all seven colours with card 9 as the only yellow."""
    hand = [9, *by("red", 1), *by("purple", 1), *by("blue", 1), *by("green", 1)]
    nest = by("white", 3) + by("black", 3)
    assert scores_with(hand, nest)[9] == 35


def test_set_cards_each_use_every_feather_once_per_card():
    """FL-41 and ruling FL-R05: cards 22 and 24 both count the same red, yellow, black."""
    red, yellow, black = by("red", 1), by("yellow", 1), by("black", 1)
    hand = [22, 24, *red, *yellow, *black]
    nest = by("blue", 1) + by("white", 5)
    result = scores_with(hand, nest)
    assert result[22] == 25 and result[24] == 15


def finished(hands):
    state = build(hands=hands)
    state.player = TERMINAL
    return state


def test_tie_break_most_colours_then_shared():
    """FL-44 (most points), FL-45 (then most colours in hand), FL-46 (then shared), ruling
    FL-R08. The nest 11-16 holds no black and no white card."""
    white = [10, 20, 31, 41, 58]  # 10+8+7+6+5 = 36, one colour
    white_black = [10, 20, 31, 41, 47]  # 47 is the only black: odd, 5 -> 36, two colours
    white_red = [61, 62, 64, 67, 19]  # 5+5+4+4 + 18 (four whites) = 36, two colours
    state = finished([white, white_red])
    assert state.scores() == [36, 36]
    assert state.winners() == [1] and state.returns() == [0.0, 1.0]
    state = finished([white_black, white_red])
    assert state.scores() == [36, 36]
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]
    state = finished([white, [61, 62, 64, 67, 68]])
    assert state.winners() == [0]


def test_tie_break_variant_counts_cards_of_an_unshared_colour():
    """Ruling FL-R08 and variant tiebreak-unique-cards (FL-Q5 b). Both hands score 49 with
    three colours; seat 0 has two cards of an unshared colour, seat 1 only one."""
    hands = [[20, 36, 41, 47, 64], [4, 18, 23, 57, 66]]
    state = finished(hands)
    assert state.scores() == [49, 49] and state.winners() == [0, 1]
    game = make("featherlight", players=2, variants=["tiebreak-unique-cards"])
    state = build(game, hands=hands)
    state.player = TERMINAL
    assert state.winners() == [0]


def test_tournament_lowest_scorer_starts_and_a_tie_keeps_the_starter():
    """FL-115 (three games), FL-118, FL-119, ruling FL-R13."""
    game = make("featherlight", players=3)
    series = game.series()
    assert series.games == 3
    state = game.new_initial_state(1)
    state.player = TERMINAL
    state.starter = 2
    state.nest = [[11], [12], [13], [14], [15], [16]]
    state.hands = [[10, 20, 31, 41, 58], [61, 62, 64, 67, 68], [1, 2, 3, 4, 5]]
    low = min(range(3), key=lambda p: state.scores()[p])
    assert series.next_config(state) == {"starting_player": low}
    state.hands = [[10, 20, 31, 41, 58], [10, 20, 31, 41, 58], [10, 20, 31, 41, 58]]
    assert series.next_config(state) == {"starting_player": 2}


ROW = re.compile(r"│\s+(\d)\s+│\s+random\s+│" + r"\s+(\d+)\s+│" * 4)


def test_a_tournament_adds_three_scores_and_the_lowest_scorer_starts_the_next_game():
    """A whole tournament through ``feathers play --tournament``. FL-117: game 1's starter is
    chosen as for one game (here ``--start 2``). FL-118: seat 3 scores least in game 1 and starts
    game 2; seat 2 in game 2 and starts game 3. FL-116: each total is the sum of the three
    scores, and the highest total wins."""
    from typer.testing import CliRunner

    from fourfeathers.cli.main import app

    args = ["play", "featherlight", "--seats", "random,random,random", "--tournament"]
    result = CliRunner().invoke(app, [*args, "--seed", "3", "--start", "2"])
    assert result.exit_code == 0, result.output
    games = result.stdout.split("Pauly's Feather Tournament: game ")[1:]
    assert [g[:6] for g in games] == ["1 of 3", "2 of 3", "3 of 3"]
    assert "Seat 2 starts." in games[0]
    rows = [tuple(map(int, m.groups())) for m in ROW.finditer(games[2].split("after game 3")[1])]
    assert [r[0] for r in rows] == [1, 2, 3]
    scores = {seat: list(points) for seat, *points in rows}
    assert all(points[3] == sum(points[:3]) for points in scores.values())
    assert "Seat 3 starts this game" in games[1] and "Seat 2 starts this game" in games[2]
    assert min(scores, key=lambda s: scores[s][0]) == 3
    assert min(scores, key=lambda s: scores[s][1]) == 2
    best = max(scores, key=lambda s: scores[s][3])
    assert result.stdout.strip().splitlines()[-1] == (
        f"Pauly's Feather Tournament: seat {best} wins with {scores[best][3]} points in total"
    )


def test_state_from_dict_refuses_unreachable_positions():
    good = build().to_dict()
    for field, value, message in [
        ("hands", [[10, 20, 31, 41, 58], [2, 3, 4, 5, 10]], "exactly one place"),
        ("player", 7, "player and starter"),
        ("phase", 5, "phase"),
        ("hands", [[10, 20, 31, 41], [2, 3, 4, 5, 6, 58]], "hand 0 must hold 5"),
        ("piles", [[30], [40], [1]], "piles must be a list of 2"),
        ("known", [[2], []], "known 0"),
        ("turn", "3", "turn must be an integer"),
    ]:
        with pytest.raises(ValueError, match=message):
            make("featherlight", players=2).state_from_dict({**good, field: value})


@pytest.mark.parametrize("phase", [0, 1])
def test_state_from_dict_names_the_turn_past_the_turn_cap(phase):
    """A turn past the cap (ruling FL-R10) once drew "only this turn's draw may have emptied a
    draw pile" in the put step: the message names turn; a live game is below the cap."""
    game = make("featherlight", players=2)
    state = build()
    if phase == 1:  # the put step, whose check said "only this turn's draw..."
        play(state, "draw 1")
    good = state.to_dict()
    assert good["phase"] == phase
    assert game.state_from_dict({**good, "turn": 299}).turn == 299
    for turn in (301, 10**30):
        with pytest.raises(ValueError) as info:
            game.state_from_dict({**good, "turn": turn})
        assert str(info.value) == (
            "featherlight state: turn must be at most the turn cap 300 (ruling FL-R10)"
        )
    with pytest.raises(ValueError) as info:
        game.state_from_dict({**good, "turn": 300})
    assert str(info.value) == (
        "featherlight state: turn must be below the turn cap 300 while the game goes on "
        "(ruling FL-R10)"
    )


def test_a_live_game_with_an_empty_draw_pile_is_refused():
    """Issue 38: the game ends with the turn that empties a draw pile (FL-31, FL-32), so a
    position in which the next seat chooses with an empty pile is no game (``draw 1`` was
    offered and then refused); only the put of the turn that drew the last card has one."""
    game = make("featherlight", players=2)
    good = build().to_dict()
    with pytest.raises(ValueError, match="the game ended with the turn"):
        build(piles=[[], [40, 39, 38, 37]])
    with pytest.raises(ValueError, match="a game over must have an empty draw pile"):
        game.state_from_dict({**good, "player": TERMINAL})
    drew_last = build(
        piles=[[], [40, 39, 38, 37]], phase=1, hands=[[10, 20, 31, 41, 58, 30], [2, 3, 4, 5, 6]]
    )
    play(drew_last, "put 30 on 1")
    assert drew_last.is_terminal() and drew_last.ended_by().text == "draw pile 1 is empty"
    with pytest.raises(ValueError, match="only this turn's draw"):
        build(piles=[[], []], phase=1, hands=[[10, 20, 31, 41, 58, 30], [2, 3, 4, 5, 6]])


def test_state_from_dict_refuses_known_cards_twice_and_a_solo_box_of_other_colours():
    game = make("featherlight", players=2)
    good = build(known=[[10], []]).to_dict()
    with pytest.raises(ValueError, match="known 0 lists a card twice"):
        game.state_from_dict({**good, "known": [[10, 10], []]})
    alone = solo().to_dict()
    box, nest = alone["box"], alone["nest"]
    swapped = {
        **alone,
        "box": [nest[1][0], *box[1:]],
        "nest": [nest[0], [box[0], *nest[1][1:]], *nest[2:]],
    }
    with pytest.raises(ValueError, match="the box must hold 2"):
        make("featherlight", players=1).state_from_dict(swapped)


def test_observation_and_determinize_need_a_real_seat():
    state = build()
    for seat in (-1, 2, "0"):
        with pytest.raises(ValueError, match="player must be a seat 0-1"):
            state.observation(seat)
        with pytest.raises(ValueError, match="player must be a seat 0-1"):
            state.determinize(seat, __import__("random").Random(1))


@pytest.mark.parametrize(
    "config,message",
    [
        ({"starting_player": 1.5}, "starting_player"),
        ({"starting_player": "1"}, "starting_player"),
        ({"players": True}, "players must be 1 to 4"),
        ({"max_turns": True}, "max_turns"),
        ({"variants": "no-put-back"}, "variants must be a list"),
        ({"variants": ["no-such-thing"]}, "unknown variant"),
    ],
)
def test_bad_configuration_names_the_option(config, message):
    with pytest.raises(ConfigError, match=message):
        make("featherlight", **config)


@pytest.mark.parametrize("seed", [-7, "7", 2**64, True])
def test_seeds_are_non_negative_integers(seed):
    with pytest.raises(ValueError, match="a seed is an integer"):
        make("featherlight").new_initial_state(seed)


def test_which_decisions_reveal_hidden_cards():
    """Interfaces refuse to take these back (FL-18): draws, and solo puts that turn wind."""
    state = build()
    game = state.game
    draw, take = game.parse_action("draw 1"), game.parse_action("take 1")
    assert game.reveals(state, draw) and not game.reveals(state, take)
    play(state, "take 1")
    assert not game.reveals(state, game.parse_action("put 10 on 1"))
    alone = solo()
    play(alone, "take 1")
    assert alone.game.reveals(alone, alone.game.parse_action("put 10 on 1"))
