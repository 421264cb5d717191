"""Fancy Feathers in the browser: a whole game by clicking against a computer seat, illegal
clicks, coming back, watching, keyboard and a phone."""

from __future__ import annotations

import random

from browser_helpers import (
    LEGAL,
    PHONE,
    create_table,
    engine_result,
    event_number,
    no_horizontal_scroll,
    play_by_clicking,
    screenshot,
    shown_scores,
    small_targets,
    wait_event,
)


def test_a_whole_game_against_the_computer_ends_with_the_engines_scores(live, seat) -> None:
    table = create_table(live, "fancy-feathers", ["human", "random"], types="first-game")
    page = seat(table["invites"][0]["url"]).page
    page.wait_for_selector(".ff-path")
    assert page.locator(".ff-chip").count() >= 6  # the unseen cards of the six types
    play_by_clicking([page], random.Random(7))
    scores, winners = engine_result(live, table["table"])
    page.wait_for_selector(".end")
    assert shown_scores(page) == scores
    assert "winner" in page.locator(".end .scores li").nth(winners[0]).inner_text()
    assert page.locator(".sheet").count() == 2  # both collections explained type by type
    screenshot(page, "fancy-feathers-end")


def test_two_people_an_illegal_click_and_a_page_that_comes_back(live, seat) -> None:
    table = create_table(live, "fancy-feathers", ["human", "human"], types="first-game")
    pages = [seat(i["url"]).page for i in table["invites"]]
    for page in pages:
        page.wait_for_selector(".ff-path")
    mover = next(p for p in pages if p.locator(".turn.mine").count())
    other = pages[1 - pages.index(mover)]
    other.locator(".ff-path button.ff-card").first.click(force=True)  # not their turn
    other.wait_for_selector(".toast.shown")
    assert "turn" in other.locator(".toast").inner_text()
    mover.locator(".ff-leave").click(force=True)  # the stack is full: leaving is not allowed
    mover.wait_for_selector(".toast .rule-ref")
    assert mover.get_attribute(".toast .rule-ref", "title") == "rule FF-43"
    assert event_number(mover) == 0
    mover.locator(".ff-path .ff-card.legal").nth(1).click()  # move 2
    wait_event(mover, 1)
    collections = mover.locator(".ff-collections").inner_text()
    context, url = mover.context, table["invites"][pages.index(mover)]["url"]
    mover.close()
    again = context.new_page()
    again.goto(url)
    again.wait_for_selector(".ff-path")
    assert event_number(again) >= 1
    assert again.locator(".ff-collections").inner_text() == collections
    assert "move 2" in again.locator(".log").inner_text()


def test_a_spectator_sees_the_collections_as_everyone_saw_them(live, seat) -> None:
    table = create_table(live, "fancy-feathers", ["human", "random", "random"])
    page = seat(table["invites"][0]["url"]).page
    page.wait_for_selector(".ff-path")
    watcher = seat(table["watch"]).page
    watcher.wait_for_selector(".ff-path")
    assert watcher.locator(LEGAL).count() == 0
    assert watcher.locator(".ff-choices, .ff-leave, .ff-sheet").count() == 0  # no own collection
    assert watcher.locator(".ff-seat").count() == 3


def test_keyboard_a_phone_and_the_screenshots(live, seat) -> None:
    table = create_table(live, "fancy-feathers", ["human", "random", "random"])
    page = seat(table["invites"][0]["url"]).page
    page.wait_for_selector(".ff-path")
    rng = random.Random(4)
    for _ in range(5):  # a few turns by keyboard: collections grow, discs stack up
        page.wait_for_selector(".turn.mine")
        n = event_number(page)
        target = rng.randrange(page.locator(LEGAL).count())
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("s => document.activeElement.matches(s)", LEGAL):
                if target == 0:
                    break
                target -= 1
        page.keyboard.press("Enter")
        wait_event(page, n + 1)
    page.wait_for_selector(".turn.mine")
    screenshot(page, "fancy-feathers-desktop")
    page.set_viewport_size(PHONE)
    assert no_horizontal_scroll(page)
    assert small_targets(page) == []
    screenshot(page, "fancy-feathers-phone")
