"""Configuration, text actions, hidden information, descriptions, pictures, agents and the CLI."""

from __future__ import annotations

import json
import random
import signal
from collections import Counter

import pytest
from iof_helpers import play, position
from rich.console import Console
from typer.testing import CliRunner

from fourfeathers import ConfigError, IllegalActionError, make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents.heuristic import heuristic_for
from fourfeathers.cli.main import app
from fourfeathers.core import TERMINAL, game_spec
from fourfeathers.games.isle_of_feathers import render
from fourfeathers.games.isle_of_feathers.actions import DrawBlind, PassCard, Place
from fourfeathers.games.isle_of_feathers.rules_phases import ABILITY, ENDGAME, RELEASE


def test_registered_with_every_configuration():
    spec = game_spec("isle-of-feathers")
    assert spec.players == (1, 2, 3, 4)
    levels = {c.get("stamina") for c in spec.configurations if c["players"] == 1}
    assert levels == {1, 2, 3, 4}
    assert {c["players"] for c in spec.configurations} == {1, 2, 3, 4}


def test_config_is_complete_and_rebuilds():
    game = make("isle-of-feathers", players=1, stamina=3, variants=["solo-empty-stamina"])
    assert game.config == {
        "players": 1,
        "stamina": 3,
        "starting_player": None,
        "content": None,
        "variants": ["solo-empty-stamina"],
        "max_turns": 200,
        "content_digest": None,
    }
    assert make("isle-of-feathers", **game.config).config == game.config
    assert make("isle-of-feathers", players=1).config["stamina"] == 1
    assert make("isle-of-feathers", players=3).config["stamina"] is None


@pytest.mark.parametrize(
    "options,word",
    [
        ({"players": 5}, "players"),
        ({"players": True}, "players"),
        ({"players": 2, "stamina": 2}, "stamina"),
        ({"players": 1, "stamina": 5}, "stamina"),
        ({"players": 1, "stamina": True}, "stamina"),
        ({"players": 2, "starting_player": 2}, "starting_player"),
        ({"variants": "strict-support"}, "variants"),
        ({"variants": ["no-such"]}, "variant"),
        ({"players": 2, "variants": ["solo-empty-stamina"]}, "variant"),
        ({"players": 1, "variants": ["tiebreak-most-birds"]}, "variant"),
        ({"max_turns": -1}, "max_turns"),
    ],
)
def test_bad_options_name_the_option(options, word):
    with pytest.raises(ConfigError, match=word):
        make("isle-of-feathers", **options)


@pytest.mark.parametrize(
    "text",
    [
        "tile 1,-2",
        "veg 0,0",
        "place 12 at -3,4",
        "discard 52",
        "take 1",
        "take 4",
        "draw blind",
        "pass 7",
        "end",
        "release 3",
        "mound 0,1",
        "burrow 2,2",
        "replant 0,0",
        "plant 1,0",
        "flit",
        "flock 9 at 1,1",
        "shoo yellow 0,0 to 1,0",
        "stamina",
        "skip",
    ],
)
def test_text_forms_parse_back(text):
    game = make("isle-of-feathers")
    action = game.parse_action(text)
    assert str(action) == text and game.parse_action(str(action)) is action
    assert game.parse_action("  " + text.upper().replace(",", " , ") + " ") is action


@pytest.mark.parametrize(
    "text,rule",
    [
        ("place 53 at 0,0", "IS-01"),
        ("take 9", "IS-08"),
        ("tile 101,0", "IS-R17"),
        ("shoo purple 0,0 to 1,0", "IS-R20"),
        ("fly away", ""),
    ],
)
def test_bad_text(text, rule):
    with pytest.raises(IllegalActionError) as info:
        make("isle-of-feathers").parse_action(text)
    assert info.value.rule == rule


def test_observation_hides_other_hands_the_draw_pile_and_the_migration_pile():
    """IS-83, ruling IS-R29."""
    state = make("isle-of-feathers", players=3).new_initial_state(5)
    other = state.hands[1]
    obs = state.observation(0)
    json.dumps(obs)
    assert obs["hand"] == state.hands[0] and obs["hand_sizes"] == [len(h) for h in state.hands]
    text = json.dumps({k: v for k, v in obs.items() if k not in ("pool",)})
    assert all(f" {c}," not in text and f"[{c}," not in text for c in other if c > 9)
    assert obs["draw"] == len(state.draw) and "deck" not in obs
    solo = make("isle-of-feathers", players=1).new_initial_state(5)
    assert solo.observation(0)["migration"] == 5 and solo.observation(0)["box"] == 12
    with pytest.raises(ValueError, match="seat"):
        state.observation(3)


def test_determinize_keeps_what_the_player_knows_and_resamples_the_rest():
    state = position(players=3)
    play(state, "tile 3,0", "tile 4,0", "pass 30")
    sample = state.determinize(0, random.Random(1))
    assert sample.observation(0) == state.observation(0)
    assert 30 in sample.hands[1]  # seat 0 passed it: it knows
    assert set(sample.draw) <= set(state.pool) - set(state.gone[0])
    assert sample.seed != state.seed  # future reshuffles are not foreseeable
    # seat 2 did not see the pass: card 30 may be in hand 1, hand 0 or the Draw pile
    where = {30 in state.determinize(2, random.Random(s)).hands[1] for s in range(40)}
    assert where == {True, False}


def test_determinize_is_uniform_over_the_unseen_cards():
    """Ruling IS-R29: at the start nobody can tell where an unseen card is, so each lands in
    each hidden place as often as that place's share of them: seat 1's hand and the top of the
    Draw pile (2 players, 43 unseen), the Migration pile and the box (solo level 1). The order
    of a Draw pile whose cards are known (3 of them) is uniform. Bounds: 5 sigma."""
    two = make("isle-of-feathers", players=2, starting_player=0).new_initial_state(4)
    solo = make("isle-of-feathers", players=1, stamina=1).new_initial_state(4)
    rng = random.Random(2)
    trials = 2000
    for state, place in ((two, "hand"), (two, "top"), (solo, "migration"), (solo, "box")):
        unseen = sorted(set(range(1, 53)) - set(state.hands[0]) - set(state.path))
        counts: Counter = Counter()
        for _ in range(trials):
            sample = state.determinize(0, rng)
            where = {"hand": sample.hands[-1], "top": sample.draw[-1:]}
            counts.update(where.get(place) or getattr(sample, place))
        share = {"hand": 4, "top": 1, "migration": 5, "box": len(state.box)}[place] / len(unseen)
        mean, sigma = trials * share, (trials * share * (1 - share)) ** 0.5
        assert set(counts) <= set(unseen)
        assert all(abs(counts[c] - mean) < 5 * sigma for c in unseen), (place, counts)
    known = position(draw=[40, 41, 42])
    orders = Counter(tuple(known.determinize(0, rng).draw) for _ in range(trials))
    mean, sigma = trials / 6, (trials / 6 * 5 / 6) ** 0.5
    assert len(orders) == 6 and all(abs(n - mean) < 5 * sigma for n in orders.values())


def test_determinize_never_puts_a_seen_card_back_in_the_draw_pile():
    """Cards taken face up, or seen in hand, cannot be in the Draw pile before a reshuffle."""
    state = make("isle-of-feathers", players=3).new_initial_state(9)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for p in range(3):
        for s in range(10):
            sample = state.determinize(p, random.Random(s))
            assert not set(sample.draw) & set(state.hands[p])
            assert set(sample.draw) <= set(state.pool)


def test_reveals_and_public_descriptions():
    game = make("isle-of-feathers")
    state = position(hands=[[25, 5, 6, 7, 8], [9, 10, 11, 12]])
    assert not game.reveals(state, Place(25, 0))
    assert game.reveals(state, PassCard(5)) and game.reveals(state, DrawBlind())
    assert "5" not in game.describe_action(state, PassCard(5)).split("Seat")[0]
    before = state.clone()
    play(state, "place 25 at 0,0")
    note = game.describe_outcome(before, game.parse_action("place 25 at 0,0"), state)
    assert "Flit token" in note
    assert "Andean Cock-of-the-rock" in game.describe_action(before, Place(25, 0))
    before = state.clone()
    play(state, "take 2")
    note = game.describe_outcome(before, game.parse_action("take 2"), state)
    assert "flies away" in note and "New on the Flight Path" in note


def text_of(renderable) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_shows_the_island_hand_path_and_tokens():
    game = make("isle-of-feathers", players=2)
    state = position(
        hands=[[25, 5, 6, 7, 8], [9, 10, 11, 12]],
        birds={"1,0": [1]},
        island=["0,0:1V", "1,0:2", "2,0:3", "0,1:4"],
        placed=[[], [44]],
    )
    screen = text_of(render.render_state(game, state, 0))
    assert "S♣" in screen and "G 2" in screen and "D" in screen and "2,0" in screen
    assert "Andean Cock-of-the-rock" in screen and "Flight Path" in screen
    assert "Ability tokens" in screen
    assert "9 Southern Brown Kiwi" not in screen  # seat 1's hand is hidden from seat 0
    spectator = text_of(render.render_state(game, state, None))
    assert "Southern Brown Kiwi" not in spectator  # a spectator sees no hand
    assert "Southern Brown Kiwi" in text_of(render.render_state(game, state, None, reveal=True))


def test_render_result_and_svg():
    state = position(
        birds={"0,0": [0]},
        placed=[[25], []],
        player=TERMINAL,
        end_reason=ENDGAME,
        island=["0,0:1V", "1,0:3", "2,0:0V"],
    )
    game = state.game
    result = text_of(render.render_result(game, state))
    assert "Seat 1 (red) wins with 1 point\n" in result and "1 points" not in result
    assert "Andean Cock-of-the-rock" in result
    svg = render.render_svg(game, state, None)
    assert svg.startswith("<svg") and svg.count("<polygon") >= 4 and "#d32f2f" in svg


def test_solo_render_mentions_the_season():
    game = make("isle-of-feathers", players=1, stamina=2)
    screen = text_of(render.render_state(game, game.new_initial_state(1), 0))
    assert "Migration pile 5" in screen and "Stamina pool 3 (level 2)" in screen


def test_the_heuristic_counts_points_and_birds_that_fit():
    evaluate = heuristic_for("isle-of-feathers")
    state = position(hands=[[25, 14, 15, 22, 41], [9, 10, 11, 12]])  # others need Cliffs
    base = evaluate(state, 0)
    assert base == pytest.approx(0.4 * 1 + 0.35 * 2)  # the Cock-of-the-rock fits now
    near = position(hands=[[3, 14, 15, 22, 41], [9, 10, 11, 12]])  # Kakapo: Sand, Grass, Sand
    assert evaluate(near, 0) == pytest.approx(0.2 * 2 + 0.35 * 2)  # after one Grass tile
    play(state, "place 25 at 0,0")
    assert evaluate(state, 0) > base


def play_games(players: list[str], games: int, seed: int = 0):
    game = make("isle-of-feathers", players=len(players))
    wins = [0.0] * len(players)
    for i in range(games):
        agents = [make_agent(name, seed * 100 + i * 10 + p) for p, name in enumerate(players)]
        state = game.new_initial_state(seed + i)
        while not state.is_terminal():
            p = state.current_player
            state.apply_action(agents[p].act(SeatView(state, p)))
        for p in state.winners():
            wins[p] += 1 / len(state.winners())
    return wins


def test_greedy_beats_random():
    wins = play_games(["greedy", "random"], 4) + play_games(["random", "greedy"], 4, seed=50)
    assert wins[0] + wins[3] >= 7  # greedy's seats over eight games


runner = CliRunner()


def test_cli_plays_and_simulates(tmp_path):
    svg = tmp_path / "island.svg"
    result = runner.invoke(
        app,
        [
            "play",
            "isle-of-feathers",
            "--players",
            "3",
            "--seats",
            "random,random,random",
            "--seed",
            "2",
            "--svg",
            str(svg),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0 and "game over" in result.output.lower()
    assert svg.read_text().startswith("<svg")
    solo = runner.invoke(
        app,
        [
            "play",
            "isle-of-feathers",
            "--players",
            "1",
            "--stamina",
            "4",
            "--seats",
            "random",
            "--seed",
            "2",
        ],
        catch_exceptions=False,
    )
    assert solo.exit_code == 0 and "Solo score (level 4)" in solo.output
    bad = runner.invoke(app, ["play", "isle-of-feathers", "--players", "2", "--stamina", "2"])
    assert bad.exit_code == 2 and "--stamina" in bad.output
    sim = runner.invoke(
        app,
        ["simulate", "isle-of-feathers", "--players", "2", "--games", "5", "--json"],
        catch_exceptions=False,
    )
    assert sim.exit_code == 0 and json.loads(sim.output)


def test_a_blind_draw_is_seen_by_the_drawer_only():
    state = position(hands=[[25, 14, 15, 30, 41], [9, 10, 11, 12]])
    play(state, "place 25 at 0,0")
    top = state.draw[-1]
    play(state, "draw blind")
    assert top in state.observation(0)["hand"]
    other = state.observation(1)
    assert top not in other["hand"] and top not in other["known"][0]
    assert top not in other["public_known"][0] and top in other["pool"]
    assert top in state.observation(0)["gone"]


def test_observation_and_determinize_refuse_a_bool_seat():
    state = make("isle-of-feathers", players=2).new_initial_state(1)
    with pytest.raises(ValueError):
        state.observation(True)
    with pytest.raises(ValueError):
        state.determinize(False, random.Random(1))


def test_state_from_dict_refuses_a_pending_card_that_was_not_discarded():
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(1)
    data = state.to_dict()
    data["phase"] = ABILITY
    data["pending"] = 0
    data["pending_card"] = -999
    with pytest.raises(ValueError, match="pending_card"):
        game.state_from_dict(data)


def _blind_draw_owed():
    """A game of variant discard-draws-blind in the ability step of a discarded bird (Shoo), a
    blind draw owed (issue 38)."""
    game = make("isle-of-feathers", players=2, variants=["discard-draws-blind"])
    state = game.new_initial_state(0)
    rng = random.Random(0)
    while not (state.phase == ABILITY and state.blind_draws == 1):
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("blind_draws", 10**30, "blind_draws must be 0 or 1"),
        ("blind_draws", 2, "blind_draws must be 0 or 1"),
        ("draws", 3, "draws owed must be at most 2"),
        ("actions_left", 10**9, "actions_left must be at most 20"),
        ("actions_left", -1, "actions_left"),
        ("turn_actions", 21, "turn_actions must be at most 20"),
        ("turn", 200, "below the turn limit 200"),
        ("end_turn", 10**30, "end_turn"),
    ],
)
def test_state_from_dict_bounds_every_count_by_what_the_rules_can_owe(field, value, words):
    """Issue 38: a count no rule can reach is refused, naming the field (the review's
    ``blind_draws = 10**30`` made the next action loop for ever; ``actions_left = 10**9``)."""
    game, state = _blind_draw_owed()
    data = state.to_dict()
    assert game.state_from_dict(data) == state
    with pytest.raises(ValueError, match=words):
        game.state_from_dict({**data, field: value})


def test_state_from_dict_bounds_reshuffles_by_the_turn():
    """A reshuffle (IS-45) puts a drawn card in the Draw pile, so a turn makes at most as many
    as it draws cards: ``reshuffles = 10**30`` was taken; in solo there are none (IS-77)."""
    game = make("isle-of-feathers")
    data = game.new_initial_state(1).to_dict()
    most = 720 * (data["turn"] + 1)
    assert game.state_from_dict({**data, "reshuffles": most}).reshuffles == most
    for value in (most + 1, 10**30):
        with pytest.raises(ValueError) as info:
            game.state_from_dict({**data, "reshuffles": value})
        assert f"reshuffles must be at most {most} in turn {data['turn']}" in str(info.value)
        assert "(IS-45)" in str(info.value)
    later = {**data, "turn": 9}
    assert game.state_from_dict({**later, "reshuffles": 7200}).reshuffles == 7200
    solo = make("isle-of-feathers", players=1)
    data = solo.new_initial_state(1).to_dict()
    with pytest.raises(ValueError, match=r"reshuffles must be 0 in solo.*\(IS-77\)"):
        solo.state_from_dict({**data, "reshuffles": 1})


def test_state_from_dict_refuses_a_blind_draw_outside_its_variant_and_step():
    game, state = _blind_draw_owed()
    data = state.to_dict()
    plain = make("isle-of-feathers", players=2)
    with pytest.raises(ValueError, match="variant discard-draws-blind"):
        plain.state_from_dict(data)
    with pytest.raises(ValueError, match="draws are owed only"):
        game.state_from_dict({**data, "phase": 0, "pending": -1, "pending_card": 0})


def test_state_from_dict_refuses_a_card_known_twice():
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(1)
    rng = random.Random(1)
    while not state.known[0][1]:
        state.apply_action(rng.choice(state.legal_actions()))
    data = state.to_dict()
    data["known"][0][1].append(data["known"][0][1][0])
    with pytest.raises(ValueError, match=r"known\[0\]\[1\] lists a card twice"):
        game.state_from_dict(data)


def test_state_from_dict_refuses_a_solo_season_that_should_have_ended_or_released():
    """The state fuzzer's solo findings: a release step with an empty hand had no legal action,
    and one in the season's last turn (the last Sand placed) stepped past it."""
    game = make("isle-of-feathers", players=1, stamina=4)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    while state.phase != RELEASE:
        state.apply_action(rng.choice(state.legal_actions()))
    data = state.to_dict()
    assert game.state_from_dict(data) == state
    no_hand = {**data, "hands": [[]], "migration": data["migration"] + data["hands"][0]}
    last = {**data, "end_turn": data["turn"]}
    for bad in (no_hand, last):
        with pytest.raises(ValueError, match="the release step follows a solo turn"):
            game.state_from_dict(bad)
    main = {**no_hand, "phase": 0}
    with pytest.raises(ValueError, match="a perfect season"):
        game.state_from_dict(main)


def test_blind_draws_owed_from_an_empty_pile_end_at_once():
    """rules_turn._settle stops at the first blind draw nothing can supply (it looped once per
    draw owed, for ever with a huge count)."""
    _, state = _blind_draw_owed()
    state.blind_draws = 10**30  # past state_from_dict's bound, straight into the state
    state.box, state.draw, state.discard = state.draw + state.discard, [], []  # nothing to draw
    hand = list(state.hands[state.player])

    def ring(signum, frame):
        raise TimeoutError("the owed blind draws are still being drawn")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        state.apply_action(state.game.parse_action("skip"))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert state.blind_draws == 0 and state.hands[state.player] == hand


def _screen_text(game, state, player=0) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render.render_state(game, state, player))
    return console.export_text()


def test_screen_words_are_singular_for_one_and_no_newest_card_at_the_deal():
    game = make("isle-of-feathers", players=2)
    state = game.new_initial_state(5)
    assert "Newest card" not in _screen_text(game, state)
    state = position(
        island=["0,0:1", "1,0:2", "2,0:1"],
        birds={"0,0": [0]},
        placed=[[25], []],
        turn=3,
    )
    text = _screen_text(state.game, state)
    assert "1 bird placed" in text and "1 birds" not in text
    assert "Newest card in your hand" in text
    assert state.game.content.points[25] == 1
    words = state.game.describe_action(state, state.game.parse_action("place 25 at 2,0"))
    assert "(25; 1 point, Flit)" in words
