"""Fixtures of the command-line tests."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail (instead of waiting forever) if a command opens a FIFO and waits on it."""

    def hung(*_: object) -> None:
        raise AssertionError("the command waited on a FIFO")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
