"""How Familiar Feat looks in the terminal (rich renderables); the words are in ``words.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import rules_deck, rules_phases, rules_totals
from .content import ABILITIES, CONDITIONS, ICONS, INF, K_GOLEM, K_MONSTER, ROW, STAR
from .words import (
    ABILITY_TEXT,
    CONDITION_TEXT,
    ICON_TEXT,
    adventure_text,
    card_summary,
    effect_text,
    familiar_text,
    leaves_text,
    pile_text,
)

if TYPE_CHECKING:
    from .game import FamiliarFeatGame


def _row_table(game: FamiliarFeatGame, state: Any) -> Table:
    cards = game.cards
    table = Table(title=f"Creature row (day {state.day})", show_lines=True, header_style="bold")
    for s in range(ROW):
        table.add_column(f"slot {s + 1}" + (" (deck side)" if s == 0 else ""), justify="left")
    heads, totals, columns = [], [], []
    nd = rules_totals.no_double(state)
    for s in range(ROW):
        c = state.row[s]
        if not c:
            heads.append(Text("(empty)", style="dim"))
            totals.append(Text(""))
            columns.append(Text(""))
            continue
        kind = cards.kind[c]
        style = "bold red" if kind == K_MONSTER else ("bold white" if kind == K_GOLEM else "bold")
        head = Text(f"{cards.name[c]} [{c}]", style=style)
        cond = cards.condition[c]
        st = rules_totals.strength_of(state, c)
        if cond is not None:
            head.append("\n★ " + CONDITION_TEXT[CONDITIONS[cond[0]]].format(n=cond[1]))
        else:
            head.append(f"\nStrength {'∞' if st == INF else st}")
        if kind == K_MONSTER:
            head.append(" Monster", style="red")
            if cards.leaves_after[c]:
                head.append("\n" + leaves_text(state, cards.leaves_after[c], state.since[s]))
        eff = effect_text(cards, c)
        if eff:
            head.append(f"\neffect: {eff}", style="italic")
        if cards.tier[c] >= 0:
            ability = ABILITY_TEXT[ABILITIES[cards.ability[c]]]
            value = "Copy" if ability == "Copy" else f"Cuddle {cards.cuddle[c]}"
            if ability and ability != "Copy":
                value += f", {ability}"
            head.append(f"\njoins as: {value}", style="dim")
        heads.append(head)
        col = state.cols[s]
        body = Text()
        for f, (v, a) in zip(col, rules_totals.effective(cards, col), strict=True):
            ab = ABILITY_TEXT[ABILITIES[a]]
            copy = " (Copy)" if ABILITIES[cards.ability[f]] == "copy" else ""
            body.append(f"{v:>2} {cards.name[f]} [{f}]{copy}" + (f" {ab}" if ab else "") + "\n")
        columns.append(body if col else Text("no Familiars", style="dim"))
        total = rules_totals.column_total(cards, col, nd)
        limit = rules_totals.card_limit(state, c)
        target = "∞" if st == INF else ("★" if st == STAR else str(st))
        reached = rules_totals.meets(state, s)
        line = Text(
            f"Cuddle {total} / {target}  ({len(col)}/{limit or '-'} cards)",
            style="bold green" if reached else "cyan",
        )
        totals.append(line)
    table.add_row(*heads)
    table.add_row(*columns)
    table.add_row(*totals)
    return table


def render_state(
    game: FamiliarFeatGame,
    state: Any,
    player: int | None,
    *,
    memory_aid: bool = False,
    reveal: bool = False,
) -> Group:
    """The table: the row with each column and its Cuddle total against the Strength, the piles,
    the day, Events in force, Monsters driven away, the hand and the pending question.

    The game is solo and the player's view is the spectator's, so ``player``, ``memory_aid``
    and ``reveal`` change nothing (the order of the decks stays hidden).
    """
    cards = game.cards
    parts: list[Any] = []
    character = state.character
    banner = " ".join(ICON_TEXT[ICONS[i]] for i in cards.banner[character])
    head = Text(
        f"Level {game.level} - {cards.name[character]} {banner} - day {state.day} "
        f"({rules_phases.PHASES[state.phase]})",
        style="bold",
    )
    parts.append(head)
    parts.append(_row_table(game, state))
    driven = ", ".join(cards.name[m] for m in state.driven) or "none"
    parts.append(
        Text(
            f"Creature deck {len(state.deck)} | Team deck {len(state.team)} | "
            f"Monsters driven away {len(state.driven)}/3: {driven}"
        )
    )
    if state.chosen and state.phase != rules_phases.PH_SETUP:
        parts.append(Text(f"This adventure: {adventure_text(state)}", style="red"))
    parts.append(Text(f"Team discard ({len(state.discard)}): {pile_text(cards, state.discard)}"))
    parts.append(
        Text(
            f"Exhausted face down ({len(state.fd)}, top first, revived first): "
            f"{pile_text(cards, state.fd, top_first=True)} | face up ({len(state.fu)}): "
            f"{pile_text(cards, state.fu)}"
        )
    )
    parts.append(Text(f"Fled ({len(state.fled)}): {pile_text(cards, state.fled)}", style="dim"))
    if state.active:
        active = "; ".join(card_summary(cards, e[0]) for e in state.active)
        parts.append(Text(f"Events in force: {active}", style="magenta"))
    if state.events_pending:
        waiting = "; ".join(card_summary(cards, e) for e in state.events_pending)
        parts.append(Text(f"Event being resolved: {waiting}", style="magenta"))
    if state.phase == rules_phases.PH_SETUP:
        picked = ", ".join(cards.name[c] for c in state.chosen) or "none yet"
        parts.append(Text(f"Picked so far: {picked}"))
    if state.limbo:
        parts.append(Text("Revived: " + ", ".join(familiar_text(cards, c) for c in state.limbo)))
    if state.hand:
        hand = ", ".join(familiar_text(cards, c) for c in state.hand)
        parts.append(Text(f"In hand: {hand}", style="bold cyan"))
    if state.result == rules_phases.ONGOING:
        parts.append(Text(f"Now: {rules_phases.pending_prompt(state)}", style="cyan"))
    return Group(*parts)


def render_result(game: FamiliarFeatGame, state: Any) -> Group:
    """The final table and the outcome, explained."""
    cards = game.cards
    parts: list[Any] = [render_state(game, state, 0)]
    won = state.result == rules_phases.WON
    reason = rules_phases.end_reason(state)
    parts.append(
        Text(
            f"{'Victory' if won else 'Defeat'} on day {state.day}: {reason}.",
            style="bold green" if won else "bold red",
        )
    )
    monsters = rules_deck.monsters_in_game(state)
    for m in monsters:
        mark = "driven away" if m in state.driven else "still in the castle"
        parts.append(Text(f"  {card_summary(cards, m)}: {mark}"))
    team = len(state.team) + len(state.discard) + len(state.hand) + sum(map(len, state.cols))
    parts.append(
        Text(
            f"Team at the end: {team} Familiars in play or in the Team, "
            f"{len(state.fd) + len(state.fu)} exhausted, {len(state.fled)} fled."
        )
    )
    if won:
        parts.append(Text("You grab the Castle card: the castle is free!", style="green"))
    return Group(*parts)
