"""Isle of Feathers in the browser (``GameSpec.web``): what the lobby and the table page need
of the game. Until a ``view.js`` is here the page draws the plain view (the legal actions)."""

from __future__ import annotations

from typing import Any

from ..game import VARIANTS

__all__ = ["FIELDS", "VARIANTS"]

FIELDS: dict[str, dict[str, Any]] = {"stamina": {"when": {"players": [1]}}}
"""The lobby asks for the solo Stamina level only for a solo game."""
