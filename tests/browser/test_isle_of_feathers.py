"""Isle of Feathers in the browser: a whole game by clicking the hex map, the lit spaces of a
tile action and of a bird, illegal clicks, watching, coming back, hot seat, keyboard, the solo
season on a phone, the screenshots; where birds fit checked against the rules, and every legal
action of every kind of step reached by clicking."""

from __future__ import annotations

import itertools
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
from view_explorer import explore, sample

from fourfeathers.core.records import GameRecord
from fourfeathers.core.registry import game_spec
from fourfeathers.games.isle_of_feathers import rules_place
from fourfeathers.games.isle_of_feathers.actions import cell_text
from fourfeathers.games.isle_of_feathers.web import derive

LIT = ".is-map .hex.choice.legal"
FINISHED = ".table-page[data-status=finished]"


def two_seats(live, seat, **options):
    table = create_table(live, "isle-of-feathers", ["human", "human"], starting_player=0, **options)
    pages = [seat(invite["url"]).page for invite in table["invites"]]
    for page in pages:
        page.wait_for_selector(".is-island")
    return table, pages


def test_a_whole_game_by_clicking_ends_with_the_engines_scores(live, seat) -> None:
    table, (one, two) = two_seats(live, seat, max_turns=4)
    assert one.locator(".turn").inner_text() == "Your turn"
    assert two.locator(".turn").inner_text().startswith("Waiting for Seat 1")
    rng = random.Random(4)
    while not all(p.locator(FINISHED).count() for p in (one, two)):  # birds placed where they fit
        mover = next((p for p in (one, two) if p.locator(".turn.mine").count()), None)
        if mover is None:
            one.wait_for_timeout(50)
            continue
        placing(mover, rng)
        for page in (one, two):
            wait_event(page, event_number(mover))
    scores, winners = engine_result(live, table["table"])
    record = live.get(f"/api/tables/{table['table']}/record")
    placed = GameRecord(record["game"], record["config"], record["seed"], record["actions"])
    placed = placed.replay().public_observation()["placed"]
    for page in (one, two):
        page.wait_for_selector(".end")
        assert shown_scores(page) == scores
        assert "turn limit" in page.locator(".is-why").inner_text()
        sheets = page.locator(".is-result .sheet")
        assert sheets.count() == 2  # every seat's birds, each with its points
        for s, total in enumerate(scores):
            assert sheets.nth(s).locator("tfoot .num").inner_text() == str(total)
            rows = sheets.nth(s).locator("tbody tr")
            assert rows.count() == max(1, len(placed[s]))  # a line per bird placed
            assert sum(int(n) for n in rows.locator(".num").all_inner_texts()) == total
        for s in winners:
            assert "winner" in page.locator(".end .scores li").nth(s).inner_text()
    screenshot(one, "isle-of-feathers-end")


def test_a_tile_action_and_a_bird_light_up_every_legal_space(live, seat) -> None:
    table, (one, two) = two_seats(live, seat)
    assert one.locator(LIT).count() == 0  # nothing chosen yet
    one.locator("[data-key='tool tile']").click()
    # the six starting Sand tiles take Grass, and the twelve ocean spaces around them Sand
    assert one.locator(LIT).count() == 18
    assert one.locator(".is-map .hex.land.choice.legal").count() == 6
    one.locator("[data-key='tool veg']").click()
    assert one.locator(LIT).count() == 6
    cards = one.locator(".is-hand .is-card")
    for i in range(cards.count()):
        card = cards.nth(i)
        card.click()
        lit = one.locator(LIT).count()
        fits = card.locator(".fits").inner_text()
        assert (f"{lit} place" in fits) if lit else ("nowhere" in fits)
    n = event_number(one)
    one.locator("[data-key='tool tile']").click()
    one.locator(".is-map .hex.sea-space.choice.legal").first.click()  # a Sand tile on the ocean
    wait_event(one, n + 1)
    assert "add a Sand tile on the ocean" in one.locator(".log").inner_text()
    assert one.locator(".is-supply").inner_text().startswith("Sand 9")


def test_an_illegal_click_a_spectator_and_a_page_that_comes_back(live, seat) -> None:
    table, (one, two) = two_seats(live, seat)
    n = event_number(one)
    cards = one.locator(".is-hand .is-card")
    for i in range(cards.count()):  # a bird, then a space where its habitat does not match
        cards.nth(i).click()
        wrong = one.locator(".is-map .hex.land.choice[aria-disabled]")
        if wrong.count():
            wrong.first.click(force=True)
            break
    one.wait_for_selector(".toast .rule-ref")
    assert one.get_attribute(".toast .rule-ref", "title") == "rule IS-32"
    assert event_number(one) == n  # nothing changed
    one.locator(".is-path .is-pile").first.click(force=True)  # a draw, with no card owed
    one.wait_for_selector(".toast:has-text('no card is owed')")
    assert one.get_attribute(".toast .rule-ref", "title") == "rule IS-42"
    one.click(".toast .close")

    watcher = seat(table["watch"]).page  # a spectator sees no hand
    watcher.wait_for_selector(".is-island")
    assert watcher.locator(".is-hand").count() == 0
    assert "watching" in watcher.locator(".is-prompt").inner_text()
    assert watcher.locator(LEGAL).count() == 0
    assert watcher.locator(".is-seat").count() == 2  # both seats, hands as sizes
    assert "5 cards in hand" in watcher.locator(".is-seat").first.inner_text()

    one.locator("[data-key='tool veg']").click()
    one.locator(LIT).first.click()
    wait_event(one, 1)
    spaces = "hexes => hexes.map(h => h.getAttribute('aria-label'))"
    island = one.locator(".is-island .hex").evaluate_all(spaces)
    hand = one.locator(".is-hand .is-bird-name").all_inner_texts()
    context = one.context
    one.close()
    again = context.new_page()
    again.goto(table["invites"][0]["url"])  # the invite link again, in the same browser
    again.wait_for_selector(".is-island")
    assert event_number(again) == 1
    assert again.locator(".is-hand .is-bird-name").all_inner_texts() == hand
    assert again.locator(".is-island .hex").evaluate_all(spaces) == island
    assert again.locator(".turn").inner_text() == "Your turn"
    assert "add Vegetation" in again.locator(".log").inner_text()


def test_hot_seat_hides_each_hand_until_its_owner_is_there(live, seat) -> None:
    page = seat("/").page
    page.click("[data-game=isle-of-feathers]")
    page.select_option("select[name=seat-2]", "human")
    page.click("button[type=submit]")
    page.click("text=Play every seat on this device")
    page.wait_for_selector(".gate")
    first = int(page.locator(".gate h2").inner_text().rsplit(" ", 1)[1])
    assert page.locator(".is-hand").count() == 0
    page.click(".gate button")
    page.wait_for_selector(".is-hand")
    for n, tool in ((1, "tile"), (2, "veg")):  # the turn's two actions
        page.locator(f"[data-key='tool {tool}']").click()
        page.locator(LIT).first.click()
        wait_event(page, n)
    page.locator(".is-hand [data-action^=pass]").first.click()  # then a card to the next seat
    page.wait_for_selector(".gate")
    assert page.locator(".gate h2").inner_text() == f"Pass the device to Seat {3 - first}"
    assert page.locator(".is-hand").count() == 0


def test_keyboard_only(live, seat) -> None:
    table, (page, _) = two_seats(live, seat)

    def tab_to(selector: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("[data-key='tool tile']")
    page.keyboard.press("Enter")  # lights the spaces
    page.wait_for_selector(LIT)
    tab_to(LIT)
    page.keyboard.press("Enter")
    wait_event(page, 1)
    tab_to("[data-key='tool veg']")
    page.keyboard.press("Space")
    tab_to(LIT)
    page.keyboard.press("Space")
    wait_event(page, 2)
    assert "Your actions are used" in page.locator(".is-prompt").inner_text()


def test_the_solo_season_on_a_phone(live, seat) -> None:
    table = create_table(live, "isle-of-feathers", ["human"], players=1, stamina=2, max_turns=2)
    page = seat(table["invites"][0]["url"], viewport=PHONE).page
    page.wait_for_selector(".is-island")
    assert "Stamina pool" in page.locator(".is-supply").inner_text()
    assert no_horizontal_scroll(page)
    page.locator("[data-key='tool tile']").click()
    assert small_targets(page) == []  # lit spaces included
    play_by_clicking([page], random.Random(8))
    scores, _ = engine_result(live, table["table"])
    assert shown_scores(page) == scores
    assert no_horizontal_scroll(page)


def placing(page, rng: random.Random) -> None:
    """One step of a game that looks lived in: a bird that fits is placed where it fits, else a
    random legal choice."""
    n = event_number(page)
    birds = page.locator(".is-hand .is-card.legal:not(.selected)")
    fitting = [i for i in range(birds.count()) if birds.nth(i).locator(".fits.yes").count()]
    if fitting:
        birds.nth(rng.choice(fitting)).click()
        page.locator(LIT).first.click()
    else:
        choices = page.locator(LEGAL)
        choice = choices.nth(rng.randrange(choices.count()))
        sends = choice.get_attribute("data-action")
        choice.click()
        if not sends:
            return
    wait_event(page, n + 1)


def lived_in(live, seat, rng: random.Random):
    """A table against a computer seat a few turns in (tiles, trees, birds, tokens), at a moment
    where a bird of the hand fits and is selected; None if the game ended first (about one game
    in eight: the table's deal is not seeded)."""
    table = create_table(live, "isle-of-feathers", ["human", "random"], starting_player=0)
    page = seat(table["invites"][0]["url"]).page
    page.wait_for_selector(".is-island")
    for step in itertools.count():
        page.wait_for_selector(f".turn.mine, {FINISHED}")
        if page.locator(FINISHED).count():
            return None
        birds = page.locator(".is-hand .is-card.legal:has(.fits.yes)")
        placed = page.locator(".is-seat .placed:not(.known) .chip").count()
        if step >= 20 and birds.count() and placed >= 2:
            birds.first.click()  # a bird selected: where it fits lights up
            return table, page
        placing(page, rng)


def test_the_table_on_a_desktop_and_a_phone(live, seat) -> None:
    rng = random.Random(12)
    for _ in range(6):
        found = lived_in(live, seat, rng)
        if found:
            break
    assert found, "no game reached a moment to show"
    table, page = found
    assert page.locator(LIT).count() >= 1
    screenshot(page, "isle-of-feathers-desktop")
    phone = seat(table["watch"], viewport=PHONE).page
    phone.wait_for_selector(".is-island")
    assert no_horizontal_scroll(phone)
    page.set_viewport_size(PHONE)
    assert no_horizontal_scroll(page)
    assert small_targets(page) == []
    screenshot(page, "isle-of-feathers-phone")


def test_where_birds_fit_is_the_rules_own() -> None:
    """Where the page says a bird fits (web part's ``derive``, from the observation alone) is
    where the rules' placement search puts it, over random games (no browser needed)."""

    rng = random.Random(2)
    checked = 0
    for players, seed in ((2, 1), (3, 2), (1, 3)):
        game = game_spec("isle-of-feathers").factory(players=players, max_turns=12)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.current_player
            derived = derive(game, state.observation(p), p)
            cards = state.hands[p] + [c for c in state.path if c]
            for occupied, key in ((False, "fits"), (True, "flock")):
                want: dict[str, list[str]] = {}
                for card, k in rules_place.placements(state, cards, occupied=occupied):
                    want.setdefault(str(card), []).append(cell_text(k))
                assert {c: sorted(v) for c, v in derived[key].items()} == {
                    c: sorted(v) for c, v in want.items()
                }
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


def test_every_legal_action_can_be_clicked(seat) -> None:
    """Positions of random games, one of each kind of step (tiles, birds, each ability as a
    token and as a discarded bird's, Replant's planting, Shoo's bird then tile, the draw, the
    pass, the solo Stamina and release...): every legal action is reached by clicking, and
    nothing highlighted is refused."""

    page = seat("/").page
    verbs = set()
    for players in (2, 1):
        game = game_spec("isle-of-feathers").factory(players=players, starting_player=0)
        samples, seen = [], set()
        for seed in range(30):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal() and len(samples) < 18:
                kinds = {(state.phase, str(a).split()[0]) for a in state.legal_actions()}
                if not kinds <= seen:
                    seen |= kinds
                    samples.append(sample(game, state))
                state.apply_action(rng.choice(state.legal_actions()))
        results = explore(page, game, samples)
        problems = [(s["legal"][:3], r) for s, r in zip(samples, results, strict=True)]
        assert [p[1] for p in problems if p[1]["missing"] or p[1]["wrong"]] == []
        verbs |= {verb for _, verb in seen}
    steps = {"tile", "veg", "place", "discard", "take", "draw", "pass", "end", "skip", "flit"}
    abilities = {"shoo", "replant", "plant", "flock", "mound", "burrow", "stamina", "release"}
    assert steps | abilities <= verbs
