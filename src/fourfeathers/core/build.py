"""Which build runs: the compiled modules (setup.py, mypyc) or the pure-Python ones.

A module is compiled when its file is a C extension (its ``__file__`` ends with one of
``importlib.machinery.EXTENSION_SUFFIXES``, such as ``.cpython-311-x86_64-linux-gnu.so``): Python
imports a compiled module instead of the ``.py`` beside it (docs/agents.md, "A compiled build").
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES

ENGINE_MODULES = ("fourfeathers.games", "fourfeathers.agents.ismcts")
"""What ``build_description`` imports first, so that every game's hot modules (rules, state,
heuristic...) and the search are loaded when it counts."""


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
    """``"compiled: 31 modules"`` or ``"pure Python"``: the build that runs, once the games'
    engines and the search are imported (``ENGINE_MODULES``)."""
    for name in ENGINE_MODULES:
        importlib.import_module(name)
    count = len(compiled_modules())
    if not count:
        return "pure Python"
    return f"compiled: {count} module{'s' if count != 1 else ''}"
