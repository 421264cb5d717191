// Unit tests of the pure helpers of web/static/review.js (the review panel's words); the panel
// itself is tried in a browser (tests/browser/test_review_page.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  budgetNote,
  chartSrc,
  decisionText,
  defaultSeat,
  markedDecisions,
  progressLabel,
} from "../../src/fourfeathers/web/static/review.js";

const decision = (index, mark, loss = 0, iterations = 200, short = true) => ({
  index,
  mark,
  loss,
  iterations,
  short,
  event: index + 3,
  played: { words: `play ${index}` },
  best: { words: `take ${index}` },
});

test("progress says k of n decisions, and the replay before the total is known", () => {
  assert.equal(progressLabel(3, 40), "Reviewing… 3 of 40 decisions");
  assert.equal(progressLabel(1, 1), "Reviewing… 1 of 1 decision");
  assert.equal(progressLabel(0, 0), "Reviewing… (replaying the game)");
});

test("the marked decisions in game order, unmarked ones left out", () => {
  const result = {
    decisions: [decision(9, "mistake"), decision(2, ""), decision(4, "blunder")],
  };
  assert.deepEqual(
    markedDecisions(result).map((d) => d.index),
    [4, 9],
  );
  assert.deepEqual(markedDecisions(null), []);
});

test("a decision says the mark, the move played, the better one and the loss", () => {
  assert.equal(
    decisionText(decision(4, "blunder", 23.456), "win-chance points"),
    "Blunder: played play 4; better: take 4 (lost 23.5 win-chance points)",
  );
});

test("the budget note says when the search was smaller than the level's", () => {
  const short = { budget: 200, level_budget: 3000, decisions: [decision(1, "", 0, 200)] };
  assert.equal(
    budgetNote(short),
    "Each decision was searched with up to 200 iterations: fewer than the hard level's 3,000, so the figures are rougher.",
  );
  const full = {
    budget: 3000,
    level_budget: 3000,
    decisions: [decision(1, "", 0, 3000, false)],
  };
  assert.equal(
    budgetNote(full),
    "Each decision was searched with up to 3,000 iterations, as the hard level searches.",
  );
});

test("the chart is an image of the SVG text, escaped, and the first seat held is reviewed", () => {
  const src = chartSrc('<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>');
  assert.ok(src.startsWith("data:image/svg+xml;charset=utf-8,%3Csvg"));
  assert.ok(!src.includes("<") && !src.includes("&"));
  assert.equal(defaultSeat([1]), 1);
  assert.equal(defaultSeat([]), 0);
  assert.equal(defaultSeat(undefined), 0);
});
