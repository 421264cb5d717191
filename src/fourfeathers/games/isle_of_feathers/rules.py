"""Isle of Feathers' rules, the entry point: setup (``deal``), ``legal_actions`` and
``apply_action``. The rules' parts live beside it: ``rules_phases`` (the turn's phases, the checks
every decision makes, the end of the game), ``rules_land`` (stacking tiles and Vegetation),
``rules_place`` (habitats and placing birds), ``rules_abilities`` (the discard action and the six
abilities), ``rules_turn`` (the Flight Path draw and closing a turn), ``rules_solo`` (the
Migration Season), ``rules_knowledge`` (who knows which hidden card) and ``rules_check`` (sound
positions); the action objects and their text form are in ``actions``, the points and the
winners in ``scoring``.

Rule ids (``IS-nn``) refer to ``docs/rules/isle-of-feathers.md``; rulings
(``IS-Rnn``) to ``docs/rulings/isle-of-feathers.md``.

A turn (IS-10, IS-15) moves through these phases (``state.phase``):

- ``MAIN``: while actions remain, one of the four actions: ``tile Q,R`` (add the tile the space's
  height calls for, IS-11, IS-18..IS-25), ``veg Q,R`` (IS-12, IS-30), ``place N at Q,R`` (IS-13,
  IS-32..IS-40) or ``discard N`` (IS-14, IS-46). At any moment of MAIN the player may also spend
  an ability token at no action cost (IS-49): ``mound Q,R``, ``burrow Q,R``, ``replant Q,R``,
  ``flit``, ``flock N at Q,R``, ``shoo COLOUR Q,R to Q,R``, and in solo ``stamina`` (a Flit from
  the Stamina pool). Once the actions are used the turn closes with ``pass N`` (the card passed
  to the next player, IS-10) or ``end`` (solo, the game's last turn, or an empty hand).
- ``DRAW``: a card is owed after a placement or a discard (IS-38, IS-47, ruling IS-R07): ``take
  S`` (face-up slot S, 1 next to the Draw pile, 4 next to the Discard pile) or ``draw blind``
  (IS-42); then the Flight Path moves (IS-43, IS-44).
- ``ABILITY``: a discarded bird's ability is used at once (IS-46): the same forms as the token
  spends (``mound Q,R``...), or ``skip`` (ruling IS-R09).
- ``PLANT``: the destination of a Vegetation token being moved: ``plant Q,R`` (IS-53).
- ``RELEASE``: solo, a turn ended without a bird placed: ``release N`` discards a card, which the
  top Migration card replaces (IS-70).

Cells are ``hexgrid`` keys; ``state.cells`` maps a key to its code (height * 2 + vegetation) for
every space that holds a tile or a token. The rules' functions take an ``IsleState`` and touch its
plain dicts and lists directly: they are the hot path of every playout. What the island implies
(the spots, where birds fit) is kept per island version in ``state.island`` (``island``): every
change to a cell or its birds calls ``island.changed``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, Final

from ...core.config import is_int
from ...core.errors import IllegalActionError
from ...core.game import TERMINAL
from ...core.rng import make_rng
from ...core.shuffle import shuffle
from .actions import (
    DISCARDS,
    DRAW_BLIND,
    END,
    PASSES,
    PLANT_AT,
    RELEASES,
    SKIP,
    STAMINA,
    TAKES,
    AddTile,
    AddVegetation,
    Discard,
    DrawBlind,
    EndTurn,
    Flit,
    Flock,
    Lower,
    PassCard,
    Place,
    Plant,
    Raise,
    Release,
    Shoo,
    Skip,
    Stamina,
    TakeFaceUp,
    Uproot,
)
from .content import ABILITIES, FLIT, NUM_BIRDS
from .island import island
from .rules_abilities import (
    _apply_discard,
    _apply_flit,
    _apply_flock,
    _apply_lower,
    _apply_plant,
    _apply_raise,
    _apply_shoo,
    _apply_skip,
    _apply_uproot,
    ability_targets,
)
from .rules_land import (
    _apply_tile,
    _apply_vegetation,
    derive,
    land_actions,
    plant_spots,
)
from .rules_phases import (
    ABILITY,
    ACTIONS_PER_TURN,
    DRAW,
    MAIN,
    MAX_TURN_ACTIONS,
    PLANT,
    PLAYING,
    RELEASE,
    can_act,
    is_last_turn,
)
from .rules_place import _apply_place, has_bird_token, place_actions
from .rules_solo import (
    HALF_DECK_LEVELS,
    MIGRATION_PILE,
    _apply_release,
    _apply_stamina,
    stamina_cap,
)
from .rules_turn import _apply_blind, _apply_end, _apply_pass, _apply_take, _settle

if TYPE_CHECKING:
    from .game import IsleGame
    from .state import IsleState


HAND_SIZE = 4  # IS-07
FIRST_PLAYER_EXTRA = 1  # IS-09


def deal(game: IsleGame, seed: Any) -> dict[str, Any]:
    """Shuffle and set up a new game (IS-05..IS-09; solo IS-68, IS-69, rulings IS-R22, IS-R23).

    Returns the fields of an ``IsleState``. Piles are lists whose top is the last element.
    Order of dealing: four cards to each player, the Flight Path, the first player's extra
    card, then (solo) the Migration pile and the half deck set aside. Raises ``ValueError``
    for a seed that is not an int in ``[0, 2**63)`` (``core.rng.make_rng``; typed ``Any`` so
    that the compiled module does not refuse a str with a bare ``TypeError`` first).
    """
    rng = make_rng(seed)
    content = game.content
    n = game.num_players
    deck = list(range(1, NUM_BIRDS + 1))
    shuffle(rng, deck)
    hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
    path = [deck.pop() for _ in range(content.flight_path)]
    starter = game.starting_player if game.starting_player is not None else rng.randrange(n)
    for _ in range(FIRST_PLAYER_EXTRA):
        hands[starter].append(deck.pop())
    migration: list[int] = []
    box: list[int] = []
    token_supply = list(content.ability_tokens)
    stamina = 0
    if game.solo:
        level = game.stamina
        assert level is not None  # set in every solo game
        migration = [deck.pop() for _ in range(MIGRATION_PILE)]
        if level in HALF_DECK_LEVELS:
            keep = NUM_BIRDS // 2
            box, deck = deck[: len(deck) - keep], deck[len(deck) - keep :]
        if not game.empty_stamina:
            stamina = min(stamina_cap(level), token_supply[FLIT])
            token_supply[FLIT] -= stamina
    cells = dict.fromkeys(game.options.start, 2)  # Sand (IS-05)
    sand, grass, cliff = content.tiles
    pool = list(range(1, NUM_BIRDS + 1))  # every card but the face-up ones, in order
    for c in sorted(path, reverse=True):
        del pool[c - 1]
    return {
        "cells": cells,
        "birds": {},
        "supply": [sand - len(cells), grass, cliff],
        "veg_supply": content.vegetation,
        "token_supply": token_supply,
        "tokens": [[0] * len(ABILITIES) for _ in range(n)],
        "stamina": stamina,
        "hands": hands,
        "path": path,
        "draw": deck,
        "discard": [],
        "migration": migration,
        "box": box,
        "placed": [[] for _ in range(n)],
        "known": [[[] for _ in range(n)] for _ in range(n)],
        "public_known": [[] for _ in range(n)],
        "pool": pool,
        "gone": [sorted(h) for h in hands],
        "player": starter,
        "phase": MAIN,
        "actions_left": ACTIONS_PER_TURN,
        "turn_actions": 0,
        "turn": 0,
        "starter": starter,
        "pending": -1,
        "pending_card": 0,
        "replant_from": -1,
        "draws": 0,
        "blind_draws": 0,
        "end_turn": -1,
        "end_reason": PLAYING,
        "seed": seed,
        "reshuffles": 0,
    }


def legal_actions(state: IsleState) -> list[Any]:
    """The current player's legal actions, in a stable order (empty when the game is over)."""
    p = state.player
    if p == TERMINAL:
        return []
    phase = state.phase
    if phase == DRAW:
        actions: list[Any] = [_TAKES[s] for s, c in enumerate(state.path) if c]
        if state.draw or (not state.options.solo and state.discard):
            actions.append(_DRAW_BLIND)
        return actions
    if phase == ABILITY:
        actions = [*ability_targets(state, state.pending)]
        if not actions or not state.options.compulsory_abilities:
            actions.append(_SKIP)
        return actions
    if phase == PLANT:
        return [PLANT_AT.get(k) or PLANT_AT[k] for k in plant_spots(state)]
    if phase == RELEASE:
        releases = _RELEASES
        return [releases[c] for c in sorted(state.hands[p])]
    hand = state.hands[p]
    cards = sorted(hand)
    if can_act(state):
        # ``land_actions`` copied once: with every tile in supply (most decisions), straight
        # from the island version's lists rather than through a kept list of its own
        facts = island(state)
        if facts.index is None:
            derive(state, facts)
        supply = state.supply
        if supply[0] and supply[1] and supply[2]:
            actions = facts.tile_acts[:]
            if state.veg_supply:
                actions += facts.veg_acts
        else:
            actions = land_actions(state)[:]
        closing = not hand and not actions
        if has_bird_token(state, p):
            actions += place_actions(state, cards)
        discards = _DISCARDS
        actions += [discards[c] for c in cards]
    else:
        actions = []
        closing = True
    tokens = state.tokens[p]
    if tokens != _NO_TOKENS:  # a list comparison: compiled, ``any`` is a call through Python
        for kind in range(_ABILITY_KINDS):
            if tokens[kind]:
                actions += ability_targets(state, kind)
    if state.options.solo and state.stamina and state.turn_actions < MAX_TURN_ACTIONS:  # IS-73
        actions.append(_STAMINA)
    if closing:
        if state.options.solo or not hand or is_last_turn(state):
            actions.append(_END)
        else:
            passes = _PASSES
            actions += [passes[c] for c in cards]
    return actions


_NO_TOKENS: Final = [0] * len(ABILITIES)
"""The Ability tokens of a seat that holds none."""

_ABILITY_KINDS: Final = len(ABILITIES)
"""The ability kinds. This and the prebuilt actions ``legal_actions`` reads (``_TAKES``...) are
this module's own constants: compiled (setup.py), a ``Final`` is a native static, where an
imported name is looked up in the module's dict at every use."""
_TAKES: Final = TAKES
_DRAW_BLIND: Final = DRAW_BLIND
_SKIP: Final = SKIP
_RELEASES: Final = RELEASES
_DISCARDS: Final = DISCARDS
_STAMINA: Final = STAMINA
_END: Final = END
_PASSES: Final = PASSES

_KINDS: Final = {
    cls: kind
    for kind, cls in enumerate(
        (
            PassCard,
            AddTile,
            AddVegetation,
            Discard,
            TakeFaceUp,
            Place,
            DrawBlind,
            EndTurn,
            Release,
            Skip,
            Raise,
            Lower,
            Uproot,
            Plant,
            Flit,
            Flock,
            Shoo,
            Stamina,
        )
    )
}
"""Each action class -> its number in ``apply_action``'s dispatch (the commonest first)."""

_INT_FIELDS: Final = [tuple(f.name for f in fields(cls)) for cls in _KINDS]
"""The fields of each action class by its number (every one an int)."""


def apply_action(state: IsleState, action: Any) -> None:
    """Apply ``action`` for the current player; raises ``IllegalActionError`` naming the rule.

    Every check happens before anything changes, so a refused action leaves the state as it was.
    """
    if state.player == TERMINAL:
        raise IllegalActionError(f"{action}: the game is over", "IS-65")
    kind = _KINDS.get(type(action), -1)
    if kind < 0:
        raise IllegalActionError(
            f"{action!r} is not an Isle of Feathers action object (parse text with parse_action)"
        )
    for name in _INT_FIELDS[kind]:  # cards, cells, slots, colours: ints, never bools
        value = getattr(action, name)
        if type(value) is not int and not is_int(value):
            raise IllegalActionError(f"{action!r}: {name} must be an integer", "IS-R17")
    # A chain on the number, not a table of handlers: compiled (setup.py), each call is direct.
    if kind == 0:
        _apply_pass(state, action)
    elif kind == 1:
        _apply_tile(state, action)
    elif kind == 2:
        _apply_vegetation(state, action)
    elif kind == 3:
        _apply_discard(state, action)
    elif kind == 4:
        _apply_take(state, action)
    elif kind == 5:
        _apply_place(state, action)
    elif kind == 6:
        _apply_blind(state, action)
    elif kind == 7:
        _apply_end(state, action)
    elif kind == 8:
        _apply_release(state, action)
    elif kind == 9:
        _apply_skip(state, action)
    elif kind == 10:
        _apply_raise(state, action)
    elif kind == 11:
        _apply_lower(state, action)
    elif kind == 12:
        _apply_uproot(state, action)
    elif kind == 13:
        _apply_plant(state, action)
    elif kind == 14:
        _apply_flit(state, action)
    elif kind == 15:
        _apply_flock(state, action)
    elif kind == 16:
        _apply_shoo(state, action)
    else:
        _apply_stamina(state, action)
    if state.player != TERMINAL:
        _settle(state)
