// "Review my game" on a finished table (docs/protocol.md, "Reviews"): the server searches each
// decision of one seat as the strongest computer player would, a decision at a time, and
// sends its progress, then the review: the seat's win chance over the game (an SVG chart the
// server draws, shown as an image: it cannot run anything) and the decisions it marks
// (inaccuracy, mistake, blunder) with the move played and the better one in words. A click on
// one opens the replay at that move. Offered after the end only, to everybody at the table.
import { h, plural } from "./dom.js";

// "Reviewing… 12 of 40 decisions", "Reviewing… (replaying the game)".
export function progressLabel(done, total) {
  if (!total) return "Reviewing… (replaying the game)";
  return `Reviewing… ${done} of ${plural(total, "decision")}`;
}

// The decisions a review marks, in game order.
export function markedDecisions(result) {
  return (result?.decisions ?? []).filter((d) => d.mark).sort((a, b) => a.index - b.index);
}

// A loss in the review's unit: "23 win-chance points", "4.5 points".
export function lossText(loss, unit) {
  const rounded = Math.round(loss * 10) / 10;
  return `${rounded} ${unit}`;
}

// What a marked decision says: "Blunder: you played X; better: Y (−23 win-chance points)".
export function decisionText(d, unit) {
  const mark = d.mark.charAt(0).toUpperCase() + d.mark.slice(1);
  return `${mark}: played ${d.played.words}; better: ${d.best.words} (lost ${lossText(d.loss, unit)})`;
}

// The honest note on the search: how many iterations, and whether fewer than the level's.
export function budgetNote(result) {
  const most = Math.max(0, ...(result?.decisions ?? []).map((d) => d.iterations));
  const text = `Each decision was searched with up to ${most.toLocaleString("en")} iterations`;
  if (result.budget < result.level_budget || result.decisions.some((d) => d.short)) {
    return `${text}: fewer than the hard level's ${result.level_budget.toLocaleString("en")}, so the figures are rougher.`;
  }
  return `${text}, as the hard level searches.`;
}

// The chart as an image source (our own SVG text, shown by <img>: no script runs in it).
export function chartSrc(svgText) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
}

// The seat a viewer reviews first: its own (the first it holds), else seat 0.
export function defaultSeat(you) {
  return Array.isArray(you) && you.length ? you[0] : 0;
}

let styled = false;

export class Review {
  // table: the page's Table (table.js): its socket, state, seat labels, replay and draw().
  constructor(table) {
    this.table = table;
    this.seat = null; // the seat picked (null: defaultSeat)
    this.status = "idle"; // idle, running, done, error
    this.done = 0;
    this.total = 0;
    this.data = null; // the last `review` message
    this.error = null;
    if (!styled && typeof document !== "undefined") {
      document.head.append(h("link", { rel: "stylesheet", href: "/static/review.css" }));
      styled = true;
    }
  }

  picked() {
    const players = this.table.state?.seats?.length ?? 1;
    const seat = this.seat ?? defaultSeat(this.table.state?.you);
    return Math.min(seat, players - 1);
  }

  // Whether a message is about a review (answers carry ids starting "review").
  owns(data) {
    if (["review", "review_progress", "review_cancelled"].includes(data.type)) return true;
    return data.type === "error" && typeof data.id === "string" && data.id.startsWith("review");
  }

  receive(data) {
    if (data.type === "review_progress") {
      if (this.status !== "running") return; // cancelled meanwhile
      this.done = data.done;
      this.total = data.total;
    } else if (data.type === "review") {
      this.status = "done";
      this.data = data;
    } else if (data.type === "review_cancelled") {
      this.status = "idle";
    } else if (data.type === "error") {
      this.status = "error";
      this.error = data.message;
    }
    this.table.draw();
  }

  ask() {
    const seat = this.picked();
    this.status = "running";
    this.done = this.total = 0;
    this.data = this.error = null;
    if (!this.table.socket.send({ type: "review", id: `review-${seat}`, seat })) {
      this.status = "error";
      this.error = "Not connected: try again once the table is back.";
    }
    this.table.draw();
  }

  cancel() {
    this.table.socket.send({ type: "review_cancel", id: "review-cancel" });
    this.status = "idle";
    this.table.draw();
  }

  // The seat picker and the button (end screen and replay bar).
  controls() {
    const players = this.table.state?.seats?.length ?? 1;
    const seat = this.picked();
    return h(
      "span",
      { class: "review-ask" },
      players > 1
        ? h(
            "select",
            {
              "data-key": "review-seat",
              "aria-label": "Seat to review",
              onchange: (event) => {
                this.seat = Number(event.target.value);
              },
            },
            Array.from({ length: players }, (_, s) =>
              h("option", { value: s, selected: s === seat }, this.table.seatLabel(s)),
            ),
          )
        : null,
      h(
        "button",
        {
          type: "button",
          "data-key": "review-start",
          disabled: this.status === "running",
          onclick: () => this.ask(),
        },
        "Review my game",
      ),
    );
  }

  // The review panel (null until one is asked for).
  panel() {
    if (this.status === "idle") return null;
    const parts = [];
    if (this.status === "running") {
      parts.push(
        h("p", { role: "status" }, progressLabel(this.done, this.total)),
        h("progress", { max: Math.max(1, this.total), value: this.done }),
        h(
          "button",
          { type: "button", "data-key": "review-cancel", onclick: () => this.cancel() },
          "Cancel the review",
        ),
      );
    } else if (this.status === "error") {
      parts.push(h("p", { class: "review-error", role: "alert" }, this.error));
    } else {
      parts.push(...this.result(this.data));
    }
    const seat = this.data?.seat ?? this.picked();
    return h(
      "section",
      { class: "review-panel", "aria-label": "Review" },
      h("h2", {}, `Review of ${this.table.seatLabel(seat)}`),
      parts,
      this.status === "running"
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "review-close",
              "data-key": "review-close",
              onclick: () => {
                this.status = "idle";
                this.table.draw();
              },
            },
            "Close the review",
          ),
    );
  }

  result(data) {
    const result = data.result;
    const unit = result.unit;
    const counts = result.counts;
    const marked = markedDecisions(result);
    const agreement =
      result.agreement === null
        ? ""
        : `; the search agreed with ${Math.round(result.agreement * 100)}% of them`;
    return [
      h(
        "p",
        {},
        `${plural(result.decisions.length, "decision")} reviewed${agreement}. `,
        `${plural(counts.blunder, "blunder")}, ${plural(counts.mistake, "mistake")}, ${plural(counts.inaccuracy, "inaccuracy", "inaccuracies")}.`,
      ),
      h("img", {
        class: "review-chart",
        src: chartSrc(data.chart),
        alt: result.solo ? "Expected score over the game" : "Win chance over the game",
      }),
      h("p", { class: "quiet review-budget" }, budgetNote(result)),
      marked.length
        ? h(
            "ol",
            { class: "review-marks" },
            marked.map((d) =>
              h(
                "li",
                { class: `mark-${d.mark}` },
                h(
                  "button",
                  {
                    type: "button",
                    class: "review-jump",
                    "data-key": `review-jump-${d.index}`,
                    "data-event": d.event,
                    title: "Show this move in the replay",
                    onclick: () => this.table.replay.open(d.event),
                  },
                  h("span", { class: "review-move" }, `Move ${d.event ?? d.index + 1}`),
                  " ",
                  decisionText(d, unit),
                ),
              ),
            ),
          )
        : h("p", {}, "No decision is marked: the search found nothing clearly better."),
    ];
  }
}
