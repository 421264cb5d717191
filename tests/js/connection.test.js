// Unit tests of web/static/connection.js: the order of events, catching up after a gap, and
// commands matched to their answers (docs/protocol.md). Run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { TableSocket } from "../../src/fourfeathers/web/static/connection.js";

globalThis.WebSocket = { OPEN: 1 };

let sent;
let messages;

function socket(n = null) {
  const s = new TableSocket("t1", "token", {
    message: (data) => messages.push(data),
    status: () => {},
  });
  s.n = n;
  s.ws = { readyState: 1, send: (text) => sent.push(JSON.parse(text)) };
  return s;
}

beforeEach(() => {
  sent = [];
  messages = [];
});

test("a ping is answered with a pong and not passed on", () => {
  const s = socket(3);
  s.receive({ type: "ping" });
  assert.deepEqual(sent, [{ type: "pong" }]);
  assert.deepEqual(messages, []);
});

test("the next event is passed on and counted", () => {
  const s = socket(3);
  s.receive({ type: "event", n: 4 });
  assert.equal(s.n, 4);
  assert.deepEqual(
    messages.map((m) => m.n),
    [4],
  );
  assert.deepEqual(sent, []);
});

test("an event seen already is dropped", () => {
  const s = socket(5);
  s.receive({ type: "event", n: 5 });
  s.receive({ type: "event", n: 2 });
  assert.equal(s.n, 5);
  assert.deepEqual(messages, []);
});

test("a gap asks for a sync from the last event seen and shows nothing yet", () => {
  const s = socket(5);
  s.receive({ type: "event", n: 8 });
  assert.equal(s.n, 5);
  assert.deepEqual(sent, [{ type: "sync", last: 5 }]);
  assert.deepEqual(messages, []);
});

test("an event before any snapshot asks for everything", () => {
  const s = socket(null);
  s.receive({ type: "event", n: 1 });
  assert.deepEqual(sent, [{ type: "sync", last: 0 }]);
});

test("a sync sets the last event seen", () => {
  const s = socket(null);
  s.receive({ type: "sync", n: 12 });
  assert.equal(s.n, 12);
  assert.equal(messages.length, 1);
});

test("a command sends its id and the event it expects, and resolves with its own answer", async () => {
  const s = socket(7);
  const first = s.command("move", { action: "draw 1" });
  const second = s.command("hint");
  assert.deepEqual(sent, [
    { type: "move", id: 1, expect: 7, action: "draw 1" },
    { type: "hint", id: 2, expect: 7 },
  ]);
  s.receive({ type: "hint", id: 2, moves: [] });
  s.receive({ type: "rejected", id: 1, code: "illegal", reason: "no", rule: "FL-10" });
  assert.equal((await first).type, "rejected");
  assert.equal((await second).type, "hint");
  assert.equal(s.pending.size, 0);
});

test("a command without a connection is refused at once", async () => {
  const s = socket(7);
  s.ws.readyState = 3;
  const answer = await s.command("move", { action: "draw 1" });
  assert.equal(answer.type, "rejected");
  assert.equal(answer.code, "disconnected");
});

test("a lost connection answers every pending command, and a refused token gives up", async () => {
  const opened = [];
  globalThis.location = { protocol: "http:", host: "example.test" };
  globalThis.WebSocket = class {
    static OPEN = 1;
    constructor(url) {
      this.url = url;
      this.readyState = 1;
      this.sent = [];
      opened.push(this);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {}
  };
  const statuses = [];
  const s = new TableSocket("t1", "token", { message: () => {}, status: (t) => statuses.push(t) });
  s.open();
  opened[0].onopen();
  assert.equal(opened[0].url, "ws://example.test/ws/tables/t1");
  assert.deepEqual(opened[0].sent, [{ type: "hello", token: "token" }]);
  const pending = s.command("move", { action: "draw 1" });
  opened[0].onclose({ code: 4401, reason: "no seat" });
  assert.equal((await pending).code, "disconnected");
  assert.equal(s.pending.size, 0);
  assert.equal(s.closed, true);
  assert.equal(statuses.at(-1), "closed: no seat");
  clearTimeout(s.watchdog);
});

test("a close without a reason is told in words, never as its code", () => {
  const opened = [];
  globalThis.location = { protocol: "http:", host: "example.test" };
  globalThis.WebSocket = class {
    constructor() {
      opened.push(this);
    }
    send() {}
    close() {}
  };
  const statuses = [];
  const s = new TableSocket("t1", "token", { message: () => {}, status: (t) => statuses.push(t) });
  s.open();
  opened[0].onopen();
  opened[0].onclose({ code: 4403, reason: "" }); // a reissued invite signs the device out
  assert.equal(statuses.at(-1), "closed: this device was signed out");
  clearTimeout(s.watchdog);
});
