"""Every docstring example in the package runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fourfeathers

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(fourfeathers.__path__, "fourfeathers.")
    if not m.name.endswith("__main__")  # running it starts the command line
)


OPTIONAL = {"pettingzoo", "gymnasium", "pyspiel"}
"""Libraries of the optional extras (``rl``, ``openspiel``) that some modules need."""


def examples(name: str) -> list[doctest.DocTest]:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in OPTIONAL:
            raise
        pytest.skip(f"{name} needs {exc.name}: pip install '.[rl,openspiel]'")
    return [t for t in doctest.DocTestFinder().find(module, name) if t.examples]


@pytest.mark.parametrize("name", ["fourfeathers", *MODULES])
def test_docstring_examples_run(name: str):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0


def test_the_package_and_the_registry_show_examples():
    """The examples are found at all (a finder that finds nothing would pass every module)."""
    assert len(examples("fourfeathers")[0].examples) >= 5
    assert examples("fourfeathers.core.registry")
