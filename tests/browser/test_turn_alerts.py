"""Being called back (callback.js, ``feathers serve --on-turn``): a turn-based table played over two
restarts of the server, with the tab title and icon, the sound and the notification checked on a
page in the background after each one, the settings kept by the browser, and the ``--on-turn``
command run once per turn start (never again for a restart or a reconnection).

Headless Chromium keeps every page visible: bringing another page (or context) to front,
minimising the window through CDP, ``window.open`` and ``Page.setWebLifecycleState`` all leave
``document.hidden`` false. So the test hides the page itself: an init script makes
``document.hidden`` and ``visibilityState`` answer what ``__setHidden`` says and fires
``visibilitychange``, as a browser does when its tab goes to the back. The same script wraps
``Notification`` and ``AudioContext`` to count the notifications shown and the tones played.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

from browser_helpers import DESKTOP, click_legal, my_turn, wait_event
from live import LiveServer

SPY = """
(() => {
  let hidden = false;
  for (const [name, value] of [["hidden", () => hidden],
                               ["visibilityState", () => (hidden ? "hidden" : "visible")]]) {
    Object.defineProperty(Document.prototype, name, { get: value, configurable: true });
  }
  window.__setHidden = (now) => {
    hidden = now;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__notes = [];
  const RealNotification = window.Notification;
  window.Notification = class extends RealNotification {
    constructor(title, options) {
      window.__notes.push({ title, body: options?.body ?? "" });
      super(title, options);
    }
  };
  window.__tones = 0;
  const RealAudio = window.AudioContext;
  window.AudioContext = class extends RealAudio {
    createOscillator() {
      window.__tones += 1;
      return super.createOscillator();
    }
  };
})();
"""

RECORDER = """\
import json, os, sys
with open(sys.argv[1], "a") as out:
    out.write(json.dumps({k: v for k, v in os.environ.items() if k.startswith("FEATHERS_")}))
    out.write("\\n")
"""

TURN_TITLE = "(Your turn) Featherlight"


def play_turn(page, rng: random.Random) -> None:
    """Click legal choices on ``page`` until its seat's turn is over."""
    while my_turn(page):
        click_legal(page, rng)


def check_callback(one, two, rng: random.Random, round: int) -> None:
    """Seat 1 plays, goes to the back; Seat 2 plays: Seat 1's tab shows the turn, a tone and a
    notification; back in front, the title and icon are as before."""
    notes, tones = one.evaluate("__notes.length"), one.evaluate("__tones")
    play_turn(one, rng)
    one.evaluate("__setHidden(true)")
    two.wait_for_selector(".turn.mine")
    play_turn(two, rng)
    one.wait_for_function("t => document.title === t", arg=TURN_TITLE)
    assert one.get_attribute("link[rel~=icon]", "href") == "/static/feather-turn.svg"
    assert one.evaluate("__notes.length") == notes + 1, f"round {round}"
    note = one.evaluate("__notes.at(-1)")
    assert note["title"] == "Your turn: Featherlight (Seat 1)"
    assert note["body"].startswith("Seat 2: ")
    assert one.evaluate("__tones") == tones + 1
    assert two.title() == "Featherlight"  # in front, nothing changes
    one.evaluate("__setHidden(false)")
    assert one.title() == "Featherlight"
    assert one.get_attribute("link[rel~=icon]", "href") == "/static/feather.svg"


def restart(server: LiveServer, db: str, args: list[str], pages: list) -> LiveServer:
    """Stop the server and start it again on the same database and port; wait until the
    pages are back online."""
    server.stop()
    again = LiveServer(db, *args, port=server.port)
    for page in pages:
        page.wait_for_selector(".link.up")
    return again


def test_a_table_over_two_restarts_calls_its_seats_back(chromium, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'feathers.db'}"
    script, calls = tmp_path / "record.py", tmp_path / "calls.jsonl"
    script.write_text(RECORDER)
    args = ["--workers", "1", "--on-turn", shlex.join([sys.executable, str(script), str(calls)])]
    server = LiveServer(db, *args)
    origin = server.url
    errors: list[str] = []
    requests: list[str] = []
    contexts = []
    try:
        table = server.post(
            "/api/tables",
            {
                "game": "featherlight",
                "seats": ["human", "human"],
                "options": {"starting_player": 0},
                "mode": "turn-based",
                "deadline_hours": 24,
            },
        )
        assert table["mode"] == "turn-based" and table["deadline_hours"] == 24, table
        pages = []
        for invite in table["invites"]:
            context = chromium.new_context(viewport=DESKTOP)
            contexts.append(context)
            context.add_init_script(SPY)
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto(invite["url"])
            page.wait_for_selector(".fl-hand")
            pages.append(page)
        one, two = pages
        contexts[0].grant_permissions(["notifications"], origin=origin)
        assert one.title() == "Featherlight"
        one.click(".alerts summary")
        assert one.is_checked("input[name=alert-title]")  # on by default
        one.click("input[name=alert-sound]")
        one.click("input[name=alert-notify]")
        assert one.evaluate("__tones") == 1  # the click plays the tone once
        stored = one.evaluate("localStorage.getItem('feathers:setting:alert:sound')")
        assert stored == "true"
        rng = random.Random(5)
        check_callback(one, two, rng, 0)
        for round in (1, 2):
            server = restart(server, db, args, pages)
            one.reload()  # the settings are the browser's: they survive the page too
            one.wait_for_selector(".fl-hand")
            wait_event(one, 1)
            one.click(".alerts summary")
            assert one.is_checked("input[name=alert-sound]")
            assert one.is_checked("input[name=alert-notify]")
            check_callback(one, two, rng, round)
    finally:
        server.stop()
        for context in contexts:
            context.close()
    assert errors == []
    assert [u for u in requests if not u.startswith(origin + "/")] == []
    made = [json.loads(line) for line in calls.read_text().splitlines()]
    # one call a turn start: Seat 2's after Seat 1's turn, Seat 1's after Seat 2's; none for
    # the first turn (no event started it), a restart or a page that came back
    assert [c["FEATHERS_SEAT"] for c in made] == ["2", "1"] * 3
    assert {c["FEATHERS_URL"] for c in made} == {f"{origin}/t/{table['table']}"}
    assert all(c["FEATHERS_GAME"] == "featherlight" for c in made)
