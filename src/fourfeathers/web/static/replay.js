// Replays on the table page (docs/protocol.md, "Replays: frame"): step through the game event
// by event (first, previous, next, last, a slider, a click on a log line). The server sends
// each step as a `frame`: while the game runs the connection's own view at that event (what it
// saw then, never more), once it is over every seat's view. The game's own view draws a frame
// like the live table; nothing can be played from it.
import { h } from "./dom.js";

// The event a request may ask for: a whole number from 0 to `latest`.
export function clampEvent(n, latest) {
  const k = Math.round(Number(n));
  if (!Number.isFinite(k) || k < 0) return 0;
  return Math.min(k, latest);
}

// Where a step button goes from event `current`: "first", "previous", "next" or "last".
export function stepTarget(where, current, latest) {
  const to = { first: 0, previous: current - 1, next: current + 1, last: latest }[where];
  return clampEvent(to ?? current, latest);
}

// The seat whose own view a frame draws: `choice` (a seat the frame shows, or "turn": the seat
// to move then, else the seat of its event), the only seat it shows, or `fallback` (hot seat:
// the seat whose owner confirmed); null when the frame shows no seat's own view.
export function frameSeat(seen, toMove, entrySeat, choice, fallback = null) {
  if (seen.length === 0) return null;
  if (typeof choice === "number" && seen.includes(choice)) return choice;
  if (seen.length === 1) return seen[0];
  if (choice === "turn") {
    if (toMove !== null && seen.includes(toMove)) return toMove;
    if (entrySeat !== null && seen.includes(entrySeat)) return entrySeat;
    return seen[0];
  }
  return seen.includes(fallback) ? fallback : null;
}

// Where the record of a finished table is downloaded (GET /api/tables/{id}/record.json).
export function recordHref(tableId) {
  return `/api/tables/${encodeURIComponent(tableId)}/record.json`;
}

// "Event 12 of 40", "Before the first move".
export function frameLabel(n, latest) {
  return n === 0 ? `Before the first move (${latest} in all)` : `Event ${n} of ${latest}`;
}

let styled = false;

export class Replay {
  // table: the page's Table (table.js): its socket, live state, seat labels and draw().
  constructor(table) {
    this.table = table;
    this.active = false;
    this.frame = null; // the last frame received
    this.want = null; // the event asked for last
    this.asked = null; // the event of the request in flight (one at a time)
    this.choice = "turn"; // after the end: whose hand to show
    this.ui = {}; // the view's own memory while replaying (a selection must not leak into play)
    this.dragging = false;
    if (!styled) {
      document.head.append(h("link", { rel: "stylesheet", href: "/static/replay.css" }));
      styled = true;
    }
  }

  latest() {
    return this.table.state?.n ?? 0;
  }

  over() {
    return Boolean(this.table.state?.result);
  }

  // Open the replay at event `n` (the latest when left out).
  open(n) {
    this.active = true;
    this.go(n ?? this.latest());
  }

  close() {
    this.active = false;
    this.frame = null;
    this.want = this.asked = null;
    this.table.draw();
  }

  go(n) {
    this.want = clampEvent(n, this.latest());
    // One request at a time; one lost with a dropped connection is asked again.
    if (this.asked === null || Date.now() - this.askedAt > 3000) this.ask();
    if (!this.dragging) this.table.draw();
  }

  ask() {
    const n = this.want;
    this.asked = n;
    this.askedAt = Date.now();
    if (!this.table.socket.send({ type: "frame", id: `frame-${n}`, n })) {
      this.asked = null;
      this.table.say("Not connected: the replay will go on once the table is back.");
    }
  }

  // Whether a message is the answer to one of this replay's requests.
  owns(data) {
    return data.type === "frame" || (typeof data.id === "string" && data.id.startsWith("frame-"));
  }

  receive(data) {
    this.asked = null;
    if (data.type !== "frame") {
      this.table.say(data.message ?? "The replay was refused.");
      return;
    }
    if (!this.active) return;
    this.frame = data;
    if (this.want !== null && this.want !== data.n) this.ask();
    if (this.dragging) this.table.drawBoard();
    else this.table.draw();
  }

  // The seat whose own view is drawn for the current frame.
  seat() {
    const { seen, state, entry } = this.frame;
    const choice = this.over() ? this.choice : null;
    return frameSeat(seen, state.to_move, entry?.seat ?? null, choice, this.table.shownSeat());
  }

  // The state a view draws: the frame's, with nothing to play and the live seats' labels.
  state() {
    const live = this.table.state;
    return { ...this.frame.state, you: live.you, legal: [], undo: null };
  }

  // The controls above the board.
  bar() {
    if (!this.active) return null;
    const latest = this.latest();
    // The controls go from the event asked for last (quick steps add up); the words say what
    // the board shows.
    const n = this.want ?? this.frame?.n ?? latest;
    const shown = this.frame?.n ?? n;
    const step = (where, label, text) =>
      h(
        "button",
        {
          type: "button",
          class: "tool",
          "data-key": `replay-${where}`,
          "aria-label": label,
          title: label,
          disabled: stepTarget(where, n, latest) === n,
          onclick: () => this.go(stepTarget(where, n, latest)),
        },
        text,
      );
    const seats = this.frame?.seen ?? [];
    return h(
      "section",
      { class: "replay", "aria-label": "Replay" },
      h(
        "div",
        { class: "replay-steps" },
        step("first", "First", "«"),
        step("previous", "Previous", "‹"),
        h("input", {
          type: "range",
          class: "replay-slider",
          min: 0,
          max: latest,
          value: n,
          "data-key": "replay-slider",
          "aria-label": "Event",
          "aria-valuetext": frameLabel(shown, latest),
          onpointerdown: () => {
            this.dragging = true;
          },
          oninput: (event) => this.go(Number(event.target.value)),
          onchange: (event) => {
            this.dragging = false;
            this.go(Number(event.target.value));
          },
        }),
        step("next", "Next", "›"),
        step("last", "Last", "»"),
      ),
      h(
        "p",
        { class: "replay-where", role: "status" },
        h("strong", {}, frameLabel(shown, latest)),
        this.frame?.entry
          ? ` — ${this.table.seatLabel(this.frame.entry.seat)}: ${this.frame.entry.words}`
          : "",
      ),
      h(
        "div",
        { class: "replay-tools" },
        this.over() && seats.length > 1
          ? h(
              "label",
              {},
              "Hand shown: ",
              h(
                "select",
                {
                  "data-key": "replay-seat",
                  onchange: (event) => {
                    const value = event.target.value;
                    this.choice = value === "turn" ? "turn" : Number(value);
                    this.ui = {};
                    this.table.draw();
                  },
                },
                h(
                  "option",
                  { value: "turn", selected: this.choice === "turn" },
                  "the seat to play",
                ),
                seats.map((s) =>
                  h("option", { value: s, selected: this.choice === s }, this.table.seatLabel(s)),
                ),
              ),
            )
          : h(
              "span",
              { class: "quiet" },
              seats.length ? "What you saw then." : "What everyone at the table saw then.",
            ),
        this.over()
          ? h(
              "a",
              { class: "button", href: recordHref(this.table.id), download: "" },
              "Download the record",
            )
          : null,
        this.over() ? this.table.review?.controls() : null,
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-key": "replay-close",
            onclick: () => this.close(),
          },
          this.over() ? "Close the replay" : "Back to the game",
        ),
      ),
    );
  }
}
