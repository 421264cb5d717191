"""Balance reports from results files: tables, PNG plots, ``summary.md`` and ``index.html``.

``build_report(paths, out_dir)`` reads one or more JSONL results files (``arena/results.py``),
groups the games by game and configuration and writes into ``out_dir``:

- ``summary.md``: per group, the win share per agent, per seat and per turn-order position (the
  first-player advantage) with 95% Wilson intervals, score distributions, game length and the
  impact on winning of what each seat ended with (``arena/features.py``); per game played in
  several configurations (player counts, levels), a comparison across them;
- one PNG per plot (matplotlib, Agg backend) and ``index.html`` showing the tables and plots
  together; ``summary.json``: the same numbers for programs.

Win share: a victory shared by k seats counts 1/k for each. Turn-order position: the order in
which seats took their first decision (a record's ``order``). When no game of a group names a
winner (a solo score game), comparisons use the score instead.
"""

from __future__ import annotations

import html
import io
import json
import math
import re
import statistics
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import ConfigError, ContentError
from ..core.files import resolve, write_bytes, write_text
from ..core.game import win_shares
from ..core.registry import game_spec
from .features import SeatFeatures, seat_features
from .results import read_records, record_problem
from .runner import cached_game
from .stats import Tally, proportion_p_value, wilson

# --- a small document model rendered to Markdown and HTML --------------------------------------


@dataclass
class Doc:
    """Blocks in order: ``("h", level, text)``, ``("p", text)``, ``("table", headers, rows)``,
    ``("img", file, alt)``."""

    blocks: list[tuple[Any, ...]] = field(default_factory=list)

    def h(self, level: int, text: str) -> None:
        self.blocks.append(("h", level, text))

    def p(self, text: str) -> None:
        self.blocks.append(("p", text))

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        self.blocks.append(("table", list(headers), [list(map(str, r)) for r in rows]))

    def img(self, file: str, alt: str) -> None:
        self.blocks.append(("img", file, alt))

    def markdown(self) -> str:
        out: list[str] = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                out.append("#" * block[1] + " " + block[2])
            elif kind == "p":
                out.append(block[1])
            elif kind == "table":
                headers, rows = block[1], block[2]
                out.append("| " + " | ".join(headers) + " |")
                out.append("|" + "|".join(" --- " for _ in headers) + "|")
                out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
            elif kind == "img":
                out.append(f"![{block[2]}]({block[1]})")
            out.append("")
        return "\n".join(out)

    def html(self, title: str) -> str:
        body: list[str] = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                level = min(block[1], 6)
                body.append(f"<h{level}>{html.escape(block[2])}</h{level}>")
            elif kind == "p":
                body.append(f"<p>{_inline_html(block[1])}</p>")
            elif kind == "table":
                head = "".join(f"<th>{html.escape(h)}</th>" for h in block[1])
                rows = "".join(
                    "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                    for r in block[2]
                )
                body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
            elif kind == "img":
                src, alt = html.escape(block[1]), html.escape(block[2])
                body.append(f'<figure><a href="{src}"><img src="{src}" alt="{alt}"></a></figure>')
        return _HTML.format(title=html.escape(title), body="\n".join(body))


def _inline_html(text: str) -> str:
    """Escape ``text`` and turn Markdown ``**bold**`` and backticks into tags."""
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }}
h1 {{ border-bottom: 2px solid #ccc; }}
h2 {{ margin-top: 2.5rem; border-bottom: 1px solid #ddd; }}
table {{ border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.92rem; }}
th, td {{ border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: right; }}
th {{ background: #f3f3f3; }}
td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 0.5rem 0 1.5rem; }}
img {{ max-width: 100%; border: 1px solid #eee; }}
code {{ background: #f3f3f3; padding: 0 0.2rem; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""

# --- statistics of one group of games ------------------------------------------------------------


def pct(x: float) -> str:
    """``0.1234`` -> ``"12.3%"`` (``nan`` -> ``"-"``)."""
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def ci_text(interval: tuple[float, float]) -> str:
    low, high = interval
    return "-" if math.isnan(low) else f"{100 * low:.1f}-{100 * high:.1f}%"


def mean_text(x: float) -> str:
    """``12.345`` -> ``"12.35"`` (``nan``, an empty tally's mean -> ``"-"``)."""
    return "-" if math.isnan(x) else f"{x:.2f}"


def diff_interval(
    s1: float, n1: int, s2: float, n2: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference of two proportions ``s1/n1 - s2/n2`` with Newcombe's hybrid Wilson interval.

    Returns ``(difference, low, high)``; nans if either group is empty.
    """
    if n1 < 1 or n2 < 1:
        return math.nan, math.nan, math.nan
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, confidence)
    l2, u2 = wilson(s2, n2, confidence)
    d = p1 - p2
    return (
        d,
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def mean_diff_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of two means with a normal 95% interval (Welch standard error)."""
    if len(a) < 2 or len(b) < 2:
        return math.nan, math.nan, math.nan
    d = statistics.fmean(a) - statistics.fmean(b)
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return d, d - 1.96 * se, d + 1.96 * se


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """min, 5%, 25%, median, 75%, 95%, max (nearest rank) of ``values``."""
    ordered = sorted(values)
    n = len(ordered)

    def q(f: float) -> float:
        return ordered[min(n - 1, max(0, math.ceil(f * n) - 1))]

    return {
        "min": ordered[0],
        "p5": q(0.05),
        "p25": q(0.25),
        "median": q(0.5),
        "p75": q(0.75),
        "p95": q(0.95),
        "max": ordered[-1],
    }


@dataclass
class FeatureTally:
    """Outcomes of seats that ended with a label and of those (in eligible games) without;
    ``games``: the eligible games, ``games_with``: those in which some seat ended with it."""

    holders: Tally = field(default_factory=Tally)
    others: Tally = field(default_factory=Tally)
    games: int = 0
    games_with: int = 0


@dataclass
class Group:
    """The games of one game id and configuration."""

    game: str
    config: dict[str, Any]
    players: int = 0
    games: int = 0
    decided: int = 0
    agents: dict[str, Tally] = field(default_factory=dict)
    plays_as: dict[str, Counter[str]] = field(default_factory=dict)
    seats: list[Tally] = field(default_factory=list)
    seat_agents: list[set[str]] = field(default_factory=list)
    positions: list[Tally] = field(default_factory=list)
    solo: Tally = field(default_factory=Tally)
    capped: int = 0
    timed: int = 0
    decisions: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    has_turns: bool = True
    feature_kind: str | None = None
    features: dict[str, FeatureTally] = field(default_factory=dict)
    feature_values: dict[str, float] = field(default_factory=dict)
    feature_value_name: str = ""
    pending: list[tuple[SeatFeatures, list[float], list[float]]] = field(default_factory=list)
    files: set[str] = field(default_factory=set)

    def add(self, record: dict[str, Any], features: SeatFeatures | None) -> None:
        n = len(record["seats"])
        if not self.players:
            self.players = n
            self.seats = [Tally() for _ in range(n)]
            self.seat_agents = [set() for _ in range(n)]
            self.positions = [Tally() for _ in range(n)]
        shares = win_shares(record["winners"], n)
        scores = record["scores"]
        order = record.get("order") or list(range(n))
        position = {seat: k for k, seat in enumerate(order)}
        resolved = record.get("resolved") or record["seats"]
        for p, spec in enumerate(record["seats"]):
            self.plays_as.setdefault(spec, Counter())[resolved[p]] += 1
            self.seats[p].add(shares[p], scores[p])
            self.seat_agents[p].add(spec)
            self.agents.setdefault(spec, Tally()).add(shares[p], scores[p])
            self.positions[position.get(p, p)].add(shares[p], scores[p])
        self.games += 1
        self.decided += bool(record["winners"])
        self.capped += record.get("capped") is True
        self.timed += record.get("reproducible") is False
        self.decisions.append(record["decisions"])
        turns = record.get("turns")
        if isinstance(turns, int):
            self.turns.append(turns)
        else:
            self.has_turns = False
        if features is not None:
            self.feature_kind = features.kind
            if features.values:
                self.feature_values.update(features.values)
                self.feature_value_name = features.value_name
            self.pending.append((features, shares, list(scores)))

    def finish(self) -> None:
        """Tally the features once every label of the group is known."""
        everything: set[str] = set()
        for features, _, _ in self.pending:
            for labels in features.seats:
                everything |= labels
        for features, shares, scores in self.pending:
            eligible = features.eligible if features.eligible is not None else everything
            for label in eligible:
                tally = self.features.setdefault(label, FeatureTally())
                tally.games += 1
                tally.games_with += any(label in labels for labels in features.seats)
                for p, labels in enumerate(features.seats):
                    (tally.holders if label in labels else tally.others).add(shares[p], scores[p])
        self.pending.clear()
        if not self.has_turns:
            self.turns = []


RULE_FREE = ("content", "content_digest")
"""Config options that name a content file, which need not be on the machine that reports."""


def report_problem(record: Any) -> str | None:
    """What makes a results line unusable in a report (None: nothing): ``record_problem``, a
    game this package does not know, a configuration its game refuses (``'players': 9``) or
    seats that are not its players. A content file that cannot be read here is no problem (the
    game is reported without features)."""
    problem = record_problem(record)
    if problem is not None:
        return problem
    try:
        game_spec(record["game"])
    except ConfigError:
        return f"'game': unknown game {record['game']!r}"
    rules = {k: v for k, v in record["config"].items() if k not in RULE_FREE}
    try:
        game = cached_game(record["game"], rules)
    except (ConfigError, ContentError, TypeError) as exc:
        return f"'config': {exc}"
    n = len(record["seats"])
    if game.num_players != n:
        return f"'seats': {n} seats in a game of {game.num_players} players"
    return None


@dataclass
class Skipped:
    """The lines of one results file left out of a report: ``lines`` of them out of ``total``
    (blank lines and an unfinished last line not counted), ``first`` the first one's number
    and reason."""

    file: str
    lines: int
    total: int
    first: tuple[int, str]

    def text(self) -> str:
        """``"f.jsonl: skipped 1 of 90 lines: line 4 is not JSON (...)"``; with several, ``"f.jsonl:
        skipped 3 of 90 lines, the first: line 4 is ..."``."""
        number, reason = self.first
        first = ", the first" if self.lines > 1 else ""
        return (
            f"{self.file}: skipped {self.lines} of {self.total} line"
            f"{'s' if self.total != 1 else ''}{first}: line {number} is {reason}"
        )


def load_groups(paths: Sequence[str | Path], skipped: list[Skipped] | None = None) -> list[Group]:
    """Read every record of ``paths`` into groups by (game, config), in first-seen order.

    A line that is not a usable record (``report_problem``) is left out and counted in
    ``skipped`` (one ``Skipped`` per file that has some); without a ``skipped`` list it raises
    ``ValueError`` naming the file, the line and the field. Raises ``ValueError`` for a file
    that cannot be read (``files.UnreadableFile``).
    """
    groups: dict[tuple[str, str], Group] = {}
    for path in paths:
        problems: list[tuple[int, str]] = []
        count = 0
        for record in read_records(path, None if skipped is None else problems, report_problem):
            count += 1
            key = (record["game"], json.dumps(record["config"], sort_keys=True))
            group = groups.get(key)
            if group is None:
                group = groups[key] = Group(record["game"], record["config"])
            group.files.add(str(path))
            try:
                game = cached_game(record["game"], record["config"])
            except Exception:  # the content file is not available here
                game = None
            features = seat_features(game, record) if game is not None else None
            group.add(record, features)
        if problems and skipped is not None:
            skipped.append(Skipped(str(path), len(problems), count + len(problems), problems[0]))
    for group in groups.values():
        group.finish()
    return list(groups.values())


# --- the report -----------------------------------------------------------------------------------


def _title(game_id: str) -> str:
    try:
        return game_spec(game_id).title
    except Exception:
        return game_id


def _config_text(config: dict[str, Any], keys: Iterable[str] | None = None) -> str:
    keys = list(config) if keys is None else list(keys)
    parts = []
    for key in keys:
        value = config.get(key)
        if value in (None, [], "") and key != "players":
            continue
        if isinstance(value, list):
            value = ",".join(map(str, value))
        parts.append(f"{key}={value}")
    return ", ".join(parts) or "defaults"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "games"


def _varying_keys(groups: Sequence[Group]) -> list[str]:
    keys: list[str] = []
    for group in groups:
        for key in group.config:
            if key not in keys and len({json.dumps(g.config.get(key)) for g in groups}) > 1:
                keys.append(key)
    return keys


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


PLOTTING_EXTRA = "pip install 'fourfeathers[report]'"
"""How to install what reports need beyond playing (matplotlib)."""


def check_plotting() -> None:
    """Raise ``ImportError`` saying how to install matplotlib if it is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError(
            f"reports draw their plots with matplotlib, which is not installed: {PLOTTING_EXTRA}"
        ) from None


class Plotter:
    """Writes PNG plots into a folder with matplotlib's Agg backend."""

    def __init__(self, out_dir: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib import ticker

        self.plt = plt
        self.ticker = ticker
        self.out_dir = out_dir

    def save(self, fig: Any, name: str) -> str:
        fig.tight_layout()
        picture = io.BytesIO()  # written like every other file (core.files.write_bytes)
        fig.savefig(picture, format="png", dpi=110)
        write_bytes(self.out_dir / name, picture.getvalue())
        self.plt.close(fig)
        return name

    def rates(
        self,
        name: str,
        title: str,
        labels: Sequence[str],
        tallies: Sequence[Tally],
        fair: float | None = None,
        ylabel: str = "win share",
    ) -> str:
        """Bars of win shares with 95% Wilson intervals (and a fair-share line)."""
        fig, ax = self.plt.subplots(figsize=(max(6.0, 0.9 * len(labels) + 2), 3.6))
        values = [t.win_rate for t in tallies]
        lows = [max(0.0, t.win_rate - t.interval()[0]) for t in tallies]
        highs = [max(0.0, t.interval()[1] - t.win_rate) for t in tallies]
        ax.bar(labels, values, color="#4c78a8", yerr=[lows, highs], capsize=4)
        if fair is not None:
            ax.axhline(fair, color="#e45756", linestyle="--", label=f"fair share {pct(fair)}")
            ax.legend(loc="upper right")
        for i, v in enumerate(values):
            ax.annotate(pct(v), (i, v), textcoords="offset points", xytext=(12, 3), fontsize=8)
        ax.set_ylabel(ylabel)
        ax.set_title(textwrap.fill(title, 60))
        top = max([v + h for v, h in zip(values, highs, strict=True)] + [fair or 0.0, 0.04])
        ax.set_ylim(0, min(1.0, top * 1.25))
        ax.yaxis.set_major_formatter(self.ticker.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
        return self.save(fig, name)

    def histograms(
        self,
        name: str,
        title: str,
        series: Mapping[str, Sequence[float]],
        xlabel: str,
        ylabel: str = "games",
    ) -> str:
        """Overlaid step histograms (one per series) on integer-friendly bins."""
        fig, ax = self.plt.subplots(figsize=(7, 3.6))
        values = [v for s in series.values() for v in s]
        low, high = min(values), max(values)
        width = max(1.0, math.ceil((high - low + 1) / 40))
        bins = [low - 0.5 + k * width for k in range(int((high - low + 1) / width) + 2)]
        for label, data in series.items():
            ax.hist(data, bins=bins, histtype="step", linewidth=1.6, label=label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        if len(series) > 1:
            ax.legend(fontsize=8)
        return self.save(fig, name)

    def forest(
        self,
        name: str,
        title: str,
        rows: Sequence[tuple[str, float, float, float]],
        xlabel: str,
    ) -> str:
        """One row per label: an estimate with its interval, and a zero line."""
        height = max(3.0, 0.22 * len(rows) + 1.2)
        fig, ax = self.plt.subplots(figsize=(7, height))
        ys = list(range(len(rows)))[::-1]
        for y, (_label, d, low, high) in zip(ys, rows, strict=True):
            colour = "#4c78a8" if low > 0 else "#e45756" if high < 0 else "#888888"
            ax.plot([low, high], [y, y], color=colour, linewidth=1.6)
            ax.plot([d], [y], "o", color=colour, markersize=4)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(ys)
        ax.set_yticklabels([r[0] for r in rows], fontsize=8 if len(rows) > 20 else 9)
        ax.set_ylim(-0.7, len(rows) - 0.3)
        ax.set_xlabel(xlabel)
        ax.set_title(textwrap.fill(title, 60))
        return self.save(fig, name)

    def curve(
        self,
        name: str,
        title: str,
        xs: Sequence[str],
        tallies: Sequence[Tally],
        fair: Sequence[float] | None,
        xlabel: str,
        ylabel: str,
    ) -> str:
        """A rate per configuration with 95% Wilson intervals (and fair shares)."""
        fig, ax = self.plt.subplots(figsize=(max(5.0, 0.8 * len(xs) + 2.5), 3.8))
        positions = list(range(len(xs)))
        values = [t.win_rate for t in tallies]
        lows = [max(0.0, v - t.interval()[0]) for v, t in zip(values, tallies, strict=True)]
        highs = [max(0.0, t.interval()[1] - v) for v, t in zip(values, tallies, strict=True)]
        ax.errorbar(
            positions,
            values,
            yerr=[lows, highs],
            fmt="o-",
            capsize=4,
            color="#4c78a8",
            label=ylabel,
        )
        if fair is not None:
            ax.plot(positions, fair, "s--", color="#e45756", label="fair share (1/players)")
        for x, v in zip(positions, values, strict=True):
            ax.annotate(pct(v), (x, v), textcoords="offset points", xytext=(8, 6), fontsize=8)
        ax.set_xticks(positions)
        ax.set_xticklabels(xs)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        top = max([v + h for v, h in zip(values, highs, strict=True)] + [*(fair or []), 0.04])
        ax.set_ylim(0, min(1.05, top * 1.2))
        ax.yaxis.set_major_formatter(self.ticker.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
        ax.set_title(title)
        ax.legend(fontsize=8)
        return self.save(fig, name)


def _tally_json(t: Tally) -> dict[str, Any]:
    data = t.as_dict()
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in data.items()}


def _group_section(
    doc: Doc, plot: Plotter, group: Group, slug: str, heading: str
) -> dict[str, Any]:
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
        f"**{group.games}** games; configuration: `{_config_text(group.config)}`; agents: "
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
                f"{_title(group.game)}: win share by agent",
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
                    _ordinal(k + 1),
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
                f"{_title(group.game)}, {n} players: win share by turn order",
                [_ordinal(k + 1) for k in range(n)],
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
        series = {_ordinal(k + 1): t.scores for k, t in enumerate(group.positions)}
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
            f"{_title(group.game)}: final scores by {by if n > 1 else 'game'}",
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
            f"{slug}-length.png", f"{_title(group.game)}: game length", lengths, "per game"
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
                f"{_title(group.game)}: {measure} with minus without, by {kind}",
                [(lab, d * scale, lo * scale, hi * scale) for lab, d, lo, hi in plotted],
                f"difference in {measure}"
                + (" (points of %)" if decided else "")
                + "; blue/red: the 95% interval excludes 0",
            ),
            f"impact of each {kind}",
        )


def _across_section(
    doc: Doc, plot: Plotter, groups: Sequence[Group], keys: list[str], slug: str
) -> dict[str, Any]:
    """Compare the groups of one game across configurations (players, level...)."""
    game = groups[0].game
    labels = [_config_text(g.config, keys) for g in groups]
    solo = all(g.players == 1 for g in groups)
    doc.h(2, f"{_title(game)} across configurations ({', '.join(keys)})")
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
                f"{_title(game)}: {what} by {', '.join(keys)}",
                [str(g.config.get(keys[0])) for g in groups] if len(keys) == 1 else labels,
                tallies,
                None if solo else fair,
                ", ".join(keys),
                what,
            ),
            f"{what} by configuration",
        )
    return data


def build_report(paths: Sequence[str | Path], out_dir: str | Path) -> dict[str, Any]:
    """Write ``summary.md``, ``index.html``, ``summary.json`` and PNG plots for the games in
    ``paths`` into ``out_dir`` (created if needed, not its parent folder); returns the
    ``summary.json`` data. A file named twice (or by two paths) counts once.

    A line that is not a usable record is left out (``load_groups``); the summary's
    ``skipped`` lists them per file (``Skipped``: file, lines, total, first), and
    ``summary.md`` says so. Raises ``ValueError`` naming the file (and the first bad line) if
    the files hold no usable game or cannot be read, and ``ImportError`` without matplotlib
    (``check_plotting``), before ``out_dir`` is created.
    """
    check_plotting()
    out = Path(out_dir)
    unique: dict[Path, str | Path] = {}
    for path in paths:  # a file named twice (or by two paths) is read and named once
        unique.setdefault(resolve(path, "results file"), path)
    paths = list(unique.values())
    skipped: list[Skipped] = []
    groups = load_groups(paths, skipped)
    if not groups:
        files = ", ".join(map(str, paths))
        if not skipped:
            raise ValueError(f"no games in {files}")
        raise ValueError(f"no usable game in {files}" + "".join(f"; {s.text()}" for s in skipped))
    out.mkdir(exist_ok=True)  # only the report's own folder: its parent must exist
    plot = Plotter(out)
    doc = Doc()
    total = sum(g.games for g in groups)
    doc.h(1, "Simulation report")
    doc.p(
        f"{total} games from {', '.join(f'`{Path(p).name}`' for p in paths)}. Win share: a "
        "victory shared by k seats counts 1/k for each; intervals are 95% Wilson score "
        "intervals. Turn order: the order in which seats took their first decision."
    )
    summary: dict[str, Any] = {"games": total, "groups": [], "across": []}
    for skip in skipped:
        doc.p(f"Left out: {skip.text()}.")
    if skipped:
        summary["skipped"] = [
            {
                "file": skip.file,
                "lines": skip.lines,
                "total": skip.total,
                "first_line": skip.first[0],
                "first_reason": skip.first[1],
                "text": skip.text(),
            }
            for skip in skipped
        ]
    by_game: dict[str, list[Group]] = {}
    for group in groups:
        by_game.setdefault(group.game, []).append(group)
    for game, members in by_game.items():
        keys = _varying_keys(members) if len(members) > 1 else []
        if keys:
            members.sort(key=lambda g: [json.dumps(g.config.get(k)) for k in keys])
            # numbers sort numerically
            members.sort(
                key=lambda g: [
                    (0, v, "") if isinstance(v := g.config.get(k), int | float) else (1, 0, str(v))
                    for k in keys
                ]
            )
            # Solo and multiplayer configurations are compared separately (a solo game has no
            # first player to compare).
            multi = [g for g in members if g.players > 1]
            solo = [g for g in members if g.players == 1]
            for subset, suffix in ((multi, ""), (solo, "-solo" if multi else "")):
                if len(subset) > 1:
                    sub_keys = _varying_keys(subset)
                    summary["across"].append(
                        _across_section(doc, plot, subset, sub_keys, _slug(game) + suffix)
                    )
        for group in members:
            if keys:
                label = _config_text(group.config, keys)
                slug = _slug(f"{game}-{label}")
                heading = f"{_title(game)}: {label}"
            else:
                slug = _slug(game)
                heading = f"{_title(game)}"
                if group.players > 1:
                    heading += f", {group.players} players"
            summary["groups"].append(_group_section(doc, plot, group, slug, heading))
    # Each file whole or not at all (core.files.write_text); a failure is a WriteError.
    write_text(out / "summary.md", doc.markdown())
    write_text(out / "index.html", doc.html("Simulation report"))
    write_text(
        out / "summary.json", json.dumps(_json_safe(summary), indent=2, allow_nan=False) + "\n"
    )
    return summary


def _json_safe(value: Any) -> Any:
    """``value`` as strict JSON holds it: a float that is not finite (an empty tally's mean or
    interval) as null, tuples as lists, sets as sorted lists."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return [_json_safe(v) for v in sorted(value)]
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return value
