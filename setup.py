"""The optional compiled build of the engines' hot modules (mypyc); everything else is in
pyproject.toml.

By default this does nothing: the install is pure Python and needs no compiler. With
``FOURFEATHERS_COMPILE=1`` the modules in ``HOT_MODULES`` (each game folder declares its
own in its ``__init__.py``) are compiled to C extensions with
mypyc (mypy must be importable when building: pip installs it into the build environment, or
use ``--no-build-isolation`` with the ``dev`` extra). Each compiled module sits beside its
``.py`` and Python imports it instead; the ``.py`` stays the reference (docs/agents.md, "A
compiled build").

In an editable checkout::

    FOURFEATHERS_COMPILE=1 python setup.py build_ext --inplace   # compile in place
    python setup.py uncompile                                    # back to pure Python
"""

from __future__ import annotations

import ast
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Command, setup

ROOT = Path(__file__).parent
SRC = ROOT / "src"

SHARED_HOT_MODULES = ("fourfeathers/core/shuffle.py", "fourfeathers/agents/ismcts.py")
"""The compiled modules outside the game folders: the shuffle the engines share and the ISMCTS
search that runs them (issue 12)."""


def declared_hot_modules(src: Path = SRC) -> list[str]:
    """The modules each game folder names in its ``HOT_MODULES`` tuple (in its ``__init__.py``,
    read as text: building imports nothing of the package), as paths under ``src/``, folders in
    name order. A game without the tuple compiles nothing. Raises ``ValueError`` naming the
    file if the tuple is not a literal tuple of module names."""
    found: list[str] = []
    for init in sorted(src.glob("fourfeathers/games/*/__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"), str(init))
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(node, ast.AnnAssign):
                target = node.target
            if not isinstance(target, ast.Name) or target.id != "HOT_MODULES":
                continue
            try:
                names = ast.literal_eval(node.value) if node.value is not None else None
            except ValueError:
                names = None
            if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
                raise ValueError(f"{init}: HOT_MODULES must be a tuple of module names")
            folder = init.parent.relative_to(src).as_posix()
            found += [f"{folder}/{name}.py" for name in names]
    return found


HOT_MODULES = [*declared_hot_modules(), *SHARED_HOT_MODULES]
"""The modules compiled, under ``src/``: those each game declares (the rules, state and
heuristic of the engines whose playouts are slowest) and ``SHARED_HOT_MODULES``."""

GROUP = "fourfeathers"
"""mypyc puts the code the compiled modules share in one more module: ``fourfeathers__mypyc``."""


def _compiled_files(root: Path) -> list[Path]:
    """The compiled modules of this project under ``root`` (``src/`` or a build directory)."""
    found = [*root.glob(f"{GROUP}__mypyc.*"), *root.glob("fourfeathers/**/*.*")]
    return [p for p in found if p.name.endswith(tuple(EXTENSION_SUFFIXES))]


def _drop_stale_builds() -> None:
    """Delete the compiled modules an earlier build left in ``build/``: setuptools would put
    them into this wheel too (a pure one, or one whose shared module no longer holds them)."""
    for lib in (ROOT / "build").glob("lib*"):
        for built in _compiled_files(lib):
            built.unlink()


class Uncompile(Command):
    """``python setup.py uncompile``: delete the compiled modules an in-place build left in
    ``src/`` (the pure-Python modules are then imported again)."""

    description = "delete the compiled modules built in place"
    user_options: list[tuple[str, str | None, str]] = []

    def initialize_options(self) -> None:
        pass

    def finalize_options(self) -> None:
        pass

    def run(self) -> None:
        for built in _compiled_files(SRC):
            print(f"removing {built.relative_to(ROOT)}")
            built.unlink()


def _compile_wanted() -> bool:
    return os.environ.get("FOURFEATHERS_COMPILE", "0") not in ("", "0")


_drop_stale_builds()
if not _compile_wanted():
    setup(cmdclass={"uncompile": Uncompile})
else:
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip first asks for the build requirements: with compiling, mypy too
        setup(setup_requires=["mypy>=1.10"], cmdclass={"uncompile": Uncompile})
    else:
        setup(
            ext_modules=mypycify(
                [f"src/{path}" for path in HOT_MODULES],
                opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                group_name=GROUP,
            ),
            cmdclass={"uncompile": Uncompile},
        )
