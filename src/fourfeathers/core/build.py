"""Which build runs: the compiled modules (setup.py, mypyc) or the pure-Python ones.

A module is compiled when its file is a C extension (its ``__file__`` ends with one of
``importlib.machinery.EXTENSION_SUFFIXES``, such as ``.cpython-311-x86_64-linux-gnu.so``): Python
imports a compiled module instead of the ``.py`` beside it (docs/agents.md, "A compiled build").
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES

SHARED_MODULES = ("fourfeathers.core.shuffle", "fourfeathers.agents.ismcts")
"""The compiled modules outside the game folders (setup.py's ``SHARED_HOT_MODULES``)."""


def hot_modules() -> list[str]:
    """The names of the modules the compiled build compiles: each game folder's
    ``HOT_MODULES`` (folders in name order), then ``SHARED_MODULES``. Imports the games."""
    games = importlib.import_module("fourfeathers.games")
    names = []
    for found in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        package = importlib.import_module(f"{games.__name__}.{found.name}")
        names += [f"{package.__name__}.{name}" for name in getattr(package, "HOT_MODULES", ())]
    return [*names, *SHARED_MODULES]


def compiled_modules() -> list[str]:
    """The names of the loaded ``fourfeathers`` modules that are compiled, sorted
    (``["fourfeathers.agents.ismcts", ...]``; empty for the pure build). Counts only modules
    already imported: ``build_description`` imports the engines first."""
    found = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        if name.startswith("fourfeathers.") and path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return sorted(found)


def build_description() -> str:
    """``"compiled: 35 modules"`` or ``"pure Python"``: the build that runs, once every module
    of ``hot_modules`` is imported (a game's heuristic, say, is otherwise loaded only when an
    agent needs it)."""
    for name in hot_modules():
        importlib.import_module(name)
    count = len(compiled_modules())
    if not count:
        return "pure Python"
    return f"compiled: {count} module{'s' if count != 1 else ''}"
