"""What ``pip install .`` installs (setup.py): the compiled build when a C compiler is there,
else the pure-Python modules with one line saying why; ``FOURFEATHERS_PURE=1`` asks for the pure
build. Each test installs a copy of the project into a fresh virtual environment and asks the
installed ``feathers --version`` which build runs.

The environment borrows this interpreter's packages (typer, setuptools, mypy...) through a
``.pth`` file, and the build runs without isolation: nothing is downloaded. Slow: a compiled
build takes one to two minutes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

pytestmark = pytest.mark.slow


def _source(tmp_path: Path) -> Path:
    """A copy of the project to build (the build leaves its files in the tree it builds)."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source)
    ignore = shutil.ignore_patterns("*.egg-info", "__pycache__", "*.so", "*.pyd")
    shutil.copytree(SRC, source / "src", ignore=ignore)
    return source


def _venv(tmp_path: Path) -> Path:
    """A fresh virtual environment that sees this interpreter's packages after its own."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    paths = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    Path(site, "outer.pth").write_text("".join(f"{p}\n" for p in paths), encoding="utf-8")
    return python


def _env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "FOURFEATHERS_PURE", "FOURFEATHERS_COMPILE", "CC")
    }
    return {**env, **extra}


def _install(python: Path, target: Path | str, env: dict[str, str]) -> str:
    """``pip install`` (verbose: the build's own lines show) ``target`` into ``python``'s
    environment; returns pip's output."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-v",
            "--no-deps",
            "--no-build-isolation",
            str(target),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def _version(python: Path) -> str:
    feathers = python.parent / "feathers"
    done = subprocess.run(
        [str(feathers), "--version"],
        capture_output=True,
        text=True,
        env=_env(),
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


def _hot_modules() -> int:
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    namespace: dict = {"__file__": str(ROOT / "setup.py")}
    head = text[: text.index("GROUP = ")]  # the lists, without running setup()
    exec(compile(head, "setup.py", "exec"), namespace)
    return len(namespace["HOT_MODULES"])


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"CC": "/nonexistent/cc"}, "no working C compiler"),
        ({"FOURFEATHERS_PURE": "1"}, "FOURFEATHERS_PURE is set"),
    ],
    ids=["no-compiler", "pure-asked"],
)
def test_without_a_compiler_or_when_asked_the_install_is_pure_and_says_so(tmp_path, env, reason):
    python = _venv(tmp_path)
    out = _install(python, _source(tmp_path), _env(**env))
    lines = [line for line in out.splitlines() if "fourfeathers: installing the pure" in line]
    assert len(set(lines)) == 1, out[-3000:]
    assert f"fourfeathers: installing the pure-Python modules: {reason}" in lines[0]
    assert re.fullmatch(r"fourfeathers \S+ \(pure Python\)", _version(python))


def test_an_editable_install_is_pure_python_without_a_word(tmp_path):
    python = _venv(tmp_path)
    source = _source(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-v",
            "--no-deps",
            "--no-build-isolation",
            "-e",
            str(source),
        ],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "fourfeathers: installing the pure" not in done.stdout + done.stderr  # as designed
    assert re.fullmatch(r"fourfeathers \S+ \(pure Python\)", _version(python))
    assert not list((source / "src").rglob("*.so"))  # nothing compiled into the working tree


def test_with_a_compiler_pip_wheel_is_a_platform_wheel_and_the_install_runs_compiled(tmp_path):
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        pytest.skip("no C compiler here")
    source = _source(tmp_path)
    wheels = tmp_path / "wheels"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            str(source),
            "-w",
            str(wheels),
        ],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = wheels.glob("fourfeathers-*.whl")
    assert not wheel.name.endswith("-none-any.whl"), wheel.name  # a platform wheel
    names = zipfile.ZipFile(wheel).namelist()
    assert "fourfeathers/games/featherlight/rules.py" in names  # the reference stays beside
    assert any(re.fullmatch(r"fourfeathers/games/featherlight/rules\..*\.so", n) for n in names)
    python = _venv(tmp_path)
    _install(python, wheel, _env())
    assert _version(python) == f"fourfeathers 0.1.0 (compiled: {_hot_modules()} modules)"
