"""The ``case`` fixture: every registered configuration (``rl_cases.CONFIGS``) in turn."""

from __future__ import annotations

from typing import Any

import pytest
from rl_cases import CONFIGS, needs_encoding


@pytest.fixture(params=CONFIGS)
def case(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    """One registered configuration ``(game_id, config)`` whose game has an encoding."""
    game_id, config = request.param
    needs_encoding(game_id)
    return game_id, config
