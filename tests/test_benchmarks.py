"""The benchmark script runs (a very short smoke run; real figures come from running it by hand)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "playouts.py"


def test_playout_benchmark_reports_every_configuration():
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0.05", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = json.loads(out)
    ours = [r for r in rows if r["game"] == "featherlight"]
    assert {f"players={n}" for n in (1, 2, 3, 4)} <= {r["config"] for r in ours}
    assert all(r["games_s"] > 0 and r["decisions_s"] > r["games_s"] for r in ours)
