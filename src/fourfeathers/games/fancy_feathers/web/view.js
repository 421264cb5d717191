// Fancy Feathers' table: the Path with its cards and the disc stacks on it, whose disc moves
// (the one furthest behind), every seat's collection as far as everyone saw it, the cards left
// in the stack, and the choices of the turn: move (click a Path card ahead of your disc),
// leave the Path, answer a Fox, pass the set-aside Traps. web/__init__.py derives the points
// (ctx.derived.seats, ctx.mine.fox) and the types' texts (ctx.catalogue.types).

const START = 0;
const LEFT = -1;

function typeOf(ctx, card) {
  const [name, value] = ctx.catalogue.cards[card];
  return { name, value, ...ctx.catalogue.types[name] };
}

function cardName(ctx, card) {
  const t = typeOf(ctx, card);
  return t.value ? `${t.title} ${t.value}` : t.title;
}

// A card as laid on the Path: its type's colour and initial, its name, its printed value.
function face(ctx, card, extra = null) {
  const { h } = ctx;
  const t = typeOf(ctx, card);
  return [
    h("span", { class: "ff-mark", "aria-hidden": "true" }, t.short.slice(0, 2)),
    h("span", { class: "ff-name" }, t.short),
    t.value ? h("span", { class: "ff-value" }, String(t.value)) : null,
    extra,
  ];
}

function disc(ctx, seat, mover) {
  return ctx.h(
    "span",
    {
      class: ["ff-disc", `s${seat % 6}`, seat === mover && "moving", seat === ctx.seat && "mine"],
      title: ctx.seatLabel(seat),
    },
    String(seat + 1),
  );
}

// The discs at a place, top of the stack first (the top disc is behind the ones under it).
function discsAt(obs, place) {
  return obs.discs.order.filter((q) => obs.discs.positions[q] === place);
}

function pile(ctx, discs, mover, label) {
  if (!discs.length) return null;
  return ctx.h(
    "span",
    {
      class: "ff-discs",
      "aria-label": `${label}: ${discs.map((q) => ctx.seatLabel(q)).join(", ")}`,
    },
    discs.map((q) => disc(ctx, q, mover)),
  );
}

function path(ctx, obs) {
  const { h } = ctx;
  const mover = obs.current_player;
  const mine = ctx.seat !== null ? obs.discs.positions[ctx.seat] : null;
  const rear = obs.path.length ? obs.path[0].label : Infinity;
  const behind = obs.discs.order.filter(
    (q) => obs.discs.positions[q] !== START && obs.discs.positions[q] < rear,
  );
  const slots = [];
  const start = discsAt(obs, START);
  if (start.length) {
    slots.push(
      h(
        "div",
        { class: "ff-slot ff-start" },
        h("span", { class: "ff-label" }, "start"),
        h("div", { class: "ff-card ff-blank" }, "Start"),
        pile(ctx, start, mover, "on the start space"),
      ),
    );
  }
  if (behind.length) {
    slots.push(
      h(
        "div",
        { class: "ff-slot ff-start" },
        h("span", { class: "ff-label" }, "behind"),
        h("div", { class: "ff-card ff-blank" }, "card taken"),
        h(
          "span",
          { class: "ff-discs" },
          behind.map((q) => [disc(ctx, q, mover), h("small", {}, ` c${obs.discs.positions[q]}`)]),
        ),
      ),
    );
  }
  for (const entry of obs.path) {
    const distance = mine !== null && mine !== LEFT ? entry.label - mine : null;
    const t = typeOf(ctx, entry.card);
    const label = `c${entry.label}: ${cardName(ctx, entry.card)}`;
    const props = {
      class: ["ff-card", `t-${t.name}`],
      "aria-label": label,
      title: `${cardName(ctx, entry.card)}: ${t.text}`,
    };
    const card =
      distance === null
        ? h("div", props, face(ctx, entry.card))
        : distance > 0
          ? ctx.button(
              { ...props, action: `move ${distance}` },
              face(
                ctx,
                entry.card,
                ctx.legal.has(`move ${distance}`)
                  ? h("span", { class: "ff-reach" }, `+${distance}`)
                  : null,
              ),
            )
          : ctx.button(
              {
                ...props,
                key: `card ${entry.label}`,
                legal: false,
                onclick: () =>
                  ctx.refuse("Your disc moves forward only: pick a card ahead of it.", "FF-27"),
              },
              face(ctx, entry.card),
            );
    slots.push(
      h(
        "div",
        { class: "ff-slot" },
        h("span", { class: "ff-label" }, `c${entry.label}`),
        card,
        pile(ctx, discsAt(obs, entry.label), mover, `on c${entry.label}`),
      ),
    );
  }
  return h(
    "section",
    { class: "ff-path", "aria-label": "The Path" },
    h(
      "h2",
      {},
      "The Path ",
      h("span", { class: "quiet" }, "rear on the left; a stack's top disc is drawn first"),
    ),
    slots.length
      ? h("div", { class: "ff-slots" }, slots)
      : h("p", { class: "quiet" }, "No card is left on the Path."),
  );
}

function order(ctx, obs) {
  const { h } = ctx;
  const left = obs.discs.left;
  return h(
    "p",
    { class: "ff-order" },
    obs.discs.order.length
      ? [
          h("strong", {}, "Furthest behind moves: "),
          obs.discs.order.map((q, i) => [
            i ? " → " : "",
            disc(ctx, q, obs.current_player),
            ` ${ctx.seatLabel(q)}${i === 0 && !ctx.over ? " (to move)" : ""}`,
          ]),
        ]
      : null,
    left.length
      ? h(
          "span",
          { class: "quiet" },
          `${obs.discs.order.length ? " · " : ""}Left the Path: ${left.map((q, i) => `${i + 1}. Seat ${q + 1}`).join(", ")}`,
        )
      : null,
  );
}

function stackInfo(ctx, obs) {
  const { h } = ctx;
  const unseen = ctx.derived?.unseen || {};
  const onPath = ctx.seat !== null && !ctx.over && obs.discs.positions[ctx.seat] !== LEFT;
  return h(
    "section",
    { class: "ff-stack", "aria-label": "The stack" },
    h(
      "div",
      { class: "ff-deck" },
      h("span", { class: "back" }, h("span", {}, String(obs.stack))),
      h(
        "div",
        {},
        h("strong", {}, `Stack: ${ctx.plural(obs.stack, "card")}`),
        h(
          "p",
          { class: "quiet" },
          `${obs.removed} removed unseen at the start · ${obs.stack ? "a disc may leave the Path once it is empty" : "empty: a disc may leave the Path"}`,
        ),
      ),
      onPath
        ? ctx.button({ action: "leave", key: "leave-path", class: "ff-leave" }, "Leave the Path")
        : null,
    ),
    h(
      "div",
      { class: "ff-unseen" },
      h("span", { class: "quiet" }, "Not seen yet (in the stack or removed): "),
      Object.entries(unseen).map(([name, values]) => {
        const t = ctx.catalogue.types[name];
        const total = Object.values(values).reduce((a, b) => a + b, 0);
        const printed = Object.entries(values)
          .flatMap(([v, n]) => Array(n).fill(v))
          .sort();
        const detail = t.values ? ` ${printed.join(" ")}` : "";
        return h(
          "span",
          { class: ["ff-chip", `t-${name}`, !total && "none"], title: t.text },
          `${total}× ${t.short}${detail}`,
        );
      }),
    ),
  );
}

function choices(ctx, obs) {
  const { h } = ctx;
  if (!ctx.myTurn) return null;
  const items = [...ctx.legal];
  let title = "Move your disc: click a card ahead of it on the Path, or pick a move below";
  if (obs.phase === "fox")
    title = "You collected a Fox: choose the card it takes (face down into the box)";
  if (obs.phase === "pass") title = "Pass the set-aside Traps";
  return h(
    "section",
    { class: "ff-choices", "aria-label": "Your choices" },
    h("h2", {}, title),
    obs.phase === "fox" && obs.collecting_to
      ? h("p", { class: "quiet" }, `Collecting goes on up to c${obs.collecting_to} after this.`)
      : null,
    h(
      "div",
      { class: "ff-options" },
      items.map(([action, words]) => {
        const fields = ctx.fields.get(action) ?? {};
        if (obs.phase === "fox") {
          const after = ctx.mine?.fox?.[action];
          const what = fields.kind === "lose" ? loseName(ctx, fields) : "the set-aside Trap";
          return ctx.button(
            { action, class: "ff-option" },
            h("strong", {}, `Lose ${what}`),
            after !== undefined ? h("span", {}, `→ your collection scores ${after}`) : null,
          );
        }
        return ctx.button(
          { action, class: "ff-option" },
          h(
            "strong",
            {},
            fields.kind === "leave"
              ? "Leave the Path"
              : fields.kind === "pass-traps"
                ? "Pass"
                : `Move ${fields.distance}`,
          ),
          h("span", {}, words),
        );
      }),
    ),
  );
}

// A lose action's card in words, from its structured form {type, value}.
function loseName(ctx, { type, value }) {
  const t = ctx.catalogue.types[type];
  return value ? `${t.title} ${value}` : t.title;
}

function collections(ctx, obs) {
  const { h } = ctx;
  const seats = ctx.derived?.seats || [];
  return h(
    "section",
    { class: "ff-collections", "aria-label": "Collections" },
    h("h2", {}, "Collections"),
    h(
      "div",
      { class: "ff-seats" },
      obs.players.map((p, q) => {
        const info = seats[q];
        if (!info) return null;
        const own = q === ctx.seat && ctx.mine ? ctx.mine.own : null; // all of its cards: exact
        const cards = own ? ctx.me.players[q].held : info.seen;
        const total = own ? own.total : info.points;
        const byType = new Map();
        for (const card of cards) {
          const t = typeOf(ctx, card);
          if (!byType.has(t.name)) byType.set(t.name, []);
          byType.get(t.name).push(t.value);
        }
        const where =
          obs.discs.positions[q] === LEFT ? `left ${obs.discs.left.indexOf(q) + 1}.` : null;
        const points = ctx.plural(total, "point") + (own || info.known ? "" : " in the cards seen");
        return h(
          "div",
          {
            class: [
              "ff-seat",
              q === ctx.seat && "mine",
              q === obs.current_player && !ctx.over && "to-move",
            ],
          },
          h(
            "div",
            { class: "ff-seat-head" },
            disc(ctx, q, obs.current_player),
            h("strong", {}, ctx.seatLabel(q)),
            h(
              "span",
              { class: "quiet" },
              ` ${ctx.plural(p.count, "card")}${where ? ` · ${where}` : ""}`,
            ),
            h("span", { class: "ff-points" }, points),
          ),
          h(
            "div",
            { class: "ff-chips" },
            byType.size === 0 ? h("span", { class: "quiet" }, "nothing yet") : null,
            [...byType].map(([name, values]) => {
              const t = ctx.catalogue.types[name];
              const shown = t.values ? ` ${values.sort((a, b) => a - b).join(" ")}` : "";
              return h(
                "span",
                { class: ["ff-chip", `t-${name}`], title: t.text },
                `${values.length}× ${t.short}${shown}`,
              );
            }),
          ),
          info.hidden_losses && !own
            ? h(
                "p",
                { class: "quiet" },
                `Lost ${ctx.plural(info.hidden_losses, "card")} to a Fox (which, only they know).`,
              )
            : null,
          own?.lines.length
            ? h(
                "details",
                { class: "ff-sheet" },
                h("summary", {}, "Points now, type by type"),
                h(
                  "ul",
                  {},
                  own.lines.map((l) =>
                    h("li", {}, h("strong", {}, `${l.points}`), ` ${l.item}: ${l.why}`),
                  ),
                ),
              )
            : null,
        );
      }),
    ),
  );
}

function prompt(ctx, obs) {
  if (ctx.over) return "Every disc has left the Path: the game is over.";
  if (ctx.seat === null)
    return ctx.state.you.length
      ? "The collections stay as everyone saw them while the device is passed on."
      : "You are watching.";
  if (ctx.myTurn) return null;
  return `${ctx.seatLabel(obs.current_player)} is furthest behind and moves.`;
}

export default {
  render(ctx) {
    const { h } = ctx;
    const obs = ctx.me || ctx.public;
    const line = prompt(ctx, obs);
    return h(
      "div",
      { class: "ff" },
      path(ctx, obs),
      order(ctx, obs),
      obs.aside.length
        ? h(
            "p",
            { class: "ff-aside" },
            `Set aside this turn: ${ctx.plural(obs.aside.length, "Trap")}, passed on after the move.`,
          )
        : null,
      line ? h("p", { class: "ff-prompt" }, line) : null,
      // the question and its answers: on a phone they stay at the bottom of the screen, the
      // Path's cards above them (Fancy Feathers has no hand: the moves are what is held out)
      ctx.myTurn ? h("div", { class: "dock ff-dock active" }, choices(ctx, obs)) : null,
      collections(ctx, obs),
      stackInfo(ctx, obs),
    );
  },
};
