"""Isle of Feathers' habitats as the placement search reads them (``rules_place``): each bird's
``hexgrid.Habitat`` copied into a ``Shape`` of plain ints, lists and tuples, built once per
content file. Compiled (setup.py), a ``Shape`` is a native class whose fields are read without
the attribute look-ups of the frozen ``Habitat`` (which stays the reference, uncompiled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .content import Content
    from .hexgrid import Habitat, Image


class Shape:
    """One bird's habitat for the placement search (``hexgrid.Habitat`` has the meanings).

    Attributes:
        token_code: the token cell's code.
        needs: ``(code, count)`` pairs, rarest first: the cells of each code the habitat has.
        first_code: the code of every image's first (rarest) cell.
        firsts: the offset of an image's first cell -> the rest of each image whose first
            cell lies there; ``first_pairs``: its items.
        reach: the offsets of every cell of every image, and 0.
    """

    __slots__ = ("token_code", "needs", "first_code", "firsts", "first_pairs")

    def __init__(self, habitat: Habitat) -> None:
        self.token_code: int = habitat.token_code
        self.needs: list[tuple[int, int]] = list(habitat.needs)
        self.first_code: int = habitat.first_code
        self.firsts: dict[int, tuple[Image, ...]] = dict(habitat.firsts)
        self.first_pairs: list[tuple[int, tuple[Image, ...]]] = list(habitat.firsts.items())


class Shapes:
    """Every bird's ``Shape`` of one content file, and what the island versions' grids need.

    Attributes:
        of: bird number -> its ``Shape`` (index 0 unused: None).
        reaches: bird number -> its habitat's ``reach`` (the empty set at 0).
        margin: rows of keys (``hexgrid.STRIDE``) a grid keeps beyond the island's rows, so
            that every cell a habitat or a tile's support may read from a land cell or one of
            its neighbours lies inside it (``island.Island.grid``).
    """

    __slots__ = ("of", "reaches", "margin")

    def __init__(self, content: Content) -> None:
        self.of: list[Shape | None] = [None if h is None else Shape(h) for h in content.habitat]
        self.reaches: list[frozenset[int]] = [
            frozenset() if h is None else h.reach for h in content.habitat
        ]
        widest = max((abs(off) for reach in self.reaches for off in reach), default=0)
        self.margin: int = widest // 256 + 3


_SHAPES: dict[str, Shapes] = {}
"""Content digest -> its ``Shapes`` (a content file's habitats depend on its bytes alone)."""


def shapes_of(content: Content) -> Shapes:
    """The ``Shapes`` of ``content``, built on first use."""
    found = _SHAPES.get(content.digest)
    if found is None:
        found = _SHAPES[content.digest] = Shapes(content)
    return found
