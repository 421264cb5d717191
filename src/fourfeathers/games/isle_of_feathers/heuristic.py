"""Isle of Feathers position heuristic for the greedy agent.

``evaluate(state, player)`` = the player's points (printed points of placed birds)
+ 0.4 x points of each hand bird that can be placed now
+ 0.2 x points of each hand bird that can be placed after one more tile
+ 0.3 per Ability token held (and per Flit in the solo Stamina pool)
+ 0.35 per action left, while it is the player's turn (so a Flit is worth spending).

"After one more tile": some orientation matches the island except on exactly one cell, which
is one level too low with the right Vegetation and where a tile may legally go now. Placing a
bird always gains 0.6 x its points, so a greedy player places what it can, draws the birds that
fit, passes the ones that do not and builds toward the birds it holds.
"""

from __future__ import annotations

from typing import Any

from ...core.game import TERMINAL
from . import rules_land, rules_place

NOW, SOON, TOKEN, ACTION = 0.4, 0.2, 0.3, 0.35

_CACHE: dict[Any, int] = {}
_CACHE_LIMIT = 20000


def fit_level(state: Any, card: int, spots: set[int], anchors: list[int]) -> int:
    """2 if bird ``card`` can be placed now, 1 if after one tile on ``spots``, else 0.

    ``spots``: the spaces a tile may go on now; ``anchors``: land cells plus ocean spots, the
    places the token cell may end up.
    """
    hab = state.game.content.habitat[card]
    cells = state.cells
    birds = state.birds
    get = cells.get
    for k in anchors:
        if k not in birds and hab.fits_at(cells, k):
            return 2
    for image in hab.full_images:
        for t in anchors:
            if t in birds:
                continue
            miss = -1
            for off, c in image:
                k = t + off
                have = get(k, 0)
                if have != c:
                    if miss < 0 and have == c - 2 and k in spots:
                        miss = k
                    else:
                        break
            else:
                return 1
    return 0


def hand_potential(state: Any, player: int) -> float:
    """The fit bonus of ``player``'s hand (module docstring)."""
    hand = state.hands[player]
    if not hand or not rules_place.has_bird_token(state, player):
        return 0.0
    island = (tuple(sorted(state.cells.items())), tuple(sorted(state.birds)), tuple(state.supply))
    points = state.game.content.points
    total = 0.0
    spots: set[int] | None = None
    anchors: list[int] = []
    for card in hand:
        k = (island, card)
        level = _CACHE.get(k)
        if level is None:
            if spots is None:
                spots = set(rules_land.tile_spots(state))
                anchors = [c for c, code in state.cells.items() if code >= 2]
                anchors += [c for c in spots if state.cells.get(c, 0) < 2]
            level = fit_level(state, card, spots, anchors)
            if len(_CACHE) > _CACHE_LIMIT:
                _CACHE.clear()
            _CACHE[k] = level
        if level == 2:
            total += NOW * points[card]
        elif level == 1:
            total += SOON * points[card]
    return total


def evaluate(state: Any, player: int) -> float:
    """Points, plus the hand's fit bonus and the tokens held (module docstring)."""
    score = float(state.scores()[player])
    if state.player == TERMINAL:
        return score
    tokens = sum(state.tokens[player]) + (state.stamina if state.game.solo else 0)
    value = score + hand_potential(state, player) + TOKEN * tokens
    if state.player == player:
        value += ACTION * state.actions_left
    return value
