"""Isle of Feathers calibration: how the bird deck plays, per player count and solo level.

    python benchmarks/calibrate_isle_of_feathers.py [--games 300] [--agent greedy]
        [--configs 2,3,4,solo1,solo2,solo3,solo4] [--content FILE] [--workers 1] [--seed 0]
        [--json FILE] [--plots DIR] [--markdown] [--from-json FILE [FILE ...]]

Every seat is played by ``--agent`` (any registered agent, with its options as ``name:k=v``).
Game ``i`` of configuration ``C`` is dealt with ``derive_seed(seed, C, i)`` and seat ``p``'s
agent is seeded with ``derive_seed(seed, C, i, "agent", p)``; the solo levels share their deals
(``C = "solo"``), so level against level is a paired comparison. The first player is drawn from
the deal's seed (ruling IS-R20), so it rotates over the games.

Measured per configuration, for the targets of docs/calibration/isle-of-feathers.md:

- per bird: the games in which it reached a hand and the share of those in which it was placed
  (95% Wilson interval); the lowest share, the birds under 2% and the birds whose interval
  reaches below 2% (no dead card is shown only when there are none);
- the Spearman rank correlation between points and placement share over the 52 birds (95%
  interval by Fisher's z with the Bonett-Wright standard error), and each bird's points against
  its cost in actions (``action_cost``);
- birds housed per seat position (first player, second, ...), mean and 95% t interval;
- the first player's win share (ties shared) against ``1 / players``, the extra turns the first
  player gets and the score gap in the first player's favour, each with a 95% interval;
- solo: the mean score per level and the paired difference to the level below; the same for
  the turns that ended without a placement (each takes a Migration card; the sixth ends the
  season, IS-70, IS-71), for the Migration cards spent before the last Bird token was
  placed (or in the whole season if it never was: how close the season came to running out
  while there was still a bird to house), for the share of seasons that ended because the
  Migration pile ran out (IS-71), for the share of perfect seasons (an empty hand, IS-79), for
  the Flit tokens taken from the Stamina pool before the last Bird token and for the cards left
  to clear at the end; and how many paired seasons the player played action for action alike at
  two consecutive levels (there the level changed nothing it did: ruling IS-R32);
- how each game ended (``ends``: ``sand``, ``migration``, ``perfect``, ``cap`` for the turn
  limit of ruling IS-R27, ``settled``, ``draw``), per configuration.

``--stop-settled`` ends a game of 2-4 players as soon as every player has placed all ten Bird
tokens (ruling IS-R18): no score can change after that (IS-66 scores placed birds only), but a
search agent may then play on to the turn limit with no reason to end the game. Such a game
keeps its scores and shares; it is left out of the first player's extra turns, and the birds
that reach a hand after that moment are not counted (no one can place them).

``--from-json`` rebuilds the tables and plots of runs saved with ``--json`` without playing;
given several files, a configuration in a later file replaces the same one in an earlier file
(a longer rerun of one player count over a run of all of them).

Runnable by hand, not part of CI (about 0.2 s per greedy game). The tables and plots go to
docs/calibration/isle-of-feathers.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean, stdev
from typing import Any

import fourfeathers
from fourfeathers.agents import SeatView, make_agent
from fourfeathers.core.game import win_shares
from fourfeathers.core.rng import derive_seed
from fourfeathers.games.isle_of_feathers.content import load_content
from fourfeathers.games.isle_of_feathers.heuristic import settled

GAME = "isle-of-feathers"
DEAD = 0.02
"""A bird placed in fewer than this share of the games in which it reached a hand is dead."""

HOUSED = 3.0
"""Birds each player should house per game on average."""

ENDS = ("playing", "sand", "cap", "migration", "perfect", "draw")
"""Short names of ``rules_phases.END_REASONS``, in its order; ``settled`` is the script's own
(``--stop-settled``, ``heuristic.settled``)."""


def parse_config(text: str) -> tuple[int, int | None]:
    """``"3"`` -> (3 players, no level); ``"solo2"`` -> (1 player, stamina level 2)."""
    if text.startswith("solo"):
        return 1, int(text[4:])
    return int(text), None


def action_cost(habitat: Any) -> int:
    """Actions needed to turn bare Sand into the habitat and place the bird: one tile per level
    above Sand (a height-h cell takes h - 1 tiles, IS-19), one Vegetation action per tree, one
    placement (IS-11..IS-13). Sand cells are not counted: the island holds them anyway."""
    return 1 + sum(h - 1 + int(v) for _, _, h, v in habitat.cells)


def settled_shares(state: Any) -> list[float]:
    """Win shares of a settled game (``heuristic.settled``): the most points wins, ties shared
    (ruling IS-R12; the variant's most-birds tie-break cannot split players who placed every
    token)."""
    totals = state.scores()
    tied = [p for p, x in enumerate(totals) if x == max(totals)]
    return win_shares(tied, len(totals))


def play_one(task: tuple[str, int, str, int, str | None, bool]) -> dict[str, Any]:
    """Play game ``i`` of configuration ``config``; returns what the targets need.

    ``task`` is ``(config, i, agent_spec, seed, content, stop_settled)`` (``--stop-settled``,
    module docstring)."""
    config, i, agent_spec, seed, content, stop_settled = task
    players, level = parse_config(config)
    deal = "solo" if level else config
    game = fourfeathers.make(GAME, players=players, stamina=level, content=content)
    state = game.new_initial_state(derive_seed(seed, deal, i))
    agents = [
        make_agent(agent_spec, derive_seed(seed, deal, i, "agent", p), game) for p in range(players)
    ]
    migration = len(state.migration)
    seen: set[int] = set()
    turns = [0] * players
    last_turn = -1
    tokens = game.bird_tokens  # the seat's (ruling IS-R33: 40 in solo, 10 with solo-one-colour)
    missed_at_ten = -1
    pool_spent = [0, -1]  # Flit tokens taken from the Stamina pool: all, before the last Bird token
    trace = hashlib.sha1()
    end = ""
    while not state.is_terminal():
        if missed_at_ten < 0 and players == 1 and len(state.placed[0]) >= tokens:
            missed_at_ten = migration - len(state.migration)
            pool_spent[1] = pool_spent[0]
        if stop_settled and settled(state):  # False in solo
            end = "settled"
            break
        for hand in state.hands:
            seen.update(hand)
        player = state.player
        if state.turn != last_turn:
            last_turn = state.turn
            turns[player] += 1
        action = agents[player].act(SeatView(state, player))
        trace.update(f"{action};".encode())
        pool_spent[0] += str(action) == "stamina"
        state.apply_action(action)
    if not end:
        for hand in state.hands:
            seen.update(hand)
        end = ENDS[state.end_reason]
    if missed_at_ten < 0:
        missed_at_ten = migration - len(state.migration)
        pool_spent[1] = pool_spent[0]
    order = [(state.starter + k) % players for k in range(players)]
    if players == 1:
        shares = [0.0]
    else:
        shares = settled_shares(state) if end == "settled" else state.returns()
    return {
        "config": config,
        "game": i,
        "starter": state.starter,
        "scores": [state.scores()[p] for p in order],
        "housed": [len(state.placed[p]) for p in order],
        "shares": [shares[p] for p in order],
        "turns": [turns[p] for p in order],
        "rounds": state.turn,
        "seen": sorted(seen),
        "placed": sorted(b for p in state.placed for b in p),
        "perfect": int(players == 1 and not state.hands[0]),
        "tokens": tokens,
        "missed": migration - len(state.migration),
        "missed_at_ten": missed_at_ten,
        "pool_spent": pool_spent[0],
        "pool_at_ten": pool_spent[1],
        # the Flight Path keeps its four slots, 0 where a slot is empty
        "left": sum(len(h) for h in state.hands) + len(state.draw) + sum(map(bool, state.path)),
        "trace": trace.hexdigest()[:16],
        "end": end,
    }


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for ``k`` successes in ``n`` trials ((0, 1) if ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def t_interval(values: list[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean with its 95% Student t interval."""
    from scipy.stats import t

    m = mean(values)
    if len(values) < 2:
        return m, m, m
    half = float(t.ppf(0.975, len(values) - 1)) * stdev(values) / math.sqrt(len(values))
    return m, m - half, m + half


def spearman(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """``(rho, low, high)``: Spearman's rank correlation with a 95% interval (Fisher's z, the
    Bonett-Wright standard error ``sqrt((1 + rho^2 / 2) / (n - 3))``)."""
    from scipy.stats import spearmanr

    rho = float(spearmanr(xs, ys).statistic)
    n = len(xs)
    z = math.atanh(max(-0.999999, min(0.999999, rho)))
    se = math.sqrt((1 + rho * rho / 2) / (n - 3))
    return rho, math.tanh(z - 1.96 * se), math.tanh(z + 1.96 * se)


def summarise(config: str, games: list[dict[str, Any]], content: Any) -> dict[str, Any]:
    """The targets' figures for one configuration (module docstring)."""
    players, level = parse_config(config)
    seen = [0] * 53
    placed = [0] * 53
    for g in games:
        for b in g["seen"]:
            seen[b] += 1
        for b in set(g["placed"]):
            placed[b] += 1
    birds = []
    for b in range(1, 53):
        low, high = wilson(placed[b], seen[b])
        birds.append(
            {
                "bird": b,
                "name": content.name[b],
                "points": content.points[b],
                "cost": action_cost(content.habitat[b]),
                "seen": seen[b],
                "placed": placed[b],
                "rate": placed[b] / seen[b] if seen[b] else 0.0,
                "low": low,
                "high": high,
            }
        )
    lowest = min(birds, key=lambda r: (r["rate"], r["seen"]))
    rho = spearman([r["points"] for r in birds], [r["rate"] for r in birds])
    housed = [t_interval([float(g["housed"][k]) for g in games]) for k in range(players)]
    out: dict[str, Any] = {
        "config": config,
        "players": players,
        "level": level,
        "games": len(games),
        "birds": birds,
        "lowest": lowest,
        "dead": [r["bird"] for r in birds if r["rate"] < DEAD],
        "unshown": [r["bird"] for r in birds if r["low"] < DEAD],
        "spearman": rho,
        "housed": housed,
        "rounds": mean(g["rounds"] for g in games),
        "score": t_interval([float(s) for g in games for s in g["scores"]]),
    }
    out["ends"] = end_counts(games)
    if players > 1:
        played = [g for g in games if g.get("end", "sand") not in ("settled", "cap")] or games
        out["first_share"] = t_interval([g["shares"][0] for g in games])
        out["extra_turns"] = t_interval([g["turns"][0] - mean(g["turns"][1:]) for g in played])
        out["score_gap"] = t_interval([g["scores"][0] - mean(g["scores"][1:]) for g in games])
        per_turn = [s / t for g in games for s, t in zip(g["scores"], g["turns"], strict=True) if t]
        out["points_per_turn"] = mean(per_turn)
    else:
        out["perfect"] = sum(g["perfect"] for g in games)
        out["solo_scores"] = [g["scores"][0] for g in games]
        out["solo_missed"] = [g["missed"] for g in games]
        out["missed"] = t_interval([float(m) for m in out["solo_missed"]])
        # runs saved before ruling IS-R33 had ten tokens in solo and did not record them
        out.update(solo_outcomes(games, games[0].get("tokens", content.bird_tokens)))
    return out


def end_counts(games: list[dict[str, Any]]) -> dict[str, int]:
    """How many games ended each way (``ENDS`` or ``settled``; runs saved before the field
    existed count as ``?``)."""
    return dict(Counter(g.get("end", "?") for g in games))


def solo_outcomes(games: list[dict[str, Any]], tokens: int) -> dict[str, Any]:
    """Solo difficulty besides the score, per game (paired lists, for ``solo_steps``) and
    summarised: Migration cards spent before the last Bird token (mean, 95% t), the season ended by
    the Migration pile (IS-71) and the perfect season (IS-79), each a share with its Wilson
    interval; ``all_ten``: seasons that placed every Bird token (``tokens``); the Flit tokens
    taken from the Stamina pool before the last Bird token (``pool_at_ten``), the cards still to
    clear at the end, in hand, Draw pile and Flight Path (``left``: 0 in a perfect season), and
    a fingerprint of the season's actions (``solo_trace``, for ``solo_same``). Empty for runs
    saved before ``end`` was recorded; without the last three for runs saved before those."""
    if not games or "end" not in games[0]:
        return {}
    early = [int(g["end"] == "migration") for g in games]
    perfect = [int(g["perfect"]) for g in games]
    at_ten = [g["missed_at_ten"] for g in games]
    more: dict[str, Any] = {}
    if "trace" in games[0]:  # runs saved before these fields existed lack them
        more = {
            "solo_trace": [g["trace"] for g in games],
            "solo_pool": [g["pool_at_ten"] for g in games],
            "solo_left": [g["left"] for g in games],
            "pool_at_ten": t_interval([float(g["pool_at_ten"]) for g in games]),
            "left": t_interval([float(g["left"]) for g in games]),
        }
    return more | {
        "solo_early": early,
        "solo_perfect": perfect,
        "solo_at_ten": at_ten,
        "at_ten": t_interval([float(m) for m in at_ten]),
        "early_share": (sum(early) / len(games), *wilson(sum(early), len(games))),
        "perfect_share": (sum(perfect) / len(games), *wilson(sum(perfect), len(games))),
        "all_ten": sum(int(g["housed"][0] >= tokens) for g in games),
    }


def solo_steps(summaries: list[dict[str, Any]], key: str = "solo_scores") -> list[Any]:
    """``(level, next level, (mean, low, high))``: the paired difference of ``key`` per game
    (lower level minus higher) between consecutive solo levels."""
    solo = sorted((s for s in summaries if s["level"] and key in s), key=lambda s: s["level"])
    steps = []
    for a, b in zip(solo, solo[1:], strict=False):
        diffs = [float(x - y) for x, y in zip(a[key], b[key], strict=True)]
        steps.append((a["level"], b["level"], t_interval(diffs)))
    return steps


def solo_same(summaries: list[dict[str, Any]]) -> list[tuple[int, int, int, int]]:
    """``(level, next level, same, games)``: in how many paired seasons the player took exactly
    the same actions at consecutive solo levels (``solo_trace``). Such a season cannot tell the
    two levels apart by any measure: the level changed nothing the player did."""
    solo = sorted(
        (s for s in summaries if s["level"] and "solo_trace" in s), key=lambda s: s["level"]
    )
    return [
        (
            a["level"],
            b["level"],
            sum(x == y for x, y in zip(a["solo_trace"], b["solo_trace"], strict=True)),
            a["games"],
        )
        for a, b in zip(solo, solo[1:], strict=False)
    ]


def solo_play_table(summaries: list[dict[str, Any]]) -> list[str]:
    """Markdown lines: per pair of consecutive solo levels, the paired seasons played action for
    action alike (``solo_same``), and the paired differences (lower level minus higher, 95% t)
    of the Stamina Flit spent before the last Bird token and of the cards left to clear at the
    end."""
    same = solo_same(summaries)
    if not same:
        return []
    pools = solo_steps(summaries, "solo_pool")
    lefts = solo_steps(summaries, "solo_left")
    lines = [
        "",
        "| levels | seasons played alike | 95% CI | Stamina Flit before the last Bird token, "
        "difference | 95% CI | cards left to clear, difference | 95% CI |",
        "|---|---|---|---|---|---|---|",
    ]
    signed = _num("+.2f")
    for (a, b, k, n), pool, left in zip(same, pools, lefts, strict=True):
        low, high = wilson(k, n)
        lines.append(
            f"| {a} - {b} | {k}/{n} = {_pct(k / n)} | {_pct(low)} - {_pct(high)} | "
            f"{_ci(pool[2], signed)} | {_ci(left[2], signed)} |"
        )
    return lines


def unshown(summary: dict[str, Any]) -> str:
    """The birds whose 95% interval reaches below the dead line, ``"none"`` if none: the target
    is shown met only when every bird's interval lies at or above it. Runs saved before the
    field existed are worked out from their per-bird intervals."""
    birds = summary.get("unshown")
    if birds is None:
        birds = [r["bird"] for r in summary["birds"] if r["low"] < DEAD]
    if not birds:
        return "none"
    rows = {r["bird"]: r for r in summary["birds"]}
    return ", ".join(f"{b} ({rows[b]['placed']}/{rows[b]['seen']})" for b in birds)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(value: tuple[float, float, float], fmt: Callable[[float], str]) -> str:
    """Two table cells, ``"mean | low - high"``, each number written by ``fmt``."""
    m, lo, hi = value
    return f"{fmt(m)} | {fmt(lo)} - {fmt(hi)}"


def _num(spec: str) -> Callable[[float], str]:
    """``fmt`` for ``_ci``: a number in the format ``spec`` (``".2f"``, ``"+.1f"``)."""
    return lambda x: format(x, spec)


def solo_outcome_table(solo: list[dict[str, Any]]) -> list[str]:
    """Markdown lines: per solo level, the Migration cards spent before the last Bird token, the
    seasons all the tokens were placed, the seasons ended by the Migration pile and the perfect ones
    (``solo_outcomes``); nothing for runs that lack them."""
    rows = [s for s in solo if "at_ten" in s]
    if not rows:
        return []
    lines = [
        "",
        "| solo level | games | Migration cards spent before the last Bird token | 95% CI | "
        "all tokens placed | ended by the Migration pile | 95% CI | perfect seasons | 95% CI | "
        "Stamina Flit before the last Bird token | cards left to clear |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in rows:
        extra = "- | -"
        if "pool_at_ten" in s:
            extra = f"{s['pool_at_ten'][0]:.2f} | {s['left'][0]:.1f}"
        lines.append(
            f"| {s['level']} | {s['games']} | {_ci(s['at_ten'], _num('.2f'))} | {s['all_ten']} | "
            f"{_ci(s['early_share'], _pct)} | {_ci(s['perfect_share'], _pct)} | {extra} |"
        )
    return lines


def solo_step_table(summaries: list[dict[str, Any]]) -> list[str]:
    """Markdown lines: paired differences (lower level minus higher) between consecutive solo
    levels of the Migration cards spent before the last Bird token and of the shares of seasons
    ended by the Migration pile and of perfect seasons, each with its 95% t interval."""
    keys = ("solo_at_ten", "solo_early", "solo_perfect")
    steps = [solo_steps(summaries, key) for key in keys]
    if not steps[0]:
        return []
    lines = [
        "",
        "| levels | Migration cards before the last Bird token | 95% CI | ended by the Migration "
        "pile | 95% CI | perfect seasons | 95% CI |",
        "|---|---|---|---|---|---|---|",
    ]
    points = _num("+.1f")
    for at_ten, early, perfect in zip(*steps, strict=True):
        cells = [f"{at_ten[0]} - {at_ten[1]}", _ci(at_ten[2], _num("+.2f"))]
        for _, _, (m, lo, hi) in (early, perfect):
            cells.append(f"{points(100 * m)} pts | {points(100 * lo)} - {points(100 * hi)}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def markdown(summaries: list[dict[str, Any]], agent: str, seed: int) -> str:
    """The calibration tables (docs/calibration/isle-of-feathers.md)."""
    lines = [f"Agent: `{agent}`, run seed {seed}.", ""]
    lines += [
        "| configuration | games | rounds | lowest bird (placed / in a hand) | 95% CI | "
        "birds < 2% | 95% CI reaching below 2% | Spearman points vs rate | 95% CI |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        lo = s["lowest"]
        lines.append(
            f"| {s['config']} | {s['games']} | {s['rounds']:.1f} | {lo['bird']} {lo['name']} "
            f"({lo['points']} pts): {lo['placed']}/{lo['seen']} = {_pct(lo['rate'])} | "
            f"{_pct(lo['low'])} - {_pct(lo['high'])} | {len(s['dead'])} | {unshown(s)} | "
            f"{_ci(s['spearman'], _num('.2f'))} |"
        )
    lines += [
        "",
        "Birds housed per game, by seat (first player first), mean and 95% CI:",
        "",
        "| configuration | " + " | ".join(f"seat {k + 1}" for k in range(4)) + " |",
        "|---|---|---|---|---|",
    ]
    for s in summaries:
        cells = [f"{m:.2f} ({lo:.2f} - {hi:.2f})" for m, lo, hi in s["housed"]]
        lines.append(f"| {s['config']} | " + " | ".join(cells + [""] * (4 - len(cells))) + " |")
    multi = [s for s in summaries if s["players"] > 1]
    if multi:
        lines += [
            "",
            "| players | first player's win share | 95% CI | fair share | extra turns | "
            "score gap (points) | 95% CI | points per turn | gap from the extra turns |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for s in multi:
            t = s["extra_turns"][0]
            lines.append(
                f"| {s['players']} | {_ci(s['first_share'], _pct)} | "
                f"{_pct(1 / s['players'])} | {t:+.2f} | {_ci(s['score_gap'], _num('+.2f'))} | "
                f"{s['points_per_turn']:.2f} | {t * s['points_per_turn']:+.2f} |"
            )
    solo = [s for s in summaries if s["level"]]
    if solo:
        lines += [
            "",
            "| solo level | games | score | 95% CI | birds | perfect seasons | "
            "turns without a placement | 95% CI |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for s in solo:
            missed = _ci(s["missed"], _num(".2f")) if s.get("missed") else "- | -"
            lines.append(
                f"| {s['level']} | {s['games']} | {_ci(s['score'], _num('.1f'))} | "
                f"{s['housed'][0][0]:.2f} | {s['perfect']} | {missed} |"
            )
        lines += solo_outcome_table(solo)
        steps = solo_steps(summaries)
        misses = dict(((a, b), d) for a, b, d in solo_steps(summaries, "solo_missed"))
        if steps:
            lines += [
                "",
                "| levels | paired score difference | 95% CI | paired difference in turns "
                "without a placement | 95% CI |",
                "|---|---|---|---|---|",
            ]
            signed = _num("+.2f")
            for a, b, diff in steps:
                miss = misses.get((a, b))
                text = _ci(miss, signed) if miss else "- | -"
                lines.append(f"| {a} - {b} | {_ci(diff, signed)} | {text} |")
        lines += solo_step_table(summaries)
        lines += solo_play_table(summaries)
    lines += [
        "",
        "How the games ended: "
        + "; ".join(
            f"{s['config']}: " + ", ".join(f"{k} {v}" for k, v in sorted(s.get("ends", {}).items()))
            for s in summaries
        )
        + ".",
    ]
    lines += ["", "Per bird: placed / reached a hand, per configuration:", ""]
    lines.append("| bird | points | cost | " + " | ".join(s["config"] for s in summaries) + " |")
    lines.append("|---|---|---|" + "---|" * len(summaries))
    for b in range(52):
        row = summaries[0]["birds"][b]
        cells = [
            f"{s['birds'][b]['placed']}/{s['birds'][b]['seen']} ({_pct(s['birds'][b]['rate'])})"
            for s in summaries
        ]
        lines.append(
            f"| {row['bird']} {row['name']} | {row['points']} | {row['cost']} | "
            + " | ".join(cells)
            + " |"
        )
    return "\n".join(lines)


def plots(summaries: list[dict[str, Any]], out: Path) -> list[str]:
    """One figure per target, saved as PNG in ``out``; returns the file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    names = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        names.append(name)

    fig, axes = plt.subplots(len(summaries), 1, figsize=(11, 2.2 * len(summaries)), sharex=True)
    axes = axes if len(summaries) > 1 else [axes]
    for ax, s in zip(axes, summaries, strict=True):
        xs = [r["bird"] for r in s["birds"]]
        rates = [r["rate"] for r in s["birds"]]
        err = [
            [r["rate"] - r["low"] for r in s["birds"]],
            [r["high"] - r["rate"] for r in s["birds"]],
        ]
        ax.bar(xs, rates, yerr=err, color="tab:green", ecolor="grey", capsize=1)
        ax.axhline(DEAD, color="red", linestyle="--", linewidth=1)
        ax.set_ylabel(s["config"])
        ax.set_ylim(0, 1)
    axes[0].set_title("Share of the games with the bird in a hand in which it was placed (95% CI)")
    axes[-1].set_xlabel("bird number (red line: 2%)")
    save(fig, "isle-dead-cards.png")

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for s in summaries:
        pts = [r["points"] for r in s["birds"]]
        axes[0].plot(
            pts,
            [r["rate"] for r in s["birds"]],
            "o",
            alpha=0.6,
            label=f"{s['config']} (rho {s['spearman'][0]:.2f})",
        )
    axes[0].set_xlabel("points")
    axes[0].set_ylabel("placement share")
    axes[0].legend(fontsize=7)
    axes[0].set_title("Placement falls as points rise")
    birds = summaries[0]["birds"]
    axes[1].plot([r["cost"] for r in birds], [r["points"] for r in birds], "o", alpha=0.6)
    axes[1].set_xlabel("action cost (tiles + Vegetation + placement)")
    axes[1].set_ylabel("points")
    axes[1].set_title("Points against the actions a bird costs")
    save(fig, "isle-points.png")

    fig, ax = plt.subplots(figsize=(8, 3.5))
    width = 0.2
    for k in range(4):
        xs, ms, errs = [], [], [[], []]
        for j, s in enumerate(summaries):
            if k < len(s["housed"]):
                m, lo, hi = s["housed"][k]
                xs.append(j + (k - 1.5) * width)
                ms.append(m)
                errs[0].append(m - lo)
                errs[1].append(hi - m)
        ax.bar(xs, ms, width, yerr=errs, capsize=2, label=f"seat {k + 1}")
    ax.axhline(HOUSED, color="red", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(summaries)), [s["config"] for s in summaries])
    ax.set_ylabel("birds housed per game")
    ax.legend(fontsize=7)
    ax.set_title("Birds housed per player (95% CI; red line: 3)")
    save(fig, "isle-housed.png")

    multi = [s for s in summaries if s["players"] > 1]
    if multi:
        fig, ax = plt.subplots(figsize=(6, 3.5))
        for j, s in enumerate(multi):
            m, lo, hi = s["first_share"]
            ax.errorbar(j, m, yerr=[[m - lo], [hi - m]], fmt="o", capsize=4, color="tab:blue")
            ax.plot([j - 0.3, j + 0.3], [1 / s["players"]] * 2, color="red", linestyle="--")
        ax.set_xticks(range(len(multi)), [f"{s['players']} players" for s in multi])
        ax.set_ylabel("first player's win share")
        ax.set_title("First player's advantage (red: fair share)")
        save(fig, "isle-first-player.png")

    solo = [s for s in summaries if s["level"]]
    if solo:
        fig, grid = plt.subplots(2, 3, figsize=(13, 6.5))
        panels = (
            ("score", "solo score", "Solo levels: mean score"),
            ("missed", "turns without a placement", "Spare turns used (of 5 Migration cards)"),
            ("at_ten", "Migration cards", "Migration cards spent before the last Bird token"),
            ("early_share", "share of seasons", "Seasons ended by the Migration pile"),
            ("perfect_share", "share of seasons", "Perfect seasons (the hand emptied)"),
            ("pool_at_ten", "Flit tokens", "Stamina Flit spent before the last Bird token"),
        )
        for ax, (key, label, title) in zip(grid.flat, panels, strict=True):
            for s in solo:
                if key in s:
                    m, lo, hi = s[key]
                    ax.errorbar(s["level"], m, yerr=[[m - lo], [hi - m]], fmt="o", capsize=4)
            ax.set_xticks([s["level"] for s in solo])
            ax.set_xlabel("stamina level")
            ax.set_ylabel(f"{label} (95% CI)", fontsize=8)
            ax.set_title(title, fontsize=10)
        save(fig, "isle-solo.png")
    return names


def merged(files: list[str]) -> list[dict[str, Any]]:
    """The summaries of saved runs (``--json``) in the first file's order of configurations; a
    configuration in a later file replaces the same one before it, new ones are added."""
    by_config: dict[str, dict[str, Any]] = {}
    for name in files:
        for summary in json.loads(Path(name).read_text()):
            by_config[summary["config"]] = summary
    return list(by_config.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per configuration")
    parser.add_argument("--agent", default="greedy", help="agent for every seat (default greedy)")
    parser.add_argument(
        "--configs",
        default="2,3,4,solo1,solo2,solo3,solo4",
        help="player counts and solo levels, e.g. 2,3,4,solo1,solo4",
    )
    parser.add_argument("--content", default=None, help="content file (default: the shipped one)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--json", default=None, help="write the summaries as JSON to this file")
    parser.add_argument("--plots", default=None, help="write one PNG per target to this folder")
    parser.add_argument("--markdown", action="store_true", help="print the Markdown tables")
    parser.add_argument(
        "--from-json",
        nargs="+",
        default=None,
        metavar="FILE",
        help="redo tables and plots from saved runs, play nothing (later files win per config)",
    )
    parser.add_argument(
        "--stop-settled",
        action="store_true",
        help="end a 2-4 player game once every player has placed all Bird tokens",
    )
    args = parser.parse_args()
    content = load_content(args.content)
    summaries = merged(args.from_json) if args.from_json else []
    for config in [] if args.from_json else args.configs.split(","):
        start = time.perf_counter()
        tasks = [
            (config, i, args.agent, args.seed, args.content, args.stop_settled)
            for i in range(args.games)
        ]
        if args.workers > 1:
            with ProcessPoolExecutor(max_workers=args.workers) as pool:
                games = list(pool.map(play_one, tasks, chunksize=8))
        else:
            games = [play_one(t) for t in tasks]
        s = summarise(config, games, content)
        summaries.append(s)
        lo = s["lowest"]
        print(
            f"{config}: {len(games)} games, {s['rounds']:.1f} rounds, score {s['score'][0]:.1f}, "
            f"housed {[round(h[0], 2) for h in s['housed']]}, lowest bird {lo['bird']} "
            f"{lo['placed']}/{lo['seen']}, dead {len(s['dead'])}, "
            f"rho {s['spearman'][0]:.2f}, ends {s['ends']}, {time.perf_counter() - start:.0f}s",
            flush=True,
        )
    if args.json and not args.from_json:
        Path(args.json).write_text(json.dumps(summaries, indent=1))
    if args.plots:
        plots(summaries, Path(args.plots))
    if args.markdown:
        print(markdown(summaries, args.agent, args.seed))


if __name__ == "__main__":
    main()
