"""Familiar Feat in the browser (a solo game): a whole adventure by clicking, illegal clicks,
coming back, watching, keyboard, a phone and the screenshots; the columns' totals checked
against the rules, and every legal action of every kind of question reached by clicking."""

from __future__ import annotations

import random
import re

from browser_helpers import (
    DESKTOP,
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

from fourfeathers.core.registry import game_spec
from fourfeathers.games.familiar_feat import rules_totals
from fourfeathers.games.familiar_feat.web import derive


def solo(live, seat, viewport=None, **options):
    table = create_table(live, "familiar-feat", ["human"], **options)
    device = seat(table["invites"][0]["url"], viewport=viewport)
    device.page.wait_for_selector(".fa-row")
    return table, device.page


def attach_first(page) -> None:
    """Attach the card in hand beneath the first Creature it does not win over (so that the
    Familiar stays in the row)."""
    n = event_number(page)
    creatures = page.locator(".fa-creature.legal")
    for i in range(creatures.count()):
        after = creatures.nth(i).locator(".fa-after")  # "→ Cuddle 5 / 7" (+ " ✓ won over")
        total, strength = after.inner_text().replace("✓ won over", "").split()[-3::2]
        if int(total) < int(strength):
            creatures.nth(i).click()
            break
    else:
        raise AssertionError("every Creature would be won over by the card in hand")
    wait_event(page, n + 1)


def test_a_whole_adventure_by_clicking_on_a_phone_ends_with_the_engines_score(live, seat) -> None:
    table, page = solo(live, seat, PHONE, level=8)  # the hardest level: shorter adventures
    assert page.locator(".turn").inner_text() == "Your turn"
    assert page.locator(".fa-creature").count() == 5  # the first row (FA-25)
    assert "Click a Creature to attach" in page.locator(".fa-prompt").inner_text()
    assert small_targets(page) == []
    play_by_clicking([page], random.Random(2))
    scores, _ = engine_result(live, table["table"])
    page.wait_for_selector(".end")
    assert no_horizontal_scroll(page)
    assert shown_scores(page) == scores
    verdict = page.locator(".fa-verdict").inner_text()
    assert verdict.startswith("Victory" if scores == [3] else "Defeat")
    rules = page.locator(".fa-verdict .rule-ref").evaluate_all("r => r.map(e => e.title)")
    assert set(rules) & {"rule FA-89", "rule FA-90"}  # why it ended, its rule behind "rule"
    assert "FA-" not in verdict
    rows = page.locator(".fa-result .sheet tbody tr")
    assert rows.count() == 3  # the adventure's three Monsters, each driven away or not
    driven = [r for r in rows.all_inner_texts() if "driven away" in r]
    assert len(driven) == scores[0]
    page.set_viewport_size(DESKTOP)
    screenshot(page, "familiar-feat-end")


def test_an_illegal_click_shows_the_reason_and_the_rule(live, seat) -> None:
    table, page = solo(live, seat, level=1)
    attach_first(page)
    familiar = page.locator(".fa-familiar").first  # nothing asks for a Familiar now
    familiar.click(force=True)
    page.wait_for_selector(".toast .rule-ref")
    toast = page.locator(".toast").inner_text()
    assert "attach the card in hand" in toast and "FA-33" not in toast
    assert page.get_attribute(".toast .rule-ref", "title") == "rule FA-33"
    assert event_number(page) == 1  # nothing changed


def test_a_closed_page_comes_back_where_it_was(live, seat) -> None:
    table, page = solo(live, seat, level=2)
    attach_first(page)
    row = page.locator(".fa-row").inner_text()
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(table["invites"][0]["url"])  # the invite link again, in the same browser
    again.wait_for_selector(".fa-row")
    assert event_number(again) == 1
    assert again.locator(".fa-row").inner_text() == row
    assert again.locator(".turn").inner_text() == "Your turn"
    assert "attach" in again.locator(".log").inner_text()


def test_a_spectator_watches_without_choices(live, seat) -> None:
    table, page = solo(live, seat, level=1)
    attach_first(page)
    watcher = seat(table["watch"]).page
    watcher.wait_for_selector(".fa-row")
    wait_event(watcher, 1)
    assert "watching" in watcher.locator(".fa-prompt").inner_text()
    assert watcher.locator("main.board button.choice").count() == 0  # nothing to press
    # a solo game hides nothing but the decks' order (FA-100): the table reads the same
    shown = (  # what the eye reads: a choice's words for screen readers left out
        "s => [...document.querySelectorAll(s)].map(e => { const c = e.cloneNode(true);"
        " c.querySelectorAll('.sr-only').forEach(x => x.remove()); return c.textContent; })"
    )
    for part in (".fa-col", ".fa-total", ".fa-name", ".fa-piles"):
        assert watcher.evaluate(shown, part) == page.evaluate(shown, part)
    assert watcher.locator(".fa-after").count() == 0  # no attach to preview


def test_keyboard_only(live, seat) -> None:
    table, page = solo(live, seat, level=1)

    def tab_to(selector: str) -> None:
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to(".fa-creature.legal")
    page.keyboard.press("Enter")
    wait_event(page, 1)
    tab_to("main.board .choice.legal")  # the next choice, whatever the adventure asks
    page.keyboard.press("Enter")
    wait_event(page, 2)


def sensible(page, rng: random.Random) -> None:
    """One click of a player who wins Creatures over when the card in hand can, and else
    builds the fullest column; any other question is answered at random."""
    n = event_number(page)
    creatures = page.locator(".fa-creature.legal")
    winning = page.locator(".fa-creature.legal:has(.fa-after.wins)")
    if winning.count():
        winning.first.click()
    elif creatures.count():
        totals = [int(t.split()[2]) for t in creatures.locator(".fa-after").all_inner_texts()]
        creatures.nth(totals.index(max(totals))).click()
    else:
        choices = page.locator(LEGAL)
        choice = choices.nth(rng.randrange(choices.count()))
        sends = choice.get_attribute("data-action")
        choice.click()
        if not sends:
            return
    wait_event(page, n + 1)


def lived_in(live, seat, rng: random.Random):
    """A solo table a few days in, at a question other than an attach if one comes; None if the
    adventure ended first."""
    table, page = solo(live, seat, level=3)
    for step in range(30):
        if page.locator(".table-page[data-status=finished]").count():
            return None
        asking = page.locator(".fa-prompt .rule-ref").count()
        asking = asking and page.locator(".fa-after").count() == 0
        full = page.locator(".fa-creature").count() >= 4
        if (step >= 10 and full and asking) or step >= 25:
            return table, page
        sensible(page, rng)
    return table, page


def test_the_table_on_a_desktop_and_a_phone(live, seat) -> None:
    rng = random.Random(6)
    for _ in range(8):  # a few days in: Familiars under Creatures, piles, a pending choice
        found = lived_in(live, seat, rng)
        if found:
            break
    assert found, "every adventure ended too soon"
    table, page = found
    screenshot(page, "familiar-feat-desktop")
    phone = seat(table["watch"], viewport=PHONE).page
    phone.wait_for_selector(".fa-row")
    assert no_horizontal_scroll(phone)
    page.set_viewport_size(PHONE)
    assert no_horizontal_scroll(page)
    assert small_targets(page) == []
    screenshot(page, "familiar-feat-phone")


def test_a_hint_on_a_phone_says_the_expected_monsters(live, seat) -> None:
    table, page = solo(live, seat, PHONE, level=4)
    page.click("button[data-key=hint]")
    page.wait_for_selector(".hint .estimate", timeout=30_000)
    texts = page.locator(".hint .estimate").all_inner_texts()
    assert len(texts) == 3 and all(re.fullmatch(r"expected [0-3]\.\d Monsters", t) for t in texts)
    assert page.locator(".hint .quiet").inner_text() == "If the computer played the rest."
    assert no_horizontal_scroll(page)
    assert small_targets(page, ".hint .choice.legal") == []
    page.locator(".hint").scroll_into_view_if_needed()
    screenshot(page, "familiar-feat-hint-phone", full_page=False)
    page.locator(".hint .hint-choice").first.click()  # a hint's choice plays it
    wait_event(page, 1)


def test_the_derived_totals_are_the_rules_own() -> None:
    """What the page shows of each column (web part's ``derive``, from the observation alone)
    agrees with the rules on the true state, over random adventures (no browser needed)."""

    rng = random.Random(1)
    checked = 0
    for level, seed in ((1, 1), (4, 2), (8, 3), (3, 4)):
        game = game_spec("familiar-feat").factory(level=level)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            derived = derive(game, state.observation(0), 0)
            for s, slot in enumerate(derived["slots"]):
                if slot is None:
                    assert not state.row[s]
                    continue
                nd = rules_totals.no_double(state)
                assert slot["total"] == rules_totals.column_total(game.cards, state.cols[s], nd)
                assert slot["meets"] == rules_totals.meets(state, s)
                assert slot["limit"] == rules_totals.card_limit(state, state.row[s])
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def test_every_legal_action_can_be_clicked(seat) -> None:
    """Positions of random adventures, one of each kind of question (attach with one card and
    with two, which Familiar to exhaust or flee, the tied highest, revive 2 then play 1 and
    where, Move and where, which reached Creature first, the Team discard's Events, Catch Your
    Breath, the variant's picks...): every legal action is reached by clicking, and nothing
    highlighted is refused."""

    page = seat("/").page
    kinds = set()
    for level, variants in ((1, ()), (4, ()), (8, ()), (5, ("choose-cards",))):
        game = game_spec("familiar-feat").factory(level=level, variants=variants)
        samples, seen = [], []
        for seed in range(25):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                observation = state.observation(0)
                kind = (derive(game, observation, 0)["prompt"]["kind"], len(observation["hand"]))
                if kind not in seen:
                    seen.append(kind)
                    samples.append(sample(game, state))
                state.apply_action(rng.choice(state.legal_actions()))
        results = explore(page, game, samples, fallback=".fa-choice")
        assert [r for r in results if r["missing"] or r["wrong"]] == []
        # only the variant's picks (Monsters and Events still in the box) are a plain list
        for (kind, _), result in zip(seen, results, strict=True):
            assert result["listed"] == [] or kind == "pick", (kind, result)
        kinds |= {k for k, _ in seen}
    assert {"attach", "exhaust", "flee", "revive_pick", "play_place", "move", "move_place"} <= kinds
    assert {"order", "discard", "pick"} <= kinds
