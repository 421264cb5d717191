"""What a wheel of the package holds: types, licence, metadata, content; and what the default
install leaves out (plotting, for `feathers report`, is an extra with a clear message)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """A wheel built from a copy of the project (the build leaves its files in the copy)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("*.egg-info"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        + [str(source), "-w", str(out)],
        check=True,
        capture_output=True,
    )
    (path,) = out.glob("fourfeathers-*.whl")
    return zipfile.ZipFile(path)


def test_the_wheel_holds_types_licence_content_rules_and_lessons(wheel):
    names = set(wheel.namelist())
    assert "fourfeathers/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for game in ("featherlight", "fancy_feathers", "familiar_feat", "isle_of_feathers"):
        assert f"fourfeathers/games/{game}/content.toml" in names
        assert f"fourfeathers/games/{game}/rules.md" in names  # the rules command reads it
        assert any(n.startswith(f"fourfeathers/games/{game}/lessons/") for n in names)


def test_metadata_licence_classifiers_and_what_the_default_install_needs(wheel):
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    meta = Parser().parsestr(wheel.read(name).decode())
    assert meta["License-Expression"] == "MIT"
    classifiers = meta.get_all("Classifier")
    assert "Typing :: Typed" in classifiers and "Environment :: Console" in classifiers
    needs = [r for r in meta.get_all("Requires-Dist") if "extra ==" not in r]
    assert sorted(r.split(">")[0] for r in needs) == ["openskill", "rich", "typer"]
    assert 'matplotlib>=3.8; extra == "report"' in meta.get_all("Requires-Dist")
    assert "MIT License" in (ROOT / "LICENSE").read_text()


def test_report_without_matplotlib_names_the_extra(tmp_path, monkeypatch):
    results = tmp_path / "r.jsonl"
    runner = CliRunner()
    runner.invoke(app, ["simulate", "featherlight", "--games", "2", "--out", str(results)])
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    out = tmp_path / "rep"
    result = runner.invoke(app, ["report", str(results), "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Error: reports draw their plots with matplotlib, which is not installed: "
        "pip install 'fourfeathers[report]'"
    ]
    assert not out.exists()
