"""Build Familiar Feat positions directly (synthetic fixtures with the shipped cards).

Card numbers used often (shipped content): Tier 0: 1-4 Cuddle 1, 5-8 Cuddle 2; 14 Clover Lamb
(Cuddle 3), 16 Ember Fox Kit (Strength 4, exhaust 1), 21 Badger (Strength 5, no effect),
25 Magpie (Copy), 27 Beaver (Strength 6, exhaust the last), 23 Hare (does not count), 35 Golden
Eagle (Cuddle 3, Double), 39 Black Swan (Move 1), 38 Snow Owl (Exhaust 1, then Revive 1),
42 Raven (revive 2, then play 1; Copy), 45 Unicorn (exhaust this), 64 TMNT, 76-79 Golems.
"""

from __future__ import annotations

from typing import Any

from fourfeathers import make
from fourfeathers.games.familiar_feat import rules_day
from fourfeathers.games.familiar_feat.rules_phases import ONGOING, PH_ATTACH

DEFAULTS: dict[str, Any] = {
    "deck": [],
    "row": [0, 0, 0, 0, 0],
    "cols": [[], [], [], [], []],
    "since": [1, 1, 1, 1, 1],
    "hand": [],
    "team": [],
    "discard": [],
    "fd": [],
    "fu": [],
    "fled": [],
    "driven": [],
    "chosen": [],
    "events_pending": [],
    "active": [],
    "limbo": [],
    "pending": [],
    "reached": [],
    "groups": [],
    "latched": [],
    "stamp": 0,
    "phase": PH_ATTACH,
    "day": 1,
    "seed": 7,
    "shuffles": 0,
    "result": ONGOING,
}


def build(level: int = 1, advance: bool = True, variants: tuple[str, ...] = (), **fields: Any):
    """A state with ``fields`` set, every other card in the box, the Level's Character out.

    With ``advance`` the automatic steps run (as after any action), so the state waits on a
    decision.
    """
    game = make("familiar-feat", level=level, variants=list(variants))
    data = {**DEFAULTS, **fields}
    data["character"] = game.cards.character(level)
    data["cols"] = [list(c) for c in data["cols"]] + [[] for _ in range(5 - len(data["cols"]))]
    used = set()
    for key in (
        "deck",
        "hand",
        "team",
        "discard",
        "fd",
        "fu",
        "fled",
        "driven",
        "events_pending",
        "limbo",
    ):
        used |= set(data[key])
    used |= {c for c in data["row"] if c}
    used |= {c for col in data["cols"] for c in col}
    used |= {e[0] for e in data["active"]}
    used |= {data["character"], 80}
    data["box"] = [c for c in range(1, 111) if c not in used]
    data["active"] = [list(e) for e in data["active"]]
    data["pending"] = [list(f) for f in data["pending"]]
    state = game.position_from_dict(data)  # may stand between automatic steps
    if advance:
        rules_day.advance(state)
    return state


def play(state, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(text))


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]
