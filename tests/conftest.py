"""Shared pytest options.

``--playouts N`` sets how many random playouts the conformance suite plays per game
configuration: a handful in CI, 1,000 or more by hand
(``pytest tests/conformance --playouts 1000``).
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--playouts",
        type=int,
        default=40,
        help="random playouts per game configuration in the conformance suite (default 40)",
    )


@pytest.fixture(scope="session")
def playouts(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--playouts"))
