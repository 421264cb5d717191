"""The Isle of Feathers game: configuration, setup, text actions, descriptions and pictures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.config import check_content_digest, common_options, is_int
from ...core.errors import ConfigError
from ...core.game import Game, State
from . import actions, rules, rules_check, rules_phases, words
from .content import ABILITIES, COLOURS, NUM_BIRDS, Content, load_content
from .island import Island
from .options import Options
from .state import FIELDS, IsleState

DEFAULT_MAX_TURNS = 200
"""Ruling IS-R27: a game that nobody ends by placing the last Sand stops after this many turns."""

VARIANTS = {
    "discard-draws-blind": "IS-R07: the discard action's card is the top of the Draw pile; "
    "the Flight Path does not move",
    "compulsory-abilities": "IS-R09: a discarded bird's ability must be used when it can be",
    "flock-costs-action": "IS-R10: a Flock placement costs one of the turn's actions",
    "strict-support": "IS-R04: a taller neighbour supports a tile only if exactly one level taller",
    "veg-under-birds": "IS-R15: Vegetation may be added on a tile that holds a bird",
    "tiebreak-most-birds": "IS-R12: a tie on points goes to the player with more birds placed",
    "solo-empty-stamina": "IS-R23: the solo Stamina pool starts empty",
    "solo-end-on-empty-draw": "IS-R24: the solo season ends as soon as the Draw pile is empty",
    "solo-one-colour": "IS-R33: the solo player houses birds with one colour's Bird tokens "
    "(10), not every token in the box (40)",
}
"""Named variant options: the reasonable alternatives to our rulings."""

SOLO_VARIANTS = ("solo-empty-stamina", "solo-end-on-empty-draw", "solo-one-colour")
MULTI_VARIANTS = ("tiebreak-most-birds",)


class IsleGame(Game):
    """Isle of Feathers for 2-4 players, or 1 (the solo Migration Season).

    Args:
        players: 1-4 (``ConfigError`` otherwise); 1 plays the Migration Season.
        stamina: solo level 1-4 (IS-69, IS-75); None means 1 in solo. Only for ``players=1``.
        starting_player: seat that starts (0-based); None draws one from the seed (IS-09).
        content: path of a content file (birds and components); None uses the shipped one.
        variants: names from ``VARIANTS``.
        max_turns: turn limit of ruling IS-R27; 0 for none.
        content_digest: the SHA-256 of the content file a record was played with; a different
            file raises ``ConfigError`` (records keep it so that replays stay exact).

    Raises ``ConfigError`` naming the option for any value the rules do not allow, and
    ``ContentError`` for a broken content file.
    """

    id = "isle-of-feathers"
    title = "Isle of Feathers"

    def __init__(
        self,
        players: int = 2,
        stamina: int | None = None,
        starting_player: int | None = None,
        content: str | None = None,
        variants: Sequence[str] = (),
        max_turns: int = DEFAULT_MAX_TURNS,
        content_digest: str | None = None,
    ) -> None:
        name = self.id
        common = common_options(
            name,
            players,
            range(1, 5),
            "IS-R20",
            content,
            variants,
            VARIANTS,
            starting_player=starting_player,
            max_turns=max_turns,
        )
        if stamina is not None:
            if players != 1:
                raise ConfigError(
                    f"{name}: stamina is the solo level and needs players=1, got players={players}"
                )
            if not is_int(stamina) or not 1 <= stamina <= 4:
                raise ConfigError(f"{name}: stamina must be a level 1 to 4, got {stamina!r}")
        variants = common.variants
        misplaced = [
            v
            for v in variants
            if (v in SOLO_VARIANTS and players != 1) or (v in MULTI_VARIANTS and players == 1)
        ]
        if misplaced:
            where = "the solo game" if misplaced[0] in SOLO_VARIANTS else "2-4 players"
            raise ConfigError(f"{name}: variant {misplaced[0]} is for {where} (players={players})")
        self._players = players
        self.solo = players == 1
        self.stamina = (stamina or 1) if self.solo else None
        self.starting_player = starting_player
        self.content_path = common.content
        self.variants = variants
        self.max_turns = max_turns
        self.discard_draws_blind = "discard-draws-blind" in self.variants
        self.compulsory_abilities = "compulsory-abilities" in self.variants
        self.flock_costs_action = "flock-costs-action" in self.variants
        self.strict_support = "strict-support" in self.variants
        self.veg_under_birds = "veg-under-birds" in self.variants
        self.tiebreak_most_birds = "tiebreak-most-birds" in self.variants
        self.empty_stamina = "solo-empty-stamina" in self.variants
        self.end_on_empty_draw = "solo-end-on-empty-draw" in self.variants
        self.content: Content = load_content(self.content_path)
        every_colour = self.solo and "solo-one-colour" not in self.variants
        self.bird_tokens = self.content.bird_tokens * (len(COLOURS) if every_colour else 1)
        """Bird tokens each seat may place (IS-R18): one colour's with 2-4 players, every
        colour's in solo (ruling IS-R33; one colour's with variant solo-one-colour)."""
        self.content_digest = check_content_digest(
            self.id, self.content_path, content_digest, self.content.digest
        )
        self._start = _start_version()
        self.options = Options(self)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what the deals' island version implies (a cache, found again) and
        the rules' copy of the options (made again)."""
        fields = self.__dict__.copy()
        del fields["_start"], fields["options"]
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self._start = _start_version()
        self.options = Options(self)

    def content_sha256(self) -> str:
        return self.content.digest

    @property
    def config(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "stamina": self.stamina,
            "starting_player": self.starting_player,
            "content": self.content_path,
            "variants": list(self.variants),
            "max_turns": self.max_turns,
            "content_digest": self.content_digest,
        }

    @property
    def num_players(self) -> int:
        return self._players

    def new_initial_state(self, seed: int) -> IsleState:
        state = IsleState(self, rules.deal(self, seed))
        state.island = self._start
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> IsleState:
        """Rebuild a state from ``to_dict()`` output.

        Raises ``ValueError`` naming the field when the data is not a position this game can
        reach: wrong shapes or types, a card missing or twice, tiles or tokens that do not add
        up to the box, a seat, phase or pending step out of range.
        """
        sizes = {"players": self._players, "flight_path": self.content.flight_path}
        fields = FIELDS.read(data, sizes)
        if not 0 <= fields["seed"] <= 2**63 - 1:
            raise ValueError(f"{self.id} state: seed must be 0 to 2**63 - 1")
        state = IsleState(self, fields)
        problem = rules_check.check_state(state)
        if problem:
            raise ValueError(f"{self.id} state: {problem}")
        return state

    def parse_action(self, text: str) -> Any:
        return actions.parse_action(text, self.content.flight_path)

    def components(self) -> list[Any]:
        """The 52 bird cards (numbers), and every tile, Vegetation, Ability and Bird token by
        name (``"sand 3"``, ``"vegetation 18"``, ``"flit 9"``, ``"red bird 10"``)."""
        content = self.content
        parts: list[Any] = list(range(1, NUM_BIRDS + 1))
        for kind, name in enumerate(("sand", "grass", "cliff")):
            parts += [f"{name} {i}" for i in range(1, content.tiles[kind] + 1)]
        parts += [f"vegetation {i}" for i in range(1, content.vegetation + 1)]
        for kind, name in enumerate(ABILITIES):
            parts += [f"{name} {i}" for i in range(1, content.ability_tokens[kind] + 1)]
        for name in COLOURS:
            parts += [f"{name} bird {i}" for i in range(1, content.bird_tokens + 1)]
        return parts

    def describe_action(self, state: State, action: Any) -> str:
        assert isinstance(state, IsleState)
        return words.describe_action(self, state, action)

    def action_fields(self, state: State, action: Any) -> dict[str, Any]:
        """``action.fields()`` (``actions.py``; docs/protocol.md, "Actions")."""
        fields: dict[str, Any] = action.fields()
        return fields

    def describe_outcome(self, before: State, action: Any, after: State) -> str | None:
        assert isinstance(before, IsleState) and isinstance(after, IsleState)
        return words.describe_outcome(self, before, action, after)

    def reveals(self, state: State, action: Any) -> bool:
        """Draws show a hidden card (a blind draw, or a Flight Path refill from the Draw pile);
        a pass shows the receiver a card; a release draws from the Migration pile. With variant
        discard-draws-blind, resolving a discard draws too."""
        assert isinstance(state, IsleState)
        if isinstance(
            action, (actions.TakeFaceUp, actions.DrawBlind, actions.PassCard, actions.Release)
        ):
            return True
        return self.discard_draws_blind and (
            isinstance(action, actions.Discard)
            or state.phase in (rules_phases.ABILITY, rules_phases.PLANT)
        )


def _start_version() -> Island:
    """Every deal's island version: the same tiles and supplies whatever the seed (IS-05,
    IS-06), so what it implies is worked out once for all the game's deals (``island``)."""
    start = Island()
    start.shared = True
    return start
