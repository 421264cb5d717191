// Unit tests of web/static/dom.js (h, plural) and web/static/api.js (errors, the seats this
// browser holds), with the few browser globals they use replaced by small fakes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { api, held, settings } from "../../src/fourfeathers/web/static/api.js";
import { h, plural, ruleRef } from "../../src/fourfeathers/web/static/dom.js";

class FakeNode {
  constructor(tag) {
    this.tag = tag;
    this.attributes = {};
    this.children = [];
    this.listeners = {};
    this.style = {};
  }
  setAttribute(name, value) {
    this.attributes[name] = value;
  }
  addEventListener(name, listener) {
    this.listeners[name] = listener;
  }
  append(child) {
    this.children.push(child);
  }
}
globalThis.Node = FakeNode;
globalThis.document = { createElement: (tag) => new FakeNode(tag) };

test("ruleRef: a small 'rule' whose title names the rule, nothing without one", () => {
  const ref = ruleRef("FL-22");
  assert.equal(ref.tag, "small");
  assert.deepEqual(ref.attributes, { class: "rule-ref", title: "rule FL-22" });
  assert.deepEqual(ref.children, ["rule"]);
  assert.equal(ruleRef(""), null);
});

test("plural", () => {
  assert.equal(plural(1, "card"), "1 card");
  assert.equal(plural(3, "card"), "3 cards");
  assert.equal(plural(0, "Family", "Families"), "0 Families");
});

test("h: classes, attributes, listeners and children", () => {
  const go = () => {};
  const child = h("span", {}, "x");
  const el = h(
    "button",
    {
      class: ["choice", false, ["legal"]],
      onclick: go,
      "data-key": "take 3",
      hidden: true,
      title: null,
    },
    "Take ",
    3,
    [child, null, false],
  );
  assert.equal(el.tag, "button");
  assert.equal(el.attributes.class, "choice legal");
  assert.equal(el.attributes["data-key"], "take 3");
  assert.equal(el.attributes.hidden, "");
  assert.equal("title" in el.attributes, false);
  assert.equal(el.listeners.click, go);
  assert.deepEqual(el.children, ["Take ", "3", child]);
});

test("api: a refusal throws the server's message with its status", async () => {
  globalThis.fetch = async () => ({
    ok: false,
    status: 429,
    statusText: "Too Many Requests",
    json: async () => ({ message: "too many tables from this address" }),
  });
  await assert.rejects(api("/api/tables", {}), (error) => {
    assert.equal(error.message, "too many tables from this address");
    assert.equal(error.status, 429);
    return true;
  });
  globalThis.fetch = async () => ({
    ok: false,
    status: 502,
    statusText: "Bad Gateway",
    json: async () => {
      throw new SyntaxError("not JSON");
    },
  });
  await assert.rejects(api("/api/games"), /502 Bad Gateway/);
});

test("held seats and settings live in localStorage and survive a bad value", () => {
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => (store.has(k) ? store.get(k) : null),
    setItem: (k, v) => store.set(k, String(v)),
  };
  held.set("t1", "tok", [0, 2]);
  assert.deepEqual(held.get("t1"), { token: "tok", seats: [0, 2] });
  assert.equal(held.get("t2"), null);
  store.set("feathers:seat:t3", "{not json");
  assert.equal(held.get("t3"), null);
  settings.set("memory-aid", true);
  assert.equal(settings.get("memory-aid", false), true);
  assert.equal(settings.get("sound", "off"), "off");
});
