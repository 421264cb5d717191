"""The contract every game implements: ``Game`` (rules + configuration) and ``State``.

Vocabulary follows OpenSpiel and PettingZoo. A ``Game`` is immutable and deals new states; a
``State`` is mutable and moves forward one decision at a time through ``apply_action``. All
randomness happens inside the state from a seeded RNG, so a game is fully given by
``(game id, config, seed, actions)`` (see ``records.py``).

Hidden information: the state holds the truth. ``observation(player)`` is one player's current
view: everything that player may know now, and nothing else; ``determinize(player, rng)``
samples a full state consistent with it: the basis of ISMCTS. The observation is not always
perfect recall (two histories may end in the same view); the information state with perfect
recall, everything the player saw happen, is ``core.infostate.InformationState``, built only
from observations and public words (``describe_action``, ``describe_outcome``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from .config import is_int
from .errors import IllegalActionError

TERMINAL: Final = -1
"""``State.current_player`` once the game is over."""

Action = Hashable
"""An action: a small frozen, hashable object whose ``str()`` is its stable text form."""


class Game(ABC):
    """Rules plus one configuration. Immutable; deals states with ``new_initial_state``.

    Subclasses set ``id`` (the registry name, kebab case) and ``title``, validate their
    configuration in ``__init__`` (raising ``ConfigError`` that names the option) and expose it,
    complete with defaults, as ``config`` (JSON-ready, so ``make(id, **game.config)`` rebuilds it).

    The contract is the rules only: drawing a table (terminal, SVG) is a part of the game's
    registration (``GameSpec.render``), so building a game or playing it out loads no UI code.
    """

    id: ClassVar[str]
    title: ClassVar[str]

    @property
    @abstractmethod
    def config(self) -> dict[str, Any]:
        """The full configuration, defaults included, as a JSON-ready dict."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats (1 for a solo game)."""

    @abstractmethod
    def new_initial_state(self, seed: int) -> State:
        """Set up a new game; the same seed always gives the same state."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict()``. Raises ``ValueError`` on malformed data."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse an action's text form (as printed by ``str(action)``).

        Raises ``IllegalActionError`` (with no rule) when the text is not an action of this game.
        Whether the action is legal in a given state is decided by ``State.apply_action``.
        """

    @abstractmethod
    def components(self) -> Sequence[Hashable]:
        """Every physical component in play (card numbers, tokens...), each exactly once.

        The conformance suite checks that ``State.component_locations()`` holds exactly these.
        """

    def content_sha256(self) -> str | None:
        """The SHA-256 of the content file this game was built from (shipped or the user's),
        or None for a game without one. Results files keep it (``arena/results.py``)."""
        return None

    def series(self) -> Series | None:
        """A multi-game format the rulebook defines (e.g. Pauly's Feather Tournament), or None."""
        return None

    def describe_action(self, state: State, action: Action) -> str:
        """A human sentence for ``action`` in ``state`` (defaults to the text form).

        Shown to every seat, so it names only what everyone at the table sees.
        """
        return str(action)

    def action_fields(self, state: State, action: Action) -> dict[str, Any]:
        """The structured form of legal ``action`` in ``state`` that pages read instead of its
        text (docs/protocol.md, "Actions"): ``{"kind": ..., ...}`` with the game's own fields
        (indexes as in the observations), and what the page needs to know of its effect that
        only the rules can say (the total a card would make, say). Public, like
        ``describe_action``. Default: ``{"kind": "action"}``, nothing structured (the plain
        view shows the text)."""
        return {"kind": "action"}

    def describe_outcome(self, before: State, action: Action, after: State) -> str | None:
        """What else ``action`` caused, in words, public information only (None if nothing).

        E.g. a card the rules move by themselves, or why the game ended. ``before`` is a copy of
        the state before ``action``, ``after`` the state after it.
        """
        return None

    def reveals(self, state: State, action: Action) -> bool:
        """True if ``action`` in ``state`` shows any seat something hidden (a drawn card).

        Interfaces must not let players take such a decision back and try again: that would be
        searching a face-down pile. The default, True, is the safe answer for a new game.
        """
        return True

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"make({self.id!r}, {options})"


class State(ABC):
    """One moment of one game. Mutable; advance it with ``apply_action``.

    Subclasses keep their data on plain ints and lists (playouts are the hot path), declared once
    as a ``statefields.StateFields``: ``to_dict``, the reading of ``state_from_dict`` and a
    generated ``clone`` (or, compiled, a hand-written one the tests hold to it) come from it.
    """

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide now (0-based), or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, in a stable order; empty when terminal."""

    @abstractmethod
    def apply_action(self, action: Action) -> None:
        """Apply ``action`` for the current player.

        Raises ``IllegalActionError`` naming the rule when the rules forbid it; the state is then
        unchanged.
        """

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat as the rulebook counts them (the game's current standing if not over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that win (several on a shared victory); empty until the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat outcome for learning and search (each game documents its scale)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """The current view of ``player``: JSON-ready, holding only what that player may know.

        Not always perfect recall: two histories can end in the same view (for everything
        ``player`` saw happen, see ``core.infostate.InformationState``). Research encodings
        turn it into a tensor (``core.encoding``). Raises ``ValueError`` for a seat that does
        not exist.
        """

    def public_observation(self) -> dict[str, Any]:
        """What everyone at the table sees (a spectator's view): JSON-ready, seat-independent.

        It may hold only what every seat knows: for every seat ``p`` it is unchanged on
        ``determinize(p, rng)`` (the conformance suite checks this). The default keeps the keys
        on which every seat's ``observation`` agrees (dropping ``player``); games override it
        to keep the public parts of seat-specific entries and, in solo games, to hide the
        hand from onlookers.
        """
        views = [self.observation(p) for p in range(self.game.num_players)]
        return {
            key: value
            for key, value in views[0].items()
            if key != "player" and all(view.get(key) == value for view in views[1:])
        }

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with ``observation(player)``, hidden parts sampled by ``rng``.

        Depends only on what ``player`` may know: two states with equal observations for
        ``player`` give equal results for equally seeded ``rng``.
        """

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (no shared mutable parts)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The complete state as JSON-ready data; ``game.state_from_dict`` inverts it."""

    @abstractmethod
    def component_locations(self) -> Mapping[str, Sequence[Hashable]]:
        """Every component, by the place it lies in (``"hand 0"``, ``"pile 1"``, ``"box"``...)."""

    def ended_by(self) -> GameEnd | None:
        """Why the game is over, or None while it goes on.

        A game whose length is capped (a ``max_turns`` option, a day limit) says
        ``capped=True`` when the cap, not its rules, ended it: results, reports and the end
        screen mark such games. The default knows no cap: ``GameEnd("the game is over")``.
        """
        return GameEnd("the game is over") if self.is_terminal() else None

    def check_player(self, player: int) -> None:
        """Raise ``ValueError`` unless ``player`` is a seat of this game (0-based int, not bool)."""
        if not is_int(player) or not 0 <= player < self.game.num_players:
            raise ValueError(f"player must be a seat 0-{self.game.num_players - 1}, got {player!r}")

    def action_from_text(self, text: str) -> Action:
        """Parse ``text`` and check it is legal now; raises ``IllegalActionError`` otherwise."""
        action = self.game.parse_action(text)
        if action not in self.legal_actions():
            probe = self.clone()
            probe.apply_action(action)  # raises with the rule that forbids it
            raise IllegalActionError(f"{text!r} is not a legal action now")  # pragma: no cover
        return action

    # A class that defines __eq__ and not __hash__ gets __hash__ = None from Python: a state,
    # mutable, is unhashable (tests/core/test_unhashable.py).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.config == other.game.config and self.to_dict() == other.to_dict()


def check_state_data(game_id: str, data: object) -> None:
    """Raise ``ValueError`` unless ``data`` is a mapping: every game's ``state_from_dict`` calls
    it first, so that ``None``, a number, bytes, a list or a string is refused as what it is
    (``a <game> state is a JSON object (a mapping), got list``) rather than with a
    ``TypeError`` or a list of "missing fields"."""
    if not isinstance(data, Mapping):
        raise ValueError(
            f"a {game_id} state is a JSON object (a mapping), got {type(data).__name__}"
        )


def win_shares(winners: Sequence[int], num_players: int) -> list[float]:
    """Returns of a won game: ``1/k`` for each of the ``k`` seats in ``winners``, 0.0 for the
    rest (``[0.0] * num_players`` when ``winners`` is empty)."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in range(num_players)]


@dataclass(frozen=True)
class GameEnd:
    """Why a game ended (``State.ended_by``).

    Attributes:
        text: the reason in words, public to every seat (``"draw pile 1 is empty"``).
        capped: True if a cap that keeps every game finite (a turn limit) stopped the game
            rather than its rules: its scores are not those of a game played out.
    """

    text: str
    capped: bool = False


@dataclass(frozen=True)
class Series:
    """A fixed number of games played in a row with each seat's scores summed (a tournament).

    Attributes:
        name: the rulebook's name for the format.
        games: how many games are played.
        rule: where the format is defined (rulebook section or ruling id).
        next_config: maps the finished previous game to the configuration changes for the next
            one (e.g. ``{"starting_player": 2}``).
    """

    name: str
    games: int
    rule: str
    next_config: Callable[[State], dict[str, Any]]
