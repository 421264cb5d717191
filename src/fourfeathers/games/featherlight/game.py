"""The Featherlight game: configuration, setup, text actions and table scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.config import check_content_digest, common_options
from ...core.game import Game, Series, State
from . import actions, rules, words
from .content import NEST_STACKS, NUM_CARDS, CardSet, load_cards
from .scoring import CardScore, Rule, best_hands, explain_hand
from .state import FIELDS, FeatherlightState

DEFAULT_MAX_TURNS = 300
"""Ruling FL-R10: a game that nobody ends by drawing stops after this many turns."""

VARIANTS = {
    "exact-same-colour": "FL-R03: cards 19 and 39 need exactly 3 / 4 hand cards of one colour",
    "tiebreak-unique-cards": "FL-R08: the tie-break counts hand cards whose colour is unshared",
    "no-wind-on-last-turn": "FL-R12: in solo the wind does not blow on the turn a pile runs out",
    "no-put-back": "FL-R11: a Swap may not put a card back on the stack it took from",
}
"""Named variant options: the reasonable alternatives to our rulings."""


class FeatherlightGame(Game):
    """Featherlight for 1 (Flying solo!) to 4 players.

    Args:
        players: 1-4 (``ConfigError`` otherwise).
        starting_player: seat that starts (0-based); None draws one at random (FL-12, FL-R16).
        content: path of a content file with the 70 cards; None uses the shipped one.
        variants: names from ``VARIANTS``.
        max_turns: turn cap of ruling FL-R10; 0 for none.
        content_digest: the SHA-256 of the content file a record was played with; a different
            file raises ``ConfigError`` (records keep it so that replays stay exact).

    Raises ``ConfigError`` naming the option for any value the rules do not allow, and
    ``ContentError`` for a broken content file.
    """

    id = "featherlight"
    title = "Featherlight"

    def __init__(
        self,
        players: int = 2,
        starting_player: int | None = None,
        content: str | None = None,
        variants: Sequence[str] = (),
        max_turns: int = DEFAULT_MAX_TURNS,
        content_digest: str | None = None,
    ) -> None:
        common = common_options(
            self.id,
            players,
            range(1, 5),
            "FL-05",
            content,
            variants,
            VARIANTS,
            starting_player=starting_player,
            max_turns=max_turns,
        )
        self._players = players
        self.starting_player = starting_player
        self.content = common.content
        self.variants = common.variants
        self.max_turns = max_turns
        self.solo = players == 1
        self.no_put_back = "no-put-back" in self.variants
        self.wind_on_last_turn = "no-wind-on-last-turn" not in self.variants
        self.tiebreak_unique_cards = "tiebreak-unique-cards" in self.variants
        self.cards: CardSet = load_cards(
            self.content, exact_same_colour="exact-same-colour" in self.variants
        )
        self.content_digest = check_content_digest(
            self.id, self.content, content_digest, self.cards.digest
        )
        self.rules: tuple[Rule | None, ...] = tuple(c.rule if c else None for c in self.cards.cards)
        """``rules[n]`` is card n's scoring rule (index 0 unused)."""

    def content_sha256(self) -> str:
        return self.cards.digest

    @property
    def config(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "starting_player": self.starting_player,
            "content": self.content,
            "variants": list(self.variants),
            "max_turns": self.max_turns,
            "content_digest": self.content_digest,
        }

    @property
    def num_players(self) -> int:
        return self._players

    def new_initial_state(self, seed: int) -> FeatherlightState:
        return FeatherlightState(self, rules.deal(self, seed))

    def state_from_dict(self, data: Mapping[str, Any]) -> FeatherlightState:
        """Rebuild a state from ``to_dict()`` output.

        Raises ``ValueError`` naming the field when the data is not a position this game can
        reach: wrong shapes, a card missing or twice, a seat or phase out of range.
        """
        fields = FIELDS.read(data, {"players": self._players})
        state = FeatherlightState(self, fields)
        problem = rules.check_state(state)
        if problem:
            raise ValueError(f"featherlight state: {problem}")
        return state

    def parse_action(self, text: str) -> actions.Draw | actions.Take | actions.Put:
        return actions.parse_action(text)

    def components(self) -> list[int]:
        return list(range(1, NUM_CARDS + 1))

    def series(self) -> Series:
        """Pauly's Feather Tournament: three games, the last game's lowest scorer starts."""

        def next_config(previous: State) -> dict[str, Any]:
            assert isinstance(previous, FeatherlightState)
            return {"starting_player": rules.next_starting_player(previous)}

        return Series("Pauly's Feather Tournament", 3, "FL-115..FL-119, FL-R13", next_config)

    def describe_action(self, state: State, action: Any) -> str:
        return words.describe_action(self, state, action)

    def action_fields(self, state: State, action: Any) -> dict[str, Any]:
        """``action.fields()`` (``actions.py``; docs/protocol.md, "Actions")."""
        fields: dict[str, Any] = action.fields()
        return fields

    def describe_outcome(self, before: State, action: Any, after: State) -> str | None:
        return words.describe_outcome(self, before, action, after)

    def reveals(self, state: State, action: Any) -> bool:
        """A draw shows the drawer a hidden card; in solo a put turns over the next wind card."""
        assert isinstance(state, FeatherlightState)
        if isinstance(action, actions.Draw):
            return True
        return isinstance(action, actions.Put) and self.solo and rules.wind_blows(state)

    def score_table(self, hand: Sequence[int], nest: Sequence[Sequence[int]]) -> list[CardScore]:
        """Score a physical game: five hand cards against the six nest stacks (bottom to top).

        Raises ``ValueError`` whose message names ``hand`` or ``nest`` for an unknown card, a
        card given twice or a wrong count (5 hand cards, 6 stacks).
        """
        if len(hand) != rules.HAND_SIZE:
            raise ValueError(f"hand: a hand holds {rules.HAND_SIZE} cards, got {len(hand)}")
        if len(nest) != NEST_STACKS or any(not s for s in nest):
            raise ValueError(f"nest: the nest has {NEST_STACKS} stacks, got {len(nest)}")
        seen: set[int] = set()
        for where, cards in [("hand", hand)] + [("nest", s) for s in nest]:
            for c in cards:
                if not 1 <= c <= NUM_CARDS:
                    raise ValueError(f"{where}: there is no card {c} (cards are 1-{NUM_CARDS})")
                if c in seen:
                    raise ValueError(f"{where}: card {c} is given twice")
                seen.add(c)
        return explain_hand(self.rules, self.cards.colour, hand, nest)

    def score_hands(
        self, hands: Sequence[Sequence[int]], nest: Sequence[Sequence[int]]
    ) -> tuple[list[list[CardScore]], list[int]]:
        """Score a physical game of several players: each hand against the one nest.

        Returns each hand's ``CardScore`` lines and the winning hands (0-based indexes): the
        most points, a tie broken as the game breaks it (FL-44..FL-46, ruling FL-R08, or the
        ``tiebreak-unique-cards`` variant), else shared. Raises ``ValueError`` whose message
        starts ``hand:`` (naming the hand, counted from 1) or ``nest:``, for anything
        ``score_table`` refuses, more than 4 hands (FL-05) or a card in two hands.
        """
        if not 1 <= len(hands) <= 4:
            raise ValueError(f"hand: Featherlight is played with 1 to 4 hands, got {len(hands)}")
        holder: dict[int, int] = {}
        for i, hand in enumerate(hands, start=1):
            for c in hand:
                if holder.get(c, i) != i:
                    raise ValueError(f"hand: card {c} is in hand {holder[c]} and in hand {i}")
                holder[c] = i
        lines = []
        for i, hand in enumerate(hands, start=1):
            try:
                lines.append(self.score_table(hand, nest))
            except ValueError as exc:
                where, _, rest = str(exc).partition(": ")
                if where == "hand" and len(hands) > 1:
                    rest = f"hand {i}: {rest}"
                raise ValueError(f"{where}: {rest}") from None
        totals = [sum(line.points for line in hand) for hand in lines]
        return lines, best_hands(
            totals, [list(h) for h in hands], self.cards.colour, self.tiebreak_unique_cards
        )
