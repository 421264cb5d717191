"""Build Featherlight positions for tests: a fixed two-player layout, changed field by field."""

from __future__ import annotations

from fourfeathers import make
from fourfeathers.games.featherlight.scoring import COLOURS

# A fixed layout: seat 0 holds 10, 20, 31, 41, 58 (white, flat points); seat 1 holds 2-6.
BASE = {
    "hands": [[10, 20, 31, 41, 58], [2, 3, 4, 5, 6]],
    "nest": [[11], [12], [13], [14], [15], [16]],
    "piles": [[30, 29, 28, 27], [40, 39, 38, 37]],
    "box": [],
    "wind": [],
    "known": [[], []],
    "player": 0,
    "phase": 0,
    "taken": 0,
    "taken_from": -1,
    "turn": 0,
    "starter": 0,
}


def build(game=None, **changes):
    """``BASE`` with ``changes`` as a state of ``game`` (2 players by default); every card not
    placed goes to the box."""
    game = game or make("featherlight", players=2)
    fields = {**BASE, **changes}
    used = {c for k in ("hands", "nest", "piles") for group in fields[k] for c in group}
    used |= set(fields["wind"])
    fields["box"] = [c for c in range(1, 71) if c not in used]
    if game.solo:  # the box holds two cards of each colour (FL-102), the rest lie under stack 2
        free = fields["box"]
        colour = game.cards.colour
        fields["box"] = [
            c for k in range(len(COLOURS)) for c in [c for c in free if colour[c] == k][:2]
        ]
        under = [c for c in free if c not in fields["box"]]
        fields["nest"] = [fields["nest"][0], under + fields["nest"][1], *fields["nest"][2:]]
    return game.state_from_dict(fields)


def play(state, *texts):
    """Apply the actions written as ``texts`` in turn."""
    for text in texts:
        state.apply_action(state.game.parse_action(text))


def solo(**changes):
    """A solo position: seat 1's hand of ``BASE`` and the wind stack 2, 3 (3 turns first)."""
    fields = {"hands": [[10, 20, 31, 41, 58]], "known": [[]], "wind": [2, 3], **changes}
    return build(make("featherlight", players=1), **fields)
