// Unit tests of web/static/callback.js: when a turn start is signalled (only when the page is
// hidden, once per turn start), the title and icon and their return to normal, the settings
// kept in a store, and the notification permission asked only by a click.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ICON,
  isMyTurn,
  markedTitle,
  notificationText,
  TURN_ICON,
  TurnAlerts,
} from "../../src/fourfeathers/web/static/callback.js";

class FakeStore {
  constructor(values = {}) {
    this.values = { ...values };
  }
  get(name, fallback) {
    return name in this.values ? this.values[name] : fallback;
  }
  set(name, value) {
    this.values[name] = value;
  }
}

function fakeDocument() {
  const icon = {
    href: ICON,
    setAttribute(name, value) {
      this[name] = value;
    },
  };
  return {
    title: "Four Feathers",
    hidden: false,
    listeners: {},
    icon,
    addEventListener(name, fn) {
      this.listeners[name] = fn;
    },
    querySelector: () => icon,
    show(hidden) {
      this.hidden = hidden;
      this.listeners.visibilitychange();
    },
  };
}

function fakeWindow(permission = "granted", answer = "granted") {
  const shown = [];
  const asked = [];
  class Notification {
    static permission = permission;
    static async requestPermission() {
      asked.push(true);
      Notification.permission = answer;
      return answer;
    }
    constructor(title, options) {
      this.closed = false;
      shown.push({ title, options, note: this });
    }
    close() {
      this.closed = true;
    }
  }
  return { Notification, shown, asked, focus() {} };
}

const waiting = { status: "running", to_move: 0, legal: [], you: [1] };
const mine = { status: "running", to_move: 1, legal: [{ action: "draw 1" }], you: [1] };
const log = [{ n: 7, seat: 0, words: "put 9 (red) on stack 3" }];

test("whose turn, and the marked title", () => {
  assert.equal(isMyTurn(mine), true);
  assert.equal(isMyTurn(waiting), false);
  assert.equal(isMyTurn({ ...mine, result: { scores: [1, 2] } }), false);
  assert.equal(isMyTurn(null), false);
  assert.equal(markedTitle("Featherlight", true), "(Your turn) Featherlight");
  assert.equal(markedTitle("(Your turn) Featherlight", true), "(Your turn) Featherlight");
  assert.equal(markedTitle("(Your turn) Featherlight", false), "Featherlight");
  assert.deepEqual(notificationText("Featherlight", mine, log), {
    title: "Your turn: Featherlight (Seat 2)",
    body: "Seat 1: put 9 (red) on stack 3",
  });
});

test("a turn start is signalled only while the page is hidden, and undone when it shows", () => {
  const doc = fakeDocument();
  const win = fakeWindow();
  const store = new FakeStore({ "alert:notify": true });
  const alerts = new TurnAlerts("T1", "Featherlight", { doc, win, store });
  assert.equal(doc.title, "Featherlight");
  alerts.update(waiting, []);
  alerts.update(mine, log); // in front: nothing changes
  assert.equal(doc.title, "Featherlight");
  assert.equal(win.shown.length, 0);
  alerts.update(waiting, log);
  doc.hidden = true;
  alerts.update(mine, log);
  assert.equal(doc.title, "(Your turn) Featherlight");
  assert.equal(doc.icon.href, TURN_ICON);
  assert.equal(win.shown.length, 1);
  assert.equal(win.shown[0].options.tag, "feathers-turn-T1");
  alerts.update({ ...mine, n: 9 }, log); // the same turn goes on (a reconnect): once only
  assert.equal(win.shown.length, 1);
  doc.show(false);
  assert.equal(doc.title, "Featherlight");
  assert.equal(doc.icon.href, ICON);
  assert.equal(win.shown[0].note.closed, true);
});

test("each alert follows its setting", () => {
  const doc = fakeDocument();
  doc.hidden = true;
  const win = fakeWindow();
  const store = new FakeStore({ "alert:title": false });
  const alerts = new TurnAlerts("T1", "Featherlight", { doc, win, store });
  alerts.update(mine, log);
  assert.equal(doc.title, "Featherlight"); // title off; notifications off by default
  assert.equal(win.shown.length, 0);
});

test("the notification permission is asked from the setting's click, and a refusal says so", async () => {
  const doc = fakeDocument();
  const win = fakeWindow("default", "denied");
  const store = new FakeStore();
  const alerts = new TurnAlerts("T1", "Featherlight", { doc, win, store });
  assert.equal(win.asked.length, 0); // never on load
  let drawn = 0;
  await alerts.change("notify", true, () => drawn++);
  assert.equal(win.asked.length, 1);
  assert.equal(store.get("alert:notify"), false);
  assert.match(alerts.problem, /refused/);
  assert.equal(drawn, 1);
  const granted = fakeWindow("default", "granted");
  const other = new TurnAlerts("T1", "Featherlight", { doc, win: granted, store });
  await other.change("notify", true, () => {});
  assert.equal(store.get("alert:notify"), true);
  assert.equal(other.problem, "");
});
