"""The Isle of Feathers state: the island, where every card and token lies, whose turn it is,
and what each player knows.

Fields (plain dicts, lists and ints; the top of a pile is its last element):

- ``cells``: cell key -> code (height * 2 + vegetation) for every space holding a tile or a
  token; a Vegetation token lying on the ocean after Burrow has code 1 (``hexgrid``);
- ``birds``: cell key -> tuple of the seats whose Bird tokens stand there, in arrival order;
- ``supply``: ``[sand, grass, cliff]`` tiles not on the island; ``veg_supply``: Vegetation
  tokens not on the island; ``token_supply``: Ability tokens per kind in the supply;
- ``tokens[p]``: Ability tokens per kind held by seat ``p``; ``stamina``: solo Stamina pool;
- ``hands[p]``; ``path``: Flight Path slots F1 (next to the Draw pile) .. F4 (next to the
  Discard pile), 0 = empty; ``draw``, ``discard``; ``migration`` and ``box`` (solo: the
  Migration pile and the half deck set aside); ``placed[p]``: birds seat ``p`` placed, in order;
- knowledge (ruling IS-R29): ``known[p][q]`` cards seat ``p`` knows to be in hand ``q``;
  ``public_known[q]`` the part everyone knows (birds taken face up); ``pool`` the cards that
  may be in the Draw pile as everyone sees it, sorted; ``gone[p]`` pool cards seat ``p`` has
  seen leave it (its own blind draws, cards passed to it);
- turn: ``player`` (or ``TERMINAL``), ``phase`` (``rules_phases.PHASES``), ``actions_left``,
  ``turn_actions``, ``turn``, ``starter``; pending steps: ``pending`` (ability kind being used
  from a discarded bird, else -1), ``pending_card``, ``replant_from`` (cell, else -1),
  ``draws`` (Flight Path draws owed), ``blind_draws`` (automatic draws owed, variant);
- end: ``end_turn`` (the turn after which the endgame ends, -1 before the last Sand),
  ``end_reason`` (``rules_phases.END_REASONS``); randomness: ``seed`` and ``reshuffles`` (every
  reshuffle is derived from them, so the state alone fixes the future).

Besides its fields a state keeps ``island``: what the island implies, computed once per island
version and shared by clones (``island.Island``; not part of the state's data), and
``options``: its game's options as the rules read them (``options.Options``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.config import is_int
from ...core.game import TERMINAL, GameEnd, State, win_shares
from ...core.rng import MAX_SEED
from ...core.statefields import DICT, INT, LIST, LISTS, TABLE, Field, StateFields, restore
from . import rules, rules_phases, scoring
from .content import ABILITIES, COLOURS, FLIT, NUM_BIRDS
from .hexgrid import LIMIT, coords
from .hexgrid import key as cell_key

if TYPE_CHECKING:
    from .game import IsleGame
    from .island import Island
    from .options import Options


def write_cells(cells: dict[int, int]) -> list[list[int]]:
    """``cells`` as ``to_dict`` writes them: ``[q, r, height, vegetation]`` sorted by cell."""
    return [[*coords(k), c >> 1, c & 1] for k, c in sorted(cells.items())]


def write_birds(birds: dict[int, tuple[int, ...]]) -> list[list[Any]]:
    """``birds`` as ``to_dict`` writes them: ``[q, r, [seats]]`` sorted by cell."""
    return [[*coords(k), list(o)] for k, o in sorted(birds.items())]


def write_replant_from(cell: int) -> list[int] | None:
    """``replant_from`` as ``to_dict`` writes it: ``[q, r]``, or None for no cell (-1)."""
    return list(coords(cell)) if cell >= 0 else None


def read_cell(where: str, value: Any) -> int:
    """The cell key of ``[q, r]``; raises ``ValueError`` starting ``where`` if it is no cell
    within the grid's limit."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(is_int(v) for v in value)
        or not all(-LIMIT <= v <= LIMIT for v in value)
    ):
        raise ValueError(f"{where} must be a cell [q, r] within +-{LIMIT}")
    return cell_key(value[0], value[1])


def read_replant_from(prefix: str, value: Any) -> int:
    """``replant_from`` read: None is no cell (-1), else ``[q, r]``."""
    return -1 if value is None else read_cell(f"{prefix}replant_from", value)


def read_cells(prefix: str, value: Any) -> dict[int, int]:
    """``cells`` read from ``[[q, r, height, vegetation], ...]``; raises ``ValueError``
    naming ``cells``."""
    shape = f"{prefix}cells must be a list of [q, r, height, vegetation]"
    if not isinstance(value, list):
        raise ValueError(shape)
    cells: dict[int, int] = {}
    for item in value:
        if not isinstance(item, list) or len(item) != 4 or not all(is_int(v) for v in item):
            raise ValueError(shape)
        k = read_cell(f"{prefix}cells", item[:2])
        height, veg = item[2], item[3]
        if height < 0 or veg not in (0, 1) or (height == 0 and veg == 0) or k in cells:
            raise ValueError(
                f"{prefix}cells: {item} needs height >= 0, vegetation 0/1, something on "
                "it, and a cell listed once"
            )
        cells[k] = height * 2 + veg
    return cells


def read_birds(prefix: str, value: Any) -> dict[int, tuple[int, ...]]:
    """``birds`` read from ``[[q, r, [seats]], ...]``; raises ``ValueError`` naming
    ``birds``."""
    shape = f"{prefix}birds must be a list of [q, r, [seats]]"
    if not isinstance(value, list):
        raise ValueError(shape)
    birds: dict[int, tuple[int, ...]] = {}
    for item in value:
        if not isinstance(item, list) or len(item) != 3:
            raise ValueError(shape)
        k = read_cell(f"{prefix}birds", item[:2])
        seats = item[2]
        if not isinstance(seats, list) or not all(is_int(c) for c in seats):
            raise ValueError(f"{prefix}birds must hold lists of integers")
        if k in birds:
            raise ValueError(f"{prefix}birds lists a cell twice")
        birds[k] = tuple(seats)
    return birds


FIELDS = StateFields(
    "isle-of-feathers",
    [
        Field("cells", DICT, read=read_cells, write=write_cells),
        Field("birds", DICT, read=read_birds, write=write_birds),
        Field("supply", LIST, size=3),
        Field("veg_supply", INT),
        Field("token_supply", LIST, size=len(ABILITIES)),
        Field("tokens", LISTS, rows="players", size=len(ABILITIES)),
        Field("stamina", INT),
        Field("hands", LISTS, rows="players"),
        Field("path", LIST, size="flight_path"),
        Field("draw", LIST),
        Field("discard", LIST),
        Field("migration", LIST),
        Field("box", LIST),
        Field("placed", LISTS, rows="players"),
        Field("known", TABLE, rows="players"),
        Field("public_known", LISTS, rows="players"),
        Field("pool", LIST),
        Field("gone", LISTS, rows="players"),
        Field("player", INT),
        Field("phase", INT),
        Field("actions_left", INT),
        Field("turn_actions", INT),
        Field("turn", INT),
        Field("starter", INT),
        Field("pending", INT),
        Field("pending_card", INT),
        Field("replant_from", INT, read=read_replant_from, write=write_replant_from),
        Field("draws", INT),
        Field("blind_draws", INT),
        Field("end_turn", INT),
        Field("end_reason", INT),
        Field("seed", INT),
        Field("reshuffles", INT),
    ],
)
"""The fields, in ``to_dict`` order; ``state_from_dict`` reads them (cells, birds and
``replant_from`` in this game's own form: ``hexgrid`` keys inside, ``[q, r]`` in the data).
``clone`` is hand-written: compiled (setup.py), native copies beat generated code; it also
shares the island facts."""


class IsleState(State):
    """One moment of an Isle of Feathers game. Create it with ``IsleGame.new_initial_state``."""

    game: IsleGame

    __slots__ = ("game", "options", "island") + FIELDS.names

    def __init__(self, game: IsleGame, fields: dict[str, Any] | None = None) -> None:
        self.game = game
        self.options: Options = game.options
        if fields is None:  # an empty state for ``clone`` or ``pickle`` to fill in
            return
        self.island: Island | None = None
        # Typed assignments, in this order, rather than class annotations and ``FIELDS.fill``:
        # compiled (setup.py), the attributes are laid out in this order, and playouts ran 3%
        # slower with the fields declared in the class body (tests/core/test_statefields.py
        # holds these to ``FIELDS``).
        self.cells: dict[int, int] = fields["cells"]
        self.birds: dict[int, tuple[int, ...]] = fields["birds"]
        self.supply: list[int] = fields["supply"]
        self.veg_supply: int = fields["veg_supply"]
        self.token_supply: list[int] = fields["token_supply"]
        self.tokens: list[list[int]] = fields["tokens"]
        self.stamina: int = fields["stamina"]
        self.hands: list[list[int]] = fields["hands"]
        self.path: list[int] = fields["path"]
        self.draw: list[int] = fields["draw"]
        self.discard: list[int] = fields["discard"]
        self.migration: list[int] = fields["migration"]
        self.box: list[int] = fields["box"]
        self.placed: list[list[int]] = fields["placed"]
        self.known: list[list[list[int]]] = fields["known"]
        self.public_known: list[list[int]] = fields["public_known"]
        self.pool: list[int] = fields["pool"]
        self.gone: list[list[int]] = fields["gone"]
        self.player: int = fields["player"]
        self.phase: int = fields["phase"]
        self.actions_left: int = fields["actions_left"]
        self.turn_actions: int = fields["turn_actions"]
        self.turn: int = fields["turn"]
        self.starter: int = fields["starter"]
        self.pending: int = fields["pending"]
        self.pending_card: int = fields["pending_card"]
        self.replant_from: int = fields["replant_from"]
        self.draws: int = fields["draws"]
        self.blind_draws: int = fields["blind_draws"]
        self.end_turn: int = fields["end_turn"]
        self.end_reason: int = fields["end_reason"]
        self.seed: int = fields["seed"]
        self.reshuffles: int = fields["reshuffles"]

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
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def ended_by(self) -> GameEnd | None:
        if self.player != TERMINAL:
            return None
        capped = self.end_reason == rules_phases.TURN_CAP
        return GameEnd(rules_phases.end_reason_text(self), capped)

    def returns(self) -> list[float]:
        """Solo: the score. 2-4 players: 1 for a sole winner, 1/k each for k sharing, else 0.
        All 0 before the end (ruling IS-R30)."""
        n = self.options.players
        if self.player != TERMINAL:
            return [0.0] * n
        if self.options.solo:
            return [float(s) for s in self.scores()]
        return win_shares(self.winners(), n)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the fields by name (not ``island``, a cache found again): a compiled state
        (setup.py) has no default pickling."""
        values: dict[str, Any] = {name: getattr(self, name) for name in FIELDS.names}
        values["island"] = None  # found again by the rules when needed
        return (restore, (IsleState, self.game, values))

    def clone(self) -> IsleState:
        new = IsleState(self.game)  # object.__new__ refuses a compiled class
        facts = new.island = self.island  # an island version's facts never change: shared
        if facts is not None:
            facts.shared = True
        new.cells = self.cells.copy()
        new.birds = self.birds.copy()
        new.supply = self.supply[:]
        new.veg_supply = self.veg_supply
        new.token_supply = self.token_supply[:]
        new.tokens = [t[:] for t in self.tokens]
        new.stamina = self.stamina
        new.hands = [h[:] for h in self.hands]
        new.path = self.path[:]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.migration = self.migration[:]
        new.box = self.box[:]
        new.placed = [p[:] for p in self.placed]
        new.known = [[cards[:] for cards in row] for row in self.known]
        new.public_known = [k[:] for k in self.public_known]
        new.pool = self.pool[:]
        new.gone = [g[:] for g in self.gone]
        new.player = self.player
        new.phase = self.phase
        new.actions_left = self.actions_left
        new.turn_actions = self.turn_actions
        new.turn = self.turn
        new.starter = self.starter
        new.pending = self.pending
        new.pending_card = self.pending_card
        new.replant_from = self.replant_from
        new.draws = self.draws
        new.blind_draws = self.blind_draws
        new.end_turn = self.end_turn
        new.end_reason = self.end_reason
        new.seed = self.seed
        new.reshuffles = self.reshuffles
        return new

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready. Cells as ``[q, r, height, vegetation]`` and birds as
        ``[q, r, [seats]]`` sorted by cell; ``replant_from`` as ``[q, r]`` or None."""
        return FIELDS.dump(self)

    def component_locations(self) -> dict[str, list[Any]]:
        """Cards by place, and every tile and token numbered within its kind (IS-82)."""
        content = self.game.content
        places: dict[str, list[Any]] = {f"hand {p}": h for p, h in enumerate(self.hands)}
        places.update({f"placed {p}": row for p, row in enumerate(self.placed)})
        places["flight path"] = [c for c in self.path if c]
        places.update({"draw": self.draw, "discard": self.discard, "migration": self.migration})
        places["box"] = self.box
        heights = [c >> 1 for c in self.cells.values()]
        on_island = (
            sum(1 for h in heights if h >= 1),
            sum(1 for h in heights if h >= 2),
            sum(h - 2 for h in heights if h > 2),
        )
        for kind, name in enumerate(("sand", "grass", "cliff")):
            used = on_island[kind]
            places[f"island {name}"] = [f"{name} {i}" for i in range(1, used + 1)]
            places[f"supply {name}"] = [
                f"{name} {i}" for i in range(used + 1, used + self.supply[kind] + 1)
            ]
        vegs = sum(c & 1 for c in self.cells.values())
        places["island vegetation"] = [f"vegetation {i}" for i in range(1, vegs + 1)]
        places["supply vegetation"] = [
            f"vegetation {i}" for i in range(vegs + 1, vegs + self.veg_supply + 1)
        ]
        for kind, name in enumerate(ABILITIES):
            start = 1
            holders = [(f"tokens {p}", t[kind]) for p, t in enumerate(self.tokens)]
            if kind == FLIT:
                holders.append(("stamina pool", self.stamina))
            holders.append(("token supply", self.token_supply[kind]))
            for place, count in holders:
                places.setdefault(place, []).extend(
                    f"{name} {i}" for i in range(start, start + count)
                )
                start += count
        on_board = [0] * len(COLOURS)
        for owners in self.birds.values():
            for o in owners:
                on_board[o] += 1
        if self.options.solo:
            # the solo player's tokens are every colour's (ruling IS-R33), taken in order
            solo, per_colour = on_board[0], content.bird_tokens
            on_board = [max(0, min(per_colour, solo - c * per_colour)) for c in range(len(COLOURS))]
        for colour, name in enumerate(COLOURS):
            count = on_board[colour]
            places.setdefault("island birds", []).extend(
                f"{name} bird {i}" for i in range(1, count + 1)
            )
            places.setdefault("bird supply", []).extend(
                f"{name} bird {i}" for i in range(count + 1, content.bird_tokens + 1)
            )
        return places

    # ``player: Any``, not int: compiled (setup.py), an int parameter would turn a bool seat
    # into 0 or 1 before ``check_player`` could refuse it.
    def observation(self, player: Any) -> dict[str, Any]:
        """What ``player`` knows (ruling IS-R29): the island, every token, the Flight Path, the
        Discard pile, the placed birds, its own hand, pile sizes, hand sizes, the cards it knows
        in other hands and what others know of its hand, the public candidates of the Draw
        pile and the pending step. Never another hand's secret cards, the Draw pile's order,
        the Migration pile or the box. Raises ``ValueError`` if ``player`` is not a seat.
        """
        self.check_player(player)
        n = self.options.players
        obs: dict[str, Any] = {
            "game": self.game.id,
            "player": player,
            "current_player": self.player,
            "phase": "over" if self.player == TERMINAL else rules_phases.PHASES[self.phase],
            "turn": self.turn,
            "starter": self.starter,
            "actions_left": self.actions_left,
            "turn_actions": self.turn_actions,
            "island": [[*coords(k), c >> 1, c & 1] for k, c in sorted(self.cells.items())],
            "birds": [[*coords(k), list(o)] for k, o in sorted(self.birds.items())],
            "supply": {
                "tiles": list(self.supply),
                "vegetation": self.veg_supply,
                "tokens": list(self.token_supply),
            },
            "tokens": [list(t) for t in self.tokens],
            "stamina": self.stamina,
            "path": list(self.path),
            "draw": len(self.draw),
            "discard": list(self.discard),
            "migration": len(self.migration),
            "box": len(self.box),
            "placed": [list(p) for p in self.placed],
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "known": [list(self.known[player][q]) for q in range(n)],
            "known_by": [list(self.known[q][player]) for q in range(n)],
            "public_known": [list(k) for k in self.public_known],
            "pool": list(self.pool),
            "gone": list(self.gone[player]),
            "pending": ABILITIES[self.pending] if self.pending >= 0 else None,
            "pending_card": self.pending_card,
            "replant_from": list(coords(self.replant_from)) if self.replant_from >= 0 else None,
            "draws": self.draws,
            "blind_draws": self.blind_draws,
            "end_turn": self.end_turn,
            "reshuffles": self.reshuffles,
            "scores": self.scores(),
        }
        if self.player == TERMINAL:
            obs["end_reason"] = rules_phases.end_reason_text(self)
            obs["winners"] = self.winners()
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What everyone at the table sees: ``observation`` without a seat's ``player``,
        ``hand``, ``known``, ``known_by`` and ``gone``; hands as sizes and ``public_known``."""
        obs = self.observation(0)
        for key in ("player", "hand", "known", "known_by", "gone"):
            del obs[key]
        return obs

    def determinize(self, player: Any, rng: random.Random) -> IsleState:
        """Resample what ``player`` cannot know (ruling IS-R29): other hands' unknown cards, the
        Draw pile (drawn only from cards that may be in it), the Migration pile and the box;
        and the seed of future reshuffles.

        Uniform over deals consistent with the observation's card sets: the Draw pile takes
        a uniform sample of the hidden cards that may be in it, in a uniform order, and the
        other hidden places a uniform order of the rest. Others' private knowledge of hands not
        ``player``'s shrinks to the public part. Unseen cards are pooled in sorted order, then
        ordered by independent uniform keys (one ``rng.random()`` per card, a third of the cost
        of ``rng.sample`` and ``rng.shuffle``), so the result depends only on the observation and
        ``rng``. Raises ``ValueError`` if ``player`` is not a seat.
        """
        self.check_player(player)
        n = self.options.players
        new = self.clone()
        others = [q for q in range(n) if q != player]
        hidden = [c for q in others for c in self.hands[q] if c not in self.known[player][q]]
        hidden += self.draw
        hidden += self.migration
        hidden += self.box
        hidden.sort()
        could_be_drawn = set(self.pool).difference(self.gone[player])
        key = rng.random
        candidates = sorted([c for c in hidden if c in could_be_drawn], key=lambda _: key())
        size = len(self.draw)
        new.draw = candidates[:size]
        rest = candidates[size:]
        rest += [c for c in hidden if c not in could_be_drawn]
        rest.sort(key=lambda _: key())
        at = 0
        for q in others:
            known = self.known[player][q]
            end = at + len(self.hands[q]) - len(known)
            new.hands[q] = known + rest[at:end]
            at = end
        end = at + len(self.migration)
        new.migration = rest[at:end]
        new.box = rest[end:]
        for q in others:
            for r in range(n):
                if r != q and r != player:
                    new.known[q][r] = list(self.public_known[r])
            new.gone[q] = []
        new.seed = rng.randrange(MAX_SEED)
        return new

    def describe_cards(self, cards: list[int]) -> str:
        """``"Shoebill (1), Kakapo (3)"``."""
        names = self.game.content.name
        return ", ".join(f"{names[c]} ({c})" for c in cards if 1 <= c <= NUM_BIRDS)
