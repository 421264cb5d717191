"""How Isle of Feathers looks: the island as hexes in the terminal (rich) and as SVG, the hand
with each habitat drawn small, the Flight Path, the tokens (the words are in ``words.py``).

Terminal hexes: each space is five characters, ``kind veg birds``: the kind letter (``S`` Sand,
``G`` Grass, ``C`` Cliff, ``D`` double cliff, ``H`` higher still), ``♣`` for Vegetation, and
its birds: the seat number of each (``1``-``4``, in the seat's colour), or ``+N`` for more than
three, whose owners are listed under the map; the line below gives the space's coordinates
``q,r`` to type in actions. Ocean spaces next to the island are drawn as ``~~~~~``: that is
where Sand can go. ``LEGEND`` explains every symbol, and no symbol means two things.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import TERMINAL
from . import actions, rules_phases, rules_place, scoring
from .content import ABILITIES, ABILITY_TEXT, COLOURS
from .hexgrid import NEIGHBOUR_OFFSETS, Habitat, coords
from .words import bird_words, plural, seat_word

if TYPE_CHECKING:
    from .content import Content
    from .game import IsleGame
    from .state import IsleState

KIND_LETTER = {0: "~", 1: "S", 2: "G", 3: "C", 4: "D"}
HIGHER = "H"
"""The kind letter of a space higher than a double cliff (IS-25 sets no height cap)."""
MAX_SHOWN_BIRDS = 3
"""Birds a hex shows one by one; with more it shows ``+N`` and the map lists the owners."""
HEIGHT_STYLE = {
    0: "white on blue",
    1: "black on khaki3",
    2: "black on green3",
    3: "black on grey62",
    4: "white on grey35",
}
BIRD_STYLE = (
    "bold white on red3",
    "bold white on blue3",
    "bold white on dark_green",
    "bold black on yellow2",
)
SVG_FILL = {0: "#3d7fc1", 1: "#e6d28e", 2: "#8bc34a", 3: "#a8a8a8", 4: "#6e6e6e"}
SVG_BIRD = ("#d32f2f", "#1e54c9", "#1b7f2a", "#f2c200")
VEG = "♣"

LEGEND = (
    ("S", "Sand"),
    ("G", "Grass"),
    ("C", "Cliff"),
    ("D", "double cliff"),
    (HIGHER, "higher cliff"),
    (VEG, "Vegetation"),
    ("1-4", "a bird of that seat"),
    ("+N", "N birds, owners listed below"),
    ("~~~~~", "ocean where Sand may go"),
    ("q,r", "the space's coordinates"),
)
"""Every symbol of the terminal map and what it means (``legend``)."""


def _letter(height: int) -> str:
    return KIND_LETTER.get(height, HIGHER)


def legend() -> Text:
    """One line explaining every symbol of ``island_picture``."""
    return Text("  ".join(f"{symbol} {meaning}" for symbol, meaning in LEGEND), style="dim")


def _style(height: int) -> str:
    return HEIGHT_STYLE.get(height, HEIGHT_STYLE[4])


# ---------------------------------------------------------------------------------------------
# The island in the terminal


def _cell_text(state: IsleState, k: int) -> Text:
    code = state.cells.get(k, 0)
    h, veg = code >> 1, code & 1
    style = _style(h)
    text = Text(_letter(h), style=style)
    text.append(VEG if veg else " ", style=style)
    owners = state.birds.get(k, ())
    if len(owners) <= MAX_SHOWN_BIRDS:
        for o in owners:
            text.append(str(o + 1), style=BIRD_STYLE[o])
        text.append(" " * (MAX_SHOWN_BIRDS - len(owners)), style=style)
    else:
        text.append(f"+{len(owners)}".ljust(MAX_SHOWN_BIRDS)[:MAX_SHOWN_BIRDS], style=style)
    return text


def crowded_hexes(state: IsleState) -> list[Text]:
    """A line per hex with more birds than it shows, naming every owner (``Birds on 1,0: Seat
    1 (red) x2, Seat 3 (green)``)."""
    lines = []
    for k, owners in sorted(state.birds.items(), key=lambda item: coords(item[0])[::-1]):
        if len(owners) > MAX_SHOWN_BIRDS:
            counts = {o: owners.count(o) for o in sorted(set(owners))}
            named = ", ".join(seat_word(o) + (f" x{n}" if n > 1 else "") for o, n in counts.items())
            lines.append(Text(f"Birds on {actions.cell_text(k)}: {named}"))
    return lines


def island_picture(state: IsleState, frontier: bool = True) -> Text:
    """The island as rows of hexes with coordinates (module docstring)."""
    shown = set(state.cells) | set(state.birds)
    ocean: set[int] = set()
    if frontier:
        for k, c in state.cells.items():
            if c >= 2:
                ocean.update(k + d for d in NEIGHBOUR_OFFSETS if k + d not in shown)
    everything = shown | ocean
    if not everything:
        return Text("(the island is gone)")
    places = {k: coords(k) for k in everything}
    xs = {k: 2 * q + r for k, (q, r) in places.items()}
    x0 = min(xs.values())
    rows: dict[int, list[int]] = {}
    for k, (_, r) in places.items():
        rows.setdefault(r, []).append(k)
    out = Text()
    for r in sorted(rows):
        line, label = Text(), Text()
        col = 0
        for k in sorted(rows[r], key=lambda c: xs[c]):
            start = (xs[k] - x0) * 3
            line.append(" " * (start - col))
            label.append(" " * (start - col))
            if k in ocean:
                line.append("~~~~~", style="blue")
            else:
                line.append_text(_cell_text(state, k))
            q, rr = places[k]
            label.append(f"{q},{rr}".center(5)[:5], style="dim")
            col = start + 5
        out.append_text(line)
        out.append("\n")
        out.append_text(label)
        out.append("\n")
    return out


def habitat_picture(habitat: Habitat) -> Text:
    """A habitat diagram drawn small in its printed orientation: three characters a cell (kind,
    ``♣`` for Vegetation, ``●`` on the token cell)."""
    cells = {(dq, dr): (h, v) for dq, dr, h, v in habitat.cells}
    xs = {c: 2 * c[0] + c[1] for c in cells}
    x0 = min(xs.values())
    rows: dict[int, list[tuple[int, int]]] = {}
    for c in cells:
        rows.setdefault(c[1], []).append(c)
    out = Text()
    for i, r in enumerate(sorted(rows)):
        col = 0
        for c in sorted(rows[r], key=lambda c: xs[c]):
            start = (xs[c] - x0) * 2
            out.append(" " * (start - col))
            h, v = cells[c]
            style = _style(h)
            token = "●" if c == (0, 0) else " "
            out.append(f"{_letter(h)}{VEG if v else ' '}{token}", style=style)
            col = start + 3
        if i < len(rows) - 1:
            out.append("\n")
    return out


def _fits_text(game: IsleGame, state: IsleState, card: int, player: int) -> Text:
    spots = [k for _, k in rules_place.placements(state, [card])]
    flock = [k for _, k in rules_place.placements(state, [card], occupied=True)]
    if not rules_place.has_bird_token(state, player):
        return Text("no Bird token left", style="red")
    if spots:
        where = " ".join(actions.cell_text(k) for k in spots[:4])
        more = f" +{len(spots) - 4}" if len(spots) > 4 else ""
        return Text(f"yes: {where}{more}", style="bold green")
    if flock:
        where = " ".join(actions.cell_text(k) for k in flock[:3])
        return Text(f"with Flock: {where}", style="yellow")
    return Text("no", style="dim")


def _bird_table(
    game: IsleGame,
    state: IsleState,
    cards: list[int],
    title: str,
    player: int | None,
    slots: list[int] | None = None,
) -> Table:
    table = Table(title=title, header_style="bold", show_lines=True)
    if slots is not None:
        table.add_column("slot", justify="center")
    table.add_column("bird")
    table.add_column("pts", justify="right")
    table.add_column("ability")
    table.add_column("habitat")
    if player is not None:
        table.add_column("fits now")
    content = game.content
    for i, card in enumerate(cards):
        row: list[Any] = []
        if slots is not None:
            row.append(str(slots[i]))
        if not card:
            row += [Text("(empty)", style="dim"), "", "", ""]
            if player is not None:
                row.append("")
            table.add_row(*row)
            continue
        ability = ABILITIES[content.ability[card]]
        row += [
            Text(f"{card} {content.name[card]}", style="bold"),
            str(content.points[card]),
            Text(f"{ability.title()}\n{ABILITY_TEXT[ability]}"),
            habitat_picture(_habitat(content, card)),
        ]
        if player is not None:
            row.append(_fits_text(game, state, card, player))
        table.add_row(*row)
    return table


def _habitat(content: Content, card: int) -> Habitat:
    hab = content.habitat[card]
    assert hab is not None
    return hab


def _tokens_table(game: IsleGame, state: IsleState) -> Table:
    table = Table(title="Ability tokens", header_style="bold")
    table.add_column("")
    for name in ABILITIES:
        table.add_column(name.title(), justify="center")
    for p, tokens in enumerate(state.tokens):
        table.add_row(Text(seat_word(p), style=BIRD_STYLE[p]), *(str(t) for t in tokens))
    table.add_row("supply", *(str(t) for t in state.token_supply), style="dim")
    return table


def _status(game: IsleGame, state: IsleState) -> Text:
    sand, grass, cliff = state.supply
    text = Text()
    if state.player == TERMINAL:
        text.append(f"Game over after {state.turn + 1} turns.", style="bold")
    else:
        who = seat_word(state.player)
        text.append(f"Turn {state.turn + 1}: {who} to play", style="bold")
        text.append(f", {state.actions_left} action(s) left.")
    if state.end_turn >= 0 and state.player != TERMINAL:
        left = state.end_turn - state.turn
        text.append(
            " Endgame: " + ("this is the last turn." if left <= 0 else f"{left} more turn(s)."),
            style="bold yellow",
        )
    text.append(
        f"\nSupply: {sand} Sand, {grass} Grass, {cliff} Cliff, {state.veg_supply} Vegetation. "
        f"Draw pile {len(state.draw)}, Discard pile {len(state.discard)}."
    )
    if game.solo:
        text.append(
            f"\nMigration pile {len(state.migration)}, Stamina pool {state.stamina} "
            f"(level {game.stamina})."
        )
    return text


def _prompt(game: IsleGame, state: IsleState, player: int) -> Text | None:
    if state.player != player:
        return None
    content = game.content
    if state.phase == rules_phases.DRAW:
        return Text("Draw a card: take a face-up bird (take 1-4) or draw blind.", style="bold cyan")
    if state.phase == rules_phases.ABILITY:
        ability = ABILITIES[state.pending]
        return Text(
            f"You discarded {bird_words(game, state.pending_card)}: use its {ability.title()} "
            f"({ABILITY_TEXT[ability]}) or skip.",
            style="bold cyan",
        )
    if state.phase == rules_phases.PLANT:
        return Text(
            f"Choose the tile for the Vegetation from {actions.cell_text(state.replant_from)}.",
            style="bold cyan",
        )
    if state.phase == rules_phases.RELEASE:
        return Text(
            "Your turn ended without a bird placed: release a card for a Migration card.",
            style="bold cyan",
        )
    if not rules_phases.can_act(state):
        close = "end the turn" if game.solo or rules_phases.is_last_turn(state) else "pass a card"
        return Text(f"Actions used: spend tokens if you like, then {close}.", style="bold cyan")
    del content
    return None


def render_state(
    game: IsleGame,
    state: IsleState,
    player: int | None,
    *,
    memory_aid: bool = False,
    reveal: bool = False,
) -> Group:
    """The table as ``player`` sees it (None: a spectator, who sees no hand; with ``reveal``,
    every hand).

    Everything on the island is in sight, so ``memory_aid`` changes nothing.
    """
    parts: list[Any] = [_status(game, state)]
    parts.append(Text("The island", style="bold underline"))
    parts.append(island_picture(state))
    parts += crowded_hexes(state)
    parts.append(legend())
    parts.append(
        _bird_table(
            game,
            state,
            list(state.path),
            "Flight Path (1 = next to the Draw pile, 4 = next to the Discard pile, flies away "
            "first)",
            player,
            slots=[i + 1 for i in range(len(state.path))],
        )
    )
    parts.append(_tokens_table(game, state))
    scores = state.scores()
    for q in range(game.num_players):
        placed = state.placed[q]
        line = Text(f"{seat_word(q)}: {plural(scores[q], 'point')}", style=BIRD_STYLE[q])
        line.append(
            f" - {plural(len(state.hands[q]), 'card')} in hand, "
            f"{plural(len(placed), 'bird')} placed",
            style="none",
        )
        if placed:
            line.append(": " + ", ".join(bird_words(game, c) for c in placed), style="none")
        known = state.known[player][q] if player is not None and q != player else []
        if known:
            line.append(f"; you know it holds {state.describe_cards(known)}", style="none")
        parts.append(line)
    seats = [player] if player is not None else list(range(game.num_players)) if reveal else []
    if player is None and game.solo:
        seats = [0]  # a spectator of a solo game looks over the player's shoulder
    for p in seats:
        hand = sorted(state.hands[p])
        title = "Your hand" if player is not None else f"{seat_word(p)}'s hand"
        parts.append(_bird_table(game, state, hand, f"{title} ({len(hand)} cards)", p))
        if state.hands[p] and player is not None and state.turn > 0:  # not the deal
            parts.append(
                Text(
                    f"Newest card in your hand: {bird_words(game, state.hands[p][-1])}", style="dim"
                )
            )
        prompt = _prompt(game, state, p)
        if prompt is not None:
            parts.append(prompt)
    return Group(*parts)


def render_result(game: IsleGame, state: IsleState) -> Group:
    """The island, every seat's placed birds and points, the winner(s) and why the game ended."""
    parts: list[Any] = [Text("The island", style="bold underline"), island_picture(state, False)]
    parts += [*crowded_hexes(state), legend()]
    scores = state.scores()
    content = game.content
    for p in range(game.num_players):
        table = Table(title=f"{seat_word(p)}: {plural(scores[p], 'point')}", header_style="bold")
        table.add_column("bird")
        table.add_column("points", justify="right")
        table.add_column("why")
        for card in state.placed[p]:
            table.add_row(
                f"{card} {content.name[card]}",
                str(content.points[card]),
                "printed points of a placed bird (IS-66)",
            )
        if not state.placed[p]:
            table.add_row("(no bird placed)", "0", "")
        parts.append(table)
    reason = rules_phases.end_reason_text(state) if state.end_reason else "not over"
    parts.append(Text(f"The game ended: {reason}.", style="bold"))
    if game.solo:
        line = f"Solo score (level {game.stamina}): {scores[0]}"
        if scoring.perfect_season(state):
            line += " - a perfect season!"
        parts.append(Text(line, style="bold green"))
        return Group(*parts)
    won = state.winners()
    if won:
        names = " and ".join(seat_word(p) for p in won)
        verb = "wins" if len(won) == 1 else "share the victory"
        points = plural(scores[won[0]], "point")
        parts.append(Text(f"{names} {verb} with {points}", style="bold green"))
        tied = [p for p, s in enumerate(scores) if s == scores[won[0]]]
        if len(tied) > 1 and game.tiebreak_most_birds:
            counts = ", ".join(f"{seat_word(p)} {len(state.placed[p])}" for p in tied)
            parts.append(Text(f"Tied on points; most birds placed: {counts} (IS-R12)."))
        elif len(tied) > 1:
            parts.append(Text("Tied on points: the victory is shared (ruling IS-R12)."))
    return Group(*parts)


# ---------------------------------------------------------------------------------------------
# SVG


def render_svg(game: IsleGame, state: IsleState, player: int | None = None) -> str:
    """An SVG picture of the island: pointy-top hexes coloured by height, the height number,
    a tree for Vegetation, a disc per bird in its seat's colour, coordinates; the ocean spaces
    next to the island are outlined. The island holds no secrets: the same for every
    ``player``."""
    size = 34.0
    w = math.sqrt(3) * size
    shown = set(state.cells) | set(state.birds)
    ocean: set[int] = set()
    for k, c in state.cells.items():
        if c >= 2:
            ocean.update(k + d for d in NEIGHBOUR_OFFSETS if k + d not in shown)
    everything = sorted(shown | ocean) or [0]
    centres = {}
    for k in everything:
        q, r = coords(k)
        centres[k] = (w * (q + r / 2), 1.5 * size * r)
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    pad = size * 1.2
    left, top = min(xs) - pad, min(ys) - pad - 30
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} '
        f'{width:.1f} {height:.1f}" width="{width:.0f}" height="{height:.0f}" '
        'font-family="sans-serif">',
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" '
        'fill="#2b6ca3"/>',
    ]
    scores = state.scores()
    title = "Isle of Feathers - " + ", ".join(
        f"{COLOURS[p]} {scores[p]}" for p in range(game.num_players)
    )
    out.append(
        f'<text x="{left + 8:.1f}" y="{top + 20:.1f}" font-size="14" fill="white">{title}</text>'
    )
    for k in everything:
        x, y = centres[k]
        corners = " ".join(
            f"{x + size * math.cos(math.radians(60 * i - 30)):.1f},"
            f"{y + size * math.sin(math.radians(60 * i - 30)):.1f}"
            for i in range(6)
        )
        code = state.cells.get(k, 0)
        h, veg = code >> 1, code & 1
        q, r = coords(k)
        if k in ocean:
            out.append(
                f'<polygon points="{corners}" fill="none" stroke="#9cc8ee" stroke-dasharray="4 3"/>'
            )
        else:
            fill = SVG_FILL.get(min(h, 4), SVG_FILL[4])
            out.append(f'<polygon points="{corners}" fill="{fill}" stroke="#333"/>')
            if h:
                out.append(
                    f'<text x="{x - size * 0.45:.1f}" y="{y - size * 0.2:.1f}" font-size="13" '
                    f'font-weight="bold">{_letter(h)}</text>'
                )
        if veg:  # a tree: a dark triangle on a trunk
            tx, ty = x + size * 0.35, y - size * 0.45
            out.append(
                f'<rect x="{tx - 1.5:.1f}" y="{ty + 12:.1f}" width="3" height="5" '
                'fill="#5d4037"/>'
                f'<polygon points="{tx:.1f},{ty:.1f} {tx - 8:.1f},{ty + 13:.1f} '
                f'{tx + 8:.1f},{ty + 13:.1f}" fill="#1b4d1b" stroke="#0b240b"/>'
            )
        for i, o in enumerate(state.birds.get(k, ())):
            bx = x - size * 0.3 + (i % 3) * size * 0.3
            by = y + size * 0.15 - (i // 3) * size * 0.3
            out.append(
                f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="8" fill="{SVG_BIRD[o]}" '
                'stroke="white" stroke-width="2"/>'
            )
        colour = "#d8ecff" if k in ocean else "#222"
        out.append(
            f'<text x="{x:.1f}" y="{y + size * 0.7:.1f}" font-size="9" text-anchor="middle" '
            f'fill="{colour}">{q},{r}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
