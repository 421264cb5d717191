"""Isle of Feathers placement search: time per call on islands of 6, 30 and 60 tiles.

    python benchmarks/placements.py [--seconds 1] [--json]

For each island size it builds random connected islands (heights Sand to Cliff, a third of the
tiles with Vegetation, a fifth with a bird), then times ``rules_place.placements``: every legal
``(bird, token cell)`` of a 5-card hand, of all 52 birds, and of a hand onto occupied tiles
(Flock). The engine anchors each habitat on its token cell, looks up only the island cells with
that cell's height and Vegetation (an index kept per island version) and checks the habitat's
distinct orientations, precomputed once as key offsets. The engine keeps its answers per island
version (``state.island``); every timed call starts from a forgotten one, so the search itself
is timed. A naive search (every cell, all 12 symmetries
applied on the fly, coordinate tuples) is timed on the same islands for comparison. Growth is
reported relative to the 6-tile island.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from functools import partial

import fourfeathers
from fourfeathers.games.isle_of_feathers import rules_place
from fourfeathers.games.isle_of_feathers.hexgrid import (
    NEIGHBOURS,
    SYMMETRIES,
    coords,
    key,
    transform,
)

SIZES = (6, 30, 60)
ISLANDS = 20


def random_island(rng: random.Random, size: int) -> tuple[dict[int, int], dict[int, tuple]]:
    """A connected island of ``size`` tiles as ``(cells, birds)`` in the engine's format."""
    cells = {(0, 0)}
    while len(cells) < size:
        q, r = rng.choice(sorted(cells))
        dq, dr = rng.choice(NEIGHBOURS)
        cells.add((q + dq, r + dr))
    codes = {}
    for q, r in cells:
        height = rng.choices((1, 2, 3), (5, 3, 2))[0]
        codes[key(q, r)] = height * 2 + (rng.random() < 0.33)
    birds = {k: (0,) for k in codes if rng.random() < 0.2}
    return codes, birds


def naive_placements(state, cards: list[int]) -> list[tuple[int, int]]:
    """Every cell, every one of the 12 symmetries, transformed on the fly (the baseline)."""
    island = {coords(k): (c, k in state.birds) for k, c in state.cells.items()}
    habitats = state.game.content.habitat
    found = []
    for card in sorted(cards):
        hab = habitats[card]
        for (q, r), (_, occupied) in sorted(island.items()):
            if occupied:
                continue
            for m in SYMMETRIES:
                for dq, dr, h, v in hab.cells:
                    tq, tr = transform(m, dq, dr)
                    cell = island.get((q + tq, r + tr))
                    if cell is None or cell[0] != h * 2 + v:
                        break
                else:
                    found.append((card, key(q, r)))
                    break
    return found


def _run(search: Callable[..., object], pairs: list) -> None:
    for state, cards in pairs:
        state.island = None  # forget what the engine knows of this island: time the search
        search(state, cards)


def per_call(fn: Callable[[], object], seconds: float) -> float:
    """Mean seconds per call of ``fn`` over about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or calls < 5:
        fn()
        calls += 1
    return elapsed / calls


def main() -> None:
    """Time the searches on every island size and print one row per size and search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per row (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    args = parser.parse_args()
    game = fourfeathers.make("isle-of-feathers", players=2)
    rng = random.Random(0)
    rows = []
    for size in SIZES:
        states = []
        for _ in range(ISLANDS):
            state = game.new_initial_state(rng.randrange(2**32))
            state.cells, state.birds = random_island(rng, size)
            states.append(state)
        hands = [rng.sample(range(1, 53), 5) for _ in states]
        every = list(range(1, 53))
        found = sum(len(rules_place.placements(s, h)) for s, h in zip(states, hands, strict=True))
        for s, h in zip(states, hands, strict=True):
            assert sorted(rules_place.placements(s, h)) == sorted(naive_placements(s, h))
        pairs = list(zip(states, hands, strict=True))
        cases: dict[str, Callable[[], object]] = {
            "hand of 5": partial(_run, rules_place.placements, pairs),
            "all 52 birds": partial(_run, rules_place.placements, [(s, every) for s in states]),
            "hand of 5, Flock": partial(
                _run, partial(rules_place.placements, occupied=True), pairs
            ),
            "hand of 5, naive": partial(_run, naive_placements, pairs),
        }
        for name, fn in cases.items():
            seconds = per_call(fn, args.seconds) / len(states)
            rows.append(
                {
                    "tiles": size,
                    "search": name,
                    "us_per_call": seconds * 1e6,
                    "placements_per_hand": found / len(states),
                }
            )
    base = {r["search"]: r["us_per_call"] for r in rows if r["tiles"] == SIZES[0]}
    for row in rows:
        row["growth"] = row["us_per_call"] / base[row["search"]]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'tiles':>5}  {'search':<18}{'us/call':>10}{'x vs 6 tiles':>14}{'found/hand':>12}")
    for row in rows:
        print(
            f"{row['tiles']:>5}  {row['search']:<18}{row['us_per_call']:>10.1f}"
            f"{row['growth']:>14.2f}{row['placements_per_hand']:>12.1f}"
        )


if __name__ == "__main__":
    main()
