// Unit tests of the pure helpers of web/static/replay.js (the replay's steps and whose view a
// frame draws); the replay itself is tried in a browser (tests/browser/test_replay.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clampEvent,
  frameLabel,
  frameSeat,
  recordHref,
  stepTarget,
} from "../../src/fourfeathers/web/static/replay.js";

test("an event asked for is a whole number from 0 to the latest", () => {
  assert.equal(clampEvent(3, 10), 3);
  assert.equal(clampEvent(11, 10), 10);
  assert.equal(clampEvent(-2, 10), 0);
  assert.equal(clampEvent("7", 10), 7);
  assert.equal(clampEvent(2.6, 10), 3);
  assert.equal(clampEvent(Number.NaN, 10), 0);
  assert.equal(clampEvent(undefined, 10), 0);
  assert.equal(clampEvent(5, 0), 0);
});

test("the step buttons stay inside the game", () => {
  assert.equal(stepTarget("first", 4, 9), 0);
  assert.equal(stepTarget("previous", 4, 9), 3);
  assert.equal(stepTarget("previous", 0, 9), 0);
  assert.equal(stepTarget("next", 4, 9), 5);
  assert.equal(stepTarget("next", 9, 9), 9);
  assert.equal(stepTarget("last", 4, 9), 9);
  assert.equal(stepTarget("sideways", 4, 9), 4);
});

test("a frame draws the seat chosen, the only seat it shows, or none", () => {
  // While the game runs: a seat's own frames show that seat; a spectator's none.
  assert.equal(frameSeat([1], 0, 0, null), 1);
  assert.equal(frameSeat([], 0, 0, "turn"), null);
  // Hot seat: the seat whose owner confirmed, only if the frame shows it.
  assert.equal(frameSeat([0, 1], 0, 1, null, 1), 1);
  assert.equal(frameSeat([0, 1], 0, 1, null, null), null);
  assert.equal(frameSeat([0, 1], 0, 1, null, 3), null);
  // After the end: the seat to play then, else the seat of the event (the last frame).
  assert.equal(frameSeat([0, 1, 2], 2, 1, "turn"), 2);
  assert.equal(frameSeat([0, 1, 2], null, 1, "turn"), 1);
  assert.equal(frameSeat([0, 1, 2], null, null, "turn"), 0);
  assert.equal(frameSeat([0, 1, 2], 2, 1, 0), 0);
  assert.equal(frameSeat([0, 1], 1, 0, 5), null); // a seat the frame does not show
});

test("the record's address and the frame's words", () => {
  assert.equal(recordHref("f8y-Ltv_1"), "/api/tables/f8y-Ltv_1/record.json");
  assert.equal(recordHref("a/b"), "/api/tables/a%2Fb/record.json");
  assert.equal(frameLabel(0, 12), "Before the first move (12 in all)");
  assert.equal(frameLabel(5, 12), "Event 5 of 12");
});
