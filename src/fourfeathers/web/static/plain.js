// The view of a game that has none of its own (no view.js in its web part): what the seat
// knows, as the game's observation gives it, and its legal actions as buttons.

function show(h, value) {
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => (typeof v === "object" ? JSON.stringify(v) : v)).join(", ")
      : "—";
  if (value !== null && typeof value === "object") {
    return h(
      "dl",
      { class: "plain-fields" },
      Object.entries(value).map(([k, v]) => [h("dt", {}, k), h("dd", {}, show(h, v))]),
    );
  }
  return value === null ? "—" : String(value);
}

export default {
  render(ctx) {
    const { h } = ctx;
    return h(
      "div",
      { class: "plain" },
      ctx.myTurn
        ? h(
            "section",
            {},
            h("h2", {}, "Your choices"),
            h(
              "div",
              { class: "plain-choices" },
              [...ctx.legal].map(([action, words]) =>
                ctx.button({ action, class: "plain-choice" }, words),
              ),
            ),
          )
        : null,
      ctx.me
        ? h("section", {}, h("h2", {}, `What ${ctx.seatLabel(ctx.seat)} knows`), show(h, ctx.me))
        : null,
      h("section", {}, h("h2", {}, "The table"), show(h, ctx.public)),
    );
  },
};
