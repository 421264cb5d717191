"""setup.py's choice of build (what ``pip install .`` compiles): without running ``setup()``,
each way to the pure-Python fallback says why in one line, and ``FOURFEATHERS_COMPILE=1`` turns
the fallback into an error. The real installs are tests/layout/test_install.py (slow)."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _setup() -> dict[str, Any]:
    """setup.py's definitions, without its last two statements (``_drop_stale_builds()`` and
    ``setup(...)``)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    body = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Call))]
    namespace: dict[str, Any] = {"__file__": str(ROOT / "setup.py")}
    exec(compile(ast.Module(body, []), "setup.py", "exec"), namespace)
    return namespace


@pytest.fixture
def setup_py(monkeypatch):
    for name in ("FOURFEATHERS_PURE", "FOURFEATHERS_COMPILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    part = _setup()
    part["_compiler_problem"] = lambda: None  # a compiler is there
    return part


def _failing_mypyc(monkeypatch, error: BaseException) -> None:
    build = types.ModuleType("mypyc.build")

    def mypycify(*args: object, **kwargs: object) -> list[object]:
        raise error

    build.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc.build", build)


def _pure_lines(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line]


def test_mypyc_failing_falls_back_to_pure_in_one_line(setup_py, monkeypatch, capsys):
    _failing_mypyc(monkeypatch, SystemExit("src/x.py:3: error: bad type\nmore"))
    assert setup_py["_extensions"]() == []
    assert _pure_lines(capsys) == [
        "fourfeathers: installing the pure-Python modules: mypyc failed "
        "(src/x.py:3: error: bad type)"
    ]


def test_no_compiler_falls_back_and_mypyc_does_not_run(setup_py, monkeypatch, capsys):
    _failing_mypyc(monkeypatch, AssertionError("mypyc must not run"))
    setup_py["_compiler_problem"] = lambda: "no working C compiler (cc: not found)"
    assert setup_py["_extensions"]() == []
    assert _pure_lines(capsys) == [
        "fourfeathers: installing the pure-Python modules: no working C compiler (cc: not found)"
    ]


def test_compile_asked_makes_the_failure_an_error(setup_py, monkeypatch, capsys):
    monkeypatch.setenv("FOURFEATHERS_COMPILE", "1")
    _failing_mypyc(monkeypatch, SystemExit("bad type"))
    with pytest.raises(SystemExit, match="FOURFEATHERS_COMPILE is set, but mypyc failed"):
        setup_py["_extensions"]()


@pytest.mark.parametrize("argv", [["egg_info"], ["dist_info"], ["editable_wheel"], ["sdist"]])
def test_metadata_sdist_and_editable_builds_compile_nothing_silently(
    setup_py, monkeypatch, capsys, argv
):
    _failing_mypyc(monkeypatch, AssertionError("mypyc must not run"))
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    assert setup_py["_extensions"]() == []
    assert _pure_lines(capsys) == []


def test_the_compiler_probe_names_a_missing_compiler(monkeypatch):
    monkeypatch.setenv("CC", "/nonexistent/cc")
    problem = _setup()["_compiler_problem"]()
    assert problem is not None and problem.startswith("no working C compiler (")
