"""The Featherlight state: where every card lies, whose turn it is, and what each player knows.

Fields (all plain lists and ints; the top of a pile or stack is its last element):

- ``hands[p]``: card numbers in seat ``p``'s hand (5, or 6 during a turn);
- ``nest``: the six stacks, bottom to top (a stack is empty only for the gap of a Swap, FL-27);
- ``piles``: the two face-down draw piles; ``box``: cards removed unseen at setup;
- ``wind``: the solo wind stack (empty with 2-4 players);
- ``known[p]``: the cards in ``hands[p]`` that everyone saw taken from the nest (FL-25);
- ``player``: seat to decide, or ``TERMINAL``; ``phase``: ``CHOOSE`` or ``PUT``;
- ``taken`` / ``taken_from``: the card and stack of this turn's Swap (0 / -1 otherwise);
- ``turn``: completed turns; ``starter``: the starting player.

Information (ruling FL-R09): every nest card was face up when it was placed, so observations hold
whole stacks (perfect recall); people see covered cards only with the memory aid.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.game import TERMINAL, GameEnd, State, win_shares
from ...core.statefields import INT, LIST, LISTS, Field, StateFields, restore
from . import rules, scoring
from .content import NEST_STACKS
from .scoring import COLOURS, CardScore, explain_hand

if TYPE_CHECKING:
    from .game import FeatherlightGame

FIELDS = StateFields(
    "featherlight",
    [
        Field("hands", LISTS, rows="players"),
        Field("nest", LISTS, rows=NEST_STACKS),
        Field("piles", LISTS, rows=2),
        Field("box", LIST),
        Field("wind", LIST),
        Field("known", LISTS, rows="players"),
        Field("player", INT),
        Field("phase", INT),
        Field("taken", INT),
        Field("taken_from", INT),
        Field("turn", INT),
        Field("starter", INT),
    ],
)
"""The fields, in ``to_dict`` order; ``state_from_dict`` reads them, ``clone`` copies them."""


class FeatherlightState(State):
    """One moment of a Featherlight game. Create it with ``FeatherlightGame.new_initial_state``."""

    game: FeatherlightGame

    __slots__ = ("game",) + FIELDS.names

    def __init__(self, game: FeatherlightGame, fields: dict[str, Any] | None = None) -> None:
        self.game = game
        if fields is None:  # an empty state for ``clone`` or ``pickle`` to fill in
            return
        # Typed assignments, in ``FIELDS`` order, rather than class annotations and
        # ``FIELDS.fill``: compiled (setup.py), the compiled rules then read and write these
        # as native attributes (tests/core/test_statefields.py holds them to ``FIELDS``).
        self.hands: list[list[int]] = fields["hands"]
        self.nest: list[list[int]] = fields["nest"]
        self.piles: list[list[int]] = fields["piles"]
        self.box: list[int] = fields["box"]
        self.wind: list[int] = fields["wind"]
        self.known: list[list[int]] = fields["known"]
        self.player: int = fields["player"]
        self.phase: int = fields["phase"]
        self.taken: int = fields["taken"]
        self.taken_from: int = fields["taken_from"]
        self.turn: int = fields["turn"]
        self.starter: int = fields["starter"]

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
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def score_sheet(self, player: int) -> list[CardScore]:
        """``[CardScore(card, points, reason, colour)]`` for each card in ``player``'s hand."""
        game = self.game
        return explain_hand(game.rules, game.cards.colour, self.hands[player], self.nest)

    def ended_by(self) -> GameEnd | None:
        if self.player != TERMINAL:
            return None
        return GameEnd(rules.end_reason(self), rules.capped(self))

    def returns(self) -> list[float]:
        """Solo: the score. 2-4 players: 1 for a sole winner, 1/k each for k sharing, else 0."""
        if self.player != TERMINAL:
            return [0.0] * self.game.num_players
        if self.game.solo:
            return [float(s) for s in self.scores()]
        return win_shares(self.winners(), self.game.num_players)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the fields by name: a compiled state (setup.py) has no default pickling."""
        values = {name: getattr(self, name) for name in FIELDS.names}
        return (restore, (FeatherlightState, self.game, values))

    def clone(self) -> FeatherlightState:
        """An independent copy (hand-written: compiled, native copies; ``FIELDS.check_clone``
        holds it to the declaration)."""
        new = FeatherlightState(self.game)  # object.__new__ refuses a compiled class
        new.hands = [h[:] for h in self.hands]
        new.nest = [s[:] for s in self.nest]
        new.piles = [p[:] for p in self.piles]
        new.box = self.box[:]
        new.wind = self.wind[:]
        new.known = [k[:] for k in self.known]
        new.player = self.player
        new.phase = self.phase
        new.taken = self.taken
        new.taken_from = self.taken_from
        new.turn = self.turn
        new.starter = self.starter
        return new

    def to_dict(self) -> dict[str, Any]:
        return FIELDS.dump(self)

    def component_locations(self) -> dict[str, list[int]]:
        places: dict[str, list[int]] = {f"hand {p}": h for p, h in enumerate(self.hands)}
        places.update({f"nest {s + 1}": stack for s, stack in enumerate(self.nest)})
        places.update({"pile 1": self.piles[0], "pile 2": self.piles[1], "box": self.box})
        places["wind"] = self.wind
        return places

    def observation(self, player: Any) -> dict[str, Any]:
        # ``player: Any``: compiled (setup.py), an ``int`` parameter would refuse a str with a
        # bare TypeError and take a bool for a seat; ``check_player`` names the problem.
        """What ``player`` knows: own hand, whole nest stacks, public hand cards of all, counts.

        Never holds another player's drawn cards, pile or wind contents or order, or the box
        (FL-120..FL-122, rulings FL-R09, FL-R20). Raises ``ValueError`` if ``player`` is not a
        seat.
        """
        self.check_player(player)
        obs: dict[str, Any] = {
            "game": self.game.id,
            "player": player,
            "current_player": self.player,
            "phase": "over" if self.player == TERMINAL else ("choose", "put")[self.phase],
            "turn": self.turn,
            "starter": self.starter,
            "hand": list(self.hands[player]),
            "nest": [list(s) for s in self.nest],
            "piles": [len(self.piles[0]), len(self.piles[1])],
            "wind": len(self.wind),
            "box": len(self.box),
            "hands": [
                {"known": list(k), "size": len(h)}
                for k, h in zip(self.known, self.hands, strict=True)
            ],
            "taken": self.taken,
            "taken_from": self.taken_from,
        }
        if self.player == TERMINAL:
            obs["hands"] = [{"known": list(h), "size": len(h)} for h in self.hands]
            obs["scores"] = self.scores()
            obs["winners"] = self.winners()
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What everyone at the table sees: ``observation`` without a seat's ``player`` and
        ``hand``; hands only as far as everyone saw them (``hands``; whole once it is over)."""
        obs = self.observation(0)
        del obs["player"], obs["hand"]
        return obs

    def determinize(self, player: Any, rng: random.Random) -> FeatherlightState:
        """Resample what ``player`` cannot know: other hands' unseen cards, piles, box, wind.

        Uniform over every deal consistent with the observation (ruling FL-R21); in solo the box
        keeps two cards of each colour (FL-102). Unseen cards are pooled in sorted order before
        shuffling, so the result depends only on the observation and ``rng``. Raises
        ``ValueError`` if ``player`` is not a seat.
        """
        self.check_player(player)
        new = self.clone()
        over = self.player == TERMINAL  # all hands are shown at the final scoring
        seen = self.hands if over else self.known
        others = [q for q in range(len(self.hands)) if q != player]
        unseen = [c for q in others for c in self.hands[q] if c not in seen[q]]
        unseen += self.piles[0] + self.piles[1] + self.wind + self.box
        unseen.sort()
        if self.game.solo:
            colour_of = self.game.cards.colour
            new.box = []
            for colour in range(len(COLOURS)):
                of_colour = [c for c in unseen if colour_of[c] == colour]
                new.box += rng.sample(of_colour, rules.SOLO_REMOVED_PER_COLOUR)
            boxed = set(new.box)
            pool = [c for c in unseen if c not in boxed]
            rng.shuffle(pool)
        else:
            pool = unseen
            rng.shuffle(pool)
            new.box = [pool.pop() for _ in self.box]
        for q in others:
            hidden = len(self.hands[q]) - len(seen[q])
            new.hands[q] = list(seen[q]) + [pool.pop() for _ in range(hidden)]
        new.piles = [[pool.pop() for _ in self.piles[0]], [pool.pop() for _ in self.piles[1]]]
        new.wind = [pool.pop() for _ in self.wind]
        return new
