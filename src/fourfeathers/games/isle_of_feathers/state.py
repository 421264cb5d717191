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

from ...core.game import TERMINAL, GameEnd, State, win_shares
from ...core.rng import MAX_SEED
from . import rules, rules_phases, scoring
from .content import ABILITIES, COLOURS, FLIT, NUM_BIRDS
from .hexgrid import coords

if TYPE_CHECKING:
    from .game import IsleGame
    from .island import Island
    from .options import Options

_FIELDS = (
    "cells",
    "birds",
    "supply",
    "veg_supply",
    "token_supply",
    "tokens",
    "stamina",
    "hands",
    "path",
    "draw",
    "discard",
    "migration",
    "box",
    "placed",
    "known",
    "public_known",
    "pool",
    "gone",
    "player",
    "phase",
    "actions_left",
    "turn_actions",
    "turn",
    "starter",
    "pending",
    "pending_card",
    "replant_from",
    "draws",
    "blind_draws",
    "end_turn",
    "end_reason",
    "seed",
    "reshuffles",
)

_INT_FIELDS = (
    "veg_supply",
    "stamina",
    "player",
    "phase",
    "actions_left",
    "turn_actions",
    "turn",
    "starter",
    "pending",
    "pending_card",
    "replant_from",
    "draws",
    "blind_draws",
    "end_turn",
    "end_reason",
    "seed",
    "reshuffles",
)


class IsleState(State):
    """One moment of an Isle of Feathers game. Create it with ``IsleGame.new_initial_state``."""

    game: IsleGame

    __slots__ = ("game", "options", "island") + _FIELDS

    def __init__(self, game: IsleGame, fields: dict[str, Any] | None = None) -> None:
        self.game = game
        self.options: Options = game.options
        if fields is None:  # an empty state for ``clone`` or ``pickle`` to fill in
            return
        self.island: Island | None = None
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
        """Pickle the fields by name (not ``island``, ``_unpickle``): a compiled state (setup.py)
        has no default pickling."""
        return (_unpickle, (self.game, {name: getattr(self, name) for name in _FIELDS}))

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
        data = self.clone()
        out: dict[str, Any] = {name: getattr(data, name) for name in _FIELDS}
        out["cells"] = [[*coords(k), c >> 1, c & 1] for k, c in sorted(self.cells.items())]
        out["birds"] = [[*coords(k), list(o)] for k, o in sorted(self.birds.items())]
        out["replant_from"] = list(coords(self.replant_from)) if self.replant_from >= 0 else None
        return out

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


def _unpickle(game: IsleGame, values: dict[str, Any]) -> IsleState:
    """The state ``__reduce__`` pickled: every field; the island version's facts (a cache that
    may hold the research encoding's objects, shared by the deals) are found again."""
    state = IsleState(game)
    state.island = None
    for name, value in values.items():
        setattr(state, name, value)
    return state
