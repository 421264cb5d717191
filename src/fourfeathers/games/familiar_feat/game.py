"""The Familiar Feat game: configuration (level, content, variants), setup, text actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.config import check_content_digest, common_options, is_int
from ...core.errors import ConfigError
from ...core.game import Game, State
from . import actions, rules, rules_check, rules_day, rules_deck, rules_totals, words
from .cardset import CardSet
from .content import NUM_CARDS, event_choices, load_cards, monster_choices
from .state import FIELDS, FamiliarFeatState

VARIANTS = {
    "choose-cards": "FA-R03: pick the Monsters and Events for the Character's icons yourself",
    "closing-ranks-together": "FA-R26: Closing Ranks resolves its two cards only when both meet "
    "their Strength at the same moment (nothing is latched)",
}
"""Named variant options: the reasonable alternatives to our rulings."""


class FamiliarFeatGame(Game):
    """Familiar Feat, the solo adventure, at levels 1 to 8.

    Args:
        level: 1-8, the Character played (FA-05, FA-06); ``ConfigError`` otherwise.
        players: always 1 (FA-04); any other value raises ``ConfigError``.
        content: path of a content file with the 110 cards; None uses the shipped one.
        variants: names from ``VARIANTS``.
        content_digest: the SHA-256 of the content file a record was played with; a different
            file raises ``ConfigError`` (records keep it so that replays stay exact).

    Raises ``ConfigError`` naming the option for any value the rules do not allow, and
    ``ContentError`` for a broken content file.
    """

    id = "familiar-feat"
    title = "Familiar Feat"

    def __init__(
        self,
        level: int = 1,
        players: int = 1,
        content: str | None = None,
        variants: Sequence[str] = (),
        content_digest: str | None = None,
    ) -> None:
        common = common_options(self.id, players, range(1, 2), "FA-04", content, variants, VARIANTS)
        if not is_int(level) or not 1 <= level <= 8:
            raise ConfigError(f"familiar-feat: level must be 1 to 8, got {level!r} (FA-06)")
        self.level = level
        self.content = common.content
        self.variants = common.variants
        self.choose_cards = "choose-cards" in self.variants
        self.closing_together = "closing-ranks-together" in self.variants
        self.cards: CardSet = load_cards(self.content)
        # The sets of Monsters and of Events that fit the Character's banner (FA-07), in the
        # order monster_choices and event_choices give, and each tier's Creatures ascending.
        self.monster_sets = tuple(frozenset(s) for s in monster_choices(self.cards, level))
        self.event_sets = tuple(frozenset(s) for s in event_choices(self.cards, level))
        self.tiers = tuple(tuple(self.cards.by_tier(t)) for t in range(5))
        self.character = self.cards.character(level)  # the Character card played (FA-06)
        # The layer of the Creature deck each card belongs to (FA-19), for determinize.
        self.deck_classes = tuple(
            rules_deck.deck_class(self.cards, c) for c in range(NUM_CARDS + 1)
        )
        # The cards boxed at every setup (rules_deck.box_pool), and the Monsters or Events that
        # may be picked next after each set of picks made so far (variant choose-cards,
        # rules_deck.pick_options): worked out once per game rather than once per adventure.
        self.box_pool = rules_deck.box_pool(self)
        self.pick_memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.content_digest = check_content_digest(
            self.id, self.content, content_digest, self.cards.digest
        )

    def content_sha256(self) -> str:
        return self.cards.digest

    @property
    def config(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "players": 1,
            "content": self.content,
            "variants": list(self.variants),
            "content_digest": self.content_digest,
        }

    @property
    def num_players(self) -> int:
        return 1

    def new_initial_state(self, seed: int) -> FamiliarFeatState:
        state = FamiliarFeatState(self, rules.deal(self, seed))
        rules_totals.refresh_row(state)
        rules_day.advance(state)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> FamiliarFeatState:
        """Rebuild a state from ``to_dict()`` output.

        Raises ``ValueError`` naming the field when the data is not a position of this game
        between two actions: a missing field, a wrong shape, a card missing, twice or in a place
        not of its kind, a count or day out of its range, a pending stack the rules never build,
        or a live adventure with no legal action (``rules_check``).
        """
        state = self.position_from_dict(data)
        problem = rules_check.check_waiting(state)
        if problem:
            raise ValueError(f"familiar-feat state: {problem}")
        return state

    def position_from_dict(self, data: Mapping[str, Any]) -> FamiliarFeatState:
        """Build a sound position from ``to_dict()``-shaped data that may stand between two
        automatic steps (a phase or frame that ``rules_day.advance`` carries on from): for
        worked examples and test positions. ``state_from_dict`` adds that a live position waits
        on a decision. Raises ``ValueError`` naming the field, as ``state_from_dict``.
        """
        fields = FIELDS.read(data)
        state = FamiliarFeatState(self, fields)
        problem = rules_check.check_state(state)
        if problem:
            raise ValueError(f"familiar-feat state: {problem}")
        rules_totals.refresh_row(state)
        return state

    def parse_action(self, text: str) -> actions.Attach | actions.Choose | actions.Place:
        return actions.parse_action(text)

    def components(self) -> list[int]:
        return list(range(1, NUM_CARDS + 1))

    def describe_action(self, state: State, action: Any) -> str:
        return words.describe_action(self, state, action)

    def action_fields(self, state: State, action: Any) -> dict[str, Any]:
        """``action.fields()`` (``actions.py``; docs/protocol.md, "Actions"); an attach adds
        what it makes of its column: ``cuddle`` (the total with the card), ``strength`` (a
        number, "∞" or "★", in words) and ``reaches`` (``words.attach_preview``)."""
        fields: dict[str, Any] = action.fields()
        if isinstance(action, actions.Attach):
            cuddle, strength, reaches = words.attach_preview(self, state, action)
            fields.update(cuddle=cuddle, strength=strength, reaches=reaches)
        return fields

    def describe_outcome(self, before: State, action: Any, after: State) -> str | None:
        return words.describe_outcome(self, before, action, after)

    def reveals(self, state: State, action: Any) -> bool:
        """True if the action leads to a draw, a reveal from the Creature deck or a shuffle."""
        assert isinstance(state, FamiliarFeatState)
        probe = state.clone()
        try:
            probe.apply_action(action)
        except ValueError:
            return False
        return (
            len(probe.deck) != len(state.deck)
            or probe.shuffles != state.shuffles
            or len(probe.team) < len(state.team)
        )
