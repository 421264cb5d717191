"""Shared pytest options.

``--playouts N`` sets how many random playouts the conformance suite plays per game
configuration: a handful in CI, 1,000 or more by hand
(``pytest tests/conformance --playouts 1000``).

``--fuzz N`` sets how many corrupted states the state fuzzer tries per game configuration
(``tests/conformance/test_state_fuzz.py``): a few seconds per game in CI, thousands by hand
(``pytest tests/conformance/test_state_fuzz.py --fuzz 5000``).

Hypothesis keeps no example database and keeps its other files in a temporary folder (it
would write ``.hypothesis/`` into the checkout: a test run leaves the checkout as it was).
"""

from __future__ import annotations

import tempfile

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

set_hypothesis_home_dir(tempfile.mkdtemp(prefix="feathers-hypothesis-"))
settings.register_profile("feathers", database=None)
settings.load_profile("feathers")

FUZZ_DEFAULT = 100


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playouts",
        type=int,
        default=40,
        help="random playouts per game configuration in the conformance suite (default 40)",
    )
    parser.addoption(
        "--fuzz",
        type=int,
        default=FUZZ_DEFAULT,
        help=f"corrupted states per game configuration in the state fuzzer "
        f"(default {FUZZ_DEFAULT})",
    )


@pytest.fixture(scope="session")
def playouts(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--playouts"))


@pytest.fixture(scope="session")
def fuzz(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--fuzz"))
