"""The Familiar Feat state: where every card lies, the day, and the pending effects.

Fields (plain lists and ints; the top of a pile is its last element):

- ``deck``: the face-down Creature deck (Creatures, Monsters, Events, Golems);
- ``row``: the five Creature-row slots (card number, 0 = empty), slot 0 nearest the deck;
- ``cols``: the Familiars attached beneath each slot, top (nearest the Creature) first;
- ``since``: the day each row card entered play (day counts of Monsters, FA-74);
- ``hand``: drawn Familiars not yet attached (1, or 2 under Flexibility);
- ``team`` / ``discard``: the face-down Team deck and the face-up Team discard pile;
- ``fd`` / ``fu``: the face-down and face-up piles of the Exhausted area;
- ``fled``: the Fled pile; ``driven``: the Monsters driven away beside it;
- ``box``: cards out of the adventure (unused cards, boxed Events, the Castle card);
- ``character``: the Character card in front of the player; ``chosen``: the adventure's
  three Monsters and three Events (known to the player, ruling FA-R03);
- ``events_pending``: Events set aside during the refill, in reveal order (FA-30);
- ``active``: Events in force, ``(event, target, target)`` (0 when unused);
- ``limbo``: revived cards waiting for "revive 2, then play 1" (FA-56);
- ``pending``: the stack of pending effect frames (``rules_phases.F_*`` tuples, top = last);
- ``reached`` / ``groups``: the queue of Creatures whose Strength was reached, with the group
  (moment) each was reached in; ``stamp``: the last group number;
- ``latched``: Creatures bound by Closing Ranks that have reached their Strength and wait for
  the other card (ruling FA-R26);
- ``phase`` (``rules_phases.PHASES``), ``day``, ``result`` (``rules_phases.WON`` ...);
- ``seed`` / ``shuffles``: every later shuffle of the Team discard is seeded by
  ``derive_seed(seed, "team", shuffles)``, so the state alone fixes the future.

``cards`` is ``game.cards``, the card tables the rules read.

Derived (not part of ``to_dict``, kept up to date by the rules as the row changes, copied by
``clone``): ``totals`` (each slot's Cuddle total now), the bit masks (bit ``s`` is slot ``s``)
``met`` (slots whose Creature meets its Strength), ``room`` / ``room_copy`` (slots that may take
a counting card / a Copy) and ``filled`` (slots with a Creature), all from
``rules_totals.refresh``; ``fresh``: the row changed since Strength was last checked
(``rules_resolve.note_reached``); ``legal``: the legal actions (a tuple) of the decision ``advance``
stopped at, or None (they are then computed); ``layers``: the Creature deck's layers as
``determinize`` reorders them (``rules_deck.layers``), or None until it needs them (every
action resets it).

Information: the only hidden things are the order of the Creature deck and of the Team deck and
the seed of future shuffles (FA-04, FA-100; ruling FA-R31).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL, GameEnd, State
from ...core.statefields import INT, LIST, LISTS, TUPLES, Field, StateFields, restore
from . import rules, rules_deck, rules_phases, scoring
from .cardset import CardSet
from .content import ROW
from .rules_phases import ONGOING

if TYPE_CHECKING:
    from .game import FamiliarFeatGame

FIELDS = StateFields(
    "familiar-feat",
    [
        Field("deck", LIST),
        Field("row", LIST),
        Field("since", LIST),
        Field("hand", LIST),
        Field("team", LIST),
        Field("discard", LIST),
        Field("fd", LIST),
        Field("fu", LIST),
        Field("fled", LIST),
        Field("driven", LIST),
        Field("box", LIST),
        Field("chosen", LIST),
        Field("events_pending", LIST),
        Field("limbo", LIST),
        Field("reached", LIST),
        Field("groups", LIST),
        Field("latched", LIST),
        Field("character", INT),
        Field("stamp", INT),
        Field("phase", INT),
        Field("day", INT),
        Field("seed", INT),
        Field("shuffles", INT),
        Field("result", INT),
        Field("cols", LISTS),
        Field("active", TUPLES, size=3),  # (event, target, target)
        Field("pending", TUPLES),  # rules_phases.Frame tuples
    ],
)
"""The fields, in ``to_dict`` order; ``position_from_dict`` reads them. ``clone`` is
hand-written: compiled (setup.py), native copies beat generated code; it also copies the
derived fields (``_DERIVED``)."""

_DERIVED = ("totals", "met", "room", "room_copy", "filled", "fresh", "legal", "layers")


class FamiliarFeatState(State):
    """One moment of a Familiar Feat adventure. Create it with
    ``FamiliarFeatGame.new_initial_state``."""

    game: FamiliarFeatGame

    __slots__ = ("game", "cards", "log") + FIELDS.names + _DERIVED

    def __init__(self, game: FamiliarFeatGame, fields: dict[str, Any] | None = None) -> None:
        self.game = game
        # The game's card tables, which the rules read at every step: compiled (setup.py), a
        # state's own attribute is read natively, the game's through its instance dict.
        self.cards: CardSet = game.cards
        if fields is None:  # an empty state for ``clone`` or ``pickle`` to fill in
            return
        # Typed assignments, in this order, rather than class annotations and ``FIELDS.fill``:
        # compiled (setup.py), the attributes are laid out in this order, and playouts ran 3%
        # slower with the fields declared in the class body (tests/core/test_statefields.py
        # holds these to ``FIELDS``).
        self.log: list[str] | None = None
        self.deck: list[int] = fields["deck"]
        self.row: list[int] = fields["row"]
        self.cols: list[list[int]] = fields["cols"]
        self.since: list[int] = fields["since"]
        self.hand: list[int] = fields["hand"]
        self.team: list[int] = fields["team"]
        self.discard: list[int] = fields["discard"]
        self.fd: list[int] = fields["fd"]
        self.fu: list[int] = fields["fu"]
        self.fled: list[int] = fields["fled"]
        self.driven: list[int] = fields["driven"]
        self.box: list[int] = fields["box"]
        self.character: int = fields["character"]
        self.chosen: list[int] = fields["chosen"]
        self.events_pending: list[int] = fields["events_pending"]
        self.active: list[tuple[int, int, int]] = fields["active"]
        self.limbo: list[int] = fields["limbo"]
        self.pending: list[rules_phases.Frame] = fields["pending"]
        self.reached: list[int] = fields["reached"]
        self.groups: list[int] = fields["groups"]
        self.latched: list[int] = fields["latched"]
        self.stamp: int = fields["stamp"]
        self.phase: int = fields["phase"]
        self.day: int = fields["day"]
        self.seed: int = fields["seed"]
        self.shuffles: int = fields["shuffles"]
        self.result: int = fields["result"]
        # Zero until the game calls rules_totals.refresh_row, once the fields are known sound.
        self.totals: list[int] = [0] * ROW
        self.met = self.room = self.room_copy = self.filled = 0
        self.fresh = True
        self.legal: tuple[Any, ...] | None = None
        self.layers: list[tuple[list[int], list[int]]] | None = None

    # Methods rather than ``legal_actions = rules.legal_actions``: a compiled function is no
    # descriptor, so it would not bind to the state (setup.py).
    def legal_actions(self) -> list[Any]:
        return rules.legal_actions(self)

    def apply_action(self, action: Any) -> None:
        rules.apply_action(self, action)

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.result != ONGOING else 0

    def is_terminal(self) -> bool:
        return self.result != ONGOING

    def ended_by(self) -> GameEnd | None:
        if self.result == rules_phases.ONGOING:
            return None
        return GameEnd(rules_phases.end_reason(self), self.result == rules_phases.LOST_CAP)

    def returns(self) -> list[float]:
        """1.0 for a won adventure, 0.0 for a lost one or while it goes on."""
        return [1.0 if self.result == rules_phases.WON else 0.0]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the fields by name: a compiled state (setup.py) has no default pickling."""
        values = {name: getattr(self, name) for name in _PICKLED}
        return (restore, (FamiliarFeatState, self.game, values))

    def clone(self) -> FamiliarFeatState:
        new = FamiliarFeatState(self.game)  # object.__new__ refuses a compiled class
        new.log = None
        new.deck = self.deck[:]
        new.row = self.row[:]
        new.cols = [c[:] for c in self.cols]
        new.since = self.since[:]
        new.hand = self.hand[:]
        new.team = self.team[:]
        new.discard = self.discard[:]
        new.fd = self.fd[:]
        new.fu = self.fu[:]
        new.fled = self.fled[:]
        new.driven = self.driven[:]
        new.box = self.box[:]
        new.character = self.character
        new.chosen = self.chosen[:]
        new.events_pending = self.events_pending[:]
        new.active = self.active[:]
        new.limbo = self.limbo[:]
        new.pending = self.pending[:]
        new.reached = self.reached[:]
        new.groups = self.groups[:]
        new.latched = self.latched[:]
        new.stamp = self.stamp
        new.phase = self.phase
        new.day = self.day
        new.seed = self.seed
        new.shuffles = self.shuffles
        new.result = self.result
        new.totals = self.totals[:]
        new.met = self.met
        new.room = self.room
        new.room_copy = self.room_copy
        new.filled = self.filled
        new.fresh = self.fresh
        new.legal = self.legal  # never changed in place: replaced at the next decision
        new.layers = self.layers
        return new

    def to_dict(self) -> dict[str, Any]:
        return FIELDS.dump(self)

    def component_locations(self) -> dict[str, list[int]]:
        places: dict[str, list[int]] = {
            "creature deck": self.deck,
            "creature row": [c for c in self.row if c],
            "hand": self.hand,
            "team deck": self.team,
            "team discard": self.discard,
            "exhausted face down": self.fd,
            "exhausted face up": self.fu,
            "exhausted card": [80],
            "fled": self.fled,
            "driven away": self.driven,
            "box": self.box,
            "character": [self.character],
            "events set aside": self.events_pending,
            "events in force": [e[0] for e in self.active],
            "revived to play": self.limbo,
        }
        for s, col in enumerate(self.cols):
            places[f"beneath slot {s + 1}"] = col
        return places

    # ``player: Any``, not int: compiled (setup.py), an int parameter would turn a bool seat
    # into 0 or 1 before ``check_player`` could refuse it.
    def observation(self, player: Any) -> dict[str, Any]:
        """What the player knows: everything face up, the contents (not the order) of the Team
        deck and the Creature deck, the order of the face-down Exhausted pile (FA-100).

        Raises ``ValueError`` if ``player`` is not 0.
        """
        self.check_player(player)
        return {
            "game": self.game.id,
            "player": player,
            "level": self.game.level,
            "current_player": self.current_player,
            "phase": rules_phases.PHASES[self.phase],
            "day": self.day,
            "result": self.result,
            "row": list(self.row),
            "cols": [list(c) for c in self.cols],
            "since": list(self.since),
            "hand": list(self.hand),
            "team_deck": sorted(self.team),
            "discard": list(self.discard),
            "exhausted_face_down": list(self.fd),
            "exhausted_face_up": list(self.fu),
            "fled": list(self.fled),
            "driven": list(self.driven),
            "box": sorted(self.box),
            "character": self.character,
            "chosen": list(self.chosen),
            "creature_deck": sorted(self.deck),
            "creature_deck_size": len(self.deck),
            "events_pending": list(self.events_pending),
            "active": [list(e) for e in self.active],
            "limbo": list(self.limbo),
            "pending": [list(f) for f in self.pending],
            "reached": list(self.reached),
            "groups": list(self.groups),
            "latched": list(self.latched),
            "team_shuffles": self.shuffles,
        }

    def public_observation(self) -> dict[str, Any]:
        """What an onlooker sees: the whole ``observation`` but ``player``, since nothing but
        the decks' order (hidden from the player too) is secret in this solo game."""
        obs = self.observation(0)
        del obs["player"]
        return obs

    def determinize(self, player: Any, rng: random.Random) -> FamiliarFeatState:
        """Resample what the player cannot know: the Team deck order, the order inside each
        layer of the Creature deck (Events among the Event gaps) and the seed of future
        shuffles. Uniform over orders consistent with the observation; cards are pooled in
        sorted order first (ruling FA-R31), then ordered by independent uniform keys (one
        ``rng.random()`` per card: half the cost of ``rng.shuffle``). Raises ``ValueError``
        if ``player`` is not 0.
        """
        self.check_player(player)
        new = self.clone()
        draw = rng.random
        new.team = sorted(sorted(self.team), key=lambda _: draw())
        layers = self.layers
        if layers is None:
            layers = self.layers = new.layers = rules_deck.layers(self)
        deck = new.deck
        for where, cards in layers:
            if len(cards) > 1:
                order = sorted(cards, key=lambda _: draw())
                # enumerate, not zip(..., strict=True): compiled (setup.py), a loop over
                # enumerate is native, a zip with a keyword a generic iterator.
                for k, i in enumerate(where):
                    deck[i] = order[k]
        new.seed = rng.randrange(2**63)
        return new


_PICKLED = ("log",) + FIELDS.names + _DERIVED
"""What ``__reduce__`` keeps besides the game: every slot."""
