"""Featherlight for learning libraries: the action catalogue, the observation tensor, the game
length and the bounds of ``returns()`` (the ``Encoding`` protocol of ``core.encoding``).

Action catalogue (428 ids, the same for every configuration and content file; stacks are 0-5
here, 1-6 in text):

| ids | action | id of |
|---|---|---|
| 0-1 | ``draw 1``, ``draw 2`` (FL-20) | ``pile`` |
| 2-7 | ``take 1`` .. ``take 6`` (FL-25) | ``2 + stack`` |
| 8-427 | ``put C on S`` (FL-22, FL-26) | ``8 + (C - 1) * 6 + stack`` |

Observation tensor: flat, every entry in [0, 1], computed from ``state.observation(player)``
only. Seats are relative to the viewer: seat ``r`` is the one ``r`` places after it in seat order
(``r = (seat - player) mod n``), so the viewer is always seat 0. With ``n`` seats, 70 cards:

| entries | name | meaning |
|---|---|---|
| 70 | ``hand`` | card ``c`` (index ``c - 1``) is in the viewer's hand |
| 6 x 70 | ``top`` | card ``c`` is the exposed top card of stack ``s`` (index ``s * 70 + c - 1``) |
| 70 | ``covered`` | card ``c`` lies covered in the nest |
| (n - 1) x 70 | ``known`` | card ``c`` is known in the hand of relative seat ``r`` (FL-25) |
| 70 | ``taken`` | card ``c`` is the card the player to move took this turn |
| 7 | ``hand colours`` | cards of each colour in the viewer's hand / 6 |
| 7 | ``nest colours`` | exposed nest cards of each colour / 6 |
| 6 | ``heights`` | cards in each stack / 70 |
| 6 | ``taken from`` | the stack the card was taken from this turn (one-hot) |
| 3 | ``phase`` | choose, put, over (one-hot) |
| n | ``to move`` | the relative seat to decide (all 0 once over) |
| n | ``starter`` | the relative seat that started |
| n - 1 | ``mid-turn`` | relative seat 1..n-1 holds six cards (in the middle of its turn) |
| 2 | ``piles`` | cards in draw pile 1 and 2 / the larger pile at the deal |
| 1 | ``wind`` | cards in the solo wind stack / 21 (0 with 2-4 players) |
| 1 | ``turn`` | completed turns / the turn cap (``max_turns``; solo: 21; no cap: 300), at most 1 |

That is ``70 * (n + 8) + 3 * n + 32`` entries (738 with two seats). ``observation_layout``
gives the same table with offsets.

Game length: a turn is two decisions (FL-14). With 2-4 players a game lasts at most
``max_turns`` turns (ruling FL-R10; no bound when ``max_turns`` is 0: a game of takes only never
empties a pile). Solo: every turn but the last blows one of the 21 wind cards, and the game ends
once the wind stack is empty (FL-106, FL-111), so at most 21 turns (or ``max_turns`` if lower).

Returns: 2-4 players, win shares (1 for a sole winner, 1/k each for k sharing; they sum to 1,
FL-44..FL-46); solo, the score, between the bounds of ``scoring.hand_score_bounds`` for the
content's cards (0 to 278 for the shipped cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.encoding import Catalogue, FloatBuffer, Layout
from ...core.game import TERMINAL, State
from .actions import DRAWS, PUTS, TAKES
from .content import NEST_STACKS, NUM_CARDS
from .game import DEFAULT_MAX_TURNS
from .rules import WIND_STACK, deal
from .scoring import COLOURS, hand_score_bounds

if TYPE_CHECKING:
    from .game import FeatherlightGame
    from .state import FeatherlightState

_PHASES = {"choose": 0, "put": 1, "over": 2}  # CHOOSE and PUT of ``rules``, then over
_OVER = _PHASES["over"]
_NUM_COLOURS = len(COLOURS)


def _action_layout() -> Layout:
    layout = Layout()
    layout.add("draw", len(DRAWS), "draw 1, draw 2 (id = pile)")
    layout.add("take", len(TAKES), "take 1-6 (id = 2 + stack)")
    layout.add("put", NUM_CARDS * NEST_STACKS, "put C on S (id = 8 + (C - 1) * 6 + stack)")
    return layout


def _turns(game: FeatherlightGame) -> int | None:
    """The most turns of a game: the turn cap, and in solo the wind stack's cards (FL-108) if
    fewer; None for a game of 2-4 players without a cap."""
    cap = game.max_turns
    if game.solo:
        return min(cap, WIND_STACK) if cap else WIND_STACK
    return cap or None


def max_length(game: FeatherlightGame) -> int | None:
    """The most decisions of one game of ``game``'s configuration: two per turn (choose, put),
    ``_turns`` turns; None when nothing bounds it (no turn cap, 2-4 players).
    ``GameSpec.max_length`` and ``max_game_length``."""
    turns = _turns(game)
    return 2 * turns if turns else None


class FeatherlightEncoding(Catalogue):
    """The research encoding of one Featherlight configuration (module docstring).

    Args:
        game: the ``FeatherlightGame``.
    """

    def __init__(self, game: FeatherlightGame) -> None:
        actions = [*DRAWS, *TAKES] + [PUTS[c][s] for c in range(1, NUM_CARDS + 1) for s in range(6)]
        super().__init__(actions, _action_layout())
        self.game = game
        n = self.seats = game.num_players
        obs = Layout()
        cards = NUM_CARDS
        self._hand = obs.add("hand", cards, "card c (index c - 1) is in the viewer's hand")
        self._top = obs.add(
            "top", NEST_STACKS * cards, "card c is the top of stack s (index s * 70 + c - 1)"
        )
        self._covered = obs.add("covered", cards, "card c lies covered in the nest")
        self._known = obs.add(
            "known", (n - 1) * cards, "card c is known in the hand of relative seat r (1..n-1)"
        )
        self._taken = obs.add("taken", cards, "card c is the card taken this turn")
        self._hand_colours = obs.add("hand colours", len(COLOURS), "hand cards per colour / 6")
        self._nest_colours = obs.add("nest colours", len(COLOURS), "exposed cards per colour / 6")
        self._heights = obs.add("heights", NEST_STACKS, "cards in each stack / 70")
        self._taken_from = obs.add("taken from", NEST_STACKS, "stack taken from this turn")
        self._phase = obs.add("phase", len(_PHASES), "choose, put, over")
        self._to_move = obs.add("to move", n, "relative seat to decide")
        self._starter = obs.add("starter", n, "relative seat that started")
        self._mid_turn = obs.add("mid-turn", n - 1, "relative seat 1..n-1 holds six cards")
        self._piles = obs.add("piles", 2, "cards in each draw pile / the larger pile at the deal")
        self._wind = obs.add("wind", 1, "cards in the wind stack / 21")
        self._turn = obs.add("turn", 1, "completed turns / the turn cap, at most 1")
        self.set_tensor(obs)
        start = deal(game, 0)  # the sizes of the deal do not depend on the seed
        self._pile_scale = 1.0 / max(len(p) for p in start["piles"])
        self._colour = game.cards.colour
        self.max_game_length = max_length(game)
        self._turn_scale = 1.0 / (_turns(game) or DEFAULT_MAX_TURNS)
        if game.solo:
            lo, hi = hand_score_bounds(game.rules)
            self.returns_bounds = (float(lo), float(hi))
            self.returns_sum: float | None = None
        else:
            self.returns_bounds = (0.0, 1.0)
            self.returns_sum = 1.0

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        hands = obs["hands"]
        self._fill(
            out,
            obs["player"],
            obs["hand"],
            obs["nest"],
            [entry["known"] for entry in hands],
            [entry["size"] for entry in hands],
            obs["taken"],
            obs["taken_from"],
            _PHASES[obs["phase"]],
            obs["current_player"],
            obs["starter"],
            obs["piles"],
            obs["wind"],
            obs["turn"],
        )

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """``encode_observation(state.observation(player), out)`` without building the
        observation: the same fields read from the state (``FeatherlightState.observation``:
        the seat's own hand, the others' known cards, every hand once the game is over).
        Raises ``ValueError`` for a seat that does not exist.

        The cards are written by ``_cards``, as for ``_fill``; the rest is written here from
        the state's fields (``_fill`` writes the same entries from the observation's): building
        ``_fill``'s arguments was a fifth of a call, and this runs on every decision of every
        adapter."""
        fl: FeatherlightState = state  # type: ignore[assignment]  # no cast(): hot path
        n = self.seats
        if type(player) is not int or not 0 <= player < n:
            fl.check_player(player)  # ValueError, or a NumPy integer that is a seat
            player = int(player)
        hands = fl.hands
        current = fl.player
        over = current == TERMINAL
        self._cards(out, hands[player], fl.nest)
        known_cards = hands if over else fl.known
        known, mid_turn = self._known - NUM_CARDS - 1, self._mid_turn - 1
        for seat in range(n):
            r = (seat - player) % n
            if r:
                base = known + r * NUM_CARDS
                for c in known_cards[seat]:
                    out[base + c] = 1.0
                if len(hands[seat]) > 5:
                    out[mid_turn + r] = 1.0
        taken = fl.taken
        if taken:
            out[self._taken - 1 + taken] = 1.0
        taken_from = fl.taken_from
        if taken_from >= 0:
            out[self._taken_from + taken_from] = 1.0
        out[self._phase + (_OVER if over else fl.phase)] = 1.0
        if current >= 0:
            out[self._to_move + (current - player) % n] = 1.0
        out[self._starter + (fl.starter - player) % n] = 1.0
        piles = fl.piles
        out[self._piles] = len(piles[0]) * self._pile_scale
        out[self._piles + 1] = len(piles[1]) * self._pile_scale
        out[self._wind] = len(fl.wind) / WIND_STACK
        out[self._turn] = min(1.0, fl.turn * self._turn_scale)

    def _cards(self, out: FloatBuffer, hand: list[int], nest: list[list[int]]) -> None:
        """Write the seat's hand, the nest's stacks (heights, top cards, covered cards) and
        the colour counts of the hand and of the nest's top cards."""
        colour = self._colour
        hand_base = self._hand - 1
        hand_colours = [0] * _NUM_COLOURS
        for c in hand:
            out[hand_base + c] = 1.0
            hand_colours[colour[c]] += 1
        nest_colours = [0] * _NUM_COLOURS
        top, covered, heights = self._top - 1, self._covered - 1, self._heights
        for s, stack in enumerate(nest):
            if stack:
                out[heights + s] = len(stack) / NUM_CARDS
                last = stack[-1]
                out[top + s * NUM_CARDS + last] = 1.0
                nest_colours[colour[last]] += 1
                for c in stack[:-1]:
                    out[covered + c] = 1.0
        at = self._hand_colours
        for count in hand_colours:
            if count:
                out[at] = count / 6
            at += 1
        at = self._nest_colours
        for count in nest_colours:
            if count:
                out[at] = count / 6
            at += 1

    def _fill(
        self,
        out: FloatBuffer,
        me: int,
        hand: list[int],
        nest: list[list[int]],
        known_cards: list[list[int]],
        sizes: list[int],
        taken: int,
        taken_from: int,
        phase: int,
        current: int,
        starter: int,
        piles: list[int],
        wind: int,
        turn: int,
    ) -> None:
        """Write the tensor of one view given its parts (the observation's fields)."""
        n = self.seats
        self._cards(out, hand, nest)
        known, mid_turn = self._known - NUM_CARDS - 1, self._mid_turn - 1
        for seat in range(n):
            r = (seat - me) % n
            if r:
                base = known + r * NUM_CARDS
                for c in known_cards[seat]:
                    out[base + c] = 1.0
                if sizes[seat] > 5:
                    out[mid_turn + r] = 1.0
        if taken:
            out[self._taken - 1 + taken] = 1.0
        if taken_from >= 0:
            out[self._taken_from + taken_from] = 1.0
        out[self._phase + phase] = 1.0
        if current >= 0:
            out[self._to_move + (current - me) % n] = 1.0
        out[self._starter + (starter - me) % n] = 1.0
        out[self._piles] = piles[0] * self._pile_scale
        out[self._piles + 1] = piles[1] * self._pile_scale
        out[self._wind] = wind / WIND_STACK
        out[self._turn] = min(1.0, turn * self._turn_scale)
