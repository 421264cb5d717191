"""What a game tells its computer players: ``SearchProfile``, the heuristic part of a ``GameSpec``.

A game's ``heuristic.py`` ends with one ``PROFILE = SearchProfile(evaluate=..., ...)`` and its
registration names it (``heuristic=".heuristic:PROFILE"``); a game whose only word to the agents
is a position value may name the function itself (``heuristic=".heuristic:evaluate"``). Every
field but ``evaluate`` has the default a game without it gets, so a misspelt name is a
``TypeError`` when the module is imported, never a setting silently left at its default. The
agents read the profile through ``agents.heuristic``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, TypeVar

from .game import State

Heuristic = Callable[[State, int], float]
"""A position value: ``evaluate(state, player)`` of a full (determinized) ``state`` for
``player``, higher is better, on the game's own score scale."""

Values = Callable[[State], list[float]]
"""``values(state)``: ``evaluate(state, p)`` for every seat ``p``, seat order."""

Settled = Callable[[State, int], bool]
"""``result_settled(state, player)``: True once no decision can change ``player``'s result in
``state``."""

PositionKey = Callable[[State, int], Hashable]
"""``position_key(state, player)``: what ``player`` sees of ``state``, as a hashable key."""

S = TypeVar("S", bound=State)
"""The game's own state class: its functions take the states of their game only."""


@dataclass(frozen=True)
class ReviewThresholds:
    """How much a decision must lose to be marked in a game review (``agents.review``): an
    *inaccuracy* from ``inaccuracy`` on, a *mistake* from ``mistake``, a *blunder* from
    ``blunder`` (``0 < inaccuracy <= mistake <= blunder``). The unit is the review's: win-chance
    points (0-100) with 2+ players, the game's ``GameSpec.score_unit`` in solo.

    Raises ``ValueError`` for thresholds that are not positive and increasing.
    """

    inaccuracy: float
    mistake: float
    blunder: float

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError(
                "ReviewThresholds: need 0 < inaccuracy <= mistake <= blunder, got "
                f"{self.inaccuracy!r}, {self.mistake!r}, {self.blunder!r}"
            )

    def mark(self, loss: float) -> str:
        """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or ``""`` for a decision that lost
        ``loss`` (in the thresholds' unit).

        >>> ReviewThresholds(5, 10, 20).mark(12.5), ReviewThresholds(5, 10, 20).mark(4.9)
        ('mistake', '')
        """
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


REVIEW_WIN_CHANCE = ReviewThresholds(5.0, 10.0, 20.0)
"""The review thresholds of a game with 2+ players that states none, in win-chance points: a
decision that gives away 5 points of win chance is an inaccuracy, 10 a mistake, 20 a blunder."""

DEFAULT_SCALE = 20.0
"""``scale`` of a game that states none: a lead of 20 points is a two-player win chance of 73%
(the logistic of a 10-point lead ISMCTS used before)."""


@dataclass(frozen=True, eq=False)
class SearchProfile(Generic[S]):
    """A game's word to the greedy agent and ISMCTS (``agents.heuristic``, ``agents.ismcts``),
    ``SearchProfile[TheGamesState]``; the functions take that game's states only.

    evaluate: the position value (``Heuristic``).
    evaluate_all: every seat's value at once, equal to ``evaluate`` seat by seat (for a game
        whose values share work across seats, such as a lead over the best other seat); None:
        ``evaluate`` once per seat.
    scale: heuristic units per unit of ISMCTS's reward logit, positive (``DEFAULT_SCALE``).
    prior, prior_after, prior_depth, relative, horizon, turn_c: the defaults of the ``ismcts``
        parameters of those names in this game (``agents.ismcts.ISMCTSAgent``).
    solo_levels: ``{level: spec}``, the difficulty names the game's solo mode plays with
        another spec than their common one (``agents.ALIASES``); kept as given, not copied.
    levels: ``{players: {level: spec}}``, the same for the game with that many players (2+).
    actions_interned: every action the states hand out is the one object of its value, so a
        search may key actions by ``id``.
    result_settled: True once no decision can change a seat's result (``Settled``), read from
        what every seat sees; ISMCTS then plays greedy's move for that seat.
    position_key, repeat_penalty: the greedy agent's repetition rule, both or neither: a
        hashable key of what a seat sees (``PositionKey``), and the heuristic units a position
        the seat has already decided in is valued below a new one (positive).
    review_win_chance: the thresholds of a game review with 2+ players, in win-chance points
        (``ReviewThresholds``; ``REVIEW_WIN_CHANCE``).
    review_solo: the thresholds of a review of the solo game, in the game's
        ``GameSpec.score_unit``; None (a game without a solo mode): a solo review reports each
        decision's loss and marks none.

    Raises ``ValueError`` for a scale or repeat penalty that is not positive, and for a
    ``position_key`` without a penalty or the other way round.
    """

    evaluate: Callable[[S, int], float]
    evaluate_all: Callable[[S], list[float]] | None = None
    scale: float = DEFAULT_SCALE
    prior: float = 2.0
    prior_after: int = 4
    prior_depth: int = 0
    relative: bool = False
    horizon: int = 0
    turn_c: float = 0.0
    solo_levels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    levels: Mapping[int, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    actions_interned: bool = False
    result_settled: Callable[[S, int], bool] | None = None
    position_key: Callable[[S, int], Hashable] | None = None
    repeat_penalty: float | None = None
    review_win_chance: ReviewThresholds = REVIEW_WIN_CHANCE
    review_solo: ReviewThresholds | None = None

    def __post_init__(self) -> None:
        if not self.scale > 0:
            raise ValueError(f"SearchProfile: scale must be positive, got {self.scale!r}")
        if (self.position_key is None) != (self.repeat_penalty is None):
            raise ValueError("SearchProfile: position_key and repeat_penalty go together")
        if self.repeat_penalty is not None and not self.repeat_penalty > 0:
            raise ValueError(
                f"SearchProfile: repeat_penalty must be positive, got {self.repeat_penalty!r}"
            )
