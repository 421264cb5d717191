"""The optional compiled build of the engines' hot modules (mypyc); everything else is in
pyproject.toml.

By default this does nothing: the install is pure Python and needs no compiler. With
``FOURFEATHERS_COMPILE=1`` the modules in ``HOT_MODULES`` are compiled to C extensions with
mypyc (mypy must be importable when building: pip installs it into the build environment, or
use ``--no-build-isolation`` with the ``dev`` extra). Each compiled module sits beside its
``.py`` and Python imports it instead; the ``.py`` stays the reference (docs/agents.md, "A
compiled build").

In an editable checkout::

    FOURFEATHERS_COMPILE=1 python setup.py build_ext --inplace   # compile in place
    python setup.py uncompile                                    # back to pure Python
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Command, setup

HOT_MODULES = [
    f"fourfeathers/games/{game}/{module}.py"
    for game, modules in {
        "familiar_feat": [
            "heuristic",
            "rules",
            "rules_cards",
            "rules_check",
            "rules_choices",
            "rules_day",
            "rules_deck",
            "rules_events",
            "rules_phases",
            "rules_resolve",
            "rules_totals",
            "state",
        ],
        "isle_of_feathers": [
            "habitats",
            "heuristic",
            "island",
            "options",
            "rules",
            "rules_abilities",
            "rules_check",
            "rules_knowledge",
            "rules_land",
            "rules_phases",
            "rules_place",
            "rules_solo",
            "rules_turn",
            "scoring",
            "state",
        ],
    }.items()
    for module in modules
] + ["fourfeathers/core/shuffle.py", "fourfeathers/agents/ismcts.py"]
"""The modules compiled, under ``src/``: the rules, state and heuristic of the two engines whose
playouts are slowest, the shuffle they share and the ISMCTS search that runs them (issue 12)."""

GROUP = "fourfeathers"
"""mypyc puts the code the compiled modules share in one more module: ``fourfeathers__mypyc``."""

ROOT = Path(__file__).parent
SRC = ROOT / "src"


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
