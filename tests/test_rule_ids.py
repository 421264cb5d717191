"""Rule ids resolve both ways: every id cited exists, and every rule is cited by a test.

The rules of each game are in ``docs/rules/<game>.md``. Such a file declares its id prefix on a
line of its own near the top, ``Rule id prefix: FL``, and defines each rule as a list item that
starts with the bold id: ``- **FL-27** If the taken card was alone ...``. Its rulings are in
``docs/rulings/<game>.md`` (the same file name), one heading per ruling: ``## FL-R11 ...``. The
open questions the rulings answer are list items of the rules file too: ``- **FL-Q11** ...``.
The mapping from prefix to game comes from these files alone.

- (a) Every rule id (two capitals, a dash and digits, e.g. ``FL-27``) cited in ``src/``,
  ``tests/``, ``docs/`` or ``README.md`` resolves to a rule of the file that declares its
  prefix, every open question id (``FL-Q11``) to a question of that file, and every ruling id
  (``FL-R11``) to a ruling heading of the matching rulings file.
  Both ends of a range ``FL-26..FL-28`` are citations.
- (b) Every rule of ``docs/rules/<game>.md`` is cited, by its exact id, inside a test: a
  ``test_*`` function's lines (with its decorators), that is its docstring, a comment, an
  assertion message or a parametrize id, or a module-level table its decorators name (``CASES``
  in ``@pytest.mark.parametrize("...", CASES)``). A range does not cite the ids between its
  ends, and a module docstring or a helper cites nothing.

This file is not scanned (its examples are not citations).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
RULINGS = ROOT / "docs" / "rulings"
SCANNED = [ROOT / "src", ROOT / "tests", ROOT / "docs", ROOT / "README.md"]
SELF = Path(__file__).resolve()

PREFIX_LINE = re.compile(r"^Rule id prefix: ([A-Z]{2})\s*$", re.MULTILINE)
RULE_ITEM = re.compile(r"^- \*\*([A-Z]{2}-\d+)\*\*", re.MULTILINE)
QUESTION_ITEM = re.compile(r"^- \*\*([A-Z]{2}-Q\d+)\*\*", re.MULTILINE)
RULING_HEADING = re.compile(r"^## ([A-Z]{2}-R\d+)\b", re.MULTILINE)
RULE_ID = re.compile(r"\b([A-Z]{2})-\d+\b")
RULING_ID = re.compile(r"\b([A-Z]{2})-R\d+\b")
QUESTION_ID = re.compile(r"\b([A-Z]{2})-Q\d+\b")


@dataclass(frozen=True)
class Citation:
    """One id found in a file, with where it was found."""

    id: str
    prefix: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.id}"


@dataclass(frozen=True)
class RuleFile:
    """A ``docs/rules/<game>.md`` file: its prefix, rules, open questions, and the rulings of
    the same game."""

    path: Path
    prefix: str
    rules: tuple[str, ...]
    questions: frozenset[str]
    rulings: frozenset[str]


RULE_FILES = sorted(RULES.glob("*.md"))


@cache
def rule_file(path: Path) -> RuleFile:
    text = path.read_text(encoding="utf-8")
    prefixes = PREFIX_LINE.findall(text)
    assert len(prefixes) == 1, f"{path.name}: needs exactly one line 'Rule id prefix: XX'"
    rulings_path = RULINGS / path.name
    rulings = RULING_HEADING.findall(rulings_path.read_text(encoding="utf-8"))
    assert len(rulings) == len(set(rulings)), f"{rulings_path.name}: a ruling id appears twice"
    questions = frozenset(QUESTION_ITEM.findall(text))
    return RuleFile(
        path, prefixes[0], tuple(RULE_ITEM.findall(text)), questions, frozenset(rulings)
    )


def by_prefix() -> dict[str, RuleFile]:
    files: dict[str, RuleFile] = {}
    for path in RULE_FILES:
        found = rule_file(path)
        assert found.prefix not in files, f"prefix {found.prefix} is declared twice"
        files[found.prefix] = found
    return files


def text_files() -> list[Path]:
    """Every file under the scanned places, except this one, generated ones (caches,
    ``*.egg-info``, hidden folders) and ``tests/fixtures`` (stand-ins for games of other
    packages, whose rule ids are their own)."""
    paths: list[Path] = []
    for place in SCANNED:
        candidates = [place] if place.is_file() else sorted(place.rglob("*"))
        for path in candidates:
            generated = any(
                part == "__pycache__" or part.endswith(".egg-info") or part.startswith(".")
                for part in path.relative_to(ROOT).parts
            ) or path.is_relative_to(ROOT / "tests" / "fixtures")
            if path.is_file() and path != SELF and not generated:
                paths.append(path)
    return paths


@cache
def citations() -> tuple[tuple[Citation, ...], tuple[Citation, ...]]:
    """(rule ids, other ids: rulings and open questions) cited in every scanned text file."""
    rules: list[Citation] = []
    others: list[Citation] = []
    for path in text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image or other binary file
        for number, line in enumerate(text.splitlines(), start=1):
            for found, pattern in ((rules, RULE_ID), (others, RULING_ID), (others, QUESTION_ID)):
                for m in pattern.finditer(line):
                    found.append(Citation(m.group(0), m.group(1), path, number))
    return tuple(rules), tuple(others)


def test_every_cited_prefix_is_declared_by_a_rules_file():
    declared = by_prefix()
    rules, others = citations()
    undeclared = [str(c) for c in rules + others if c.prefix not in declared]
    assert not undeclared, (
        "ids whose prefix no docs/rules/*.md declares ('Rule id prefix: XX'):\n"
        + "\n".join(undeclared)
    )


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.stem for p in RULE_FILES])
def test_rules_file_defines_each_id_once_with_its_prefix(path):
    found = rule_file(path)
    assert found.rules, f"{path.name} defines no rule ('- **{found.prefix}-01** ...')"
    twice = sorted({r for r in found.rules if found.rules.count(r) > 1})
    assert not twice, f"{path.name} defines these ids more than once: {twice}"
    foreign = [r for r in found.rules if not r.startswith(found.prefix + "-")]
    assert not foreign, f"{path.name} declares prefix {found.prefix} but defines {foreign}"
    assert found.rulings, f"docs/rulings/{path.name} has no '## {found.prefix}-Rnn' heading"
    assert all(r.startswith(found.prefix + "-R") for r in found.rulings)
    assert by_prefix()[found.prefix] == found


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.stem for p in RULE_FILES])
def test_every_cited_id_resolves(path):
    """(a): rule and question ids to docs/rules/<game>.md, ruling ids to docs/rulings/<game>.md."""
    found = rule_file(path)
    rules, others = citations()
    defined = set(found.rules) | found.questions | found.rulings
    unknown = [str(c) for c in rules + others if c.prefix == found.prefix and c.id not in defined]
    assert not unknown, (
        f"cited ids that neither docs/rules/{path.name} nor docs/rulings/{path.name} defines:\n"
        + "\n".join(unknown)
    )


def functions_of(path: Path) -> list[tuple[str, str]]:
    """``(name, source)`` of every ``test_*`` function in a test module: its lines with its
    decorators (so comments and parametrize ids count), and the module-level assignments of the
    names its decorators use (a parameter table such as ``CASES``)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)

    def source(node: ast.AST) -> str:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        return "\n".join(lines[first - 1 : node.end_lineno])

    tables: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    tables[target.id] = source(node)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            used = {
                n.id for d in node.decorator_list for n in ast.walk(d) if isinstance(n, ast.Name)
            }
            parts = [source(node)] + [tables[name] for name in sorted(used) if name in tables]
            found.append((node.name, "\n".join(parts)))
    return found


@cache
def cited_by_tests() -> dict[str, set[str]]:
    """Rule id -> the tests that cite it (``path::name``)."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path == SELF:
            continue
        for name, source in functions_of(path):
            for m in RULE_ID.finditer(source):
                cited[m.group(0)].add(f"{path.relative_to(ROOT)}::{name}")
    return cited


@pytest.mark.parametrize("path", RULE_FILES, ids=[p.stem for p in RULE_FILES])
def test_every_rule_is_cited_by_a_test(path):
    """(b): a rule that no test names is a rule nobody checked."""
    found = rule_file(path)
    uncited = [r for r in found.rules if not cited_by_tests().get(r)]
    assert not uncited, (
        f"{len(uncited)} of {len(found.rules)} rules of {path.name} are cited by no test: "
        + ", ".join(uncited)
    )
