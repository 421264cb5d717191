"""Agents: the interface, determinism, and that each plays whole games of every game."""

from __future__ import annotations

import gc
import random
import sys
import types

import pytest

from fourfeathers import list_games, make
from fourfeathers.agents import AGENTS, ALIASES, SeatView, make_agent, resolve_spec, view_for
from fourfeathers.agents.heuristic import levels_for, repetition_for, solo_levels_for
from fourfeathers.arena import play_game
from fourfeathers.arena.results import to_record
from fourfeathers.arena.runner import plan_games
from fourfeathers.games.isle_of_feathers.heuristic import LEVELS, SOLO_LEVELS

FAST = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:iterations=30:playout_depth=4"}


def test_seat_view_exposes_only_the_seat_information():
    state = make("featherlight", players=3).new_initial_state(4)
    view = SeatView(state, state.current_player)
    assert view.observation() == state.observation(state.current_player)
    assert view.legal_actions() == state.legal_actions()
    public = [name for name in dir(view) if not name.startswith("_")]
    assert sorted(public) == [
        "determinize", "game", "legal_actions", "observation", "player", "world"
    ]  # fmt: skip
    # the world is a copy, and holds what the seat sees
    world = view.world()
    assert world is not view.world() and world.observation(view.player) == view.observation()


def reachable(start: object, stop: set[int]) -> list[object]:
    """Every object reachable from ``start`` through attributes and references (the garbage
    collector's referents), not entering the objects in ``stop`` (by id), classes or modules
    (nor their namespaces)."""
    seen: set[int] = set(stop) | {id(vars(m)) for m in list(sys.modules.values())}
    found = []
    todo = [start]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType):
            continue
        seen.add(id(obj))
        found.append(obj)
        todo += gc.get_referents(obj)
        for name in ("determinize", "observation", "legal_actions", "__self__", "__func__"):
            if hasattr(obj, name):
                todo.append(getattr(obj, name))
    return found


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_no_reference_leads_from_a_seat_view_to_the_true_state(spec):
    game = make(spec.id, **spec.configurations[0])
    state = game.new_initial_state(3)
    rng = random.Random(1)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    view = SeatView(state, state.current_player)
    kept = [reachable(game, set())]  # alive, so that no id is reused while comparing
    public = {id(obj) for obj in kept[0]}
    # What a state shares with its own clone never changes during a game (FF's types).
    kept.append(reachable(state.clone(), public))
    constant = {id(obj) for obj in kept[-1]}
    kept.append(reachable(state, public | constant))
    truth = {id(obj) for obj in kept[-1]}
    assert id(state) in truth
    shared = [o for o in reachable(view, public | constant) if id(o) in truth]
    assert not shared, "the view reaches the true state"
    assert not hasattr(view, "_state") and not hasattr(view, "__dict__")
    assert view.determinize.__self__ is view


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_a_seat_view_answers_what_the_true_state_would(spec):
    game = make(spec.id, **spec.configurations[-1])
    rng = random.Random(2)
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            player = state.current_player
            if rng.random() < 0.2:
                view = SeatView(state, player)
                assert view.legal_actions() == state.legal_actions()
                assert view.observation() == state.observation(player)
                sample = view.determinize(random.Random(seed))
                assert sample == state.determinize(player, random.Random(seed))
            state.apply_action(rng.choice(state.legal_actions()))


def test_an_agent_of_legal_actions_alone_gets_a_view_without_a_world():
    state = make("featherlight", players=3).new_initial_state(4)
    view = view_for(make_agent("random", 1), state, state.current_player)
    assert view.legal_actions() == state.legal_actions()
    with pytest.raises(RuntimeError, match="needs_information_state"):
        view.determinize(random.Random(0))
    assert view_for(make_agent("greedy", 1), state, 0).observation() == state.observation(0)


@pytest.mark.parametrize("spec", sorted(FAST.values()))
@pytest.mark.parametrize("game_id", [spec.id for spec in list_games()])
def test_every_agent_finishes_every_game(game_id, spec):
    game_spec = next(s for s in list_games() if s.id == game_id)
    config = game_spec.configurations[0]
    players = make(game_id, **config).num_players
    result = play_game(game_id, config, [spec] * players, seed=3)
    assert result.decisions > 0 and len(result.scores) == players


def test_same_seed_same_decisions():
    state = make("featherlight", players=2).new_initial_state(9)
    view = SeatView(state, state.current_player)
    first = make_agent(FAST["ismcts"], seed=5).analyse(view)
    second = make_agent(FAST["ismcts"], seed=5).analyse(view)
    assert [(s.action, s.visits) for s in first] == [(s.action, s.visits) for s in second]
    assert sum(s.visits for s in first) == 30


def test_agent_specs_and_errors():
    assert make_agent("ismcts:iterations=7:c=1.5").iterations == 7
    assert make_agent("ismcts:iterations=7:c=1.5").c == 1.5
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        make_agent("genius")
    with pytest.raises(ValueError, match="agent 'greedy'.*depth"):
        make_agent("greedy:depth=3")
    assert {"random", "greedy", "ismcts"} <= set(AGENTS)


def test_a_level_means_what_the_game_states_for_its_solo_mode():
    isle_solo = make("isle-of-feathers", players=1, stamina=4)
    assert resolve_spec("medium", isle_solo) == SOLO_LEVELS["medium"] != ALIASES["medium"]
    assert resolve_spec("hard", isle_solo) == SOLO_LEVELS["hard"] != ALIASES["hard"]
    assert resolve_spec("easy", isle_solo) == "greedy"
    for game in (make("isle-of-feathers", players=2), make("featherlight", players=1), None):
        assert resolve_spec("medium", game) == ALIASES["medium"]
    assert resolve_spec("ismcts:iterations=5", isle_solo) == "ismcts:iterations=5"
    medium = make_agent("medium", 1, isle_solo)
    assert (medium.iterations, medium.prior, medium.c) == (300, 20, 0.05)
    assert (make_agent("medium", 1).prior, make_agent("medium", 1).c) == (2, 0.7)


def test_a_level_means_what_the_game_states_for_its_number_of_players(monkeypatch):
    # A game's LEVELS name a spec per player count (SearchProfile.levels); the Isle states
    # none now (its two-player hard was measured with its own and not adopted, issue 36).
    assert LEVELS == {}
    isle = make("isle-of-feathers", players=2)
    assert resolve_spec("hard", isle) == ALIASES["hard"]
    monkeypatch.setitem(LEVELS, 2, {"hard": "ismcts:iterations=7:prior_after=16"})
    levels_for.cache_clear()
    try:
        assert resolve_spec("hard", isle) == "ismcts:iterations=7:prior_after=16"
        hard = make_agent("hard", 1, isle)
        assert (hard.iterations, hard.seconds, hard.prior_after) == (7, None, 16)
        assert resolve_spec("medium", isle) == ALIASES["medium"]
        assert make_agent("hard", 1).prior_after is None  # without the game: the common spec
        for players in (3, 4):
            isle_n = make("isle-of-feathers", players=players)
            assert resolve_spec("hard", isle_n) == ALIASES["hard"]
        assert resolve_spec("hard", make("isle-of-feathers", players=1)) == SOLO_LEVELS["hard"]
        assert resolve_spec("hard", make("featherlight", players=2)) == ALIASES["hard"]
    finally:
        levels_for.cache_clear()


def test_games_are_played_with_the_levels_of_their_mode(monkeypatch):
    # the solo table made cheap to play: "medium" in the Isle's solo is the random agent
    monkeypatch.setitem(SOLO_LEVELS, "medium", "random")
    solo_levels_for.cache_clear()
    try:
        solo = {"players": 1, "stamina": 2}
        as_medium = play_game("isle-of-feathers", solo, ("medium",), 5)
        as_random = play_game("isle-of-feathers", solo, ("random",), 5)
        assert (as_medium.scores, as_medium.decisions) == (as_random.scores, as_random.decisions)
        assert as_medium.final == as_random.final
        job = plan_games("isle-of-feathers", solo, ["medium"], 1, 5)[0]
        assert to_record(job, as_medium)["resolved"] == ["random"]
    finally:
        solo_levels_for.cache_clear()


def test_greedy_beats_random_at_featherlight():
    wins = 0.0
    for seed in range(12):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        result = play_game("featherlight", {"players": 2}, seats, seed)
        greedy = seats.index("greedy")
        wins += (greedy in result.winners) / len(result.winners)
    assert wins >= 10


def test_greedy_remembers_positions_only_in_a_game_with_a_repetition_rule():
    assert repetition_for("isle-of-feathers") is None
    for game_id, remembered in (("isle-of-feathers", 0), ("featherlight", 4)):
        state = make(game_id, players=2).new_initial_state(9)
        agent = make_agent("greedy", 1)
        decided = 0
        while decided < 4:  # Featherlight: two turns of seat 0, two decisions each
            if state.current_player == 0:
                state.apply_action(agent.act(view_for(agent, state, 0)))
                decided += 1
            else:
                state.apply_action(state.legal_actions()[0])
        assert len(agent.seen) == remembered


def test_a_tiny_time_budget_still_decides():
    state = make("featherlight", players=2).new_initial_state(9)
    agent = make_agent("ismcts:seconds=0.000001", seed=1)
    assert agent.act(SeatView(state, state.current_player)) in state.legal_actions()
