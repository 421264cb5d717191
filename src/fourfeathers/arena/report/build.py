"""``build_report``: read the results files, order their groups by game and configuration,
write each section and the files of the report."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core.files import resolve, write_text
from .document import Doc
from .groups import Group, Skipped, load_groups
from .plots import Plotter, check_plotting
from .sections import across_section, group_section
from .text import config_text, game_title


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
                        across_section(doc, plot, subset, sub_keys, _slug(game) + suffix)
                    )
        for group in members:
            if keys:
                label = config_text(group.config, keys)
                slug = _slug(f"{game}-{label}")
                heading = f"{game_title(game)}: {label}"
            else:
                slug = _slug(game)
                heading = f"{game_title(game)}"
                if group.players > 1:
                    heading += f", {group.players} players"
            summary["groups"].append(group_section(doc, plot, group, slug, heading))
    # Each file whole or not at all (core.files.write_text); a failure is a WriteError.
    write_text(out / "summary.md", doc.markdown())
    write_text(out / "index.html", doc.html("Simulation report"))
    write_text(
        out / "summary.json", json.dumps(_json_safe(summary), indent=2, allow_nan=False) + "\n"
    )
    return summary


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "games"


def _varying_keys(groups: Sequence[Group]) -> list[str]:
    keys: list[str] = []
    for group in groups:
        for key in group.config:
            if key not in keys and len({json.dumps(g.config.get(key)) for g in groups}) > 1:
                keys.append(key)
    return keys


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
