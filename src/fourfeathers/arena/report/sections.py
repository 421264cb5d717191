"""The sections of a report: for one group, its header, win share by agent, first-player
advantage and seats, scores, game length and impact on winning; for one game played in
several configurations, the comparison across them. Each section adds its headings, text,
tables and plots to the document and its numbers to the group's ``summary.json`` data."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..stats import Tally, diff_interval, mean_diff_interval, proportion_p_value, quantiles
from .document import Doc
from .groups import Group
from .plots import Plotter
from .text import ci_text, config_text, game_title, mean_text, ordinal, pct


def _tally_json(t: Tally) -> dict[str, Any]:
    data = t.as_dict()
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in data.items()}


def group_section(doc: Doc, plot: Plotter, group: Group, slug: str, heading: str) -> dict[str, Any]:
    """Write one group's section; return its numbers for ``summary.json``."""
    decided = group.decided > 0
    data: dict[str, Any] = {
        "game": group.game,
        "config": group.config,
        "games": group.games,
        "players": group.players,
        "decided": group.decided,
        "capped": group.capped,
        "not_reproducible": group.timed,
        "files": sorted(group.files),
    }
    doc.h(2, heading)
    agents = ", ".join(_agent_text(a, group.plays_as[a]) for a in group.agents)
    data["plays_as"] = {a: dict(c) for a, c in group.plays_as.items()}
    doc.p(
        f"**{group.games}** games; configuration: `{config_text(group.config)}`; agents: "
        f"{agents}. " + ("" if decided else "No game named a winner: scores are compared.")
    )
    if group.capped:
        doc.p(
            f"**{group.capped}** of these games were stopped by the turn cap, not by the "
            "rules: their scores are those of unfinished games."
        )
    if group.timed:
        doc.p(
            f"{group.timed} games were played by an agent on a time budget: they depend on "
            "the machine's speed and are not reproducible."
        )
    _agent_section(doc, plot, group, slug, decided, data)
    _seat_section(doc, plot, group, slug, decided, data)
    _score_section(doc, plot, group, slug, data)
    _length_section(doc, plot, group, slug, data)
    if group.features:
        _feature_section(doc, plot, group, slug, decided, data)
    return data


def _agent_text(agent: str, plays_as: Counter[str]) -> str:
    """An agent as the header names it: a difficulty level with the spec it played in this
    game (a record's ``resolved``; a game's solo mode may give a level its own spec), and the
    seat-games of each when the files hold several."""
    if set(plays_as) <= {agent}:
        return f"`{agent}`"
    if len(plays_as) == 1:
        return f"`{agent}` (played as `{next(iter(plays_as))}`)"
    each = ", ".join(f"`{spec}` in {n} seat-games" for spec, n in plays_as.most_common())
    return f"`{agent}` (played as {each})"


def _agent_section(
    doc: Doc, plot: Plotter, group: Group, slug: str, decided: bool, data: dict[str, Any]
) -> None:
    """The win share by agent, when several agents played and games named winners (solo
    games compare their scores instead: ``_score_section``)."""
    n = group.players
    data["agents"] = {a: _tally_json(t) for a, t in group.agents.items()}
    if len(group.agents) > 1 and decided:
        doc.h(3, "Win share by agent")
        doc.table(
            ["agent", "seat-games", "win share", "95% interval", "mean score"],
            [
                [a, t.n, pct(t.win_rate), ci_text(t.interval()), f"{t.mean_score:.2f}"]
                for a, t in sorted(group.agents.items(), key=lambda kv: -kv[1].win_rate)
            ],
        )
        doc.img(
            plot.rates(
                f"{slug}-agents.png",
                f"{game_title(group.game)}: win share by agent",
                list(group.agents),
                list(group.agents.values()),
                fair=1 / n if n > 1 else None,
            ),
            "win share by agent",
        )


def _seat_section(
    doc: Doc, plot: Plotter, group: Group, slug: str, decided: bool, data: dict[str, Any]
) -> None:
    """The first-player advantage and the win share by turn order and by seat (or the solo win
    rate), when games named winners."""
    n = group.players
    data["seats"] = [_tally_json(t) for t in group.seats]
    data["positions"] = [_tally_json(t) for t in group.positions]
    if n > 1 and decided:
        fair = 1 / n
        doc.h(3, "First-player advantage")
        first = group.positions[0]
        low, high = first.interval()
        p_value = proportion_p_value(first.wins, first.n, fair)
        data["first_player"] = {
            "win_share": first.win_rate,
            "win_ci95": [low, high],
            "fair_share": fair,
            "advantage": first.win_rate - fair,
            "p_value": p_value,
        }
        doc.p(
            "The first player (the seat that took the first decision) won "
            f"**{pct(first.win_rate)}** of the games (95% interval {ci_text((low, high))}) "
            "against a fair share of "
            f"{pct(fair)}: an advantage of **{100 * (first.win_rate - fair):+.1f} points** "
            f"(p = {p_value:.3g})."
        )
        doc.table(
            ["turn order", "games", "win share", "95% interval", "vs fair share", "mean score"],
            [
                [
                    ordinal(k + 1),
                    t.n,
                    pct(t.win_rate),
                    ci_text(t.interval()),
                    f"{100 * (t.win_rate - fair):+.1f}",
                    f"{t.mean_score:.2f}",
                ]
                for k, t in enumerate(group.positions)
            ],
        )
        doc.img(
            plot.rates(
                f"{slug}-positions.png",
                f"{game_title(group.game)}, {n} players: win share by turn order",
                [ordinal(k + 1) for k in range(n)],
                group.positions,
                fair=fair,
            ),
            "win share by turn order",
        )
        doc.h(3, "Win share by seat")
        doc.table(
            ["seat", "agents", "games", "win share", "95% interval", "mean score"],
            [
                [
                    p + 1,
                    ", ".join(sorted(group.seat_agents[p])),
                    t.n,
                    pct(t.win_rate),
                    ci_text(t.interval()),
                    f"{t.mean_score:.2f}",
                ]
                for p, t in enumerate(group.seats)
            ],
        )
    elif n == 1 and decided:
        t = group.seats[0]
        doc.h(3, "Win rate")
        doc.p(
            f"The solo player won **{pct(t.win_rate)}** of the games "
            f"(95% interval {ci_text(t.interval())})."
        )


def _score_section(doc: Doc, plot: Plotter, group: Group, slug: str, data: dict[str, Any]) -> None:
    """The final scores by agent (several agents), by turn order, or of the solo games."""
    n = group.players
    doc.h(3, "Scores")
    by = "agent" if len(group.agents) > 1 else "turn order"
    if by == "agent":
        series = {a: t.scores for a, t in group.agents.items()}
    elif n > 1:
        series = {ordinal(k + 1): t.scores for k, t in enumerate(group.positions)}
    else:
        series = {"solo": group.seats[0].scores}
    data["scores"] = {label: quantiles(values) for label, values in series.items() if values}
    doc.table(
        [by if n > 1 else "", "mean", "sd", "min", "25%", "median", "75%", "max"],
        [
            [
                label,
                f"{statistics.fmean(v):.2f}",
                f"{statistics.pstdev(v):.2f}",
                *(f"{quantiles(v)[k]:g}" for k in ("min", "p25", "median", "p75", "max")),
            ]
            for label, v in series.items()
            if v
        ],
    )
    doc.img(
        plot.histograms(
            f"{slug}-scores.png",
            f"{game_title(group.game)}: final scores by {by if n > 1 else 'game'}",
            series,
            "score",
            "seat-games" if n > 1 else "games",
        ),
        "score distributions",
    )


def _length_section(doc: Doc, plot: Plotter, group: Group, slug: str, data: dict[str, Any]) -> None:
    """Game length in decisions (and turns, where the records count them)."""
    doc.h(3, "Game length")
    lengths = {"decisions": group.decisions}
    if group.turns:
        lengths["turns"] = group.turns
    data["length"] = {k: {"mean": statistics.fmean(v), **quantiles(v)} for k, v in lengths.items()}
    doc.table(
        ["per game", "mean", "sd", "min", "5%", "median", "95%", "max"],
        [
            [
                k,
                f"{statistics.fmean(v):.1f}",
                f"{statistics.pstdev(v):.1f}",
                *(f"{quantiles(v)[q]:g}" for q in ("min", "p5", "median", "p95", "max")),
            ]
            for k, v in lengths.items()
        ],
    )
    doc.img(
        plot.histograms(
            f"{slug}-length.png", f"{game_title(group.game)}: game length", lengths, "per game"
        ),
        "game length",
    )


def _feature_section(
    doc: Doc, plot: Plotter, group: Group, slug: str, decided: bool, data: dict[str, Any]
) -> None:
    kind = group.feature_kind or "label"
    rows = []
    for label, ft in group.features.items():
        if decided:
            d, low, high = diff_interval(ft.holders.wins, ft.holders.n, ft.others.wins, ft.others.n)
        else:
            d, low, high = mean_diff_interval(ft.holders.scores, ft.others.scores)
        rows.append((label, ft, d, low, high))
    rows.sort(key=lambda r: (-(r[2] if not math.isnan(r[2]) else -math.inf), r[0]))
    measure = "win share" if decided else "mean score"
    value_name = group.feature_value_name
    doc.h(3, f"Impact on winning: {kind}")
    doc.p(
        f"For each {kind}: the share of games in which some seat ended with it"
        + (f", its {value_name}" if value_name else "")
        + f", the {measure} of the seats that ended the game with it against the "
        "seats that did not (in games where it could occur), and the difference with its 95% "
        "interval (Newcombe's method for win shares). Seat-games: how many seats ended with it."
    )
    first = ["label", "games with it"] + ([value_name] if value_name else []) + ["seat-games"]
    if decided:
        headers = first + ["with", "95% interval", "without", "difference", "95%"]
    else:
        headers = first + ["with", "without", "difference", "95%"]
    table_rows = []
    data["features"] = {"kind": kind, "measure": measure, "labels": {}}
    if value_name:
        data["features"]["value_name"] = value_name
    for label, ft, d, low, high in rows:
        diff_text = "-" if math.isnan(d) else f"{100 * d:+.1f}" if decided else f"{d:+.2f}"
        interval = (
            "-"
            if math.isnan(low)
            else f"{100 * low:+.1f} to {100 * high:+.1f}"
            if decided
            else f"{low:+.2f} to {high:+.2f}"
        )
        value = group.feature_values.get(label)
        lead: list[Any] = [label, pct(ft.games_with / ft.games) if ft.games else "-"]
        if value_name:
            lead.append("-" if value is None else f"{value:g}")
        lead.append(ft.holders.n)
        if decided:
            table_rows.append(
                lead
                + [
                    pct(ft.holders.win_rate),
                    ci_text(ft.holders.interval()),
                    pct(ft.others.win_rate),
                    diff_text,
                    interval,
                ]
            )
        else:
            table_rows.append(
                lead
                + [
                    mean_text(ft.holders.mean_score),
                    mean_text(ft.others.mean_score),
                    diff_text,
                    interval,
                ]
            )
        data["features"]["labels"][label] = {
            "with": _tally_json(ft.holders),
            "without": _tally_json(ft.others),
            "games": ft.games,
            "games_with": ft.games_with,
            "value": value,
            "difference": None if math.isnan(d) else d,
            "ci95": None if math.isnan(low) else [low, high],
        }
    doc.table(headers, table_rows)
    plotted = [(r[0], r[2], r[3], r[4]) for r in rows if not math.isnan(r[2])]
    if plotted:
        scale = 100 if decided else 1
        doc.img(
            plot.forest(
                f"{slug}-features.png",
                f"{game_title(group.game)}: {measure} with minus without, by {kind}",
                [(lab, d * scale, lo * scale, hi * scale) for lab, d, lo, hi in plotted],
                f"difference in {measure}"
                + (" (points of %)" if decided else "")
                + "; blue/red: the 95% interval excludes 0",
            ),
            f"impact of each {kind}",
        )


def across_section(
    doc: Doc, plot: Plotter, groups: Sequence[Group], keys: list[str], slug: str
) -> dict[str, Any]:
    """Compare the groups of one game across configurations (players, level...)."""
    game = groups[0].game
    labels = [config_text(g.config, keys) for g in groups]
    solo = all(g.players == 1 for g in groups)
    doc.h(2, f"{game_title(game)} across configurations ({', '.join(keys)})")
    rows = []
    tallies: list[Tally] = []
    fair: list[float] = []
    data: dict[str, Any] = {"game": game, "keys": keys, "rows": []}
    for label, g in zip(labels, groups, strict=True):
        t = g.seats[0] if solo else g.positions[0]
        tallies.append(t)
        fair.append(1 / g.players)
        rows.append(
            [
                label,
                g.games,
                pct(t.win_rate) if g.decided else "-",
                ci_text(t.interval()) if g.decided else "-",
                *(
                    []
                    if solo
                    else [pct(1 / g.players), f"{100 * (t.win_rate - 1 / g.players):+.1f}"]
                ),
                f"{statistics.fmean(s for tt in g.seats for s in tt.scores):.2f}",
                f"{statistics.fmean(g.decisions):.1f}",
            ]
        )
        data["rows"].append(
            {
                "config": {k: g.config.get(k) for k in keys},
                "games": g.games,
                "win_share": t.win_rate if g.decided else None,
                "win_ci95": list(t.interval()) if g.decided else None,
                "fair_share": None if solo else 1 / g.players,
            }
        )
    what = "win rate" if solo else "first player's win share"
    headers = ["configuration", "games", what, "95% interval"]
    if not solo:
        headers += ["fair share", "advantage"]
    doc.table([*headers, "mean score", "mean decisions"], rows)
    if any(g.decided for g in groups):
        doc.img(
            plot.curve(
                f"{slug}-across.png",
                f"{game_title(game)}: {what} by {', '.join(keys)}",
                [str(g.config.get(keys[0])) for g in groups] if len(keys) == 1 else labels,
                tallies,
                None if solo else fair,
                ", ".join(keys),
                what,
            ),
            f"{what} by configuration",
        )
    return data
