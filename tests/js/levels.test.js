// Unit tests of web/static/levels.js: the levels people choose between, each explained.
import assert from "node:assert/strict";
import { test } from "node:test";

import { budgetOf, LEVELS } from "../../src/fourfeathers/web/static/levels.js";

test("three levels, each with how it plays and how long it thinks", () => {
  assert.deepEqual(Object.keys(LEVELS), ["easy", "medium", "hard"]);
  for (const level of Object.values(LEVELS)) {
    assert.ok(level.plays.length > 20 && level.thinks.length > 5 && level.budget);
  }
});

test("budgetOf: a level's time budget, nothing for an agent spec", () => {
  assert.equal(budgetOf("hard"), "up to about a second a move");
  assert.equal(budgetOf("ismcts:seconds=2"), "");
  assert.equal(budgetOf("human"), "");
});
