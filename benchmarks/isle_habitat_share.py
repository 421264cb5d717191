"""Isle of Feathers: how often each bird's habitat is on the island, from recorded games.

    python benchmarks/isle_habitat_share.py [--agent greedy] [--config 2] [--games 100]
        [--seed 0] [--content FILE] [--islands FILE] [--rates FILE] [--candidates 19,43]
        [--redraws 8] [--design-seed 7]

Plays ``--games`` games with ``--agent`` in every seat, dealt as
benchmarks/calibrate_isle_of_feathers.py deals them (game ``i`` of configuration ``2``, ``3``,
``4`` or ``solo1``-``solo4`` with ``derive_seed(seed, C, i)``, ``C`` = ``solo`` for every
level), and records the island at the start of every turn and at the end (a game stops once
every player has placed all ten Bird tokens, as ``--stop-settled`` there). ``--islands`` saves
the record as JSON, or reads it if the file exists (a medium game takes seconds, the record a
fraction of that). Then, per bird of the content file, the share of those islands on which its
habitat fits with the token cell on a tile without a bird (IS-32..IS-39), and the
share of games in which it fitted at least once.

The share is a cheap forecast of how often a bird gets placed: it ranks medium's two-player
placement rates with Spearman 0.90 on greedy's islands and 0.92 on medium's (``--rates``, a
calibration summary saved with ``--json``, prints that correlation). ``--candidates`` lists,
for each bird named, its next ``--redraws`` redraws of the same cost
(benchmarks/design_isle_deck.py ``--reroll``: the k-th redraw of a bird already drawn j times
is ``--reroll`` naming it j + k times) with their shares, beside the lower quartile of the
shares of the deck's birds of that cost: a redraw at or above it is no longer among the rarest
of its cost (how the Sunbittern and the Marvelous Spatuletail were redrawn, ruling IS-R31).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.rng import derive_seed
from fourfeathers.games.isle_of_feathers.content import load_content

sys.path.insert(0, str(Path(__file__).parent))
import design_isle_deck as design  # noqa: E402  (a sibling script)

Island = tuple[dict[int, int], frozenset[int]]
"""``(cells, occupied)``: key -> code (height * 2 + vegetation), and the keys holding a bird."""


def record(config: str, i: int, agent: str, seed: int, content: str | None) -> list[Island]:
    """The islands of game ``i`` of ``config`` (``"2"``, ``"solo4"``, ...): at every turn start
    and at the end."""
    players, level = (1, int(config[4:])) if config.startswith("solo") else (int(config), None)
    deal = "solo" if level else config
    game = fourfeathers.make("isle-of-feathers", players=players, stamina=level, content=content)
    state = game.new_initial_state(derive_seed(seed, deal, i))
    agents = [
        make_agent(agent, derive_seed(seed, deal, i, "agent", p), game) for p in range(players)
    ]
    tokens = game.content.bird_tokens
    islands: list[Island] = []
    last = -1

    def snap() -> None:
        islands.append((dict(state.cells), frozenset(k for k, v in state.birds.items() if v)))

    while not state.is_terminal():
        if state.turn != last:
            last = state.turn
            snap()
        if all(len(p) >= tokens for p in state.placed):
            break
        player = state.player
        state.apply_action(agents[player].act(SeatView(state, player)))
    snap()
    return islands


def fits_somewhere(habitat: Any, island: Island) -> bool:
    """True if ``habitat`` fits with its token cell on some land tile without a bird."""
    cells, occupied = island
    code = habitat.token_code
    return any(
        c == code and k not in occupied and habitat.fits_at(cells, k) for k, c in cells.items()
    )


def share(habitat: Any, games: list[list[Island]]) -> tuple[float, float]:
    """``(islands, games)``: the mean share of a game's islands on which ``habitat`` fits, and
    the share of games in which it fits at least once."""
    per_game = [sum(fits_somewhere(habitat, island) for island in g) / len(g) for g in games]
    return statistics.mean(per_game), sum(x > 0 for x in per_game) / len(games)


def redraws(content: Any, number: int, count: int, seed: int) -> list[tuple[int, Any]]:
    """``(k, habitat)``: the next ``count`` redraws of bird ``number`` at its cost, as
    design_isle_deck.py's ``--reroll`` draws them (k counts every draw of the bird so far, so
    the first listed is one more than the times its content habitat was drawn again: read from
    ``design_isle_deck`` by matching, else 1)."""
    habitat = content.habitat[number]
    cost = design.points(habitat)
    others = {content.habitat[n].canonical() for n in range(1, 53) if n != number}
    first = 1
    for k in range(1, 20):  # the content's habitat may itself be a redraw: start after it
        if _redraw(number, k, cost, others, seed).canonical() == habitat.canonical():
            first = k + 1
    return [(k, _redraw(number, k, cost, others, seed)) for k in range(first, first + count)]


def _redraw(number: int, k: int, cost: int, others: set[Any], seed: int) -> Any:
    source = random.Random(f"{seed}/{number}/{k}")
    hab = design.draw_habitat(source, cost)
    while hab.canonical() in others:
        hab = design.draw_habitat(source, cost)
    return hab


def load_islands(path: Path) -> list[list[Island]]:
    games = json.loads(path.read_text())
    return [[({int(k): c for k, c in cells}, frozenset(occ)) for cells, occ in g] for g in games]


def save_islands(path: Path, games: list[list[Island]]) -> None:
    data = [[[sorted(cells.items()), sorted(occ)] for cells, occ in g] for g in games]
    path.write_text(json.dumps(data))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="greedy", help="agent for every seat (default greedy)")
    parser.add_argument("--config", default="2", help="2, 3, 4 or solo1-solo4 (default 2)")
    parser.add_argument("--games", type=int, default=100, help="games to record (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--content", default=None, help="content file (default: the shipped one)")
    parser.add_argument("--islands", default=None, help="JSON file: read if it exists, else write")
    parser.add_argument("--rates", default=None, help="a calibration summary (--json) to rank by")
    parser.add_argument("--candidates", default="", help="bird numbers whose redraws to list")
    parser.add_argument("--redraws", type=int, default=8, help="redraws per candidate (default 8)")
    parser.add_argument("--design-seed", type=int, default=7, help="design_isle_deck.py's --seed")
    args = parser.parse_args()
    content = load_content(args.content)
    path = Path(args.islands) if args.islands else None
    if path is not None and path.exists():
        games = load_islands(path)
    else:
        games = [
            record(args.config, i, args.agent, args.seed, args.content) for i in range(args.games)
        ]
        if path is not None:
            save_islands(path, games)
    shares = {n: share(content.habitat[n], games) for n in range(1, 53)}
    print(f"{len(games)} games, {sum(len(g) for g in games)} islands")
    rates: dict[int, float] = {}
    if args.rates:
        runs = json.loads(Path(args.rates).read_text())
        summary = next(s for s in runs if s["config"] == args.config)
        rates = {b["bird"]: b["rate"] for b in summary["birds"]}
    print("| bird | points | islands | games | placement rate |")
    print("|---|---|---|---|---|")
    for n in sorted(shares, key=lambda n: shares[n][0]):
        rate = f"{100 * rates[n]:.1f}%" if n in rates else "-"
        print(
            f"| {n} {content.name[n]} | {content.points[n]} | {100 * shares[n][0]:.1f}% | "
            f"{100 * shares[n][1]:.0f}% | {rate} |"
        )
    if rates:
        from scipy.stats import spearmanr

        rho = spearmanr([shares[n][0] for n in rates], [rates[n] for n in rates]).statistic
        print(f"Spearman share of islands vs placement rate: {rho:.2f}")
    for number in [int(x) for x in args.candidates.split(",") if x]:
        cost = design.points(content.habitat[number])
        same = [shares[n][0] for n in shares if design.points(content.habitat[n]) == cost]
        quartile = statistics.quantiles(same, n=4)[0]
        print(f"\nbird {number}, cost {cost}: lower quartile of its cost {100 * quartile:.1f}%")
        for k, hab in redraws(content, number, args.redraws, args.design_seed):
            value = share(hab, games)[0]
            mark = "  >= quartile" if value >= quartile else ""
            print(f"  redraw {k}: {design.cell_text(hab)} {100 * value:.1f}%{mark}")


if __name__ == "__main__":
    main()
