// The rules at the table: a panel with the game's rules in short plain sections (GET
// /api/rules/{game}, from the game's rules.md), searchable by words, a rule id or a section
// number, and opened at one rule by a refusal's "rule" link. Any page may call
// openRules(ruleId) once useRules(gameId) said whose rules they are; rulesButton() and
// ruleLink(id) make the controls that open it. The panel is a <dialog> of its own under
// <body>, so a page that redraws its root every event leaves it alone.
import { api } from "./api.js";
import { h } from "./dom.js";

const RULE_ID = /^[A-Z]{2}-Q?\d+$/;

let game = null; // the id of the game whose rules open
const loaded = new Map(); // game id -> the promise of its rules
let panel = null; // {dialog, search, status, list, data}

// Whose rules the panel opens from now on (a table or lesson page calls it when drawn).
export function useRules(gameId) {
  game = gameId;
}

function rulesOf(gameId) {
  if (!loaded.has(gameId)) {
    const asked = api(`/api/rules/${encodeURIComponent(gameId)}`);
    asked.catch(() => loaded.delete(gameId)); // asked again next time
    loaded.set(gameId, asked);
  }
  return loaded.get(gameId);
}

// The sections and rules of `sections` ([{number, title, intro, rules: [{id, text}]}]) that
// `query` asks for, as the terminal's "rules WORDS" (core/rulebook.py find): a rule id (any
// case) gives that rule, a section number that section, other words the rules whose id, text
// or section title holds every word (any case); an empty query gives everything. Sections
// left without rules are dropped, unless their own title matched. Pure: for tests/js.
export function filterRules(sections, query) {
  const words = (query || "").trim();
  if (!words) return sections;
  const upper = words.toUpperCase();
  if (RULE_ID.test(upper)) {
    return sections
      .map((s) => ({ ...s, rules: s.rules.filter((r) => r.id === upper) }))
      .filter((s) => s.rules.length > 0);
  }
  if (/^\d{1,3}$/.test(words)) return sections.filter((s) => s.number === Number(words));
  const wanted = words.toLowerCase().split(/\s+/);
  const holds = (text) => wanted.every((w) => text.toLowerCase().includes(w));
  return sections
    .map((s) => ({
      ...s,
      rules: s.rules.filter((r) => holds(`${r.id} ${r.text} ${s.title}`)),
    }))
    .filter((s) => s.rules.length > 0);
}

// How many rules `sections` hold, in words ("3 rules", "1 rule").
export function countRules(sections) {
  const n = sections.reduce((sum, s) => sum + s.rules.length, 0);
  return `${n} ${n === 1 ? "rule" : "rules"}`;
}

// The panel's status line: how many rules the search keeps, or why there are none.
export function statusText(data, query, sections) {
  if (data.error) return data.error;
  if (!query.trim()) return `${data.sections.length} sections, ${countRules(data.sections)}`;
  return sections.length ? `${countRules(sections)} found` : "No rule holds these words.";
}

// The page element id of a rule ("rule-FL-27").
export function ruleAnchor(ruleId) {
  return `rule-${ruleId}`;
}

// The "Rules" button of a page's bar.
export function rulesButton(gameId = game) {
  if (gameId) useRules(gameId);
  return h(
    "button",
    {
      type: "button",
      class: "tool",
      "data-key": "rules",
      "aria-haspopup": "dialog",
      onclick: () => openRules(null, gameId),
    },
    "Rules",
  );
}

// A "rule FL-27" link that opens the panel at that rule; `short`: only a small "rule" whose
// title names the rule (where players read plain words: a table's refusals and prompts).
export function ruleLink(ruleId, gameId = game, short = false) {
  return h(
    "button",
    {
      type: "button",
      class: short ? ["rule-ref", "rule-open"] : ["rule", "rule-link"],
      "data-rule": ruleId,
      title: short ? `rule ${ruleId}` : `Read rule ${ruleId}`,
      onclick: () => openRules(ruleId, gameId),
    },
    short ? "rule" : `rule ${ruleId}`,
  );
}

// Open the rules of `gameId` (default: the page's game), at rule `ruleId` when given (the
// whole rules shown, that rule marked, scrolled to and focused); else at the top with the
// search box focused.
export async function openRules(ruleId = null, gameId = game) {
  if (!gameId) return;
  let data;
  try {
    data = await rulesOf(gameId);
  } catch (error) {
    data = {
      title: "The rules",
      sections: [],
      error: `The rules could not be read: ${error.message}`,
    };
  }
  const shown = ensurePanel();
  shown.data = data;
  shown.title.textContent = data.title || "The rules";
  shown.search.value = "";
  fill(shown, "");
  if (!shown.dialog.open) shown.dialog.showModal();
  const target = ruleId ? document.getElementById(ruleAnchor(ruleId)) : null;
  if (target) {
    target.classList.add("target");
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  } else {
    shown.search.focus();
  }
}

export function closeRules() {
  if (panel?.dialog.open) panel.dialog.close();
}

function ensurePanel() {
  if (panel) return panel;
  const title = h("h2", { id: "rules-title" }, "The rules");
  const search = h("input", {
    type: "search",
    id: "rules-search",
    class: "rules-search",
    placeholder: "words, a rule id or a number",
    autocomplete: "off",
    "data-key": "rules-search",
  });
  const status = h("p", { class: "rules-status quiet", role: "status" });
  // Focusable, so that the keyboard scrolls it too.
  const list = h("div", {
    class: "rules-sections",
    tabindex: "0",
    role: "region",
    "aria-label": "The rules' sections",
  });
  const dialog = h(
    "dialog",
    { class: "rules-panel", "aria-labelledby": "rules-title" },
    h(
      "div",
      { class: "rules-head" },
      title,
      h(
        "button",
        { type: "button", class: "close", "data-key": "rules-close", onclick: () => closeRules() },
        "Close",
      ),
    ),
    h("label", { for: "rules-search", class: "rules-label" }, "Search the rules"),
    search,
    status,
    list,
  );
  // A click on the backdrop (outside the panel's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) closeRules();
    }
  });
  panel = { dialog, title, search, status, list, data: null };
  search.addEventListener("input", () => fill(panel, search.value));
  document.body.append(dialog);
  return panel;
}

function fill(shown, query) {
  const sections = filterRules(shown.data.sections, query);
  shown.status.textContent = statusText(shown.data, query, sections);
  shown.list.replaceChildren(
    ...sections.map((s) =>
      h(
        "section",
        { class: "rules-section", "aria-labelledby": `rules-section-${s.number}` },
        h("h3", { id: `rules-section-${s.number}` }, `${s.number}. ${s.title}`),
        s.intro ? h("p", { class: "quiet" }, s.intro) : null,
        h(
          "ul",
          {},
          s.rules.map((r) =>
            h(
              "li",
              { id: ruleAnchor(r.id), tabindex: "-1", class: "rules-item" },
              h("strong", { class: "rule-id" }, r.id),
              " ",
              r.text,
            ),
          ),
        ),
      ),
    ),
  );
}
