"""Familiar Feat: the most decisions one adventure can take (``max_length``, OpenSpiel's
``max_game_length``), proved from the rules.

Every decision is one of the catalogue's actions (``encoding``): an attach, or a choice of a
pending frame (``rules_phases``). Notation: ``F`` Creature/Familiar cards (54), the only cards
ever in hand, in the Team, attached, exhausted or fled (FA-01, FA-02); ``T0`` of them Tier 0, the
first Team deck (FA-12, FA-24); ``B`` Catch Your Breath Events the adventure deals (FA-94; 0 or
1 for the shipped content); a *period*: from one Team deck's forming to the next one's (FA-32;
the first from setup), one a day.

1. *Days* (``max_days``). Let ``s_t`` be the cards in the row when day ``t``'s refill is over
   (5 on day 1, FA-21). No card enters the row before the next refill (FA-29, FA-43; Catch
   Your Breath puts a Monster under the deck, ruling FA-R25). A day that is not the last ends
   with the row empty (end A, FA-81): its ``s_t`` cards left; or at end B, where each Creature
   still in the row gives one Familiar to the Fled pile (FA-83; one without any loses the
   adventure, FA-85, ruling FA-R08). So ``d_t + f_t >= s_t``, with ``d_t`` the cards leaving the
   row before the next refill and ``f_t`` those fleeing at end B. Moreover ``s_t >= m`` on every
   day: ``s_t = 5`` unless the refill emptied the deck (FA-29), and then every Golem is in the
   row (never reached, FA-78, ruling FA-R30; only Catch Your Breath removes one) and so is a
   Monster: at most 2 are driven away before the last day (the third wins at once, FA-71,
   FA-89, ruling FA-R28; one that leaves after its days counts as driven away, FA-74, ruling
   FA-R24), and each other one is in the row or, put back by Catch Your Breath, in the deck,
   which is empty. Catch Your Breath reaches a Golem only if the castle layer (Tier IV and the
   3 Monsters, FA-14) holds fewer than 5 cards: it is resolved the morning it is revealed
   (FA-30, ruling FA-R06), and that refill reveals at most 5 Creatures after the third Event,
   under which the whole castle layer lies (FA-19). With ``g`` Golems it cannot reach,
   ``m = min(5, g + 1)``: 5 for the shipped content (13 castle cards). Summed over the
   ``D - 1`` days before the last:
   ``m (D - 1) <= (F - T0 + 2 + B) + F``, the cards that can leave the row before the last day
   (each Creature of Tiers I-IV once: recruited, FA-41, exhausted, FA-52, or boxed; 2 Monsters
   driven away; and one card more for each Catch Your Breath, a Monster it puts back or a
   Golem) and those that can flee at end B (the Fled pile keeps them, FA-84, ruling FA-R32). So
   ``D = 1 + floor((2F - T0 + 2 + B) / m)``: 21 days for the shipped content (102 / 5 and
   103 / 5), against 15-17 in 10,000 random games a level. No Monster exhausts itself: a
   content file that gives one "exhaust this" is refused (FA-52, FA-68; ``content``).
2. *First days* (``first_days``). At most 5 cards enter the row a day (FA-21, FA-29) and a
   Creature of Tier ``k`` lies under the ``n_k`` Creatures of Tiers I to ``k - 1`` (FA-19), so
   it enters the row on day ``e_k = ceil((n_k + 1) / 5)`` at the earliest (1, 3, 5 and 8 for
   Tiers I-IV of the shipped content), is recruited then at the earliest (Creatures are checked
   once the day's Team deck is formed, ruling FA-R10) and joins the Team deck of day ``e_k + 1``
   at the earliest (FA-42). One Team deck is formed a morning and a card reaching the Team
   discard waits for the next (FA-32, FA-57), so a card is drawn at most once a day: on at most
   ``D - e_k`` days (``D`` for Tier 0).
3. *Immediate abilities* (``abilities``). Only a card entering play fires one: attached from
   hand, or played by "revive 2, then play 1" (moving is not entering play, ruling FA-R18); and
   one at most, its own "exhaust 1, then revive 1" or Move, or the one a Copy copies (FA-58,
   FA-62, FA-63, FA-64; ruling FA-R12). A Creature or Monster is resolved at most once (it
   leaves the row, FA-41, FA-68; a Monster put back by Catch Your Breath was not resolved), so
   at most ``PL`` cards are played, the revive-and-play steps of the Creatures of Tiers I-IV and
   of the adventure's Monsters (FA-56; 3 for the shipped content). The firings are at most
   ``A = PL + sum(D - e_k)`` over the "exhaust 1, then revive 1", Move and Copy cards (3, 3 and
   4 for the shipped content: 155 + 3), two decisions each at most: a Move's Familiar and slot
   (FA-64); an "exhaust 1, then revive 1"'s Familiar (FA-63), and the card it revives, which may
   be attached once more (so not counted in 4.): ``2A``.
4. *Attaches* (``tier0``, ``recruits``, ``swept``, ``revived``). Between two attaches of a card
   it comes back to the hand through the Team discard, where every Team deck comes from
   (FA-32): from a column only by being swept when its Creature leaves (FA-41, FA-52, FA-69,
   FA-94; ruling FA-R35) or, once exhausted, by a revive (FA-53, FA-63; "revive 2, then play 1"
   puts the card not played, or one with nowhere to go, there: FA-56, ruling FA-R16); what flees
   stays. Before its first attach a card is Tier 0, or recruited (FA-41), or revived (one that
   "exhausts this", FA-52). So at most ``T0 + (F - T0) + SW + RV`` attaches besides those of 3.,
   with ``RV`` the numbers of the revive steps of the Creatures of Tiers I-IV and of the
   adventure's Monsters, each resolved once (16 for the shipped content), and ``SW`` the cards
   swept. A column with a card limit holds at most 5 cards that always count (such a card joins
   a column, attached, played or moved, only below fewer counting cards than the limit, FA-37;
   rulings FA-R14, FA-R16, FA-R20) besides the ``N`` "does not count" cards (FA-65) and the
   ``Y`` Copies (which may copy one). A card is swept at most once a period: it then lies in the
   Team discard, which only the morning's Events empty before the next Team deck (to the
   Exhausted or Fled pile, ruling FA-R25), and they come after the night's resolutions, with
   none between them and the new Team deck (ruling FA-R10), so no revive brings it back to a
   column in between; and it lies in a column from the day it can be recruited, at most
   ``D - e_k + 1`` periods (``D`` for Tier 0). A Star Monster needing more than 5 Familiars has
   no limit (FA-73, ruling FA-R23): ``F`` cards at most, each time it leaves (once, and once more
   for each Catch Your Breath). With ``K = F - T0 + 3 + B`` departures in all, ``U`` of them
   by Monsters without a limit: ``SW = 5K + sum(D - e_k + 1) + (F - 5) U``, the sum over the ``N``
   and ``Y`` cards (3 and 4 for the shipped content: 121).
5. *Effects* (``effects``, ``effect_choices``): each Creature of Tiers I-IV and each of the
   adventure's Monsters is resolved at most once; an effect asks one decision per Familiar of
   "exhaust N" and "flee N" (N at most, FA-46, ruling FA-R15), one per card of the column for
   "exhaust all" (their order, FA-47: ``C = 5 + N + Y`` at most, ``F`` without a limit), one
   for "exhaust the highest" (a tie, FA-51) and none for the others (FA-49, FA-50, FA-52,
   FA-53): 25 over the Creatures, 1-17 over the Monsters.
6. *The rest*: ``2 PL`` to pick a revived card to play and its slot (FA-56, ruling FA-R16);
   at most ``F`` Familiars fleeing at end B, one decision each (FA-83); at most one order per
   resolution (FA-66, ruling FA-R17), ``F - T0 + 3``; an Event's decisions, one per card it
   exhausts or makes flee (its ``N``) and one for the Creature Catch Your Breath removes (ruling
   FA-R25), each Event resolved once (FA-91, FA-92); the 6 picks of ``choose-cards`` (ruling
   FA-R03).
7. *The bound* (``max_length``) is the sum, the largest over the Monsters and Events the level
   may deal. For the shipped content: 890 decisions at level 1 (8 + 46 + 366 + 16 attaches,
   316 for the abilities, 6 plays, 26 effects, 54 flees, 49 orders, 3 for the Events) to
   1,008 at level 7 (the Swarm Queen and the Chaos Serpent have no card limit, ``SW = 464``):
   3.1-3.6 times the longest random or greedy game (about 270-290 decisions), within issue
   37's 5 (it was 3,661-3,928 with 111 days). What keeps it there: ``SW``, 5 cards that count
   at every departure where games sweep under 3 (at most 130-145 cards in 48-50 departures in
   1,000 random games a level), and the abilities, counted as firing every day their cards
   could be drawn (158 firings, where those games fire at most 18-22); the days, 21 against
   15-17, matter less.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .content import (
    A_COPY,
    A_EXHAUST_REVIVE,
    A_MOVE,
    A_NO_LIMIT,
    C_INCREASING,
    CREATURES,
    E_EXHAUST,
    E_EXHAUST_ALL,
    E_EXHAUST_HIGHEST,
    E_FLEE,
    E_REVIVE,
    E_REVIVE_PLAY,
    GOLEMS,
    ROW,
    V_CATCH_BREATH,
    V_EXHAUST_DISCARD,
    V_FLEE_DISCARD,
    V_GIVING_UP,
)
from .rules_phases import MAX_DAYS, MONSTERS_TO_WIN
from .rules_totals import CARD_LIMIT

if TYPE_CHECKING:
    from .game import FamiliarFeatGame

DECK_MONSTERS = 3  # FA-11
PICKS = 6  # variant choose-cards: 3 Monsters and 3 Events (FA-07, ruling FA-R03)
ABILITIES = (A_EXHAUST_REVIVE, A_MOVE, A_COPY)
"""The Cuddle abilities that can fire when their card enters play (FA-58, FA-62..FA-64)."""
SPECIAL = (A_NO_LIMIT, A_COPY)
"""The Cuddle abilities of cards that may not count towards the card limit (FA-65, FA-R14)."""


def first_days(game: FamiliarFeatGame) -> tuple[int, ...]:
    """``e_k`` for each tier ``k`` (0 for Tier 0): the earliest day a Creature of Tier ``k``
    can enter the row, ``ceil((n_k + 1) / 5)`` with ``n_k`` the Creatures of Tiers I to
    ``k - 1`` above it in the deck (FA-19, FA-21, FA-29: at most 5 cards enter the row a day)."""
    tiers = game.tiers
    days = [0]
    above = 0
    for k in range(1, len(tiers)):
        days.append(-(-(above + 1) // ROW))
        above += len(tiers[k])
    return tuple(days)


def _steps(game: FamiliarFeatGame, cards: Iterable[int], kinds: tuple[int, ...]) -> int:
    """The sum of the numbers of the effect steps of ``kinds`` on ``cards``."""
    effect = game.cards.effect
    return sum(n for c in cards for kind, n in effect[c] if kind in kinds)


def _no_limit(game: FamiliarFeatGame, creature: int) -> bool:
    """A Star Monster whose condition needs more than five Familiars: no card limit (FA-73,
    ruling FA-R23)."""
    condition = game.cards.condition[creature]
    return condition is not None and condition[0] != C_INCREASING and condition[1] > CARD_LIMIT


def column_most(game: FamiliarFeatGame) -> int:
    """``C = 5 + N + Y``: the most cards beneath a Creature with a card limit, with ``N`` cards
    that do not count towards it and ``Y`` Copies (FA-37, FA-65; ruling FA-R14)."""
    ability = game.cards.ability
    return CARD_LIMIT + sum(1 for c in CREATURES if ability[c] in SPECIAL)


def effect_choices(game: FamiliarFeatGame, creatures: Iterable[int]) -> int:
    """``EX``: the most decisions the effects of ``creatures`` ask, each resolved once (FA-41,
    FA-45..FA-53; ruling FA-R15): one per Familiar of "exhaust N" and "flee N", one per card
    of the column for "exhaust all" (their order, FA-47), one for "exhaust the highest" (a
    tie, FA-51)."""
    cards = game.cards
    column = column_most(game)
    total = 0
    for card in creatures:
        for kind, n in cards.effect[card]:
            if kind in (E_EXHAUST, E_FLEE):
                total += n
            elif kind == E_EXHAUST_ALL:
                total += len(CREATURES) if _no_limit(game, card) else column
            elif kind == E_EXHAUST_HIGHEST:
                total += 1
    return total


def event_choices(game: FamiliarFeatGame, event: int) -> int:
    """The most decisions ``event`` asks: one per card it takes from the Team discard or makes
    flee, one for the Creature Catch Your Breath removes (ruling FA-R25)."""
    kind, n = game.cards.event_kind[event], game.cards.event_n[event]
    if kind in (V_EXHAUST_DISCARD, V_FLEE_DISCARD, V_GIVING_UP):
        return n
    return 1 if kind == V_CATCH_BREATH else 0


def max_days(game: FamiliarFeatGame, breaths: int | None = None) -> int:
    """``D``, the most days an adventure lasts with ``breaths`` Catch Your Breath Events (the
    most the level may deal when None), proved in the module docstring (1.):
    ``1 + floor((F - T0 + 2 + B + F) / m)``, ``m = min(5, g + 1)`` with ``g`` the Golems
    Catch Your Breath can never reach (FA-11..FA-19, FA-29, FA-78, FA-81..FA-85, FA-94;
    rulings FA-R25, FA-R30, FA-R32), and never more than the safety cap ``MAX_DAYS`` (ruling
    FA-R29)."""
    if breaths is None:
        breaths = max(_breaths(game, s) for s in game.event_sets)
    familiars = len(CREATURES)
    recruits = familiars - len(game.tiers[0])
    castle = len(game.tiers[4]) + DECK_MONSTERS  # the layer between the third Event and Golems
    golems = len(GOLEMS) - (breaths if castle < ROW else 0)
    least = min(ROW, max(0, golems) + 1)
    departures = recruits + MONSTERS_TO_WIN - 1 + breaths
    return min(MAX_DAYS, 1 + (departures + familiars) // least)


def _breaths(game: FamiliarFeatGame, events: Iterable[int]) -> int:
    """How many of ``events`` are Catch Your Breath (FA-94)."""
    kind = game.cards.event_kind
    return sum(1 for e in events if kind[e] == V_CATCH_BREATH)


def length_terms(
    game: FamiliarFeatGame, monsters: Iterable[int], events: Iterable[int]
) -> dict[str, int]:
    """The terms of the bound (module docstring, 2.-7.) for an adventure of ``game`` that deals
    ``monsters`` and ``events`` (FA-07, FA-11): their sum is the most decisions it can take.
    Keys: ``tier0``, ``recruits``, ``swept`` and ``revived`` (what attaches can take back from
    the Team discard), ``abilities`` (two per immediate ability fired), ``plays`` (two per
    revive-and-play), ``effects``, ``flee``, ``orders``, ``events``, ``picks``."""
    cards = game.cards
    dealt = sorted(monsters)
    familiars = len(CREATURES)
    breaths = _breaths(game, events)
    days = max_days(game, breaths)
    first = first_days(game)
    resolved = [c for c in CREATURES if cards.tier[c] > 0] + dealt
    departures = familiars - len(game.tiers[0]) + DECK_MONSTERS + breaths
    unlimited = sum(1 for m in dealt if _no_limit(game, m))
    # a Monster without a limit leaves once, or again after Catch Your Breath put it back
    wide = unlimited + breaths if unlimited else 0
    periods = sum(
        max(0, days - first[cards.tier[c]] + (1 if cards.tier[c] else 0))
        for c in CREATURES
        if cards.ability[c] in SPECIAL
    )
    draws = sum(
        max(0, days - first[cards.tier[c]]) for c in CREATURES if cards.ability[c] in ABILITIES
    )
    plays = sum(1 for c in resolved for kind, _ in cards.effect[c] if kind == E_REVIVE_PLAY)
    return {
        "tier0": len(game.tiers[0]),
        "recruits": familiars - len(game.tiers[0]),
        "swept": CARD_LIMIT * departures + periods + (familiars - CARD_LIMIT) * wide,
        "revived": _steps(game, resolved, (E_REVIVE, E_REVIVE_PLAY)),
        "abilities": 2 * (draws + plays),
        "plays": 2 * plays,
        "effects": effect_choices(game, resolved),
        "flee": familiars,
        "orders": len(resolved),
        "events": sum(event_choices(game, e) for e in events),
        "picks": PICKS if game.choose_cards and game.level > 1 else 0,
    }


def max_length(game: FamiliarFeatGame) -> int:
    """The most decisions of one adventure of ``game``'s configuration, proved in the module
    docstring: the largest sum of ``length_terms`` over the Monsters and Events the level may
    deal (``monster_sets``, ``event_sets``; FA-07, ruling FA-R03).
    ``GameSpec.max_length`` and ``max_game_length``."""
    cards = game.cards
    # The terms depend on the Events through Catch Your Breath and their decisions, on the
    # Monsters through their effects and card limits: one set of each kind per such key.
    by_events = {
        (_breaths(game, e), sum(event_choices(game, c) for c in e)): e for e in game.event_sets
    }
    by_monsters = {
        (
            tuple(sorted(cards.effect[m] for m in s)),
            sum(1 for m in s if _no_limit(game, m)),
            effect_choices(game, s),
        ): s
        for s in game.monster_sets
    }
    return max(
        sum(length_terms(game, m, e).values())
        for m in by_monsters.values()
        for e in by_events.values()
    )
