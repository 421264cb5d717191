"""How numbers, games and configurations read in a report: percentages, intervals, means,
game titles, configurations and turn-order positions."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ...core.registry import game_spec


def pct(x: float) -> str:
    """``0.1234`` -> ``"12.3%"`` (``nan`` -> ``"-"``)."""
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def ci_text(interval: tuple[float, float]) -> str:
    """``(0.1, 0.25)`` -> ``"10.0-25.0%"`` (an empty tally's ``(nan, nan)`` -> ``"-"``)."""
    low, high = interval
    return "-" if math.isnan(low) else f"{100 * low:.1f}-{100 * high:.1f}%"


def mean_text(x: float) -> str:
    """``12.345`` -> ``"12.35"`` (``nan``, an empty tally's mean -> ``"-"``)."""
    return "-" if math.isnan(x) else f"{x:.2f}"


def game_title(game_id: str) -> str:
    """The title the game registered (its ``GameSpec.title``); the id itself for a game this
    package does not know."""
    try:
        return game_spec(game_id).title
    except Exception:
        return game_id


def config_text(config: dict[str, Any], keys: Iterable[str] | None = None) -> str:
    """``{"players": 3, "variant": ["a", "b"]}`` -> ``"players=3, variant=a,b"``: the ``keys``
    (default: all) in that order, empty values left out (but ``players``); ``"defaults"`` when
    nothing is left."""
    keys = list(config) if keys is None else list(keys)
    parts = []
    for key in keys:
        value = config.get(key)
        if value in (None, [], "") and key != "players":
            continue
        if isinstance(value, list):
            value = ",".join(map(str, value))
        parts.append(f"{key}={value}")
    return ", ".join(parts) or "defaults"


def ordinal(k: int) -> str:
    """A turn-order position in words: ``1`` -> ``"1st"``, ``4`` -> ``"4th"``, ``12`` ->
    ``"12th"``, ``21`` -> ``"21st"``."""
    if k % 100 in (11, 12, 13):
        return f"{k}th"
    return f"{k}" + {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
