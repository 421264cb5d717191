"""Play at a distance in the browser (issue 39, web/static/seats.js): a seat continued on a
second device (a browser context of its own) and a device signed out; the host issuing a lost
seat's invite again and handing a seat to the computer and back."""

from __future__ import annotations

from browser_helpers import create_table, my_turn, screenshot

SEAT_KEY = "feathers:seat:"


def stored_token(page, table: str):
    return page.evaluate(f"localStorage.getItem('{SEAT_KEY}{table}')")


def test_a_seat_continued_on_another_device_and_a_device_signed_out(live, seat) -> None:
    made = create_table(live, "featherlight", ["human", "human"])
    table = made["table"]
    desk = seat(made["invites"][0]["url"]).page
    desk.wait_for_selector(".table-page")
    desk.click("[data-key=continue]")
    desk.wait_for_selector(".device-link img.qr")
    assert desk.get_attribute(".device-link img.qr", "src").startswith("data:image/svg+xml")
    link = desk.input_value(".device-link input")
    screenshot(desk, "continue-on-another-device")  # the README's
    assert f"/t/{table}/continue#" in link
    phone = seat(link).page  # a second device: its own browser context
    phone.wait_for_selector(".table-page")
    assert phone.url.endswith(f"/t/{table}") and "#" not in phone.url
    assert stored_token(phone, table) is not None
    assert stored_token(phone, table) != stored_token(desk, table)
    phone.wait_for_selector(".remote [data-key=continue]")  # it holds the seat too
    assert "every hand stays hidden" not in phone.inner_text(".table-page")
    again = seat(link).page  # the link works once
    again.wait_for_selector("h1:text('This link does not work')")
    assert "used already" in again.inner_text(".error")
    desk.click("[data-key=devices]")
    desk.wait_for_selector(".device-list li[data-device='2']")
    assert desk.locator(".device-list li").count() == 2
    assert "device 2, added" in desk.inner_text(".device-list li[data-device='2']")
    assert "this device" in desk.inner_text(".device-list li[data-device='1']")
    desk.click("[data-key=signout-2]")
    desk.wait_for_function("() => document.querySelectorAll('.device-list li').length === 1")
    phone.wait_for_selector(".toast:has-text('signed out')")
    assert phone.evaluate(f"localStorage.getItem('{SEAT_KEY}{table}')") is None
    # watching now, without a reload: the seat's controls and its hand are gone
    phone.wait_for_function("() => !document.querySelector('.remote [data-key=continue]')")
    phone.wait_for_function(
        "() => !document.querySelector('.table-page').textContent.includes('(you)')"
    )
    phone.reload()
    phone.wait_for_selector(".table-page")
    assert phone.locator(".remote [data-key=continue]").count() == 0
    desk.goto(live.url + "/")  # the lobby's "My tables": this browser's seat, its turn or not
    row = desk.locator(f"#my-tables li[data-table='{table}']")
    row.wait_for()
    to_move = live.get(f"/api/tables/{table}")["to_move"]
    assert ("your turn" if to_move == 0 else "waiting") in row.inner_text()
    phone.goto(live.url + "/")
    phone.wait_for_selector(".game-card")
    assert phone.locator("#my-tables li").count() == 0


def test_the_host_reissues_a_lost_seat_and_hands_one_to_the_computer_and_back(live, seat) -> None:
    host = seat("/").page
    host.wait_for_selector(".game-card")
    host.click("[data-game=featherlight]")
    host.select_option("#option-players", "2")
    host.select_option("#option-starting_player", "0")
    host.select_option("select[name=seat-2]", "human")
    host.click("button[type=submit]")
    host.wait_for_selector(".created")
    links = host.locator(".invites input").evaluate_all("fields => fields.map(f => f.value)")
    table = links[-1].rsplit("/", 1)[1]
    lost = seat(links[1]).page  # seat 2's phone, soon lost
    lost.wait_for_selector(".table-page")
    host.click(".invites a[data-seat='1']")
    host.wait_for_selector(".host .host-seats")
    host.click("[data-key=reissue-1]")
    host.wait_for_selector(".host li[data-seat='2'] input")
    fresh = host.input_value(".host li[data-seat='2'] input")
    assert f"/t/{table}/seat/2?invite=" in fresh and fresh != links[1]
    lost.wait_for_selector(".toast:has-text('signed out')")
    found = seat(fresh).page  # the new phone takes seat 2 with the new invite
    found.wait_for_selector(".remote [data-key=continue]")
    assert live.get(f"/api/tables/{table}")["seats"][1]["claimed"] is True

    host.wait_for_function("() => document.querySelector('.turn.mine') !== null")
    host.select_option(".host select[data-seat='1']", "easy")
    host.click("[data-key=hand-1]")
    host.wait_for_selector(".log li.seat:has-text('handed to the computer (easy) by the host')")
    host.click("main.board .choice.legal")  # seat 1 decides; the computer answers for seat 2
    host.wait_for_function(
        "() => [...document.querySelectorAll('.log li')]"
        ".some(li => li.textContent.startsWith('Seat 2'))"
        " || document.querySelector('.turn.mine') !== null"
    )
    if not my_turn(host):
        host.wait_for_selector(".turn.mine")
    assert live.get(f"/api/tables/{table}")["seats"][1]["kind"] == "easy"
    host.select_option(".host select[data-seat='1']", "human")
    host.click("[data-key=hand-1]")
    host.wait_for_selector(".log li.seat:has-text('handed to a person by the host')")
    found.wait_for_selector(".log li.seat:has-text('handed to a person by the host')")
    assert live.get(f"/api/tables/{table}")["seats"][1]["kind"] == "human"
    assert found.locator(".remote .host").count() == 0  # only the host's browser has them
