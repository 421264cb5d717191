"""The research libraries stay optional: the core, a playout with the encodings and information
states, and ``import fourfeathers.rl`` load none of PettingZoo, Gymnasium, OpenSpiel or NumPy;
and every registered game has the encoding the adapters need.

The probe runs in a fresh interpreter and prints which of those libraries were loaded.
"""

from __future__ import annotations

import pytest

from fourfeathers.core import list_games
from probe import modules_loaded

PROBE = """
import random
{extra}
import fourfeathers
import fourfeathers.rl
from fourfeathers.core.encoding import encoding_for, legal_action_mask, observation_size
from fourfeathers.core.infostate import InformationState

for spec in fourfeathers.list_games():
    if spec.part("encoding") is None:
        continue
    game = fourfeathers.make(spec.id, **spec.configurations[0])
    encoding, rng = encoding_for(game), random.Random(1)
    state = game.new_initial_state(seed=1)
    info = InformationState(state)
    while not state.is_terminal():
        legal_action_mask(encoding, state)
        out = [0.0] * observation_size(encoding)
        encoding.encode_observation(state.observation(state.current_player), out)
        action = encoding.id_to_action(rng.choice(encoding.legal_action_ids(state)), state)
        state.apply_action(action)
        info.apply(action)
    info.of(0)
"""
LIBRARIES = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy")


def libraries_loaded(extra: str = "") -> list[str]:
    return modules_loaded(PROBE.format(extra=extra), LIBRARIES)


def test_the_core_and_a_research_playout_load_no_research_library():
    assert libraries_loaded() == []


def test_the_probe_sees_an_adapter_import():
    """Proof that the probe can fail: importing the PettingZoo adapter loads its libraries."""
    pytest.importorskip("pettingzoo")
    assert libraries_loaded("import fourfeathers.rl.pettingzoo") == [
        "gymnasium",
        "numpy",
        "pettingzoo",
    ]


def test_every_registered_game_has_an_encoding():
    assert [spec.id for spec in list_games() if spec.part("encoding") is None] == []
