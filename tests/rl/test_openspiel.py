"""The OpenSpiel games pass ``pyspiel.random_sim_test`` with serialization for every registered
configuration, OpenSpiel's Python ``ISMCTSBot`` plays complete games of every game, and the
registration keeps to what the module promises: a filled ``GameType``/``GameInfo``, seed chance
nodes, observers, ``resample_from_infostate`` keeping the seat's information state, and a clone
that shares the game."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from rl_cases import needs_encoding, one_configuration_per_game  # noqa: E402

import fourfeathers.rl.openspiel as fos  # noqa: E402
from fourfeathers.core import IllegalActionError, game_spec, list_games, make  # noqa: E402
from fourfeathers.core.encoding import encoding_for  # noqa: E402


def test_every_game_with_an_encoding_is_registered():
    expected = {
        f"python_fourfeathers_{spec.id.replace('-', '_')}": spec.id
        for spec in list_games()
        if spec.part("encoding") is not None
    }
    solo = {  # the one-seat modes of games that also have more seats: their own registrations
        f"python_fourfeathers_{spec.id.replace('-', '_')}_solo": spec.id
        for spec in list_games()
        if spec.part("encoding") is not None and 1 in spec.players and spec.players != (1,)
    }
    assert set(solo) == {
        "python_fourfeathers_featherlight_solo",
        "python_fourfeathers_isle_of_feathers_solo",
    }
    assert {**expected, **solo} == fos.GAMES
    assert set(fos.GAMES) <= set(pyspiel.registered_names())


def test_multi_seat_registrations_are_constant_sum_and_solo_ones_separate():
    utility = pyspiel.GameType.Utility
    for game_id in ("featherlight", "isle-of-feathers", "fancy-feathers"):
        game = pyspiel.load_game(fos.short_name(game_id))
        kind = game.get_type()
        assert kind.utility == utility.CONSTANT_SUM and game.utility_sum() == 1.0
        assert kind.min_num_players == 2
    for game_id in ("featherlight", "isle-of-feathers"):
        solo = pyspiel.load_game(fos.solo_name(game_id))
        kind = solo.get_type()
        assert (kind.min_num_players, kind.max_num_players, solo.num_players()) == (1, 1, 1)
        assert kind.utility == utility.GENERAL_SUM and solo.utility_sum() is None
        assert fos.load(game_id, players=1).get_type().short_name == fos.solo_name(game_id)
        with pytest.raises(fos.ConfigError, match=f"one-seat mode is {fos.solo_name(game_id)}"):
            pyspiel.load_game(f"{fos.short_name(game_id)}(players=1)")
        with pytest.raises(fos.ConfigError, match="is the one-seat mode"):
            pyspiel.load_game(f"{fos.solo_name(game_id)}(players=2)")


def deal(game: Any, seed: int) -> Any:
    """A new OpenSpiel state past its seed chance nodes, dealt with engine seed ``seed``."""
    state = game.new_initial_state()
    digits = [(seed // fos.SEED_BASE**k) % fos.SEED_BASE for k in range(fos.SEED_DIGITS)]
    for digit in reversed(digits):
        assert state.is_chance_node()
        state.apply_action(digit)
    return state


def test_game_type_and_info_are_complete(case):
    game_id, config = case
    game, spec = fos.load(game_id, **config), game_spec(game_id)
    kind, engine = game.get_type(), make(game_id, **config)
    encoding = encoding_for(engine)
    assert kind.short_name == fos.name_for(game_id, config) and spec.title in kind.long_name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert spec.hidden_information  # what the registration declares (GameSpec)
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    seats = [1] if engine.num_players == 1 else [n for n in spec.players if n > 1]
    assert (kind.min_num_players, kind.max_num_players) == (min(seats), max(seats))
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    assert set(kind.parameter_specification) == set(make(game_id).config)
    assert game.num_players() == engine.num_players
    assert game.num_distinct_actions() == encoding.num_distinct_actions
    assert game.max_chance_outcomes() == fos.SEED_BASE
    assert game.max_game_length() == encoding.max_game_length
    assert (game.min_utility(), game.max_utility()) == encoding.returns_bounds
    assert game.observation_tensor_shape() == list(encoding.observation_shape)
    layout = fos.information_state_layout(engine)
    assert [name for name, _ in layout] == ["observation", "digest", "decisions", "recent"]
    bits = (encoding.num_distinct_actions - 1).bit_length()
    assert layout[3][1] == (fos.RECALL_WINDOW, 1 + engine.num_players + bits + fos.ENTRY_BITS)
    sizes = [int(np.prod(shape)) for _, shape in layout]
    assert sizes[:3] == [int(np.prod(encoding.observation_shape)), fos.DIGEST_BITS, 1]
    assert game.information_state_tensor_shape() == [sum(sizes)]
    assert game.max_chance_nodes_in_history() == fos.SEED_DIGITS
    general = kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    utility = pyspiel.GameType.Utility
    declared = {
        "zero-sum": utility.ZERO_SUM,
        "constant-sum": utility.CONSTANT_SUM,
        "general-sum": utility.GENERAL_SUM,
    }
    solo = engine.num_players == 1  # a solo game returns a score or a win, no constant sum
    assert kind.utility == (utility.GENERAL_SUM if solo else declared[spec.utility])
    assert game.utility_sum() == (None if general else encoding.returns_sum)
    assert game.ctx.game.config == engine.config  # the parameters round trip


def test_random_sim_test_with_serialization(case):
    game_id, config = case
    pyspiel.random_sim_test(fos.load(game_id, **config), num_sims=2, serialize=True, verbose=False)


def test_the_seed_chance_nodes_deal_the_engine_game():
    game = fos.load("featherlight", players=2)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(d, 1 / 256) for d in range(256)]
    assert state.legal_actions() == list(range(256)) and state.information_state_string(0) == ""
    state = deal(game, 3 * 256 + 7)
    assert state._play.state == make("featherlight", players=2).new_initial_state(3 * 256 + 7)
    assert state.history() == [0, 0, 3, 7]


def test_the_information_state_has_perfect_recall():
    """The issue's example: two histories that seat 0 sees as the same current view."""
    game = fos.load("featherlight", players=2)
    engine_game = game.ctx.game
    states = []
    for texts in (
        ("draw 1", "put 45 on 1", "take 1", "put 39 on 1"),
        ("draw 1", "put 45 on 2", "take 2", "put 39 on 1"),
    ):
        state = deal(game, 3)
        for text in texts:
            action = engine_game.parse_action(text)
            state.apply_action(game.ctx.encoding.action_to_id(action, state._play.state))
        states.append(state)
    a, b = states
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    # the tensor recalls it too: the digest, and the seat's own action ids in the recent block
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    blocks = []
    for state in states:
        observer.set_from(state, 0)
        blocks.append({name: part.copy() for name, part in observer.dict.items()})
        assert observer.tensor.tolist() == state.information_state_tensor(0)
    x, y = blocks
    assert np.array_equal(x["observation"], y["observation"])
    assert not np.array_equal(x["digest"], y["digest"])
    assert x["decisions"][0] == y["decisions"][0] == 4 / game.max_game_length()
    assert x["recent"][:4, 0].tolist() == [1, 1, 1, 1] and not x["recent"][4:].any()
    n, bits = 2, (game.num_distinct_actions() - 1).bit_length()
    ids = {}
    for name, state in zip("xy", states, strict=True):
        recent = {"x": x, "y": y}[name]["recent"]
        own = recent[:4, 1 + n : 1 + n + bits]  # newest first: ids of seat 0's own decisions
        ids[name] = [int("".join(str(int(b)) for b in row), 2) for row in own]
        movers = [int(np.argmax(recent[k, 1 : 1 + n])) for k in range(4)]
        history = state.history()[fos.SEED_DIGITS :]
        assert ids[name] == [h if m == 0 else 0 for h, m in zip(history[::-1], movers, strict=True)]
    assert ids["x"] != ids["y"]  # "put 45 on 1" against "put 45 on 2"


def _recall_pairs(game: Any, seeds: range, rng: random.Random) -> list[tuple[Any, Any, int]]:
    """``(x, y, p)``: two states after different moves of the same state that seat ``p``
    (not the mover) cannot tell apart: equal information state strings."""
    pairs = []
    for seed in seeds:
        state = deal(game, seed)
        while not state.is_terminal() and len(pairs) < 6:
            actor, legal = state.current_player(), state.legal_actions()
            if len(legal) > 1:
                a, b = rng.sample(legal, 2)
                x, y = state.clone(), state.clone()
                x.apply_action(a)
                y.apply_action(b)
                for p in range(game.num_players()):
                    if p != actor and x.information_state_string(p) == y.information_state_string(
                        p
                    ):
                        pairs.append((x, y, p))
            state.apply_action(rng.choice(legal))
    return pairs


def test_the_information_state_tensor_holds_only_what_the_seat_knows(case):
    """Leak check: a resampled state (``resample_from_infostate``) gives the seat the same
    information state tensor as the true one, every seat's tensor stays in [0, 1], and the
    tensor changes with every decision the seat recalls."""
    game_id, config = case
    game, rng = fos.load(game_id, **config), random.Random(3)
    state = deal(game, 5)
    before: list[Any] = [None] * game.num_players()
    for _ in range(12):
        if state.is_terminal():
            break
        player = state.current_player()
        tensor = state.information_state_tensor(player)
        assert len(tensor) == game.information_state_tensor_size()
        assert min(tensor) >= 0.0 and max(tensor) <= 1.0
        sample = state.resample_from_infostate(player, lambda: rng.random())
        assert sample.information_state_tensor(player) == tensor
        for p in range(game.num_players()):
            now = state.information_state_tensor(p)
            assert now != before[p]  # every seat recalls each decision: a new tensor
            before[p] = now
        state.apply_action(rng.choice(state.legal_actions()))


def test_moves_a_seat_cannot_tell_apart_give_it_equal_tensors(monkeypatch):
    """Fancy Feathers: a seat does not see which hidden card another loses (``lose TYPE``), so
    the two moves give it equal information state strings and must give equal tensors; a
    tensor that wrote the other seat's action id would differ (the check catches that)."""
    game = fos.load("fancy-feathers", players=3)
    pairs = _recall_pairs(game, range(3), random.Random(1))
    assert pairs, "no pair of moves another seat cannot tell apart was found"
    for x, y, p in pairs:
        assert x.information_state_tensor(p) == y.information_state_tensor(p)
    honest = fos.write_information_state

    def leaky(ctx: Any, play: Any, decisions: list[int], player: int, out: Any) -> None:
        honest(ctx, play, decisions, player, out)
        out[-1] = decisions[-1] % 2  # the last decision's id, whoever took it

    monkeypatch.setattr(fos, "write_information_state", leaky)
    caught = [
        x for x, y, p in pairs if x.information_state_tensor(p) != y.information_state_tensor(p)
    ]
    assert caught


def test_a_clone_copies_the_engine_state_and_shares_the_game(case, monkeypatch):
    game_id, config = case
    state = deal(fos.load(game_id, **config), 5)
    state.apply_action(state.legal_actions()[0])
    engine_clone, calls = type(state._play.state).clone, []

    def counted(self):
        calls.append(self)
        return engine_clone(self)

    monkeypatch.setattr(type(state._play.state), "clone", counted)
    copy = state.clone()
    assert calls == [state._play.state]  # the engine's clone, not a deep copy nor a pickle
    assert copy._play.ctx is state._play.ctx
    assert copy._play.state.game is state._play.state.game
    assert copy._play.state is not state._play.state and copy._play.state == state._play.state
    assert str(copy) == str(state) and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    restored = pickle.loads(pickle.dumps(state._play))
    assert restored.ctx is state._play.ctx and restored.state == state._play.state


def test_resampling_keeps_the_seats_information_state(case):
    game_id, config = case
    game, rng = fos.load(game_id, **config), random.Random(2)
    for seed in range(3):
        state = deal(game, seed)
        for _ in range(rng.randrange(40)):
            if state.is_terminal():
                break
            player = state.current_player()
            sample = state.resample_from_infostate(player, lambda: rng.random())
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            assert sample.legal_actions() == state.legal_actions()
            # the sample's history is its own: fresh seed digits (naming the sample's seed,
            # not the true deal's), then the same decisions
            digits = sample.history()[: fos.SEED_DIGITS]
            assert sample.history()[fos.SEED_DIGITS :] == state.history()[fos.SEED_DIGITS :]
            assert sample._play.seed == int.from_bytes(bytes(digits), "big")
            assert digits != state.history()[: fos.SEED_DIGITS]  # equal once in 2**32 draws
            assert state._play.seed == seed
            action = rng.choice(state.legal_actions())
            sample.apply_action(action)  # the sample plays on, its recall extending the seat's
            assert sample.information_state_string(player).startswith(
                state.information_state_string(player)[:-1]
            )
            state.apply_action(action)


def test_observers_honour_the_observation_type():
    game = fos.load("featherlight", players=3)
    state = deal(game, 9)
    kind = pyspiel.IIGObservationType
    everyone = game.make_py_observer(
        kind(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    everyone.set_from(state, 0)
    views = [np.asarray(state.observation_tensor(p), np.float32) for p in range(3)]
    assert np.array_equal(everyone.tensor, np.concatenate(views))
    assert everyone.string_from(state, 0).count(" | ") == 2
    recall = game.make_py_observer(kind(perfect_recall=True))
    assert recall.string_from(state, 1) == state.information_state_string(1)
    recall.set_from(state, 1)
    assert recall.tensor.tolist() == state.information_state_tensor(1)
    assert np.array_equal(recall.dict["observation"], views[1])
    every = game.make_py_observer(
        kind(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    every.set_from(state, 0)
    tensors = [state.information_state_tensor(p) for p in range(3)]
    assert every.tensor.tolist() == [x for t in tensors for x in t]
    assert every.dict["recent"].shape == (3, fos.RECALL_WINDOW, recall.dict["recent"].shape[1])
    assert np.array_equal(every.dict["observation"][2], views[2])  # the blocks are views
    assert game.get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match="player must be a seat"):
        state.information_state_tensor(3)
    before = game.new_initial_state()
    assert before.information_state_tensor(0) == [0.0] * game.information_state_tensor_size()
    with pytest.raises(ValueError, match="private_info=NONE"):
        game.make_py_observer(kind(True, False, pyspiel.PrivateInfoType.NONE))
    with pytest.raises(ValueError, match="public_info=False"):
        game.make_py_observer(kind(False, False, pyspiel.PrivateInfoType.SINGLE_PLAYER))
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


def test_bad_parameters_and_actions_are_refused():
    with pytest.raises(pyspiel.SpielError, match="colour"):
        pyspiel.load_game("python_fourfeathers_featherlight(colour=3)")
    with pytest.raises(pyspiel.SpielError, match="stamina"):
        pyspiel.load_game("python_fourfeathers_isle_of_feathers(stamina=one)")
    for game_id in fos.GAMES.values():
        state = deal(fos.load(game_id), 1)
        legal, before = state.legal_actions(), str(state)
        size = state.num_distinct_actions()
        refused = [i for i in range(size) if i not in legal][:3] + [size + 5]
        for action in refused:
            with pytest.raises(IllegalActionError, match=f"action id {action} is not legal"):
                state.apply_action(action)
        assert str(state) == before


@pytest.mark.parametrize("case", one_configuration_per_game())
def test_ismcts_bot_plays_complete_games(case):
    """OpenSpiel's own ISMCTSBot (small budget) decides for seat 0, random play for the others."""
    game_id, config = case
    needs_encoding(game_id)
    game = fos.load(game_id, **config)
    rs = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rs)
    state, searched = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(fos.SEED_BASE)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert searched > 0
    low, high = game.min_utility(), game.max_utility()
    assert all(low <= r <= high for r in state.returns())


def test_the_observation_tensor_read_from_python_is_the_observers(case):
    """``observation_tensor`` answers from Python without the C++ round trip: the same entries
    as the observer OpenSpiel's C++ side reads, for every seat, the player to move by default."""
    game_id, config = case
    game, rng = fos.load(game_id, **config), random.Random(6)
    observer = game.make_py_observer()
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * len(observer.tensor)  # before the deal
    state = deal(game, 12)
    for _ in range(8):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            observer.set_from(state, player)
            assert state.observation_tensor(player) == observer.tensor.tolist()
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="player must be a seat"):
        state.observation_tensor(game.num_players())


def test_an_observation_tensor_handed_out_is_the_callers():
    """``observation_tensor`` keeps each seat's last tensor as a list and hands out a copy of
    it updated where the new tensor differs: a caller who keeps or changes the list it got
    changes nothing in the next answer, and two states of one configuration, read in turn, each
    get their own tensor."""
    game = fos.load("featherlight", players=2)
    a, b = deal(game, 3), deal(game, 4)
    b.apply_action(b.legal_actions()[0])
    first = a.observation_tensor(0)
    expected = list(first)
    first[:] = [7.0] * len(first)  # the caller's list, scribbled over
    assert a.observation_tensor(0) == expected
    other = b.observation_tensor(0)
    assert other != expected
    assert a.observation_tensor(0) == expected
    assert b.observation_tensor(0) == other
    observer = game.make_py_observer()
    observer.set_from(a, 0)
    assert observer.tensor.tolist() == expected
