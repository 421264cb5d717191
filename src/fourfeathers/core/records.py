"""Game records and matches: a game is ``(game id, config, seed, actions)``.

Replaying a record reproduces every state bit for bit, so records are the save format, the
undo mechanism (replay all but the last decision) and the unit of every simulation result.
Records are JSON; actions are stored in their text form.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import is_int
from .errors import IllegalActionError
from .files import SAVE_LIMIT, parse_json, read_text
from .game import Action, Game, State
from .registry import make
from .rng import MAX_SEED

NOTE = (
    "This file holds the whole game, hidden cards included: its seed deals every card and "
    "every pile. Like the box of the physical game, do not look inside before the game is "
    "over."
)
"""The first field of every saved record, so that the file says what it holds."""


@dataclass
class GameRecord:
    """A replayable game.

    Attributes:
        game: registry id.
        config: the game's full configuration (``Game.config``).
        seed: the seed given to ``new_initial_state``.
        actions: the decisions taken, in order, as text forms.
        table: how the game is played, for the interface that saved it (JSON-ready: who
            sits where, display options, a tournament's progress); replaying ignores it.
    """

    game: str
    config: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)

    def make_game(self) -> Game:
        """The ``Game`` this record was played with."""
        return make(self.game, **self.config)

    def replay(
        self, upto: int | None = None, before: Callable[[State], None] | None = None
    ) -> State:
        """The state after the first ``upto`` actions (all when None); ``before(state)`` is
        called with the state before each of them is applied (it must not change it).

        Raises ``IllegalActionError`` naming the action's index if the record is not a legal game.
        """
        game = self.make_game()
        state = game.new_initial_state(self.seed)
        for i, text in enumerate(self.actions[:upto]):
            if before is not None:
                before(state)
            try:
                state.apply_action(game.parse_action(text))
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"record action #{i} {text!r}: {exc.reason}", exc.rule
                ) from None
        return state

    def to_json(self) -> str:
        """The record as one JSON object, ``NOTE`` first (what the file holds, in words)."""
        data: dict[str, Any] = {
            "note": NOTE,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
        }
        if self.table:
            data["table"] = self.table
        data["actions"] = self.actions
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str, where: str = "game record") -> GameRecord:
        """Parse ``to_json`` output (a ``note`` is ignored; ``table`` is optional).

        Raises ``files.UnreadableFile`` (a ``ValueError``) naming ``where`` for text that is
        not JSON or nests deeper than ``files.MAX_DEPTH``, ``ValueError`` naming a missing or
        wrong field, e.g. a seed outside ``[0, MAX_SEED]`` (``core/rng.py``).
        """
        data = parse_json(where, text)
        if not isinstance(data, dict):
            raise ValueError(f"a game record is a JSON object, not {json_kind(data)}")
        for key in ("game", "config", "seed", "actions"):
            if key not in data:
                raise ValueError(f"game record field {key!r} is missing")
        for key, kind in (("game", str), ("config", dict), ("actions", list), ("table", dict)):
            if key in data and not isinstance(data[key], kind):
                raise ValueError(
                    f"game record field {key!r} must be {JSON_KINDS[kind]}, "
                    f"not {json_kind(data[key])}"
                )
        seed = data["seed"]
        if not is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(
                f"game record field 'seed' must be an integer from 0 to {MAX_SEED}, got "
                f"{seed if is_int(seed) else json_kind(seed)}"
            )
        table = data.get("table", {})
        actions = [str(a) for a in data["actions"]]
        return cls(data["game"], data["config"], seed, actions, table)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON to ``path``."""
        Path(path).write_text(self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by ``save``.

        Raises ``files.UnreadableFile`` naming ``path`` if it is not a regular file, is larger
        than ``files.SAVE_LIMIT``, is not UTF-8 JSON or nests too deep; ``ValueError`` for a
        missing or wrong field (``from_json``).
        """
        return cls.from_json(read_text(path, "saved game", SAVE_LIMIT), str(path))


JSON_KINDS: dict[type, str] = {
    dict: "an object",
    list: "a list",
    str: "a string",
    bool: "true or false",
    int: "an integer",
    float: "a number",
    type(None): "null",
}
"""How a JSON value of each Python type is named in messages."""


def json_kind(value: Any) -> str:
    """``value`` (parsed JSON) named by its kind: ``"a list"``, ``"null"``, ``"a string"``..."""
    return JSON_KINDS.get(type(value), type(value).__name__)


class Match:
    """A game in progress with its record: apply decisions, undo the last one, save.

    ``state`` is always ``record.replay()``; ``undo`` replays all but the last decision.
    """

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.record = GameRecord(game.id, game.config, seed)
        self.state = game.new_initial_state(seed)

    def apply(self, action: Action) -> None:
        """Apply ``action`` and record it. Raises ``IllegalActionError``; nothing changes then."""
        self.state.apply_action(action)
        self.record.actions.append(str(action))

    def undo(self) -> None:
        """Take back the last decision. Raises ``IllegalActionError`` if none was made."""
        if not self.record.actions:
            raise IllegalActionError("there is no decision to undo")
        self.record.actions.pop()
        self.state = self.record.replay()

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Continue a saved game."""
        match = cls(record.make_game(), record.seed)
        match.record = record
        match.state = record.replay()
        return match
