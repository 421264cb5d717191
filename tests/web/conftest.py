"""Fixtures of the web tests. Without the ``[web]`` extra they are not collected (the rest of
the suite still runs); CI installs it."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = all(importlib.util.find_spec(m) for m in ("fastapi", "sqlalchemy", "uvicorn", "anyio"))
if not WEB:
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "feathers.db"


@pytest.fixture
def client(db: Path) -> Iterator:
    from web_helpers import server

    with server(db) as c:
        yield c
