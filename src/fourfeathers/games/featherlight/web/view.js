// Featherlight's table: the six nest stacks, the two piles (and the solo wind stack), the
// other seats' hands as far as everyone saw them, and your hand with each card's points now.
// A turn: draw by clicking a pile, or take by clicking a nest card; then put by clicking a
// hand card and a stack. The shell (static/table.js) gives ctx; web/__init__.py derives the
// points (ctx.mine.hand, ctx.mine.puts) and the cards' texts (ctx.catalogue.cards).

const WIND = { up: "▲", down: "▼" };

// A line may break after a + or a / between words ("purple+blue+white+black" is wider than a
// phone's card), never inside a number ("+20").
const breakable = (text) => text.replace(/[+/](?=[a-z])/gi, "$&\u200b");

function feather(ctx, colour) {
  const { svg } = ctx;
  return svg(
    "svg",
    { class: "feather", viewBox: "0 0 40 64", "aria-hidden": "true" },
    svg("path", {
      class: `quill f-${colour}`,
      d: "M20 2C33 14 36 36 22 56L20 62 18 56C4 36 7 14 20 2Z",
    }),
    svg("path", { class: "rachis", d: "M20 8V61", fill: "none" }),
  );
}

// One card's face: number, colour, feather and scoring text (the card as printed).
function face(ctx, card, extra = null) {
  const { h } = ctx;
  const info = ctx.catalogue.cards[card];
  return [
    h(
      "span",
      { class: "fl-top" },
      h("span", { class: "num" }, String(card)),
      h("span", { class: "colour" }, info.colour),
    ),
    feather(ctx, info.colour),
    h("span", { class: "text" }, breakable(info.text)),
    extra,
  ];
}

function mini(ctx, card) {
  const info = ctx.catalogue.cards[card];
  return ctx.h(
    "span",
    { class: `fl-mini c-${info.colour}`, title: `${card} (${info.colour}): ${info.text}` },
    String(card),
  );
}

// The hinted put as {card, stack} (its structured form: docs/protocol.md, "Actions"), or null.
function hintedPut(ctx) {
  const fields = ctx.fields.get(ctx.hinted);
  return fields?.kind === "put" ? fields : null;
}

function prompt(ctx, obs) {
  if (ctx.over) return "The game is over.";
  if (ctx.seat === null)
    return ctx.state.you.length
      ? "Hands are hidden while the device is passed on."
      : "You are watching: every hand stays hidden.";
  if (!ctx.myTurn) return `${ctx.seatLabel(obs.current_player)} is playing.`;
  if (obs.phase === "choose")
    return "Your turn: draw from a pile, or take a card from the nest (a swap).";
  const chosen = ctx.ui.selected
    ? ` Put ${ctx.ui.selected} on which stack?`
    : " Pick a hand card, then the stack to put it on.";
  if (obs.taken) {
    const gap =
      obs.nest[obs.taken_from].length === 0
        ? ` Stack ${obs.taken_from + 1} is empty and must be filled.`
        : "";
    return `You took ${obs.taken} from stack ${obs.taken_from + 1}.${gap}${chosen}`;
  }
  return `You drew ${obs.hand[obs.hand.length - 1]}.${chosen}`;
}

function nest(ctx, obs) {
  const { h } = ctx;
  const putting = ctx.myTurn && obs.phase === "put";
  const selected = putting ? ctx.ui.selected : null;
  const after = selected && ctx.mine?.puts?.[selected];
  const hint = hintedPut(ctx);
  const memory = ctx.setting("memory", false);
  const wind = ctx.derived?.wind;
  return h(
    "section",
    { class: "fl-nest", "aria-label": "The nest" },
    h("h2", {}, "The nest"),
    h(
      "div",
      { class: "fl-stacks" },
      obs.nest.map((stack, s) => {
        const top = stack[stack.length - 1];
        const label = `stack ${s + 1}`;
        const props = putting
          ? selected
            ? { action: `put ${selected} on ${s + 1}` }
            : {
                onclick: () =>
                  ctx.refuse(
                    "Pick one of your hand cards first, then the stack to put it on.",
                    "FL-22",
                  ),
                legal: false,
                key: `stack ${s + 1}`,
              }
          : { action: `take ${s + 1}` };
        const hinted = hint && hint.stack === s && (!selected || hint.card === selected);
        const card =
          top === undefined
            ? ctx.button(
                { ...props, class: "fl-card fl-gap", "aria-label": `${label}: empty` },
                h("span", { class: "text" }, "empty: fill this gap"),
              )
            : ctx.button(
                {
                  ...props,
                  class: ["fl-card", `c-${ctx.catalogue.cards[top].colour}`, hinted && "hinted"],
                  "aria-label": `${label}: ${top} ${ctx.catalogue.cards[top].colour}, ${ctx.catalogue.cards[top].text}`,
                },
                face(ctx, top),
              );
        return h(
          "div",
          { class: "fl-stack" },
          h(
            "div",
            { class: "fl-stack-head" },
            h("span", {}, `Stack ${s + 1}`),
            h(
              "span",
              {
                class: "height",
                title: `${stack.length} card${stack.length === 1 ? "" : "s"} in this stack`,
              },
              Array.from({ length: Math.min(stack.length, 8) }, () => h("i", {})),
              ` ${stack.length}`,
            ),
            wind && wind.up === s
              ? h(
                  "span",
                  { class: "wind-mark", title: "An up wind card would cover this highest number" },
                  WIND.up,
                )
              : null,
            wind && wind.down === s
              ? h(
                  "span",
                  { class: "wind-mark", title: "A down wind card would cover this lowest number" },
                  WIND.down,
                )
              : null,
          ),
          card,
          after && after[s] !== null
            ? h(
                "span",
                { class: "fl-after", title: "Your hand's points after this put" },
                `→ ${after[s]} pts`,
              )
            : null,
          memory && stack.length > 1
            ? h(
                "span",
                { class: "fl-under" },
                "under: ",
                stack
                  .slice(0, -1)
                  .reverse()
                  .map((c) => mini(ctx, c)),
              )
            : null,
        );
      }),
    ),
  );
}

function piles(ctx, obs) {
  const { h } = ctx;
  const solo = ctx.catalogue.solo;
  const wind = ctx.derived?.wind;
  const tops = obs.nest.map((s) => s[s.length - 1]);
  return h(
    "section",
    { class: "fl-piles", "aria-label": "Draw piles" },
    obs.piles.map((size, p) =>
      ctx.button(
        { action: `draw ${p + 1}`, class: "fl-pile", "aria-label": `Pile ${p + 1}: ${size} cards` },
        h("span", { class: "back" }, h("span", {}, String(size))),
        h("span", {}, `Pile ${p + 1}`),
      ),
    ),
    solo
      ? h(
          "div",
          { class: "fl-wind" },
          h("span", { class: "back wind" }, h("span", {}, String(obs.wind))),
          h(
            "div",
            {},
            h("strong", {}, "Wind stack"),
            h(
              "p",
              {},
              obs.wind
                ? "After each turn the top wind card blows onto the nest:"
                : "The wind stack is empty.",
            ),
            wind
              ? h(
                  "p",
                  { class: "quiet" },
                  `${WIND.up} up covers the highest exposed number (${tops[wind.up]}, stack ${wind.up + 1}); `,
                  `${WIND.down} down the lowest (${tops[wind.down]}, stack ${wind.down + 1}).`,
                )
              : null,
          ),
        )
      : null,
    h(
      "div",
      { class: "fl-count" },
      h("span", {}, ctx.over ? `${ctx.plural(obs.turn, "turn")} played` : `Turn ${obs.turn + 1}`),
      ctx.catalogue.max_turns && !ctx.over
        ? h("span", { class: "quiet" }, ` · stops after turn ${ctx.catalogue.max_turns}`)
        : null,
      h("span", { class: "quiet" }, ` · ${obs.box} cards out of the game`),
    ),
  );
}

function others(ctx, obs) {
  const { h } = ctx;
  const seats = obs.hands.map((hand, q) => ({ hand, q })).filter(({ q }) => q !== ctx.seat);
  if (ctx.catalogue.solo || seats.length === 0) return null;
  return h(
    "section",
    { class: "fl-others", "aria-label": "Other hands" },
    seats.map(({ hand, q }) =>
      h(
        "div",
        { class: ["fl-other", obs.current_player === q && "to-move"] },
        h("strong", {}, ctx.seatLabel(q)),
        h("span", { class: "quiet" }, ` ${hand.size} cards`),
        hand.known.length
          ? h(
              "span",
              { class: "known" },
              " · known: ",
              hand.known.map((c) => mini(ctx, c)),
            )
          : h("span", { class: "quiet" }, " · none seen"),
      ),
    ),
  );
}

function hand(ctx, obs) {
  const { h } = ctx;
  const sheet = ctx.mine?.hand;
  if (!sheet) return null;
  const putting = ctx.myTurn && obs.phase === "put";
  const puts = ctx.mine.puts || {};
  const hint = hintedPut(ctx);
  const select = (card) => {
    ctx.ui.selected = ctx.ui.selected === card ? null : card;
    ctx.redraw();
  };
  return h(
    "section",
    { class: "fl-hand", "aria-label": "Your hand" },
    h("h2", {}, "Your hand ", h("span", { class: "total" }, `${sheet.total} points now`)),
    h(
      "div",
      // on a phone the hand scrolls sideways in the dock: reachable with the keyboard too
      { class: "fl-cards", tabindex: ctx.myTurn ? "0" : null, "aria-label": "Hand cards" },
      sheet.lines.map((line) =>
        ctx.button(
          {
            key: `hand ${line.card}`,
            legal: putting && puts[line.card] !== undefined,
            selected: putting ? ctx.ui.selected === line.card : undefined,
            class: [
              "fl-card",
              `c-${ctx.catalogue.cards[line.card].colour}`,
              hint && hint.card === line.card && "hinted",
              obs.taken === line.card && "taken",
            ],
            "aria-label": `${line.card} ${ctx.catalogue.cards[line.card].colour}: ${line.points} points now, ${line.why}`,
            onclick: () =>
              putting
                ? select(line.card)
                : ctx.refuse(
                    ctx.myTurn
                      ? "First draw a card or take one from the nest; then put a card."
                      : "It is not your turn.",
                    ctx.myTurn ? "FL-14" : "",
                  ),
          },
          face(
            ctx,
            line.card,
            h(
              "span",
              { class: "score" },
              h("strong", {}, `${line.points} pts`),
              h("small", {}, breakable(line.why)),
            ),
          ),
        ),
      ),
    ),
  );
}

export default {
  render(ctx) {
    const obs = ctx.me || ctx.public;
    if (!(ctx.myTurn && obs.phase === "put" && obs.hand.includes(ctx.ui.selected)))
      ctx.ui.selected = null;
    return ctx.h(
      "div",
      { class: "fl" },
      others(ctx, obs),
      nest(ctx, obs),
      piles(ctx, obs),
      ctx.h(
        "div",
        { class: ["dock", "fl-dock", ctx.myTurn && "active"] },
        ctx.h(
          "p",
          { class: ["fl-prompt", ctx.myTurn && "mine"], "aria-live": "polite" },
          prompt(ctx, obs),
        ),
        hand(ctx, obs),
      ),
    );
  },

  toolbar(ctx) {
    const on = ctx.setting("memory", false);
    return ctx.h(
      "button",
      {
        type: "button",
        class: "tool",
        "data-key": "memory",
        "aria-pressed": String(on),
        title: "Show the covered cards of each stack (the memory aid)",
        onclick: () => ctx.setSetting("memory", !on),
      },
      `Memory aid: ${on ? "on" : "off"}`,
    );
  },
};
