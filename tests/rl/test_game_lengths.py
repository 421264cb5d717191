r"""Game lengths against each configuration's proved bound (``GameSpec.length_bound``, OpenSpiel's
``max_game_length``; the proofs are in each game's ``encoding.py``, or ``length.py`` for
Familiar Feat and the Isle).

Issue 37 asks for a bound at most about 5 times the longest game that random and greedy players
play. ``RECORDED`` holds the longest game of a recorded run, made with

    nice python benchmarks/game_lengths.py --random 10000 --greedy 10000 --workers 2 \
        --budget 3300 --out lengths.json

10,000 random games (seeds 0..) of every configuration, and as many greedy ones (seeds
10**6..) as 55 minutes of a shared 2-core machine allowed: 800, 600 for 7 of the Isle's 9
configurations; Familiar Feat's from a later run of its own, 20 minutes with ``--workers 1``:
3,000-3,250 greedy games (docs/research.md, "Game lengths", has the table). Where the bound is
not within 5 times, ``ALLOWED`` states how far it is (and why, there): the test keeps the
bounds from getting looser. The other tests play every bound against seats that try to make the
game long: the bound must stay above them, and where it is near them, a bound just below their
longest game fails here.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest
from rl_cases import CONFIGS

from fourfeathers.agents import make_agent, view_for
from fourfeathers.core import game_spec, make
from fourfeathers.games.familiar_feat.content import INF, STAR
from fourfeathers.games.familiar_feat.rules_totals import column_total, strength_of
from fourfeathers.games.isle_of_feathers.content import FLIT
from fourfeathers.rl.common import config_label

_PATH = Path(__file__).parents[2] / "benchmarks" / "game_lengths.py"
_SPEC = importlib.util.spec_from_file_location("game_lengths", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
game_lengths = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(game_lengths)

RECORDED: dict[tuple[str, str], int] = {
    ("familiar-feat", "level=1"): 285,
    ("familiar-feat", "level=2"): 285,
    ("familiar-feat", "level=3"): 289,
    ("familiar-feat", "level=4"): 287,
    ("familiar-feat", "level=5"): 291,
    ("familiar-feat", "level=6"): 285,
    ("familiar-feat", "level=7"): 281,
    ("familiar-feat", "level=8"): 269,
    ("familiar-feat", "level=8, variants=choose-cards"): 275,
    ("familiar-feat", "level=4, variants=closing-ranks-together"): 287,
    ("fancy-feathers", "players=2"): 38,
    ("fancy-feathers", "players=3"): 62,
    ("fancy-feathers", "players=4"): 91,
    ("fancy-feathers", "players=5"): 131,
    ("fancy-feathers", "players=6"): 185,
    ("fancy-feathers", "players=2, types=first-game"): 30,
    (
        "fancy-feathers",
        "players=3, types=peacock+nest+trap+mirror+monal+fox, variants=fox-may-remove-itself+nest-five-each+unpassed-trap-to-box",  # noqa: E501
    ): 63,
    (
        "fancy-feathers",
        "players=4, types=golden-pheasant+green-pheasant+trap+mirror+monal+fox, variants=fox-spares-set-aside-trap",  # noqa: E501
    ): 87,
    ("featherlight", "players=1"): 42,
    ("featherlight", "players=2"): 600,
    ("featherlight", "players=3"): 494,
    ("featherlight", "players=4"): 480,
    ("featherlight", "players=1, variants=no-wind-on-last-turn+no-put-back"): 42,
    (
        "featherlight",
        "players=3, variants=exact-same-colour+no-put-back+tiebreak-unique-cards",
    ): 522,
    ("isle-of-feathers", "players=2"): 119,
    ("isle-of-feathers", "players=3"): 139,
    ("isle-of-feathers", "players=4"): 153,
    ("isle-of-feathers", "players=1, stamina=1"): 116,
    ("isle-of-feathers", "players=1, stamina=2"): 100,
    ("isle-of-feathers", "players=1, stamina=3"): 118,
    ("isle-of-feathers", "players=1, stamina=4"): 112,
    (
        "isle-of-feathers",
        "players=3, variants=compulsory-abilities+discard-draws-blind+flock-costs-action+strict-support+tiebreak-most-birds+veg-under-birds",  # noqa: E501
    ): 133,
    (
        "isle-of-feathers",
        "players=1, stamina=2, variants=discard-draws-blind+solo-empty-stamina+solo-end-on-empty-draw+solo-one-colour",  # noqa: E501
    ): 88,
}
"""(game id, configuration label) -> the longest game of the recorded run (module docstring)."""

ALLOWED = {
    "featherlight": 5.0,  # 1.0-1.2: the turn cap, which seats that only take reach
    "fancy-feathers": 5.0,  # 1.9-3.1
    "familiar-feat": 5.0,  # 3.1-3.6: 21 days at most, sweeps and abilities counted at worst
    "isle-of-feathers": 5.0,  # solo: 2.4-2.8
    "isle-of-feathers, 2-4 players": 77.0,  # 59.5-76.1: 200 turns; stalling games take 1,315+
}
"""Game id (the Isle's 2-4 player games apart) -> the most its bound may be, in multiples of
the recorded longest game: 5, the target, where the proof meets it; elsewhere the present
ratio, rounded up."""


def _allowed(game_id: str, config: dict[str, Any]) -> float:
    if game_id == "isle-of-feathers" and config["players"] > 1:
        return ALLOWED["isle-of-feathers, 2-4 players"]
    return ALLOWED[game_id]


@pytest.mark.slow
@pytest.mark.parametrize("case", CONFIGS)
def test_no_game_outgrows_its_bound_and_the_bound_stays_near_the_recorded_longest(
    case: tuple[str, dict[str, Any]],
) -> None:
    """300 random and 100 greedy games stay within the bound, and the bound is at most
    ``ALLOWED`` times the recorded run's longest game."""
    game_id, config = case
    bound = game_spec(game_id).length_bound(make(game_id, **config))
    assert bound is not None
    by_random = game_lengths.longest(game_id, config, 300, False)
    by_greedy = game_lengths.longest(game_id, config, 100, True)
    assert max(by_random, by_greedy) <= bound
    recorded = RECORDED[(game_id, config_label(config))]
    assert max(by_random, by_greedy) <= recorded  # the short run is part of the recorded one
    assert bound <= _allowed(game_id, config) * recorded


def _stalling_game(game_id: str, config: dict[str, Any], seed: int, prefer: Any) -> int:
    """The decisions of one game whose seats take an action ``prefer(state, text)`` ranks first
    (at random among equals, from ``seed``)."""
    game, rng = make(game_id, **config), random.Random(seed)
    state, decisions = game.new_initial_state(seed), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        ranks = [prefer(state, str(a)) for a in legal]
        best = min(ranks)
        state.apply_action(rng.choice([a for a, r in zip(legal, ranks, strict=True) if r == best]))
        decisions += 1
    return decisions


def _by_words(*words: str) -> Any:
    """A ``prefer`` ranking actions by their first word, in the order of ``words``."""

    def prefer(state: Any, text: str) -> float:
        word = text.split()[0]
        return words.index(word) if word in words else len(words)

    return prefer


def test_a_seat_that_ends_every_turn_at_once_reaches_the_isle_turn_cap():
    """Isle of Feathers, 2 players: seats that end each turn as soon as they may (else discard
    or pass) play the 200 turns of the cap (ruling IS-R27): over 1,300 decisions, more than 10
    times the recorded longest game, so no correct bound is within 5 times."""
    prefer = _by_words("end", "skip", "discard", "pass")
    decisions = _stalling_game("isle-of-feathers", {"players": 2}, 0, prefer)
    bound = game_spec("isle-of-feathers").length_bound(make("isle-of-feathers", players=2))
    assert 1300 <= decisions <= bound
    assert decisions > 10 * RECORDED[("isle-of-feathers", "players=2")]


def _flit_chain(state: Any, text: str) -> float:
    """Isle: spend Flit tokens, discard Flit birds first and take Flit birds from the Flight
    Path: as many actions a turn as the birds allow (IS-54, IS-63)."""
    word = text.split()[0]
    order = ("flit", "discard", "take", "draw", "skip", "plant", "tile", "veg", "place")
    rank: float = order.index(word) if word in order else len(order)
    ability = state.game.content.ability
    if word == "discard" and ability[int(text.split()[1])] == FLIT:
        rank -= 0.5
    if word == "take":
        slot = int(text.split()[1]) - 1
        if slot < len(state.path) and state.path[slot] and ability[state.path[slot]] == FLIT:
            rank -= 0.5
    return rank


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_flit_chain_stays_within_the_isle_bound_and_the_bound_within_6_times_it(players):
    """Isle of Feathers, 2-4 players: seats chaining Flit birds and tokens for 200 turns take
    1,600-1,750 decisions; the bound (``length.length_with_turns``: 200 turns of at most 45) is
    above and within 6 times. A bound just below the chain's length fails here."""
    config = {"players": players}
    decisions = _stalling_game("isle-of-feathers", config, 0, _flit_chain)
    bound = game_spec("isle-of-feathers").length_bound(make("isle-of-feathers", **config))
    assert bound is not None
    assert 1600 <= decisions <= bound <= 6 * decisions


_SOLO = [
    param
    for param in CONFIGS
    if param.values[0][0] == "isle-of-feathers" and param.values[0][1]["players"] == 1
]


def _greedy_spender(game_id: str, config: dict[str, Any], seed: int) -> int:
    """The decisions of one game of the ``greedy`` agent that, 7 times in 10, first spends what
    it may (Stamina, tokens, an ability: each one more decision)."""
    game, rng = make(game_id, **config), random.Random(seed)
    state, decisions = game.new_initial_state(seed), 0
    agent = make_agent("greedy", seed, game)
    spend = ("stamina", "flit", "replant", "plant", "mound", "burrow", "shoo")
    while not state.is_terminal():
        extra = [a for a in state.legal_actions() if str(a).split()[0] in spend]
        if extra and rng.random() < 0.7:
            action = rng.choice(extra)
        else:
            action = agent.act(view_for(agent, state, state.current_player))
        state.apply_action(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("case", _SOLO)
def test_no_solo_isle_game_outgrows_the_solo_count(case: tuple[str, dict[str, Any]]) -> None:
    """Isle of Feathers solo (``length.length_solo``, no turn cap needed): seats that place
    every bird they can, spend everything, discard Flit birds first, or play greedy while
    spending, all stay within the bound, and the bound is within 5 times the recorded longest
    game (2-3 times in fact)."""
    game_id, config = case
    bound = game_spec(game_id).length_bound(make(game_id, **config))
    assert bound is not None
    policies = [
        _by_words("stamina", "flit", "flock", "place", "replant", "plant", "mound", "discard"),
        _by_words("stamina", "flit", "replant", "plant", "mound", "burrow", "shoo", "discard"),
        _flit_chain,
    ]
    longest = max(_stalling_game(game_id, config, s, p) for p in policies for s in range(4))
    longest = max(longest, *(_greedy_spender(game_id, config, s) for s in range(3)))
    assert 30 <= longest <= bound
    assert bound <= 5 * RECORDED[(game_id, config_label(config))]


@pytest.mark.parametrize("case", [p for p in CONFIGS if p.values[0][0] == "fancy-feathers"])
def test_a_disc_moving_one_card_at_a_time_nearly_meets_the_fancy_feathers_bound(
    case: tuple[str, dict[str, Any]],
) -> None:
    """Fancy Feathers: seats that always move their disc the least (and pass Traps) visit
    almost every card with every disc; the bound ``n (D + 1) + R + X`` is above the longest of
    3 such games and within 1.1 times it (6 players: 560 of 582; first game: 62 of 62)."""
    game_id, config = case

    def prefer(state: Any, text: str) -> int:
        if text.startswith("move "):
            return int(text.split()[1])
        return 0 if text == "pass traps" else 100

    longest = max(_stalling_game(game_id, config, s, prefer) for s in range(3))
    bound = game_spec(game_id).length_bound(make(game_id, **config))
    assert bound is not None
    assert longest <= bound <= 1.1 * longest


@pytest.mark.parametrize("case", [p for p in CONFIGS if p.values[0][0] == "featherlight"])
def test_seats_that_only_take_play_featherlight_to_its_bound(
    case: tuple[str, dict[str, Any]],
) -> None:
    """Featherlight: seats that take from the nest whenever they may never empty a draw pile,
    so the game runs to the turn cap (ruling FL-R10), or in solo to the wind stack's end
    (FL-106): exactly the bound, 600 or 42 decisions."""
    game_id, config = case
    decisions = _stalling_game(game_id, config, 0, _by_words("take"))
    assert decisions == game_spec(game_id).length_bound(make(game_id, **config))


def _recruit_first(state: Any, text: str) -> float:
    """Familiar Feat: attach where the card brings the Creature to its Strength (a Team that
    grows every day), else beneath the shortest column (FA-40)."""
    if not text.startswith("attach "):
        return 0.0
    _, card, _, slot = text.split()
    s = int(slot) - 1
    column = state.cols[s]
    strength = strength_of(state, state.row[s])
    reached = strength not in (INF, STAR) and column_total(state.cards, [*column, int(card)]) >= (
        strength
    )
    return (0 if reached else 10) + len(column)


@pytest.mark.parametrize("level", [1, 3, 8])
def test_familiar_feat_adventures_that_spread_pile_or_recruit_stay_within_the_bound(
    level: int,
) -> None:
    """Familiar Feat: attaching every card beneath the shortest column (every Creature keeps a
    Familiar to flee, so the adventure lasts), the longest, or where it recruits first stays
    within the bound, and the bound within 4 times the longest of 30 such adventures (249-266
    decisions against 890-998, ``length``: random and greedy play reach about 290, in 15-17
    days against the 21 the proof allows)."""
    config = {"level": level}
    game = make("familiar-feat", **config)
    bound = game_spec("familiar-feat").length_bound(game)
    assert bound is not None

    def by_column(shortest: bool) -> Any:
        def prefer(state: Any, text: str) -> float:
            if not text.startswith("attach "):
                return 0.0
            size = len(state.cols[int(text.rsplit(maxsplit=1)[1]) - 1])
            return size if shortest else -size

        return prefer

    policies = [by_column(True), by_column(False), _recruit_first]
    longest = max(
        _stalling_game("familiar-feat", config, s, prefer) for s in range(10) for prefer in policies
    )
    assert 200 <= longest <= bound <= 4 * longest
