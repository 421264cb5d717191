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
    Offsets are read by index in lists and bytes rather than as dict or set keys: compiled,
    a look-up by index needs no boxed int.

    Attributes:
        token_code: the token cell's code.
        needs: ``(code, count)`` pairs, rarest first: the cells of each code the habitat has.
        first_code: the code of every image's first (rarest) cell.
        first_pairs: ``(offset, images)`` for each offset an image's first cell may lie at,
            with the rest of each image whose first cell lies there (``Habitat.firsts``).
        first_low, first_at: ``first_at[offset - first_low]`` is those images for every
            offset from the lowest such offset to the highest, None where none lies.
        reach_low, reach_at: ``reach_at[offset - reach_low]`` is 1 for the offsets of every
            cell of every image, and 0, else 0 (``Habitat.reach``).
        full_images: every orientation with its token cell (``Habitat.full_images``), for the
            heuristic's fit levels.
    """

    __slots__ = (
        "token_code",
        "needs",
        "first_code",
        "first_pairs",
        "first_low",
        "first_at",
        "reach_low",
        "reach_at",
        "full_images",
    )

    def __init__(self, habitat: Habitat) -> None:
        self.token_code: int = habitat.token_code
        self.needs: list[tuple[int, int]] = list(habitat.needs)
        self.first_code: int = habitat.first_code
        firsts = habitat.firsts
        self.first_pairs: list[tuple[int, tuple[Image, ...]]] = list(firsts.items())
        self.first_low: int = min(firsts)
        self.first_at: list[tuple[Image, ...] | None] = [
            firsts.get(off) for off in range(self.first_low, max(firsts) + 1)
        ]
        reach = habitat.reach
        self.reach_low: int = min(reach)
        self.reach_at: bytes = bytes(off in reach for off in range(self.reach_low, max(reach) + 1))
        self.full_images: list[Image] = list(habitat.full_images)


class Shapes:
    """Every bird's ``Shape`` of one content file, and what the island versions' grids need.

    Attributes:
        of: bird number -> its ``Shape`` (index 0 unused: None).
        margin: rows of keys (``hexgrid.STRIDE``) a grid keeps beyond the island's rows, so
            that every cell a habitat or a tile's support may read from a land cell or one of
            its neighbours lies inside it (``island.Island.grid``).
        codes: more than any code a cell can have (a Sand tile, a Grass tile and at most
            every Cliff tile of the box, and Vegetation) or a habitat can ask for: the length
            of an island version's ``counts``.
    """

    __slots__ = ("of", "margin", "codes")

    def __init__(self, content: Content) -> None:
        self.of: list[Shape | None] = [None if h is None else Shape(h) for h in content.habitat]
        reaches = [h.reach for h in content.habitat if h is not None]
        widest = max((abs(off) for reach in reaches for off in reach), default=0)
        self.margin: int = widest // 256 + 3
        asked = [c for h in content.habitat if h is not None for c, _ in h.needs]
        self.codes: int = max(2 * (content.tiles[2] + 3), *(c + 1 for c in asked))


_SHAPES: dict[str, Shapes] = {}
"""Content digest -> its ``Shapes`` (a content file's habitats depend on its bytes alone)."""


def shapes_of(content: Content) -> Shapes:
    """The ``Shapes`` of ``content``, built on first use."""
    found = _SHAPES.get(content.digest)
    if found is None:
        found = _SHAPES[content.digest] = Shapes(content)
    return found
