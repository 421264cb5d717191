"""Hex geometry for Isle of Feathers: axial coordinates, integer cell keys, the 12 symmetries,
and habitat shapes pre-normalised with every distinct image computed once.

Coordinates are axial ``(q, r)``, as in docs/rules/isle-of-feathers.md. The six neighbours of
``(q, r)`` are ``(q+1, r)``, ``(q-1, r)``, ``(q, r+1)``, ``(q, r-1)``, ``(q+1, r-1)`` and
``(q-1, r+1)``.

Inside the engine a cell is one int, its *key*: ``(q + OFFSET) * STRIDE + (r + OFFSET)``. Keys
make translation one addition: the cell ``(q + dq, r + dr)`` has key ``key(q, r) +
offset(dq, dr)`` where ``offset(dq, dr) = dq * STRIDE + dr``, as long as both coordinates stay
within ``LIMIT`` of the origin (the board bound of ruling IS-R17).

A cell's *code* packs what a habitat diagram can ask of it: ``height * 2 + vegetation`` (height
0 = ocean, 1 = Sand, 2 = Grass, 3 = Cliff, 4 = double cliff...; vegetation 0 or 1). Habitat
cells are land, so their codes are at least 2 and never equal a missing (ocean) cell.

Symmetries (IS-33): rotation by 60 degrees maps ``(q, r)`` to ``(-r, q + r)``; reflection maps
``(q, r)`` to ``(r, q)``; the six rotations, each with and without the reflection, are the 12
orientations a habitat may take. Both fix the origin, so anchoring a habitat on its token cell
(at the origin) leaves only translation, which a key addition does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

STRIDE: Final = 256
OFFSET: Final = 128
LIMIT: Final = 100
"""Coordinates must satisfy ``|q|, |r| <= LIMIT`` (ruling IS-R17); keys stay unique well past it."""

NEIGHBOURS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
"""The six axial directions (IS-26)."""


def key(q: int, r: int) -> int:
    """The key of cell ``(q, r)``. Raises ``ValueError`` outside the board bound (IS-R17)."""
    if not (-LIMIT <= q <= LIMIT and -LIMIT <= r <= LIMIT):
        raise ValueError(f"cell {q},{r} is off the board (coordinates are -{LIMIT} to {LIMIT})")
    return (q + OFFSET) * STRIDE + (r + OFFSET)


def coords(k: int) -> tuple[int, int]:
    """The ``(q, r)`` of key ``k`` (inverse of ``key``)."""
    return k // STRIDE - OFFSET, k % STRIDE - OFFSET


def offset(dq: int, dr: int) -> int:
    """The key difference of a translation by ``(dq, dr)``."""
    return dq * STRIDE + dr


NEIGHBOUR_OFFSETS: tuple[int, ...] = tuple(offset(dq, dr) for dq, dr in NEIGHBOURS)
"""Key differences to the six neighbours: ``k + d`` for ``d`` in this tuple."""


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two axial cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


Matrix = tuple[int, int, int, int]
"""``(a, b, c, d)`` maps ``(q, r)`` to ``(a*q + b*r, c*q + d*r)``."""

_ROTATE: Matrix = (0, -1, 1, 1)
_REFLECT: Matrix = (0, 1, 1, 0)


def _compose(m: Matrix, n: Matrix) -> Matrix:
    """The matrix of ``m`` after ``n``."""
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)


def _symmetries() -> tuple[Matrix, ...]:
    mats: list[Matrix] = []
    rot: Matrix = (1, 0, 0, 1)
    for _ in range(6):
        mats.append(rot)
        mats.append(_compose(rot, _REFLECT))
        rot = _compose(_ROTATE, rot)
    return tuple(mats)


SYMMETRIES: tuple[Matrix, ...] = _symmetries()
"""The 12 symmetries of the hex grid that fix the origin: 6 rotations, each with and without
the reflection (IS-33). ``SYMMETRIES[0]`` is the identity."""


def transform(m: Matrix, q: int, r: int) -> tuple[int, int]:
    """Apply symmetry ``m`` to ``(q, r)``."""
    a, b, c, d = m
    return a * q + b * r, c * q + d * r


def code(height: int, vegetation: bool) -> int:
    """A cell's code: ``height * 2 + vegetation`` (module docstring)."""
    return height * 2 + (1 if vegetation else 0)


def is_connected(cells: Iterable[tuple[int, int]]) -> bool:
    """True if the axial cells form one edge-connected group (an empty group is not)."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        q, r = stack.pop()
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


Image = tuple[tuple[int, int], ...]
"""One orientation of a habitat anchored on its token cell: ``((key offset, code), ...)`` for
every cell but the token cell, rarest first (``_rarest_first``)."""


def _rarest_first(cell: tuple[int, int]) -> tuple[int, int]:
    """Order of the checks in an image: taller cells and Vegetation are rarer on an island, so a
    wrong orientation fails on its first check more often (then by offset, for a fixed order)."""
    off, c = cell
    return (-c, off)


@dataclass(frozen=True)
class Habitat:
    """A bird's habitat diagram, normalised so that the token cell is the origin.

    Attributes:
        cells: ``((dq, dr, height, vegetation), ...)`` with the token cell first at ``(0, 0)``,
            the rest sorted: the diagram in its printed orientation, for drawing.
        token_code: the code (height * 2 + vegetation) the token cell needs.
        images: every distinct orientation (1 to 12 of them, IS-33) as ``Image`` tuples of the
            other cells; two symmetries giving the same set of cells count once.
        full_images: the same images with the token cell included as ``(0, token_code)``.
        needs: ``((code, count), ...)``: how many cells of each code the habitat has, rarest
            first (an island with fewer such cells cannot hold it anywhere).
        reach: the key offsets of every cell of every image, and 0: whether the habitat fits
            with its token cell on ``k`` depends on the cells ``k + d`` for ``d`` in it alone.
        first_code: the code of every image's first (rarest) cell; ``firsts``: the offset of
            an image's first cell -> the rest of each image whose first cell lies there (two
            images may share one).
    """

    cells: tuple[tuple[int, int, int, bool], ...]
    token_code: int
    images: tuple[Image, ...]
    full_images: tuple[Image, ...]
    needs: tuple[tuple[int, int], ...]
    reach: frozenset[int]
    first_code: int
    firsts: dict[int, tuple[Image, ...]] = field(compare=False, repr=False)

    @classmethod
    def build(cls, cells: Iterable[tuple[int, int, int, bool]], token: tuple[int, int]) -> Habitat:
        """Normalise a diagram: ``cells`` as ``(q, r, height, vegetation)`` in any frame,
        ``token`` the ``(q, r)`` of the cell that takes the bird token.

        Raises ``ValueError`` if the token cell is not one of the cells, a cell repeats, a
        height is below 1 (diagrams hold land only, ruling IS-R05), the group is not connected
        or it has fewer than 2 cells (a bird's habitat is 2 to 5 cells, ruling IS-R01; 2 to 4
        in the shipped deck, IS-R31).
        """
        cells = list(cells)
        tq, tr = token
        seen = {(q, r) for q, r, _, _ in cells}
        if len(seen) != len(cells):
            raise ValueError("a habitat cell is given twice")
        if (tq, tr) not in seen:
            raise ValueError("the token cell is not a cell of the habitat")
        if any(h < 1 for _, _, h, _ in cells):
            raise ValueError("habitat cells are land: heights start at 1 (Sand)")
        if not is_connected(seen):
            raise ValueError("habitat cells must form one connected group")
        if len(cells) < 2:
            raise ValueError(
                f"a habitat has at least 2 cells (ruling IS-R01), this one has {len(cells)}"
            )
        local = [(q - tq, r - tr, h, bool(v)) for q, r, h, v in cells]
        head = next(c for c in local if c[0] == 0 and c[1] == 0)
        rest = sorted(c for c in local if c is not head)
        token_code = code(head[2], head[3])
        images: list[Image] = []
        seen_images: set[Image] = set()
        for m in SYMMETRIES:
            image = tuple(
                sorted(
                    ((offset(*transform(m, dq, dr)), code(h, v)) for dq, dr, h, v in rest),
                    key=_rarest_first,
                )
            )
            if image not in seen_images:
                seen_images.add(image)
                images.append(image)
        full = tuple(tuple(sorted(((0, token_code), *img), key=_rarest_first)) for img in images)
        codes = [code(h, v) for _, _, h, v in local]
        needs = tuple((c, codes.count(c)) for c in sorted(set(codes), reverse=True))
        reach = frozenset(off for img in full for off, _ in img)
        firsts: dict[int, tuple[Image, ...]] = {}
        for img in images:
            firsts[img[0][0]] = (*firsts.get(img[0][0], ()), img[1:])
        first_code = images[0][0][1]  # the most a cell of the habitat but its token cell needs
        return cls(
            (head, *rest),
            token_code,
            tuple(images),
            full,
            needs,
            reach,
            first_code,
            firsts,
        )

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def canonical(self) -> tuple[tuple[int, int], ...]:
        """A form equal for two habitats exactly when one is a symmetric image of the other
        with the same token cell: the smallest full image."""
        return min(self.full_images)

    def fits_at(self, cells: Mapping[int, int], k: int) -> bool:
        """True if some orientation matches the island with the token cell on key ``k``.

        ``cells`` maps a key to its code (missing = bare ocean). The token cell's own code is
        checked too. Birds are not looked at (the caller decides whether ``k`` may take one).
        """
        get = cells.get
        if get(k) != self.token_code:
            return False
        for image in self.images:
            for off, c in image:
                if get(k + off) != c:
                    break
            else:
                return True
        return False
