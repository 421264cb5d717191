"""The Fancy Feathers game: configuration, the card table, text actions and table scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.config import check_content_digest, common_options
from ...core.errors import ConfigError
from ...core.game import Game, State
from . import actions, rules, words
from .content import ContentSet, load_content
from .scoring import NUM_TYPES, TYPES, Scoring, TypeScore, explain_collection, fewest_flags
from .state import FIELDS, FancyFeathersState

VARIANTS = {
    "nest-five-each": "FF-R03: every Nest scores, each at most 5 (6 Nests = 30, not 25)",
    "fox-may-remove-itself": "FF-R04: the Fox is collected first and may be the card lost",
    "fox-spares-set-aside-trap": "FF-R05: a Trap set aside this turn cannot be lost to a Fox",
    "unpassed-trap-to-box": "FF-R07: a Trap nobody can receive goes to the box, not kept",
}
"""Named variant options: the reasonable alternatives to our rulings."""

TYPE_CHOICES = ("random", "first-game")
"""The keyword values of the ``types`` option (ruling FF-R02)."""


@dataclass(frozen=True)
class PlayerScore:
    """One player's result at the table: ``total`` and one ``TypeScore`` per type held."""

    total: int
    lines: list[TypeScore]

    @property
    def by_type(self) -> dict[str, int]:
        """Points per type name, for the types held."""
        return {line.name: line.points for line in self.lines}


@dataclass(frozen=True)
class TableScore:
    """The scores of a physical game: ``players`` in leaving order and the ``winner``'s index."""

    players: list[PlayerScore]
    winner: int

    @property
    def types(self) -> list[str]:
        """The type names anyone holds, in the rulebook's order (the rows of a score table)."""
        held = {line.type for r in self.players for line in r.lines}
        return [TYPES[t] for t in sorted(held)]


class FancyFeathersGame(Game):
    """Fancy Feathers for 2 to 6 players.

    Args:
        players: 2-6 (``ConfigError`` otherwise, FF-04).
        types: ``"random"`` (the default: six types drawn from the game's seed),
            ``"first-game"`` (the rulebook's first six, FF-07) or six type names, as a list or a
            comma-separated text (ruling FF-R02).
        content: path of a content file with the 12 types; None uses the shipped one.
        variants: names from ``VARIANTS``.
        content_digest: the SHA-256 of the content file a record was played with; a different
            file raises ``ConfigError`` (records keep it so that replays stay exact).

    Raises ``ConfigError`` naming the option for any value the rules do not allow, and
    ``ContentError`` for a broken content file.

    Cards are ints ``0 .. len(components()) - 1``: every type has one set per player, chosen or
    not (the unchosen stay in the box as "unused types"). ``ctype[c]`` and ``cvalue[c]`` give a
    card's type index and printed value (0 if none); ``type_cards[t]`` the cards of type ``t``.
    """

    id = "fancy-feathers"
    title = "Fancy Feathers"

    def __init__(
        self,
        players: int = 2,
        types: str | Sequence[str] = "random",
        content: str | None = None,
        variants: Sequence[str] = (),
        content_digest: str | None = None,
    ) -> None:
        common = common_options(self.id, players, range(2, 7), "FF-04", content, variants, VARIANTS)
        self.types: str | list[str] = _check_types(types)
        self._players = players
        self.content = common.content
        self.variants = common.variants
        self.fox_self = "fox-may-remove-itself" in self.variants
        self.fox_takes_aside = "fox-spares-set-aside-trap" not in self.variants
        self.trap_to_box = "unpassed-trap-to-box" in self.variants
        self.cards: ContentSet = load_content(
            self.content, nest_each="nest-five-each" in self.variants
        )
        self.content_digest = check_content_digest(
            self.id, self.content, content_digest, self.cards.digest
        )
        self.scorings: tuple[Scoring, ...] = tuple(t.scoring for t in self.cards.types)
        ctype: list[int] = []
        cvalue: list[int] = []
        type_cards: list[tuple[int, ...]] = []
        for kind in self.cards.types:  # one set per player of every type (FF-09, FF-68)
            first = len(ctype)
            for _ in range(players):
                for spec in kind.cards:
                    ctype += [kind.index] * spec.per_set
                    cvalue += [spec.value] * spec.per_set
            type_cards.append(tuple(range(first, len(ctype))))
        self.ctype: tuple[int, ...] = tuple(ctype)
        self.cvalue: tuple[int, ...] = tuple(cvalue)
        self.type_cards: tuple[tuple[int, ...], ...] = tuple(type_cards)
        self._names = {
            short: tuple(self._card_name(c, short) for c in range(len(ctype)))
            for short in (False, True)
        }

    def content_sha256(self) -> str:
        return self.cards.digest

    @property
    def config(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "types": self.types if isinstance(self.types, str) else list(self.types),
            "content": self.content,
            "variants": list(self.variants),
            "content_digest": self.content_digest,
        }

    @property
    def num_players(self) -> int:
        return self._players

    def new_initial_state(self, seed: int) -> FancyFeathersState:
        return FancyFeathersState(self, rules.deal(self, seed))

    def state_from_dict(self, data: Mapping[str, Any]) -> FancyFeathersState:
        """Rebuild a state from ``to_dict()`` output.

        Raises ``ValueError`` naming the field when the data is not a position this game can
        reach: wrong shapes, a card missing or twice, discs out of order, a log that does not
        replay to the collection.
        """
        fields = FIELDS.read(data, {"players": self._players})
        state = FancyFeathersState(self, fields)
        problem = rules.check_state(state)
        if problem:
            raise ValueError(f"fancy-feathers state: {problem}")
        return state

    def parse_action(self, text: str) -> actions.Action:
        return actions.parse_action(text)

    def components(self) -> list[int]:
        return list(range(len(self.ctype)))

    def describe_action(self, state: State, action: Any) -> str:
        return words.describe_action(self, state, action)

    def action_fields(self, state: State, action: Any) -> dict[str, Any]:
        """``action.fields()`` (``actions.py``; docs/protocol.md, "Actions")."""
        fields: dict[str, Any] = action.fields()
        return fields

    def describe_outcome(self, before: State, action: Any, after: State) -> str | None:
        return words.describe_outcome(self, before, action, after)

    def reveals(self, state: State, action: Any) -> bool:
        """True when the action makes the foremost disc draw new Path cards from the stack."""
        assert isinstance(state, FancyFeathersState)
        if not isinstance(action, actions.Move) or state.phase != rules.MOVE or not state.stack:
            return False
        target = state.pos[state.mover] + action.distance
        others = [state.pos[q] for q in state.order[1:]]
        return (not others or max(others) <= target) and state.front - target < rules.PATH_AHEAD

    def type_title(self, type_: int) -> str:
        """The printed name of type index ``type_``."""
        return self.cards.types[type_].title

    def card_name(self, card: int, short: bool = False) -> str:
        """``"Golden Pheasant 3"``, ``"Nest"`` (``short``: ``"Golden 3"``); written once per
        game (the pages describe every legal move after every event)."""
        return self._names[short][card]

    def _card_name(self, card: int, short: bool) -> str:
        kind = self.cards.types[self.ctype[card]]
        name = kind.short if short else kind.title
        value = self.cvalue[card]
        return f"{name} {value}" if value else name

    def score_table(self, players: Sequence[Sequence[tuple[str, int]]]) -> TableScore:
        """Score a physical game: per player, in the order they left the Path, their cards as
        ``(type name, printed value)`` pairs (value 0 for types without one).

        One collection alone is scored as one player's share of the largest game (6 players,
        for the card limits), holding the fewest cards (Lady Amherst's Pheasant, FF-55).

        Returns a ``TableScore``: each player's total and lines, and the winner's index (most
        points; a tie goes to whoever left first, FF-51). Raises ``ValueError`` whose message
        starts with ``player N:`` (1-based) for an unknown type, a wrong or missing value, or
        more cards than the game has; or names the players for a wrong count (1-6) or more
        than six types in all (FF-06).
        """
        if not 1 <= len(players) <= 6:
            raise ValueError(
                f"players: Fancy Feathers is scored for 1 to 6 players, got {len(players)}"
            )
        n = len(players) if len(players) > 1 else 6  # the card limits of the largest table
        seen_types: set[str] = set()
        totals: dict[tuple[str, int], int] = {}
        groups: list[list[list[int]]] = []
        for i, cards in enumerate(players, start=1):
            by_type: list[list[int]] = [[] for _ in range(NUM_TYPES)]
            for name, value in cards:
                if name not in TYPES:
                    raise ValueError(
                        f"player {i}: {name!r} is not an animal type ({', '.join(TYPES)})"
                    )
                kind = self.cards.by_name(name)
                if kind.has_values:
                    if not value:
                        shown = "/".join(map(str, kind.values))
                        raise ValueError(
                            f"player {i}: {name} needs its printed value, e.g. {name}:"
                            f"{kind.values[0]} (one of {shown})"
                        )
                    if value not in kind.values:
                        shown = ", ".join(map(str, kind.values))
                        raise ValueError(f"player {i}: {name} cards print {shown}, not {value}")
                elif value:
                    raise ValueError(f"player {i}: {name} cards print no value (write {name})")
                by_type[kind.index].append(value)
                seen_types.add(name)
                totals[name, value] = totals.get((name, value), 0) + 1
            groups.append(by_type)
        if len(seen_types) > rules.TYPES_IN_PLAY:
            raise ValueError(
                f"players: a game uses {rules.TYPES_IN_PLAY} animal types, these cards have "
                f"{len(seen_types)} ({', '.join(t for t in TYPES if t in seen_types)})"
            )
        for (name, value), count in totals.items():
            kind = self.cards.by_name(name)
            most = kind.per_set(value) * n
            if count > most:
                label = f"{name}:{value}" if value else name
                raise ValueError(
                    f"players: {count} {label} cards, but a {n}-player game has only {most}"
                )
        sizes = [self.cards.by_name(t).set_size for t in TYPES]
        seen = [sizes[TYPES.index(t)] for t in seen_types]
        unseen = sorted(s for i, s in enumerate(sizes) if TYPES[i] not in seen_types)
        deck = n * (sum(seen) + sum(unseen[len(unseen) - (rules.TYPES_IN_PLAY - len(seen)) :]))
        most = deck - rules.REMOVED_PER_PLAYER * n  # FF-10: cards go unseen into the box
        collected = sum(len(cards) for cards in players)
        if collected > most:
            raise ValueError(
                f"players: {collected} cards collected in all, but a {n}-player game deals at "
                f"most {most} ({rules.REMOVED_PER_PLAYER} per player stay in the box)"
            )
        fewest = fewest_flags([sum(len(v) for v in g) for g in groups])
        results = []
        for by_type, f in zip(groups, fewest, strict=True):
            lines = explain_collection(self.scorings, by_type, f)
            results.append(PlayerScore(sum(line.points for line in lines), lines))
        best = max(r.total for r in results)
        winner = next(i for i, r in enumerate(results) if r.total == best)
        return TableScore(results, winner)


def _check_types(types: Any) -> str | list[str]:
    """The ``types`` option, checked: a keyword, or six distinct names in ``TYPES`` order."""
    if isinstance(types, str):
        text = types.strip().lower()
        if text in TYPE_CHOICES:
            return text
        names = [t.strip() for t in text.split(",")]
    elif isinstance(types, (list, tuple)) and all(isinstance(t, str) for t in types):
        names = [t.strip().lower() for t in types]
    else:
        raise ConfigError(
            "fancy-feathers: types must be 'random', 'first-game' or six type names "
            f"(a list or comma-separated text), got {types!r}"
        )
    unknown = [t for t in names if t not in TYPES]
    if unknown:
        raise ConfigError(
            f"fancy-feathers: types: unknown type {unknown[0]!r}; the 12 types: {', '.join(TYPES)}"
        )
    if len(set(names)) != len(names):
        raise ConfigError("fancy-feathers: types names a type twice")
    if len(names) != rules.TYPES_IN_PLAY:
        raise ConfigError(
            f"fancy-feathers: types must name exactly {rules.TYPES_IN_PLAY} types, "
            f"got {len(names)} (FF-06)"
        )
    return [t for t in TYPES if t in names]
