"""Whole adventures played by the greedy agent at every level, with what must hold at every step.

Random play loses within a few days, before the Stone Golems come out; the greedy agent reaches
them in about half of its adventures, so the Golem rules are exercised here.
"""

from __future__ import annotations

import ast
import hashlib
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.registry import game_spec
from fourfeathers.core.rng import MAX_SEED, derive_seed
from fourfeathers.core.shuffle import shuffle
from fourfeathers.games.familiar_feat import content, rules_deck
from fourfeathers.games.familiar_feat.content import GOLEMS
from fourfeathers.games.familiar_feat.rules_phases import F_PICK, LOST, MAX_DAYS, WON


def test_adventures_keep_every_card_in_one_place_and_always_end():
    """FA-99: every card in exactly one place after every action (and the state rebuilds from
    its dict, which checks it); FA-84: nothing ever leaves the Fled pile; FA-80: once a Golem
    is in the row the row never empties, and every day from then on ends with a flee (the Team
    deck ran out); FA-101: every adventure ends, won or lost, long before the safety cap."""
    golem_days = 0
    for level in range(1, 9):
        game = make("familiar-feat", level=level)
        for seed in range(3):
            agent = make_agent("greedy", seed)
            state = game.new_initial_state(100 * level + seed)
            golem = False
            day, fled_at_dawn = state.day, 0
            while not state.is_terminal():
                fled = list(state.fled)
                state.apply_action(agent.act(SeatView(state, 0)))
                located = Counter(c for cs in state.component_locations().values() for c in cs)
                assert located == Counter(game.components())
                assert game.state_from_dict(state.to_dict()) == state
                assert state.fled[: len(fled)] == fled
                if state.day != day:
                    if golem:
                        assert len(state.fled) > fled_at_dawn, (level, seed, day)
                        golem_days += 1
                    day, fled_at_dawn = state.day, len(state.fled)
                golem = golem or any(c in GOLEMS for c in state.row)
                if golem and not state.is_terminal():
                    assert any(state.row)
            assert state.result in (WON, LOST) and state.day < MAX_DAYS // 5
    assert golem_days >= 10  # the Golem checks above did run


def _playout_digest(games: int) -> str:
    """A hash of every legal-action list (in order), every outcome log and the final state and
    scores of ``games`` seeded random adventures in each registered configuration."""
    digest = hashlib.sha256()
    for config in game_spec("familiar-feat").configurations:
        game = make("familiar-feat", **config)
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                digest.update(repr([str(a) for a in legal]).encode())
                state.log = [] if seed % 4 == 0 else None  # the log when describing, too
                state.apply_action(rng.choice(legal))
                digest.update(repr(state.log).encode())
                state.log = None
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
            digest.update(repr((state.scores(), state.returns())).encode())
    return digest.hexdigest()[:16]


def test_random_playouts_are_those_of_the_reference():
    """The engine's speed work (issue 36) keeps the legal actions, their order, the outcomes and
    the records exactly: seeded random adventures in every configuration hash to the value the
    rules gave before it (pure Python and the compiled build alike, tests/conformance/
    test_compiled.py). A change of the rules changes this value on purpose: update it then."""
    assert _playout_digest(12) == PLAYOUT_DIGEST


PLAYOUT_DIGEST = "a7bf145c104743d4"
"""The digest of ``_playout_digest(12)`` (main before issue 36's Familiar Feat round, pure and
compiled)."""


def test_the_rules_constants_are_final():
    """The kinds, phases, frames and results the rules compare against are ``Final``: compiled
    (setup.py), mypyc then inlines each value, where a plain module name is looked up in the
    module's dict at every use (issue 36: a quarter of a compiled playout's instructions)."""
    folder = Path(content.__file__).parent
    prefixes = ("A_", "E_", "C_", "V_", "K_", "F_", "PH_")
    plain = {"ONGOING", "WON", "LOST", "LOST_CAP", "ROW", "NUM_CARDS", "INF", "STAR", "CARD_LIMIT"}
    seen: set[str] = set()
    for module in ("content", "rules_phases", "rules_totals"):
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        names: dict[str, bool] = {}
        for node in tree.body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names[node.target.id] = ast.unparse(node.annotation).startswith("Final")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            names[name.id] = False
        constants = {n for n in names if n.startswith(prefixes) or n in plain}
        assert constants, module
        assert {n for n in constants if not names[n]} == set(), module
        seen |= constants
    assert {"F_RESOLVE", "PH_ATTACH", "ONGOING", "A_COPY", "V_NO_DOUBLE", "ROW", "STAR"} <= seen


def test_the_team_generator_is_the_derived_random_random():
    """FA-32: a new Team deck is shuffled by ``random.Random(derive_seed(seed, "team", n))``;
    ``rules_deck.team_generator`` (a bare ``_random.Random`` from the seed text hashed in place,
    issue 36) gives the same seed and the same numbers, so the same decks and records."""
    for seed in (0, 1, 7, 2**32 + 5, derive_seed(3, "play"), MAX_SEED):
        for shuffles in (0, 1, 2, 13):
            fast = rules_deck.team_generator(seed, shuffles)
            slow = random.Random(derive_seed(seed, "team", shuffles))
            assert type(fast) is not random.Random  # the bare C generator
            assert [fast.getrandbits(k) for k in (1, 5, 32, 7, 64) * 8] == [
                slow.getrandbits(k) for k in (1, 5, 32, 7, 64) * 8
            ]
            pool, reference = list(range(1, 26)), list(range(1, 26))
            shuffle(rules_deck.team_generator(seed, shuffles), pool)
            random.Random(derive_seed(seed, "team", shuffles)).shuffle(reference)
            assert pool == reference


def test_the_box_at_setup_holds_every_card_not_laid_out():
    """FA-05..FA-25: the box gets every card that is not in the Creature deck, the row, the
    Team deck, the Character or the Exhausted card 80, ascending (``game.box_pool`` plus the
    Monsters and Events not picked), at every level and after the picks of choose-cards."""
    for config in game_spec("familiar-feat").configurations:
        game = make("familiar-feat", **config)
        for seed in range(4):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while state.pending and state.pending[-1][0] == F_PICK:
                state.apply_action(rng.choice(state.legal_actions()))
            used = {*state.deck, *state.row, *state.team, *state.hand, state.character, 80}
            assert state.box == [n for n in range(1, content.NUM_CARDS + 1) if n not in used]
            assert len(state.box) == content.NUM_CARDS - len(used)


def test_the_picks_offered_are_worked_out_once_per_set_of_picks():
    """FA-07, ruling FA-R03 (choose-cards): the Monsters, then Events, that still complete a set
    fitting the Character's banner; ``pick_options`` keeps them per game by the picks so far
    (``game.pick_memo``) and returns a new list each time (changing it changes nothing)."""
    game = make("familiar-feat", level=8, variants=["choose-cards"])
    state = game.new_initial_state(5)
    assert list(game.pick_memo) == [()]  # the setup stopped at the first pick
    first = rules_deck.pick_options(state)
    assert first == sorted({n for s in game.monster_sets for n in s})
    first.append(999)
    assert rules_deck.pick_options(state) == first[:-1]
    rng = random.Random(2)
    while state.pending and state.pending[-1][0] == F_PICK:
        options = rules_deck.pick_options(state)
        chosen = set(state.chosen)
        monsters = {n for n in chosen if game.cards.kind[n] == content.K_MONSTER}
        if len(monsters) < 3:
            sets = [s for s in game.monster_sets if chosen <= s]
        else:
            sets = [s for s in game.event_sets if chosen - monsters <= s]
        assert options == sorted({n for s in sets for n in s} - chosen) != []
        assert [a.card for a in state.legal_actions()] == options
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(game.pick_memo) >= 4  # one per pick (the Giant's heads come together)
    again = game.new_initial_state(5)  # a second adventure of the game reads the memo
    assert rules_deck.pick_options(again) == first[:-1]


def test_a_bad_seed_is_refused_with_choose_cards_too():
    """The setup makes no generator before the picks of choose-cards (issue 36), yet refuses a
    seed a record could not restore, as at every other configuration (core.rng.make_rng)."""
    for config in ({"level": 8, "variants": ["choose-cards"]}, {"level": 3}):
        game = make("familiar-feat", **config)
        for bad in (-1, MAX_SEED + 1, "7", 2.0, True):
            with pytest.raises(ValueError, match="a seed is an integer from 0 to"):
                game.new_initial_state(bad)
