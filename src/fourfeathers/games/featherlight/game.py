"""The Featherlight game: configuration, setup, text actions and table scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import ConfigError
from ...core.game import Game, Series, State
from . import render, rules
from .content import NUM_CARDS, CardSet, load_cards
from .scoring import CardScore, Rule, explain_hand
from .state import _FIELDS, FeatherlightState

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
    ) -> None:
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise ConfigError(f"featherlight: players must be 1 to 4, got {players!r} (FL-05)")
        if starting_player is not None and not 0 <= starting_player < players:
            raise ConfigError(
                f"featherlight: starting_player must be a seat 0-{players - 1}, "
                f"got {starting_player!r}"
            )
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown:
            raise ConfigError(
                f"featherlight: unknown variant(s) {', '.join(unknown)}; "
                f"known: {', '.join(VARIANTS)}"
            )
        if not isinstance(max_turns, int) or max_turns < 0:
            raise ConfigError(f"featherlight: max_turns must be an integer >= 0, got {max_turns!r}")
        self._players = players
        self.starting_player = starting_player
        self.content = str(content) if content is not None else None
        self.variants = tuple(sorted(set(variants)))
        self.max_turns = max_turns
        self.solo = players == 1
        self.no_put_back = "no-put-back" in self.variants
        self.wind_on_last_turn = "no-wind-on-last-turn" not in self.variants
        self.tiebreak_unique_cards = "tiebreak-unique-cards" in self.variants
        self.cards: CardSet = load_cards(
            self.content, exact_same_colour="exact-same-colour" in self.variants
        )
        self.rules: tuple[Rule | None, ...] = tuple(c.rule if c else None for c in self.cards.cards)
        """``rules[n]`` is card n's scoring rule (index 0 unused)."""

    @property
    def config(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "starting_player": self.starting_player,
            "content": self.content,
            "variants": list(self.variants),
            "max_turns": self.max_turns,
        }

    @property
    def num_players(self) -> int:
        return self._players

    def new_initial_state(self, seed: int) -> FeatherlightState:
        return FeatherlightState(self, rules.deal(self, seed))

    def state_from_dict(self, data: Mapping[str, Any]) -> FeatherlightState:
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise ValueError(f"featherlight state: missing field(s) {', '.join(missing)}")
        fields = {k: data[k] for k in _FIELDS}
        state = FeatherlightState(self, fields).clone()  # own copies of the lists
        if len(state.hands) != self._players or len(state.nest) != rules.NEST_STACKS:
            raise ValueError("featherlight state: hands or nest do not fit this configuration")
        return state

    def parse_action(self, text: str) -> rules.Draw | rules.Take | rules.Put:
        return rules.parse_action(text)

    def components(self) -> list[int]:
        return list(range(1, NUM_CARDS + 1))

    def series(self) -> Series:
        """Pauly's Feather Tournament: three games, the last game's lowest scorer starts."""

        def next_config(previous: State) -> dict[str, Any]:
            assert isinstance(previous, FeatherlightState)
            return {"starting_player": rules.next_starting_player(previous)}

        return Series("Pauly's Feather Tournament", 3, "FL-115..FL-119, FL-R13", next_config)

    def describe_action(self, state: State, action: Any) -> str:
        return render.describe_action(self, state, action)

    def render(self, state: State, player: int | None, *, memory_aid: bool = False) -> Any:
        return render.render_state(self, state, player, memory_aid=memory_aid)

    def render_result(self, state: State) -> Any:
        return render.render_result(self, state)

    def score_table(self, hand: Sequence[int], nest: Sequence[Sequence[int]]) -> list[CardScore]:
        """Score a physical game: five hand cards against the six nest stacks (bottom to top).

        Raises ``ValueError`` whose message names ``hand`` or ``nest`` for an unknown card, a
        card given twice or a wrong count (5 hand cards, 6 stacks).
        """
        if len(hand) != rules.HAND_SIZE:
            raise ValueError(f"hand: a hand holds {rules.HAND_SIZE} cards, got {len(hand)}")
        if len(nest) != rules.NEST_STACKS or any(not s for s in nest):
            raise ValueError(f"nest: the nest has {rules.NEST_STACKS} stacks, got {len(nest)}")
        seen: set[int] = set()
        for where, cards in [("hand", hand)] + [("nest", s) for s in nest]:
            for c in cards:
                if not 1 <= c <= NUM_CARDS:
                    raise ValueError(f"{where}: there is no card {c} (cards are 1-{NUM_CARDS})")
                if c in seen:
                    raise ValueError(f"{where}: card {c} is given twice")
                seen.add(c)
        return explain_hand(self.rules, self.cards.colour, hand, nest)
