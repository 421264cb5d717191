"""The configurations the research adapters' tests run: every registered one.

A game without an ``encoding`` part is skipped by the adapters' tests (``needs_encoding``).
"""

from __future__ import annotations

from typing import Any

import pytest

from fourfeathers.core import game_spec, make
from fourfeathers.rl.common import config_label, configurations

CONFIGS = [
    pytest.param((spec.id, config), id=f"{spec.id}[{config_label(config)}]")
    for spec, config in configurations()
]
"""``(game_id, config)`` of every registered configuration."""


def one_configuration_per_game() -> list[Any]:
    """For the slower suites: per game, its first registered two-seat configuration, else its
    first configuration."""
    chosen: dict[str, tuple[bool, Any]] = {}
    for param in CONFIGS:
        game_id, config = param.values[0]
        two = make(game_id, **config).num_players == 2
        if game_id not in chosen or (two and not chosen[game_id][0]):
            chosen[game_id] = (two, param)
    return [param for _, param in chosen.values()]


SOLO_CONFIGS = [p for p in CONFIGS if make(p.values[0][0], **p.values[0][1]).num_players == 1]
"""The one-seat configurations of ``CONFIGS`` (the Gymnasium environments' modes)."""


def needs_encoding(game_id: str) -> None:
    """Skip the calling test if ``game_id`` has no encoding yet."""
    if game_spec(game_id).part("encoding") is None:
        pytest.skip(f"{game_id} has no encoding yet")
