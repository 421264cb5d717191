"""Replays in the browser (issue 39): a finished game stepped through with every hand shown
(buttons, the slider, a click on a log line), a running game stepped back by its seat (what it
saw then, nothing to play), and the downloaded record replayed by ``feathers replay``."""

from __future__ import annotations

import json
import random
import time

from browser_helpers import (
    LEGAL,
    PHONE,
    create_table,
    event_number,
    my_turn,
    no_horizontal_scroll,
    screenshot,
    wait_event,
)
from typer.testing import CliRunner

from fourfeathers.cli.main import app as cli
from fourfeathers.core.records import GameRecord


def frame_of(page) -> int:
    return int(page.get_attribute(".table-page", "data-frame"))


def wait_frame(page, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.table-page')?.dataset.frame === String(n)", arg=n
    )


def hand(page) -> list[int]:
    return sorted(int(t) for t in page.locator(".fl-hand .num").all_inner_texts())


def finished(live, seats: list[str], **options) -> dict:
    table = create_table(live, "featherlight", seats, **options)
    deadline = time.monotonic() + 60
    while live.get(f"/api/tables/{table['table']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the computer seats did not finish in time"
        time.sleep(0.1)
    return table


def test_a_finished_game_is_stepped_through_and_its_record_replays_in_the_terminal(
    live, seat, tmp_path
) -> None:
    table = finished(live, ["random", "random"], max_turns=6, starting_player=0)
    record = live.get(f"/api/tables/{table['table']}/record")
    game = GameRecord(record["game"], record["config"], record["seed"], record["actions"])
    latest = live.get(f"/api/tables/{table['table']}")["n"]
    assert latest == len(record["actions"])  # computers never undo

    def hand_then(n: int, s: int) -> list[int]:
        return sorted(game.replay(n).observation(s)["hand"])

    page = seat(f"/t/{table['table']}").page  # a spectator
    page.wait_for_selector(".end")
    page.click("button[data-key=replay-start]")
    wait_frame(page, 0)
    assert page.locator(".end").count() == 0  # the board, not the result, while replaying
    assert "Before the first move" in page.locator(".replay-where").inner_text()
    assert hand(page) == hand_then(0, 0)  # every hand shown: seat 1 is to play

    page.click("button[data-key=replay-next]")
    wait_frame(page, 1)
    page.click("button[data-key=replay-last]")
    wait_frame(page, latest)
    page.click("button[data-key=replay-previous]")
    wait_frame(page, latest - 1)

    slider = page.locator(".replay-slider")  # the keyboard drives a range like a pointer
    slider.focus()
    page.keyboard.press("Home")
    wait_frame(page, 0)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_frame(page, 3)
    assert page.evaluate("document.activeElement.dataset.key") == "replay-slider"
    slider.evaluate(  # a drag: input events while the pointer is down, then change
        """(el, n) => { el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        el.value = n; el.dispatchEvent(new Event('input', {bubbles: true})); }""",
        7,
    )
    wait_frame(page, 7)
    slider.evaluate("el => el.dispatchEvent(new Event('change', {bubbles: true}))")
    wait_frame(page, 7)

    k = latest // 2
    page.click(f".log button[data-key=log-{k}]")
    wait_frame(page, k)
    assert (
        page.locator(".log li.current")
        .inner_text()
        .endswith(page.locator(".replay-where").inner_text().split(": ", 1)[1])
    )
    mover = game.replay(k).current_player
    assert hand(page) == hand_then(k, mover)
    other = 1 - mover
    page.select_option("select[data-key=replay-seat]", str(other))
    page.wait_for_function(
        "want => [...document.querySelectorAll('.fl-hand .num')].map(e => +e.textContent)"
        ".sort((a, b) => a - b).join() === want",
        arg=",".join(map(str, hand_then(k, other))),
    )

    screenshot(page, "replay-finished")
    phone = seat(f"/t/{table['table']}", PHONE).page
    phone.wait_for_selector(".end")
    phone.click("button[data-key=replay-start]")
    wait_frame(phone, 0)
    assert no_horizontal_scroll(phone)
    screenshot(phone, "replay-finished-phone")

    with page.expect_download() as info:
        page.click(".replay a[download]")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == f"featherlight-{table['table']}.json"
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert (shown["scores"], shown["winners"]) == (record["scores"], record["winners"])
    assert shown["decisions"] == latest

    page.click("button[data-key=replay-close]")
    page.wait_for_selector(".end")
    assert page.get_attribute(".table-page", "data-frame") is None


def test_a_seat_steps_back_through_what_it_saw_while_the_game_runs(live, seat) -> None:
    table = create_table(live, "featherlight", ["human", "random"], starting_player=0)
    one = seat(table["invites"][0]["url"]).page
    one.wait_for_selector(".fl-hand")
    rng = random.Random(5)
    seen: dict[int, list[int]] = {}  # the hand the page showed at event n, its turn
    while len(seen) < 4:
        one.wait_for_function("() => document.querySelector('.turn')?.classList.contains('mine')")
        assert my_turn(one)
        seen[event_number(one)] = hand(one)
        for _ in range(3):  # a draw or a take, then a put (a card, then its stack)
            choices = one.locator(LEGAL)
            if choices.count() == 0:
                break
            n = event_number(one)
            pick = choices.nth(rng.randrange(choices.count()))
            action = pick.get_attribute("data-action")
            pick.click()
            if action:
                wait_event(one, n + 1)
            if not my_turn(one):
                break
    one.wait_for_function("() => document.querySelector('.turn')?.classList.contains('mine')")
    latest = event_number(one)  # the computer waits for this seat: nothing moves now
    live_hand = hand(one)

    one.click("button[data-key=replay]")  # "Look back"
    wait_frame(one, latest)
    assert one.locator(".replay-where").inner_text().startswith(f"Event {latest} of")
    assert "What you saw then" in one.locator(".replay").inner_text()
    for n, cards in seen.items():
        if n == 0:
            one.click("button[data-key=replay-first]")
        else:
            one.click(f".log button[data-key=log-{n}]")
        wait_frame(one, n)
        assert hand(one) == cards, f"event {n}"
        assert one.locator(LEGAL).count() == 0  # nothing to play in a replay
    screenshot(one, "replay-running")
    one.locator(".fl-stack .fl-card").first.click(force=True)  # a take: sends nothing here
    one.wait_for_selector(".toast.shown")
    assert "replay" in one.locator(".toast").inner_text()

    answer = one.evaluate(  # the page's own socket asks beyond the latest event: a clean error
        """n => new Promise((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/ws/tables/${location.pathname.split('/')[2]}`);
          ws.onopen = () => { ws.send(JSON.stringify({type: 'hello'}));
                              ws.send(JSON.stringify({type: 'frame', id: 'x', n})); };
          ws.onmessage = (m) => { const d = JSON.parse(m.data);
                                  if (d.id === 'x') { ws.close(); resolve(d); } };
        })""",
        latest + 50,
    )
    assert answer["type"] == "error" and answer["code"] == "bad_field"
    assert "'n' must be an event of table" in answer["message"]

    one.click("button[data-key=replay-close]")
    one.wait_for_function("() => !document.querySelector('.table-page').dataset.frame")
    assert hand(one) == live_hand
    assert event_number(one) >= latest
