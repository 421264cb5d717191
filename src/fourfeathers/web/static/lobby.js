// The lobby: the games, a new table with every option its game has (from GET /api/games,
// which takes them from each game's registration), its invite links, and the tables to
// continue, join or watch.
import { api, claim, games, held } from "./api.js";
import { copy, h, plural, ruleRef } from "./dom.js";
import { learnLinks } from "./learn.js";
import { LEVELS } from "./levels.js";
import { keepHost, modeBody, modeFields, myTables, myTablesSection } from "./seats.js";

const PAGE = 12; // tables asked for at a time (the server answers at most 50), latest first

export async function lobbyPage(root) {
  const { games: list, agents } = await games();
  const lobby = {
    list,
    agents,
    game: list[0],
    values: {},
    seats: [],
    created: null,
    tables: [], // the lobby's list (open tables with a free seat, and listed ones)
    total: 0,
    mine: [], // the tables this browser holds a seat at
    error: null,
  };
  const draw = () => root.replaceChildren(page(lobby, draw));
  lobby.redraw = draw;
  choose(lobby, list[0]);
  draw();
  const refresh = async () => {
    try {
      const shown = Math.max(PAGE, lobby.tables.length);
      const answer = await api(`/api/tables?limit=${Math.min(shown, 50)}`);
      lobby.tables = answer.tables;
      lobby.total = answer.total;
      lobby.mine = await myTables();
    } catch {
      return;
    }
    const list = document.getElementById("tables");
    if (list) list.replaceWith(tablesSection(lobby, draw));
    document.getElementById("my-tables")?.replaceWith(myTablesSection(lobby.mine));
  };
  lobby.more = async () => {
    try {
      const answer = await api(`/api/tables?limit=${PAGE}&offset=${lobby.tables.length}`);
      lobby.tables = lobby.tables.concat(answer.tables);
      lobby.total = answer.total;
    } catch {
      return;
    }
    const list = document.getElementById("tables");
    if (list) list.replaceWith(tablesSection(lobby, draw));
    lobby.mine = await myTables().catch(() => lobby.mine);
    document.getElementById("my-tables")?.replaceWith(myTablesSection(lobby.mine));
  };
  await refresh();
  setInterval(() => document.visibilityState === "visible" && refresh(), 5000);
}

function choose(lobby, game) {
  lobby.game = game;
  lobby.values = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
  lobby.created = null;
  lobby.error = null;
  fitSeats(lobby);
}

function players(lobby) {
  return Number(lobby.values.players ?? lobby.game.players[0]);
}

// One seat kind per player: the first a person, the others the computer (medium) at first.
function fitSeats(lobby) {
  const n = players(lobby);
  while (lobby.seats.length < n) lobby.seats.push(lobby.seats.length === 0 ? "human" : "medium");
  lobby.seats.length = n;
}

function page(lobby, draw) {
  return h(
    "main",
    { class: "page lobby" },
    h(
      "header",
      { class: "hero" },
      h("img", { src: "/static/feather.svg", alt: "", class: "logo" }),
      h(
        "div",
        {},
        h("h1", {}, "Four Feathers"),
        h(
          "p",
          {},
          "Feather card games to play together, each on your own device, or against the computer.",
        ),
      ),
    ),
    myTablesSection(lobby.mine),
    h(
      "section",
      { class: "new-table", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title" }, "New table"),
      h(
        "div",
        { class: "game-picker", role: "radiogroup", "aria-label": "Game" },
        lobby.list.map((game) =>
          h(
            "button",
            {
              type: "button",
              role: "radio",
              "aria-checked": String(game === lobby.game),
              class: ["game-card", game === lobby.game && "chosen"],
              "data-game": game.id,
              onclick: () => {
                choose(lobby, game);
                draw();
              },
            },
            h("strong", {}, game.title),
            h("span", {}, game.summary),
          ),
        ),
      ),
      learnLinks(lobby.list),
      lobby.created ? invites(lobby, draw) : form(lobby, draw),
    ),
    tablesSection(lobby, draw),
  );
}

function form(lobby, draw) {
  const game = lobby.game;
  const submit = async (event) => {
    event.preventDefault();
    lobby.error = null;
    const options = {};
    for (const field of game.options) {
      const value = lobby.values[field.name];
      if (visible(field, lobby.values) && value !== null && value !== undefined && value !== "")
        options[field.name] = value;
    }
    try {
      lobby.created = await api("/api/tables", {
        game: game.id,
        options,
        seats: lobby.seats,
        open: Boolean(lobby.open),
        listed: Boolean(lobby.listed),
        ...modeBody(lobby),
      });
      keepHost(lobby.created);
    } catch (error) {
      lobby.error = error.message;
    }
    draw();
  };
  return h(
    "form",
    { class: "options", onsubmit: submit },
    h(
      "div",
      { class: "fields" },
      game.options.filter((f) => visible(f, lobby.values)).map((f) => field(lobby, f, draw)),
    ),
    h(
      "fieldset",
      { class: "seats" },
      h("legend", {}, "Seats"),
      lobby.seats.map((kind, s) => seatRow(lobby, kind, s, draw)),
    ),
    h(
      "label",
      { class: "check" },
      h("input", {
        type: "checkbox",
        name: "open",
        checked: Boolean(lobby.open),
        onchange: (e) => {
          lobby.open = e.target.checked;
        },
      }),
      " Open table: anyone in the lobby may take a free seat (no invite needed)",
    ),
    h(
      "label",
      { class: "check" },
      h("input", {
        type: "checkbox",
        name: "listed",
        checked: Boolean(lobby.listed),
        onchange: (e) => {
          lobby.listed = e.target.checked;
        },
      }),
      " List this table in the lobby: anyone may watch it (otherwise only its links reach it)",
    ),
    modeFields(lobby),
    lobby.error ? h("p", { class: "error", role: "alert" }, lobby.error) : null,
    h("button", { type: "submit", class: "primary big" }, `Create the ${game.title} table`),
  );
}

// One seat: a person, or the computer at a level (easy, medium, hard: one line each on how it
// plays and how long it thinks); the other agent specs (random, greedy, ismcts) under "more".
function seatRow(lobby, kind, s, draw) {
  const levels = Object.keys(LEVELS).filter((k) => lobby.agents.includes(k));
  const more = lobby.agents.filter((k) => !levels.includes(k));
  const id = `seat-${s + 1}`;
  const level = LEVELS[kind];
  return h(
    "div",
    { class: "seat-row" },
    h("label", { for: id }, `Seat ${s + 1}`),
    h(
      "select",
      {
        id,
        name: id,
        "aria-describedby": level ? `${id}-about` : null,
        onchange: (e) => {
          lobby.seats[s] = e.target.value;
          draw();
        },
      },
      h("option", { value: "human", selected: kind === "human" }, "a person"),
      levels.map((k) =>
        h("option", { value: k, selected: k === kind }, `computer: ${LEVELS[k].name}`),
      ),
      more.length
        ? h(
            "optgroup",
            { label: "more (agent specs)" },
            more.map((k) => h("option", { value: k, selected: k === kind }, `computer: ${k}`)),
          )
        : null,
    ),
    level
      ? h("small", { id: `${id}-about`, class: "about" }, `${level.plays} ${level.thinks}`)
      : null,
  );
}

// A field shows when its "when" holds, and when it leaves a choice (one possible value: none).
function visible(field, values) {
  if (field.type !== "list" && field.choices?.length === 1) return false;
  if (field.type === "seat" && Number(values.players) === 1) return false; // who starts alone?
  return Object.entries(field.when || {}).every(([name, allowed]) =>
    allowed.includes(values[name]),
  );
}

// One form field (see web/lobby.py for what a field may say).
function field(lobby, f, draw) {
  const set = (value, redraw = false) => {
    lobby.values[f.name] = value;
    if (f.name === "players") fitSeats(lobby);
    if (redraw) draw();
  };
  const value = lobby.values[f.name];
  const id = `option-${f.name}`;
  const label = h("label", { for: id }, f.label);
  const help = f.help ? h("small", {}, f.help) : null;
  if (f.type === "list") {
    return h(
      "fieldset",
      { class: "field list" },
      h("legend", {}, f.label),
      help,
      (f.choices || []).map((c) =>
        h(
          "label",
          { class: "check" },
          h("input", {
            type: "checkbox",
            name: `${f.name}`,
            value: c.value,
            checked: (value || []).includes(c.value),
            onchange: (e) =>
              set(
                e.target.checked
                  ? [...(value || []), c.value]
                  : (value || []).filter((v) => v !== c.value),
                true,
              ),
          }),
          " ",
          h(
            "span",
            {},
            c.label,
            c.help ? ` — ${c.help}` : "",
            c.rule ? [" ", ruleRef(c.rule)] : null,
          ),
        ),
      ),
    );
  }
  if (f.type === "seat") {
    const n = players(lobby);
    return h(
      "div",
      { class: "field" },
      label,
      h(
        "select",
        {
          id,
          name: f.name,
          onchange: (e) => set(e.target.value === "" ? null : Number(e.target.value)),
        },
        h("option", { value: "" }, "drawn at random"),
        Array.from({ length: n }, (_, s) =>
          h("option", { value: s, selected: value === s }, `Seat ${s + 1}`),
        ),
      ),
      help,
    );
  }
  if (f.choices && !f.free) {
    return h(
      "div",
      { class: "field" },
      label,
      h(
        "select",
        {
          id,
          name: f.name,
          onchange: (e) => set(f.type === "int" ? Number(e.target.value) : e.target.value, true),
        },
        f.choices.map((c) => h("option", { value: c.value, selected: c.value === value }, c.label)),
      ),
      help,
    );
  }
  const list = f.choices
    ? h(
        "datalist",
        { id: `${id}-list` },
        f.choices.map((c) => h("option", { value: c.value }, c.label)),
      )
    : null;
  return h(
    "div",
    { class: "field" },
    label,
    h("input", {
      id,
      name: f.name,
      type: f.type === "int" ? "number" : "text",
      value: value ?? "",
      min: f.min,
      max: f.max,
      list: list ? `${id}-list` : null,
      placeholder: value === null ? "default" : null,
      onchange: (e) =>
        set(
          e.target.value === "" ? null : f.type === "int" ? Number(e.target.value) : e.target.value,
        ),
    }),
    list,
    help,
  );
}

function invites(lobby, draw) {
  const table = lobby.created;
  const hotSeat = async () => {
    for (const invite of table.invites) await claim(table.table, invite.seat, invite.invite);
    location.href = `/t/${table.table}`;
  };
  return h(
    "section",
    { class: "created", "aria-live": "polite" },
    h("h3", {}, `${table.title} table ready`),
    table.invites.length
      ? h(
          "p",
          {},
          "Send each player their seat's link; a link takes its seat once, on the device that opens it first.",
        )
      : h("p", {}, "Every seat is played by the computer: watch it."),
    h(
      "ul",
      { class: "invites" },
      table.invites.map((invite) =>
        linkRow(
          `Seat ${invite.seat + 1}`,
          invite.url,
          h(
            "a",
            { class: "button", href: invite.url, "data-seat": invite.seat + 1 },
            "Play it here",
          ),
        ),
      ),
      linkRow("Watch", table.watch, h("a", { class: "button", href: table.watch }, "Watch")),
    ),
    h(
      "div",
      { class: "end-actions" },
      table.invites.length > 1
        ? h(
            "button",
            { type: "button", class: "primary", onclick: hotSeat },
            "Play every seat on this device (hot seat)",
          )
        : null,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            lobby.created = null;
            draw();
          },
        },
        "Another table",
      ),
    ),
  );
}

function linkRow(name, url, action) {
  const field = h("input", {
    type: "text",
    readonly: true,
    value: url,
    "aria-label": `${name} link`,
  });
  const button = h(
    "button",
    {
      type: "button",
      class: "copy",
      onclick: async () => {
        button.textContent = (await copy(url, field)) ? "Copied" : "Copy failed";
      },
    },
    "Copy",
  );
  return h("li", {}, h("span", { class: "who" }, name), field, button, action);
}

function tablesSection(lobby, draw) {
  const mine = new Set(held.tables());
  const seen = new Set();
  const shown = [...lobby.mine.filter((t) => t.status === "running"), ...lobby.tables]
    .filter((t) => !seen.has(t.table) && seen.add(t.table))
    .sort((a, b) => b.updated - a.updated);
  return h(
    "section",
    { id: "tables", class: "tables", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, "Tables"),
    h(
      "p",
      { class: "quiet" },
      "Your tables, open tables with a free seat, and tables their host listed. A private table is reached only through its links.",
    ),
    shown.length === 0
      ? h("p", { class: "quiet" }, "No table to join or watch. Create one above.")
      : null,
    h(
      "ul",
      {},
      shown.map((t) => {
        const free = t.open ? t.seats.filter((s) => s.kind === "human" && !s.claimed) : [];
        const seats = t.seats
          .map((s) => (s.kind === "human" ? (s.claimed ? "person" : "free") : s.kind))
          .join(", ");
        const join = async (seat) => {
          try {
            await claim(t.table, seat);
            location.href = `/t/${t.table}`;
          } catch (error) {
            lobby.error = error.message;
            draw();
          }
        };
        return h(
          "li",
          { class: "table-row" },
          h(
            "span",
            { class: "what" },
            h("strong", {}, t.title),
            ` · ${t.status === "running" ? plural(t.moves, "move") : "finished"} · seats: ${seats}`,
          ),
          h(
            "span",
            { class: "row-actions" },
            mine.has(t.table)
              ? h("a", { class: "button primary", href: `/t/${t.table}` }, "Continue")
              : null,
            !mine.has(t.table)
              ? free.map((s) =>
                  h(
                    "button",
                    { type: "button", onclick: () => join(s.seat) },
                    `Join as Seat ${s.seat + 1}`,
                  ),
                )
              : null,
            h("a", { class: "button", href: `/t/${t.table}` }, "Watch"),
          ),
        );
      }),
    ),
    lobby.tables.length < lobby.total
      ? h(
          "button",
          { type: "button", class: "more-tables", onclick: () => lobby.more() },
          `Show more tables (${lobby.total - lobby.tables.length} more)`,
        )
      : null,
  );
}
