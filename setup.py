"""The compiled build of the engines' hot modules (mypyc); everything else is in pyproject.toml.

``pip install .`` and ``pip wheel .`` compile the modules in ``HOT_MODULES`` (each game folder
declares its own in its ``__init__.py``) to C extensions with mypyc (pyproject.toml's
``[build-system]`` puts mypy in the build environment). Each compiled module sits beside its
``.py`` and Python imports it instead; the ``.py`` stays the reference (docs/agents.md, "A
compiled build"). ``feathers --version`` says which build runs.

When no C compiler (or no Python headers) is found, when mypy is missing (``--no-build-isolation``
without it) or mypyc fails, the build prints one line saying why and installs the pure-Python
modules. ``FOURFEATHERS_PURE=1`` asks for the pure build; ``FOURFEATHERS_COMPILE=1`` makes a
failure to compile an error instead of the fallback. An editable install (``pip install -e .``)
is pure unless ``FOURFEATHERS_COMPILE=1``: compiled modules in the working tree would shadow
every edit of their ``.py``.

In an editable checkout::

    FOURFEATHERS_COMPILE=1 python setup.py build_ext --inplace   # compile in place
    python setup.py uncompile                                    # back to pure Python
"""

from __future__ import annotations

import ast
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Command, setup
from setuptools.command.build_ext import build_ext

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


def _flag(name: str) -> bool:
    return os.environ.get(name, "0") not in ("", "0")


def _editable() -> bool:
    """Whether setuptools runs this for an editable install (PEP 660, or the old ``develop``)."""
    return any(arg in ("editable_wheel", "develop") for arg in sys.argv[1:])


def _compiler_problem() -> str | None:
    """Why no C extension can be built here (no compiler, ``CC`` naming none, no Python
    headers), in a few words; ``None`` when a one-line C file that includes ``Python.h``
    compiles."""
    import sysconfig
    import tempfile

    try:
        from distutils.ccompiler import new_compiler  # setuptools' own copy (imported above)
        from distutils.sysconfig import customize_compiler

        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp, "probe.c")
            probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
            include = sysconfig.get_paths()["include"]
            compiler.compile([str(probe)], output_dir=tmp, include_dirs=[include])
    except Exception as error:  # CompileError, DistutilsExecError, a missing platform...
        first = str(error).strip().splitlines()
        return f"no working C compiler ({first[0] if first else type(error).__name__})"
    return None


def _pure(reason: str) -> None:
    """Print the one line that says this install is pure Python, and why."""
    print(f"fourfeathers: installing the pure-Python modules: {reason}", file=sys.stderr)


class BuildExt(build_ext):
    """``build_ext`` that falls back to the pure-Python modules, saying so, when compiling the
    C that mypyc wrote fails (unless ``FOURFEATHERS_COMPILE=1`` asks for a compiled build)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            if _flag("FOURFEATHERS_COMPILE"):
                raise
            first = str(error).strip().splitlines()
            _pure(f"compiling the C failed ({first[0] if first else type(error).__name__})")
            for built in _compiled_files(Path(self.build_lib)):
                built.unlink()


def _extensions() -> list[Any]:
    """The compiled modules to build, or none (after saying why) for a pure-Python install.
    Raises ``SystemExit`` when ``FOURFEATHERS_COMPILE=1`` asks for a build that cannot be."""
    building = ("build", "bdist", "editable", "install", "develop")
    if not any(arg.startswith(building) for arg in sys.argv[1:]):
        return []  # egg_info, sdist, dist_info...: nothing is built, and mypyc need not run
    if _flag("FOURFEATHERS_PURE"):
        _pure("FOURFEATHERS_PURE is set")
        return []
    required = _flag("FOURFEATHERS_COMPILE")
    if _editable() and not required:
        return []  # pure: edits of the .py files take effect (FOURFEATHERS_COMPILE=1 compiles)
    problem = _compiler_problem()
    if problem is None:
        try:
            from mypyc.build import mypycify
        except ImportError:
            problem = "mypy (mypyc) is not installed in the build environment"
    if problem is None:
        try:
            return list(
                mypycify(
                    [f"src/{path}" for path in HOT_MODULES],
                    opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                    group_name=GROUP,
                )
            )
        except (Exception, SystemExit) as error:  # mypyc exits on a type error
            first = str(error).strip().splitlines()
            problem = f"mypyc failed ({first[0] if first else type(error).__name__})"
    if required:
        raise SystemExit(f"fourfeathers: FOURFEATHERS_COMPILE is set, but {problem}")
    _pure(problem)
    return []


_drop_stale_builds()
setup(ext_modules=_extensions(), cmdclass={"uncompile": Uncompile, "build_ext": BuildExt})
