"""Isle of Feathers for learning libraries: an action catalogue that does not grow with the
board, the observation tensor, the game length and the bounds of ``returns()`` (the
``Encoding`` protocol of ``core.encoding``).

Cells without coordinates. The island can split and wander (Burrow turns Sand into ocean and
Mound raises ocean next to any part, IS-58..IS-60, ruling IS-R16), so no fixed window of the
board holds every reachable island. Instead the catalogue numbers cells relative to the
island's *anchors*: the spaces holding a tile or a token (``state.cells``; the observation's
``island``, in the same order), sorted by ``(q, r)``. Every action's cell is an anchor or a
neighbour of one: tiles, Vegetation, placements, Flock, Burrow and Plant go on land, Replant
lifts a Vegetation token, and a new Sand, Mound's ocean and Shoo's bird are next to land
(IS-20, IS-56, IS-60). A *cell reference* is ``anchor * 7 + d``: the anchor itself (``d = 0``)
or its neighbour in axial direction ``d - 1`` of ``hexgrid.NEIGHBOURS``; a cell takes its own
anchor's reference if it is one, else the smallest reference that reaches it. Shoo is numbered
from its target (a land anchor) and the direction to the bird's space.

How many anchors (proof): every land space has exactly one Sand tile at its bottom (Sand lies on
the ocean, everything else on Sand or above, IS-18; Mound raises ocean into Sand, IS-60), so
there are at most ``S`` land spaces, the Sand tiles of the content (IS-29); an ocean space is an
anchor only while a Vegetation token lies on it (IS-58; bird tokens on the ocean are not
anchors), at most ``V``, the Vegetation tokens. So ``A = S + V`` anchors (34 for the shipped
content: 16 Sand, 18 Vegetation), whatever the island's position or shape.

Action catalogue, with ``A`` anchors, ``R = 7A`` cell references, 52 birds and the content's
``P`` Flight Path slots (5,129 ids for the shipped content):

| ids | action | id of |
|---|---|---|
| R | ``tile Q,R`` (IS-11) | cell reference |
| A | ``veg Q,R`` (IS-12) | anchor |
| 52 A | ``place N at Q,R`` (IS-13) | ``(N - 1) * A + anchor`` |
| 52 A | ``flock N at Q,R`` (IS-55) | ``(N - 1) * A + anchor`` |
| R | ``mound Q,R`` (IS-51) | cell reference |
| A | ``burrow Q,R`` (IS-52) | anchor |
| A | ``replant Q,R`` (IS-53) | anchor |
| A | ``plant Q,R`` (IS-53) | anchor |
| 4 x A x 6 | ``shoo C Q,R to Q,R`` (IS-56) | ``(C * A + target) * 6 + direction to the bird`` |
| 52 | ``discard N`` (IS-14) | ``N - 1`` |
| 52 | ``pass N`` (IS-10) | ``N - 1`` |
| 52 | ``release N`` (IS-70) | ``N - 1`` |
| P | ``take S`` (IS-42) | ``slot`` |
| 5 | ``draw blind``, ``end``, ``flit``, ``stamina``, ``skip`` | |

Observation tensor: flat, every entry in [0, 1], computed from ``state.observation(player)``
only; seats (and bird colours) relative to the viewer (``r = (seat - player) mod n``). Per
anchor slot ``a`` (``A`` slots, in anchor order, ``36 + n`` entries each): present; height
one-hot (ocean, Sand, Grass, Cliff, double cliff, taller); height / the tallest possible;
Vegetation; birds of each relative colour / Bird tokens per colour; the Vegetation token being
replanted lies here; per direction (6 x 4): the neighbour is land, its height / the tallest,
its Vegetation, birds there / all Bird tokens; and the anchor's offset from anchor 0,
``0.5 + dq / 2A`` and ``0.5 + dr / 2A`` clipped to [0, 1]. Per bird card (52 rows of
``3n + P + 3``): in the viewer's hand; known to be in relative seat ``r``'s hand (n - 1); on
Flight Path slot ``s`` (P); in the Discard pile; placed by relative seat ``r`` (n); may be in the
Draw pile as everyone sees it (``pool``); the viewer saw it leave that pool (``gone``); relative
seat ``r`` knows it is in the viewer's hand (n - 1); its ability is being used. Then: the phase
(main, draw, ability, plant, release, over); the relative seat to move and the starter (n each);
actions left and taken this turn / 20; the turn / the turn cap; the supply's tiles per kind,
Vegetation and Ability tokens per kind, each / its total; every seat's Ability tokens per kind /
the kind's total; the Stamina pool / the Flit tokens; the Draw, Migration and box piles / 52;
hand sizes / 10; the pending ability (6, or none); cards owed and blind draws owed / 4; the
endgame started, and its turns left / n; reshuffles / 10; the scores / the most points ``B``
birds can score. ``observation_layout`` names every segment.

Game length: ``max_length`` of ``length`` (its module docstring has the proof), imported here.

Returns: 2-4 players, win shares summing to 1 (IS-66, ruling IS-R12); solo, the score, from 0
to the points of the ``B`` best birds.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...core.encoding import FlatTensor, FloatBuffer, Layout, check_id, float32
from ...core.game import TERMINAL, Action, State
from .actions import (
    DISCARD,
    DRAW_BLIND,
    END,
    FLIT_ACTION,
    FLOCK_AT,
    LOWER,
    PASS,
    PLACE,
    PLANT_AT,
    RAISE,
    RELEASE_CARD,
    SHOO_MOVE,
    SKIP,
    STAMINA,
    TAKES,
    TILE,
    UPROOT,
    VEGETATION,
    AddTile,
    AddVegetation,
    Discard,
    Flock,
    Lower,
    PassCard,
    Place,
    Plant,
    Raise,
    Release,
    Shoo,
    TakeFaceUp,
    Uproot,
)
from .content import ABILITIES, COLOURS, FLIT, NUM_BIRDS
from .hexgrid import NEIGHBOUR_OFFSETS, NEIGHBOURS, OFFSET, STRIDE
from .island import island as island_of
from .length import max_length
from .rules_phases import MAX_TURN_ACTIONS, PHASES
from .rules_solo import MIGRATION_PILE

if TYPE_CHECKING:
    from .game import IsleGame
    from .state import IsleState

_DIRECTIONS = len(NEIGHBOURS)
_REF = _DIRECTIONS + 1  # a cell reference: the anchor itself or one of its six neighbours
_DIRS = tuple(enumerate(NEIGHBOUR_OFFSETS, 1))  # (d, offset) of the references d = 1..6
_WORDS = (DRAW_BLIND, END, FLIT_ACTION, STAMINA, SKIP)
_PHASES = (*PHASES, "over")
_TALLEST_ONE_HOT = 5  # heights 0-4 one-hot, then "taller"


def _card(action: Any) -> int:
    """The bird card of ``action`` (1-52); ``ValueError`` otherwise."""
    card = action.card
    if type(card) is not int or not 1 <= card <= NUM_BIRDS:
        raise ValueError(f"{action!r} has no id in the action catalogue")
    return card


_Block = tuple[dict[int, int], dict[int, tuple[int, ...]], int, "array[float]"]
"""The anchor slots' entries of one viewer with what they were made of: the cells, the birds,
the lifted key, the entries."""


class _Anchors:
    """The island's anchors as the encoding numbers them: the keys sorted, their index, the
    cell references found so far (``refs``: cell -> the anchor's own for an anchor, else the
    smallest that reaches the cell, as ``IsleEncoding._ref``; filled by ``ref``), and the anchor
    slots' entries last encoded for each viewer (``blocks``). Kept per island version
    (``island.Island.encoded``; a version's cells never change) and handed on to the next
    version whose anchors are the same keys (``IsleEncoding._anchors_of``)."""

    __slots__ = ("encoding", "anchors", "index", "refs", "blocks")

    def __init__(self, encoding: IsleEncoding, anchors: list[int]) -> None:
        self.encoding = encoding
        self.anchors = anchors
        if len(anchors) > encoding.anchors:
            raise ValueError(f"the island has {len(anchors)} anchors, more than {encoding.anchors}")
        self.index = index = {k: i for i, k in enumerate(anchors)}
        self.refs = {k: i * _REF for k, i in index.items()}
        # viewer -> (the cells, the birds, the lifted key, the anchor slots' entries)
        self.blocks: dict[int, _Block] = {}

    def ref(self, cell: int) -> int:
        """The cell reference of ``cell`` (``KeyError`` if no anchor reaches it)."""
        index = self.index
        ref = -1
        for d, off in _DIRS:
            a = index.get(cell - off)
            if a is not None and (ref < 0 or a * _REF + d < ref):
                ref = a * _REF + d
        if ref < 0:
            raise KeyError(cell)
        self.refs[cell] = ref
        return ref


_CARD_TABLES: dict[str, Mapping[int, Action]] = {
    "discard": DISCARD,
    "pass": PASS,
    "release": RELEASE_CARD,
}
_ANCHOR_TABLES: dict[str, Mapping[int, Action]] = {
    "veg": VEGETATION,
    "burrow": LOWER,
    "replant": UPROOT,
    "plant": PLANT_AT,
}
_CELL_TABLES: dict[str, Mapping[int, Action]] = {"tile": TILE, "mound": RAISE}
_CARD_AT_TABLES: dict[str, Mapping[tuple[int, int], Action]] = {"place": PLACE, "flock": FLOCK_AT}
_SHOO_TABLE: Mapping[tuple[int, int, int], Action] = SHOO_MOVE


class IsleEncoding(FlatTensor):
    """The research encoding of one Isle of Feathers configuration (module docstring).

    Args:
        game: the ``IsleGame``.

    Ids depend on the state's anchors (its ``cells``, public): pass the state the action is
    taken in. ``ValueError`` names an action or id the catalogue cannot map in that state.
    """

    def __init__(self, game: IsleGame) -> None:
        self.game = game
        content = game.content
        self.seats = game.num_players
        sand, grass, cliff = content.tiles
        anchors = self.anchors = sand + content.vegetation
        refs = anchors * _REF
        birds = NUM_BIRDS
        slots = self.flight_path = content.flight_path
        layout = Layout()
        self._tile = layout.add("tile", refs, "tile Q,R (id = cell reference)")
        self._veg = layout.add("veg", anchors, "veg Q,R (id = anchor)")
        self._place = layout.add("place", birds * anchors, "place N at Q,R ((N - 1) * A + anchor)")
        self._flock = layout.add("flock", birds * anchors, "flock N at Q,R ((N - 1) * A + anchor)")
        self._mound = layout.add("mound", refs, "mound Q,R (id = cell reference)")
        self._burrow = layout.add("burrow", anchors, "burrow Q,R (id = anchor)")
        self._replant = layout.add("replant", anchors, "replant Q,R (id = anchor)")
        self._plant = layout.add("plant", anchors, "plant Q,R (id = anchor)")
        self._shoo = layout.add(
            "shoo",
            len(COLOURS) * anchors * _DIRECTIONS,
            "shoo C Q,R to Q,R ((colour * A + target anchor) * 6 + direction to the bird)",
        )
        self._discard = layout.add("discard", birds, "discard N (N - 1)")
        self._pass = layout.add("pass", birds, "pass N (N - 1)")
        self._release = layout.add("release", birds, "release N (N - 1)")
        self._take = layout.add("take", slots, "take S (slot)")
        self._words = layout.add("words", len(_WORDS), "draw blind, end, flit, stamina, skip")
        self.action_layout = layout
        self._segments = [s for s in layout.segments if s.size]
        self._starts = [s.start for s in self._segments]
        self._tallest = 2 + cliff  # every Cliff of the box on one Grass (IS-24)
        self.num_distinct_actions = len(layout)
        self._encoders = {
            AddTile: self._cell_id(self._tile, reference=True),
            Raise: self._cell_id(self._mound, reference=True),
            AddVegetation: self._cell_id(self._veg),
            Lower: self._cell_id(self._burrow),
            Uproot: self._cell_id(self._replant),
            Plant: self._cell_id(self._plant),
            Place: self._placement_id(self._place),
            Flock: self._placement_id(self._flock),
            Discard: self._card_id(self._discard),
            PassCard: self._card_id(self._pass),
            Release: self._card_id(self._release),
            Shoo: self._shoo_id,
            TakeFaceUp: self._take_id,
            **{type(w): self._word_id(self._words + i) for i, w in enumerate(_WORDS)},
        }
        self._fast = self._fast_encoders()
        self._last_anchors: _Anchors | None = None
        # viewer -> the anchor set and block its tensor last had (encode_state)
        self._last_blocks: dict[int, tuple[_Anchors, _Block]] = {}
        self._observation_layout()
        bird_tokens = game.bird_tokens  # a seat's (ruling IS-R33: every colour's in solo)
        self.max_game_length = max_length(game)
        best = sum(sorted(content.points[1:], reverse=True)[:bird_tokens])
        self._score_scale = 1.0 / max(1, best)
        if game.solo:
            self.returns_bounds = (0.0, float(best))
            self.returns_sum: float | None = None
        else:
            self.returns_bounds = (0.0, 1.0)
            self.returns_sum = 1.0

    # --- actions ------------------------------------------------------------------------------

    def _anchors_of(self, state: State) -> _Anchors:
        """The ``_Anchors`` of ``state``'s island version (found once per version): the last
        one made if the anchors are the same keys (a tile on a tile, Vegetation on land, a
        bird), else a new one."""
        st = cast("IsleState", state)
        facts = island_of(st)
        found: _Anchors | None = facts.encoded
        if found is None or found.encoding is not self:
            anchors = sorted(st.cells)
            last = self._last_anchors
            if last is None or last.anchors != anchors:
                last = self._last_anchors = _Anchors(self, anchors)
            found = facts.encoded = last
        return found

    def _index(self, state: State) -> dict[int, int]:
        return self._anchors_of(state).index

    @staticmethod
    def _ref(index: dict[int, int], action: Any, cell: int) -> int:
        """The cell reference of ``cell``: its own anchor's, else the smallest neighbour's."""
        own = index.get(cell)
        if own is not None:
            return own * _REF
        best = -1
        for d, off in enumerate(NEIGHBOUR_OFFSETS, 1):
            a = index.get(cell - off)
            if a is not None and (best < 0 or a * _REF + d < best):
                best = a * _REF + d
        if best < 0:
            raise ValueError(f"{action}: the cell is neither an anchor nor next to one")
        return best

    @staticmethod
    def _anchor(index: dict[int, int], action: Any, cell: int) -> int:
        own = index.get(cell)
        if own is None:
            raise ValueError(f"{action}: the cell holds no tile or token (not an anchor)")
        return own

    def _cell_id(self, start: int, reference: bool = False) -> Any:
        find = self._ref if reference else self._anchor

        def encode(action: Any, index: dict[int, int]) -> int:
            return start + find(index, action, action.cell)

        return encode

    def _placement_id(self, start: int) -> Any:
        anchors, find = self.anchors, self._anchor

        def encode(action: Any, index: dict[int, int]) -> int:
            return start + (_card(action) - 1) * anchors + find(index, action, action.cell)

        return encode

    @staticmethod
    def _card_id(start: int) -> Any:
        def encode(action: Any, index: dict[int, int]) -> int:
            return start + _card(action) - 1

        return encode

    @staticmethod
    def _word_id(i: int) -> Any:
        return lambda action, index: i

    def _shoo_id(self, action: Any, index: dict[int, int]) -> int:
        target = self._anchor(index, action, action.target)
        step = action.source - action.target
        colour = action.colour
        if step not in NEIGHBOUR_OFFSETS or type(colour) is not int or not 0 <= colour < 4:
            raise ValueError(f"{action!r} has no id in the action catalogue")
        d = NEIGHBOUR_OFFSETS.index(step)
        return self._shoo + (colour * self.anchors + target) * _DIRECTIONS + d

    def _take_id(self, action: Any, index: dict[int, int]) -> int:
        if type(action.slot) is not int or not 0 <= action.slot < self.flight_path:
            raise ValueError(f"{action!r} has no id in the action catalogue")
        return self._take + action.slot

    def action_to_id(self, action: Action, state: State) -> int:
        """The id of ``action`` in ``state`` (its cells relative to ``state``'s anchors)."""
        encode = self._encoders.get(type(action))
        if encode is None:
            raise ValueError(f"{action!r} has no id in the action catalogue")
        try:
            result: int = encode(action, self._index(state))
        except (AttributeError, TypeError):
            raise ValueError(f"{action!r} has no id in the action catalogue") from None
        return result

    def legal_action_ids(self, state: State) -> list[int]:
        found = self._anchors_of(state)
        actions = state.legal_actions()
        fast = self._fast
        tile, veg = self._tile, self._veg
        try:
            refs, index = found.refs, found.index
            ids: list[int] = []
            append = ids.append
            for a in cast("list[Any]", actions):  # the commonest kinds inline
                kind = type(a)
                if kind is AddTile:
                    cell = a.cell
                    ref = refs.get(cell)
                    append(tile + (found.ref(cell) if ref is None else ref))
                elif kind is AddVegetation:
                    append(veg + index[a.cell])
                else:
                    append(fast[kind](a, found))
        except (KeyError, AttributeError, TypeError, ValueError):  # the checking path says why
            index, encoders = found.index, self._encoders
            ids = [encoders[type(a)](a, index) for a in actions]
        ids.sort()
        return ids

    def _fast_encoders(self) -> dict[type, Any]:
        """``legal_action_ids``' encoders: action, ``_Anchors`` -> id, without the checks of
        ``_encoders`` (the engine's legal actions name real cards, and cells the anchors
        reach; anything else raises and the checking path runs)."""

        def refs(start: int) -> Any:
            def encode(action: Any, found: _Anchors) -> int:
                ref = found.refs.get(action.cell)
                return start + (found.ref(action.cell) if ref is None else ref)

            return encode

        def anchor(start: int) -> Any:
            return lambda action, found: start + found.index[action.cell]

        def placement(start: int) -> Any:
            anchors = self.anchors
            return lambda action, found: (
                start + (action.card - 1) * anchors + found.index[action.cell]
            )

        def card(start: int) -> Any:
            return lambda action, found: start + action.card - 1

        def checked(encode: Any) -> Any:
            return lambda action, found: encode(action, found.index)

        fast = {t: checked(encode) for t, encode in self._encoders.items()}
        fast.update(
            {
                AddTile: refs(self._tile),
                Raise: refs(self._mound),
                AddVegetation: anchor(self._veg),
                Lower: anchor(self._burrow),
                Uproot: anchor(self._replant),
                Plant: anchor(self._plant),
                Place: placement(self._place),
                Flock: placement(self._flock),
                Discard: card(self._discard),
                PassCard: card(self._pass),
                Release: card(self._release),
            }
        )
        return fast

    def id_to_action(self, action_id: int, state: State) -> Action:
        """The action of ``action_id`` in ``state``. Raises ``ValueError`` for an id outside
        the catalogue or naming an anchor the island does not have."""
        i = check_id(action_id, self.num_distinct_actions)
        segment = self._segments[bisect_right(self._starts, i) - 1]
        offset = i - segment.start
        name = segment.name
        if name == "words":
            return _WORDS[offset]
        if name == "take":
            return TAKES[offset]
        if name in _CARD_TABLES:
            return _CARD_TABLES[name][offset + 1]
        anchors = self._anchors_of(state).anchors

        def anchor(a: int) -> int:
            if a >= len(anchors):
                raise ValueError(f"action id {i}: the island has no anchor {a} now")
            return anchors[a]

        if name in _CELL_TABLES:
            a, d = divmod(offset, _REF)
            cell = anchor(a) + (NEIGHBOUR_OFFSETS[d - 1] if d else 0)
            return _CELL_TABLES[name][cell]
        if name in _CARD_AT_TABLES:
            card, a = divmod(offset, self.anchors)
            return _CARD_AT_TABLES[name][card + 1, anchor(a)]
        if name == "shoo":
            rest, d = divmod(offset, _DIRECTIONS)
            colour, a = divmod(rest, self.anchors)
            target = anchor(a)
            return _SHOO_TABLE[colour, target + NEIGHBOUR_OFFSETS[d], target]
        return _ANCHOR_TABLES[name][anchor(offset)]

    # --- the observation tensor ---------------------------------------------------------------

    def _observation_layout(self) -> None:
        n, a, slots = self.seats, self.anchors, self.flight_path
        obs = Layout()
        self._per_anchor = 36 + n
        self._per_card = 3 * n + slots + 3
        self._slots = obs.add(
            "anchors", a * self._per_anchor, "per anchor: land, birds, neighbours"
        )
        self._island_size = a * self._per_anchor
        self._blank_slot = array("f", bytes(4 * self._per_anchor))
        self._blank_edge = array("f", bytes(16))
        self._cards = obs.add("cards", NUM_BIRDS * self._per_card, "per bird card: where it is")
        self._phase = obs.add("phase", len(_PHASES), "main, draw, ability, plant, release, over")
        self._to_move = obs.add("to move", n, "relative seat to decide")
        self._starter = obs.add("starter", n, "relative seat that started")
        self._actions = obs.add("actions", 2, "actions left and taken this turn / 20")
        self._turn = obs.add("turn", 1, "the turn / the turn cap")
        self._supply = obs.add("supply", 3 + 1 + len(ABILITIES), "tiles, Vegetation, tokens")
        self._tokens = obs.add("tokens", n * len(ABILITIES), "Ability tokens of each seat")
        self._piles = obs.add("piles", 4, "Stamina pool, Draw, Migration and box piles")
        self._hands = obs.add("hand sizes", n, "cards in each relative seat's hand / 10")
        self._pending = obs.add("pending", len(ABILITIES) + 1, "the ability being used, or none")
        self._owed = obs.add("owed", 2, "cards owed and blind draws owed / 4")
        self._end = obs.add("endgame", 2, "the endgame started; its turns left / n")
        self._reshuffles = obs.add("reshuffles", 1, "reshuffles / 10")
        self._scores = obs.add("scores", n, "each relative seat's points / the most possible")
        self.set_tensor(obs)
        content = self.game.content
        self._turn_cap = self.game.max_turns or 200
        self._tile_totals = content.tiles
        self._veg_total = max(1, content.vegetation)
        self._token_totals = [max(1, count) for count in content.ability_tokens]

    def encode_observation(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        """Write the tensor of ``obs`` (module docstring). Raises ``ValueError`` for an island
        with more anchors than the bound allows (a position no game reaches)."""
        me = obs["player"]
        island = obs["island"]
        if len(island) > self.anchors:
            raise ValueError(f"the island has {len(island)} anchors, more than {self.anchors}")
        land = {(q + OFFSET) * STRIDE + r + OFFSET: h * 2 + v for q, r, h, v in island}
        birds = {(q + OFFSET) * STRIDE + r + OFFSET: seats for q, r, seats in obs["birds"]}
        replant = obs["replant_from"]
        lifted = (replant[0] + OFFSET) * STRIDE + replant[1] + OFFSET if replant else -1
        self._encode_island(me, list(land), land, birds, lifted, out, self._slots)
        self._encode_rest(obs, out)

    def encode_state(self, state: State, player: int, out: FloatBuffer) -> None:
        """``encode_observation(state.observation(player), out)`` without building the
        observation: the island from the state's ``cells`` and ``birds`` (the observation's
        ``island`` and ``birds``, in the same key order) and the rest from the fields
        ``IsleState.observation`` shows this seat (its hand, what it knows of other hands and
        they of its, its view of the Draw pile, the counts)."""
        st = cast("IsleState", state)
        st.check_player(player)
        found = self._anchors_of(st)
        birds, lifted = st.birds, st.replant_from
        # The anchor slots change only with the cells, the birds or the lifted token: kept per
        # anchor set and viewer as float32, copied into a float32 memoryview (the adapters',
        # ``rl.common.writable``) when they match (equal inputs, equal entries)
        cells = st.cells
        view: Any = out
        if type(view) is not memoryview or view.format != "f":  # a list keeps doubles: no block
            self._encode_island(player, found.anchors, cells, birds, lifted, out, self._slots)
            self._encode_rest_state(st, player, out)
            return
        # Else they are brought up to date from the viewer's last block (``_update_island``):
        # this anchor set's, or the last one's when the first anchor is the same
        blocks = found.blocks
        kept = blocks.get(player)
        if kept is None:
            last = self._last_blocks.get(player)
            anchors = found.anchors
            if last is not None and anchors and last[0].anchors[0] == anchors[0]:
                block = self._update_island(player, found, last[0], last[1], cells, birds, lifted)
            else:
                block = array("f", bytes(4 * self._island_size))
                self._encode_island(player, anchors, cells, birds, lifted, block, 0)
            blocks[player] = kept = (dict(cells), dict(birds), lifted, block)
        elif kept[2] != lifted or kept[1] != birds or kept[0] != cells:
            self._update_island(player, found, found, kept, cells, birds, lifted)
            blocks[player] = kept = (dict(cells), dict(birds), lifted, kept[3])
        self._last_blocks[player] = (found, kept)
        start = self._slots
        view[start : start + self._island_size] = kept[3]
        self._encode_rest_state(st, player, out)

    def _encode_rest_state(self, st: IsleState, me: int, out: FloatBuffer) -> None:
        """``_encode_rest`` of seat ``me``'s observation, read from the state's fields
        (``IsleState.observation``): the same entries, written in the same order."""
        n = self.seats
        # the cards (``_encode_cards``)
        per, path_slots = self._per_card, self.flight_path
        base = self._cards - per  # card N's row starts at base + N * per
        for c in st.hands[me]:
            out[base + c * per] = 1.0
        known, placed = st.known, st.placed
        for seat in range(n):
            r = (seat - me) % n
            if r:
                for c in known[me][seat]:
                    out[base + c * per + r] = 1.0
                column = 2 * n + path_slots + 2 + r
                for c in known[seat][me]:
                    out[base + c * per + column] = 1.0
            column = n + path_slots + 1 + r
            for c in placed[seat]:
                out[base + c * per + column] = 1.0
        for slot, c in enumerate(st.path):
            if c:
                out[base + c * per + n + slot] = 1.0
        column = n + path_slots
        for c in st.discard:
            out[base + c * per + column] = 1.0
        column = 2 * n + path_slots + 1
        for c in st.pool:
            out[base + c * per + column] = 1.0
        column = 2 * n + path_slots + 2
        for c in st.gone[me]:
            out[base + c * per + column] = 1.0
        if st.pending_card:
            out[base + st.pending_card * per + per - 1] = 1.0
        # the counts (``_encode_rest``)
        current = st.player
        over = current == TERMINAL
        out[self._phase + (len(PHASES) if over else st.phase)] = 1.0
        if current >= 0:
            out[self._to_move + (current - me) % n] = 1.0
        out[self._starter + (st.starter - me) % n] = 1.0
        out[self._actions] = min(1.0, st.actions_left / MAX_TURN_ACTIONS)
        out[self._actions + 1] = min(1.0, st.turn_actions / MAX_TURN_ACTIONS)
        out[self._turn] = min(1.0, st.turn / self._turn_cap)
        at = self._supply
        for count, total in zip(st.supply, self._tile_totals, strict=True):
            out[at] = count / total if total else 0.0
            at += 1
        out[self._supply + 3] = st.veg_supply / self._veg_total
        kinds = self._token_totals
        at = self._supply + 4
        for i, count in enumerate(st.token_supply):
            out[at + i] = count / kinds[i]
        for seat, held in enumerate(st.tokens):
            row = self._tokens + ((seat - me) % n) * len(ABILITIES)
            for i, count in enumerate(held):
                out[row + i] = count / kinds[i]
        out[self._piles] = st.stamina / kinds[FLIT]
        out[self._piles + 1] = len(st.draw) / NUM_BIRDS
        out[self._piles + 2] = min(1.0, len(st.migration) / MIGRATION_PILE)
        out[self._piles + 3] = len(st.box) / NUM_BIRDS
        for seat, hand in enumerate(st.hands):
            out[self._hands + (seat - me) % n] = min(1.0, len(hand) / 10)
        pending = st.pending
        out[self._pending + (pending if pending >= 0 else len(ABILITIES))] = 1.0
        out[self._owed] = min(1.0, st.draws / 4)
        out[self._owed + 1] = min(1.0, st.blind_draws / 4)
        if st.end_turn >= 0:
            out[self._end] = 1.0
            out[self._end + 1] = min(1.0, max(0, st.end_turn - st.turn + 1) / n)
        out[self._reshuffles] = min(1.0, st.reshuffles / 10)
        scale = self._score_scale
        for seat, score in enumerate(st.scores()):
            out[self._scores + (seat - me) % n] = min(1.0, score * scale)

    def _encode_rest(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        """Everything but the island: the cards and the counts."""
        n, me = self.seats, obs["player"]
        self._encode_cards(obs, out)
        out[self._phase + _PHASES.index(obs["phase"])] = 1.0
        if obs["current_player"] >= 0:
            out[self._to_move + (obs["current_player"] - me) % n] = 1.0
        out[self._starter + (obs["starter"] - me) % n] = 1.0
        out[self._actions] = min(1.0, obs["actions_left"] / MAX_TURN_ACTIONS)
        out[self._actions + 1] = min(1.0, obs["turn_actions"] / MAX_TURN_ACTIONS)
        cap = self.game.max_turns or 200
        out[self._turn] = min(1.0, obs["turn"] / cap)
        content = self.game.content
        supply = obs["supply"]
        for i, (count, total) in enumerate(zip(supply["tiles"], content.tiles, strict=True)):
            out[self._supply + i] = count / total if total else 0.0
        out[self._supply + 3] = supply["vegetation"] / max(1, content.vegetation)
        kinds = content.ability_tokens
        for i, count in enumerate(supply["tokens"]):
            out[self._supply + 4 + i] = count / max(1, kinds[i])
        for seat, held in enumerate(obs["tokens"]):
            row = self._tokens + ((seat - me) % n) * len(ABILITIES)
            for i, count in enumerate(held):
                out[row + i] = count / max(1, kinds[i])
        out[self._piles] = obs["stamina"] / max(1, kinds[FLIT])
        out[self._piles + 1] = obs["draw"] / NUM_BIRDS
        out[self._piles + 2] = min(1.0, obs["migration"] / MIGRATION_PILE)
        out[self._piles + 3] = obs["box"] / NUM_BIRDS
        for seat, size in enumerate(obs["hand_sizes"]):
            out[self._hands + (seat - me) % n] = min(1.0, size / 10)
        pending = obs["pending"]
        out[self._pending + (ABILITIES.index(pending) if pending else len(ABILITIES))] = 1.0
        out[self._owed] = min(1.0, obs["draws"] / 4)
        out[self._owed + 1] = min(1.0, obs["blind_draws"] / 4)
        if obs["end_turn"] >= 0:
            out[self._end] = 1.0
            out[self._end + 1] = min(1.0, max(0, obs["end_turn"] - obs["turn"] + 1) / n)
        out[self._reshuffles] = min(1.0, obs["reshuffles"] / 10)
        for seat, score in enumerate(obs["scores"]):
            out[self._scores + (seat - me) % n] = min(1.0, score * self._score_scale)

    def _update_island(
        self,
        me: int,
        found: _Anchors,
        old_found: _Anchors,
        kept: _Block,
        cells: Mapping[int, int],
        birds: Mapping[int, tuple[int, ...]],
        lifted: int,
    ) -> array[float]:
        """The anchor slots of seat ``me`` for ``found``'s anchors, ``cells``, ``birds`` and
        ``lifted``, made from ``kept``, a block of ``old_found``'s anchors whose first anchor is
        the same (so every slot's offsets are too): only the slots that read a space that
        changed are written (the space's own anchor and the anchors next to it: a slot shows
        its anchor and its six neighbours), the others are copied from ``kept`` (moved to
        their anchor's new slot when the anchors differ). With the same anchors ``kept``'s
        block is brought up to date in place and returned. Each written slot is written as
        ``_encode_island`` writes it into zeroed entries, so the block equals a fresh one."""
        old_cells, old_birds, old_lifted, old_block = kept
        changed = {k for k, _ in cells.items() ^ old_cells.items()}
        changed.update(k for k, _ in birds.items() ^ old_birds.items())
        index = found.index
        touched = {k for k in changed if k in index}
        if lifted != old_lifted:  # a slot's own entry only
            touched.update(k for k in (lifted, old_lifted) if k in index)
        per_anchor = self._per_anchor
        # the four entries of direction d of the anchors next to a changed space, unless
        # their whole slot is written: (the entries' first, the space)
        edges = []
        first_edge = 10 + self.seats
        for k in changed:
            for d, off in enumerate(NEIGHBOUR_OFFSETS):
                a = index.get(k - off)
                if a is not None and k - off not in touched:
                    edges.append((a * per_anchor + first_edge + 4 * d, k))
        slots = []
        if old_found is found:
            block = old_block
            blank = self._blank_slot
            for k in touched:
                row = index[k] * per_anchor
                block[row : row + per_anchor] = blank
                slots.append((k, row))
        else:
            block = array("f", bytes(4 * self._island_size))
            old_index = old_found.index
            # copy runs of untouched slots whose anchors keep their order (a new anchor
            # shifts the ones after it by a slot): (first slot, its old slot, end)
            runs: list[tuple[int, int, int]] = []
            for i, k in enumerate(found.anchors):
                j = old_index.get(k)
                if j is None or k in touched:
                    slots.append((k, i * per_anchor))
                elif runs and runs[-1][2] == i and runs[-1][1] - runs[-1][0] == j - i:
                    runs[-1] = (runs[-1][0], runs[-1][1], i + 1)
                else:
                    runs.append((i, j, i + 1))
            for first, old, end in runs:
                block[first * per_anchor : end * per_anchor] = old_block[
                    old * per_anchor : (old + end - first) * per_anchor
                ]
        if slots:
            self._encode_slots(me, found.anchors[0], slots, cells, birds, lifted, block)
        if edges:  # as _encode_slots writes a neighbour's four entries
            per_height = 1.0 / self._tallest
            per_any_bird = float32(1.0 / self.game.content.bird_tokens) / self.seats
            blank = self._blank_edge
            for at, k in edges:
                block[at : at + 4] = blank
                there = cells.get(k)
                if there is not None:
                    if there >= 2:
                        block[at] = 1.0
                        block[at + 1] = (there >> 1) * per_height
                    if there & 1:
                        block[at + 2] = 1.0
                flock = birds.get(k)
                if flock:
                    block[at + 3] = len(flock) * per_any_bird
        return block

    def _encode_island(
        self,
        me: int,
        anchors: Sequence[int],
        cells: Mapping[int, int],
        birds: Mapping[int, Sequence[int]],
        lifted: int,
        out: FloatBuffer,
        row: int,
    ) -> None:
        """The anchor slots, written from ``out[row]`` on: ``anchors`` the keys of ``cells``
        sorted, ``cells`` key -> code (``height * 2 + vegetation``), ``birds`` key -> the seats
        of its bird tokens, ``lifted`` the key of the Vegetation token being replanted (else
        -1)."""
        k0 = anchors[0] if anchors else OFFSET * STRIDE + OFFSET
        per_anchor = self._per_anchor
        slots = zip(anchors, range(row, row + len(anchors) * per_anchor, per_anchor), strict=True)
        self._encode_slots(me, k0, slots, cells, birds, lifted, out)

    def _encode_slots(
        self,
        me: int,
        k0: int,
        slots: Iterable[tuple[int, int]],
        cells: Mapping[int, int],
        birds: Mapping[int, Sequence[int]],
        lifted: int,
        out: FloatBuffer,
    ) -> None:
        """Write the slot of each ``(anchor key, first entry)`` of ``slots`` into zeroed
        entries of ``out`` (``_encode_island``'s arguments; ``k0`` the first anchor's key, from
        which offsets are measured)."""
        n = self.seats
        per_height = 1.0 / self._tallest
        per_bird = float32(1.0 / self.game.content.bird_tokens)
        per_any_bird = per_bird / n
        q0, r0 = k0 // STRIDE, k0 % STRIDE
        spread = 0.5 / self.anchors
        near, near_birds = cells.get, birds.get
        for k, row in slots:
            code = cells[k]
            h = code >> 1
            out[row] = 1.0
            out[row + 1 + (h if h < _TALLEST_ONE_HOT else _TALLEST_ONE_HOT)] = 1.0
            out[row + 7] = h * per_height
            if code & 1:
                out[row + 8] = 1.0
            if k in birds:
                for seat in birds[k]:
                    out[row + 9 + (seat - me) % n] += per_bird
            if k == lifted:
                out[row + 9 + n] = 1.0
            at = row + 10 + n
            for off in NEIGHBOUR_OFFSETS:
                there = near(k + off)
                if there is not None:
                    if there >= 2:  # land: a height
                        out[at] = 1.0
                        out[at + 1] = (there >> 1) * per_height
                    if there & 1:
                        out[at + 2] = 1.0
                if birds:
                    flock = near_birds(k + off)
                    if flock:
                        out[at + 3] = len(flock) * per_any_bird
                at += 4
            dq, dr = 0.5 + (k // STRIDE - q0) * spread, 0.5 + (k % STRIDE - r0) * spread
            out[at] = dq if 0.0 <= dq <= 1.0 else float(dq > 1.0)
            out[at + 1] = dr if 0.0 <= dr <= 1.0 else float(dr > 1.0)

    def _encode_cards(self, obs: Mapping[str, Any], out: FloatBuffer) -> None:
        n, me, per = self.seats, obs["player"], self._per_card
        base = self._cards - per  # card N's row starts at base + N * per

        def mark(cards: list[int], column: int) -> None:
            for c in cards:
                out[base + c * per + column] = 1.0

        mark(obs["hand"], 0)
        for seat in range(n):
            r = (seat - me) % n
            if r:
                mark(obs["known"][seat], r)  # columns 1 .. n-1
                mark(obs["known_by"][seat], 2 * n + self.flight_path + 2 + r)
            mark(obs["placed"][seat], n + self.flight_path + 1 + r)
        for s, c in enumerate(obs["path"]):
            if c:
                out[base + c * per + n + s] = 1.0
        mark(obs["discard"], n + self.flight_path)
        mark(obs["pool"], 2 * n + self.flight_path + 1)
        mark(obs["gone"], 2 * n + self.flight_path + 2)
        if obs["pending_card"]:
            out[base + obs["pending_card"] * per + per - 1] = 1.0
