"""Learn to play in the browser (issue 34): every lesson of every game mode played through by
clicking the game's own view, as at a real table, a refused move with its reason and its rule
link opening the Rules panel at that rule, the short game against easy with hints on that ends
a lesson, the Rules panel of a table page (searchable, opened by a refusal's rule link), and an
axe check of the lesson page and the panel.

What to click for an action is found the way a player finds it: ``PATH`` draws the step's
position with the game's ``view.js`` in a scratch element of the page, with a context like the
lesson page's, and presses the highlighted choices that select something (a card, a tool)
until a choice that sends the action appears; the test then presses the same choices on the
page itself. Nothing here names a game's elements.
"""

from __future__ import annotations

import json
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import PHONE, create_table, no_horizontal_scroll, screenshot, small_targets

from fourfeathers.core.lessons import lesson_modes, load_lesson
from fourfeathers.core.registry import game_spec, list_games

LESSONS = [(spec.id, mode) for spec in list_games() for mode in lesson_modes(spec)]

PATH = """
async ({ game, mode, step, target, depth }) => {
  const dom = await import("/static/dom.js");
  const view = (await import(`/games/${game}/view.js`)).default;
  const at = await (await fetch(`/api/lessons/${game}/${mode}?step=${step}`)).json();
  const state = at.state;
  const seat = state.you[0];
  const own = state.private.find((p) => p.seat === seat);
  const legal = new Map(state.legal.map((l) => [l.action, l.words]));
  const fields = new Map(state.legal.map((l) => [l.action, l.fields]));
  const root = document.createElement("div");
  let ui = {};
  const ctx = {
    state, seat, legal, fields, hinted: null, replay: null, game: { id: game },
    public: state.public, derived: state.derived ?? null, me: own.observation,
    mine: own.derived ?? null, catalogue: at.catalogue, myTurn: true, over: false,
    h: dom.h, svg: dom.svg, plural: dom.plural, seatLabel: (s) => `Seat ${s + 1}`,
    act: () => {}, refuse: () => {}, ruleRef: () => null, redraw: () => draw(),
    setting: (name, fallback) => fallback, setSetting: () => draw(),
    button: (props, ...children) => {
      const { action, onclick, legal: isLegal, key, selected, class: cls, ...rest } = props;
      const ok = isLegal ?? (action !== undefined && legal.has(action));
      return dom.h("button", {
        type: "button", class: ["choice", ok && "legal", selected && "selected", cls],
        "data-key": key ?? action, "data-action": action,
        onclick: () => (onclick ? onclick() : ctx.act(action)), ...rest,
      }, ...children);
    },
  };
  const draw = () => { ctx.ui = ui; root.replaceChildren(view.render(ctx)); };
  const press = (key) => {
    const el = [...root.querySelectorAll("[data-key]")].find((e) => e.dataset.key === key);
    if (!el) return false;
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
  };
  const found = () => [...root.querySelectorAll("[data-action]")]
    .some((e) => e.dataset.action === target);
  const queue = [[]];
  const seen = new Set();
  while (queue.length) {
    const path = queue.shift();
    ui = {};
    draw();
    if (!path.every(press)) continue;
    draw();
    const here = JSON.stringify(ui);
    if (seen.has(here)) continue;
    seen.add(here);
    if (found()) return path;
    if (path.length >= depth) continue;
    const keys = [...root.querySelectorAll(".choice.legal")]
      .filter((e) => !e.dataset.action && e.dataset.key)
      .map((e) => e.dataset.key);
    for (const key of new Set(keys)) queue.push([...path, key]);
  }
  return null;
}
"""


def _selector(attribute: str, value: str) -> str:
    return f"main.board [{attribute}={json.dumps(value)}]"


def path_to(page, game: str, mode: str, step: int, action: str) -> list[str] | None:
    """The keys of the choices to press before a choice sending ``action`` shows (``PATH``),
    or None when no highlighted choice leads to one."""
    arg = {"game": game, "mode": mode, "step": step, "target": action, "depth": 3}
    found: list[str] | None = page.evaluate(PATH, arg)
    return found


def click_action(page, game: str, mode: str, step: int, action: str) -> None:
    """Press the choices that lead to ``action`` on the lesson page, then the one sending it
    (forced: a move the rules refuse is a choice that is not highlighted, still clickable)."""
    path = path_to(page, game, mode, step, action)
    assert path is not None, f"{game} {mode} step {step + 1}: no click path to {action!r}"
    for key in path:
        page.locator(_selector("data-key", key)).first.click()
    page.locator(_selector("data-action", action)).first.click(force=True)


def legal_actions(page) -> list[dict]:
    """The legal actions of the step the lesson page shows (from the server, as it drew it)."""
    step_shown = page.get_attribute(".learn-page", "data-step")  # from 0, as the API counts
    url = page.url.split("?")[0].replace("/learn/", "/api/lessons/") + f"?step={step_shown}"
    step = page.evaluate("url => fetch(url).then(r => r.json())", url)
    found: list[dict] = step["state"]["legal"]
    return found


def at_step(page, step: int) -> None:
    page.wait_for_selector(f".learn-page[data-step='{step}']")


def no_violations(page, context: str | None = None) -> None:
    results = Axe().run(page, context=context)
    found = [
        (v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
    ]
    assert found == [], json.dumps(found, indent=1)


def open_lesson(seat, game: str, mode: str):
    page = seat(f"/learn/{game}/{mode}").page
    at_step(page, 0)
    return page


@pytest.mark.parametrize(("game", "mode"), LESSONS)
def test_every_lesson_is_played_through_by_clicking(live, seat, game: str, mode: str) -> None:
    lesson = load_lesson(game_spec(game), mode)
    page = open_lesson(seat, game, mode)
    started = time.monotonic()
    assert page.locator(".lesson-progress").inner_text() == f"Step 1 of {len(lesson.steps)}"
    wrong_done, other_done, kind = False, False, "no refused move offered"
    for k, step in enumerate(lesson.steps):
        assert page.locator(".lesson-ask").inner_text() == step.ask
        assert page.locator(".lesson-panel h2").inner_text() == f"{k + 1}. {step.title}"
        # One move the rules refuse (the first of the lesson's mistakes that the view offers
        # as a choice), with its reason and its rule.
        reachable = [m for m in step.mistakes if path_to(page, game, mode, k, m.move) is not None]
        if reachable and not wrong_done:
            mistake = reachable[0]
            click_action(page, game, mode, k, mistake.move)
            page.wait_for_selector(f".lesson-feedback[data-kind=refused][data-step='{k}']")
            link = page.locator(".lesson-feedback .rule-link")
            assert link.get_attribute("data-rule") == mistake.rule
            assert (
                page.locator(".lesson-feedback blockquote")
                .inner_text()
                .startswith(f"{mistake.rule}: ")
            )
            assert page.get_attribute(".learn-page", "data-step") == str(k)  # another try
            link.click()
            target = page.locator(f".rules-panel[open] #rule-{mistake.rule}")
            target.wait_for()
            assert "target" in (target.get_attribute("class") or "")
            assert page.evaluate("document.activeElement.id") == f"rule-{mistake.rule}"
            page.keyboard.press("Escape")
            page.wait_for_selector(".rules-panel[open]", state="detached")
            page.reload()  # the same step again, nothing selected
            at_step(page, k)
            wrong_done, kind = True, f"refused {mistake.move!r}"
        others = [a["action"] for a in legal_actions(page) if a["action"] not in step.moves]
        if others and not other_done:
            # A legal move that is not the one asked for gets the step's hint; nothing moves.
            click_action(page, game, mode, k, others[0])
            hinted = page.locator(f".lesson-feedback[data-kind=other][data-step='{k}']")
            hinted.wait_for()
            assert step.hint in hinted.inner_text()
            assert page.get_attribute(".learn-page", "data-step") == str(k)
            page.reload()
            at_step(page, k)
            other_done = True
        click_action(page, game, mode, k, step.moves[0])
        feedback = page.locator(f".lesson-feedback[data-kind=right][data-step='{k}']")
        feedback.wait_for()
        assert step.explain in feedback.inner_text()
        at_step(page, k + 1)
    assert wrong_done or other_done
    page.wait_for_selector(".learn-page[data-done=true]")
    assert page.locator(".lesson-progress").inner_text().startswith("Lesson complete")
    assert page.locator("[data-key=lesson-play]").is_visible()
    print(f"{game} {mode}: {len(lesson.steps)} steps, {kind}, {time.monotonic() - started:.1f}s")


def test_the_lobby_leads_to_a_lesson_that_ends_in_a_game_with_hints(live, seat) -> None:
    page = seat("/").page
    page.click("[data-learn=featherlight]")
    page.click("[data-mode=multiplayer]")
    at_step(page, 0)
    assert page.url.endswith("/learn/featherlight/multiplayer")
    steps = len(load_lesson(game_spec("featherlight"), "multiplayer").steps)
    page.goto(f"{live.url}/learn/featherlight/multiplayer?step={steps + 1}")  # the lesson's end
    page.wait_for_selector(".learn-page[data-done=true]")
    page.click("[data-key=lesson-play]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".table-page")
    table = live.get("/api/tables/" + page.url.rsplit("/", 1)[1])
    assert table["game"] == "featherlight" and table["config"]["players"] == 2
    assert [(s["kind"], s["claimed"]) for s in table["seats"]] == [("human", True), ("easy", True)]
    page.wait_for_selector("section.hint li .hint-choice", timeout=60_000)  # hints on, unasked


def test_the_lesson_page_and_the_rules_panel_have_no_axe_violations(live, seat) -> None:
    page = open_lesson(seat, "featherlight", "multiplayer")
    no_violations(page)  # the whole page, the game's view included
    page.goto(f"{live.url}/learn/featherlight/multiplayer?step=6")
    at_step(page, 5)
    page.click("[data-key=lesson-hint]")
    click_action(page, "featherlight", "multiplayer", 5, "put 28 on 1")  # refused: FL-27
    page.wait_for_selector(".lesson-feedback[data-kind=refused]")
    no_violations(page)
    screenshot(page, "lesson")  # a refused move with its reason and rule (the README's)
    page.click(".lesson-feedback .rule-link")
    page.wait_for_selector(".rules-panel[open] .rules-item.target")
    no_violations(page)
    page.fill("#rules-search", "gap")
    no_violations(page)
    # Another game's lesson page, its board aside (each game's view has its own checks).
    other = open_lesson(seat, "isle-of-feathers", "solo")
    no_violations(other, {"exclude": [["main.board"]]})


def test_the_rules_panel_of_a_table_is_searchable_and_opened_by_a_refusal(live, seat) -> None:
    made = create_table(live, "featherlight", ["human", "human"], starting_player=0)
    page = seat(made["invites"][0]["url"]).page
    page.wait_for_selector(".fl-hand")
    page.locator(".fl-hand .fl-card").first.click(force=True)  # a put before drawing: FL-14
    page.locator(".toast .rule-ref").click()
    target = page.locator(".rules-panel[open] #rule-FL-14")
    target.wait_for()
    assert "target" in (target.get_attribute("class") or "")
    all_rules = page.locator(".rules-item").count()
    page.fill("#rules-search", "gap")
    found = page.locator(".rules-item").all_inner_texts()
    assert 0 < len(found) < all_rules and all("gap" in t.lower() for t in found)
    page.fill("#rules-search", "fl-27")
    assert page.locator(".rules-item .rule-id").all_inner_texts() == ["FL-27"]
    page.fill("#rules-search", "no such words at all")
    assert page.locator(".rules-item").count() == 0
    assert "No rule" in page.locator(".rules-status").inner_text()
    page.click("[data-key=rules-close]")
    page.wait_for_selector(".rules-panel[open]", state="detached")
    page.click("[data-key=rules]")  # the bar's button: the whole rules, the search focused
    page.wait_for_selector(".rules-panel[open]")
    assert page.locator(".rules-item").count() == all_rules
    assert page.evaluate("document.activeElement.id") == "rules-search"


def test_a_lesson_on_a_phone(live, seat) -> None:
    page = seat("/learn/featherlight/multiplayer?step=6", PHONE).page
    at_step(page, 5)
    click_action(page, "featherlight", "multiplayer", 5, "put 28 on 1")
    page.wait_for_selector(".lesson-feedback[data-kind=refused]")
    assert no_horizontal_scroll(page)
    assert small_targets(page, ".lesson-panel button, .learn-page .bar button") == []
    page.click(".lesson-feedback .rule-link")
    page.wait_for_selector(".rules-panel[open] #rule-FL-27.target")
    assert page.locator("#rule-FL-27").is_visible()
    assert no_horizontal_scroll(page)
