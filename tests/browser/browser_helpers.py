"""Helpers of the browser tests: tables made over HTTP, games played by clicking, results
checked against the engine, screenshots (into a temporary folder; into docs/screenshots only when
``FEATHERS_SCREENSHOTS`` names it: see ``screenshot``).

The pages follow one convention (``web/static/table.js``): what the seat to move may do now is
a button with the class ``legal`` inside ``main.board``; a button with ``data-action`` sends
that action, one without does something of the view's own (selects a card). ``.table-page``
carries ``data-n``, the number of the last event the page shows.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from fourfeathers.core.records import GameRecord

SCREENSHOTS = os.environ.get("FEATHERS_SCREENSHOTS") or tempfile.mkdtemp(prefix="feathers-shots-")
"""Where ``screenshot`` saves: a temporary folder, so that a test run leaves the checkout as it
was; ``FEATHERS_SCREENSHOTS=docs/screenshots python -m pytest tests/browser`` remakes the README's
pictures when the pages change (docs/pages.md)."""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
"""The two viewports every table is tried on (a laptop, a phone)."""

LEGAL = "main.board .choice.legal:not(.selected)"


def create_table(live, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    """A new table; the creator's answer (``invites``, ``watch``...)."""
    return live.post("/api/tables", {"game": game, "seats": seats, "options": options})


def event_number(page) -> int:
    return int(page.get_attribute(".table-page", "data-n"))


def wait_event(page, n: int) -> None:
    """Wait until the page shows event ``n`` (or later)."""
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page')?.dataset.n) >= n", arg=n
    )


def my_turn(page) -> bool:
    return page.locator(".turn.mine").count() > 0


def over(page) -> bool:
    return page.locator(".table-page[data-status=finished]").count() > 0


def click_legal(page, rng: random.Random) -> bool:
    """Click one of the page's legal choices (chosen by ``rng``); True if it sent an action
    (then wait until its event is shown), False if it only selected something."""
    choices = page.locator(LEGAL)
    count = choices.count()
    assert count > 0, "the seat to move has no legal choice on its page"
    choice = choices.nth(rng.randrange(count))
    action = choice.get_attribute("data-action")
    n = event_number(page)
    choice.click()
    if action:
        wait_event(page, n + 1)
    return bool(action)


def play_by_clicking(pages: list, rng: random.Random, limit: float = 120.0) -> int:
    """Play a game to its end by clicking the legal choices on whichever page is to move
    (computer seats play on the server meanwhile); returns the number of clicks."""
    clicks = 0
    deadline = time.monotonic() + limit
    while not all(over(p) for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        movers = [p for p in pages if my_turn(p)]
        if not movers:
            pages[0].wait_for_timeout(50)
            continue
        page = movers[0]
        clicks += 1
        if click_legal(page, rng):
            n = event_number(page)
            for other in pages:
                wait_event(other, n)
    return clicks


def engine_result(live, table: str) -> tuple[list[int], list[int]]:
    """The scores and winners the engine computes for the table's record (replayed here)."""
    record = live.get(f"/api/tables/{table}/record")
    state = GameRecord(record["game"], record["config"], record["seed"], record["actions"]).replay()
    assert state.is_terminal()
    return state.scores(), state.winners()


def shown_scores(page) -> list[int]:
    """The scores the end screen shows, seat by seat."""
    return [int(t) for t in page.locator(".end .scores li strong").all_inner_texts()]


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """Save the page as ``<name>.png`` in ``SCREENSHOTS`` and return its path."""
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def no_horizontal_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def small_targets(page, selector: str = "main.board .choice.legal", least: int = 40) -> list:
    """The boxes of visible ``selector`` elements smaller than ``least`` CSS pixels either way."""
    boxes = [b for b in (e.bounding_box() for e in page.locator(selector).all()) if b]
    return [b for b in boxes if b["width"] < least or b["height"] < least]
