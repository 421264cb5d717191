"""Isle of Feathers' configuration as the rules read it on every decision: an ``IsleGame``'s
options and the content numbers the rules need, copied once per game into plain fields.
Compiled (setup.py), ``Options`` is a native class whose fields are read without the attribute
look-ups (and, for ``num_players``, the property call) of the uncompiled ``IsleGame``, which
stays the reference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .habitats import Shapes, shapes_of
from .hexgrid import key

if TYPE_CHECKING:
    from .game import IsleGame


class Options:
    """What the rules read of an ``IsleGame`` (its attributes have the meanings).

    Attributes:
        players: the number of seats; ``solo``: one seat (the Migration Season); ``level``:
            the solo Stamina level (0 in a game of 2-4 players).
        max_turns: the turn limit of ruling IS-R27 (0: none).
        discard_draws_blind, compulsory_abilities, flock_costs_action, strict_support,
            veg_under_birds, end_on_empty_draw: the variants, each True when chosen.
        bird_tokens: Bird tokens each seat may place (``IsleGame.bird_tokens``, ruling IS-R33);
            ``scarce_tokens``: True if they can run out before the box's land tiles (one
            colour's), so a token left has a worth (``heuristic``);
            ``ability``: bird number -> its ability kind;
            ``top_points``: the most points a bird of the deck is worth.
        shapes: the habitats as the placement search reads them (``habitats``).
        start: the keys of the starting island's cells (IS-05), in the content's order.
    """

    __slots__ = (
        "players",
        "solo",
        "level",
        "max_turns",
        "discard_draws_blind",
        "compulsory_abilities",
        "flock_costs_action",
        "strict_support",
        "veg_under_birds",
        "end_on_empty_draw",
        "bird_tokens",
        "scarce_tokens",
        "top_points",
        "ability",
        "shapes",
        "start",
    )

    def __init__(self, game: IsleGame) -> None:
        self.players: int = game.num_players
        self.solo: bool = game.solo
        self.level: int = game.stamina or 0
        self.max_turns: int = game.max_turns
        self.discard_draws_blind: bool = game.discard_draws_blind
        self.compulsory_abilities: bool = game.compulsory_abilities
        self.flock_costs_action: bool = game.flock_costs_action
        self.strict_support: bool = game.strict_support
        self.veg_under_birds: bool = game.veg_under_birds
        self.end_on_empty_draw: bool = game.end_on_empty_draw
        self.bird_tokens: int = game.bird_tokens
        self.scarce_tokens: bool = game.bird_tokens < sum(game.content.tiles)
        self.top_points: int = max(game.content.points)
        self.ability: list[int] = list(game.content.ability)
        self.shapes: Shapes = shapes_of(game.content)
        self.start: list[int] = [key(q, r) for q, r in game.content.starting_island]
