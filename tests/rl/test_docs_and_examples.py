"""docs/research.md cannot rot: every ``python`` code block in it runs, every ``python ...``
command of its ``sh`` blocks runs (``pip install`` lines are what CI itself does), its table of
encodings matches the encodings; the learning example and the adapter benchmark run on a tiny
budget."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from rl_cases import needs_encoding  # noqa: E402

from fourfeathers.core import list_games, make  # noqa: E402
from fourfeathers.core.encoding import encoding_for, observation_size  # noqa: E402
from fourfeathers.rl.common import config_label  # noqa: E402

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def blocks(kind: str) -> list[str]:
    return [code for lang, code in BLOCK.findall(DOC.read_text(encoding="utf-8")) if lang == kind]


def test_the_doc_has_examples():
    assert len(blocks("python")) >= 3 and blocks("sh")


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_blocks_run(index: int):
    code = blocks("python")[index]
    exec(compile(code, f"{DOC.name} python block {index + 1}", "exec"), {"__name__": "__doc__"})


def commands() -> list[str]:
    lines = [line.strip() for code in blocks("sh") for line in code.splitlines()]
    return [line for line in lines if line.startswith("python ")]


def run(*args: str) -> str:
    """``python ARGS`` in the repository's root; its standard output."""
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, check=True, capture_output=True, text=True, timeout=600
    ).stdout


@pytest.mark.parametrize("command", commands())
def test_sh_commands_run(command: str, tmp_path: Path):
    args = shlex.split(command)[1:]
    run(*[str(tmp_path / Path(a).name) if a.endswith(".png") else a for a in args])


def encoding_rows() -> list[str]:
    """The rows the encodings table of docs/research.md must have."""
    rows = []
    for spec in list_games():
        for config in spec.configurations:
            needs_encoding(spec.id)
            enc = encoding_for(make(spec.id, **config))
            low, high = enc.returns_bounds
            total = "-" if enc.returns_sum is None else f"{enc.returns_sum:g}"
            rows.append(
                f"| {spec.id} | {config_label(config)} | {enc.num_distinct_actions} | "
                f"{observation_size(enc)} | {enc.max_game_length} | {low:g} to {high:g} | "
                f"{total} |"
            )
    return rows


def test_the_encodings_table_matches_the_encodings():
    lines = DOC.read_text(encoding="utf-8").splitlines()
    head = lines.index(
        "| game | configuration | action ids | tensor entries | max decisions | returns "
        "| returns sum |"
    )
    table = []
    for line in lines[head + 2 :]:  # the rows after the header and its rule, up to a blank
        if not line.startswith("| "):
            break
        table.append(line)
    assert table == encoding_rows()


def test_the_learning_example_runs_and_plots(tmp_path: Path):
    png = tmp_path / "curve.png"
    out = run("examples/reinforce_solo.py", "--episodes", "20", "--plot", str(png))
    assert "policy" in out and "random" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_adapter_benchmark_reports_every_adapter():
    out = run("benchmarks/adapters.py", "--game", "featherlight", "--seconds", "0.02", "--json")
    rows = json.loads(out)
    assert {r["config"] for r in rows} >= {"players=1", "players=2"}
    solo = next(r for r in rows if r["config"] == "players=1")
    assert all(solo[k] > 0 for k in ("engine", "pettingzoo", "gymnasium", "openspiel"))
    assert all(solo[f"{k}_share"] > 0 for k in ("pettingzoo", "gymnasium", "openspiel"))


def test_the_adapter_benchmark_floor_is_the_pettingzoo_loop_without_a_tensor():
    """``--floor`` adds ``pettingzoo_free``: the same PettingZoo loop whose observations carry
    the zero tensor (``encode_state`` skipped) and the real mask."""
    import random

    out = run(
        "benchmarks/adapters.py", "--game", "featherlight", "--seconds", "0.02", "--floor", "--json"
    )
    rows = json.loads(out)
    assert all(r["pettingzoo_free"] > 0 and r["pettingzoo_free_share"] > 0 for r in rows)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import adapters
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from fourfeathers.rl.pettingzoo import FeathersAECEnv

    seen = []
    observe = FeathersAECEnv.observe

    def spy(self, agent):
        obs = observe(self, agent)
        seen.append((obs["observation"].any(), obs["action_mask"].sum()))
        return obs

    FeathersAECEnv.observe = spy
    try:
        adapters.pettingzoo_loop("featherlight", {"players": 2}, tensor=False)(random.Random(1))
        free = seen[:]
        seen.clear()
        adapters.pettingzoo_loop("featherlight", {"players": 2})(random.Random(1))
    finally:
        FeathersAECEnv.observe = observe
    assert free and not any(tensor for tensor, _ in free)
    assert all(tensor for tensor, _ in seen)
    assert [mask for _, mask in free] == [mask for _, mask in seen]  # the same game and masks
