"""A shared check for ``tests/games/<game>/``: every number of a content file is bounded.

``unbounded_numbers(load, default)`` takes each integer of the shipped content file (one per
field: the first card's ``per`` stands for every card's), writes a copy with it set to
``10**12`` and to ``-10**12``, and loads the copy: each must be refused with a
``ContentError`` that names the field. It returns what was not.
"""

from __future__ import annotations

import re
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fourfeathers import ContentError

NUMBER = re.compile(r"(?<![\w.\"'-])-?\d+(?![\w.])")
HUGE = (10**12, -(10**12))
SENTINEL = 10**15


def int_leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, int]]:
    """``(path, value)`` of every integer (not bool) in parsed TOML."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from int_leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from int_leaves(value, (*path, i))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path, data


def field(path: tuple) -> tuple:
    """The field a path belongs to: list indexes become ``*``."""
    return tuple("*" if isinstance(k, int) else k for k in path)


def first_of_each_field(text: str) -> list[re.Match[str]]:
    """The first number of the text that is an integer of each field, found with one parse:
    every number is replaced by a distinct sentinel and the parsed sentinels say where each
    one landed (numbers inside texts or keys land nowhere)."""
    matches = list(NUMBER.finditer(text))
    pieces, at = [], 0
    for i, match in enumerate(matches):
        pieces += [text[at : match.start()], str(SENTINEL + i)]
        at = match.end()
    marked = tomllib.loads("".join(pieces) + text[at:])
    chosen: dict[tuple, int] = {}
    for path, value in int_leaves(marked):
        if value >= SENTINEL:
            chosen.setdefault(field(path), value - SENTINEL)
    return [matches[i] for i in sorted(chosen.values())]


def unbounded_numbers(load: Callable[[str], Any], default: Path) -> tuple[list[str], int]:
    """The fields (with the value tried) that ``load`` accepted or refused without naming
    them, and how many fields were tried."""
    text = default.read_text(encoding="utf-8")
    leaves = dict(int_leaves(tomllib.loads(text)))
    tried: set[tuple] = set()
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "content.toml"
        for match in first_of_each_field(text):
            for huge in HUGE:
                changed = text[: match.start()] + str(huge) + text[match.end() :]
                after = dict(int_leaves(tomllib.loads(changed)))
                diff = [p for p, v in after.items() if leaves.get(p) != v]
                assert len(diff) == 1 and after.keys() == leaves.keys(), match
                name = field(diff[0])
                tried.add(name)
                file.write_text(changed, encoding="utf-8")
                label = ".".join(map(str, name)) + f" = {huge}"
                try:
                    load(str(file))
                except ContentError as exc:
                    last = next(k for k in reversed(name) if k != "*")
                    if last not in str(exc):
                        problems.append(f"{label}: refused without naming {last!r}: {exc}")
                except Exception as exc:  # noqa: BLE001 - any other failure is a finding
                    problems.append(f"{label}: {type(exc).__name__}: {exc}")
                else:
                    problems.append(f"{label}: accepted")
    return problems, len(tried)
