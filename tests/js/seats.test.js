// Unit tests of web/static/seats.js (play at a distance): the new-table fields of the pace, the
// host token kept and passed to a rematch, and "My tables" asking only for this browser's
// tokens. The few browser globals it uses are small fakes.
import assert from "node:assert/strict";
import { test } from "node:test";

class FakeNode {
  constructor(tag) {
    this.tag = tag;
    this.attributes = {};
    this.children = [];
  }
  setAttribute(name, value) {
    this.attributes[name] = value;
  }
  addEventListener() {}
  append(...children) {
    this.children.push(...children);
  }
}
// localStorage: the stored keys are its own enumerable properties (Object.keys lists them).
const storage = {};
for (const [name, fn] of Object.entries({
  getItem: (k) => (Object.hasOwn(storage, k) ? storage[k] : null),
  setItem: (k, v) => {
    storage[k] = String(v);
  },
  removeItem: (k) => {
    delete storage[k];
  },
  clear: () => {
    for (const k of Object.keys(storage)) delete storage[k];
  },
}))
  Object.defineProperty(storage, name, { value: fn, enumerable: false });
globalThis.Node = FakeNode;
globalThis.document = { createElement: (tag) => new FakeNode(tag), head: new FakeNode("head") };
globalThis.localStorage = storage;

const seats = await import("../../src/fourfeathers/web/static/seats.js");

test("modeBody: live sends nothing; turn-based its deadline when one is set", () => {
  assert.deepEqual(seats.modeBody({}), {});
  assert.deepEqual(seats.modeBody({ mode: "live", deadline: 5 }), {});
  assert.deepEqual(seats.modeBody({ mode: "turn-based", deadline: null }), { mode: "turn-based" });
  assert.deepEqual(seats.modeBody({ mode: "turn-based", deadline: 24 }), {
    mode: "turn-based",
    deadline_hours: 24,
  });
});

test("the host token is kept per table and follows a rematch", () => {
  seats.keepHost({ table: "t1", host: "H" });
  assert.equal(seats.hosts.get("t1"), "H");
  seats.rematched("t1", "t2");
  assert.equal(seats.hosts.get("t2"), "H");
  seats.rematched("t9", "t10"); // no host here: nothing kept
  assert.equal(seats.hosts.get("t10"), null);
});

test("deviceName says which device and when it was added", () => {
  assert.match(seats.deviceName({ device: 2, added: 1_700_000_000 }), /^device 2, added .+/);
});

test("My tables sends only this browser's seat tokens, in the body", async () => {
  localStorage.clear();
  const sent = [];
  globalThis.fetch = async (path, init) => {
    sent.push([path, init]);
    return { ok: true, json: async () => ({ tables: [{ table: "a", your_turn: true }] }) };
  };
  assert.deepEqual(await seats.myTables(), []); // nothing held: nothing asked
  assert.equal(sent.length, 0);
  localStorage.setItem("feathers:seat:a", JSON.stringify({ token: "TA", seats: [0] }));
  localStorage.setItem("feathers:seat:b", JSON.stringify({ token: "TB", seats: [1] }));
  localStorage.setItem("feathers:host:a", "H");
  localStorage.setItem("feathers:setting:x", "1");
  assert.deepEqual(await seats.myTables(), [{ table: "a", your_turn: true }]);
  const [[path, init]] = sent;
  assert.equal(path, "/api/my-tables");
  assert.equal(init.method, "POST");
  assert.deepEqual(JSON.parse(init.body), {
    tables: [
      { table: "a", token: "TA" },
      { table: "b", token: "TB" },
    ],
  });
  seats.signedOut("b");
  assert.equal(localStorage.getItem("feathers:seat:b"), null);
});

test("a refused device link is told without the request's field name", () => {
  assert.equal(
    seats.linkRefusal(
      "code: this link was used already (a link gives its seat to one device, once)",
    ),
    "This link was used already (a link gives its seat to one device, once)",
  );
  assert.equal(seats.linkRefusal("502 Bad Gateway"), "502 Bad Gateway");
});

test("a seat's name says whose it is and who plays it", () => {
  assert.equal(seats.seatName(0, { kind: "human" }, true), "Seat 1 (you)");
  assert.equal(seats.seatName(1, { kind: "human" }, false), "Seat 2");
  assert.equal(seats.seatName(1, { kind: "hard" }, false), "Seat 2 (hard)");
  // handed to the computer by the host: it is not "you" who moves there
  assert.equal(seats.seatName(0, { kind: "easy" }, true), "Seat 1 (easy, for you)");
  assert.equal(seats.seatName(2, undefined, false), "Seat 3");
});
