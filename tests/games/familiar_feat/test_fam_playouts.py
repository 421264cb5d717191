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

from fourfeathers import make
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.registry import game_spec
from fourfeathers.games.familiar_feat import content
from fourfeathers.games.familiar_feat.content import GOLEMS
from fourfeathers.games.familiar_feat.rules_phases import LOST, MAX_DAYS, WON


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
