// Being called back to the table: when this browser's turn starts while its page is not in
// front (document.hidden), the tab title says "(Your turn) …", the tab's icon changes, and,
// as the person chose in the table page's "Turn alerts" panel, a short tone plays (Web Audio,
// no sound file) and the browser shows a notification. All three are settings of this browser,
// in localStorage; the notification permission is asked once, from the click that turns it on,
// never when a page loads. Everything comes back to normal when the page comes to front.
import { settings } from "./api.js";

export const PREFIX = "(Your turn) ";
export const ICON = "/static/feather.svg";
export const TURN_ICON = "/static/feather-turn.svg";

// The settings (name, default, label), kept as "feathers:setting:alert:<name>".
export const ALERTS = [
  { name: "title", fallback: true, label: "Show it in the tab's title and icon" },
  { name: "sound", fallback: false, label: "Play a short sound" },
  { name: "notify", fallback: false, label: "Show a notification" },
];

export function alertSetting(name, store = settings) {
  const found = ALERTS.find((a) => a.name === name);
  return Boolean(store.get(`alert:${name}`, found?.fallback ?? false));
}

export function setAlert(name, value, store = settings) {
  store.set(`alert:${name}`, Boolean(value));
}

// Whether this browser is to choose now: a seat it holds is to move and has choices (the
// server sends `legal` only to the seat to move, and none for a decision it makes itself).
export function isMyTurn(state) {
  return Boolean(state && !state.result && state.status !== "finished" && state.legal?.length);
}

// A document title with the turn mark (on) or without it (off); marking twice marks once.
export function markedTitle(title, on) {
  const plain = title.startsWith(PREFIX) ? title.slice(PREFIX.length) : title;
  return on ? PREFIX + plain : plain;
}

// What the notification says: the game, the seat(s) to play and the last move in words.
export function notificationText(gameTitle, state, log) {
  const seat = state.to_move;
  const last = log.at(-1);
  const body = last ? `Seat ${last.seat + 1}: ${last.words}` : "The game starts.";
  return { title: `Your turn: ${gameTitle} (Seat ${seat + 1})`, body };
}

// A short two-note tone (about a third of a second) on an AudioContext.
export function playTone(audio) {
  const start = audio.currentTime + 0.01;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
  gain.connect(audio.destination);
  const tone = audio.createOscillator();
  tone.type = "sine";
  tone.frequency.setValueAtTime(660, start);
  tone.frequency.setValueAtTime(880, start + 0.12);
  tone.connect(gain);
  tone.start(start);
  tone.stop(start + 0.36);
}

// One table page's alerts. `update(state, log)` after every state the page receives; `panel`
// draws the settings. `doc` and `win` are the page's document and window (tests give fakes).
export class TurnAlerts {
  constructor(tableId, gameTitle, { doc = document, win = window, store = settings } = {}) {
    this.tableId = tableId;
    this.gameTitle = gameTitle;
    this.doc = doc;
    this.win = win;
    this.store = store;
    this.mine = false; // it was this browser's turn at the last update
    this.signalled = false; // title and icon show the turn now
    this.notification = null;
    this.audio = null;
    this.open = false; // the settings panel is unfolded
    this.problem = ""; // why notifications are not shown (the browser refused them)
    if (!doc.title.includes(gameTitle)) doc.title = gameTitle; // the tab says which game
    doc.addEventListener("visibilitychange", () => {
      if (!doc.hidden) this.clear();
    });
    // Browsers let a page make sound only after the person clicked in it: the first click
    // readies the sound when it is on (kept from an earlier visit).
    doc.addEventListener("pointerdown", () => {
      if (alertSetting("sound", this.store)) this.readyAudio();
    });
  }

  update(state, log) {
    const now = isMyTurn(state);
    if (now && !this.mine && this.doc.hidden) this.turnStarted(state, log);
    if (!now) this.clear();
    this.mine = now;
    if (this.signalled) this.showTitle(true); // the page may have set its title again
  }

  turnStarted(state, log) {
    if (alertSetting("title", this.store)) {
      this.signalled = true;
      this.showTitle(true);
      this.setIcon(TURN_ICON);
    }
    if (alertSetting("sound", this.store)) this.beep();
    if (alertSetting("notify", this.store)) this.notify(state, log);
  }

  clear() {
    if (this.signalled) {
      this.signalled = false;
      this.showTitle(false);
      this.setIcon(ICON);
    }
    this.notification?.close();
    this.notification = null;
  }

  showTitle(on) {
    const title = markedTitle(this.doc.title, on);
    if (title !== this.doc.title) this.doc.title = title;
  }

  setIcon(href) {
    const link = this.doc.querySelector("link[rel~=icon]");
    if (link) link.setAttribute("href", href);
  }

  readyAudio() {
    const Audio = this.win.AudioContext ?? this.win.webkitAudioContext;
    if (!Audio) return null;
    this.audio ??= new Audio();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  beep() {
    try {
      const audio = this.readyAudio();
      if (audio) playTone(audio);
    } catch {
      // no sound device: the title and the notification still say it
    }
  }

  notify(state, log) {
    const Notification = this.win.Notification;
    if (Notification?.permission !== "granted") return;
    const { title, body } = notificationText(this.gameTitle, state, log);
    try {
      this.notification = new Notification(title, {
        body,
        icon: ICON,
        tag: `feathers-turn-${this.tableId}`,
      });
      this.notification.onclick = () => {
        this.win.focus();
        this.notification?.close();
      };
    } catch {
      this.notification = null; // e.g. a browser that shows them only from a service worker
    }
  }

  // A setting changed by a click in the panel. Turning notifications on asks the browser's
  // permission (from this click: browsers ask only after a gesture); refused, it stays off.
  async change(name, value, redraw) {
    this.problem = "";
    if (name === "sound" && value) {
      this.beep(); // the click readies the sound, and lets the person hear it
    }
    if (name === "notify" && value) {
      const Notification = this.win.Notification;
      if (!Notification) {
        this.problem = "This browser has no notifications.";
        value = false;
      } else if (Notification.permission !== "granted") {
        const answer = await Notification.requestPermission();
        if (answer !== "granted") {
          this.problem = "The browser refused: allow notifications for this site to use them.";
          value = false;
        }
      }
    }
    setAlert(name, value, this.store);
    redraw();
  }

  // The "Turn alerts" panel: one checkbox a setting, folded until opened.
  panel(h, redraw) {
    return h(
      "details",
      {
        class: "alerts",
        open: this.open || null,
        ontoggle: (event) => {
          this.open = event.target.open;
        },
      },
      h("summary", { "data-key": "alerts" }, "Turn alerts"),
      h("p", { class: "quiet" }, "When it is your turn and this page is not in front:"),
      ALERTS.map((a) =>
        h(
          "label",
          { class: "alert-setting" },
          h("input", {
            type: "checkbox",
            name: `alert-${a.name}`,
            "data-key": `alert-${a.name}`,
            checked: alertSetting(a.name, this.store) || null,
            onchange: (event) => this.change(a.name, event.target.checked, redraw),
          }),
          ` ${a.label}`,
        ),
      ),
      this.problem ? h("p", { class: "problem", role: "alert" }, this.problem) : null,
    );
  }
}
