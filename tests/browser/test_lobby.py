"""The lobby in the browser: every game with its summary, a new table with options and seats,
invite links with copy buttons, open tables to join, and nothing fetched from elsewhere."""

from __future__ import annotations

from browser_helpers import PHONE, no_horizontal_scroll, screenshot, small_targets

from fourfeathers.core import list_games


def test_the_lobby_creates_a_table_with_options_and_gives_invite_links(live, seat) -> None:
    device = seat("/")
    device.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = device.page
    page.wait_for_selector(".game-card")
    titles = page.locator(".game-card strong").all_inner_texts()
    assert titles == [spec.title for spec in list_games()]
    summaries = page.locator(".game-card span").all_inner_texts()
    assert summaries == [spec.summary for spec in list_games()]
    page.click("[data-game=featherlight]")
    page.select_option("#option-players", "3")
    page.select_option("#option-starting_player", "1")  # seat 2 starts
    page.check("input[value=no-put-back]")
    page.fill("#option-max_turns", "40")
    page.select_option("select[name=seat-2]", "easy")
    page.select_option("select[name=seat-3]", "human")
    screenshot(page, "lobby-desktop")
    page.click("button[type=submit]")
    page.wait_for_selector(".created")
    links = page.locator(".invites input").evaluate_all("fields => fields.map(f => f.value)")
    assert len(links) == 3 and "/seat/1?invite=" in links[0] and "/seat/3?invite=" in links[1]
    page.locator(".invites .copy").first.click()
    page.wait_for_selector(".copy:text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == links[0]
    table = live.get("/api/tables/" + links[2].rsplit("/", 1)[1])
    assert table["config"] | {"content_digest": None} == {
        "players": 3,
        "starting_player": 1,
        "content": None,
        "variants": ["no-put-back"],
        "max_turns": 40,
        "content_digest": None,
    }
    assert [s["kind"] for s in table["seats"]] == ["human", "easy", "human"]
    assert any("/api/tables" in u for u in device.requests)  # the recording sees requests


def test_an_open_table_is_joined_from_the_lobby(live, seat) -> None:
    made = live.post(
        "/api/tables", {"game": "fancy-feathers", "seats": ["human", "human"], "open": True}
    )
    page = seat("/").page
    page.wait_for_selector("text=Join as Seat 1")
    page.click("text=Join as Seat 1")
    page.wait_for_selector(".ff-path")
    assert page.url.endswith(f"/t/{made['table']}")
    assert live.get(f"/api/tables/{made['table']}")["seats"][0]["claimed"] is True


def test_the_lobby_on_a_phone(live, seat) -> None:
    page = seat("/", viewport=PHONE).page
    page.wait_for_selector(".game-card")
    page.click("[data-game=isle-of-feathers]")
    page.select_option("#option-players", "1")
    assert page.locator("#option-stamina").count() == 1  # a solo game asks for its stamina
    assert page.locator("#option-starting_player").count() == 0  # nobody else to start
    page.select_option("#option-players", "2")
    assert page.locator("#option-stamina").count() == 0
    assert page.locator("#option-starting_player").count() == 1
    assert no_horizontal_scroll(page)
    assert small_targets(page, "button, select, input[type=number]") == []
    screenshot(page, "lobby-phone")


def test_the_seat_menu_offers_three_levels_each_explained_and_the_specs_under_more(
    live, seat
) -> None:
    page = seat("/").page
    page.click("[data-game=featherlight]")
    page.wait_for_selector("select[name=seat-2]")
    menu = page.locator("select[name=seat-2]")
    top = menu.locator(":scope > option").all_inner_texts()
    assert top == ["a person", "computer: easy", "computer: medium", "computer: hard"]
    more = menu.locator("optgroup")
    assert more.get_attribute("label") == "more (agent specs)"
    assert sorted(more.locator("option").all_inner_texts()) == [
        "computer: greedy",
        "computer: ismcts",
        "computer: random",
    ]
    about = page.locator("#seat-2-about")
    assert "300 tries a move" in about.inner_text()  # medium, the default
    assert menu.get_attribute("aria-describedby") == "seat-2-about"
    page.select_option("select[name=seat-2]", "hard")
    assert "strongest" in about.inner_text() and "second" in about.inner_text()
    page.select_option("select[name=seat-2]", "ismcts")
    assert page.locator("#seat-2-about").count() == 0


def test_the_lobby_lists_open_and_listed_tables_and_never_a_private_one(live, seat) -> None:
    private = live.post("/api/tables", {"game": "featherlight", "seats": ["human", "human"]})
    listed = live.post(
        "/api/tables", {"game": "featherlight", "seats": ["human", "human"], "listed": True}
    )
    page = seat("/").page
    page.wait_for_selector(f"#tables a[href='/t/{listed['table']}']")
    hrefs = page.locator("#tables a").evaluate_all("links => links.map(a => a.href)")
    assert not any(private["table"] in h for h in hrefs)
    page.click("[data-game=featherlight]")
    page.check("input[name=listed]")
    page.click("button[type=submit]")
    page.wait_for_selector(".created")
    made = page.locator(".invites input").last.input_value().rsplit("/", 1)[1]
    assert live.get(f"/api/tables/{made}")["listed"] is True
