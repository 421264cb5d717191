"""Every legal action can be clicked: a game's ``view.js`` drawn in a real page for positions
taken from the engine, and explored like a player would (press every highlighted choice that
selects something, then look at what is highlighted), without a server table.

``explore(page, game, samples)`` renders each sample with a context like the shell's
(``web/static/table.js``: the same ``ctx.button`` convention) and returns, per sample, the legal
actions no click path reaches (``missing``), those reached only through a view's plain list of
leftovers (``listed``, see ``explore``) and the highlighted choices that send an action the
server would refuse (``wrong``). A sample is ``{"seat", "observation", "public", "derived",
"public_derived", "legal": [[action, words]...], "fields": [[action, fields]...]}``
(``sample``), the catalogue is the game's.
"""

from __future__ import annotations

from typing import Any

from fourfeathers.core.game import Game, State
from fourfeathers.core.registry import game_spec

EXPLORE = """
async ({ game, catalogue, samples, depth, fallback }) => {
  const dom = await import("/static/dom.js");
  const view = (await import(`/games/${game}/view.js`)).default;
  const out = [];
  for (const s of samples) {
    const legal = new Map(s.legal);
    const fields = new Map(s.fields);
    const root = document.createElement("div");
    document.body.replaceChildren(root);
    const ui = {};
    const ctx = {
      state: { n: 1, you: [s.seat], to_move: s.seat, seats: [], result: null },
      seat: s.seat, legal, fields, hinted: null, game: { id: game },
      public: s.public, derived: s.public_derived, me: s.observation, mine: s.derived,
      catalogue, myTurn: true, over: false, ui,
      h: dom.h, svg: dom.svg, plural: dom.plural, ruleRef: dom.ruleRef,
      seatLabel: (q) => `Seat ${q + 1}`, act: () => {}, refuse: () => {}, redraw: () => draw(),
      setting: (name, fallback) => fallback, setSetting: () => draw(),
      button: (props, ...children) => {  // as the shell's ctx.button
        const { action, onclick, legal: isLegal, key, selected, class: cls, ...rest } = props;
        const ok = isLegal ?? (action !== undefined && legal.has(action));
        return dom.h("button", {
          type: "button", class: ["choice", ok && "legal", selected && "selected", cls],
          "data-key": key ?? action, "data-action": action, "aria-disabled": ok ? null : "true",
          onclick: () => (onclick ? onclick() : ctx.act(action)), ...rest,
        }, ...children);
      },
    };
    const draw = () => root.replaceChildren(view.render(ctx));
    const reached = new Set();
    const listed = new Set();
    const wrong = new Set();
    const explored = new Map();  // the view's selections already explored, and how deep
    const visit = (left) => {
      const here = JSON.stringify(ui);
      if (explored.get(here) >= left) return;
      explored.set(here, left);
      draw();
      const lit = [...root.querySelectorAll(".choice.legal")];
      for (const el of lit) {
        const action = el.dataset.action;
        if (!action) continue;
        if (!legal.has(action)) wrong.add(action);
        else if (fallback && el.matches(fallback)) listed.add(action);
        else reached.add(action);
      }
      if (!left) return;
      const saved = JSON.stringify(ui);
      for (const key of lit.filter((el) => !el.dataset.action).map((el) => el.dataset.key)) {
        for (const k of Object.keys(ui)) delete ui[k];
        Object.assign(ui, JSON.parse(saved));
        draw();
        const el = [...root.querySelectorAll("[data-key]")].find((e) => e.dataset.key === key);
        el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        visit(left - 1);
      }
      for (const k of Object.keys(ui)) delete ui[k];
      Object.assign(ui, JSON.parse(saved));
    };
    visit(depth);
    out.push({
      missing: [...legal.keys()].filter((a) => !reached.has(a) && !listed.has(a)),
      listed: [...listed].filter((a) => !reached.has(a)),
      wrong: [...wrong],
    });
  }
  return out;
}
"""


def sample(game: Game, state: State) -> dict[str, Any]:
    """What the page of the seat to move would be given at ``state`` (an ``explore`` sample)."""
    web = game_spec(game.id).part("web")
    seat = state.current_player
    observation = state.observation(seat)
    public = state.public_observation()
    return {
        "seat": seat,
        "observation": observation,
        "public": public,
        "derived": web.derive(game, observation, seat),
        "public_derived": web.derive(game, public, None),
        "legal": [[str(a), game.describe_action(state, a)] for a in state.legal_actions()],
        "fields": [[str(a), game.action_fields(state, a)] for a in state.legal_actions()],
    }


def explore(
    page, game: Game, samples: list[dict[str, Any]], depth: int = 3, fallback: str | None = None
) -> list[dict]:
    """Each sample's unreachable legal actions and wrongly highlighted ones (module docstring);
    ``listed``: the legal actions reached only through choices matching the CSS selector
    ``fallback`` (a view's plain list of whatever it draws nowhere else)."""
    catalogue = game_spec(game.id).part("web").catalogue(game)
    arg = {"game": game.id, "catalogue": catalogue, "samples": samples, "depth": depth}
    arg["fallback"] = fallback
    return page.evaluate(EXPLORE, arg)
