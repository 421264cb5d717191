"""Isle of Feathers: draw the reconstructed bird deck (ruling IS-R31) and write it into a content
file; benchmarks/calibrate_isle_of_feathers.py then measures it.

    python benchmarks/design_isle_deck.py [--seed 7] [--reroll 16,19,19,43] [--out FILE]

Every bird keeps its number, name and ability. Its habitat is drawn anew (but for ``PINNED``)
and its points follow from it: ``points = 1 + levels + trees``, the actions it costs (a tile per
level above Sand, a Vegetation action per tree, the placement). The deck has ``COSTS[c]`` birds
of cost ``c``. A habitat of cost ``c`` has ``SIZES[c]`` cells (drawn), a connected random shape
and ``c - 1`` upgrades spread over its cells: a level (Sand to Grass, Grass to Cliff) or a tree.
The limits that keep every bird live for the computer players
(docs/calibration/isle-of-feathers.md): at most one Cliff, no double cliff, at most two trees,
no tree on a Cliff. Every habitat is different under rotation and reflection.

``--reroll N,...`` draws those birds again after the first pass, with the same cost, so no other
bird moves (how birds placed too rarely were replaced during the tuning; a number given k times
takes its k-th redraw). The whole draw is reproducible from the seed. The shipped deck is
``--seed 7 --reroll 16,19,19,43``: 16 and 19 after greedy's solo games (their first redraw),
then 19 again and 43 after medium's two-player games (benchmarks/isle_habitat_share.py chose
the redraws; ruling IS-R31).
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

from fourfeathers.games.isle_of_feathers.content import DEFAULT_CONTENT, KIND_NAMES, load_content
from fourfeathers.games.isle_of_feathers.content import _parse_habitat as parse_habitat
from fourfeathers.games.isle_of_feathers.hexgrid import NEIGHBOURS, Habitat

COSTS = {1: 7, 2: 13, 3: 16, 4: 16}
"""Birds per cost (actions): 52 in all."""

SIZES = {1: (2, 3, 3, 4), 2: (2, 3, 3, 4), 3: (2, 3, 3, 4), 4: (2, 3, 3, 4)}
"""The cell counts a habitat of each cost is drawn from."""

NAMED = {52: 4, 51: 3}
"""The rulebook's two birds: the Diabolical Nightjar is among the hardest, the American
Timberdoodle one below."""

PINNED = {
    25: ["0,0 sand *", "-1,0 sand"],
    17: ["0,0 sand *", "0,-1 sand", "1,0 sand"],
    29: ["0,0 sand *", "0,1 sand", "1,1 sand"],
    38: ["0,0 sand *", "-1,0 sand", "-1,1 sand"],
    20: ["0,0 sand *", "-1,-1 sand", "-1,0 sand", "0,1 sand"],
    31: ["0,0 sand *", "-1,0 sand", "0,-1 sand", "1,-1 sand"],
    32: ["0,0 sand *", "-1,1 sand", "-1,2 sand", "0,1 sand"],
    45: ["0,0 sand *", "-1,1 sand veg"],
    3: ["0,0 sand *", "-1,0 grass", "1,0 sand"],
}
"""Habitats kept from the first deck (ruling IS-R01): its seven bare-Sand birds and two simple
ones, which the rules' tests and examples use."""


def shape(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """A random connected group of ``n`` hex cells containing (0, 0)."""
    cells = [(0, 0)]
    while len(cells) < n:
        q, r = rng.choice(cells)
        dq, dr = rng.choice(NEIGHBOURS)
        if (q + dq, r + dr) not in cells:
            cells.append((q + dq, r + dr))
    return cells


def draw_habitat(rng: random.Random, cost: int) -> Habitat:
    """One habitat of ``cost`` actions within the limits of the module docstring."""
    while True:
        cells = shape(rng, rng.choice(SIZES[cost]))
        heights = dict.fromkeys(cells, 1)
        trees: set[tuple[int, int]] = set()
        ok = True
        for _ in range(cost - 1):
            cell = rng.choice(cells)
            if rng.random() < 0.35 and cell not in trees and len(trees) < 2:
                trees.add(cell)
            elif heights[cell] < 3:
                heights[cell] += 1
            else:
                ok = False
        cliffs = [c for c in cells if heights[c] == 3]
        if not ok or len(cliffs) > 1 or any(c in trees for c in cliffs):
            continue
        token = rng.choice(cells)
        return Habitat.build([(q, r, heights[q, r], (q, r) in trees) for q, r in cells], token)


def cell_text(habitat: Habitat) -> str:
    """The habitat as the content file writes it (``"q,r kind [veg] [*]"``, token first)."""
    parts = []
    for i, (q, r, h, v) in enumerate(habitat.cells):
        text = f"{q},{r} {KIND_NAMES[h]}" + (" veg" if v else "") + (" *" if i == 0 else "")
        parts.append(f'"{text}"')
    return "[" + ", ".join(parts) + "]"


def design(seed: int, reroll: list[int]) -> dict[int, Habitat]:
    """Habitat per bird number: costs dealt to the birds, shapes drawn, duplicates redrawn."""
    rng = random.Random(seed)
    pinned = {n: parse_habitat(f"bird {n}", cells) for n, cells in PINNED.items()}
    pool = [c for c, k in COSTS.items() for _ in range(k)]
    for cost in [*NAMED.values(), *map(points, pinned.values())]:
        pool.remove(cost)
    rng.shuffle(pool)
    costs = {}
    for number in range(1, 53):
        if number not in pinned:
            costs[number] = NAMED[number] if number in NAMED else pool.pop()
    habitats: dict[int, Habitat] = dict(pinned)
    seen = {h.canonical() for h in pinned.values()}
    for number in range(1, 53):
        if number in pinned:
            continue
        hab = draw_habitat(rng, costs[number])
        while hab.canonical() in seen:
            hab = draw_habitat(rng, costs[number])
        seen.add(hab.canonical())
        habitats[number] = hab
    for number in sorted(set(reroll)):  # after the first pass, so no other bird moves
        source = random.Random(f"{seed}/{number}/{reroll.count(number)}")
        seen.discard(habitats[number].canonical())
        hab = draw_habitat(source, costs[number])
        while hab.canonical() in seen:
            hab = draw_habitat(source, costs[number])
        seen.add(hab.canonical())
        habitats[number] = hab
    return habitats


def points(habitat: Habitat) -> int:
    """``1 + levels + trees``: the actions the bird costs (module docstring)."""
    return 1 + sum(h - 1 + int(v) for _, _, h, v in habitat.cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7, help="design seed (default 7)")
    parser.add_argument("--reroll", default="", help="bird numbers to draw again, e.g. 12,30")
    parser.add_argument("--out", default=str(DEFAULT_CONTENT), help="content file to rewrite")
    args = parser.parse_args()
    reroll = [int(x) for x in args.reroll.split(",") if x]
    habitats = design(args.seed, reroll)
    path = Path(args.out)
    text = DEFAULT_CONTENT.read_text()
    blocks = text.split("[[bird]]")
    out = [blocks[0]]
    for block in blocks[1:]:
        number = int(re.search(r"number = (\d+)", block).group(1))  # type: ignore[union-attr]
        hab = habitats[number]
        block = re.sub(r"points = \d+", f"points = {points(hab)}", block, count=1)
        block = re.sub(r"habitat = \[.*\]", f"habitat = {cell_text(hab)}", block, count=1)
        out.append(block)
    path.write_text("[[bird]]".join(out))
    load_content(str(path))  # the result must load


if __name__ == "__main__":
    main()
