"""Familiar Feat: the most decisions one adventure can take (``max_length``, OpenSpiel's
``max_game_length``), proved from the rules.

At most ``D`` days. While the adventure goes on, the row
is never empty at the start of a day: the Golems are the deck's last cards and leave the row only
to the box (Catch Your Breath), and a Monster not yet driven away is in the row or in the deck
(ruling FA-R25 puts a removed Monster under the deck), so an empty row and an empty deck mean
three Monsters driven away and a won adventure (FA-71). Hence every day but the last ends with a
card leaving the row (end A, FA-81: the row is empty) or, at end B, with at least one Familiar
fleeing (FA-83; none flees only if the adventure is lost, FA-85). A card enters the row only from
the Creature deck (FA-29): its ``F - T0`` Creatures of Tiers I-IV (``T0`` Tier 0 cards form the
Team deck, FA-12), 3 Monsters (FA-11) and 4 Golems (FA-13), once each, plus a Monster that Catch
Your Breath put back under the deck (one of the 3 Events, FA-11); and the Fled pile keeps what
flees (FA-84, ruling FA-R32), at most the ``F`` Familiars. So ``D = 1 + (F - T0 + 3 + 4 + 3) + F``
(111 for the shipped content; the safety cap ``MAX_DAYS`` of ruling FA-R29 is 200). This needs
no Monster effect to exhaust the Monster itself (FA-52); content where one does falls back on
``MAX_DAYS``.

In one day, with ``F = 54`` cards that can be Familiars and ``P`` the revived cards played (at
most 5 Creatures leave the row, which is not refilled until morning, FA-43; each effect plays at
most one, for the shipped content): at most ``F`` attaches (the Team deck is formed in the
morning and revived cards go to the Team discard, FA-57); ``2P`` to pick a revived card and its
slot; at most 2 decisions for the immediate ability of each of the ``E = F + P`` cards entering
play (FA-58; moving a Familiar is not entering play, ruling FA-R18); at most ``F + E`` Familiars
exhausted, fleeing or moved off a column (those in play at dawn and those entering); at most 5
orders of resolution (FA-66). That is ``5F + 5P + 5`` decisions a day; each of the three Events
adds at most ``F + 1`` (cards taken from the Team discard, a Creature removed), and the
choose-cards variant 6 picks: ``D (5F + 5P + 5) + 3 (F + 1) + 6`` in all (33,465 without
choose-cards).

Counted over the whole adventure instead (``amortised_length``; the bound is the smaller of
the two), with ``K = F - T0 + 3 + 4 + 3`` departures from the row at most (each card leaves the
row at most once per entry, above), ``D`` days, ``p`` revive-and-play steps on one card:

- A column never holds more than ``C = 5 + N + Y`` cards (``N`` "does not count" cards, ``Y``
  Copies): a card that always counts is attached, played or moved only below fewer than 5
  counting cards (FA-37, ruling FA-R14), so at most 5 of them lie in a column; only a Star
  Monster whose condition needs more than 5 has no limit (FA-73, ruling FA-R23), and its column
  holds at most the ``F`` Familiars. While a Creature is resolved, at most ``2p`` cards join
  its column (a played card, and one that card's Move brings). Of the ``K`` departures at most
  6 are Monsters' (3 Monsters, each put back at most by the 3 Events), each with a column of at
  most ``C_M``: ``F`` if a Monster the level may deal (``monster_sets``) has no limit, else
  ``C + 2p``. So a Creature's effect exhausts or makes flee (FA-45..FA-52), and its leaving
  sends to the Team discard (FA-41, FA-69, FA-94), at most ``SX = (K - 6)(C + 2p) + 6 C_M``
  cards in all.
- The decisions of the effects themselves are fewer (``EX``): each Creature of Tiers I-IV
  enters the row once and is resolved at most once, when it leaves (FA-41), and at most 3
  Monsters are resolved, each once, driven away or leaving for good (the third wins, FA-71,
  FA-74). An effect asks one decision per Familiar of "exhaust N" and "flee N" (N at most,
  FA-46, ruling FA-R15), one per Familiar of "exhaust all" (their order, FA-47: the column's
  most), one for "exhaust the highest" (a tie, FA-51) and none for the others (FA-49, FA-50,
  FA-52, FA-53). So ``EX`` is the sum of those over the Creatures of Tiers I-IV, plus the 3
  largest of the Monsters the level may deal (all of them for content where a Monster exhausts
  itself, FA-52, and so is not driven away): 25 + 1 = 26 at level 1, 25 + 22 = 47 at level
  8, where one decision per card that can leave a column (``SX``) gave 1,108.
- An immediate ability fires only when its card enters play (attached or played, not moved,
  ruling FA-R18; a Copy fires the one it copies, ruling FA-R12, so each entry fires one ability
  at most, FA-58); a card is drawn at most once a day (the Team deck is formed in the morning,
  FA-32, FA-42, FA-57) and played at most ``PL = pK`` times in all (FA-56). So the "exhaust 1,
  then revive 1" (``E`` cards), Move (``M``) and Copy (``Y``) cards fire at most
  ``A = (E + M + Y) D + PL`` times together. A Move firing asks two decisions (the Familiar and
  its slot, FA-64); an "exhaust 1, then revive 1" firing one (the Familiar, FA-63), and the card
  it exhausts may come back to be attached once more (next item): two for each firing at most,
  ``2A``. Revive-and-play asks ``2 PL`` decisions.
- An attach takes a card out of the Team deck; it gets back only by being recruited (``K``), swept
  from a leaving Creature's column, or revived (FA-53), and a revived card was exhausted before:
  by an effect or a leaving (within ``SX``), by itself (FA-52, ``K``), by "exhaust 1, then revive
  1" (counted in ``2A`` above) or by an Event from the Team discard (``X``, the largest such
  Event's number, 3 times). So at most ``T0 + 2K + SX + 3X`` attaches besides those.
- At most ``F`` flee at end B or by Giving Up (the Fled pile keeps them), ``EX`` for the
  effects, ``K`` orders of resolution (each resolves a Creature, which leaves), ``3 (F + 1)``
  for the Events and the 6 picks of choose-cards.

For the shipped content (``T0 = 8``, ``K = 56``, ``D = 111``, ``C = 12``, ``p = 1``,
``E = M = 3``, ``Y = 4``, ``X = 4``): 3,661-3,664 decisions at levels 1-2 (no Monster without a
limit, ``SX = 784``), 3,907-3,922 at levels 3-8 (``SX = 1,024``; 6 more with choose-cards),
against 33,465 by days. That is still 13-15 times the longest random or greedy game (about 290
decisions, 15-17 days), not the issue's 5: the ability cards, which may fire every day they
are drawn (``2A = 2,332``), and the column sizes, counted at their worst at every departure
(``SX``, the attaches of swept and revived cards), keep it there, ``A`` through ``D``, the 111
days the argument above allows against the 15-17 that games play.
"""

from __future__ import annotations

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
    E_EXHAUST_THIS,
    E_FLEE,
    E_REVIVE_PLAY,
    GOLEMS,
    K_MONSTER,
    MONSTERS,
    ROW,
    V_EXHAUST_DISCARD,
)
from .content import EVENTS as EVENT_CARDS
from .rules_phases import MAX_DAYS, MONSTERS_TO_WIN
from .rules_totals import CARD_LIMIT

if TYPE_CHECKING:
    from .game import FamiliarFeatGame

EVENTS = 3  # FA-11
DECK_MONSTERS = 3  # FA-11


def max_days(game: FamiliarFeatGame) -> int:
    """The most days one adventure of ``game``'s content lasts, proved in the module docstring
    ("Game length"): ``1 + (F - T0 + 3 + 4 + 3) + F`` for ``F`` Creature/Familiar cards of which
    ``T0`` are Tier 0 (FA-11, FA-12, FA-13, FA-81, FA-83; rulings FA-R25, FA-R32), at most the
    safety cap ``MAX_DAYS`` (ruling FA-R29), which content whose Monster exhausts itself (FA-52)
    may reach."""
    cards = game.cards
    if any(kind == E_EXHAUST_THIS for m in MONSTERS for kind, _ in cards.effect[m]):
        return MAX_DAYS
    familiars = len(CREATURES)
    row_entries = familiars - len(cards.by_tier(0)) + DECK_MONSTERS + len(GOLEMS) + EVENTS
    return min(MAX_DAYS, 1 + row_entries + familiars)


def max_length(game: FamiliarFeatGame) -> int:
    """The most decisions of one game of ``game``'s configuration (the module docstring's
    "Game length"): ``max_days`` days of at most ``per_day`` decisions, the Events' choices,
    and the picks of ``choose-cards`` (ruling FA-R03).
    ``GameSpec.max_length`` and ``max_game_length``."""
    familiars = len(CREATURES)
    plays = ROW * max(
        sum(1 for kind, _ in steps if kind == E_REVIVE_PLAY) for steps in game.cards.effect
    )
    per_day = 5 * familiars + 5 * plays + 5
    picks = 6 if game.choose_cards else 0
    by_days = max_days(game) * per_day + EVENTS * (familiars + 1) + picks
    return min(by_days, amortised_length(game))


def _level_monsters(game: FamiliarFeatGame) -> list[int]:
    """The Monsters an adventure of ``game``'s level may deal (``monster_sets``, FA-11)."""
    kind = game.cards.kind
    return sorted({m for s in game.monster_sets for m in s if kind[m] == K_MONSTER})


def _column_most(game: FamiliarFeatGame, creature: int, column: int) -> int:
    """The most cards beneath ``creature``: every Familiar for a Star Monster whose condition
    needs more than five (no card limit, FA-73, ruling FA-R23), else ``column``."""
    condition = game.cards.condition[creature]
    if condition is not None and condition[0] != C_INCREASING and condition[1] > CARD_LIMIT:
        return len(CREATURES)
    return column


def effect_choices(game: FamiliarFeatGame, column: int) -> int:
    """``EX`` of the module docstring ("Game length"): the most decisions the effects of the
    Creatures resolved in one adventure ask, with ``column`` the most cards beneath a limited
    Creature while it is resolved (FA-41, FA-45..FA-53, FA-71, FA-73, FA-74; rulings FA-R15,
    FA-R23)."""
    cards = game.cards

    def asks(card: int) -> int:
        total = 0
        for kind, n in cards.effect[card]:
            if kind in (E_EXHAUST, E_FLEE):
                total += n
            elif kind == E_EXHAUST_ALL:
                total += _column_most(game, card, column)
            elif kind == E_EXHAUST_HIGHEST:
                total += 1
        return total

    creatures = sum(asks(c) for c in CREATURES if cards.tier[c] > 0)
    # A Monster card is resolved once at most (it goes to the driven-away pile, or exhausts
    # itself, FA-52, and never comes back to the Creature deck), and the third driven away ends
    # the adventure; one that exhausts itself is not driven away, so then count them all.
    level = _level_monsters(game)
    monsters = sorted((asks(m) for m in level), reverse=True)
    if not any(kind == E_EXHAUST_THIS for m in level for kind, _ in cards.effect[m]):
        monsters = monsters[:MONSTERS_TO_WIN]
    return creatures + sum(monsters)


def amortised_length(game: FamiliarFeatGame) -> int:
    """The most decisions of one adventure counted over the whole of it, not day by day (the
    module docstring's "Game length", second part): ``T0 + 2K + SX + 3X`` attaches, ``EX``
    for the effects, ``F`` fleeing, ``2A`` for the immediate abilities (and the attaches
    their revivals allow), ``2 PL`` for revive-and-play, ``K`` orders, the Events' ``3 (F + 1)``
    and 6 picks
    (FA-37, FA-41, FA-53, FA-56, FA-58, FA-73; rulings FA-R12, FA-R14, FA-R18, FA-R23)."""
    cards = game.cards
    familiars = len(CREATURES)
    tier0 = len(cards.by_tier(0))
    departures = familiars - tier0 + DECK_MONSTERS + len(GOLEMS) + EVENTS
    days = max_days(game)
    play_steps = max(sum(1 for kind, _ in steps if kind == E_REVIVE_PLAY) for steps in cards.effect)
    plays = play_steps * departures
    abilities = [cards.ability[c] for c in CREATURES]
    copies = abilities.count(A_COPY)
    column = CARD_LIMIT + abilities.count(A_NO_LIMIT) + copies
    resolved = column + 2 * play_steps
    monster_column = max(_column_most(game, m, resolved) for m in _level_monsters(game))
    monster_departures = DECK_MONSTERS + EVENTS  # each Monster once, and put back by an Event
    swept = (departures - monster_departures) * resolved + monster_departures * monster_column
    immediate = abilities.count(A_EXHAUST_REVIVE) + abilities.count(A_MOVE) + copies
    fires = immediate * days + plays
    from_discard = max(
        (cards.event_n[e] for e in EVENT_CARDS if cards.event_kind[e] == V_EXHAUST_DISCARD),
        default=0,
    )
    attaches = tier0 + 2 * departures + swept + EVENTS * from_discard
    picks = 6 if game.choose_cards else 0
    return (
        attaches
        + effect_choices(game, resolved)
        + familiars
        + 2 * fires
        + 2 * plays
        + departures
        + EVENTS * (familiars + 1)
        + picks
    )
