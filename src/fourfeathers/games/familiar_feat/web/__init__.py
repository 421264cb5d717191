"""Familiar Feat in the browser (``GameSpec.web``): ``view.js`` draws the table and ``view.css``
styles it; this module gives the lobby the variants, and the page the cards' texts
(``catalogue``) and what it derives from one observation (``derive``): each column's Cuddle total
against its Strength and card limit, the question the adventure asks now, where the adventure's
Monsters and Events are, and at the end why it ended.

``derive`` reads the observation alone, through ``observed``: the rules' own functions of a column
(``rules_totals``: totals, Strength with the Events in force, the card limit) and of the pending
frames (``rules_phases``: the prompt, the end's reason) look only at what it holds (the row, the
columns, the Events in force, the pending frames), so a seat learns nothing new. It reads no
derived field the rules may keep on a state (such as totals kept up to date).
"""

from __future__ import annotations

from typing import Any

from ....core.rulebook import plain_words
from .. import rules_phases, rules_totals
from ..cardset import CardSet
from ..content import (
    ABILITIES,
    CONDITIONS,
    EVENT_KINDS,
    ICONS,
    INF,
    K_CASTLE,
    K_CHARACTER,
    K_CREATURE,
    K_EVENT,
    K_EXHAUSTED,
    K_GOLEM,
    K_MONSTER,
    NUM_CARDS,
    STAR,
    TIERS,
)
from ..game import VARIANTS, FamiliarFeatGame
from ..state import FamiliarFeatState
from ..words import (
    ABILITY_TEXT,
    CONDITION_TEXT,
    EVENT_TEXT,
    ICON_TEXT,
    card_summary,
    effect_text,
    leaves_text,
)

__all__ = ["VARIANTS", "catalogue", "derive"]

KINDS = {
    K_CREATURE: "creature",
    K_MONSTER: "monster",
    K_GOLEM: "golem",
    K_EXHAUSTED: "exhausted",
    K_EVENT: "event",
    K_CHARACTER: "character",
    K_CASTLE: "castle",
}

RULES = {
    "attach": "FA-33",
    "limit": "FA-37",
    "strength": "FA-40",
}
"""Rule ids the view names: attaching a card, the card limit, reaching Strength."""


def _card(cards: CardSet, n: int) -> dict[str, Any]:
    """One card's printed face as the view draws it (see ``catalogue``)."""
    kind = cards.kind[n]
    info: dict[str, Any] = {
        "name": cards.name[n],
        "kind": KINDS[kind],
        "text": card_summary(cards, n),
    }
    if cards.icon[n] >= 0:
        info["icon"] = ICON_TEXT[ICONS[cards.icon[n]]]
    effect = effect_text(cards, n)
    if effect:
        info["effect"] = effect
    if kind in (K_CREATURE, K_MONSTER, K_GOLEM):
        st = cards.strength[n]
        info["strength"] = "∞" if st == INF else ("★" if st == STAR else str(st))
    if kind == K_CREATURE:
        ability = ABILITIES[cards.ability[n]]
        info.update(tier=TIERS[cards.tier[n]], cuddle=cards.cuddle[n], ability=ability)
        if ability != "none":
            info["ability_text"] = ABILITY_TEXT[ability]
    if kind == K_MONSTER:
        condition = cards.condition[n]
        if condition is not None:
            info["condition"] = CONDITION_TEXT[CONDITIONS[condition[0]]].format(n=condition[1])
        if cards.leaves_after[n]:
            info["leaves_after"] = cards.leaves_after[n]
        if cards.pair[n]:
            info["pair"] = cards.pair[n]
    if kind == K_EVENT:
        text = EVENT_TEXT[EVENT_KINDS[cards.event_kind[n]]].format(n=cards.event_n[n])
        if cards.event_which[n] == "highest":
            text = text.replace("of your choice", "of highest Cuddle value")
        info.update(timing="hourglass" if cards.timing[n] else "lightning", event=text)
    if kind == K_CHARACTER:
        info.update(level=cards.level[n], banner=[ICON_TEXT[ICONS[i]] for i in cards.banner[n]])
    return info


def catalogue(game: FamiliarFeatGame) -> dict[str, Any]:
    """The 110 cards as printed: ``{"cards": {"1": {"name", "kind", "text", ...}...}, "level",
    "abilities", "rules"}``. Each card has ``kind`` (creature, monster, golem, exhausted, event,
    character, castle), ``text`` (one line, ``words.card_summary``) and, where the card has
    them: ``icon``, ``strength`` (a number, ``∞`` or ``★``), ``effect``; a Creature ``tier``,
    ``cuddle``, ``ability`` (a key of ``content.ABILITIES``) and ``ability_text``; a Monster
    ``condition`` (its star, FA-72), ``leaves_after`` (days, FA-74), ``pair``; an Event
    ``timing`` and ``event``; a Character ``level`` and ``banner``."""
    cards = game.cards
    return {
        "cards": {str(n): _card(cards, n) for n in range(1, NUM_CARDS + 1)},
        "level": game.level,
        "abilities": {a: ABILITY_TEXT[a] for a in ABILITIES if a != "none"},
        "rules": RULES,
    }


def observed(game: FamiliarFeatGame, observation: dict[str, Any]) -> FamiliarFeatState:
    """The part of a state that an observation shows, on a state of the game's own class (the
    rules' functions take no other when compiled, setup.py): enough for ``rules_totals``
    (totals, Strength, the card limit) and ``rules_phases`` (the prompt, the end's reason) to
    work on an observation. Every other field is left unset, so a rule that read one would
    raise ``AttributeError`` instead of seeing more than the seat does."""
    view = FamiliarFeatState(game)
    view.row = observation["row"]
    view.cols = observation["cols"]
    view.active = [tuple(e) for e in observation["active"]]
    view.pending = [tuple(f) for f in observation["pending"]]
    view.result = observation["result"]
    view.day = observation["day"]
    return view


def derive(game: FamiliarFeatGame, observation: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """From one observation (the same for the seat and an onlooker: nothing but the decks'
    order is secret, FA-100):

    - ``slots``: per row slot, null when empty, else ``{"total", "strength", "target",
      "limit", "counted", "meets", "values", "leaves"}``: the column's Cuddle total (FA-60,
      FA-61), the Strength to reach now with Events in force (FA-40; null for ∞ or ★),
      ``target`` in words, the card limit (FA-37; 0: none), the cards that count towards it,
      whether the Strength or the star condition is met (FA-72), each Familiar's effective
      ``[value, ability]`` after Copy (FA-62), and a day-count Monster's leaving (FA-74);
    - ``prompt``: ``{"text", "rule", "kind"}`` what is asked now (``kind``: the pending frame's
      name, or ``attach``);
    - ``adventure``: ``[{"card", "where"}]`` the adventure's Monsters and Events, each
      ``to come``, ``in play``, ``driven away``, ``in force`` or ``done``;
    - ``deck``: how many cards of each kind the Creature deck holds (``creature``, ``monster``,
      ``event``, ``golem``);
    - ``end`` (the adventure over): ``{"won", "reason", "rules"}``: why in words, and the
      rule ids apart (FA-89, FA-90).
    """
    cards = game.cards
    view = observed(game, observation)
    nd = rules_totals.no_double(view)
    slots: list[dict[str, Any] | None] = []
    for s, creature in enumerate(view.row):
        if not creature:
            slots.append(None)
            continue
        slots.append(_slot(game, view, observation, s, creature, nd))
    out: dict[str, Any] = {
        "slots": slots,
        "prompt": _prompt(view),
        "deck": _deck(cards, observation),
    }
    out["adventure"] = [{"card": c, "where": _where(observation, c)} for c in observation["chosen"]]
    if observation["result"] != rules_phases.ONGOING:
        reason, rules = plain_words(rules_phases.end_reason(view))
        out["end"] = {
            "won": observation["result"] == rules_phases.WON,
            "reason": reason,
            "rules": rules,
        }
    return out


def _slot(
    game: FamiliarFeatGame,
    view: FamiliarFeatState,
    observation: dict[str, Any],
    s: int,
    creature: int,
    nd: bool,
) -> dict[str, Any]:
    cards = game.cards
    col = view.cols[s]
    st = rules_totals.strength_of(view, creature)
    condition = cards.condition[creature]
    if st == INF:
        target = "∞: never won over"
    elif st == STAR and condition is not None:
        target = "★ " + CONDITION_TEXT[CONDITIONS[condition[0]]].format(n=condition[1])
    else:
        target = str(st)
    values = rules_totals.effective(cards, col)
    total = rules_totals.column_total(cards, col, nd)
    if st == STAR and condition is not None:
        meets = rules_totals.condition_met(cards, condition, col)  # FA-72
    else:
        meets = st != INF and bool(col) and total >= st  # FA-40
    leaves = None
    if cards.leaves_after[creature]:
        leaves = leaves_text(view, cards.leaves_after[creature], observation["since"][s])
    return {
        "total": total,
        "strength": st if st not in (INF, STAR) else None,
        "target": target,
        "limit": rules_totals.card_limit(view, creature),
        "counted": sum(1 for _, a in values if ABILITIES[a] != "no_limit"),
        "meets": meets,
        "values": [[v, ABILITIES[a]] for v, a in values],
        "leaves": leaves,
    }


FRAMES = {
    getattr(rules_phases, name): name[2:].lower()
    for name in dir(rules_phases)
    if name.startswith("F_") and isinstance(getattr(rules_phases, name), int)
}
"""Pending frame kinds by name (``exhaust``, ``revive_pick``, ``play_place``...)."""


def _prompt(view: FamiliarFeatState) -> dict[str, Any]:
    text = rules_phases.pending_prompt(view)
    if view.result != rules_phases.ONGOING:
        return {"text": text, "rule": "", "kind": "over"}
    if not view.pending:
        return {"text": text, "rule": RULES["attach"], "kind": "attach"}
    kind = view.pending[-1][0]
    return {"text": text, "rule": rules_phases._frame_rule(kind), "kind": FRAMES.get(kind, "")}


def _deck(cards: CardSet, observation: dict[str, Any]) -> dict[str, int]:
    counts = dict.fromkeys(("creature", "monster", "event", "golem"), 0)
    for c in observation["creature_deck"]:
        kind = KINDS[cards.kind[c]]
        if kind in counts:
            counts[kind] += 1
    return counts


def _where(observation: dict[str, Any], card: int) -> str:
    """Where one of the adventure's Monsters or Events is (ruling FA-R03)."""
    if card in observation["driven"]:
        return "driven away"
    if card in observation["row"]:
        return "in play"
    if card in observation["creature_deck"]:
        return "to come"
    if any(e[0] == card for e in observation["active"]) or card in observation["events_pending"]:
        return "in force"
    return "done"
