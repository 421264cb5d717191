"""ISMCTS: the heuristic prior, normalised rewards, determinism and its parameters."""

from __future__ import annotations

import gc
import math
import random

import pytest

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.agents.heuristic import heuristic_for, search_scale
from fourfeathers.core.search import DEFAULT_SCALE
from positions import positions


def test_one_iteration_plays_greedys_move_in_the_solo_deck_game():
    # The prior values every root action with the heuristic: a search of one iteration is the
    # greedy agent. Plain ISMCTS tries one random action (about one in four here).
    agree = 0
    for i, state in enumerate(positions("familiar-feat", {"level": 4}, 20)):
        view = SeatView(state, state.current_player)
        agree += make_agent("ismcts:iterations=1", i).act(view) == make_agent("greedy", i).act(view)
    assert agree >= 18


def test_one_iteration_takes_an_action_greedy_values_best_in_the_isle():
    evaluate = heuristic_for("isle-of-feathers")
    best_count = 0
    states = positions("isle-of-feathers", {"players": 1}, 12)
    for i, state in enumerate(states):
        view = SeatView(state, 0)
        world = view.determinize(random.Random(i))
        values = {}
        for action in view.legal_actions():
            after = world.clone()
            after.apply_action(action)
            values[action] = evaluate(after, 0)
        chosen = make_agent("ismcts:iterations=1", i).act(view)
        best_count += values[chosen] == max(values.values())
    assert best_count >= len(states) - 2


def test_the_prior_visits_are_virtual_and_the_untried_keep_their_prior_value():
    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    stats = make_agent("ismcts:iterations=3", 1).analyse(view)
    assert sum(s.visits for s in stats) == 3
    assert len(stats) == len(view.legal_actions())  # every root action has its prior
    assert all(0.0 < s.value < 1.0 for s in stats)


def test_the_mover_prior_values_a_child_for_its_mover_and_the_others_before_the_action():
    # mover=1 (issue 36): a root child's prior is the softmax of its mover's heuristic after
    # the action and the other seat's before it; the child the iteration follows gets every
    # seat's values after it as its reward.
    evaluate = heuristic_for("isle-of-feathers")
    scale = search_scale("isle-of-feathers")
    for i, state in enumerate(positions("isle-of-feathers", {"players": 2}, 3)):
        view = SeatView(state, state.current_player)
        me, other = view.player, 1 - view.player
        world = view.determinize(random.Random(i))  # the agent's first sample
        stands = evaluate(world, other) / scale
        stats = make_agent("ismcts:iterations=1:mover=1", i).analyse(view)
        assert len(stats) == len(view.legal_actions())
        (followed,) = [s for s in stats if s.visits]
        for s in stats:
            after = world.clone()
            after.apply_action(s.action)
            if s is followed:  # every seat's value after the action
                lead = (evaluate(after, me) - evaluate(after, other)) / scale
            else:
                lead = evaluate(after, me) / scale - stands
            assert s.value == pytest.approx(1.0 / (1.0 + math.exp(-lead))), s.action


def test_solo_rewards_are_the_logistic_of_the_gain_over_the_root():
    # A solo leaf is sigmoid((value - root value) / SEARCH_SCALE), so Familiar Feat's
    # heuristic in the thousands (a win is 10,000) keeps its resolution: the prior values of
    # the root actions, on the agent's first determinization, are exactly these.
    evaluate = heuristic_for("familiar-feat")
    scale = search_scale("familiar-feat")
    for i, state in enumerate(positions("familiar-feat", {"level": 4}, 4)):
        view = SeatView(state, 0)
        world = view.determinize(random.Random(i))  # the agent's first sample
        origin = evaluate(world, 0)
        stats = make_agent("ismcts:iterations=1", i).analyse(view)
        assert len(stats) == len(view.legal_actions())
        for s in stats:
            after = world.clone()
            after.apply_action(s.action)
            gain = (evaluate(after, 0) - origin) / scale
            assert s.value == pytest.approx(1.0 / (1.0 + math.exp(-gain)))


@pytest.mark.parametrize(
    ("game_id", "config"),
    [("familiar-feat", {"level": 4}), ("isle-of-feathers", {"players": 2})],
)
def test_same_seed_same_analysis(game_id, config):
    state = positions(game_id, config, 1)[0]
    view = SeatView(state, state.current_player)
    spec = "ismcts:iterations=60:prior=3:prior_after=2"
    first = make_agent(spec, seed=5).analyse(view)
    second = make_agent(spec, seed=5).analyse(view)
    assert [(s.action, s.visits, s.value) for s in first] == [
        (s.action, s.visits, s.value) for s in second
    ]


@pytest.mark.parametrize(
    ("game_id", "config"),
    [("familiar-feat", {"level": 4}), ("isle-of-feathers", {"players": 2})],
)
def test_the_collector_pauses_only_during_a_search_that_leaves_no_cycles(game_id, config):
    """The search pauses the cyclic garbage collector and restores its state; the tree and
    the states it made leave nothing for the collector (reference counting frees them)."""
    state = positions(game_id, config, 1)[0]
    view = SeatView(state, state.current_player)
    gc.collect()
    make_agent("ismcts:iterations=200", seed=1).analyse(view)
    assert gc.isenabled()
    assert gc.collect() == 0
    gc.disable()
    try:
        make_agent("ismcts:iterations=20", seed=1).analyse(view)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_tree_is_freed_before_the_collector_resumes(monkeypatch):
    """The first allocation after ``gc.enable`` starts a collection that walks every young
    object alive: the search frees its tree first (issue 36), so that walk does not cost a
    second pass over every node."""
    from fourfeathers.agents.ismcts import Node

    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    alive: list[int] = []
    enable = gc.enable

    def counting_enable() -> None:
        alive.append(sum(isinstance(o, Node) for o in gc.get_objects()))
        enable()

    monkeypatch.setattr(gc, "enable", counting_enable)
    stats = make_agent("ismcts:iterations=200", seed=1).analyse(view)
    assert alive == [0] and gc.isenabled()
    assert sum(s.visits for s in stats) == 200


def test_new_parameters_are_checked():
    agent = make_agent("ismcts:prior=0.5:prior_after=3:scale=7")
    assert (agent.prior, agent.prior_after, agent.scale) == (0.5, 3, 7.0)
    with pytest.raises(ValueError, match="prior must be a number from 0"):
        make_agent("ismcts:prior=-1")
    with pytest.raises(ValueError, match="prior_after must be an integer"):
        make_agent("ismcts:prior_after=1.5")
    with pytest.raises(ValueError, match="scale must be a number from 0"):
        make_agent("ismcts:scale=-2")


def test_search_scale_is_the_games_constant_or_the_default():
    from fourfeathers.games.isle_of_feathers import heuristic as isle

    assert search_scale("isle-of-feathers") == isle.SEARCH_SCALE
    assert search_scale("featherlight") == DEFAULT_SCALE


@pytest.mark.parametrize(("game_id", "players"), [("featherlight", 2), ("fancy-feathers", 4)])
def test_relative_leaves_value_the_gain_over_the_samples_root(game_id, players):
    # relative=1: a leaf's rewards are the softmax of each seat's heuristic gain over the root
    # of the same determinization (the hidden cards shift both alike), so the root actions'
    # rewards are spread around 0.5 however far ahead the seat is; analyse still reports the
    # absolute reward (the win chance of a hint), here exactly what relative=0 reports.
    evaluate, scale = heuristic_for(game_id), search_scale(game_id)
    for i, state in enumerate(positions(game_id, {"players": players}, 3)):
        view = SeatView(state, state.current_player)
        seat = view.player
        relative = make_agent("ismcts:iterations=1:relative=1", i)
        shown = relative.analyse(view)
        plain = make_agent("ismcts:iterations=1:relative=0", i).analyse(view)
        assert [(s.action, s.visits) for s in shown] == [(s.action, s.visits) for s in plain]
        assert [s.value for s in shown] == pytest.approx([s.value for s in plain])
        world = view.determinize(random.Random(i))  # the agent's first sample
        root = [evaluate(world, p) / scale for p in range(players)]
        for s in shown[:3]:
            after = world.clone()
            after.apply_action(s.action)
            gains = [evaluate(after, p) / scale - root[p] for p in range(players)]
            weights = [math.exp(g) for g in gains]
            assert relative._value(after)[seat] == pytest.approx(weights[seat] / sum(weights))


def test_search_settings_come_from_the_games_heuristic_module():
    from fourfeathers.agents.heuristic import SEARCH_DEFAULTS, search_setting

    assert search_setting("fancy-feathers", "prior_after") == SEARCH_DEFAULTS["prior_after"]
    assert search_setting("fancy-feathers", "prior_depth") == 0
    # Featherlight widens its own turn (choice, put) at once and the rest after 4 visits.
    featherlight = [search_setting("featherlight", name) for name in ("prior_depth", "prior_after")]
    assert featherlight == [1, 4]
    with pytest.raises(KeyError):
        search_setting("fancy-feathers", "no_such_setting")


def test_the_prior_comes_from_the_game_and_medium_keeps_two():
    # A game's SEARCH_PRIOR (20 in the Isle, Featherlight and Familiar Feat) is what a spec
    # without ``prior`` searches with; ``medium`` states 2, the default Fancy Feathers keeps.
    from fourfeathers.agents.heuristic import search_setting

    assert search_setting("isle-of-feathers", "prior") == 20
    assert search_setting("featherlight", "prior") == 20
    assert search_setting("familiar-feat", "prior") == 20
    assert search_setting("fancy-feathers", "prior") == 2
    assert make_agent("medium").prior == 2
    assert make_agent("hard").prior is None
    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)

    def analysis(spec: str) -> list:
        return [(s.action, s.visits, s.value) for s in make_agent(spec, 4).analyse(view)]

    default = analysis("ismcts:iterations=80")
    assert default == analysis("ismcts:iterations=80:prior=20")
    assert default != analysis("ismcts:iterations=80:prior=2")


@pytest.mark.parametrize(
    ("game_id", "config"),
    [
        ("featherlight", {"players": 2}),
        ("featherlight", {"players": 4}),
        ("fancy-feathers", {"players": 3}),
        ("isle-of-feathers", {"players": 2}),
        ("familiar-feat", {"level": 4}),
    ],
)
def test_every_seats_values_at_once_equal_the_heuristic_per_seat(game_id, config):
    # values_for is the game's evaluate_all where it has one (one pass for all seats), and
    # must give exactly what evaluate gives seat by seat, in play and at the end.
    from fourfeathers.agents.heuristic import values_for

    evaluate, values = heuristic_for(game_id), values_for(game_id)
    rng = random.Random(3)
    game = make(game_id, **config)
    checked = ended = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        while True:
            seats = range(game.num_players)
            assert values(state) == [evaluate(state, p) for p in seats]
            checked += 1
            if state.is_terminal():
                ended += 1
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert ended == 6 and checked > 100


@pytest.mark.parametrize(("depth", "after"), [(0, 4), (1, 4), (2, 3)])
def test_nodes_within_prior_depth_widen_at_once_and_deeper_ones_after_prior_after(
    depth, after, monkeypatch
):
    # prior_depth=d: the root and the nodes up to d decisions below it value all their actions
    # on their first visit; deeper nodes only once they have prior_after visits.
    from fourfeathers.agents import ismcts

    if not ismcts.__file__.endswith(".py"):
        pytest.skip(
            "the compiled search (setup.py) builds its nodes natively, past a patched Node; the "
            "pure-Python run checks this, and test_compiled that both search alike"
        )
    made: list[ismcts.Node] = []

    class Recording(ismcts.Node):
        __slots__ = ()

        def __init__(self, action, player):
            super().__init__(action, player)
            made.append(self)

    monkeypatch.setattr(ismcts, "Node", Recording)
    state = positions("featherlight", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    make_agent(f"ismcts:iterations=400:prior_depth={depth}:prior_after={after}", 0).analyse(view)
    seen = {"shallow": 0, "deep": 0}

    def walk(node, level):
        if node.visits and node.children:  # a node that was descended through
            if level <= depth:
                assert node.widened
                seen["shallow"] += 1
            elif node.visits <= after:  # widened at the visit after its prior_after-th
                assert not node.widened
                seen["deep"] += 1
        for child in node.children.values():
            walk(child, level + 1)

    walk(made[0], 0)
    assert seen["shallow"] > depth and seen["deep"] > 0


@pytest.mark.parametrize(
    ("spec", "players", "ends"),
    [
        ("ismcts:iterations=400:horizon=0", 4, False),
        ("ismcts:iterations=400:horizon=1", 4, True),
        ("ismcts:iterations=400:horizon=5", 4, False),
        ("ismcts:iterations=400", 4, True),  # the Isle's SEARCH_HORIZON: from 3 players
        ("ismcts:iterations=400", 2, False),
        ("medium", 4, False),
    ],
)
def test_a_horizon_keeps_the_tree_within_the_seats_own_turn(monkeypatch, spec, players, ends):
    # With a horizon the first decision of another seat is a leaf, so every node of the tree is
    # a decision of the searching seat (the root's player is -1); without one the tree reaches
    # the other seats' decisions.
    from fourfeathers.agents import ismcts

    if not ismcts.__file__.endswith(".py"):
        pytest.skip(
            "the compiled search (setup.py) builds its nodes natively, past a patched Node; the "
            "pure-Python run checks this, and test_compiled that both search alike"
        )
    players_seen: list[int] = []
    made = ismcts.Node.__init__

    def record(node, action, player):
        players_seen.append(player)
        made(node, action, player)

    monkeypatch.setattr(ismcts.Node, "__init__", record)
    state = positions("isle-of-feathers", {"players": players}, 1)[0]
    me = state.current_player
    make_agent(spec, 2).analyse(SeatView(state, me))
    others = {p for p in players_seen if p not in (-1, me)}
    assert bool(others) == (not ends)
    assert players_seen.count(me) >= 3


def test_a_turn_tree_explores_with_turn_c_over_relative_leaves():
    # The Isle's four-player hard (horizon from 3 players, SEARCH_TURN_C 0.05) is the search of
    # relative leaves with c 0.05, whatever c says; with two players there is no turn tree and
    # turn_c changes nothing.
    def searched(spec: str, players: int) -> list[tuple[str, int, float]]:
        state = positions("isle-of-feathers", {"players": players}, 1)[0]
        stats = make_agent(spec, 3).analyse(SeatView(state, state.current_player))
        return [(str(s.action), s.visits, round(s.value, 9)) for s in stats]

    turn = searched("ismcts:iterations=300", 4)
    assert turn == searched("ismcts:iterations=300:turn_c=0:c=0.05:relative=1", 4)
    assert turn == searched("ismcts:iterations=300:c=2:relative=0", 4)
    assert turn != searched("ismcts:iterations=300:turn_c=0.7", 4)
    assert turn != searched("ismcts:iterations=300:turn_c=0:relative=1", 4)  # c 0.7
    two = searched("ismcts:iterations=300", 2)
    assert two == searched("ismcts:iterations=300:turn_c=2", 2)
    assert two != searched("ismcts:iterations=300:c=0.05", 2)


def test_an_iteration_budget_with_a_time_budget_stops_at_the_first_reached():
    # hard is "3,000 iterations, at most one second": with both, the iterations end a search
    # long before a generous time budget would; without iterations the time budget alone.
    from fourfeathers.agents import ALIASES

    assert ALIASES["hard"] == "ismcts:seconds=1.0:iterations=3000"
    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    capped = make_agent("ismcts:seconds=60:iterations=40", 1).analyse(view)
    assert sum(s.visits for s in capped) == 40
    timed = make_agent("ismcts:seconds=0.2", 1).analyse(view)
    assert sum(s.visits for s in timed) >= 1
    assert make_agent("ismcts:seconds=0.2", 1).iterations is None


def test_a_cpu_time_budget_reads_the_process_clock_not_the_wall_clock(monkeypatch):
    # cpu=1 (strength.py --hard-seconds): the budget is counted on time.process_time. A fake
    # CPU clock that ticks one second a reading: the start reads 0, the first iteration is
    # always run, then readings 1 and 2 lie within 2.5 seconds and 3 does not: 3 iterations,
    # however long the wall clock takes (its readings would end the search at once).
    from fourfeathers.agents import ismcts

    ticks = iter(range(100))
    monkeypatch.setattr(ismcts.time, "process_time", lambda: float(next(ticks)))
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: 1e9 + float(next(ticks)))
    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    agent = make_agent("ismcts:seconds=2.5:cpu=1", 1)
    assert (agent.cpu, agent.reproducible) == (1, False)
    assert sum(s.visits for s in agent.analyse(view)) == 3
    with pytest.raises(ValueError, match="cpu must be"):
        make_agent("ismcts:seconds=1:cpu=2")


def test_trees_split_the_iterations_and_sum_their_root_statistics():
    # Without virtual visits a tree tries its root actions once each in the prior's order, so
    # one tree's 3 iterations visit 3 actions; 3 trees give each one iteration, and each takes
    # its own prior's first choice: here the same action (the samples agree on this position).
    state = positions("isle-of-feathers", {"players": 2}, 1)[0]
    view = SeatView(state, state.current_player)
    one = make_agent("ismcts:iterations=3:prior=0", 1).analyse(view)
    assert [s.visits for s in one][:4] == [1, 1, 1, 0]
    three = make_agent("ismcts:iterations=3:prior=0:trees=3", 1).analyse(view)
    assert [s.visits for s in three][:2] == [3, 0]
    assert three[0].action == one[0].action
    assert {s.action for s in three} == {s.action for s in one}  # every root action reported
    uneven = make_agent("ismcts:iterations=10:trees=4", 1).analyse(view)
    assert sum(s.visits for s in uneven) == 10
    assert make_agent("ismcts", 1).trees == 1  # one tree unless a spec says more
