// The table page, the same for every game: the connection, whose turn it is, the game log,
// hints, undo, the end screen with rematch, and the hot-seat screen. The game's own view
// (games/<game>/web/view.js, see the registration's "web" part) draws the table itself from
// the context this shell gives it (makeContext below; plain.js is the view of a game that has
// none).
import { api, claim, games, held, settings } from "./api.js";
import { TurnAlerts } from "./callback.js";
import { TableSocket } from "./connection.js";
import { choiceButton, h, homeLink, legalKeys, plural, revealChoices, svg } from "./dom.js";
import { budgetOf } from "./levels.js";
import plainView from "./plain.js";
import { Replay, recordHref } from "./replay.js";
import { Review } from "./review.js";
import { ruleLink, rulesButton, useRules } from "./rules.js";
import { devicesChanged, rematched, seatName, seatsPanel, signedOut } from "./seats.js";

export async function tablePage(root, tableId, seat, invite) {
  root.replaceChildren(h("p", { class: "loading" }, "Opening the table…"));
  let notice = null;
  if (seat !== null) {
    try {
      await claim(tableId, seat, invite);
    } catch (error) {
      notice = `Seat ${seat + 1}: ${error.message}. You are watching.`;
      if (error.status === 404) return missing(root, tableId);
    }
    history.replaceState(null, "", `/t/${tableId}`); // the invite code leaves the address bar
  }
  let summary;
  try {
    summary = await api(`/api/tables/${tableId}`);
  } catch (error) {
    if (error.status === 410) return archived(root, error);
    return error.status === 404 ? missing(root, tableId) : failed(root, error);
  }
  const catalogue = await api(`/api/tables/${tableId}/catalogue`);
  const game = (await games()).games.find((g) => g.id === summary.game);
  const view = await loadView(game);
  useRules(game.id);
  new Table(root, tableId, game, view, catalogue.catalogue, notice).start();
}

function missing(root, tableId) {
  root.replaceChildren(
    h(
      "main",
      { class: "page narrow" },
      h("h1", {}, "No such table"),
      h(
        "p",
        {},
        `There is no table ${tableId} on this server (finished tables are cleared after a while).`,
      ),
      h("p", {}, h("a", { href: "/" }, "Go to the lobby")),
    ),
  );
}

// A running table nobody played or watched for days (feathers serve --idle-days): the server
// keeps its record but no longer serves it; the message says since when.
function archived(root, error) {
  root.replaceChildren(
    h(
      "main",
      { class: "page narrow" },
      h("h1", {}, "This table was archived"),
      h("p", {}, error.message),
      h("p", {}, h("a", { href: "/" }, "Go to the lobby")),
    ),
  );
}

function failed(root, error) {
  root.replaceChildren(
    h(
      "main",
      { class: "page narrow" },
      h("h1", {}, "Something went wrong"),
      h("p", {}, error.message),
      h("p", {}, h("a", { href: "/" }, "Go to the lobby")),
    ),
  );
}

export async function loadView(game) {
  if (game?.view?.style) {
    document.head.append(h("link", { rel: "stylesheet", href: game.view.style }));
  }
  if (!game?.view?.script) return plainView;
  return (await import(game.view.script)).default;
}

class Table {
  constructor(root, id, game, view, catalogue, notice) {
    this.root = root;
    this.id = id;
    this.game = game;
    this.view = view;
    this.catalogue = catalogue;
    this.state = null;
    this.log = [];
    this.hint = null; // {n, message} of the last hint, or {n, waiting: true}
    this.confirmed = null; // hot seat: the seat whose owner said "it is me"
    this.ui = {}; // the view's own memory between drawings (a selected card...)
    this.status = "connecting";
    this.rematch = null;
    this.message = notice ? { text: notice } : null;
    this.logOpen = false;
    this.replay = new Replay(this); // stepping through the game (replay.js)
    this.review = new Review(this); // "Review my game" after the end (review.js)
    this.alerts = new TurnAlerts(id, game.title); // title, icon, sound, notification: callback.js
  }

  start() {
    const mine = held.get(this.id);
    this.token = mine?.token ?? null;
    this.connect();
  }

  connect() {
    this.socket = new TableSocket(this.id, this.token, {
      message: (data) => this.receive(data),
      status: (text) => {
        this.status = text;
        this.draw();
      },
    });
    this.socket.open();
  }

  // A device signed out goes on watching: its token is forgotten and the page connects again
  // without it, so the hand it held is no longer shown (the old connection must not reconnect).
  watchOnly() {
    signedOut(this.id);
    this.token = null;
    this.confirmed = null;
    this.hint = null;
    this.state = null;
    this.socket.closed = true;
    this.socket.ws?.close();
    this.connect();
  }

  receive(data) {
    if (this.replay.owns(data)) {
      this.replay.receive(data);
    } else if (this.review.owns(data)) {
      this.review.receive(data);
    } else if (data.type === "sync") {
      this.log = data.since === 0 ? data.log : this.log.concat(data.log);
      this.update(data.state);
    } else if (data.type === "event") {
      this.log.push(data.entry);
      this.update(data.state);
    } else if (data.type === "seats") {
      if (this.state) this.state.seats = data.seats;
      this.draw();
    } else if (data.type === "rematch") {
      this.rematch = data.table;
      rematched(this.id, data.table);
      if (this.token) held.set(data.table, this.token, this.state?.you ?? []);
      this.draw();
    } else if (data.type === "devices") {
      devicesChanged(this);
    } else if (data.type === "error") {
      if (data.code === "signed_out") this.watchOnly();
      this.say(data.message);
    }
  }

  update(state) {
    if (this.state && state.n !== this.state.n) {
      this.hint = null;
      this.message = null; // a refusal is about the table as it was
    }
    this.state = state;
    if (state.rematch) this.rematch = state.rematch;
    this.draw();
    this.alerts.update(state, this.log);
    // Hints on (a short game after a lesson, learn.js): ask at each turn of a held seat.
    const auto = settings.get(`hints:${this.id}`, false) && !this.hint && !this.replay.active;
    if (auto && state.legal.length > 0 && this.gate() === null) this.askHint();
  }

  // The seat whose own view is drawn: the one held seat; in hot seat the seat to move once its
  // owner confirmed; null for a spectator, or while the device is passed on.
  shownSeat() {
    const you = this.state.you;
    if (you.length === 0) return null;
    if (you.length === 1) return you[0];
    const toMove = this.state.to_move;
    return you.includes(toMove) && this.confirmed === toMove ? toMove : null;
  }

  // Hot seat: the seat that must confirm before its hand is shown, or null.
  gate() {
    const { you, to_move: toMove } = this.state;
    return you.length > 1 && you.includes(toMove) && this.confirmed !== toMove ? toMove : null;
  }

  seatLabel(seat) {
    return seatName(seat, this.state.seats[seat], this.state.you.includes(seat));
  }

  // A refusal or a notice, shown beside the last choice clicked (where the player looks) when
  // it was clicked a moment ago, else at the bottom of the screen.
  say(text, rule = "") {
    const near = this.clicked && Date.now() - this.clicked.at < 5000 ? this.clicked.rect : null;
    this.message = { text, rule, at: Date.now(), near };
    this.draw();
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => {
      this.message = null;
      this.draw();
    }, 8000);
  }

  async act(action) {
    if (this.replay.active) {
      this.say("This is the replay: nothing can be played from it. Go back to the game to play.");
      return { type: "rejected", code: "replay" };
    }
    const seat = this.shownSeat();
    const answer = await this.socket.command("move", seat === null ? { action } : { action, seat });
    this.answered(answer);
    return answer;
  }

  answered(answer) {
    if (answer.type === "rejected") {
      if (answer.code === "stale") this.socket.send({ type: "sync", last: this.socket.n ?? 0 });
      this.say(answer.reason, answer.rule);
    } else if (answer.type === "error") {
      this.say(answer.message);
    }
  }

  async askHint() {
    const seat = this.shownSeat();
    this.hint = { n: this.state.n, waiting: true };
    this.draw();
    const answer = await this.socket.command("hint", { seat });
    if (answer.type === "hint") this.hint = { n: answer.n, message: answer };
    else {
      this.hint = null;
      this.answered(answer);
    }
    this.draw();
  }

  async undo() {
    this.answered(await this.socket.command("undo", { seat: this.state.undo }));
  }

  async askRematch() {
    try {
      const made = await api(`/api/tables/${this.id}/rematch`, { token: this.token });
      held.set(made.table, this.token, this.state.you);
      this.rematch = made.table;
      this.rematchInvites = made.invites;
      this.draw();
    } catch (error) {
      this.say(error.message);
    }
  }

  // What a game's view gets to draw the table: see docs/pages.md.
  // A replay draws its frame's state for its own seat, with its own ui memory.
  makeContext(state = this.state, seat = this.shownSeat(), ui = this.ui) {
    const own = state.private.find((p) => p.seat === seat) || null;
    const offered = seat !== null && seat === state.to_move ? state.legal : [];
    const legal = new Map(offered.map((l) => [l.action, l.words]));
    const fields = new Map(offered.map((l) => [l.action, l.fields ?? { kind: "action" }]));
    const hinted = state === this.state ? (this.hint?.message?.choices?.[0]?.action ?? null) : null;
    const ctx = {
      state,
      seat,
      legal,
      fields,
      hinted,
      // In a replay: {n, latest} of the frame drawn (replay.js); null in live play.
      replay: state === this.state ? null : { n: this.replay.frame.n, latest: this.state.n },
      game: this.game,
      public: state.public,
      derived: state.derived ?? null,
      me: own?.observation ?? null,
      mine: own?.derived ?? null,
      catalogue: this.catalogue,
      myTurn: legal.size > 0,
      over: Boolean(state.result),
      ui,
      h,
      svg,
      plural,
      seatLabel: (s) => this.seatLabel(s),
      act: (action) => this.act(action),
      refuse: (reason, rule = "") => this.say(reason, rule),
      ruleRef: (rule) => (rule ? ruleLink(rule, this.game.id, true) : null),
      redraw: () => this.draw(),
      setting: (name, fallback) => settings.get(`${this.game.id}:${name}`, fallback),
      setSetting: (name, value) => {
        settings.set(`${this.game.id}:${name}`, value);
        this.draw();
      },
      // A button for a choice: {action} sends that action when clicked (legal or not: the
      // server answers an illegal one with its reason and rule); {onclick, legal} does
      // something of the view's own (e.g. select a card). Legal choices are highlighted and
      // reachable with Tab; Enter and Space press them.
      button: (props, ...children) =>
        choiceButton(props, children, {
          legal,
          hinted,
          press: (event, choice) => this.press(event, choice),
        }),
    };
    return ctx;
  }

  replayContext() {
    return this.makeContext(this.replay.state(), this.replay.seat(), this.replay.ui);
  }

  // While the replay's slider is dragged only the board and the replay's line are drawn again:
  // a whole redraw would take the slider from under the pointer.
  drawBoard() {
    const main = this.root.querySelector("main.board");
    const where = this.root.querySelector(".replay-where");
    if (!main || !where || !this.replay.frame) return this.draw();
    main.replaceChildren(this.view.render(this.replayContext()));
    where.replaceWith(this.replay.bar().querySelector(".replay-where"));
    this.root.querySelector(".table-page").dataset.frame = this.replay.frame.n;
  }

  // A choice pressed: its action is sent, or the view's own handler runs; a choice that may not
  // be used now always answers in words (the view's, the server's, or the shell's below).
  press(event, { action, onclick, ok, why }) {
    const button = event.currentTarget;
    this.clicked = { rect: button.getBoundingClientRect(), at: Date.now() };
    if (!onclick) return this.act(action);
    const before = this.message;
    this.revealWanted = true; // a first step chosen: its targets in sight (reveal)
    this.legalBefore = legalKeys(this.root);
    const result = onclick();
    this.revealWanted = false;
    if (!ok && this.message === before && button.isConnected) {
      // the view neither said anything nor redrew: say why the choice is not usable
      this.say(why || this.notUsable());
    }
    return result;
  }

  notUsable() {
    const state = this.state;
    if (state.result) return "The game is over.";
    if (this.shownSeat() !== state.to_move)
      return `It is not your turn: ${this.turnText(this.makeContext())}.`;
    return "That cannot be used now: the highlighted choices can.";
  }

  draw() {
    if (!this.state) {
      this.root.replaceChildren(
        h("p", { class: "loading" }, this.status === "connecting" ? "Connecting…" : this.status),
      );
      return;
    }
    const focused = document.activeElement?.dataset?.key;
    const wasOver = this.shownOver;
    this.shownOver = Boolean(this.state.result);
    const wasMine = this.shownMine;
    const wasN = this.shownN;
    this.shownN = this.state.n;
    const replaying = this.replay.active && this.replay.frame !== null;
    const ctx = replaying ? this.replayContext() : this.makeContext();
    const gate = replaying ? null : this.gate();
    const board =
      gate === null
        ? this.view.render(ctx)
        : h(
            "section",
            { class: "gate", "aria-live": "polite" },
            h("h2", {}, `Pass the device to Seat ${gate + 1}`),
            h("p", {}, "The hand stays hidden until its owner is ready."),
            h(
              "button",
              {
                type: "button",
                class: "primary big",
                "data-key": "gate",
                onclick: () => {
                  this.confirmed = gate;
                  this.ui = {};
                  this.draw();
                },
              },
              `I am Seat ${gate + 1}: show my hand`,
            ),
          );
    const page = {
      class: ["table-page", `game-${this.game.id}`],
      "data-n": this.state.n,
      "data-status": this.state.status,
      "data-frame": replaying ? this.replay.frame.n : null,
    };
    this.root.replaceChildren(
      h(
        "div",
        page,
        this.header(ctx),
        this.replay.bar(),
        this.state.result && !this.replay.active ? this.endScreen(ctx) : null,
        h("main", { class: "board", "aria-label": "The table" }, this.thinking(), board),
        this.state.result ? this.review.panel() : this.replay.active ? null : this.hintPanel(ctx),
        this.side(ctx),
        this.toast(),
      ),
    );
    const log = this.root.querySelector(".log .entries");
    const current = log?.querySelector(".current");
    if (current) {
      const offset = current.getBoundingClientRect().top - log.getBoundingClientRect().top;
      log.scrollTop += offset - log.clientHeight / 2; // the replayed move in the middle
    } else if (log) log.scrollTop = log.scrollHeight; // the newest moves in sight
    const again =
      focused &&
      [...this.root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === focused);
    const next = this.root.querySelector(
      "main.board .choice.legal:not(.selected), main.board .gate button",
    );
    this.shownMine = ctx.myTurn;
    const moved = wasN !== undefined && wasN !== this.state.n;
    if (ctx.myTurn && (this.revealWanted || wasMine !== true || moved)) this.reveal();
    if (this.shownOver && !wasOver && wasOver !== undefined) {
      // the game just ended: its result in sight and in focus, wherever the last move was
      const end = this.root.querySelector(".end");
      end.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
      end.querySelector("h2").focus({ preventScroll: true });
    } else if (again && again.getAttribute("aria-disabled") !== "true") {
      again.focus({ preventScroll: true });
    } else if (focused && next) {
      // the choice in focus was used (or may no longer be): on to the next thing to do
      next.focus({ preventScroll: true });
    } else if (again) {
      again.focus({ preventScroll: true });
    }
  }

  reveal() {
    revealChoices(this.root, this.revealWanted ? this.legalBefore : null);
  }

  // A computer seat to move: which, an animated mark (still when the reader prefers less
  // motion) and how long it may think, at the top of the board.
  thinking() {
    const state = this.state;
    if (state.result || state.to_move === null || state.to_move === undefined) return null;
    const info = state.seats[state.to_move];
    if (!info || info.kind === "human") return null;
    const budget = budgetOf(info.kind) || specBudget(info.kind);
    return h(
      "p",
      { class: "thinking", role: "status" },
      h("span", { class: "dots", "aria-hidden": "true" }, h("i"), h("i"), h("i")),
      h("strong", {}, `${this.seatLabel(state.to_move)} is thinking`),
      budget ? h("span", { class: "budget" }, ` · ${budget}`) : null,
    );
  }

  turnText(ctx) {
    const state = this.state;
    if (state.result) return "Game over";
    const toMove = state.to_move;
    if (ctx.myTurn) return "Your turn";
    const info = state.seats[toMove];
    if (info.kind !== "human") return `${this.seatLabel(toMove)} is thinking…`; // handed over too
    if (state.you.includes(toMove)) return `${this.seatLabel(toMove)} to play`;
    if (!info.claimed) return `Waiting for Seat ${toMove + 1} to join`;
    return `Waiting for ${this.seatLabel(toMove)}`;
  }

  header(ctx) {
    const state = this.state;
    const canHint = ctx.myTurn && !this.hint?.waiting;
    const live = this.status === "connected";
    return h(
      "header",
      { class: "bar" },
      homeLink(),
      h(
        "div",
        { class: "title" },
        h("h1", {}, this.game.title),
        h("p", { class: ["turn", ctx.myTurn && "mine"], role: "status" }, this.turnText(ctx)),
      ),
      h(
        "div",
        { class: "actions" },
        this.view.toolbar ? this.view.toolbar(ctx) : null,
        ctx.myTurn || this.hint
          ? h(
              "button",
              {
                type: "button",
                class: "tool",
                "data-key": "hint",
                disabled: !canHint,
                onclick: () => this.askHint(),
              },
              this.hint?.waiting ? "Thinking…" : "Hint",
            )
          : null,
        state.n > 0
          ? h(
              "button",
              {
                type: "button",
                class: "tool",
                "data-key": "replay",
                "aria-pressed": String(this.replay.active),
                onclick: () =>
                  this.replay.active
                    ? this.replay.close()
                    : this.replay.open(state.result ? 0 : undefined),
              },
              state.result ? "Replay" : "Look back",
            )
          : null,
        rulesButton(this.game.id),
        state.undo !== null && !this.replay.active
          ? h(
              "button",
              {
                type: "button",
                class: "tool",
                "data-key": "undo",
                onclick: () => this.undo(),
              },
              "Undo",
            )
          : null,
        h(
          "span",
          { class: ["link", live ? "up" : "down"], title: this.status },
          live ? "online" : this.status,
        ),
      ),
    );
  }

  side(_ctx) {
    const entries = this.log.slice(this.logOpen || this.replay.active ? 0 : -12);
    const shown = this.replay.active ? this.replay.frame?.n : null;
    return h(
      "aside",
      { class: "side" },
      h(
        "section",
        { class: "log", "aria-label": "Game log" },
        h("h2", {}, "Game log"),
        this.log.length > 12
          ? h(
              "button",
              {
                type: "button",
                class: "linkish",
                "data-key": "log-more",
                onclick: () => {
                  this.logOpen = !this.logOpen;
                  this.draw();
                },
              },
              this.logOpen ? "Show the last moves only" : `Show all ${this.log.length} moves`,
            )
          : null,
        this.log.length === 0 ? h("p", { class: "quiet" }, "No moves yet.") : null,
        h(
          "ol",
          { class: "entries", start: entries[0]?.n ?? 1 },
          entries.map((e) =>
            h(
              "li",
              {
                class: [e.kind, e.n === shown && "current"],
                "aria-current": e.n === shown ? "step" : null,
              },
              h(
                "button",
                {
                  type: "button",
                  class: "jump",
                  "data-key": `log-${e.n}`,
                  title: "Show the table after this move",
                  onclick: () => this.replay.open(e.n),
                },
                h("strong", {}, `${this.seatLabel(e.seat)}: `),
                e.words,
              ),
            ),
          ),
        ),
      ),
      this.state.you.length ? this.alerts.panel(h, () => this.draw()) : null,
      seatsPanel(this),
    );
  }

  // The hint's choices, best first, each with what the server says of it in words ("win
  // chance 64%", "expected 2.3 Monsters", "the only move"): see docs/protocol.md.
  hintPanel(ctx) {
    if (!this.hint) return null;
    if (this.hint.waiting)
      return h(
        "section",
        { class: "hint" },
        h("h2", {}, "Hint"),
        h("p", {}, "The computer is searching what you know…"),
      );
    const message = this.hint.message;
    const searched = message.choices.some((c) => c.visits > 0);
    return h(
      "section",
      { class: "hint", "aria-live": "polite" },
      h("h2", {}, "Hint"),
      h(
        "ol",
        {},
        message.choices.map((c, i) =>
          h(
            "li",
            { class: i === 0 ? "best" : null },
            ctx.button({ action: c.action, class: "hint-choice" }, c.words),
            c.text ? h("span", { class: "estimate" }, c.text) : null,
          ),
        ),
      ),
      searched
        ? h(
            "p",
            { class: "quiet" },
            message.estimate === "score"
              ? "If the computer played the rest."
              : "From what you can see.",
          )
        : null,
    );
  }

  endScreen(ctx) {
    const { scores, winners } = this.state.result;
    const solo = scores.length === 1;
    const unit = this.game.score_unit;
    const best = solo
      ? `Final score: ${plural(scores[0], unit.replace(/s$/, ""), unit)}`
      : winners.length === 0
        ? "Nobody wins"
        : `${winners.map((s) => this.seatLabel(s)).join(" and ")} ${winners.length > 1 ? "share the victory" : "wins"}`;
    const explained = this.view.result ? this.view.result(ctx) : sheets(ctx, unit);
    return h(
      "section",
      { class: "end", "aria-label": "Result" },
      h("h2", { tabindex: "-1" }, best),
      h(
        "ul",
        { class: "scores" },
        scores.map((s, seat) =>
          h(
            "li",
            { class: winners.includes(seat) ? "winner" : null },
            h("span", {}, this.seatLabel(seat)),
            h("strong", {}, `${s}`),
            winners.includes(seat) ? h("span", { class: "badge" }, "winner") : null,
          ),
        ),
      ),
      explained,
      h(
        "div",
        { class: "end-actions" },
        this.rematch
          ? h(
              "a",
              { class: "button primary", href: `/t/${this.rematch}`, "data-key": "go-rematch" },
              "Go to the rematch",
            )
          : this.token
            ? h(
                "button",
                {
                  type: "button",
                  class: "primary",
                  "data-key": "rematch",
                  onclick: () => this.askRematch(),
                },
                "Rematch",
              )
            : null,
        h(
          "button",
          { type: "button", "data-key": "replay-start", onclick: () => this.replay.open(0) },
          "Replay the game",
        ),
        this.review.controls(),
        h("a", { class: "button", href: recordHref(this.id), download: "" }, "Download the record"),
        h("a", { class: "button", href: "/" }, "Back to the lobby"),
      ),
      this.rematchInvites?.length
        ? h(
            "p",
            { class: "quiet" },
            "Invite links of the rematch's free seats: ",
            this.rematchInvites.map((i) => h("a", { href: i.url }, `Seat ${i.seat + 1} `)),
          )
        : null,
    );
  }

  toast() {
    if (!this.message) return h("div", { class: "toast", role: "alert", "aria-live": "assertive" });
    const near = this.message.near;
    let place = null;
    if (near) {
      // beside the choice clicked: below it, or above it when below is off the screen
      const below = near.bottom + 8;
      const top = below + 90 < window.innerHeight ? below : Math.max(8, near.top - 98);
      place = { top: `${top}px`, bottom: "auto" };
    }
    return h(
      "div",
      {
        class: ["toast shown", near && "near"],
        role: "alert",
        "aria-live": "assertive",
        style: place,
      },
      h("span", {}, this.message.text),
      this.message.rule ? ruleLink(this.message.rule, this.game.id, true) : null,
      h(
        "button",
        {
          type: "button",
          class: "close",
          "aria-label": "Dismiss",
          onclick: () => {
            this.message = null;
            this.draw();
          },
        },
        "×",
      ),
    );
  }
}

// The end screen's explanation when the view has none of its own: the sheets the game's web
// part derives for the finished game ({seat, total, lines: [{item, points, why}]}).
function sheets(ctx, unit) {
  const all = ctx.derived?.sheets;
  if (!all) return null;
  return h(
    "div",
    { class: "sheets" },
    all.map((sheet) =>
      h(
        "table",
        { class: "sheet" },
        h("caption", {}, `${ctx.seatLabel(sheet.seat)}: ${sheet.total} ${unit}`),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "what"),
            h("th", { scope: "col" }, unit),
            h("th", { scope: "col" }, "why"),
          ),
        ),
        h(
          "tbody",
          {},
          sheet.lines.map((line) =>
            h(
              "tr",
              {},
              h("td", {}, line.item),
              h("td", { class: "num" }, String(line.points)),
              h("td", {}, line.why),
            ),
          ),
        ),
      ),
    ),
  );
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// "up to 2 s a move" / "500 tries a move" from an agent spec ("ismcts:seconds=2"), else "".
function specBudget(kind) {
  const seconds = kind.match(/seconds=([\d.]+)/);
  if (seconds) return `up to ${seconds[1]} s a move`;
  const tries = kind.match(/iterations=(\d+)/);
  return tries ? `${tries[1]} tries a move` : "";
}
