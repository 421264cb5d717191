// Learn to play: a game's lessons (/learn/{game}) and one lesson, step by step
// (/learn/{game}/{mode}?step=k, k from 1). Each step's position is drawn by the game's own view, as at a
// real table, with what to look at and the question beside it; a click sends the move to the
// server, which judges it (POST /api/lessons/{game}/{mode}/check, docs/protocol.md) and keeps
// nothing: the page holds the step number (also in the address, so a reload stays there). A
// refused move says why in the game's words with a "rule" link to the Rules panel
// (rules.js); a right one says what it did and the lesson goes on. At the end: a short game
// against the easy computer player with hints on.
import { api, claim, games, settings } from "./api.js";
import { choiceButton, h, homeLink, legalKeys, plural, revealChoices, svg } from "./dom.js";
import { openRules, ruleLink, rulesButton, useRules } from "./rules.js";
import { loadView } from "./table.js";

// The lessons of a game, or one lesson (mode), drawn into root.
export async function learnPage(root, gameId, mode) {
  root.replaceChildren(h("p", { class: "loading" }, "Opening the lesson…"));
  const game = (await games()).games.find((g) => g.id === gameId);
  if (!game) return missing(root, `There is no game ${gameId} on this server.`);
  useRules(game.id);
  let list;
  try {
    list = await api(`/api/lessons/${encodeURIComponent(game.id)}`);
  } catch (error) {
    return missing(root, error.message);
  }
  if (mode === null) return root.replaceChildren(chooser(game, list));
  const step = stepOf(location.search);
  let first;
  try {
    first = await api(lessonPath(game.id, mode, `?step=${step}`));
  } catch (error) {
    return missing(root, error.message);
  }
  const view = await loadView(game);
  new Lesson(root, game, view, first, list).draw();
}

// The step (counted from 0, as the server does) named by the address's ?step=, which counts
// from 1 as the page does ("Step 2 of 8" is ?step=2); 0 when absent or not a small whole number.
export function stepOf(search) {
  const value = new URLSearchParams(search).get("step") ?? "1";
  return /^\d{1,3}$/.test(value) ? Math.max(0, Number(value) - 1) : 0;
}

// The address's ?step= of step `step` (counted from 0).
export function stepSearch(step) {
  return `?step=${step + 1}`;
}

function lessonPath(gameId, mode, tail = "") {
  return `/api/lessons/${encodeURIComponent(gameId)}/${encodeURIComponent(mode)}${tail}`;
}

// What the page says of a verdict ({kind, message, rule, rule_text, replies}): {tone, heading,
// text, rule, ruleText, replies}. Pure: for tests/js.
export function feedbackOf(verdict) {
  const base = { text: verdict.message, rule: "", ruleText: "", replies: [] };
  if (verdict.kind === "right")
    return { ...base, tone: "right", heading: "Right.", replies: verdict.replies ?? [] };
  if (verdict.kind === "other")
    return {
      ...base,
      tone: "other",
      heading: "That is allowed, but not the move this step asks for.",
    };
  if (verdict.kind === "refused")
    return {
      ...base,
      tone: "refused",
      heading: "Not allowed. Try again.",
      rule: verdict.rule ?? "",
      ruleText: verdict.rule_text ?? "",
    };
  return { ...base, tone: "refused", heading: "Not understood. Try again." };
}

// The body of POST /api/tables for the short game after a lesson (its "play": game, options,
// seats); hints go on in the browser (settings "hints:<table>", read by the table page).
export function tableRequest(play) {
  return { game: play.game, options: play.options, seats: play.seats, open: false };
}

// The words of the button that starts the short game after a lesson.
export function playLabel(play) {
  return play.seats.length > 1
    ? `Play a short game against ${play.seats[1]} with hints on`
    : "Play a game with hints on";
}

function chooser(game, list) {
  return h(
    "main",
    { class: "page narrow learn-list" },
    h("p", {}, h("a", { href: "/" }, "← Lobby")),
    h("h1", {}, `Learn ${game.title}`),
    list.lessons.length === 0
      ? h("p", {}, `${game.title} has no lessons yet.`)
      : h(
          "ul",
          { class: "lessons" },
          list.lessons.map((lesson) =>
            h(
              "li",
              {},
              h(
                "a",
                {
                  class: "button primary",
                  href: `/learn/${game.id}/${lesson.mode}`,
                  "data-mode": lesson.mode,
                },
                lesson.title,
              ),
              h("span", { class: "quiet" }, ` ${plural(lesson.steps, "step")}. ${lesson.summary}`),
            ),
          ),
        ),
  );
}

function missing(root, message) {
  root.replaceChildren(
    h(
      "main",
      { class: "page narrow" },
      h("h1", {}, "No such lesson"),
      h("p", {}, message),
      h("p", {}, h("a", { href: "/" }, "Go to the lobby")),
    ),
  );
}

class Lesson {
  constructor(root, game, view, first, list) {
    this.root = root;
    this.game = game;
    this.view = view;
    this.catalogue = first.catalogue ?? {};
    this.at = first; // the step shown (GET /api/lessons/{game}/{mode})
    this.list = list;
    this.ui = {};
    this.feedback = null; // feedbackOf(the last verdict)
    this.showHint = false;
    this.busy = false;
    this.error = null;
  }

  // POST the answer; a right one moves on to the next step (what the server sends back).
  async act(action) {
    if (this.busy || this.at.done) return;
    this.busy = true;
    try {
      const answer = await api(lessonPath(this.game.id, this.at.mode, "/check"), {
        step: this.at.step,
        action,
      });
      this.feedback = feedbackOf(answer.verdict);
      this.feedback.step = this.at.step;
      if (answer.next) {
        this.at = answer.next;
        this.ui = {};
        this.showHint = false;
        history.replaceState(
          null,
          "",
          `/learn/${this.game.id}/${this.at.mode}${stepSearch(this.at.step)}`,
        );
      }
    } catch (error) {
      this.feedback = { tone: "refused", heading: "The server refused.", text: error.message };
    } finally {
      this.busy = false;
    }
    this.draw();
    this.root.querySelector(".lesson-feedback")?.focus({ preventScroll: false });
  }

  // A table's context (docs/pages.md "view.js") for the step's position, as table.js makes
  // it: the learner's seat, its legal actions, ctx.button that sends them.
  makeContext() {
    const state = this.at.state;
    const seat = state.you[0];
    const own = state.private.find((p) => p.seat === seat) || null;
    const legal = new Map(state.legal.map((l) => [l.action, l.words]));
    const fields = new Map(state.legal.map((l) => [l.action, l.fields ?? { kind: "action" }]));
    const ctx = {
      state,
      seat,
      legal,
      fields,
      hinted: null,
      replay: null,
      game: this.game,
      public: state.public,
      derived: state.derived ?? null,
      me: own?.observation ?? null,
      mine: own?.derived ?? null,
      catalogue: this.catalogue,
      myTurn: legal.size > 0,
      over: false,
      ui: this.ui,
      h,
      svg,
      plural,
      seatLabel: (s) => (s === seat ? `Seat ${s + 1} (you)` : `Seat ${s + 1}`),
      act: (action) => this.act(action),
      refuse: (reason, rule = "") => {
        this.feedback = feedbackOf({ kind: "refused", message: reason, rule });
        this.draw();
      },
      ruleRef: (rule) => (rule ? ruleLink(rule, this.game.id, true) : null),
      redraw: () => this.draw(),
      setting: (name, fallback) => settings.get(`${this.game.id}:${name}`, fallback),
      setSetting: (name, value) => {
        settings.set(`${this.game.id}:${name}`, value);
        this.draw();
      },
      button: (props, ...children) =>
        choiceButton(props, children, {
          legal,
          press: (_event, { action, onclick }) => {
            if (!onclick) return this.act(action);
            this.before = legalKeys(this.root); // a first step: its targets in sight after
            return onclick();
          },
        }),
    };
    return ctx;
  }

  draw() {
    const focused = document.activeElement?.dataset?.key;
    const at = this.at;
    const ctx = at.done ? null : this.makeContext();
    this.root.replaceChildren(
      h(
        "div",
        {
          class: ["table-page", "learn-page", `game-${this.game.id}`],
          "data-step": at.step,
          "data-steps": at.steps,
          "data-done": String(at.done),
        },
        this.header(),
        at.done ? this.end() : this.panel(),
        at.done
          ? null
          : h("main", { class: "board", "aria-label": "The table" }, this.view.render(ctx)),
      ),
    );
    const again =
      focused &&
      [...this.root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === focused);
    if (again) again.focus({ preventScroll: true });
    if (ctx?.myTurn) revealChoices(this.root, this.before ?? null);
    this.before = null;
  }

  header() {
    const at = this.at;
    const shown = Math.min(at.step + 1, at.steps);
    return h(
      "header",
      { class: "bar" },
      homeLink(),
      h(
        "div",
        { class: "title" },
        h("h1", {}, at.title),
        h(
          "p",
          { class: "turn lesson-progress" },
          at.done ? `Lesson complete: ${at.steps} steps` : `Step ${shown} of ${at.steps}`,
        ),
      ),
      h(
        "progress",
        { class: "lesson-bar", max: at.steps, value: at.step, "aria-label": "Lesson progress" },
        `${at.step} of ${at.steps}`,
      ),
      h("div", { class: "actions" }, rulesButton(this.game.id)),
    );
  }

  // What to look at, the question, the rules it teaches, and what the last answer got.
  panel() {
    const at = this.at;
    return h(
      "section",
      { class: "hint lesson-panel", "aria-labelledby": "lesson-step" },
      this.feedbackBox(),
      h("h2", { id: "lesson-step" }, `${at.step + 1}. ${at.step_title}`),
      at.look ? h("p", { class: "lesson-look" }, at.look) : null,
      h("p", { class: "lesson-ask" }, h("strong", {}, at.ask)),
      h(
        "p",
        { class: "lesson-rules quiet" },
        "Rules: ",
        at.rules.map((id) => [ruleLink(id, this.game.id), " "]),
      ),
      h(
        "div",
        { class: "lesson-tools" },
        h(
          "button",
          {
            type: "button",
            class: "tool",
            "data-key": "lesson-hint",
            "aria-expanded": String(this.showHint),
            onclick: () => {
              this.showHint = !this.showHint;
              this.draw();
            },
          },
          this.showHint ? "Hide the hint" : "Hint",
        ),
      ),
      this.showHint ? h("p", { class: "lesson-hint" }, at.hint) : null,
    );
  }

  feedbackBox() {
    const f = this.feedback;
    if (!f) return h("div", { class: "lesson-feedback empty", tabindex: "-1", role: "status" });
    return h(
      "div",
      {
        class: ["lesson-feedback", f.tone],
        tabindex: "-1",
        role: "status",
        "data-kind": f.tone,
        "data-step": f.step,
      },
      h("p", {}, h("strong", {}, f.heading), " ", f.text, f.rule ? [" ", ruleLink(f.rule)] : null),
      f.ruleText ? h("blockquote", { class: "quiet" }, `${f.rule}: ${f.ruleText}`) : null,
      f.replies?.length
        ? h(
            "ul",
            { class: "replies" },
            f.replies.map((r) => h("li", {}, r)),
          )
        : null,
    );
  }

  end() {
    const at = this.at;
    const others = this.list.lessons.filter((l) => l.mode !== at.mode);
    const play = async () => {
      try {
        const made = await api("/api/tables", tableRequest(at.play));
        const mine = made.invites[0];
        await claim(made.table, mine.seat, mine.invite);
        settings.set(`hints:${made.table}`, true);
        location.href = `/t/${made.table}`;
      } catch (error) {
        this.error = error.message;
        this.draw();
      }
    };
    return h(
      "section",
      { class: "end lesson-end", "aria-labelledby": "lesson-done" },
      this.feedbackBox(),
      h("h2", { id: "lesson-done" }, "Lesson complete"),
      at.finish ? h("p", {}, at.finish) : null,
      this.error ? h("p", { class: "error", role: "alert" }, this.error) : null,
      h(
        "div",
        { class: "end-actions" },
        h(
          "button",
          { type: "button", class: "primary big", "data-key": "lesson-play", onclick: play },
          playLabel(at.play),
        ),
        h(
          "a",
          { class: "button", href: `/learn/${this.game.id}/${at.mode}`, "data-key": "again" },
          "Start the lesson again",
        ),
        others.map((l) =>
          h("a", { class: "button", href: `/learn/${this.game.id}/${l.mode}` }, l.title),
        ),
        h("a", { class: "button", href: "/" }, "Back to the lobby"),
      ),
    );
  }
}

// The lobby's "Learn" links, one per game (in the same grid as the game picker, so each sits
// under its game).
export function learnLinks(list) {
  return h(
    "nav",
    { class: "learn-links", "aria-label": "Learn to play" },
    list.map((game) =>
      h(
        "a",
        { class: "button", href: `/learn/${game.id}`, "data-learn": game.id },
        `Learn ${game.title}`,
      ),
    ),
  );
}

export { openRules };
