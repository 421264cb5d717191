// Play at a distance (docs/protocol.md "Devices, hosts and turn-based tables"): a seat
// continued on another device (a one-time link and its QR code), the seat's devices and
// signing one out, the host's controls (a seat's invite issued again, a seat handed to the
// computer and back), a turn-based table's deadline, and the lobby's "My tables".
// Hooks: table.js draws seatsPanel(table) in its side column and calls devicesChanged(table);
// lobby.js calls modeFields / modeBody / keepHost and draws myTablesSection; app.js routes
// /t/{id}/continue to continuePage.
import { api, held } from "./api.js";
import { copy, h } from "./dom.js";

const HOST = "feathers:host:"; // localStorage: the host token of each table this browser made
const LEVELS = ["easy", "medium", "hard"];
const MAX_MINE = 100; // the server's bound on one "My tables" request

export const hosts = {
  get(table) {
    return localStorage.getItem(HOST + table);
  },
  set(table, token) {
    if (token) localStorage.setItem(HOST + table, token);
  },
};

// A rematch has the same host: the host's browser keeps its token for the new table too.
export function rematched(oldTable, newTable) {
  hosts.set(newTable, hosts.get(oldTable));
}

// The lobby's answer to a new table: keep its host token.
export function keepHost(created) {
  hosts.set(created.table, created.host);
}

// "14:03" (today) or "Mon 7 Dec 14:03".
export function when(seconds) {
  const date = new Date(seconds * 1000);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (date.toDateString() === new Date().toDateString()) return time;
  const day = date.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" });
  return `${day} ${time}`;
}

// "device 2, added 14:03".
export function deviceName(device) {
  return `device ${device.device}, added ${when(device.added)}`;
}

// Why a device link was refused, in a player's words: the server's message names the request's
// field ("code: this link was used already ..."), which a person never typed.
export function linkRefusal(message) {
  const words = String(message).replace(/^code: /, "");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The page a device link opens (/t/{id}/continue#CODE): take the seat's new token, then show
// the table.
export async function continuePage(root, tableId, code, open) {
  root.replaceChildren(h("p", { class: "loading" }, "Taking your seat on this device…"));
  history.replaceState(null, "", `/t/${tableId}`); // the code leaves the address bar
  try {
    const joined = await api(`/api/tables/${tableId}/devices/join`, { code });
    held.set(tableId, joined.token, joined.seats);
  } catch (error) {
    root.replaceChildren(
      h(
        "main",
        { class: "page narrow" },
        h("h1", {}, "This link does not work"),
        h("p", { class: "error", role: "alert" }, linkRefusal(error.message)),
        h("p", {}, "Ask the device that holds the seat for a new link (it lasts 10 minutes)."),
        h(
          "p",
          {},
          h("a", { href: `/t/${tableId}` }, "Watch the table"),
          " · ",
          h("a", { href: "/" }, "Lobby"),
        ),
      ),
    );
    return;
  }
  await open(root, tableId, null, null);
}

// Called by table.js on a {"type": "devices"} message: the list shown is asked again.
export function devicesChanged(table) {
  if (table.remote?.devices) loadDevices(table);
}

// A seat's name on the table page: "Seat 2", "Seat 2 (you)", "Seat 2 (hard)", and
// "Seat 2 (easy, for you)" for this device's seat while the host has handed it to the computer.
export function seatName(seat, info, yours) {
  const kind = info && info.kind !== "human" ? info.kind : "";
  if (yours) return `Seat ${seat + 1} (${kind ? `${kind}, for you` : "you"})`;
  return `Seat ${seat + 1}${kind ? ` (${kind})` : ""}`;
}

// A signed-out device forgets its token (it plays no more; it may still watch).
export function signedOut(tableId) {
  localStorage.removeItem(`feathers:seat:${tableId}`);
}

async function loadDevices(table) {
  const st = table.remote;
  try {
    st.devices = (await api(`/api/tables/${table.id}/devices`, { token: table.token })).devices;
  } catch (error) {
    st.error = error.message;
  }
  table.draw();
}

async function run(table, work) {
  const st = table.remote;
  st.error = null;
  try {
    await work();
  } catch (error) {
    st.error = error.message;
  }
  table.draw();
}

function copyRow(label, url, key) {
  const field = h("input", { type: "text", readonly: true, value: url, "aria-label": label });
  const button = h(
    "button",
    {
      type: "button",
      class: "copy",
      "data-key": key,
      onclick: async () => {
        button.textContent = (await copy(url, field)) ? "Copied" : "Copy failed";
      },
    },
    "Copy",
  );
  return h("div", { class: "copy-row" }, field, button);
}

// The side panel of the table page: deadline, this seat's devices, the host's controls.
export function seatsPanel(table) {
  table.remote ??= { devices: null, link: null, error: null, invites: {} };
  const st = table.remote;
  const state = table.state;
  const host = hosts.get(table.id);
  const mine = Boolean(table.token) && state.you.length > 0;
  const turnBased = state.mode === "turn-based";
  if (!mine && !host && !turnBased) return null;
  return h(
    "section",
    { class: "remote", "aria-labelledby": "remote-title" },
    h("h2", { id: "remote-title" }, "Seats and devices"),
    turnBased ? deadlineLine(state) : null,
    mine ? devicesPart(table, st) : null,
    host ? hostPart(table, st, host) : mine && turnBased ? overduePart(table, st) : null,
    st.error ? h("p", { class: "error", role: "alert" }, st.error) : null,
  );
}

function deadlineLine(state) {
  const hours = state.deadline_hours;
  const rule = hours ? `turn-based, ${hours} h a decision` : "turn-based, no deadline";
  const by = state.deadline
    ? ` · Seat ${state.to_move + 1} has until ${when(state.deadline)}${
        state.deadline * 1000 < Date.now() ? " (passed)" : ""
      }`
    : "";
  return h("p", { class: "deadline quiet" }, `This table is ${rule}${by}.`);
}

function devicesPart(table, st) {
  const link = st.link && st.link.expires * 1000 > Date.now() ? st.link : null;
  return h(
    "div",
    { class: "devices" },
    h(
      "button",
      {
        type: "button",
        "data-key": "continue",
        onclick: () =>
          run(table, async () => {
            st.link = await api(`/api/tables/${table.id}/devices/link`, { token: table.token });
          }),
      },
      "Continue on another device",
    ),
    link
      ? h(
          "div",
          { class: "device-link" },
          h("img", {
            src: link.qr,
            alt: "QR code of the link",
            class: "qr",
            width: 164,
            height: 164,
          }),
          copyRow("Link for another device", link.url, "copy-link"),
          h("p", { class: "quiet" }, `Works once, until ${when(link.expires)}.`),
        )
      : null,
    h(
      "button",
      {
        type: "button",
        class: "linkish",
        "data-key": "devices",
        onclick: () => {
          if (st.devices) {
            st.devices = null;
            table.draw();
          } else loadDevices(table);
        },
      },
      st.devices ? "Hide this seat's devices" : "This seat's devices",
    ),
    st.devices
      ? h(
          "ul",
          { class: "device-list" },
          st.devices.map((d) =>
            h(
              "li",
              { "data-device": d.device },
              h("span", {}, deviceName(d)),
              h(
                "span",
                { class: "quiet" },
                d.you ? " · this device" : "",
                d.online
                  ? " · online"
                  : d.seen
                    ? ` · last seen ${when(d.seen)}`
                    : " · never connected",
              ),
              d.you
                ? null
                : h(
                    "button",
                    {
                      type: "button",
                      class: "small",
                      "data-key": `signout-${d.device}`,
                      onclick: () =>
                        run(table, async () => {
                          const answer = await api(`/api/tables/${table.id}/devices/signout`, {
                            token: table.token,
                            device: d.device,
                          });
                          st.devices = answer.devices;
                        }),
                    },
                    "Sign out",
                  ),
            ),
          ),
        )
      : null,
  );
}

function hand(table, body) {
  const st = table.remote;
  return run(table, async () => {
    const answer = await api(`/api/tables/${table.id}/hand`, body);
    if (answer.invite) st.invites[answer.invite.seat] = answer.invite.url;
  });
}

function hostPart(table, st, host) {
  const state = table.state;
  return h(
    "div",
    { class: "host" },
    h("h3", {}, "You are the host"),
    h(
      "ul",
      { class: "host-seats" },
      state.seats.map((s) => {
        const choice = h(
          "select",
          { "aria-label": `Seat ${s.seat + 1} played by`, "data-seat": s.seat },
          ["human", ...LEVELS].map((k) =>
            h(
              "option",
              { value: k, selected: k === s.kind },
              k === "human" ? "a person" : `computer: ${k}`,
            ),
          ),
        );
        return h(
          "li",
          { "data-seat": s.seat + 1 },
          h("span", { class: "who" }, table.seatLabel(s.seat)),
          choice,
          h(
            "button",
            {
              type: "button",
              class: "small",
              "data-key": `hand-${s.seat}`,
              disabled: Boolean(state.result),
              onclick: () => hand(table, { host, seat: s.seat, kind: choice.value }),
            },
            "Hand over",
          ),
          s.kind === "human"
            ? h(
                "button",
                {
                  type: "button",
                  class: "small",
                  "data-key": `reissue-${s.seat}`,
                  onclick: () =>
                    run(table, async () => {
                      const answer = await api(`/api/tables/${table.id}/reissue`, {
                        host,
                        seat: s.seat,
                      });
                      st.invites[s.seat] = answer.url;
                    }),
                },
                "New invite",
              )
            : null,
          st.invites[s.seat]
            ? copyRow(`Seat ${s.seat + 1} new invite`, st.invites[s.seat], `invite-${s.seat}`)
            : null,
        );
      }),
    ),
  );
}

// A turn-based table: another seat whose deadline passed may be handed to the computer.
function overduePart(table) {
  const state = table.state;
  const late = state.to_move;
  if (!state.deadline || state.deadline * 1000 > Date.now() || state.you.includes(late))
    return null;
  return h(
    "button",
    {
      type: "button",
      "data-key": "overdue",
      onclick: () => hand(table, { token: table.token, seat: late, kind: "medium" }),
    },
    `Seat ${late + 1}'s deadline passed: let the computer (medium) play it`,
  );
}

// The lobby's new-table form: live or turn-based, and a deadline per decision.
export function modeFields(lobby) {
  const turnBased = lobby.mode === "turn-based";
  return h(
    "fieldset",
    { class: "mode" },
    h("legend", {}, "How to play"),
    h(
      "label",
      { class: "seat-row" },
      h("span", {}, "Pace"),
      h(
        "select",
        {
          name: "mode",
          onchange: (e) => {
            lobby.mode = e.target.value;
            lobby.redraw?.();
          },
        },
        h("option", { value: "live", selected: !turnBased }, "live: everyone at once"),
        h("option", { value: "turn-based", selected: turnBased }, "turn-based: each when they can"),
      ),
    ),
    turnBased
      ? h(
          "label",
          { class: "seat-row" },
          h("span", {}, "Hours per decision"),
          h("input", {
            type: "number",
            name: "deadline_hours",
            min: 1,
            max: 720,
            placeholder: "no deadline",
            value: lobby.deadline ?? "",
            onchange: (e) => {
              lobby.deadline = e.target.value === "" ? null : Number(e.target.value);
            },
          }),
        )
      : null,
  );
}

// The fields of POST /api/tables that modeFields sets.
export function modeBody(lobby) {
  if (lobby.mode !== "turn-based") return {};
  return lobby.deadline
    ? { mode: "turn-based", deadline_hours: lobby.deadline }
    : { mode: "turn-based" };
}

// The lobby's "My tables": every table this browser holds a seat at (its tokens, sent in a
// POST body, never in an address), those where it is its turn first.
export async function myTables() {
  const given = held
    .tables()
    .map((table) => ({ table, token: held.get(table)?.token }))
    .filter((t) => typeof t.token === "string")
    .slice(0, MAX_MINE);
  if (given.length === 0) return [];
  return (await api("/api/my-tables", { tables: given })).tables;
}

export function myTablesSection(tables) {
  if (!tables || tables.length === 0) return h("section", { id: "my-tables", hidden: true });
  return h(
    "section",
    { id: "my-tables", class: "tables mine", "aria-labelledby": "mine-title" },
    h("h2", { id: "mine-title" }, "My tables"),
    h(
      "ul",
      {},
      tables.map((t) =>
        h(
          "li",
          { class: ["table-row", t.your_turn && "your-turn"], "data-table": t.table },
          h(
            "span",
            { class: "what" },
            h("strong", {}, t.title),
            ` · Seat ${t.you.map((s) => s + 1).join(", ")}`,
            t.status === "finished" ? " · finished" : t.your_turn ? " · your turn" : " · waiting",
            t.deadline && t.your_turn ? ` (until ${when(t.deadline)})` : "",
          ),
          h(
            "span",
            { class: "row-actions" },
            h(
              "a",
              { class: ["button", t.your_turn && "primary"], href: `/t/${t.table}` },
              t.your_turn ? "Play" : "Open",
            ),
          ),
        ),
      ),
    ),
  );
}
