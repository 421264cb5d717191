"""Familiar Feat's decks: building the Creature deck in its layers (FA-12..FA-19), laying out
the row and the Team deck (FA-21..FA-25), the Monsters and Events picked with variant
``choose-cards`` (FA-07, ruling FA-R03), and shuffling the Team discard into a new Team deck
(FA-32).
"""

from __future__ import annotations

from _random import Random as BareRandom
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.rng import derive_seed
from ...core.shuffle import shuffle
from .cardset import CardSet
from .content import (
    GOLEMS,
    K_CREATURE,
    K_GOLEM,
    K_MONSTER,
    MONSTERS,
    NUM_CARDS,
    ROW,
)
from .rules_phases import MONSTERS_TO_WIN, PH_ATTACH
from .rules_totals import refresh_row

if TYPE_CHECKING:
    from .game import FamiliarFeatGame
    from .state import FamiliarFeatState


def deck_class(cards: CardSet, card: int) -> int:
    """The layer of the Creature deck a card belongs to: tier 1-4 (Monsters with Tier IV),
    5 for Events, 6 for Stone Golems (FA-19). Cards of one class are shuffled together."""
    kind = cards.kind[card]
    if kind == K_CREATURE:
        return cards.tier[card]
    if kind == K_MONSTER:
        return 4
    if kind == K_GOLEM:
        return 6
    return 5


def layers(state: FamiliarFeatState) -> list[tuple[list[int], list[int]]]:
    """The layers of the Creature deck, as ``(positions, cards)`` pairs in class order: the
    positions (bottom first) of the cards of one class and those cards in sorted order (FA-19;
    ruling FA-R31). A Monster put under the Golems by Catch Your Breath is a layer of its own
    (its place is known, ruling FA-R25)."""
    deck = state.deck
    layer = state.game.deck_classes
    classes = [layer[c] for c in deck]
    if classes and state.cards.kind[deck[0]] == K_MONSTER and 6 in classes[1:]:
        classes[0] = -1
    places: dict[int, list[int]] = {}
    for i, k in enumerate(classes):
        where = places.get(k)
        if where is None:
            places[k] = [i]
        else:
            where.append(i)
    return [(places[k], sorted([deck[i] for i in places[k]])) for k in sorted(places)]


def build_deck(
    tiers: Sequence[Sequence[int]], monsters: list[int], events: list[int], rng: BareRandom
) -> list[int]:
    """The Creature deck, bottom first (the top is the last element) (FA-12..FA-19).

    Golems, then Tier IV with the Monsters, an Event, Tier III, an Event, Tier II, an Event,
    Tier I on top. ``tiers[t]``: the Creatures of Tier ``t``, ascending (``CardSet.by_tier``).
    """
    deck = list(GOLEMS)
    castle = [*tiers[4], *sorted(monsters)]
    shuffle(rng, castle)  # rng.shuffle's steps, compiled (core.shuffle)
    deck += castle
    chosen = sorted(events)
    shuffle(rng, chosen)
    for tier in (3, 2, 1):
        deck.append(chosen[3 - tier])
        layer = list(tiers[tier])
        shuffle(rng, layer)
        deck += layer
    return deck


def _lay_out(
    game: FamiliarFeatGame,
    fields: dict[str, Any],
    monsters: list[int],
    events: list[int],
    rng: BareRandom,
) -> None:
    """Build the Creature deck, reveal the row, shuffle the Team deck (FA-12..FA-25).

    ``rng``: a ``random.Random`` or its bare C base class (``core.shuffle``)."""
    deck = build_deck(game.tiers, monsters, events, rng)
    row = [deck.pop() for _ in range(ROW)]  # the first revealed card lies nearest the deck
    team = list(game.tiers[0])
    shuffle(rng, team)
    chosen = sorted(monsters) + sorted(events)
    picked = set(chosen)
    fields.update(
        deck=deck,
        row=row,
        since=[1] * ROW,
        team=team,
        chosen=chosen,
        box=[n for n in game.box_pool if n not in picked],
        phase=PH_ATTACH,
    )


def box_pool(game: FamiliarFeatGame) -> tuple[int, ...]:
    """The cards that go to the box at the setup whatever Monsters and Events are picked,
    ascending: every card but the Stone Golems, the Creatures of the tiers (the Creature deck,
    the row and the Team deck), the Character played and the Exhausted card 80 (FA-05..FA-25).
    The Monsters and Events not picked join them (``_lay_out``)."""
    used = {*GOLEMS, game.character, 80}
    for tier in game.tiers:
        used.update(tier)
    return tuple(n for n in range(1, NUM_CARDS + 1) if n not in used)


def pick_options(state: FamiliarFeatState) -> list[int]:
    """Variant ``choose-cards``: the Monsters (first) or Events the player may pick next,
    ascending.

    The picks so far must extend to a full set that fits the Character's banner (FA-07). They
    depend on the picks alone: each set of picks is worked out once per game
    (``game.pick_memo``, keyed by the picks in ascending order).
    """
    game = state.game
    key = tuple(sorted(state.chosen))
    options = game.pick_memo.get(key)
    if options is None:
        options = game.pick_memo[key] = _pick_options(state)
    return list(options)


def _pick_options(state: FamiliarFeatState) -> tuple[int, ...]:
    game = state.game
    chosen = set(state.chosen)
    monsters = [n for n in chosen if game.cards.kind[n] == K_MONSTER]
    if len(monsters) < MONSTERS_TO_WIN:
        sets = [s for s in game.monster_sets if chosen <= s]
    else:
        picked = chosen - set(monsters)
        sets = [s for s in game.event_sets if picked <= s]
    return tuple(sorted({n for s in sets for n in s} - chosen))


def _finish_picks(state: FamiliarFeatState) -> None:
    cards = state.cards
    monsters = [c for c in state.chosen if cards.kind[c] == K_MONSTER]
    events = [c for c in state.chosen if cards.kind[c] != K_MONSTER]
    fields: dict[str, Any] = {"character": state.character}
    rng = BareRandom(derive_seed(state.seed, "setup"))  # make_rng's numbers (core/shuffle.py)
    _lay_out(state.game, fields, monsters, events, rng)
    state.deck = fields["deck"]
    state.row = fields["row"]
    state.since = fields["since"]
    state.team = fields["team"]
    state.chosen = fields["chosen"]
    state.box = fields["box"]
    state.phase = PH_ATTACH
    refresh_row(state)


def _new_team_deck(state: FamiliarFeatState) -> None:
    """Shuffle the Team discard into a new Team deck, from the state's own seed (FA-32)."""
    pool = sorted(state.discard)
    shuffle(team_generator(state.seed, state.shuffles), pool)
    state.shuffles += 1
    state.team = pool + state.team
    state.discard = []


def monsters_in_game(state: FamiliarFeatState) -> list[int]:
    """The three Monsters of this adventure (FA-11)."""
    cards = state.cards
    return [c for c in state.chosen if cards.kind[c] == K_MONSTER] or [
        c for c in MONSTERS if c not in state.box
    ]


def team_generator(seed: int, shuffles: int) -> BareRandom:
    """The generator of the Team deck shuffled ``shuffles`` times before, from the state's
    ``seed`` (FA-32): ``random.Random(derive_seed(seed, "team", shuffles))``, made faster.

    The same stream: ``_random.Random`` is ``random.Random``'s C base class, seeded the same
    way (its ``getrandbits``, all ``core.shuffle`` calls, gives the same numbers), without
    ``random.Random``'s Python ``__init__`` and ``seed``. A new Team deck is shuffled every
    day after the first; seeding a generator is about a tenth of a compiled playout
    (docs/agents.md, "#### Familiar Feat")."""
    return BareRandom(derive_seed(seed, "team", shuffles))
