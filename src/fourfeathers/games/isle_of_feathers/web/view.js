// Isle of Feathers' table: the island as an SVG hex map (heights, Vegetation, the birds with
// their seat's colour, shape and number), the Flight Path and the piles, your hand with each
// bird's habitat drawn small, the tokens, every seat's birds and points.
// A turn: pick a bird card (every place it fits lights up) or a tile action (every legal space
// lights up), then click a lit space; ability tokens are buttons; the draw is a click on the
// Flight Path or the Draw pile; the turn ends by passing a card. The legal spaces come from the
// legal actions the server sends (their structured forms name cells "q,r"); web/__init__.py derives where
// each bird in sight fits now (ctx.mine.fits), for the cards you look at out of turn.

const R = 30; // hex radius in SVG units (pointy-top)
const W = Math.sqrt(3) * R;
const SHAPES = ["circle", "square", "triangle", "diamond"];
const ICON = { mound: "▲", burrow: "▼", replant: "♣", flit: "↻", flock: "✤", shoo: "➜" };
const KIND = ["ocean", "Sand", "Grass", "Cliff", "double cliff"];
const TOOL_WORDS = {
  tile: "Add a tile",
  veg: "Add Vegetation",
  mound: "Mound",
  burrow: "Burrow",
  replant: "Replant",
  shoo: "Shoo",
  plant: "Plant",
};

const centre = (q, r) => [W * (q + r / 2), 1.5 * R * r];
const cellKey = (q, r) => `${q},${r}`;
const kindName = (h) => KIND[h] || `height ${h} stack`;
const title = (s) => s[0].toUpperCase() + s.slice(1);

function corners(x, y, size = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

function bird(ctx, card) {
  return ctx.catalogue.birds[card];
}

// ---------------------------------------------------------------------------------------------
// What the seat may do now, from the legal actions' structured forms (docs/protocol.md,
// "Actions"): spaces by tool or bird, and the rest (action text -> its fields).
const SPACE_KINDS = new Set(["tile", "veg", "mound", "burrow", "replant", "plant"]);

function moves(ctx) {
  const byMode = new Map(); // "tile" | "veg" | ... | "card N" | "shoo" | "shoo COLOUR q,r" -> Map(cell -> action)
  const singles = new Map();
  const add = (mode, cell, action) => {
    if (!byMode.has(mode)) byMode.set(mode, new Map());
    byMode.get(mode).set(cell, action);
  };
  for (const [action, f] of ctx.fields) {
    if (SPACE_KINDS.has(f.kind)) add(f.kind, f.cell, action);
    else if (f.kind === "place" || f.kind === "flock") add(`card ${f.card}`, f.cell, action);
    else if (f.kind === "shoo") {
      add("shoo", f.source, f.colour);
      add(`shoo ${f.colour} ${f.source}`, f.target, action);
    } else singles.set(action, f);
  }
  return { byMode, singles };
}

// The tool the phase itself chooses: the destination of a moved Vegetation token, or the
// discarded bird's ability.
function forcedMode(obs) {
  if (obs.phase === "plant") return { kind: "plant" };
  if (obs.phase === "ability" && ["mound", "burrow", "replant", "shoo"].includes(obs.pending))
    return { kind: obs.pending };
  return null;
}

// Whether a legal action places a bird with Flock (onto a tile that holds one already).
function isFlock(ctx, action) {
  return ctx.fields.get(action)?.kind === "flock";
}

// The cell a hinted action names (and its bird), to mark them, and its kind.
function hintOf(ctx) {
  const f = ctx.fields.get(ctx.hinted) ?? {};
  return { cell: f.target ?? f.cell ?? null, card: f.card ?? null, verb: f.kind ?? "" };
}

// ---------------------------------------------------------------------------------------------
// The island

// A choice drawn in SVG (a space of the map): like ctx.button, but a <g role=button>.
function svgChoice(ctx, props, ...children) {
  const { action, onclick, legal, key, selected, class: cls, label } = props;
  const ok = legal ?? (action !== undefined && ctx.legal.has(action));
  const go = () => (onclick ? onclick() : ctx.act(action));
  return ctx.svg(
    "g",
    {
      class: [
        "choice",
        ok && "legal",
        selected && "selected",
        action && action === ctx.hinted && "hinted",
        cls,
      ],
      role: "button",
      "data-key": key ?? action,
      "data-action": action,
      "aria-disabled": ok ? null : "true",
      "aria-label": label,
      tabindex: ok || selected ? "0" : "-1",
      onclick: go,
      onkeydown: (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          go();
        }
      },
    },
    ...children,
  );
}

function marker(ctx, seat, x, y, size) {
  const { svg } = ctx;
  const shape = SHAPES[seat % SHAPES.length];
  const cls = `mk s${seat}`;
  let body;
  if (shape === "circle") body = svg("circle", { class: cls, cx: x, cy: y, r: size });
  else if (shape === "square")
    body = svg("rect", {
      class: cls,
      x: x - size * 0.9,
      y: y - size * 0.9,
      width: size * 1.8,
      height: size * 1.8,
      rx: 2,
    });
  else if (shape === "triangle")
    body = svg("polygon", {
      class: cls,
      points: `${x},${y - size * 1.15} ${x + size * 1.1},${y + size * 0.8} ${x - size * 1.1},${y + size * 0.8}`,
    });
  else
    body = svg("polygon", {
      class: cls,
      points: `${x},${y - size * 1.2} ${x + size * 1.1},${y} ${x},${y + size * 1.2} ${x - size * 1.1},${y}`,
    });
  return svg(
    "g",
    { class: "bird-token" },
    body,
    svg(
      "text",
      {
        class: `mk-n s${seat}`,
        x,
        y: y + size * (shape === "triangle" ? 0.55 : 0.4),
        "text-anchor": "middle",
        "font-size": size * 1.15,
      },
      String(seat + 1),
    ),
  );
}

function tree(ctx, x, y, s = 1) {
  const { svg } = ctx;
  return svg(
    "g",
    { class: "tree", "aria-hidden": "true" },
    svg("rect", { class: "trunk", x: x - 1.6 * s, y: y + 5 * s, width: 3.2 * s, height: 5 * s }),
    svg("polygon", {
      class: "leaves",
      points: `${x},${y - 9 * s} ${x + 7.5 * s},${y + 6 * s} ${x - 7.5 * s},${y + 6 * s}`,
    }),
    svg("polygon", {
      class: "leaves top",
      points: `${x},${y - 12 * s} ${x + 5.5 * s},${y - 1 * s} ${x - 5.5 * s},${y - 1 * s}`,
    }),
  );
}

// One space: its tile stack (a skirt per level below the top), Vegetation, birds, coordinates.
function space(ctx, cell, info, look) {
  const { svg } = ctx;
  const [q, r] = cell.split(",").map(Number);
  const [x, y] = centre(q, r);
  const { height: h, veg, owners } = info;
  const parts = [];
  if (h > 0) {
    for (let level = Math.min(h, 5) - 1; level >= 1; level -= 1) {
      parts.push(
        svg("polygon", {
          class: `skirt h${Math.min(level, 4)}`,
          points: corners(x, y + level * 4),
        }),
      );
    }
    parts.push(svg("polygon", { class: `top h${Math.min(h, 5)}`, points: corners(x, y) }));
    for (let ring = 1; ring < Math.min(h, 4); ring += 1) {
      parts.push(
        svg("polygon", { class: "contour", points: corners(x, y, R * (1 - 0.16 * ring)) }),
      );
    }
    parts.push(
      svg(
        "text",
        { class: "height", x: x - R * 0.52, y: y - R * 0.18, "text-anchor": "middle" },
        String(h),
      ),
    );
  } else {
    parts.push(svg("polygon", { class: "top sea", points: corners(x, y) }));
  }
  if (look.ring)
    parts.push(svg("polygon", { class: `ring ${look.ring}`, points: corners(x, y, R - 3) }));
  if (veg) parts.push(tree(ctx, x + R * 0.42, y - R * 0.3));
  owners.forEach((seat, i) => {
    const n = owners.length;
    const bx = x + (i - (n - 1) / 2) * Math.min(17, 36 / n);
    parts.push(marker(ctx, seat, bx, y + R * 0.2, n > 2 ? 7.5 : 9.5));
  });
  if (look.coords)
    parts.push(svg("text", { class: "coord", x, y: y + R * 0.78, "text-anchor": "middle" }, cell));
  if (look.hinted)
    parts.push(
      svg("text", { class: "star", x: x + R * 0.5, y: y + R * 0.62, "text-anchor": "middle" }, "★"),
    );
  const label = `${cell}: ${h > 0 ? kindName(h) : "ocean"}${veg ? ", Vegetation" : ""}${owners.length ? `, ${owners.map((s) => `bird of Seat ${s + 1}`).join(", ")}` : ""}`;
  return { parts, label };
}

// The spaces to draw: every tile and token, the ocean around the land, any space an action names.
function spaces(ctx, obs, named) {
  const all = new Map();
  for (const [q, r, h, v] of obs.island)
    all.set(cellKey(q, r), { height: h, veg: Boolean(v), owners: [] });
  for (const [q, r, owners] of obs.birds) {
    const k = cellKey(q, r);
    if (!all.has(k)) all.set(k, { height: 0, veg: false, owners: [] });
    all.get(k).owners = owners;
  }
  for (const [q, r, h] of obs.island) {
    if (h < 1) continue;
    for (const [dq, dr] of ctx.catalogue.neighbours) {
      const k = cellKey(q + dq, r + dr);
      if (!all.has(k)) all.set(k, { height: 0, veg: false, owners: [], sea: true });
    }
  }
  for (const k of named)
    if (!all.has(k)) all.set(k, { height: 0, veg: false, owners: [], sea: true });
  return all;
}

// What a click on a space does now, given the selected tool or bird: {action} / {onclick}, its
// look (a ring: legal, flock, fit) and whether it is highlighted.
function spaceChoice(ctx, _obs, cell, info, sel, mv) {
  if (!sel) return null;
  const mode = sel.kind === "card" ? `card ${sel.card}` : sel.kind;
  if (sel.kind === "preview") {
    const fits = ctx.mine?.fits?.[sel.card] || ctx.derived?.fits?.[sel.card] || [];
    const flock = ctx.mine?.flock?.[sel.card] || ctx.derived?.flock?.[sel.card] || [];
    return fits.includes(cell)
      ? { ring: "fit" }
      : flock.includes(cell)
        ? { ring: "fit flock" }
        : null;
  }
  if (sel.kind === "shoo" && !sel.source) {
    const colours = mv.byMode.get("shoo")?.get(cell);
    if (!info.owners.length) return null;
    return {
      key: `shoo from ${cell}`,
      legal: Boolean(colours),
      ring: colours ? "legal" : null,
      onclick: () => {
        const choices = ctx.catalogue.colours.filter(
          (c, s) => info.owners.includes(s) && mv.byMode.has(`shoo ${c} ${cell}`),
        );
        if (!choices.length)
          return ctx.refuse(
            "No bird there can be shooed now: it needs a free neighbouring land tile.",
            "IS-56",
          );
        ctx.ui.sel = {
          kind: "shoo",
          source: cell,
          colour: choices.length === 1 ? choices[0] : null,
          colours: choices,
        };
        return ctx.redraw();
      },
    };
  }
  if (sel.kind === "shoo") {
    if (!sel.colour) return null;
    const action =
      mv.byMode.get(`shoo ${sel.colour} ${sel.source}`)?.get(cell) ??
      `shoo ${sel.colour} ${sel.source} to ${cell}`;
    if (cell === sel.source)
      return {
        key: `shoo source ${cell}`,
        legal: false,
        selected: true,
        onclick: () => {
          ctx.ui.sel = { kind: "shoo" };
          ctx.redraw();
        },
      };
    return { action, ring: ctx.legal.has(action) ? "legal" : null };
  }
  const options = mv.byMode.get(mode);
  const action = options?.get(cell);
  if (action) return { action, ring: isFlock(ctx, action) ? "legal flock" : "legal" };
  if (sel.kind === "card") {
    if (info.height < 1) return null;
    return {
      action: info.owners.length ? `flock ${sel.card} at ${cell}` : `place ${sel.card} at ${cell}`,
    };
  }
  return { action: `${sel.kind} ${cell}` };
}

function island(ctx, obs, sel, mv) {
  const { h, svg } = ctx;
  const named = new Set();
  for (const options of mv.byMode.values()) for (const cell of options.keys()) named.add(cell);
  const all = spaces(ctx, obs, named);
  const hint = hintOf(ctx);
  const coords = ctx.setting("coords", true);
  const order = [...all.entries()]
    .map(([cell, info]) => ({ cell, info, qr: cell.split(",").map(Number) }))
    .sort((a, b) => a.qr[1] - b.qr[1] || a.qr[0] - b.qr[0]);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const groups = order.map(({ cell, info, qr }) => {
    const [x, y] = centre(qr[0], qr[1]);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    const choice = ctx.seat !== null ? spaceChoice(ctx, obs, cell, info, sel, mv) : null;
    const hinted = hint.cell === cell;
    const look = { coords, hinted, ring: choice?.ring || (choice?.selected ? "source" : null) };
    const { parts, label } = space(ctx, cell, info, look);
    const cls = ["hex", info.sea && "sea-space", info.height > 0 && "land"];
    if (choice && (choice.action || choice.onclick)) {
      return svgChoice(
        ctx,
        { ...choice, class: cls, label: choice.action ? `${label}: ${choice.action}` : label },
        parts,
      );
    }
    return svg("g", { class: cls, role: "img", "aria-label": label }, parts);
  });
  const pad = R * 1.15;
  const vb = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad + 16];
  const zoom = ctx.ui.zoom || 1;
  const least = 0.8; // CSS pixels per SVG unit at least: a space stays >= 40 px wide on a phone
  const most = 1.7; // and at most: a small island is not drawn with giant spaces
  const style =
    zoom === 1
      ? {
          minWidth: `${Math.round(vb[2] * least)}px`,
          maxWidth: `${Math.round(vb[2] * most)}px`,
          maxHeight: `${Math.round(vb[3] * most)}px`,
        }
      : { width: `${Math.round(vb[2] * most * zoom)}px`, maxWidth: "none", maxHeight: "none" };
  const zoomTo = (z) => {
    ctx.ui.zoom = z;
    ctx.ui.scroll = null;
    ctx.redraw();
  };
  // The map keeps where it was scrolled to across redraws (the page is drawn anew each time);
  // first drawn, a map wider than the screen shows its middle.
  const sea = h(
    "div",
    {
      class: "is-sea",
      onscroll: () => {
        ctx.ui.scroll = [sea.scrollLeft, sea.scrollTop];
      },
    },
    svg(
      "svg",
      {
        class: "is-island",
        viewBox: vb.map((v) => v.toFixed(1)).join(" "),
        role: "group",
        "aria-label": "Hex map of the island",
        style,
      },
      groups,
    ),
  );
  queueMicrotask(() => {
    const [left, top] = ctx.ui.scroll || [
      (sea.scrollWidth - sea.clientWidth) / 2,
      (sea.scrollHeight - sea.clientHeight) / 2,
    ];
    sea.scrollLeft = left;
    sea.scrollTop = top;
  });
  return h(
    "section",
    { class: "is-map", "aria-label": "The island" },
    h(
      "div",
      { class: "is-map-bar" },
      h("h2", {}, "The island"),
      h(
        "span",
        { class: "zoom" },
        h(
          "button",
          {
            type: "button",
            class: "tool",
            "data-key": "zoom-out",
            "aria-label": "Zoom out",
            onclick: () => zoomTo(Math.max(1, zoom - 0.5)),
          },
          "−",
        ),
        h(
          "button",
          {
            type: "button",
            class: "tool",
            "data-key": "zoom-fit",
            "aria-pressed": String(zoom === 1),
            onclick: () => zoomTo(1),
          },
          "Fit",
        ),
        h(
          "button",
          {
            type: "button",
            class: "tool",
            "data-key": "zoom-in",
            "aria-label": "Zoom in",
            onclick: () => zoomTo(Math.min(3, zoom + 0.5)),
          },
          "+",
        ),
      ),
    ),
    sea,
    h(
      "p",
      { class: "legend", "aria-hidden": "true" },
      [1, 2, 3, 4].map((k) => h("span", { class: `sw h${k}` }, `${k} ${kindName(k)}`)),
      h("span", { class: "sw veg" }, "♣ Vegetation"),
      ctx.catalogue.colours
        .slice(0, ctx.catalogue.players)
        .map((c, q) => h("span", { class: "sw bird" }, marker2(ctx, q), ` Seat ${q + 1} (${c})`)),
      h("span", { class: "sw sea" }, "dashed: ocean"),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Birds: a card with its habitat drawn as a small hex diagram

function habitat(ctx, card) {
  const { svg } = ctx;
  const r = 12;
  const w = Math.sqrt(3) * r;
  const cells = bird(ctx, card).habitat;
  const at = cells.map(([dq, dr]) => [w * (dq + dr / 2), 1.5 * r * dr]);
  const xs = at.map((p) => p[0]);
  const ys = at.map((p) => p[1]);
  const pad = r + 2;
  const [cx, cy] = [
    (Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...ys) + Math.max(...ys)) / 2,
  ];
  const [vw, vh] = [
    Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, 4 * w),
    Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, 4 * r),
  ];
  const vb = [cx - vw / 2, cy - vh / 2, vw, vh].map((v) => v.toFixed(1));
  const words = cells
    .map(
      ([, , hh, v], i) =>
        `${kindName(hh)}${v ? " with Vegetation" : ""}${i === 0 ? " (the bird's space)" : ""}`,
    )
    .join(", ");
  return svg(
    "svg",
    { class: "habitat", viewBox: vb.join(" "), role: "img", "aria-label": `Habitat: ${words}` },
    svg("title", {}, `Habitat: ${words}`),
    cells.map(([, , hh, v], i) => {
      const [x, y] = at[i];
      return svg(
        "g",
        {},
        svg("polygon", { class: `top h${Math.min(hh, 5)}`, points: corners(x, y, r) }),
        svg(
          "text",
          {
            class: "height",
            x: x - (v || i === 0 ? r * 0.35 : 0),
            y: y + 3.5,
            "text-anchor": "middle",
          },
          String(hh),
        ),
        v ? tree(ctx, x + r * 0.38, y - 1, 0.45) : null,
        i === 0
          ? svg("circle", {
              class: "token-spot",
              cx: x + (v ? 0 : r * 0.35),
              cy: y + (v ? r * 0.45 : 0),
              r: 3.4,
            })
          : null,
      );
    }),
  );
}

function birdFace(ctx, card, extra = null) {
  const { h } = ctx;
  const b = bird(ctx, card);
  return [
    habitat(ctx, card),
    h(
      "span",
      { class: "is-bird-text" },
      h(
        "span",
        { class: "is-bird-top" },
        h("span", { class: "is-bird-name" }, b.name, h("small", {}, ` #${card}`)),
        h("span", { class: "pts", title: "points when placed" }, String(b.points)),
      ),
      h(
        "span",
        { class: `ability a-${b.ability}`, title: ctx.catalogue.abilities[b.ability] },
        h("b", {}, `${ICON[b.ability]} ${title(b.ability)}`),
        h("small", {}, `: ${ctx.catalogue.abilities[b.ability]}`),
      ),
      extra,
    ),
  ];
}

function fitsLine(ctx, card, mv) {
  const { h } = ctx;
  const options = mv.byMode.get(`card ${card}`);
  if (options) {
    const flock = [...options.values()].filter((a) => isFlock(ctx, a)).length;
    const free = options.size - flock;
    return h(
      "span",
      { class: "fits yes" },
      free ? ctx.plural(free, "place") : "",
      free && flock ? " + " : "",
      flock ? `${flock} with Flock` : "",
    );
  }
  const fits = (ctx.mine?.fits || ctx.derived?.fits)?.[card];
  if (fits) return h("span", { class: "fits" }, `fits ${ctx.plural(fits.length, "place")}`);
  return h("span", { class: "fits no" }, "fits nowhere now");
}

function select(ctx, sel) {
  ctx.ui.sel = sel;
  ctx.redraw();
}

function same(a, b) {
  return Boolean(a && b && a.kind === b.kind && a.card === b.card);
}

// ---------------------------------------------------------------------------------------------
// The parts of the table around the island

function prompt(ctx, obs, sel, mv) {
  const { h } = ctx;
  if (ctx.over) return `The game is over: ${obs.end_reason}.`;
  if (ctx.seat === null)
    return ctx.state.you.length
      ? "The hand is hidden while the device is passed on."
      : "You are watching: every hand stays hidden.";
  if (!ctx.myTurn) return `${ctx.seatLabel(obs.current_player)} is playing.`;
  const name = (c) => bird(ctx, c).name;
  if (obs.phase === "draw")
    return `A card is owed: take a bird from the Flight Path, or draw blind from the Draw pile.`;
  if (obs.phase === "plant")
    return `Choose the tile the Vegetation from ${obs.replant_from.join(",")} goes to.`;
  if (obs.phase === "release")
    return "Your turn ended without a bird placed: release a card from your hand for a Migration card.";
  if (obs.phase === "ability") {
    const what =
      obs.pending === "flock"
        ? "pick a bird from your hand, then a tile that holds a bird"
        : obs.pending === "shoo"
          ? "pick a bird on the island, then where it goes"
          : "click a lit space";
    return h(
      "span",
      {},
      `You discarded ${name(obs.pending_card)}: use its ${title(obs.pending)} (${ctx.catalogue.abilities[obs.pending]}): ${what}; or skip it.`,
    );
  }
  if (sel?.kind === "card") {
    const options = [...(mv.byMode.get(`card ${sel.card}`)?.values() || [])];
    const flock = options.filter((a) => isFlock(ctx, a)).length;
    const free = options.length - flock;
    if (!options.length)
      return `${name(sel.card)} fits nowhere now: its habitat must match the island around a free tile. You may discard it for its ability.`;
    const where = [
      free ? ctx.plural(free, "free tile") : null,
      flock
        ? `${ctx.plural(flock, "tile")} with a bird, by Flock${obs.phase === "main" ? " (spends a Flock token)" : ""}`
        : null,
    ]
      .filter(Boolean)
      .join("; ");
    return `${name(sel.card)}: click a lit space to place it (${where}).`;
  }
  if (sel?.kind === "shoo") {
    if (!sel.source) return "Shoo: click a lit bird to move it.";
    if (!sel.colour) return "Shoo: whose bird moves?";
    return `Shoo: click the neighbouring tile the ${sel.colour} bird from ${sel.source} goes to.`;
  }
  if (sel && TOOL_WORDS[sel.kind]) {
    const n = mv.byMode.get(sel.kind)?.size || 0;
    return `${TOOL_WORDS[sel.kind]}: click a lit space (${ctx.plural(n, "space")}).`;
  }
  if (obs.actions_left > 0) {
    return `${ctx.plural(obs.actions_left, "action")} left: pick a bird of your hand to see where it fits, or a tile action.`;
  }
  const next = (obs.current_player + 1) % ctx.catalogue.players;
  return mv.singles.has("end") && ![...mv.singles.values()].some((f) => f.kind === "pass")
    ? "Your actions are used: spend tokens if you like, then end the turn."
    : `Your actions are used: spend tokens if you like, then pass a card to ${ctx.seatLabel(next)}.`;
}

// The tools: tile actions, ability tokens (and the discarded bird's ability), Stamina, skip, end.
function tools(ctx, obs, sel, mv) {
  const { h } = ctx;
  if (!ctx.myTurn) return null;
  const out = [];
  const forced = forcedMode(obs);
  const tool = (kind, label, extra = null) =>
    ctx.button(
      {
        key: `tool ${kind}`,
        legal: mv.byMode.has(kind),
        selected: sel?.kind === kind && !forced,
        class: ["is-tool", `a-${kind}`, hintOf(ctx).verb === kind && "hinted"],
        onclick: () => select(ctx, sel?.kind === kind ? null : { kind }),
      },
      label,
      extra,
    );
  if (obs.phase === "main") {
    out.push(
      tool(
        "tile",
        [h("span", { class: "glyph h1" }, "⬢"), " Add a tile"],
        h("small", {}, `${mv.byMode.get("tile")?.size || 0}`),
      ),
    );
    out.push(
      tool(
        "veg",
        [h("span", { class: "glyph veg" }, "♣"), " Add Vegetation"],
        h("small", {}, `${mv.byMode.get("veg")?.size || 0}`),
      ),
    );
  }
  const mine = obs.tokens[ctx.seat];
  for (const [i, kind] of ["mound", "burrow", "replant", "shoo"].entries()) {
    const idx = [0, 1, 2, 5][i];
    const usable = mv.byMode.has(kind);
    if (!usable && !(obs.phase === "main" && mine[idx])) continue;
    if (forced && forced.kind === kind) continue;
    out.push(
      tool(
        kind,
        [h("span", { class: "glyph" }, ICON[kind]), ` ${title(kind)}`],
        obs.phase === "main" ? h("small", { title: "tokens" }, `×${mine[idx]}`) : null,
      ),
    );
  }
  for (const [action, label] of [
    ["flit", `${ICON.flit} Flit: one more action`],
    ["stamina", `${ICON.flit} Stamina: one more action`],
    ["skip", "Skip the ability"],
    ["end", "End the turn"],
  ]) {
    if (mv.singles.has(action) || (action === "flit" && obs.phase === "main" && mine[3])) {
      out.push(
        ctx.button(
          { action, class: ["is-tool", `a-${action}`] },
          label,
          action === "flit" ? h("small", {}, `×${mine[3]}`) : null,
        ),
      );
    }
  }
  const drawn = new Set([
    "take",
    "draw-blind",
    "discard",
    "pass",
    "release",
    "flit",
    "stamina",
    "skip",
    "end",
  ]);
  for (const [action, f] of mv.singles) {
    if (!drawn.has(f.kind))
      out.push(ctx.button({ action, class: "is-tool" }, ctx.legal.get(action)));
  }
  if (sel?.kind === "shoo" && sel.source && !sel.colour) {
    for (const colour of sel.colours)
      out.push(
        ctx.button(
          {
            key: `shoo ${colour}`,
            legal: true,
            class: "is-tool",
            onclick: () => select(ctx, { ...sel, colour }),
          },
          `The ${colour} bird`,
        ),
      );
  }
  return out.length
    ? h("div", { class: "is-tools", role: "group", "aria-label": "Actions" }, out)
    : null;
}

function status(ctx, obs, sel, mv) {
  const { h } = ctx;
  const [sand, grass, cliff] = obs.supply.tiles;
  const cat = ctx.catalogue;
  const left = obs.end_turn >= 0 ? obs.end_turn - obs.turn : null;
  return h(
    "section",
    { class: ["is-status", ctx.myTurn && "mine"] },
    h(
      "div",
      { class: "is-turn" },
      h(
        "strong",
        {},
        ctx.over ? `${ctx.plural(obs.turn + 1, "turn")} played` : `Turn ${obs.turn + 1}`,
      ),
      cat.max_turns && !ctx.over
        ? h("span", { class: "quiet" }, ` of at most ${cat.max_turns}`)
        : null,
      !ctx.over
        ? [
            h(
              "span",
              { class: "who" },
              marker2(ctx, obs.current_player),
              ` ${ctx.seatLabel(obs.current_player)}`,
            ),
            h(
              "span",
              {
                class: "pips",
                role: "img",
                title: "actions left this turn",
                "aria-label": `${obs.actions_left} actions left`,
              },
              [0, 1].map((i) => h("i", { class: i < obs.actions_left ? "on" : null })),
              obs.actions_left > 2 ? h("b", {}, `+${obs.actions_left - 2}`) : null,
            ),
          ]
        : null,
      left !== null && !ctx.over
        ? h(
            "span",
            { class: "endgame" },
            left <= 0 ? "Endgame: the last turn" : `Endgame: ${ctx.plural(left, "more turn")}`,
          )
        : null,
    ),
    tools(ctx, obs, sel, mv),
    h(
      "div",
      { class: "is-supply", "aria-label": "The supply" },
      h("span", { class: "sw h1" }, `Sand ${sand}`),
      h("span", { class: "sw h2" }, `Grass ${grass}`),
      h("span", { class: "sw h3" }, `Cliff ${cliff}`),
      h("span", { class: "sw veg" }, `♣ ${obs.supply.vegetation}`),
      h(
        "span",
        { class: "tokens" },
        ["mound", "burrow", "replant", "flit", "flock", "shoo"].map((k, i) =>
          h(
            "span",
            { class: "tok", title: `${title(k)} tokens in the supply` },
            `${ICON[k]}${obs.supply.tokens[i]}`,
          ),
        ),
      ),
      cat.solo
        ? h(
            "span",
            { class: "solo" },
            h("strong", {}, `Stamina pool ${obs.stamina}`),
            ` · Migration pile ${obs.migration} · level ${cat.stamina}`,
          )
        : null,
    ),
  );
}

function marker2(ctx, seat) {
  const { svg } = ctx;
  return svg(
    "svg",
    { class: "mk-badge", viewBox: "-12 -12 24 24", "aria-hidden": "true" },
    marker(ctx, seat, 0, 0, 9),
  );
}

function flightPath(ctx, obs, sel) {
  const { h } = ctx;
  const drawing = ctx.myTurn && obs.phase === "draw";
  const slots = obs.path.map((card, s) => {
    const action = `take ${s + 1}`;
    if (!card)
      return h(
        "div",
        { class: "is-card empty" },
        h("span", { class: "slot" }, `${s + 1}`),
        "empty",
      );
    const props = {
      class: ["is-card", s === obs.path.length - 1 && "last"],
      "aria-label": `Flight Path ${s + 1}: ${bird(ctx, card).name}, ${bird(ctx, card).points} points, ${bird(ctx, card).ability}`,
    };
    const extra = h(
      "span",
      { class: "slot" },
      s === obs.path.length - 1 ? `slot ${s + 1} · flies away next` : `slot ${s + 1}`,
    );
    if (drawing) return ctx.button({ ...props, action }, birdFace(ctx, card, extra));
    const { "aria-label": described, ...shown } = props;
    return h(
      "button",
      {
        type: "button",
        ...shown,
        class: [...props.class, "preview", same(sel, { kind: "preview", card }) && "looking"],
        "data-key": `look ${card}`,
        "aria-pressed": String(same(sel, { kind: "preview", card })),
        title: "Show where it would fit",
        onclick: () =>
          select(ctx, same(sel, { kind: "preview", card }) ? null : { kind: "preview", card }),
      },
      h("span", { class: "sr-only" }, `${described}. `),
      birdFace(ctx, card, extra),
    );
  });
  const top = obs.discard[obs.discard.length - 1];
  return h(
    "section",
    { class: "is-path", "aria-label": "The Flight Path" },
    h(
      "h2",
      {},
      "Flight Path",
      h(
        "span",
        { class: "quiet" },
        "slot 1 is next to the Draw pile; the bird in the last slot flies away when a card is taken",
      ),
    ),
    h(
      "div",
      { class: "is-path-row" },
      ctx.myTurn || drawing
        ? ctx.button(
            {
              action: "draw blind",
              class: "is-pile",
              "aria-label": `Draw pile: ${obs.draw} cards`,
            },
            h("span", { class: "back" }, h("span", {}, String(obs.draw))),
            h("span", {}, "Draw blind"),
          )
        : h(
            "div",
            { class: "is-pile" },
            h("span", { class: "back" }, h("span", {}, String(obs.draw))),
            h("span", {}, "Draw pile"),
          ),
      slots,
      h(
        "div",
        { class: "is-pile discard", title: obs.discard.map((c) => bird(ctx, c).name).join(", ") },
        h("span", { class: "back face" }, h("span", {}, String(obs.discard.length))),
        h("span", {}, "Discard"),
        top ? h("small", {}, `top: ${bird(ctx, top).name}`) : null,
      ),
    ),
  );
}

function hand(ctx, obs, sel, mv) {
  const { h } = ctx;
  if (!ctx.me) return null;
  const hint = hintOf(ctx);
  const main = ctx.myTurn && obs.phase === "main";
  const choosing =
    ctx.myTurn && (obs.phase === "main" || (obs.phase === "ability" && obs.pending === "flock"));
  const knowers = (card) =>
    obs.known_by
      .map((cards, q) => (q !== ctx.seat && cards.includes(card) ? q : null))
      .filter((q) => q !== null);
  return h(
    "section",
    { class: "is-hand", "aria-label": "Your hand" },
    h(
      "h2",
      {},
      "Your hand",
      h(
        "span",
        { class: "quiet" },
        `${ctx.plural(obs.hand.length, "card")} · ${ctx.plural(ctx.catalogue.bird_tokens - obs.placed[ctx.seat].length, "Bird token")} left`,
      ),
    ),
    obs.hand.length === 0 ? h("p", { class: "quiet" }, "Your hand is empty.") : null,
    h(
      "div",
      { class: "is-cards" },
      [...obs.hand]
        .sort((a, b) => a - b)
        .map((card) => {
          const me = { kind: "card", card };
          const b = bird(ctx, card);
          const label = `${b.name}, ${b.points} points, ${b.ability}`;
          const seen = knowers(card);
          const cls = ["is-card", hint.card === card && "hinted", seen.length && "seen"];
          const face = birdFace(ctx, card, [
            fitsLine(ctx, card, mv),
            seen.length
              ? h(
                  "small",
                  { class: "seen-by" },
                  `${seen.map((q) => `Seat ${q + 1}`).join(", ")} ${seen.length > 1 ? "know" : "knows"} you hold it`,
                )
              : null,
          ]);
          const selected = same(sel, me);
          const usable = mv.byMode.has(`card ${card}`) || ctx.legal.has(`discard ${card}`);
          const body = choosing
            ? ctx.button(
                {
                  key: `bird ${card}`,
                  legal: usable,
                  selected,
                  class: cls,
                  "aria-label": `${label}: show where it can go`,
                  onclick: () => select(ctx, selected ? null : me),
                },
                face,
              )
            : h(
                "button",
                {
                  type: "button",
                  class: [...cls, "preview", same(sel, { kind: "preview", card }) && "looking"],
                  "data-key": `look ${card}`,
                  "aria-pressed": String(same(sel, { kind: "preview", card })),
                  onclick: () =>
                    select(
                      ctx,
                      same(sel, { kind: "preview", card }) ? null : { kind: "preview", card },
                    ),
                },
                h("span", { class: "sr-only" }, `${label}: show where it would fit. `),
                face,
              );
          const buttons = [];
          if (main && selected)
            buttons.push(
              ctx.button(
                { action: `discard ${card}`, class: "is-act" },
                `Discard it to use its ${title(b.ability)}`,
              ),
            );
          for (const verb of ["pass", "release"]) {
            if (mv.singles.has(`${verb} ${card}`))
              buttons.push(
                ctx.button(
                  { action: `${verb} ${card}`, class: "is-act" },
                  verb === "pass" ? `Pass ${b.name}` : `Release ${b.name}`,
                ),
              );
          }
          return h(
            "div",
            { class: "is-hand-card" },
            body,
            buttons.length ? h("div", { class: "is-acts" }, buttons) : null,
          );
        }),
    ),
  );
}

function tokenRow(ctx, tokens) {
  const { h } = ctx;
  const kinds = ["mound", "burrow", "replant", "flit", "flock", "shoo"];
  const held = kinds.map((k, i) => [k, tokens[i]]).filter(([, n]) => n);
  if (!held.length) return h("span", { class: "quiet" }, "no tokens");
  return held.map(([k, n]) =>
    h(
      "span",
      { class: `tok a-${k}`, title: `${title(k)}: ${ctx.catalogue.abilities[k]}` },
      `${ICON[k]} ${title(k)} ×${n}`,
    ),
  );
}

function seats(ctx, obs) {
  const { h } = ctx;
  const n = obs.hand_sizes.length;
  return h(
    "section",
    { class: "is-seats", "aria-label": "Seats" },
    Array.from({ length: n }, (_, q) => {
      const knownCards = ctx.me ? (q === ctx.seat ? [] : obs.known[q]) : obs.public_known[q];
      return h(
        "div",
        { class: ["is-seat", `s${q}`, obs.current_player === q && "to-move"] },
        h(
          "div",
          { class: "is-seat-head" },
          marker2(ctx, q),
          h("strong", {}, ctx.seatLabel(q)),
          h("span", { class: "quiet" }, ` ${ctx.catalogue.colours[q]}`),
          h("span", { class: "score" }, ctx.plural(obs.scores[q], "point")),
        ),
        h(
          "div",
          { class: "quiet" },
          `${ctx.plural(obs.hand_sizes[q], "card")} in hand · ${ctx.plural(obs.placed[q].length, "bird")} placed`,
        ),
        h("div", { class: "toks" }, tokenRow(ctx, obs.tokens[q])),
        obs.placed[q].length
          ? h(
              "div",
              { class: "placed" },
              obs.placed[q].map((c) =>
                h(
                  "span",
                  { class: "chip", title: `${bird(ctx, c).name}: ${bird(ctx, c).points} points` },
                  `${bird(ctx, c).name} ${bird(ctx, c).points}`,
                ),
              ),
            )
          : null,
        knownCards.length
          ? h(
              "div",
              { class: "placed known" },
              h("span", { class: "quiet" }, "holds: "),
              knownCards.map((c) => h("span", { class: "chip" }, bird(ctx, c).name)),
            )
          : null,
      );
    }),
  );
}

function result(ctx) {
  const { h } = ctx;
  const obs = ctx.public;
  const unit = "points";
  return h(
    "div",
    { class: "is-result" },
    h(
      "p",
      { class: "is-why" },
      `The game ended: ${obs.end_reason}.`,
      ctx.catalogue.solo && obs.hand_sizes[0] === 0 ? " A perfect season!" : "",
    ),
    h(
      "div",
      { class: "sheets" },
      obs.placed.map((cards, q) =>
        h(
          "table",
          { class: "sheet" },
          h(
            "caption",
            {},
            marker2(ctx, q),
            ` ${ctx.seatLabel(q)}: ${ctx.plural(obs.scores[q], "point")}`,
          ),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, "bird"),
              h("th", { scope: "col" }, unit),
              h("th", { scope: "col" }, "why"),
            ),
          ),
          h(
            "tbody",
            {},
            cards.length
              ? cards.map((c) =>
                  h(
                    "tr",
                    {},
                    h("td", {}, `${bird(ctx, c).name} (${c})`),
                    h("td", { class: "num" }, String(bird(ctx, c).points)),
                    h("td", {}, "printed points of a placed bird (IS-66)"),
                  ),
                )
              : h(
                  "tr",
                  {},
                  h("td", {}, "no bird placed"),
                  h("td", { class: "num" }, "0"),
                  h("td", {}, ""),
                ),
          ),
          h(
            "tfoot",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "row" }, "total"),
              h("td", { class: "num" }, String(obs.scores[q])),
              h("td", {}, ""),
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
    if (ctx.ui.n !== ctx.state.n || ctx.ui.seat !== ctx.seat) {
      ctx.ui.n = ctx.state.n;
      ctx.ui.seat = ctx.seat;
      if (ctx.ui.sel?.kind !== "preview") ctx.ui.sel = null;
    }
    const mv = moves(ctx);
    let sel =
      forcedMode(obs) && ctx.myTurn && !(ctx.ui.sel?.kind === "shoo" && ctx.ui.sel.source)
        ? forcedMode(obs)
        : ctx.ui.sel;
    if (
      sel?.kind === "preview" &&
      !obs.path.includes(sel.card) &&
      !(ctx.me?.hand || []).includes(sel.card)
    )
      sel = ctx.ui.sel = null;
    if (sel?.kind === "card" && !(ctx.myTurn && obs.hand.includes(sel.card)))
      sel = ctx.ui.sel = null;
    return ctx.h(
      "div",
      { class: ["is", ctx.myTurn && obs.phase === "draw" && "drawing"] },
      status(ctx, obs, sel, mv),
      ctx.h(
        "div",
        { class: ["is-play", !ctx.me && "no-hand"] },
        island(ctx, obs, sel, mv),
        // the question and the hand together: on a phone they stay at the bottom of the screen
        ctx.h(
          "div",
          { class: ["dock", "is-dock", ctx.myTurn && "active"] },
          ctx.h(
            "p",
            { class: ["is-prompt", ctx.myTurn && "mine"], "aria-live": "polite" },
            prompt(ctx, obs, sel, mv),
          ),
          hand(ctx, obs, sel, mv),
        ),
      ),
      flightPath(ctx, obs, sel),
      seats(ctx, obs),
    );
  },

  toolbar(ctx) {
    const on = ctx.setting("coords", true);
    return ctx.h(
      "button",
      {
        type: "button",
        class: "tool",
        "data-key": "coords",
        "aria-pressed": String(on),
        title: "Show each space's coordinates q,r (as the game log names them)",
        onclick: () => ctx.setSetting("coords", !on),
      },
      `Coordinates: ${on ? "on" : "off"}`,
    );
  },

  result,
};
