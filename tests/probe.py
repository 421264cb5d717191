"""Which of some top-level modules a piece of code loads, asked of a fresh interpreter (a test
process has imported everything already). Used by the tests that keep libraries optional."""

from __future__ import annotations

import json
import subprocess
import sys


def modules_loaded(code: str, names: tuple[str, ...]) -> list[str]:
    """Run ``code`` in a new Python process and return, sorted, those of ``names`` (top-level
    module names) that are in ``sys.modules`` afterwards."""
    wanted = sorted(names)
    report = (
        "import json, sys\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({wanted!r}))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\n{report}"],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    loaded: list[str] = json.loads(out.splitlines()[-1])
    return loaded
