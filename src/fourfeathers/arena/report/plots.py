"""The report's PNG plots, drawn with matplotlib's Agg backend (an optional dependency:
``check_plotting`` says how to install it)."""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.files import write_bytes
from ..stats import Tally
from .text import pct

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
