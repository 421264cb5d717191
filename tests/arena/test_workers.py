"""Worker processes end with their parent, even when it is killed without warning."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_kill_9_of_simulate_ends_its_workers(tmp_path: Path):
    args = ["simulate", "featherlight", "--games", "200000", "--workers", "2"]
    process = subprocess.Popen(
        [sys.executable, "-m", "fourfeathers", *args, "--out", str(tmp_path / "r.jsonl")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    try:
        assert wait_for(lambda: len(children(process.pid)) >= 2, 30), "no workers started"
        workers = children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        assert wait_for(lambda: not any(alive(w) for w in workers), 10), "workers live on"
    finally:
        for pid in [process.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
