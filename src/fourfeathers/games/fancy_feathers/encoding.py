"""Fancy Feathers for learning libraries: the action catalogue, the observation tensor, the game
length and the bounds of ``returns()`` (the ``Encoding`` protocol of ``core.encoding``).

A card *kind* is a type with a printed value (``golden-pheasant:3``, ``nest``): cards of one kind
are alike. The content's kinds, over all 12 types in type order then by value, are ``K`` (18 for
the shipped content); the catalogue and the tensor name them, never card numbers.

Bounds, with ``n`` seats (proofs):

- *Farthest move* ``M = 5n``. Sort the discs on the Path by position, ``p(1) <= ... <= p(m)``,
  with ``F`` the label of the foremost card. Then ``F - p(k) <= 5 * (n - k + 1)`` for every
  rank ``k``: it holds at the start (``F = 5``), only the rearmost disc moves, a disc that lands
  foremost refills the Path to at most 5 cards ahead of itself (FF-30, FF-31), and every other
  disc keeps or lowers its rank (a leaving disc too). The mover is rank 1: ``move N <= 5n``.
- *Path length* ``W = 10n``: a lone rearmost disc collects every card up to its own (FF-20), at
  which moment ``F`` is at most ``5n`` ahead; before the next collection at most ``n`` moves can
  happen (the mover, perhaps once more from the stack it joined, and the stack behind it), each
  adding at most 5 cards; at the start ``n`` moves from the start space, then at most ``n - 1``
  from a stack. So the Path never holds more than ``10n`` cards.
- *Game length*: with ``D`` the largest deck (the six largest types less the ``3n`` removed,
  FF-10), label the cards ``1 .. D`` in the order they are laid on the Path (FF-13, FF-30). A
  move goes at least one card forward (FF-27, ruling FF-R10), so a disc's label rises with each
  of its moves, from the start (no card, FF-12) to at most ``D``: at most ``D`` moves and one
  leave a disc (FF-42, FF-49), ``n (D + 1)`` turns. A turn asks ``pass traps`` only if its
  collection set a Trap aside (FF-34, FF-35), and a card is collected once (FF-26): at most the
  ``R`` Trap cards in play such turns. A Fox asks at most once, when it is collected (FF-37):
  at most the ``X`` Fox cards in play. So ``n (D + 1) + R + X`` decisions (``R = X = 3n``, at
  most ``D``, when the type may be in play, else 0): 582 with 6 players. A disc that always
  moves one card plays over 500 of them (``tests/rl/test_game_lengths.py``).

Action catalogue (``5n + 3 + K`` ids; 51 with 6 seats):

| ids | action | id of |
|---|---|---|
| 0 .. 5n-1 | ``move 1`` .. ``move 5n`` (FF-27) | ``distance - 1`` |
| 5n | ``leave`` (FF-42) | |
| 5n+1 | ``pass traps`` (FF-35) | |
| 5n+2 | ``lose set-aside trap`` (ruling FF-R05) | |
| 5n+3 .. | ``lose TYPE[:VALUE]`` (FF-38) | ``5n + 3 + kind`` |

Observation tensor: flat, every entry in [0, 1], computed from ``state.observation(player)``
only. Seats are relative to the viewer (``r = (seat - player) mod n``, the viewer is 0). The Path
is read from its rear: slot 0 is the space just behind it (the start space, or the card the mover
has just collected from under its disc), slot ``i >= 1`` the ``i``-th card from the rear.

| entries | name | meaning |
|---|---|---|
| W x K | ``path`` | slot ``i`` (1..W) holds a card of kind ``k`` (index ``(i - 1) * K + k``) |
| (W + 1) x n | ``discs`` | relative seat ``r``'s disc is at slot ``i`` (index ``i * n + r``) |
| n x n | ``order`` | relative seat ``r`` is ``j``-th from behind (index ``r * n + j``) |
| n x n | ``left`` | relative seat ``r`` left the Path ``j``-th (index ``r * n + j``) |
| n x K | ``collected`` | kind ``k`` cards relative seat ``r`` was seen to get / the kind's cards |
| n | ``hidden losses`` | cards relative seat ``r`` lost to a Fox unseen by others / the Fox cards |
| n | ``held`` | cards relative seat ``r`` holds / D |
| K | ``aside`` | Traps set aside this turn, per kind / the kind's cards |
| 12 | ``types`` | the type is in play |
| 4 | ``phase`` | move, fox, pass, over (one-hot) |
| n | ``to move`` | the relative seat to decide (all 0 once over) |
| 1 | ``stack`` | cards in the draw stack / D |
| 1 | ``turn`` | moves made / the most a game can have (``n (D + 1)``) |

For the viewer itself ``collected`` is its exact collection (it knows its Fox losses); for the
others it counts every card they were seen to get, some of which a Fox may have taken since.
That is ``W K + (W + 1) n + 2 n^2 + n K + 3 n + K + 18`` entries (488 with 2 seats, 1,680
with 6).
``observation_layout`` gives the same table with offsets.

Returns: win shares (1 for the winner, 1/k each for k sharing a tie no tie-break settles), which
sum to 1 (FF-50, FF-51).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ...core.encoding import Catalogue, FloatBuffer, Layout, float32
from ...core.game import TERMINAL, State
from .actions import LEAVE, LOSE_ASIDE, MOVES, PASS_TRAPS, lose
from .rules import (
    FIRST_GAME,
    HIDDEN_LOSS,
    PATH_AHEAD,
    PHASE_NAMES,
    REMOVED_PER_PLAYER,
    TYPES_IN_PLAY,
)
from .scoring import FOX, TRAP, TYPES

if TYPE_CHECKING:
    from .game import FancyFeathersGame
    from .state import FancyFeathersState


def _deck(game: FancyFeathersGame) -> int:
    """The most cards a game deals onto the Path: the largest types in play, less the cards
    removed per player."""
    sizes = sorted(len(cards) for cards in game.type_cards)
    return sum(sizes[-TYPES_IN_PLAY:]) - REMOVED_PER_PLAYER * game.num_players


def _in_play(game: FancyFeathersGame, kind: int, deck: int) -> int:
    """The most cards of type ``kind`` a game lays: its cards, at most ``deck``, when the type
    may be in play (any type when they are drawn at random, FF-08, ruling FF-R02), else 0."""
    if game.types == "random":
        may = True
    else:
        names = FIRST_GAME if game.types == "first-game" else game.types
        may = TYPES[kind] in names
    return min(len(game.type_cards[kind]), deck) if may else 0


def max_length(game: FancyFeathersGame) -> int:
    """The most decisions of one game of ``game``'s configuration (see the module docstring):
    ``n (D + 1) + R + X`` for ``n`` players, ``D`` cards (``_deck``), ``R`` Trap and ``X`` Fox
    cards in play (FF-10, FF-26, FF-27, FF-34, FF-35, FF-37, FF-42; ruling FF-R10).
    ``GameSpec.max_length`` and ``max_game_length``."""
    n, deck = game.num_players, _deck(game)
    return n * (deck + 1) + _in_play(game, TRAP, deck) + _in_play(game, FOX, deck)


class FancyFeathersEncoding(Catalogue):
    """The research encoding of one Fancy Feathers configuration (module docstring).

    Args:
        game: the ``FancyFeathersGame``.
    """

    def __init__(self, game: FancyFeathersGame) -> None:
        n = self.seats = game.num_players
        pairs = list(zip(game.ctype, game.cvalue, strict=True))
        kinds = sorted(set(pairs))
        self._kind_of_card = [kinds.index(pair) for pair in pairs]
        k = len(kinds)
        reach = self.max_move = PATH_AHEAD * n
        layout = Layout()
        layout.add("move", reach, "move 1 .. move 5n (id = distance - 1)")
        layout.add("leave", 1, "leave")
        layout.add("pass traps", 1, "pass traps")
        layout.add("lose aside", 1, "lose set-aside trap")
        layout.add("lose", k, "lose TYPE[:VALUE] (id = 5n + 3 + kind)")
        loses = [lose(t, v) for t, v in kinds]
        super().__init__([*MOVES[1 : reach + 1], LEAVE, PASS_TRAPS, LOSE_ASIDE, *loses], layout)
        deck = _deck(game)
        width = self.path_slots = 2 * PATH_AHEAD * n
        self._kind_total = [0] * k
        for kind in self._kind_of_card:
            self._kind_total[kind] += 1
        self._aside_step = [float32(1 / count) if count else 0.0 for count in self._kind_total]
        self._fox_total = len(game.type_cards[FOX])
        obs = Layout()
        self._path = obs.add("path", width * k, "slot i (1..W) holds kind k")
        self._discs = obs.add("discs", (width + 1) * n, "relative seat r's disc is at slot i")
        self._order = obs.add("order", n * n, "relative seat r is j-th from behind")
        self._left = obs.add("left", n * n, "relative seat r left the Path j-th")
        self._collected = obs.add("collected", n * k, "kind k collected by relative seat r")
        self._hidden = obs.add("hidden losses", n, "unseen Fox losses of relative seat r")
        self._held = obs.add("held", n, "cards held by relative seat r / D")
        self._aside = obs.add("aside", k, "Traps set aside, per kind")
        self._types = obs.add("types", len(TYPES), "the type is in play")
        self._phase = obs.add("phase", len(PHASE_NAMES), "move, fox, pass, over")
        self._to_move = obs.add("to move", n, "relative seat to decide")
        self._stack = obs.add("stack", 1, "cards in the draw stack / D")
        self._turn = obs.add("turn", 1, "moves made / n (D + 1)")
        self.set_tensor(obs)
        self._kinds = k
        self._deck = deck
        self._phases = {name: i for i, name in enumerate(PHASE_NAMES)}
        self._type_index = {name: i for i, name in enumerate(TYPES)}
        self.max_game_length = max_length(game)
        self._turn_scale = 1.0 / (n * (deck + 1))
        self.returns_bounds = (0.0, 1.0)
        self.returns_sum: float | None = 1.0

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        """Write the tensor of ``obs`` (module docstring). Raises ``ValueError`` if a disc or
        the Path lies outside the window the bounds allow (a position no game reaches)."""
        path = obs["path"]
        discs = obs["discs"]
        seen = []
        for entry in obs["players"]:
            if "held" in entry:
                seen.append((entry["held"], 0, entry["count"]))
            else:  # a lost set-aside Trap was never got; a Fox loss unseen by others is None
                history = entry["history"]
                got = [card for what, card in history if what == "got" and card is not None]
                hidden = sum(1 for _, card in history if card is None)
                seen.append((got, hidden, entry["count"]))
        self._fill(
            out,
            obs["player"],
            [entry["card"] for entry in path],
            path[0]["label"] if path else 0,
            discs["positions"],
            discs["order"],
            discs["left"],
            seen,
            obs["aside"],
            [self._type_index[name] for name in obs["types"]],
            self._phases[obs["phase"]],
            obs["current_player"],
            obs["stack"],
            obs["turn"],
        )

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """``encode_observation(state.observation(player), out)`` without building the
        observation: the same fields read from the state (``FancyFeathersState.observation``:
        the seat's own cards, every seat's once the game is over, else what everyone saw of a
        seat: the cards it got and how many it lost to a Fox unseen)."""
        ff = cast("FancyFeathersState", state)
        ff.check_player(player)
        over = ff.mover == TERMINAL
        seen = []
        for q, held in enumerate(ff.held):
            if q == player or over:
                seen.append((held, 0, len(held)))
            else:
                log = ff.log[q]
                got = [entry for entry in log if entry >= 0]
                seen.append((got, log.count(HIDDEN_LOSS), len(held)))
        self._fill(
            out,
            player,
            ff.path,
            ff.rear,
            ff.pos,
            ff.order,
            ff.left,
            seen,
            ff.aside,
            ff.types,
            ff.phase,
            ff.mover,
            len(ff.stack),
            ff.turn,
        )

    def _fill(
        self,
        out: FloatBuffer,
        me: int,
        path: list[int],
        rear: int,
        positions: list[int],
        order: list[int],
        left: list[int],
        seen: list[tuple[list[int], int, int]],
        aside: list[int],
        types: list[int],
        phase: int,
        current: int,
        stack: int,
        turn: int,
    ) -> None:
        """Write the tensor of one view given its parts: the Path's cards from the rear and
        the rear's label, the discs, per seat ``(cards seen got, unseen Fox losses, cards
        held)``, the set-aside Traps, the types' indices, the phase's index and the counts."""
        n, k = self.seats, self._kinds
        kind_of = self._kind_of_card
        total = self._kind_total
        if len(path) > self.path_slots:
            raise ValueError(f"the Path holds {len(path)} cards, more than {self.path_slots}")
        at = self._path
        for card in path:
            out[at + kind_of[card]] = 1.0
            at += k
        rear_slot = 1 - rear if path else 0  # slot of label L: L - rear + 1 (0: start space)
        for seat, label in enumerate(positions):
            if label < 0:
                continue
            slot = label + rear_slot if path else 0
            if not 0 <= slot <= self.path_slots:
                raise ValueError(f"seat {seat}'s disc at label {label} is off the Path's window")
            out[self._discs + slot * n + (seat - me) % n] = 1.0
        for j, seat in enumerate(order):
            out[self._order + ((seat - me) % n) * n + j] = 1.0
        for j, seat in enumerate(left):
            out[self._left + ((seat - me) % n) * n + j] = 1.0
        for seat, (got, hidden, count) in enumerate(seen):
            r = (seat - me) % n
            counts = [0] * k
            for c in got:
                counts[kind_of[c]] += 1
            row = self._collected + r * k
            for kind, number in enumerate(counts):
                if number:
                    out[row + kind] = number / total[kind]
            out[self._hidden + r] = hidden / self._fox_total
            out[self._held + r] = count / self._deck
        for c in aside:
            out[self._aside + kind_of[c]] += self._aside_step[kind_of[c]]
        for t in types:
            out[self._types + t] = 1.0
        out[self._phase + phase] = 1.0
        if current >= 0:
            out[self._to_move + (current - me) % n] = 1.0
        out[self._stack] = stack / self._deck
        out[self._turn] = min(1.0, turn * self._turn_scale)
