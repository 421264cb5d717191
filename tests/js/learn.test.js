// Unit tests of the pure helpers of web/static/rules.js (the Rules panel's search) and
// web/static/learn.js (what the lesson page says of a verdict, the step in the address, the
// short game after a lesson).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  feedbackOf,
  playLabel,
  stepOf,
  stepSearch,
  tableRequest,
} from "../../src/fourfeathers/web/static/learn.js";
import {
  countRules,
  filterRules,
  ruleAnchor,
  statusText,
} from "../../src/fourfeathers/web/static/rules.js";

const SECTIONS = [
  {
    number: 1,
    title: "Setup",
    intro: "",
    rules: [
      { id: "FL-01", text: "There are 70 cards." },
      { id: "FL-02", text: "Every card has one colour." },
    ],
  },
  {
    number: 2,
    title: "The gap",
    intro: "When a stack is empty.",
    rules: [
      { id: "FL-27", text: "The card laid must fill the gap." },
      { id: "FL-Q3", text: "An open question about cards." },
    ],
  },
];

const ids = (sections) => sections.flatMap((s) => s.rules.map((r) => r.id));

test("an empty search shows every rule", () => {
  assert.deepEqual(ids(filterRules(SECTIONS, "")), ["FL-01", "FL-02", "FL-27", "FL-Q3"]);
  assert.deepEqual(ids(filterRules(SECTIONS, "   ")), ids(SECTIONS));
  assert.deepEqual(ids(filterRules(SECTIONS, null)), ids(SECTIONS));
});

test("a rule id, any case, gives that rule only", () => {
  assert.deepEqual(ids(filterRules(SECTIONS, "fl-27")), ["FL-27"]);
  assert.deepEqual(ids(filterRules(SECTIONS, " FL-Q3 ")), ["FL-Q3"]);
  assert.deepEqual(filterRules(SECTIONS, "FL-99"), []);
});

test("a section number gives that section", () => {
  assert.deepEqual(ids(filterRules(SECTIONS, "2")), ["FL-27", "FL-Q3"]);
  assert.deepEqual(filterRules(SECTIONS, "7"), []);
});

test("words give the rules holding every word, in their text, id or section title", () => {
  assert.deepEqual(ids(filterRules(SECTIONS, "cards")), ["FL-01", "FL-Q3"]);
  assert.deepEqual(ids(filterRules(SECTIONS, "CARD colour")), ["FL-02"]);
  assert.deepEqual(ids(filterRules(SECTIONS, "gap")), ["FL-27", "FL-Q3"]); // the section's title
  assert.deepEqual(filterRules(SECTIONS, "no such word"), []);
  const kept = filterRules(SECTIONS, "colour");
  assert.equal(kept.length, 1);
  assert.equal(kept[0].title, "Setup");
  assert.equal(SECTIONS[0].rules.length, 2); // the sections given are not changed
});

test("counts and anchors", () => {
  assert.equal(countRules(SECTIONS), "4 rules");
  assert.equal(countRules(filterRules(SECTIONS, "fl-27")), "1 rule");
  assert.equal(countRules([]), "0 rules");
  assert.equal(ruleAnchor("FL-27"), "rule-FL-27");
  const data = { sections: SECTIONS };
  assert.equal(statusText(data, "", SECTIONS), "2 sections, 4 rules");
  assert.equal(statusText(data, "gap", filterRules(SECTIONS, "gap")), "2 rules found");
  assert.equal(statusText(data, "zzz", []), "No rule holds these words.");
  assert.equal(statusText({ sections: [], error: "offline" }, "", []), "offline");
});

test("what the page says of each verdict", () => {
  const right = feedbackOf({
    kind: "right",
    message: "Well laid.",
    rule: "",
    rule_text: "",
    replies: ["Seat 2: draw 1"],
  });
  assert.deepEqual(right, {
    tone: "right",
    heading: "Right.",
    text: "Well laid.",
    rule: "",
    ruleText: "",
    replies: ["Seat 2: draw 1"],
  });
  const refused = feedbackOf({
    kind: "refused",
    message: "the gap must be filled",
    rule: "FL-27",
    rule_text: "The card laid must fill the gap.",
    replies: [],
  });
  assert.equal(refused.tone, "refused");
  assert.equal(refused.heading, "Not allowed. Try again.");
  assert.equal(refused.rule, "FL-27");
  assert.equal(refused.ruleText, "The card laid must fill the gap.");
  const other = feedbackOf({ kind: "other", message: "Fill the gap.", rule: "", replies: [] });
  assert.equal(other.tone, "other");
  assert.match(other.heading, /not the move this step asks for/);
  assert.equal(other.text, "Fill the gap.");
  const unknown = feedbackOf({ kind: "unknown", message: "no such action" });
  assert.equal(unknown.heading, "Not understood. Try again.");
  assert.equal(unknown.rule, "");
  // A refusal the view decides itself has a rule but no rule text.
  assert.equal(feedbackOf({ kind: "refused", message: "first draw", rule: "FL-14" }).ruleText, "");
});

test("the step in the address", () => {
  assert.equal(stepOf(""), 0);
  assert.equal(stepOf("?step=1"), 0); // "Step 1 of 8"
  assert.equal(stepOf("?step=5"), 4);
  assert.equal(stepOf("?step=0"), 0);
  assert.equal(stepSearch(4), "?step=5");
  assert.equal(stepOf("?step=-1"), 0);
  assert.equal(stepOf("?step=abc"), 0);
  assert.equal(stepOf("?step=99999"), 0);
});

test("the short game after a lesson", () => {
  const play = { game: "featherlight", options: { players: 2 }, seats: ["human", "easy"] };
  assert.deepEqual(tableRequest(play), {
    game: "featherlight",
    options: { players: 2 },
    seats: ["human", "easy"],
    open: false,
  });
});

test("the button after a lesson says whom the game is against", () => {
  assert.equal(
    playLabel({ seats: ["human", "easy", "easy"] }),
    "Play a short game against easy with hints on",
  );
  assert.equal(playLabel({ seats: ["human"] }), "Play a game with hints on");
});
