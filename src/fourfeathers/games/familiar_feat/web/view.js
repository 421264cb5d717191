// Familiar Feat's table: the Character and the day, the adventure's Monsters and Events, the
// Creature row with the column of Familiars under each Creature and its Cuddle total against
// its Strength and card limit, the card in hand, and every pile (Team deck and discard, both
// Exhausted piles, the Fled pile, the Creature deck, the Events in force).
// A day's turn: click a Creature to attach the card in hand beneath it (with two cards in hand,
// pick one first). Every pending choice (which Familiar to exhaust, which revived card to play,
// where it goes...) is the question in the prompt, and its answers are highlighted where they
// lie on the table. The shell (static/table.js) gives ctx; web/__init__.py derives the totals
// (ctx.derived.slots), the prompt and where the adventure's cards are; ctx.catalogue.cards
// holds the cards' texts.

const TIER_CLASS = { 0: "t0", I: "t1", II: "t2", III: "t3", IV: "t4" };
const ABILITY_SHORT = {
  double: "×2 Double",
  copy: "Copy",
  exhaust_revive: "Exhaust-Revive",
  move: "Move",
  no_limit: "uncounted",
};
const WHERE = {
  "to come": "in the deck",
  "in play": "in the row",
  "driven away": "driven away",
  "in force": "in force",
  done: "resolved",
};

function info(ctx, card) {
  return ctx.catalogue.cards[card];
}

// What the view draws as a choice; the actions it drew, so that the prompt offers the rest.
function chooser(ctx, drawn) {
  return (props, ...children) => {
    if (props.action) drawn.add(props.action);
    return ctx.button(props, ...children);
  };
}

// The structured form of a legal action of this seat (docs/protocol.md, "Actions") if it is
// of that kind, else null: an attach is {card, slot, cuddle, strength, reaches}.
function fieldsOf(ctx, action, kind) {
  const fields = ctx.fields.get(action);
  return fields?.kind === kind ? fields : null;
}

function chipFace(ctx, card) {
  const { h } = ctx;
  const c = info(ctx, card);
  return [
    c.kind === "creature"
      ? h("b", { class: "v" }, c.ability === "copy" ? "C" : String(c.cuddle))
      : null,
    h("span", { class: "n" }, c.name),
    c.ability && c.ability !== "none" && c.ability !== "copy"
      ? h("i", {}, ABILITY_SHORT[c.ability])
      : null,
  ];
}

// A pile of cards as chips; a chip is a choice when `choose` is given and it is legal.
function pileCards(ctx, cards, choose, btn) {
  const { h } = ctx;
  if (!cards.length) return h("span", { class: "quiet" }, "empty");
  return h(
    "span",
    { class: "fa-chips" },
    cards.map((card) => {
      const c = info(ctx, card);
      const action = choose ? `choose ${card}` : null;
      return action && ctx.legal.has(action)
        ? btn(
            {
              action,
              class: ["fa-chip", "fa-chip-choice", TIER_CLASS[c.tier]],
              "aria-label": c.text,
            },
            chipFace(ctx, card),
          )
        : h("span", { class: ["fa-chip", TIER_CLASS[c.tier]], title: c.text }, chipFace(ctx, card));
    }),
  );
}

function status(ctx, obs) {
  const { h } = ctx;
  const ch = info(ctx, obs.character);
  const adventure = ctx.derived?.adventure || [];
  const monsters = adventure.filter((a) => info(ctx, a.card).kind === "monster");
  const events = adventure.filter((a) => info(ctx, a.card).kind === "event");
  const phase =
    {
      setup: "setting up",
      events: "Events",
      day: "day",
      night: "night",
      dawn: "dawn",
      over: "over",
    }[obs.phase] || obs.phase;
  return h(
    "section",
    { class: "fa-status", "aria-label": "The adventure" },
    h(
      "div",
      { class: "fa-character" },
      h(
        "span",
        {
          class: "fa-banner",
          title: "The Character's banner: the icons of its Monsters and Events",
        },
        ch.banner.join(" "),
      ),
      h("div", {}, h("strong", {}, ch.name), h("span", { class: "quiet" }, ` · level ${ch.level}`)),
      h(
        "div",
        { class: "fa-day" },
        h("strong", {}, `Day ${obs.day}`),
        h("span", { class: "quiet" }, ` · ${phase}`),
      ),
    ),
    h(
      "div",
      { class: "fa-driven", "aria-label": `${obs.driven.length} of 3 Monsters driven away` },
      h("span", { class: "quiet" }, "Monsters driven away"),
      h(
        "span",
        { class: "pips" },
        [0, 1, 2].map((i) => h("i", { class: i < obs.driven.length ? "on" : null })),
      ),
      h("strong", {}, `${obs.driven.length} / 3`),
    ),
    h(
      "div",
      { class: "fa-adventure" },
      h(
        "div",
        {},
        h("span", { class: "label" }, "Monsters"),
        monsters.map((a) =>
          h(
            "span",
            {
              class: ["fa-tag", "monster", a.where.replace(" ", "-")],
              title: info(ctx, a.card).text,
            },
            `${info(ctx, a.card).icon || ""} ${info(ctx, a.card).name}: ${WHERE[a.where] || a.where}`,
          ),
        ),
      ),
      events.length
        ? h(
            "div",
            {},
            h("span", { class: "label" }, "Events"),
            events.map((a) =>
              h(
                "span",
                {
                  class: ["fa-tag", "event", a.where.replace(" ", "-")],
                  title: info(ctx, a.card).text,
                },
                `${info(ctx, a.card).icon || ""} ${info(ctx, a.card).name}: ${WHERE[a.where] || a.where}`,
              ),
            ),
          )
        : null,
    ),
  );
}

// The action a click on the Creature in slot s sends: what the pending question asks of a
// Creature (a destination, the next to resolve, the one to remove) or an attach.
function creatureAction(ctx, obs, s, creature, kind) {
  if (kind === "play_place" || kind === "move_place") return `slot ${s + 1}`;
  if (kind === "order" || kind === "breath") return `choose ${creature}`;
  const card = obs.hand.length === 1 ? obs.hand[0] : ctx.ui.selected;
  if (card) return `attach ${card} to ${s + 1}`;
  return null;
}

function creatureCard(ctx, obs, s, creature, btn) {
  const { h } = ctx;
  const c = info(ctx, creature);
  const slot = ctx.derived.slots[s];
  const kind = ctx.derived.prompt.kind;
  const action = ctx.seat === null ? null : creatureAction(ctx, obs, s, creature, kind);
  const hint = fieldsOf(ctx, ctx.hinted, "attach");
  const preview = action && fieldsOf(ctx, action, "attach");
  const face = [
    h(
      "span",
      { class: "fa-head" },
      h("span", { class: "fa-name" }, c.name),
      h("span", { class: "fa-num" }, `#${creature}`),
    ),
    h(
      "span",
      { class: "fa-kind" },
      c.kind === "monster"
        ? `Monster ${c.icon || ""}`
        : c.kind === "golem"
          ? "Stone Golem"
          : `Tier ${c.tier}`,
    ),
    h(
      "span",
      { class: "fa-strength" },
      h("small", {}, "Strength"),
      h("b", {}, slot.strength ?? c.strength),
      slot.strength !== null && String(slot.strength) !== c.strength
        ? h("small", { class: "mod" }, `printed ${c.strength}`)
        : null,
    ),
    c.condition ? h("span", { class: "fa-cond" }, `★ ${c.condition}`) : null,
    c.effect
      ? h(
          "span",
          { class: "fa-effect" },
          c.kind === "monster" ? `Driven away: ${c.effect}` : `Won over: ${c.effect}`,
        )
      : null,
    slot.leaves ? h("span", { class: "fa-effect" }, `Leaves: ${slot.leaves}`) : null,
    c.kind === "golem" ? h("span", { class: "fa-effect" }, "Never leaves play") : null,
    c.kind === "creature"
      ? h(
          "span",
          { class: "fa-joins" },
          "Joins as Cuddle ",
          h("b", {}, c.ability === "copy" ? "Copy" : String(c.cuddle)),
          c.ability !== "none" && c.ability !== "copy" ? ` · ${ABILITY_SHORT[c.ability]}` : null,
        )
      : null,
    preview
      ? h(
          "span",
          { class: ["fa-after", preview.reaches && "wins"] },
          `→ Cuddle ${preview.cuddle} / ${preview.strength}`,
          preview.reaches ? " ✓ won over" : null,
        )
      : null,
  ];
  const cls = [
    "fa-creature",
    c.kind,
    TIER_CLASS[c.tier],
    slot.meets && "met",
    hint && hint.slot === s && "hinted",
  ];
  const label = `Slot ${s + 1}: ${c.text}. Cuddle ${slot.total} of ${slot.target}`;
  if (action) return btn({ action, class: cls, "aria-label": label }, face);
  if (ctx.seat !== null && ctx.myTurn) {
    return btn(
      {
        key: `creature ${s + 1}`,
        legal: false,
        class: cls,
        "aria-label": label,
        onclick: () =>
          ctx.refuse("Pick the card in hand to attach first, then the Creature.", "FA-33"),
      },
      face,
    );
  }
  return h("div", { class: cls, "aria-label": label }, face);
}

function column(ctx, obs, s, btn) {
  const { h } = ctx;
  const slot = ctx.derived.slots[s];
  const col = obs.cols[s];
  const hint = fieldsOf(ctx, ctx.hinted, "choose");
  return h(
    "ol",
    { class: "fa-col", "aria-label": `Familiars beneath slot ${s + 1}` },
    col.length === 0 ? h("li", { class: "quiet empty" }, "no Familiars yet") : null,
    col.map((f, i) => {
      const c = info(ctx, f);
      const [value, ability] = slot.values[i];
      const action = `choose ${f}`;
      const face = [
        h("b", { class: "v", title: "Cuddle value" }, String(value)),
        h("span", { class: "n" }, c.name, h("small", {}, ` #${f}`)),
        c.ability === "copy"
          ? h("i", {}, ability !== "none" ? `Copy: ${ABILITY_SHORT[ability] || ""}` : "Copy")
          : ability !== "none"
            ? h("i", {}, ABILITY_SHORT[ability])
            : null,
      ];
      const cls = ["fa-familiar", TIER_CLASS[c.tier], hint && hint.card === f && "hinted"];
      return h(
        "li",
        {},
        ctx.myTurn
          ? btn(
              {
                action,
                class: cls,
                "aria-label": `${c.name}, Cuddle ${value}${ability !== "none" ? `, ${ability}` : ""}`,
              },
              face,
            )
          : h("span", { class: cls }, face),
      );
    }),
  );
}

function totalBar(ctx, s) {
  const { h } = ctx;
  const slot = ctx.derived.slots[s];
  const strength = slot.strength;
  const pct = strength ? Math.min(100, Math.round((100 * slot.total) / strength)) : 0;
  const limit = slot.limit
    ? `${slot.counted} / ${slot.limit} cards`
    : `${slot.counted} cards, no limit`;
  return h(
    "div",
    { class: ["fa-total", slot.meets && "met"] },
    h(
      "span",
      { class: "sum" },
      h("small", {}, "Cuddle "),
      h("b", {}, String(slot.total)),
      h("small", {}, ` / ${strength ?? (slot.target.startsWith("∞") ? "∞" : "★")}`),
    ),
    strength
      ? h(
          "span",
          {
            class: "meter",
            role: "meter",
            "aria-valuemin": "0",
            "aria-valuemax": String(strength),
            "aria-valuenow": String(slot.total),
            "aria-label": "Cuddle total against Strength",
          },
          h("span", { style: { width: `${pct}%` } }),
        )
      : null,
    h("span", { class: ["cards", slot.limit && slot.counted >= slot.limit && "full"] }, limit),
    slot.meets
      ? h("span", { class: "reached" }, strength ? "Strength reached" : "condition met")
      : null,
  );
}

function row(ctx, obs, btn) {
  const { h } = ctx;
  return h(
    "section",
    { class: "fa-row", "aria-label": "The Creature row" },
    h(
      "h2",
      {},
      "The Creature row",
      h("span", { class: "quiet" }, "slot 1 is next to the Creature deck"),
    ),
    h(
      "div",
      { class: "fa-slots" },
      obs.row.map((creature, s) =>
        h(
          "div",
          { class: ["fa-slot", !creature && "vacant"] },
          h("span", { class: "fa-slot-name" }, `Slot ${s + 1}`),
          creature
            ? [creatureCard(ctx, obs, s, creature, btn), totalBar(ctx, s), column(ctx, obs, s, btn)]
            : h("div", { class: "fa-empty" }, "empty: refilled at dawn"),
        ),
      ),
    ),
  );
}

function hand(ctx, obs, btn) {
  const { h } = ctx;
  if (!obs.hand.length) return null;
  const select = (card) => {
    ctx.ui.selected = ctx.ui.selected === card ? null : card;
    ctx.redraw();
  };
  const hint = fieldsOf(ctx, ctx.hinted, "attach");
  const attaching = ctx.myTurn && ctx.derived.prompt.kind === "attach";
  return h(
    "div",
    { class: "fa-hand", role: "group", "aria-label": "In hand" },
    h("span", { class: "label" }, obs.hand.length > 1 ? "In hand: pick one" : "In hand"),
    obs.hand.map((card) => {
      const c = info(ctx, card);
      const face = [
        h("b", { class: "v" }, c.ability === "copy" ? "Copy" : String(c.cuddle)),
        h(
          "span",
          { class: "n" },
          c.name,
          h(
            "small",
            {},
            `#${card} · Tier ${c.tier}${c.ability !== "none" ? ` · ${c.ability_text}` : ""}`,
          ),
        ),
      ];
      const cls = ["fa-handcard", TIER_CLASS[c.tier], hint && hint.card === card && "hinted"];
      if (obs.hand.length > 1 && attaching) {
        return btn(
          {
            key: `hand ${card}`,
            legal: true,
            selected: ctx.ui.selected === card,
            class: cls,
            onclick: () => select(card),
            "aria-label": `${c.text}: pick to attach`,
          },
          face,
        );
      }
      return h("div", { class: cls, title: c.text }, face);
    }),
  );
}

function piles(ctx, obs, btn) {
  const { h } = ctx;
  const deck = ctx.derived.deck;
  const known = (label, cards) =>
    h("details", { class: "fa-known" }, h("summary", {}, label), pileCards(ctx, cards, null, btn));
  return h(
    "section",
    { class: "fa-piles", "aria-label": "Piles" },
    h(
      "div",
      { class: "fa-pile" },
      h("span", { class: "back team" }, h("span", {}, String(obs.team_deck.length))),
      h(
        "div",
        {},
        h("strong", {}, "Team deck"),
        h(
          "p",
          { class: "quiet" },
          `${ctx.plural(obs.team_deck.length, "card")}, shuffled ${ctx.plural(obs.team_shuffles, "time")}`,
        ),
        obs.team_deck.length ? known("What is in it", obs.team_deck) : null,
      ),
    ),
    h(
      "div",
      { class: "fa-pile" },
      h("span", { class: "back creatures" }, h("span", {}, String(obs.creature_deck_size))),
      h(
        "div",
        {},
        h("strong", {}, "Creature deck"),
        h(
          "p",
          { class: "quiet" },
          `${deck.creature} Creatures, ${ctx.plural(deck.monster, "Monster")}, ${ctx.plural(deck.event, "Event")}, ${ctx.plural(deck.golem, "Golem")}`,
        ),
      ),
    ),
    h(
      "div",
      { class: "fa-pile wide" },
      h("strong", {}, `Team discard (${obs.discard.length})`),
      pileCards(ctx, obs.discard, "choose", btn),
    ),
    h(
      "div",
      { class: "fa-pile wide" },
      h("strong", {}, `Exhausted face down (${obs.exhausted_face_down.length})`),
      h("span", { class: "quiet" }, " top first: revived first "),
      pileCards(ctx, [...obs.exhausted_face_down].reverse(), null, btn),
    ),
    h(
      "div",
      { class: "fa-pile wide" },
      h("strong", {}, `Exhausted face up (${obs.exhausted_face_up.length})`),
      pileCards(ctx, obs.exhausted_face_up, null, btn),
    ),
    h(
      "div",
      { class: "fa-pile wide" },
      h("strong", {}, `Fled (${obs.fled.length})`),
      h("span", { class: "quiet" }, " out of the adventure "),
      pileCards(ctx, obs.fled, null, btn),
    ),
    obs.driven.length
      ? h(
          "div",
          { class: "fa-pile wide" },
          h("strong", {}, "Driven away "),
          obs.driven.map((m) =>
            h("span", { class: "fa-tag monster driven-away" }, info(ctx, m).name),
          ),
        )
      : null,
  );
}

function events(ctx, obs) {
  const { h } = ctx;
  if (!obs.active.length && !obs.events_pending.length) return null;
  const name = (c) => (c ? info(ctx, c).name : null);
  return h(
    "section",
    { class: "fa-events", "aria-label": "Events" },
    h("h2", {}, "Events"),
    h(
      "ul",
      {},
      obs.active.map(([e, t1, t2]) =>
        h(
          "li",
          { class: "fa-event" },
          h("strong", {}, `${info(ctx, e).icon || ""} ${info(ctx, e).name}`),
          h(
            "span",
            { class: "timing" },
            info(ctx, e).timing === "hourglass" ? "hourglass: in force" : "lightning",
          ),
          h("span", {}, info(ctx, e).event),
          [t1, t2].filter(Boolean).length
            ? h(
                "span",
                { class: "quiet" },
                ` (affects ${[t1, t2].filter(Boolean).map(name).join(" and ")})`,
              )
            : null,
        ),
      ),
      obs.events_pending.map((e) =>
        h(
          "li",
          { class: "fa-event pending" },
          h("strong", {}, `${info(ctx, e).icon || ""} ${info(ctx, e).name}`),
          h("span", { class: "timing" }, "being resolved"),
          h("span", {}, info(ctx, e).event),
        ),
      ),
    ),
  );
}

function prompt(ctx, obs, btn, drawn) {
  const { h } = ctx;
  const p = ctx.derived.prompt;
  let text;
  if (ctx.over) text = "The adventure is over.";
  else if (ctx.seat === null) text = `You are watching. The adventure asks: ${p.text}.`;
  else if (!ctx.myTurn) text = `Waiting: ${p.text}.`;
  else if (p.kind === "attach" && obs.hand.length === 1)
    text = `Click a Creature to attach ${info(ctx, obs.hand[0]).name} beneath it.`;
  else if (p.kind === "attach")
    text = ctx.ui.selected
      ? `Click a Creature to attach ${info(ctx, ctx.ui.selected).name} beneath it.`
      : "Pick the card to attach, then click a Creature.";
  else text = `${p.text[0].toUpperCase()}${p.text.slice(1)}.`;
  const limbo = obs.limbo.length
    ? h(
        "div",
        { class: "fa-limbo" },
        h("span", { class: "quiet" }, "Revived: "),
        pileCards(ctx, obs.limbo, "choose", btn),
      )
    : null;
  const rest = ctx.myTurn ? [...ctx.legal].filter(([a]) => !drawn.has(a)) : [];
  return h(
    "section",
    // the question and the hand: on a phone they stay at the bottom of the screen (dock)
    { class: ["fa-prompt", "dock", ctx.myTurn && "mine active"], "aria-live": "polite" },
    hand(ctx, obs, btn),
    h("p", {}, text, p.rule && ctx.myTurn ? [" ", ctx.ruleRef(p.rule)] : null),
    limbo,
    rest.length
      ? h(
          "div",
          { class: "fa-choices" },
          rest.map(([action, words]) => btn({ action, class: "fa-choice" }, words)),
        )
      : null,
  );
}

function result(ctx) {
  const { h } = ctx;
  const end = ctx.derived?.end;
  const obs = ctx.public;
  if (!end) return null;
  const monsters = obs.chosen.filter((c) => info(ctx, c).kind === "monster");
  const team =
    obs.team_deck.length +
    obs.discard.length +
    obs.hand.length +
    obs.cols.reduce((n, c) => n + c.length, 0);
  return h(
    "div",
    { class: "fa-result" },
    h(
      "p",
      { class: ["fa-verdict", end.won ? "won" : "lost"] },
      `${end.won ? "Victory" : "Defeat"} on day ${obs.day}: ${end.reason}. `,
      (end.rules ?? []).map((r) => ctx.ruleRef(r)),
    ),
    h(
      "table",
      { class: "sheet" },
      h("caption", {}, `Monsters driven away: ${obs.driven.length} of 3`),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Monster"),
          h("th", { scope: "col" }, "driven away"),
          h("th", { scope: "col" }, "why"),
        ),
      ),
      h(
        "tbody",
        {},
        monsters.map((m) =>
          h(
            "tr",
            {},
            h("td", {}, `${info(ctx, m).icon || ""} ${info(ctx, m).name}`),
            h("td", { class: "num" }, obs.driven.includes(m) ? "1" : "0"),
            h(
              "td",
              {},
              obs.driven.includes(m)
                ? "driven away: its Strength was reached (FA-71)"
                : obs.row.includes(m)
                  ? "still in the row when the adventure ended"
                  : "still in the Creature deck",
            ),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "quiet" },
      `The Team at the end: ${ctx.plural(team, "Familiar")} in play or in the Team, ` +
        `${obs.exhausted_face_down.length + obs.exhausted_face_up.length} exhausted, ${obs.fled.length} fled.`,
    ),
  );
}

export default {
  render(ctx) {
    const obs = ctx.me || ctx.public;
    if (!(ctx.myTurn && obs.hand.includes(ctx.ui.selected))) ctx.ui.selected = null;
    const drawn = new Set();
    const btn = chooser(ctx, drawn);
    const parts = [status(ctx, obs), row(ctx, obs, btn), events(ctx, obs), piles(ctx, obs, btn)];
    const attaching = ctx.myTurn && ctx.derived.prompt.kind === "attach";
    return ctx.h(
      "div",
      { class: ["fa", attaching && "attaching"] },
      parts[0],
      prompt(ctx, obs, btn, drawn),
      ...parts.slice(1),
    );
  },
  result,
};
