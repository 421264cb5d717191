"""Build Isle of Feathers positions for tests, in the notation of docs/rules/isle-of-feathers.md.

Island cells are ``"q,r:h"`` with ``V`` for Vegetation (``"1,0:2V"``); ``"3,0:0V"`` is a
Vegetation token lying on the ocean. Birds are ``{"q,r": [seats]}``. Cards not placed anywhere
by the caller go to the Draw pile (top = last element), or to the Discard pile when the caller
gives the Draw pile; the Flight Path defaults to the four lowest free cards. Supplies are
computed so that every tile and token adds up to the box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fourfeathers import make
from fourfeathers.games.isle_of_feathers.hexgrid import key

START = ("0,0:1", "1,0:1", "2,0:1", "-1,1:1", "0,1:1", "1,1:1")
"""The starting island of the shipped content: six Sand tiles."""


def cell(text: str) -> int:
    """``"q,r"`` -> key."""
    q, r = text.split(",")
    return key(int(q), int(r))


def play(state, *texts: str) -> None:
    """Apply actions given as text."""
    for text in texts:
        state.apply_action(state.game.parse_action(text))


def code_at(state, text: str) -> tuple[int, int]:
    """``(height, vegetation)`` of a cell."""
    c = state.cells.get(cell(text), 0)
    return c >> 1, c & 1


def position(
    players: int = 2,
    *,
    island: Sequence[str] = START,
    birds: Mapping[str, Sequence[int]] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    path: Sequence[int] | None = None,
    draw: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    migration: Sequence[int] | None = None,
    box: Sequence[int] = (),
    placed: Sequence[Sequence[int]] | None = None,
    tokens: Sequence[Sequence[int]] | None = None,
    stamina: int = 0,
    player: int = 0,
    options: Mapping[str, Any] | None = None,
    **fields: Any,
):
    """A position of a ``players``-seat game (1 = solo); keyword ``fields`` override the rest."""
    game = make("isle-of-feathers", players=players, **(options or {}))
    content = game.content
    n = players
    cells = []
    for text in island:
        where, _, what = text.partition(":")
        q, r = (int(x) for x in where.split(","))
        veg = what.endswith("V")
        cells.append([q, r, int(what.rstrip("V")), int(veg)])
    bird_rows = [[*map(int, k.split(",")), list(v)] for k, v in (birds or {}).items()]
    if hands is None:
        hands = [
            list(range(5 + 4 * p, 9 + 4 * p)) + ([30] if p == player else []) for p in range(n)
        ]
    used = {c for h in hands for c in h} | set(discard) | set(box) | set(migration or ())
    used |= {c for row in placed or () for c in row}
    if draw is not None:
        used |= set(draw)
    if path is None:  # the lowest free cards
        path = [c for c in range(1, 53) if c not in used][:4]
    used |= set(path)
    spare = [c for c in range(52, 0, -1) if c not in used]
    if placed is None:
        counts = [0] * n
        for _, _, seats in bird_rows:
            for s in seats:
                counts[s] += 1
        placed = [[spare.pop() for _ in range(counts[p])] for p in range(n)]
    used |= {c for row in placed for c in row}
    if migration is None:
        migration = [spare.pop() for _ in range(5)] if n == 1 else []
        used |= set(migration)
    rest = sorted((c for c in range(1, 53) if c not in used), reverse=True)
    if draw is None:
        draw = rest
    else:  # the caller fixed the Draw pile: the other cards lie in the Discard pile
        discard = list(discard) + rest
    heights = [h for _, _, h, _ in cells]
    used_tiles = (
        sum(1 for h in heights if h >= 1),
        sum(1 for h in heights if h >= 2),
        sum(h - 2 for h in heights if h > 2),
    )
    tokens = [list(t) for t in tokens] if tokens is not None else [[0] * 6 for _ in range(n)]
    token_supply = [
        content.ability_tokens[k] - sum(t[k] for t in tokens) - (stamina if k == 3 else 0)
        for k in range(6)
    ]
    data = {
        "cells": cells,
        "birds": bird_rows,
        "supply": [content.tiles[k] - used_tiles[k] for k in range(3)],
        "veg_supply": content.vegetation - sum(v for *_, v in cells),
        "token_supply": token_supply,
        "tokens": tokens,
        "stamina": stamina,
        "hands": [list(h) for h in hands],
        "path": list(path),
        "draw": list(draw),
        "discard": list(discard),
        "migration": list(migration),
        "box": list(box),
        "placed": [list(p) for p in placed],
        "known": [[[] for _ in range(n)] for _ in range(n)],
        "public_known": [[] for _ in range(n)],
        "pool": sorted(draw),
        "gone": [[] for _ in range(n)],
        "player": player,
        "phase": 0,
        "actions_left": 2,
        "turn_actions": 0,
        "turn": 0,
        "starter": max(player, 0),
        "pending": -1,
        "pending_card": 0,
        "replant_from": None,
        "draws": 0,
        "blind_draws": 0,
        "end_turn": -1,
        "end_reason": 0,
        "seed": 1,
        "reshuffles": 0,
    }
    data.update(fields)
    return game.state_from_dict(data)


def habitat_card(game, *, cells: int | None = None, veg: bool | None = None) -> int:
    """The lowest bird number whose habitat has ``cells`` cells / any Vegetation."""
    for n in range(1, 53):
        hab = game.content.habitat[n]
        if cells is not None and hab.size != cells:
            continue
        if veg is not None and any(v for *_, v in hab.cells) != veg:
            continue
        return n
    raise LookupError("no such bird")


def habitat_island(game, card: int, at: tuple[int, int] = (0, 0)) -> list[str]:
    """Island cells laying bird ``card``'s habitat in its printed orientation, token on ``at``."""
    q0, r0 = at
    return [
        f"{q0 + dq},{r0 + dr}:{h}{'V' if v else ''}"
        for dq, dr, h, v in game.content.habitat[card].cells
    ]


def bird_with(game, ability: str, *, exclude: Sequence[int] = ()) -> int:
    """The lowest bird number with ``ability`` (not in ``exclude``)."""
    from fourfeathers.games.isle_of_feathers.content import ABILITIES

    kind = ABILITIES.index(ability)
    return next(n for n in range(1, 53) if game.content.ability[n] == kind and n not in exclude)
