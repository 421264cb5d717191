"""Isle of Feathers in the browser (``GameSpec.web``): ``view.js`` draws the island as an SVG hex
map and the table around it, ``view.css`` styles it; this module gives the lobby the variants
and the solo Stamina field, and the page the birds' cards (``catalogue``) and, from one
observation, where each bird in sight would fit on the island now (``derive``).

Everything ``derive`` returns comes from the observation it is given (the island, the birds on
it, the seat's own hand and the Flight Path), so a seat learns nothing it does not already know.
"""

from __future__ import annotations

from typing import Any

from ..actions import cell_text
from ..content import ABILITIES, ABILITY_TEXT, COLOURS, KIND_NAMES
from ..game import VARIANTS, IsleGame
from ..hexgrid import NEIGHBOURS, key

__all__ = ["FIELDS", "VARIANTS", "catalogue", "derive"]

FIELDS: dict[str, dict[str, Any]] = {"stamina": {"when": {"players": [1]}}}
"""The lobby asks for the solo Stamina level only for a solo game."""


def catalogue(game: IsleGame) -> dict[str, Any]:
    """The birds and the box: ``{"birds": {"1": {"name", "points", "ability", "habitat"}...},
    "abilities": {kind: text}, "kinds": {height: name}, "colours", "tiles", "vegetation",
    "bird_tokens", "flight_path", "players", "solo", "stamina", "max_turns", "neighbours"}``.

    ``habitat`` is the bird's diagram as printed (IS-32): ``[[dq, dr, height, vegetation]...]``
    with the token cell first at ``[0, 0]``; ``ability`` a key of ``abilities`` (IS-51..IS-56);
    ``tiles`` the Sand, Grass and Cliff tiles in the box; ``neighbours`` the six axial
    directions ``[dq, dr]`` of a space's neighbours (IS-26, ``hexgrid.NEIGHBOURS``).
    """
    content = game.content
    birds: dict[str, Any] = {}
    for n in range(1, len(content.birds)):
        bird = content.bird(n)
        birds[str(n)] = {
            "name": bird.name,
            "points": bird.points,
            "ability": ABILITIES[bird.ability],
            "habitat": [[dq, dr, h, int(v)] for dq, dr, h, v in bird.habitat.cells],
        }
    return {
        "birds": birds,
        "abilities": dict(ABILITY_TEXT),
        "kinds": {str(h): name.replace("-", " ") for h, name in KIND_NAMES.items()},
        "colours": list(COLOURS),
        "tiles": list(content.tiles),
        "vegetation": content.vegetation,
        "bird_tokens": game.bird_tokens,
        "flight_path": content.flight_path,
        "players": game.num_players,
        "solo": game.solo,
        "stamina": game.stamina,
        "max_turns": game.max_turns,
        "neighbours": [list(d) for d in NEIGHBOURS],
    }


def derive(game: IsleGame, observation: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """From one observation (of ``seat``, or the public one when None): ``{"fits": {card:
    ["q,r"...]}, "flock": {card: ["q,r"...]}}`` for the seat's hand and the Flight Path: the
    free tiles where the bird's habitat matches the island now in some orientation (IS-32,
    IS-33, IS-39), and the tiles holding a bird where Flock could put it (IS-55). Cards that fit
    nowhere are left out. Whose turn it is does not matter: it is what the island allows.

    The server asks this of every recipient after every event, and the island changes only when
    a tile, Vegetation or a bird is placed: the answers per card are kept for the game's latest
    island (``_kept``), as tuples (which the garbage collector stops walking; lists in JSON)."""
    kept = _kept(game, observation["island"], observation["birds"])
    spots = kept.spots
    fits: dict[str, tuple[str, ...]] = {}
    flock: dict[str, tuple[str, ...]] = {}
    shown = list(observation.get("hand", [])) + [c for c in observation["path"] if c]
    for card in sorted(set(shown)):
        found = spots.get(card)
        if found is None:
            found = spots[card] = kept.card_spots(card)
        free, taken = found
        if free:
            fits[str(card)] = free
        if taken:
            flock[str(card)] = taken
    return {"fits": fits, "flock": flock}


class _Island:
    """One island as ``derive`` reads it, and its answers so far per card: ``spots[card]`` is
    ``(free tiles, tiles with a bird)`` in ``"q,r"`` text. Built of what the garbage
    collector need not walk (tuples, dicts of integers): the server keeps one per table."""

    __slots__ = ("game", "shape", "cells", "occupied", "by_code", "spots")

    def __init__(
        self, game: IsleGame, island: list[list[int]], birds: list[Any], shape: tuple[Any, ...]
    ) -> None:
        self.game = game
        self.shape = shape  # the island and where its birds are, as ``_kept`` compares them
        self.cells = {key(q, r): h * 2 + v for q, r, h, v in island}
        self.occupied = {key(q, r) for q, r, _ in birds}
        by_code: dict[int, list[int]] = {}
        for k in sorted(self.cells):
            by_code.setdefault(self.cells[k], []).append(k)
        self.by_code = {c: tuple(ks) for c, ks in by_code.items()}  # tiles per code, key order
        self.spots: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def card_spots(self, card: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The answer for ``card``, computed: only tiles of the token cell's code can hold it,
        and not at all if the island lacks the tiles the habitat needs (``Habitat.needs``)."""
        hab = self.game.content.habitat[card]
        assert hab is not None
        by_code, cells, occupied = self.by_code, self.cells, self.occupied
        free: list[str] = []
        taken: list[str] = []
        if all(len(by_code.get(c, ())) >= n for c, n in hab.needs):
            for k in by_code.get(hab.token_code, ()):
                if hab.fits_at(cells, k):
                    (taken if k in occupied else free).append(cell_text(k))
        return tuple(free), tuple(taken)


def _kept(game: IsleGame, island: list[list[int]], birds: list[Any]) -> _Island:
    """The kept ``_Island`` of this game and island (a new one when the island changed): one per
    game object, which on the server is one per table."""
    shape = (tuple(map(tuple, island)), tuple((q, r) for q, r, _ in birds))
    kept = _ISLANDS.get(id(game))
    if kept is None or kept.game is not game or kept.shape != shape:
        if len(_ISLANDS) >= 1024:
            _ISLANDS.clear()
        kept = _ISLANDS[id(game)] = _Island(game, island, birds, shape)
    return kept


_ISLANDS: dict[int, _Island] = {}
