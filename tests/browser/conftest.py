"""The pages of ``feathers serve`` in a real browser: Playwright for Python driving the
system's Chromium (``apt-get install -y chromium``; Playwright's own browsers are not needed).

Every test in this folder has the ``browser`` marker, so ``python -m pytest -m "not browser"``
runs the rest of the suite without Chromium. Without Playwright or Chromium these tests are
skipped, saying so, unless ``FEATHERS_BROWSER=required`` (CI) makes that a failure.

Fixtures: ``live`` (one ``feathers serve`` on a free port with a temporary SQLite file, for
the whole run), ``chromium`` (the browser), ``seat`` (a factory of pages, one browser context
each: its own localStorage, as a separate device). Every page is checked when its test ends:
no script error, and every request it made went to the server's own origin.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_helpers import DESKTOP

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))  # live.LiveServer

CHROMIUM = os.environ.get("FEATHERS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""What this machine needs: no sandbox as root, and no background connections (refused by
the closed network, and never wanted: a page must reach only the server)."""

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (pip install playwright)"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium, or FEATHERS_CHROMIUM)"
    if importlib.util.find_spec("uvicorn") is None:
        return "the web extra is not installed (pip install '.[web]')"
    return None


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    problem = _missing()
    if problem:
        if os.environ.get("FEATHERS_BROWSER") == "required":
            pytest.fail(f"browser tests required, but {problem}")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live(chromium, tmp_path_factory) -> Iterator:
    from live import LiveServer

    db = tmp_path_factory.mktemp("serve") / "feathers.db"
    # a small review budget: a game's review takes seconds (test_review_page.py)
    server = LiveServer(f"sqlite:///{db}", "--workers", "1", "--review-budget", "200")
    yield server
    server.stop()


class Seat:
    """One page in a browser context of its own (a device), and what it did."""

    def __init__(self, context, page, origin: str) -> None:
        self.context = context
        self.page = page
        self.origin = origin
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("websocket", lambda ws: self.requests.append(ws.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def strays(self) -> list[str]:
        """Requests that went anywhere but the server's origin (ws:// included)."""
        ws = "ws" + self.origin.removeprefix("http")
        own = (self.origin + "/", ws + "/")
        return [u for u in self.requests if not u.startswith(own)]


@pytest.fixture
def seat(chromium, live) -> Iterator[Callable[..., Seat]]:
    """``seat(url="/", viewport=DESKTOP)``: a new device opening ``url`` (a path or a link)."""
    opened: list[Seat] = []

    def open_seat(url: str = "/", viewport: dict | None = None, context=None) -> Seat:
        context = context or chromium.new_context(viewport=viewport or DESKTOP)
        page = context.new_page()
        page.set_default_timeout(15_000)
        device = Seat(context, page, live.url)
        opened.append(device)
        page.goto(url if url.startswith("http") else live.url + url)
        return device

    yield open_seat
    problems = []
    for device in opened:
        problems += [f"script error: {e}" for e in device.errors]
        problems += [f"request off the server: {u}" for u in device.strays()]
    for context in {id(d.context): d.context for d in opened}.values():
        context.close()
    assert problems == []
