// Small helpers to build the page: h() makes an HTML element, svg() an SVG one.
//
//   h("button", {class: "choice legal", onclick: go, "data-key": "take 3"}, "Take ", card)
//
// props: "class" (a string or a list, falsy items dropped), "text", "style" (an object, set
// through the CSSOM, which the Content-Security-Policy allows), "on<event>" (a listener), any
// other key an attribute (true: present, false/null/undefined: left out). Children are nodes,
// strings, numbers or (nested) lists; null and false are skipped.

const SVG = "http://www.w3.org/2000/svg";

export function h(tag, props, ...children) {
  return fill(document.createElement(tag), props, children);
}

export function svg(tag, props, ...children) {
  return fill(document.createElementNS(SVG, tag), props, children);
}

function fill(el, props, children) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") {
      const names = Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(" ") : value;
      if (names) el.setAttribute("class", names);
    } else if (key === "text") el.textContent = value;
    else if (key === "style") Object.assign(el.style, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// "1 card", "3 cards".
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

// Copy text to the clipboard (falls back on selecting the field where the page is not a
// secure context, e.g. opened by another machine's address).
export async function copy(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand("copy");
  }
}

// A rule id for those who ask: a small "rule" whose title names it ("rule FL-22"); players
// read words, never ids (null without a rule).
export function ruleRef(rule) {
  return rule ? h("small", { class: "rule-ref", title: `rule ${rule}` }, "rule") : null;
}

// On a phone a view's dock (the prompt and the hand, class "dock active") sticks to the bottom
// of the screen; the choices the prompt asks for are scrolled into the room above it. `before`:
// the keys of the choices legal before a first step was chosen (the choices it opened are the
// ones shown: the stacks for a card, the spaces for a bird), or null.
export function revealChoices(root, before) {
  const dock = root.querySelector("main.board .dock.active");
  if (!dock || getComputedStyle(dock).position !== "sticky") return;
  const choices = [...root.querySelectorAll("main.board .choice.legal")].filter(
    (el) => !dock.contains(el) && el.getBoundingClientRect().height > 0,
  );
  const opened = before ? choices.filter((el) => !before.has(el.dataset.key)) : [];
  const targets = (opened.length ? opened : choices).map((el) => el.getBoundingClientRect());
  if (targets.length === 0) return;
  const top = Math.min(...targets.map((r) => r.top));
  const bottom = Math.max(...targets.map((r) => r.bottom));
  const room = window.innerHeight - dock.getBoundingClientRect().height;
  if (top >= 0 && bottom <= room) return;
  const margin = Math.min(40, Math.max(8, room - (bottom - top) - 8)); // their headings too
  window.scrollBy({ top: top - margin, behavior: "auto" });
}

// The keys of the legal choices on the board now (for revealChoices after a first step).
export function legalKeys(root) {
  return new Set(
    [...root.querySelectorAll("main.board .choice.legal")].map((el) => el.dataset.key),
  );
}

// The bar's way back to the lobby (the table page's and the lesson page's).
export function homeLink() {
  return h(
    "a",
    { class: "home", href: "/", title: "Lobby" },
    h("img", { src: "/static/feather.svg", alt: "" }),
    " Lobby",
  );
}

// A button for a view's choice (a page's ctx.button): {action} sends that action when clicked
// (legal or not: the server answers an illegal one with its reason and rule); {onclick, legal}
// does something of the view's own (e.g. select a card). Legal choices are highlighted and
// reachable with Tab; Enter and Space press them. `legal`: action -> words of the actions
// offered; `hinted`: the hint's action; `press(event, {action, onclick, ok, why})`: the page's
// answer to a click.
export function choiceButton(props, children, { legal, hinted = null, press }) {
  const { action, onclick, legal: isLegal, key, selected, class: cls, why, ...rest } = props;
  const ok = isLegal ?? (action !== undefined && legal.has(action));
  const label = rest["aria-label"];
  delete rest["aria-label"]; // its words go first in the button's own text (below)
  return h(
    "button",
    {
      type: "button",
      class: [
        "choice",
        ok && "legal",
        selected && "selected",
        action && action === hinted && "hinted",
        cls,
      ],
      "data-key": key ?? action,
      "data-action": action,
      "aria-disabled": ok ? null : "true",
      "aria-pressed": selected === undefined ? null : String(Boolean(selected)),
      tabindex: ok || selected ? null : "-1",
      title: action && legal.get(action),
      onclick: (event) => press(event, { action, onclick, ok, why }),
      ...rest,
    },
    // An accessible name that starts with what the button shows would repeat it; one that does
    // not (aria-label) hides the visible words from voice control (axe:
    // label-content-name-mismatch): the description is read first, then the face.
    label ? h("span", { class: "sr-only" }, `${label}. `) : null,
    ...children,
  );
}
