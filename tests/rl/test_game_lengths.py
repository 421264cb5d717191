"""Game lengths against each configuration's proved bound (``GameSpec.length_bound``, OpenSpiel's
``max_game_length``; the proofs are in each game's ``encoding.py``).

Issue 37 asks for a bound at most about 5 times the longest game that random and greedy players
play. ``RECORDED`` holds the longest game of a recorded run, made with

    python benchmarks/game_lengths.py --random 3000 --greedy 300

(3,000 random games, seeds 0.., and 300 greedy ones, seeds 10**6.., per configuration), not the
10,000 of each the issue asks, for lack of CPU on a shared machine; docs/research.md, "Game
lengths", has the table. Where the bound is not within 5 times, ``ALLOWED`` states how far it
is (and why, there): the test keeps the bounds from getting looser, and the Isle's stalling game
shows that no correct bound can meet the target while its turn cap is 200.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest
from rl_cases import CONFIGS

from fourfeathers.core import game_spec, make
from fourfeathers.rl.common import config_label

_PATH = Path(__file__).parents[2] / "benchmarks" / "game_lengths.py"
_SPEC = importlib.util.spec_from_file_location("game_lengths", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
game_lengths = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(game_lengths)

RECORDED: dict[tuple[str, str], int] = {
    ("familiar-feat", "level=1"): 282,
    ("familiar-feat", "level=2"): 282,
    ("familiar-feat", "level=3"): 284,
    ("familiar-feat", "level=4"): 288,
    ("familiar-feat", "level=5"): 285,
    ("familiar-feat", "level=6"): 279,
    ("familiar-feat", "level=7"): 271,
    ("familiar-feat", "level=8"): 265,
    ("familiar-feat", "level=8, variants=choose-cards"): 275,
    ("familiar-feat", "level=4, variants=closing-ranks-together"): 289,
    ("fancy-feathers", "players=2"): 38,
    ("fancy-feathers", "players=3"): 62,
    ("fancy-feathers", "players=4"): 85,
    ("fancy-feathers", "players=5"): 121,
    ("fancy-feathers", "players=6"): 165,
    ("fancy-feathers", "players=2, types=first-game"): 28,
    (
        "fancy-feathers",
        "players=3, types=peacock+nest+trap+mirror+monal+fox, variants=fox-may-remove-itself+nest-five-each+unpassed-trap-to-box",  # noqa: E501
    ): 62,
    (
        "fancy-feathers",
        "players=4, types=golden-pheasant+green-pheasant+trap+mirror+monal+fox, variants=fox-spares-set-aside-trap",  # noqa: E501
    ): 91,
    ("featherlight", "players=1"): 42,
    ("featherlight", "players=2"): 600,
    ("featherlight", "players=3"): 484,
    ("featherlight", "players=4"): 444,
    ("featherlight", "players=1, variants=no-wind-on-last-turn+no-put-back"): 42,
    (
        "featherlight",
        "players=3, variants=exact-same-colour+no-put-back+tiebreak-unique-cards",
    ): 478,
    ("isle-of-feathers", "players=2"): 109,
    ("isle-of-feathers", "players=3"): 139,
    ("isle-of-feathers", "players=4"): 153,
    ("isle-of-feathers", "players=1, stamina=1"): 116,
    ("isle-of-feathers", "players=1, stamina=2"): 100,
    ("isle-of-feathers", "players=1, stamina=3"): 115,
    ("isle-of-feathers", "players=1, stamina=4"): 105,
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
    "featherlight": 5.0,
    "fancy-feathers": 7.5,  # 4-6 players: 6.0-7.2 (a disc moving one card a turn, below)
    "familiar-feat": 23.0,  # 21.0-22.9: abilities that may fire every day, full columns
    "isle-of-feathers": 190.0,  # 111-189: 200 turns of 82; a stalling game takes 1,300 (below)
}
"""Game id -> the most its bound may be, in multiples of the recorded longest game: 5, the
target, where the proof meets it; elsewhere the present ratio, rounded up."""


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
    assert bound <= ALLOWED[game_id] * recorded


def _stalling_game(game_id: str, config: dict[str, Any], seed: int, prefer: Any) -> int:
    """The decisions of one game whose seats take the action ``prefer`` ranks first."""
    game, rng = make(game_id, **config), random.Random(seed)
    state, decisions = game.new_initial_state(seed), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        best = min(prefer(str(a)) for a in legal)
        state.apply_action(rng.choice([a for a in legal if prefer(str(a)) == best]))
        decisions += 1
    return decisions


def test_a_seat_that_ends_every_turn_at_once_reaches_the_isle_turn_cap():
    """Isle of Feathers, 2 players: seats that end each turn as soon as they may (else discard
    or pass) play the 200 turns of the cap (ruling IS-R27): over 1,300 decisions, more than 10
    times the recorded longest game (126 or so), so no correct bound is within 5 times."""

    def prefer(text: str) -> int:
        for rank, start in enumerate(("end", "skip", "discard", "pass")):
            if text.startswith(start):
                return rank
        return 4

    decisions = _stalling_game("isle-of-feathers", {"players": 2}, 0, prefer)
    bound = game_spec("isle-of-feathers").length_bound(make("isle-of-feathers", players=2))
    assert 1300 <= decisions <= bound
    assert decisions > 10 * RECORDED[("isle-of-feathers", "players=2")]


def test_a_disc_moving_one_card_at_a_time_makes_fancy_feathers_long():
    """Fancy Feathers, 6 players: seats that always move their disc the least play a game of
    over 500 decisions, about 4 times the recorded longest (165), and the bound (1,182) is
    within 2.5 times of it."""

    def prefer(text: str) -> int:
        if text.startswith("move "):
            return int(text.split()[1])
        return 0 if text == "pass traps" else 100

    decisions = _stalling_game("fancy-feathers", {"players": 6}, 0, prefer)
    bound = game_spec("fancy-feathers").length_bound(make("fancy-feathers", players=6))
    assert 500 <= decisions <= bound <= 2.5 * decisions
