"""The result of an adventure: won or lost, and how far it got.

Familiar Feat has no points (FA-89, FA-90). ``scores()`` reports the Monsters driven away (0-3,
3 only in a won adventure) and ``returns()`` 1.0 for a win, 0.0 otherwise (ruling FA-R28).
``summary`` explains a finished or running adventure in numbers for reports and the result view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import FamiliarFeatState


def summary(state: FamiliarFeatState) -> dict[str, Any]:
    """Numbers about an adventure: result (1 won, 0 going on, -1/-2 lost), day, Monsters driven
    away, and where the Familiars are (Team, exhausted, fled)."""
    team = len(state.team) + len(state.discard) + len(state.hand) + len(state.limbo)
    team += sum(len(c) for c in state.cols)
    return {
        "result": state.result,
        "day": state.day,
        "monsters_driven_away": len(state.driven),
        "team": team,
        "exhausted": len(state.fd) + len(state.fu),
        "fled": len(state.fled),
    }
