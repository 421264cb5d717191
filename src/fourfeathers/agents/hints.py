"""Hints: what the strongest computer player would do for one seat, in words people read.

The terminal (``feathers play --hint``) and the browser (``feathers serve``) both call ``hint``,
so the two cannot disagree: the same position, agent and seed give the same choices.

A hint is searched from the seat's own ``SeatView`` (never the true state): the search, and in
solo games the playouts of the expected result, see only what the seat knows. Each choice says
what a player reads:

- with 2+ players the search's win chance: ``"win chance 64%"``;
- in a solo game the expected final result in the game's own unit (``GameSpec.score_unit``):
  ``"expected 2.3 Monsters"``, ``"expected 31 points"``;
- a decision with one legal action is answered at once, without any search: ``"the only
  move"``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core.game import Action, State
from ..core.registry import game_spec
from ..core.rng import derive_seed
from .base import SeatView, make_agent

HINT_AGENT = "hard"
"""The agent spec that answers hints (the terminal's ``--hint`` and the server's default)."""

HINT_CHOICES = 3
"""How many actions a hint lists (the best first)."""

ESTIMATE_AGENT = "greedy"
"""The agent that plays out the games of a solo hint's expected result."""

ESTIMATE_PLAYOUTS = 10
"""Games played out per listed action for a solo hint's expected result (a greedy game from
the start takes 25-90 ms here, so three actions fit ``ESTIMATE_SECONDS`` in most games)."""

ESTIMATE_SECONDS = 1.0
"""The time a solo hint's playouts may take in all: an action gets fewer playouts (at least
one) once its share is spent, so long solo games still answer quickly."""

ONLY_MOVE = "the only move"
"""What a player reads for a decision with one legal action."""


@dataclass(frozen=True)
class HintChoice:
    """One action a hint suggests.

    Attributes:
        action: the action's text form (``game.parse_action(action)`` gives it back).
        words: what it does (``Game.describe_action``, the words of the seat's action list).
        visits: how often the search tried it; 0 when nothing was searched (an only move).
        value: the search's mean reward, 0-1 (a win share with 2+ players, the normalised score
            in solo: ``IsmctsAgent.analyse``); None when not searched or the agent gives none.
        estimate: what ``text`` says as a number: with 2+ players the win chance (0-1), in a
            solo game the expected final score in the game's unit; None when not estimated.
        text: what a player reads: ``"win chance 64%"``, ``"expected 2.3 Monsters"``,
            ``"expected 31 points"``, ``"the only move"`` (empty when not estimated).
    """

    action: str
    words: str
    visits: int
    value: float | None
    estimate: float | None
    text: str


def hint_seed(seed: int, decisions: int) -> int:
    """The seed of a hint in a game seeded ``seed`` after ``decisions`` decisions: the
    terminal and the server derive it alike, so one position gets one hint."""
    return derive_seed(seed, "hint", decisions)


def hint(
    state: State,
    seat: int,
    spec: str = HINT_AGENT,
    seed: int = 0,
    playouts: int = ESTIMATE_PLAYOUTS,
) -> list[HintChoice]:
    """The best ``HINT_CHOICES`` actions for ``seat`` (the seat to move) as agent ``spec``
    sees them from the seat's ``SeatView``, most tried first.

    ``spec`` should have ``analyse(view) -> list[ActionStats]`` (as ``ismcts`` has); another
    agent gives its one choice. With one legal action the answer is that action at once, no
    agent built and nothing searched. In a solo game each listed action gets the expected final
    score from ``expected_score`` (``playouts`` games each, all from the same ``seed``: common
    random numbers, so that the figures of two actions differ by what the actions do).

    Only ``words`` come from ``state`` itself: the description of the seat's own legal action,
    which its action list already shows it.

    Raises ``ValueError`` if ``seat`` is not the seat to move or ``spec`` is no agent.
    """
    if state.current_player != seat:
        raise ValueError(f"a hint is for the seat to move ({state.current_player}), not {seat}")
    game = state.game
    actions = state.legal_actions()
    if len(actions) == 1:
        only = actions[0]
        return [HintChoice(str(only), game.describe_action(state, only), 0, None, None, ONLY_MOVE)]
    agent = make_agent(spec, seed, game)
    view = SeatView(state, seat)
    analyse = getattr(agent, "analyse", None)
    found: list[tuple[Action, int, float | None]]
    if analyse is None:
        found = [(agent.act(view), 1, None)]
    else:
        found = [(s.action, s.visits, float(s.value)) for s in analyse(view)[:HINT_CHOICES]]
    solo = game.num_players == 1
    unit = game_spec(game.id).score_unit
    share = ESTIMATE_SECONDS / max(1, len(found))
    choices = []
    for action, visits, value in found:
        if solo:  # one seed for all: the same sampled decks, so differences are the actions'
            estimate: float | None = expected_score(view, str(action), seed, playouts, share)
        else:
            estimate = value
        choices.append(
            HintChoice(
                str(action),
                game.describe_action(state, action),
                visits,
                value,
                estimate,
                estimate_text(estimate, solo, unit),
            )
        )
    return choices


def estimate_text(estimate: float | None, solo: bool, unit: str) -> str:
    """What a player reads for ``estimate``: ``"win chance 64%"`` (2+ players: a 0-1 chance,
    ``<1%`` and ``>99%`` at the ends), ``"expected 2.3 Monsters"`` / ``"expected 31 points"``
    (solo: one decimal below 10, whole numbers above); empty for None.

    >>> estimate_text(0.643, solo=False, unit="points"), estimate_text(0.998, False, "points")
    ('win chance 64%', 'win chance >99%')
    >>> estimate_text(2.25, solo=True, unit="Monsters"), estimate_text(30.6, True, "points")
    ('expected 2.2 Monsters', 'expected 31 points')
    """
    if estimate is None:
        return ""
    if not solo:
        percent = 100 * min(max(estimate, 0.0), 1.0)
        shown = "<1" if percent < 0.5 else ">99" if percent >= 99.5 else f"{percent:.0f}"
        return f"win chance {shown}%"
    figure = f"{estimate:.1f}" if abs(estimate) < 9.95 else f"{estimate:.0f}"
    return f"expected {figure} {unit}"


def expected_score(
    view: SeatView, action: str, seed: int, playouts: int, seconds: float | None = None
) -> float:
    """The mean final score of the view's seat (``State.scores()[seat]``, the game's unit)
    after ``action``, over ``playouts`` games: each from a determinization of the seat's view
    (never the true state), with ``action`` applied and the rest played by the
    ``ESTIMATE_AGENT``; fewer (at least one) once ``seconds`` have passed. A rough figure, the
    same for the same seed and view when no time runs out: it supposes that agent's play after
    the hint, not the player's own. Raises ``IllegalActionError`` if ``action`` is not legal."""
    rng = random.Random(seed)
    seat = view.player
    deadline = None if seconds is None else time.perf_counter() + seconds
    total = 0.0
    played = 0
    for _ in range(playouts):
        if played and deadline is not None and time.perf_counter() > deadline:
            break
        sample = view.determinize(rng)
        sample.apply_action(sample.game.parse_action(action))
        agent = make_agent(ESTIMATE_AGENT, rng.randrange(2**31))
        while not sample.is_terminal():
            sample.apply_action(agent.act(SeatView(sample, sample.current_player)))
        total += sample.scores()[seat]
        played += 1
    return total / played if played else 0.0
