"""The Fancy Feathers state: where every card and disc lies, whose decision it is, what each
player knows.

Fields (plain lists and ints; cards are ints, see ``FancyFeathersGame.ctype`` / ``cvalue``):

- ``types``: the six type indices in play, ascending;
- ``order``: discs on the Path, from the one furthest behind (``order[0]``, to move) forward;
  ``pos[p]``: the label of seat ``p``'s disc (0 = start, -1 = left); ``left``: seats in the order
  they left the Path (the tie-break, FF-51);
- ``path``: the face-up cards, rear first; ``rear``: the label of ``path[0]``;
- ``stack``: the face-down draw stack (its top is the last element); ``box``: the cards removed
  unseen at setup (sorted);
- ``held[p]``: seat ``p``'s collection in the order it came; ``foxed[p]``: the cards ``p`` sent to
  the box for a Fox, in order; ``log[p]``: what everyone saw of ``p``'s collection (card numbers
  collected or received, ``-1`` for a loss to a Fox without saying which, ``-2 - card`` for a
  set-aside Trap lost to a Fox);
- ``aside``: Traps set aside during this turn (FF-34);
- ``phase``: ``MOVE``, ``FOX_CHOICE``, ``PASS`` or ``OVER``; ``mover``: seat to decide (or
  ``TERMINAL``); ``upto``: the label a collection interrupted by a Fox runs to (else 0);
  ``fox``: the Fox waiting for its loss (else -1); ``turn``: moves made so far.

Information (rulings FF-R14, FF-R18): the Path, the discs, the number of cards in the stack and
in the box, and every card anyone collected or received are public (cards are taken face up,
perfect recall); which card a Fox took away is known to its owner only (unless it was a set-aside
Trap); the stack's order and the removed cards are known to nobody.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL, State, win_shares
from ...core.statefields import INT, LIST, LISTS, Field, StateFields, restore
from . import rules, scoring
from .rules import HIDDEN_LOSS
from .scoring import TYPES, TypeScore, explain_collection, fewest_flags

if TYPE_CHECKING:
    from .game import FancyFeathersGame

FIELDS = StateFields(
    "fancy-feathers",
    [
        Field("types", LIST, shared=True),  # never changes during a game: clones share it
        Field("order", LIST),
        Field("pos", LIST, size="players"),
        Field("left", LIST),
        Field("path", LIST),
        Field("rear", INT),
        Field("stack", LIST),
        Field("box", LIST),
        Field("held", LISTS, rows="players"),
        Field("foxed", LISTS, rows="players"),
        Field("log", LISTS, rows="players"),
        Field("aside", LIST),
        Field("phase", INT),
        Field("mover", INT),
        Field("upto", INT),
        Field("fox", INT),
        Field("turn", INT),
    ],
)
"""The fields, in ``to_dict`` order; ``state_from_dict`` reads them, ``clone`` copies them."""


class FancyFeathersState(State):
    """One moment of a Fancy Feathers game; ``FancyFeathersGame.new_initial_state`` makes one."""

    __slots__ = ("game",) + FIELDS.names
    game: FancyFeathersGame

    def __init__(self, game: FancyFeathersGame, fields: dict[str, Any] | None = None) -> None:
        self.game = game
        if fields is None:  # an empty state for ``clone`` or ``pickle`` to fill in
            return
        # Typed assignments, in ``FIELDS`` order, rather than class annotations and
        # ``FIELDS.fill``: compiled (setup.py), the compiled rules then read and write these
        # as native attributes (tests/core/test_statefields.py holds them to ``FIELDS``).
        self.types: list[int] = fields["types"]
        self.order: list[int] = fields["order"]
        self.pos: list[int] = fields["pos"]
        self.left: list[int] = fields["left"]
        self.path: list[int] = fields["path"]
        self.rear: int = fields["rear"]
        self.stack: list[int] = fields["stack"]
        self.box: list[int] = fields["box"]
        self.held: list[list[int]] = fields["held"]
        self.foxed: list[list[int]] = fields["foxed"]
        self.log: list[list[int]] = fields["log"]
        self.aside: list[int] = fields["aside"]
        self.phase: int = fields["phase"]
        self.mover: int = fields["mover"]
        self.upto: int = fields["upto"]
        self.fox: int = fields["fox"]
        self.turn: int = fields["turn"]

    # Methods rather than ``legal_actions = rules.legal_actions``: a compiled function is no
    # descriptor, so it would not bind to the state (setup.py, ``HOT_MODULES``).
    def legal_actions(self) -> list[Any]:
        return rules.legal_actions(self)

    def apply_action(self, action: Any) -> None:
        rules.apply_action(self, action)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def scores(self) -> list[int]:
        return scoring.scores(self)

    @property
    def current_player(self) -> int:
        return self.mover

    def is_terminal(self) -> bool:
        return self.mover == TERMINAL

    @property
    def front(self) -> int:
        """The label of the foremost Path card (``rear - 1`` when the Path is empty)."""
        return self.rear + len(self.path) - 1

    def label_card(self, label: int) -> int:
        """The card at Path label ``label``. Raises ``IndexError`` if it is not on the Path."""
        index = label - self.rear
        if not 0 <= index < len(self.path):
            raise IndexError(f"no card at label {label}")
        return self.path[index]

    def stack_at(self, label: int) -> list[int]:
        """The seats whose discs are at ``label``, top disc first."""
        return [p for p in self.order if self.pos[p] == label]

    def score_sheet(self, player: int) -> list[TypeScore]:
        """``[TypeScore(type, count, points, reason)]`` for each type ``player`` holds."""
        fewest = fewest_flags([len(h) for h in self.held])[player]
        return explain_collection(
            self.game.scorings, scoring.by_type(self, self.held[player]), fewest
        )

    def returns(self) -> list[float]:
        """1.0 for the winner and 0.0 for everyone else once the game is over; zeros before."""
        if self.mover != TERMINAL:
            return [0.0] * self.game.num_players
        return win_shares(self.winners(), self.game.num_players)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the fields by name: a compiled state (setup.py) has no default pickling."""
        values = {name: getattr(self, name) for name in FIELDS.names}
        return (restore, (FancyFeathersState, self.game, values))

    def clone(self) -> FancyFeathersState:
        """An independent copy (hand-written: compiled, native copies; ``FIELDS.check_clone``
        holds it to the declaration)."""
        new = FancyFeathersState(self.game)  # object.__new__ refuses a compiled class
        new.types = self.types  # never changed during a game: shared (``FIELDS``)
        new.order = self.order[:]
        new.pos = self.pos[:]
        new.left = self.left[:]
        new.path = self.path[:]
        new.rear = self.rear
        new.stack = self.stack[:]
        new.box = self.box[:]
        new.held = [h[:] for h in self.held]
        new.foxed = [f[:] for f in self.foxed]
        new.log = [g[:] for g in self.log]
        new.aside = self.aside[:]
        new.phase = self.phase
        new.mover = self.mover
        new.upto = self.upto
        new.fox = self.fox
        new.turn = self.turn
        return new

    def to_dict(self) -> dict[str, Any]:
        return FIELDS.dump(self)

    def component_locations(self) -> dict[str, list[int]]:
        places: dict[str, list[int]] = {
            "path": self.path,
            "stack": self.stack,
            "box": self.box,
            "aside": self.aside,
        }
        for p in range(self.game.num_players):
            places[f"collection {p}"] = self.held[p]
            places[f"box (Fox of seat {p})"] = self.foxed[p]
        if self.fox >= 0 and not self.game.fox_self:
            places["Fox being collected"] = [self.fox]
        chosen = set(self.types)
        type_cards = self.game.type_cards
        places["unused types"] = [
            c for t in range(len(TYPES)) if t not in chosen for c in type_cards[t]
        ]
        return places

    def observation(self, player: Any) -> dict[str, Any]:
        # ``player: Any``: compiled (setup.py), an ``int`` parameter would refuse a str with a
        # bare TypeError and take a bool for a seat; ``check_player`` names the problem.
        """What ``player`` knows, JSON-ready.

        Keys: ``game``, ``player``, ``current_player``, ``phase`` (move/fox/pass/over), ``turn``,
        ``types`` (names in play), ``path`` (``[{"label", "card", "type", "value"}]``, rear
        first), ``stack`` and ``removed`` (counts), ``discs`` (``order`` behind first,
        ``positions`` per seat with 0 = start and -1 = left, ``left``), ``aside`` (set-aside
        Traps), ``fox`` (the Fox waiting for its loss or None), ``collecting_to`` (label or
        None), and ``players``: per seat ``count`` (cards held), ``history`` (what everyone saw:
        ``["got", card]``, ``["lost", None]`` for a Fox loss of an unknown card, ``["lost",
        card]`` for a set-aside Trap) and, for ``player`` itself (for everyone once the game is
        over), ``held`` and ``foxed``. Once over also ``scores`` and ``winners``. Hidden and
        public information as FF-77 and FF-78 say (rulings FF-R14, FF-R18).

        Never holds the stack's cards or order, the removed cards, or which card another player
        lost to a Fox. Raises ``ValueError`` if ``player`` is not a seat.
        """
        self.check_player(player)
        game = self.game
        over = self.mover == TERMINAL
        players = []
        for q in range(game.num_players):
            entry: dict[str, Any] = {
                "count": len(self.held[q]),
                "history": [
                    ["got", e] if e >= 0 else ["lost", None if e == HIDDEN_LOSS else -2 - e]
                    for e in self.log[q]
                ],
            }
            if q == player or over:
                entry["held"] = list(self.held[q])
                entry["foxed"] = list(self.foxed[q])
            players.append(entry)
        obs: dict[str, Any] = {
            "game": game.id,
            "player": player,
            "current_player": self.mover,
            "phase": rules.PHASE_NAMES[self.phase],
            "turn": self.turn,
            "types": [TYPES[t] for t in self.types],
            "path": [
                {
                    "label": self.rear + i,
                    "card": c,
                    "type": TYPES[game.ctype[c]],
                    "value": game.cvalue[c],
                }
                for i, c in enumerate(self.path)
            ],
            "stack": len(self.stack),
            "removed": len(self.box),
            "discs": {
                "order": list(self.order),
                "positions": list(self.pos),
                "left": list(self.left),
            },
            "aside": list(self.aside),
            "fox": self.fox if self.fox >= 0 else None,
            "collecting_to": self.upto or None,
            "players": players,
        }
        if over:
            obs["scores"] = self.scores()
            obs["winners"] = self.winners()
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What everyone at the table sees: ``observation`` without ``player``, and without
        any seat's ``held`` and ``foxed`` until the game is over (``history`` stays)."""
        obs = self.observation(0)
        del obs["player"]
        if self.mover != TERMINAL:
            for entry in obs["players"]:
                entry.pop("held", None)
                entry.pop("foxed", None)
        return obs

    def determinize(self, player: Any, rng: random.Random) -> FancyFeathersState:
        """Resample what ``player`` cannot know: the stack's cards and order, the removed cards,
        and which cards the other players lost to their Foxes.

        Stack and box: the unseen cards, pooled in sorted order, are shuffled and dealt, so every
        arrangement is equally likely. Fox losses: each other player's public log is replayed and
        every hidden loss picks uniformly among the cards that player held at that moment (the
        number of candidates is public, so every consistent history is equally likely). The
        result depends only on the observation and ``rng`` (ruling FF-R21). Raises
        ``ValueError`` if ``player`` is not a seat.
        """
        self.check_player(player)
        new = self.clone()
        pool = sorted(self.stack + self.box)
        rng.shuffle(pool)
        removed = len(self.box)
        new.box = sorted(pool[:removed])
        new.stack = pool[removed:]
        if self.mover == TERMINAL:
            return new  # every collection is shown at the final scoring
        for q in range(self.game.num_players):
            if q == player:
                continue
            held: list[int] = []
            foxed: list[int] = []
            for entry in self.log[q]:
                if entry >= 0:
                    held.append(entry)
                elif entry == HIDDEN_LOSS:
                    foxed.append(held.pop(rng.randrange(len(held))))
                else:
                    foxed.append(-2 - entry)
            new.held[q] = held
            new.foxed[q] = foxed
        return new
