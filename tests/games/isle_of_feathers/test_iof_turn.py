"""The turn, the Flight Path, the pass, the endgame, ties and the solo Migration Season."""

from __future__ import annotations

import random

import pytest
from iof_helpers import play, position

from fourfeathers import IllegalActionError, make
from fourfeathers.core import TERMINAL
from fourfeathers.games.isle_of_feathers import rules_phases, rules_turn, scoring
from fourfeathers.games.isle_of_feathers.actions import PassCard
from fourfeathers.games.isle_of_feathers.content import FLIT
from fourfeathers.games.isle_of_feathers.rules_phases import (
    DRAW_EMPTY,
    ENDGAME,
    HAND_EMPTY,
    MAIN,
    MIGRATION_EMPTY,
    RELEASE,
    TURN_CAP,
)

COCK, SCREAMER = 25, 17  # two bare Sand (1 point, Flit); three bare Sand (1 point, Mound)
MALLEEFOWL = 45  # bare Sand beside Sand with Vegetation (2 points, Replant)
SAND_15 = [f"{q},0:1" for q in range(8)] + [f"{q},1:1" for q in range(7)]  # one Sand left
START_PLUS = ["0,0:1", "1,0:1", "2,0:1", "-1,1:1", "0,1:1", "1,1:1", "-2,1:1"]


def refused(state, text: str, rule: str) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        play(state, text)
    assert info.value.rule == rule, info.value
    assert state.to_dict() == before


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# --- Setup and the turn ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    """IS-05..IS-09: six Sand tiles, four cards each (IS-07) and five for the first player,
    four face up; the rest is the Draw pile. IS-06: the other tiles, the Vegetation and the
    Ability tokens are the common supply."""
    state = make("isle-of-feathers", players=players).new_initial_state(seed=11)
    assert sorted(state.cells.values()) == [2] * 6 and state.supply == [10, 8, 6]
    assert state.veg_supply == 18 and state.token_supply == [9] * 6
    assert state.tokens == [[0] * 6] * players
    sizes = [len(h) for h in state.hands]
    assert sizes[state.player] == 5 and sorted(sizes) == [4] * (players - 1) + [5]
    assert all(state.path) and len(state.path) == 4
    assert len(state.draw) == 52 - 4 * players - 1 - 4 and state.discard == []
    assert state.actions_left == 2 and state.player == state.starter


def test_starting_player_option_and_random_from_seed():
    game = make("isle-of-feathers", players=3, starting_player=2)
    assert game.new_initial_state(1).player == 2
    free = make("isle-of-feathers", players=3)
    assert {free.new_initial_state(s).player for s in range(30)} == {0, 1, 2}


def test_two_actions_then_pass_a_card():
    """IS-10, IS-15, IS-80: the same action twice is fine; the pass ends the turn and the next
    player holds five cards."""
    state = position()
    refused(state, "pass 5", "IS-10")
    play(state, "tile 3,0", "tile 4,0")
    assert legal(state) >= {"pass 5", "pass 30"} and "tile 5,0" not in legal(state)
    refused(state, "tile 5,0", "IS-10")
    play(state, "pass 30")
    assert state.player == 1 and state.turn == 1 and state.actions_left == 2
    assert [len(h) for h in state.hands] == [4, 5] and 30 in state.hands[1]


def test_the_pass_is_known_to_passer_and_receiver_only():
    """IS-83, ruling IS-R29."""
    state = position(players=3)
    play(state, "tile 3,0", "tile 4,0", "pass 30")
    assert state.known[0][1] == [30] and state.known[2][1] == []
    assert state.observation(2)["known"][1] == [] and 30 not in state.observation(2)["hand"]
    assert state.observation(0)["known"][1] == [30]
    assert state.observation(1)["known_by"][0] == [30]
    assert "30" not in state.game.describe_action(position(players=3), PassCard(30))


def test_a_turn_has_at_most_twenty_actions():
    """Ruling IS-R27: Flit cannot lengthen a turn past the limit."""
    state = position(tokens=[[0, 0, 0, 9, 0, 0], [0] * 6], turn_actions=19)
    play(state, "tile 3,0")
    assert state.turn_actions == 20 and "flit" not in legal(state)
    refused(state, "tile 4,0", "IS-R27")
    assert "pass 30" in legal(state)


# --- The Flight Path ---------------------------------------------------------------------------


def test_take_a_face_up_bird_then_the_oldest_flies_away_and_new_birds_enter():
    """IS-42, IS-43, IS-44, ruling IS-R14: slot 4 (next to the Discard pile) flies away; the
    rest slide; the first new card ends nearer the Discard end. IS-81: exactly one card went
    to the Discard pile and four lie face up again."""
    state = position(
        hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], path=[1, 2, 3, 4], draw=[40, 51, 50]
    )
    discard = list(state.discard)
    play(state, "place 25 at 0,0", "take 2")
    assert 2 in state.hands[0]
    assert state.path == [51, 50, 1, 3] and 4 in state.discard and state.draw == [40]
    assert state.discard == [*discard, 4]


def test_taking_the_oldest_bird_still_sends_the_next_one_away():
    """Ruling IS-R14 (IS-Q15): the literal reading."""
    state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], path=[1, 2, 3, 4], draw=[51, 50])
    play(state, "place 25 at 0,0", "take 4")
    assert 4 in state.hands[0] and state.path == [51, 50, 1, 2] and 3 in state.discard


def test_draw_blind_takes_the_top_card():
    state = position(
        hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], path=[1, 2, 3, 4], draw=[40, 51, 50]
    )
    play(state, "place 25 at 0,0", "draw blind")
    assert 50 in state.hands[0] and state.path == [51, 1, 2, 3] and state.draw == [40]


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile():
    """IS-45: reproducible from the state (seed and reshuffle count)."""

    def run():
        state = position(hands=[[COCK, 5, 6, 7, 8], [9, 10, 11, 12]], path=[1, 2, 3, 4], draw=[])
        play(state, "place 25 at 0,0", "draw blind")
        return state

    a, b = run(), run()
    assert a.reshuffles == 1 and a == b and len(a.hands[0]) == 5 and all(a.path)
    assert set(a.pool) == set(a.draw) | {c for c in a.hands[0] if c in a.pool}


def test_when_nothing_can_be_drawn_the_hand_shrinks():
    """Ruling IS-R08: no Draw pile, Discard pile or face-up bird: the draw is skipped. Four
    players hold 17 cards and have placed the other 35 (several birds share tiles)."""
    hands = [[COCK, 5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16], [18, 19, 20, 21]]
    rest = [c for c in range(1, 53) if all(c not in h for h in hands)]
    placed = [rest[:5], rest[5:15], rest[15:25], rest[25:]]
    birds = {"0,0": [0] * 5, "1,0": [1] * 10, "2,0": [2] * 10, "0,1": [3] * 10}
    state = position(
        players=4,
        hands=hands,
        placed=placed,
        birds=birds,
        path=[0, 0, 0, 0],
        draw=[],
        island=[*START_PLUS],
    )
    assert not rules_turn.can_draw(state)
    play(state, "place 25 at -1,1")
    assert state.phase == MAIN and len(state.hands[0]) == 4 and state.actions_left == 1


# --- Endgame and winner ------------------------------------------------------------------------


def test_the_last_sand_tile_starts_the_endgame():
    """IS-64, IS-65: that turn is finished, every other player has one more turn, which ends
    without a pass."""
    state = position(players=3, island=SAND_15)
    assert state.supply[0] == 1
    play(state, "tile 8,0")
    assert state.end_turn == 2 and state.supply[0] == 0
    play(state, "veg 0,0", "pass 30")
    play(state, "veg 1,0", "veg 2,0")
    assert "pass 9" in legal(state)
    play(state, "pass 9")
    play(state, "veg 3,0", "veg 4,0")
    assert legal(state) == {"end"}
    play(state, "end")
    assert state.player == TERMINAL and state.end_reason == ENDGAME
    assert state.winners() == [0, 1, 2] and state.returns() == [1 / 3] * 3


def test_a_burrowed_sand_tile_does_not_cancel_the_endgame():
    """Ruling IS-R11: the trigger happens once."""
    state = position(island=SAND_15, tokens=[[0, 1, 0, 0, 0, 0], [0] * 6])
    play(state, "tile 8,0", "burrow 0,0")
    assert state.supply[0] == 1 and state.end_turn == 1


def test_mound_on_the_ocean_can_place_the_last_sand():
    state = position(island=SAND_15, tokens=[[1, 0, 0, 0, 0, 0], [0] * 6])
    play(state, "mound 8,0")
    assert state.end_turn == 1


def test_most_points_wins():
    """IS-66, ruling IS-R13: the printed points of placed birds."""
    content = make("isle-of-feathers").content
    state = position(
        birds={"0,0": [0], "1,0": [1]},
        placed=[[MALLEEFOWL], [COCK]],
        player=TERMINAL,
        end_reason=ENDGAME,
    )
    assert state.scores() == [content.points[MALLEEFOWL], content.points[COCK]] == [2, 1]
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


@pytest.mark.parametrize("variants,expected", [([], [0, 1]), (["tiebreak-most-birds"], [1])])
def test_a_tie_on_points(variants, expected):
    """Ruling IS-R12: 3 points each; seat 1 placed two birds (1 + 2), seat 0 one (3)."""
    content = make("isle-of-feathers").content
    three = next(n for n in range(1, 53) if content.points[n] == 3)
    ones = [n for n in range(1, 53) if content.points[n] == 1]
    twos = [n for n in range(1, 53) if content.points[n] == 2]
    state = position(
        birds={"0,0": [0], "1,0": [1], "2,0": [1]},
        placed=[[three], [ones[0], twos[0]]],
        player=TERMINAL,
        end_reason=ENDGAME,
        options={"variants": variants},
    )
    assert state.scores() == [3, 3]
    assert state.winners() == expected
    assert state.returns() == [1 / len(expected) if p in expected else 0.0 for p in (0, 1)]


def test_the_turn_limit_ends_the_game():
    """Ruling IS-R27."""
    state = position(options={"max_turns": 2})
    play(state, "tile 3,0", "tile 4,0", "pass 30", "tile 5,0", "tile 6,0")
    assert legal(state) == {"end"}
    play(state, "end")
    assert state.player == TERMINAL and state.end_reason == TURN_CAP


# --- Solo: Migration Season --------------------------------------------------------------------


@pytest.mark.parametrize(
    "level,draw,box,pool", [(1, 26, 12, 3), (2, 26, 12, 3), (3, 38, 0, 2), (4, 38, 0, 1)]
)
def test_solo_setup_by_level(level, draw, box, pool):
    """IS-67: one player; IS-68, IS-69, rulings IS-R22, IS-R23: five hand cards, four face up,
    a Migration pile of five; half or all of the deck; the Stamina pool starts at the level's
    cap, in Flit tokens taken from the supply (IS-72)."""
    state = make("isle-of-feathers", players=1, stamina=level).new_initial_state(3)
    assert state.game.num_players == 1 and state.game.solo and len(state.hands) == 1
    assert len(state.hands[0]) == 5 and all(state.path) and len(state.migration) == 5
    assert len(state.draw) == draw and len(state.box) == box and state.stamina == pool
    assert state.token_supply[FLIT] == 9 - pool
    empty = make("isle-of-feathers", players=1, stamina=level, variants=["solo-empty-stamina"])
    assert empty.new_initial_state(3).stamina == 0


@pytest.mark.parametrize(
    "level,before,after",
    [(1, 0, 3), (2, 2, 3), (2, 3, 3), (3, 0, 1), (3, 2, 2), (4, 0, 1), (4, 1, 1)],
)
def test_solo_placing_refills_the_stamina_pool_and_starts_a_new_turn(level, before, after):
    """IS-74, IS-75."""
    state = position(
        players=1,
        hands=[[COCK, 5, 6, 7, 8]],
        stamina=before,
        options={"stamina": level},
        actions_left=1,
        turn_actions=1,
    )
    play(state, "place 25 at 0,0")
    assert state.stamina == after and state.actions_left == 2 and state.turn == 1
    assert state.token_supply[FLIT] == 9 - after - 1  # the Cock-of-the-rock's Flit


@pytest.mark.parametrize("easier,harder", [(1, 2), (3, 4)])
@pytest.mark.parametrize(
    "agent,seed", [("random", s) for s in range(4)] + [("greedy", 0), ("greedy", 1)]
)
def test_solo_every_season_of_the_harder_level_can_be_played_at_the_easier(
    agent, seed, easier, harder
):
    """Ruling IS-R32: levels 1 and 2, and 3 and 4, deal the same piles and differ only in the
    Stamina pool (IS-75). A season played at the harder level replays action for action at the
    easier one, to the same end and score, and the Flit tokens the player could spend (the pool
    and its own, from the same nine, ruling IS-R26) are never fewer there."""
    from fourfeathers.agents import SeatView, make_agent

    hard = make("isle-of-feathers", players=1, stamina=harder).new_initial_state(seed)
    easy = make("isle-of-feathers", players=1, stamina=easier).new_initial_state(seed)
    player = make_agent(agent, seed)
    while not hard.is_terminal():
        action = player.act(SeatView(hard, 0))
        hard.apply_action(action)
        easy.apply_action(easy.game.parse_action(str(action)))
        flit_hard = hard.stamina + hard.tokens[0][FLIT]
        assert easy.stamina + easy.tokens[0][FLIT] >= flit_hard
    assert easy.is_terminal() and easy.end_reason == hard.end_reason
    assert easy.scores() == hard.scores() and easy.hands == hard.hands


def test_solo_stamina_is_an_extra_action():
    """IS-73, IS-72: the pool holds Flit tokens; one spent is an action, back to the supply."""
    state = position(players=1, stamina=2, options={"stamina": 1})
    play(state, "stamina")
    assert state.actions_left == 3 and state.stamina == 1 and state.token_supply[3] == 8


def test_solo_a_turn_without_a_bird_costs_a_card_for_a_migration_card():
    """IS-70, ruling IS-R25: the player chooses the card; it goes to the Discard pile unused."""
    state = position(players=1, migration=[40, 41, 42, 43, 44])
    play(state, "tile 3,0", "tile 4,0")
    assert legal(state) == {"end"}
    play(state, "end")
    assert state.phase == RELEASE and legal(state) == {f"release {c}" for c in state.hands[0]}
    play(state, "release 30")
    assert 44 in state.hands[0] and 30 in state.discard and state.migration == [40, 41, 42, 43]
    assert state.turn == 1 and state.actions_left == 2 and state.phase == MAIN


def test_solo_ends_when_a_card_is_owed_from_an_empty_migration_pile():
    """IS-71."""
    state = position(players=1, migration=[])
    play(state, "tile 3,0", "tile 4,0", "end")
    assert state.player == TERMINAL and state.end_reason == MIGRATION_EMPTY


def test_solo_ends_with_the_turn_that_uses_the_last_sand():
    """IS-76, ruling IS-R24: a placement then no longer starts a new turn."""
    state = position(players=1, island=SAND_15, hands=[[COCK, 5, 6, 7, 8]])
    play(state, "tile 8,0", "place 25 at 0,0", "take 1")
    assert state.actions_left == 0 and "end" in legal(state)
    assert not any(a.startswith(("tile", "veg", "place")) for a in legal(state))
    play(state, "end")
    assert state.player == TERMINAL and state.end_reason == ENDGAME


def test_solo_a_placement_in_the_last_turn_starts_no_new_turn():
    """Ruling IS-R27 with IS-74: in turn ``max_turns`` a placement keeps the turn going (with
    the action it has left) and the season ends with it."""
    state = position(players=1, hands=[[COCK, 5, 6, 7, 8]], options={"max_turns": 1})
    play(state, "place 25 at 0,0", "take 1")
    assert state.turn == 0 and state.actions_left == 1
    play(state, "tile 3,0", "end")
    assert state.player == TERMINAL and state.end_reason == TURN_CAP and state.turn == 0


@pytest.mark.parametrize("players,stamina", [(1, 1), (1, 2), (1, 3), (1, 4), (2, None), (4, None)])
def test_no_game_runs_past_the_turn_limit(players, stamina):
    """Ruling IS-R27: with any cap, random games never play a turn beyond it (solo placements
    start new turns, IS-74, and used to run past it)."""
    options = {"stamina": stamina} if stamina else {}
    for cap in (1, 2, 3, 5):
        game = make("isle-of-feathers", players=players, max_turns=cap, **options)
        for seed in range(12):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                assert state.turn < cap, (cap, seed)
            assert state.end_reason != TURN_CAP or state.turn == cap - 1


def test_solo_never_reshuffles_and_an_empty_hand_is_a_perfect_season():
    """IS-77, IS-78, IS-79: with the Draw pile and the Flight Path empty, placing draws nothing;
    emptying the hand ends the season."""
    cards = [c for c in range(1, 53) if c != COCK]
    state = position(
        players=1, hands=[[COCK]], path=[0, 0, 0, 0], draw=[], migration=[], discard=cards
    )
    assert not rules_turn.can_draw(state)
    play(state, "place 25 at 0,0")
    assert state.player == TERMINAL and state.end_reason == HAND_EMPTY
    assert scoring.perfect_season(state) and state.returns() == [1.0]


def test_solo_blind_draw_needs_a_draw_pile():
    state = position(players=1, hands=[[COCK, 5, 6, 7, 8]], draw=[])
    play(state, "place 25 at 0,0")
    assert "draw blind" not in legal(state)
    refused(state, "draw blind", "IS-77")


def test_solo_end_on_empty_draw_variant():
    """Ruling IS-R24 variant: the season ends when the Draw pile runs out."""
    state = position(
        players=1,
        hands=[[COCK, 5, 6, 7, 8]],
        draw=[50],
        options={"variants": ["solo-end-on-empty-draw"]},
    )
    play(state, "place 25 at 0,0", "take 1")
    assert state.player == TERMINAL and state.end_reason == DRAW_EMPTY


def _said(state, text: str) -> str:
    """describe_action + describe_outcome of ``text``, applied."""
    game = state.game
    action = game.parse_action(text)
    before = state.clone()
    words = game.describe_action(state, action)
    state.apply_action(action)
    return words + " | " + (game.describe_outcome(before, action, state) or "")


def test_the_endgame_is_announced_once():
    """IS-64, ruling IS-R11: said once at the trigger, not again for a Burrow-returned Sand."""
    state = position(island=SAND_15, tokens=[[0, 1, 0, 0, 0, 0], [0] * 6])
    said = _said(state, "tile 8,0")
    assert said.count("endgame") == 1 and said.count("last Sand") == 1
    play(state, "burrow 0,0")
    said = _said(state, "tile 0,0")  # the returned Sand is the last in the supply again
    assert "endgame" not in said and "last Sand" not in said


def test_the_solo_end_speaks_of_the_season():
    state = position(players=1, island=SAND_15)
    play(state, "tile 8,0")
    while state.player != TERMINAL:
        state.apply_action(state.legal_actions()[-1])
    assert state.end_reason == ENDGAME
    text = rules_phases.end_reason_text(state)
    assert "season" in text and "every player" not in text
    assert state.observation(0)["end_reason"] == text
