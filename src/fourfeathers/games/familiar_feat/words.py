"""Familiar Feat in words: card texts, and action and outcome sentences (no rich here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import actions, rules_phases, rules_totals
from .cardset import CardSet
from .content import (
    ABILITIES,
    CONDITIONS,
    EFFECTS,
    EVENT_KINDS,
    ICONS,
    INF,
    K_GOLEM,
    K_MONSTER,
    STAR,
    TIERS,
)

if TYPE_CHECKING:
    from .game import FamiliarFeatGame


ABILITY_TEXT = {
    "none": "",
    "double": "Double",
    "copy": "Copy",
    "exhaust_revive": "Exhaust 1, then Revive 1",
    "move": "Move 1",
    "no_limit": "does not count towards the card limit",
}
EFFECT_TEXT = {
    "exhaust": "exhaust {n}",
    "exhaust_first": "exhaust the first",
    "exhaust_last": "exhaust the last",
    "exhaust_highest": "exhaust the highest",
    "exhaust_this": "exhaust this",
    "revive": "revive {n}",
    "revive_play": "revive 2, then play 1",
    "exhaust_all": "exhaust all its Familiars",
    "flee": "{n} of its Familiars flee",
    "flee_all": "all its Familiars flee",
}
CONDITION_TEXT = {
    "increasing": "exactly {n} Familiars, Cuddle values increasing top to bottom",
    "at_least": "at least {n} Familiars attached (no card limit)",
    "same_value": "{n} Familiars with the same Cuddle value",
    "distinct_values": "{n} different Cuddle values",
    "abilities": "{n} Familiars with a Cuddle ability",
}
EVENT_TEXT = {
    "exhaust_discard": "exhaust {n} Familiar(s) of your choice from the Team discard",
    "flee_discard": "{n} Familiar(s) of your choice from the Team discard flee",
    "giving_up": "{n} Familiar(s) in play of your choice flee",
    "catch_your_breath": "remove a Creature of your choice (Monster or Golem too) from the row",
    "space_requirement": "the Creature of highest Strength takes at most {n} cards",
    "insecurity": "the Creature of lowest Strength gets +{n} Strength",
    "closing_ranks": "the two cards nearest the deck are only resolved together",
    "flexibility": "hold {n} Familiars in hand today",
    "strength_plus": "every Creature has +{n} Strength today",
    "card_limit": "at most {n} cards beneath each Creature today",
    "no_double": "doubling has no effect today",
}
ICON_TEXT = {"star": "★", "sun": "☀", "moon": "☾", "skull": "☠"}


def effect_text(cards: CardSet, card: int) -> str:
    """``exhaust 1, revive 2`` (empty when the card has no effect)."""
    return ", ".join(EFFECT_TEXT[EFFECTS[k]].format(n=n) for k, n in cards.effect[card])


def strength_text(cards: CardSet, card: int) -> str:
    """A card's Strength: a number, ``∞`` (never won over) or ``★`` (a condition)."""
    st = cards.strength[card]
    if st == INF:
        return "∞"
    if st == STAR:
        return "★"
    return str(st)


def familiar_text(cards: CardSet, card: int) -> str:
    """``Mossling [1] 1``, ``Golden Eagle [35] 3 Double`` or ``Magpie [25] Copy``: name, number,
    printed Cuddle value and ability (a Copy has no value of its own: it takes the value and
    ability of the Familiar above it, FA-62)."""
    ability = ABILITY_TEXT[ABILITIES[cards.ability[card]]]
    if ability == "Copy":
        return f"{cards.name[card]} [{card}] Copy"
    extra = f" {ability}" if ability else ""
    return f"{cards.name[card]} [{card}] {cards.cuddle[card]}{extra}"


def leaves_text(state: Any, leaves_after: int, since: int) -> str:
    """When a Monster with a day count leaves: after the night of its day ``leaves_after``,
    counting its day of entry ``since`` as day 1 (ruling FA-R24)."""
    last = since + leaves_after - 1
    if last <= state.day:
        return "leaves tonight"
    if last == state.day + 1:
        return "leaves tomorrow night"
    return f"leaves after the night of day {last}"


SHORT_ABILITY = {
    "double": "Double",
    "exhaust_revive": "Exhaust-Revive",
    "move": "Move",
    "no_limit": "uncounted",
}


def pile_text(cards: CardSet, pile: list[int], top_first: bool = False) -> str:
    """The cards of a pile, compactly (``Sprout Mouse [1] 1, Magpie [25] Copy``; ``-`` when
    empty); ``top_first`` lists the top (the last element) first."""
    if not pile:
        return "-"
    order = pile[::-1] if top_first else pile
    out = []
    for c in order:
        a = ABILITIES[cards.ability[c]]
        value = "Copy" if a == "copy" else str(cards.cuddle[c])
        extra = SHORT_ABILITY.get(a, "")
        out.append(f"{cards.name[c]} [{c}] {value}" + (f" {extra}" if extra else ""))
    return ", ".join(out)


def adventure_text(state: Any) -> str:
    """The adventure's three Monsters and three Events and where each is (ruling FA-R03)."""
    cards = state.game.cards
    parts = []
    for c in state.chosen:
        if c in state.driven:
            where = "driven away"
        elif c in state.row:
            where = "in play"
        elif c in state.deck:
            where = "to come"
        elif any(e[0] == c for e in state.active) or c in state.events_pending:
            where = "in force"
        else:
            where = "done"
        parts.append(f"{cards.name[c]} [{c}] ({where})")
    return ", ".join(parts)


def card_summary(cards: CardSet, card: int) -> str:
    """One line about any card, for lists and help."""
    kind = cards.kind[card]
    name = f"{cards.name[card]} [{card}]"
    if kind == K_GOLEM:
        return f"{name}: Stone Golem, Strength ∞, never leaves play"
    if kind == K_MONSTER:
        parts = [f"{name}: Monster {ICON_TEXT[ICONS[cards.icon[card]]]}"]
        cond = cards.condition[card]
        if cond is not None:
            parts.append("★ " + CONDITION_TEXT[CONDITIONS[cond[0]]].format(n=cond[1]))
        else:
            parts.append(f"Strength {strength_text(cards, card)}")
        if cards.leaves_after[card]:
            parts.append(f"leaves after {cards.leaves_after[card]} days")
        eff = effect_text(cards, card)
        if eff:
            parts.append("when driven away: " + eff)
        return ", ".join(parts)
    if cards.event_kind[card] >= 0:
        timing = "lightning" if not cards.timing[card] else "hourglass"
        text = EVENT_TEXT[EVENT_KINDS[cards.event_kind[card]]].format(n=cards.event_n[card])
        if cards.event_which[card] == "highest":
            text = text.replace("of your choice", "of highest Cuddle value")
        return f"{name}: Event {ICON_TEXT[ICONS[cards.icon[card]]]} {timing}: {text}"
    if cards.tier[card] >= 0:
        eff = effect_text(cards, card)
        ability = ABILITY_TEXT[ABILITIES[cards.ability[card]]]
        return (
            f"{name}: Tier {TIERS[cards.tier[card]]}, Strength {cards.strength[card]}"
            + (f", effect: {eff}" if eff else "")
            + f"; as a Familiar: Cuddle {cards.cuddle[card]}"
            + (f", {ability}" if ability else "")
        )
    return name


def _where(state: Any, card: int) -> str:
    for s, c in enumerate(state.row):
        if c == card:
            return f"slot {s + 1}"
    for s, col in enumerate(state.cols):
        if card in col:
            return f"beneath slot {s + 1}"
    return "?"


def attach_preview(
    game: FamiliarFeatGame, state: Any, action: actions.Attach
) -> tuple[int, str, bool]:
    """What an attach would make of its column: ``(cuddle, strength, reaches)``, the column's
    Cuddle total with the card beneath it (FA-33, FA-40), the Creature's Strength in words
    (a number, ``"∞"`` or ``"★"``) and whether the total reaches a numbered Strength."""
    creature = state.row[action.slot]
    col = list(state.cols[action.slot]) + [action.card]
    total = rules_totals.column_total(game.cards, col, rules_totals.no_double(state))
    st = rules_totals.strength_of(state, creature)
    if st in (INF, STAR):
        return total, "∞" if st == INF else "★", False
    return total, str(st), total >= st


def describe_action(game: FamiliarFeatGame, state: Any, action: Any) -> str:
    """One sentence for an action (public: there is no other seat, and nothing hidden shows)."""
    cards = game.cards
    if isinstance(action, actions.Attach):
        creature = state.row[action.slot]
        total, target, _ = attach_preview(game, state, action)
        return (
            f"attach {familiar_text(cards, action.card)} beneath {cards.name[creature]} "
            f"(slot {action.slot + 1}): Cuddle {total} / {target}"
        )
    frame = state.pending[-1] if state.pending else (None, 0, 0, 0)
    kind = frame[0]
    if isinstance(action, actions.Place):
        creature = state.row[action.slot]
        verb = "move" if kind == rules_phases.F_MOVE_PLACE else "play"
        return (
            f"{verb} {familiar_text(cards, frame[1])} beneath {cards.name[creature]} "
            f"(slot {action.slot + 1})"
        )
    if isinstance(action, actions.Choose):
        card = action.card
        what = familiar_text(cards, card)
        where = _where(state, card)
        if kind == rules_phases.F_ORDER:
            return f"resolve {cards.name[card]} ({where}) next"
        if kind == rules_phases.F_BREATH:
            if cards.kind[card] == K_MONSTER:
                return f"put {cards.name[card]} ({where}) under the Creature deck"
            return f"return {cards.name[card]} ({where}) to the box"
        if kind == rules_phases.F_PICK:
            return "use " + card_summary(cards, card)
        if kind == rules_phases.F_REVIVE_PICK:
            return f"play {what}; the other revived card goes to the Team discard"
        if kind == rules_phases.F_DISCARD:
            verb = "flees" if frame[2] else "is exhausted"
            return f"{what} {verb} from the Team discard"
        if kind in (rules_phases.F_FLEE, rules_phases.F_GIVEUP) or (
            kind == rules_phases.F_EXHAUST and frame[3]
        ):
            return f"{what} ({where}) flees"
        if kind == rules_phases.F_MOVE:
            return f"move {what} ({where})"
        if kind == rules_phases.F_EXR:
            return f"exhaust {what} ({where}), then revive 1"
        return f"exhaust {what} ({where})"
    return str(action)


def describe_outcome(game: FamiliarFeatGame, before: Any, action: Any, after: Any) -> str | None:
    """Everything that happened by itself after ``action``: recruits, effects, the end of the
    day, the night, the refill and Events, and why the adventure ended."""
    probe = before.clone()
    probe.log = []
    probe.apply_action(action)
    notes = list(probe.log)
    if after.result != rules_phases.ONGOING:
        notes.append(f"The adventure ends: {rules_phases.end_reason(after)}.")
    return " ".join(notes) or None
