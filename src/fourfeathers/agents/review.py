"""Game review: how much each decision of one seat lost against the strongest computer player.

``review(record, seat)`` replays a ``GameRecord`` and, at every decision of ``seat`` with more
than one legal action, searches as the ``hard`` level does (``REVIEW_AGENT``) from the seat's
own ``SeatView`` at that moment, never the true state: the same search as a hint
(``agents.hints``). It reports, in the words of the hint:

- with 2+ players the win chance of the move played and of the best move (the search's choice:
  its most tried action), and the *loss*: the best move's win chance minus the played one's, in
  win-chance points (0-100);
- in a solo game their expected final score in the game's ``GameSpec.score_unit``
  (``hints.expected_score``: playouts from the seat's view, the same seed for both moves), and
  the loss in that unit.

A loss from the game's thresholds on is marked ``inaccuracy``, ``mistake`` or ``blunder``
(``core.search.ReviewThresholds``: the profile's ``review_win_chance``, 5/10/20 win-chance points
unless the game says otherwise, or its ``review_solo``, declared in each game's
``heuristic.py``). A loss is never negative: a played move the search values above its own
choice lost nothing.

The review is seeded: decision ``i`` is searched with ``derive_seed(seed, "review", i)`` and an
iteration budget, so the same record, seat, budget and seed give the same figures and marks.
With a time cap (``seconds``) a search may stop before its budget; every reviewed decision says
how many iterations it got, and whether that is fewer than the ``hard`` level's budget
(``ReviewedDecision.short``). ``Review.to_dict`` is plain JSON; ``svg_chart`` draws the seat's
win chance (expected score in solo) over the game as SVG text without any plotting library, and
``png_chart`` as a PNG with matplotlib (the ``report`` extra).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.game import State
from ..core.records import GameRecord
from ..core.registry import game_spec
from ..core.rng import derive_seed
from ..core.search import ReviewThresholds
from .base import SeatView, make_agent
from .heuristic import profile_for
from .hints import ESTIMATE_PLAYOUTS, expected_score
from .ismcts import IsmctsAgent

REVIEW_AGENT = "hard"
"""The level whose search reviews a decision (its spec in the game, ``agents.resolve_spec``,
with the iteration budget given to ``review`` and no time budget unless one is given)."""

MARKS = ("inaccuracy", "mistake", "blunder")
"""The marks of a decision that lost at least the game's thresholds, mildest first."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called before the first decision (``done`` 0) and after each."""

Cancel = Callable[[], bool]
"""``cancel() -> bool``: checked before each decision; True stops the review there
(``threading.Event().is_set`` is one)."""


@dataclass(frozen=True)
class MoveFigures:
    """One move of a reviewed decision.

    Attributes:
        action: its text form (``game.parse_action`` gives it back).
        words: what it does (``Game.describe_action``).
        visits: how often the search tried it.
        value: the search's mean reward, 0-1 (the win chance with 2+ players; in solo the
            normalised gain of ``agents.ismcts``).
        estimate: the win chance (0-1) with 2+ players, the expected final score in the game's
            unit in solo.
    """

    action: str
    words: str
    visits: int
    value: float
    estimate: float


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat.

    Attributes:
        index: its place in the record (0-based: ``record.actions[index]`` was played).
        choices: how many legal actions it had (2 or more: forced decisions are skipped).
        played: the move played; ``best``: the search's choice (the same move when it agreed).
        loss: ``best.estimate - played.estimate``, at least 0, in the review's unit
            (win-chance points 0-100, or the score unit in solo).
        mark: ``""`` or one of ``MARKS``.
        iterations: the search's iterations; ``short``: True when they are fewer than the
            ``hard`` level's budget (a smaller budget or a time cap), so the figures are rougher.
        playouts: the playouts of each expected score (solo), 0 with 2+ players.
    """

    index: int
    choices: int
    played: MoveFigures
    best: MoveFigures
    loss: float
    mark: str
    iterations: int
    short: bool
    playouts: int = 0

    @property
    def agreed(self) -> bool:
        """True if the move played is the search's choice."""
        return self.played.action == self.best.action


@dataclass
class Review:
    """The review of one seat's decisions in a game record.

    Attributes:
        game, config: the record's game id and configuration.
        players: the number of seats; ``seat``: the reviewed seat (0-based).
        solo: True for a solo game (figures are expected scores, not win chances).
        unit: ``"win-chance points"`` or the game's ``score_unit`` (losses and thresholds).
        thresholds: the thresholds of the marks (``ReviewThresholds``), None for a solo game
            whose profile declares none (losses are then reported and nothing is marked).
        budget: the iterations each search was given; ``level_budget``: the ``hard`` level's
            (``short`` decisions got fewer); ``seconds``: the time cap per search (None: none,
            and the review is reproducible).
        seed: the review's seed (each decision's search is seeded from it).
        decisions: the reviewed decisions in game order.
        forced: how many decisions of the seat had one legal action (skipped).
        total: how many decisions of the seat were to be reviewed.
        cancelled: True if the review stopped before the last decision.
        scores: the final scores if the record ends the game, else None.
    """

    game: str
    config: dict[str, Any]
    players: int
    seat: int
    solo: bool
    unit: str
    thresholds: ReviewThresholds | None
    budget: int
    level_budget: int
    seconds: float | None
    seed: int
    decisions: list[ReviewedDecision] = field(default_factory=list)
    forced: int = 0
    total: int = 0
    cancelled: bool = False
    scores: list[float] | None = None

    def counts(self) -> dict[str, int]:
        """How many decisions got each mark, ``{"inaccuracy": n, "mistake": n, "blunder": n}``."""
        return {mark: sum(d.mark == mark for d in self.decisions) for mark in MARKS}

    def agreement(self) -> float | None:
        """The share of reviewed decisions whose move played is the search's choice (None
        without any)."""
        if not self.decisions:
            return None
        return sum(d.agreed for d in self.decisions) / len(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON data: every attribute (``thresholds`` as
        ``{"inaccuracy", "mistake", "blunder"}`` or null, decisions with ``played``/``best``
        as objects), plus ``counts`` and ``agreement``."""
        data = asdict(self)
        data["thresholds"] = None if self.thresholds is None else asdict(self.thresholds)
        data["counts"] = self.counts()
        data["agreement"] = self.agreement()
        return data


def review_thresholds(game_id: str, solo: bool) -> ReviewThresholds | None:
    """The thresholds of a review of ``game_id``: the profile's ``review_solo`` in a solo game
    (None if it declares none), its ``review_win_chance`` otherwise. Raises ``ConfigError`` for
    an unknown game."""
    profile = profile_for(game_id)
    return profile.review_solo if solo else profile.review_win_chance


def level_budget(game: Any) -> int:
    """The iteration budget of the ``REVIEW_AGENT`` level in ``game`` (3,000 for ``hard``)."""
    agent = make_agent(REVIEW_AGENT, 0, game)
    iterations = getattr(agent, "iterations", None)
    return int(iterations) if iterations else 1000


def review(
    record: GameRecord,
    seat: int = 0,
    budget: int | None = None,
    seed: int = 0,
    *,
    seconds: float | None = None,
    playouts: int = ESTIMATE_PLAYOUTS,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> Review:
    """Review every decision of ``seat`` (0-based) in ``record`` (module docstring).

    Args:
        record: the game (finished or not).
        seat: the reviewed seat.
        budget: iterations per search (None: the ``hard`` level's, ``level_budget``).
        seed: seeds every search (and the playouts of solo estimates).
        seconds: a time cap per search (None: none; with one the figures depend on the
            machine and the review is not reproducible).
        playouts: games played out per move for a solo expected score (at least 1).
        progress: ``Progress``, called as decisions are done.
        cancel: ``Cancel``, checked before each decision; the review then ends with
            ``cancelled`` True and the decisions done so far.

    Returns a ``Review``.

    Raises ``ValueError`` for a seat that is not one of the game's, a budget or ``playouts``
    below 1; ``ConfigError`` for a record of an unknown game or a bad configuration,
    ``IllegalActionError`` (naming the action's index) for a record that is not a legal game.
    """
    result, todo = prepare(record, seat, budget, seed, seconds=seconds, playouts=playouts)
    if progress is not None:
        progress(0, len(todo))
    for done, (index, state) in enumerate(todo):
        if cancel is not None and cancel():
            result.cancelled = True
            break
        result.decisions.append(
            review_decision(state, seat, record.actions[index], index, result, playouts)
        )
        if progress is not None:
            progress(done + 1, len(todo))
    return result


def prepare(
    record: GameRecord,
    seat: int = 0,
    budget: int | None = None,
    seed: int = 0,
    *,
    seconds: float | None = None,
    playouts: int = ESTIMATE_PLAYOUTS,
) -> tuple[Review, list[tuple[int, State]]]:
    """The start of ``review``: a ``Review`` without decisions yet (``forced``, ``total`` and
    ``scores`` filled) and the decisions to review, ``(record index, state before it)`` in game
    order; ``review_decision`` reviews one. A server reviews a game a decision at a time this
    way (``web.review``). Arguments and errors are ``review``'s."""
    game = record.make_game()
    players = game.num_players
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat + 1} is not a seat of this {players}-player game")
    if budget is not None and budget < 1:
        raise ValueError(f"the review budget must be at least 1 iteration, got {budget}")
    if playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {playouts}")
    solo = players == 1
    spec = game_spec(game.id)
    level = level_budget(game)
    result = Review(
        game=record.game,
        config=dict(record.config),
        players=players,
        seat=seat,
        solo=solo,
        unit=spec.score_unit if solo else "win-chance points",
        thresholds=review_thresholds(game.id, solo),
        budget=level if budget is None else budget,
        level_budget=level,
        seconds=seconds,
        seed=seed,
    )
    todo: list[tuple[int, State]] = []
    seen = [0]

    def collect(state: State) -> None:
        index = seen[0]
        seen[0] += 1
        if state.is_terminal() or state.current_player != seat:
            return
        if len(state.legal_actions()) < 2:
            result.forced += 1
        else:
            todo.append((index, state.clone()))

    final = record.replay(before=collect)
    if final.is_terminal():
        result.scores = [float(s) for s in final.scores()]
    result.total = len(todo)
    return result, todo


def review_decision(
    state: State, seat: int, played: str, index: int, settings: Review, playouts: int
) -> ReviewedDecision:
    """The review of one decision: ``seat`` to move in ``state``, ``played`` (a legal action's
    text form) the move made, ``index`` its place in the record; the budget, time cap, seed and
    thresholds are ``settings``'. Raises ``ValueError`` if ``played`` is not a legal action."""
    game = state.game
    actions = {str(a): a for a in state.legal_actions()}
    if played not in actions:
        raise ValueError(f"record action #{index} {played!r} is not a legal action")
    search_seed = derive_seed(settings.seed, "review", index)
    agent = make_agent(REVIEW_AGENT, search_seed, game)
    if not isinstance(agent, IsmctsAgent):  # pragma: no cover - every level of hard searches
        raise TypeError(f"the review agent {REVIEW_AGENT!r} is no search")
    agent.iterations = settings.budget
    agent.seconds = settings.seconds
    view = SeatView(state, seat)
    stats = agent.analyse(view)
    iterations = sum(s.visits for s in stats)
    by_text = {str(s.action): s for s in stats}
    best_stats = stats[0]
    played_stats = by_text.get(played)
    played_visits = played_stats.visits if played_stats is not None else 0
    played_value = played_stats.value if played_stats is not None else 0.0
    best_text = str(best_stats.action)
    solo = settings.solo
    if solo:
        best_estimate = expected_score(view, best_text, search_seed, playouts)
        played_estimate = (
            best_estimate
            if played == best_text
            else expected_score(view, played, search_seed, playouts)
        )
        loss = best_estimate - played_estimate
    else:
        best_estimate, played_estimate = best_stats.value, played_value
        loss = 100.0 * (best_estimate - played_estimate)
    loss = max(0.0, loss) if played != best_text else 0.0
    thresholds = settings.thresholds
    return ReviewedDecision(
        index=index,
        choices=len(actions),
        played=MoveFigures(
            played,
            game.describe_action(state, actions[played]),
            played_visits,
            played_value,
            played_estimate,
        ),
        best=MoveFigures(
            best_text,
            game.describe_action(state, best_stats.action),
            best_stats.visits,
            best_stats.value,
            best_estimate,
        ),
        loss=loss,
        mark="" if thresholds is None else thresholds.mark(loss),
        iterations=iterations,
        short=iterations < settings.level_budget,
        playouts=playouts if solo else 0,
    )


def chart_points(result: Review) -> list[tuple[int, float]]:
    """``(record index, figure)`` for each reviewed decision: the win chance in percent (0-100)
    of the move played with 2+ players, its expected final score in solo."""
    scale = 1.0 if result.solo else 100.0
    return [(d.index, scale * d.played.estimate) for d in result.decisions]


MARK_COLOURS = {"": "#4a7ab5", "inaccuracy": "#e0b000", "mistake": "#e07000", "blunder": "#c02020"}
"""The colour of a decision's dot on a chart, by its mark."""


def svg_chart(result: Review, width: int = 640, height: int = 240) -> str:
    """The seat's win chance (percent, 0-100) over the game, or its expected score in solo, as
    one ``<svg>`` element (plain text, no plotting library): a line through the reviewed
    decisions, a dot on each coloured by its mark (``MARK_COLOURS``), the 50% line with 2+
    players. ``width`` and ``height`` in pixels; a review without decisions gives the frame and
    its title alone."""
    pad_left, pad_right, pad_top, pad_bottom = 44, 12, 28, 30
    inner_w = max(1, width - pad_left - pad_right)
    inner_h = max(1, height - pad_top - pad_bottom)
    points = chart_points(result)
    if result.solo:
        values = [v for _, v in points] or [0.0]
        low, high = min(0.0, min(values)), max(values)
        high = low + 1.0 if high <= low else high
        label = f"expected {result.unit}"
    else:
        low, high = 0.0, 100.0
        label = "win chance %"
    last = max([i for i, _ in points] or [1])
    first = min([i for i, _ in points] or [0])
    span = max(1, last - first)

    def x(index: int) -> float:
        return pad_left + inner_w * (index - first) / span

    def y(value: float) -> float:
        return pad_top + inner_h * (1 - (value - low) / (high - low))

    title = html.escape(f"{result.game}: seat {result.seat + 1}, {label}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{title}">',
        f'<text x="{pad_left}" y="18" font-size="13" font-family="sans-serif">{title}</text>',
        f'<rect x="{pad_left}" y="{pad_top}" width="{inner_w}" height="{inner_h}" '
        'fill="none" stroke="#999"/>',
    ]
    for tick in _ticks(low, high):
        ty = y(tick)
        parts.append(
            f'<text x="{pad_left - 4}" y="{ty + 4:.1f}" font-size="10" text-anchor="end" '
            f'font-family="sans-serif">{tick:g}</text>'
        )
    if not result.solo:
        parts.append(
            f'<line x1="{pad_left}" y1="{y(50):.1f}" x2="{pad_left + inner_w}" y2="{y(50):.1f}" '
            'stroke="#ccc" stroke-dasharray="4 3"/>'
        )
    parts.append(
        f'<text x="{pad_left + inner_w / 2:.1f}" y="{height - 8}" font-size="10" '
        'text-anchor="middle" font-family="sans-serif">decision</text>'
    )
    if points:
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="#4a7ab5" stroke-width="1.5"/>')
    for decision, (i, v) in zip(result.decisions, points, strict=True):
        tip = html.escape(f"#{i + 1} {decision.played.words}" + _mark_tip(decision))
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="{4 if decision.mark else 2.5}" '
            f'fill="{MARK_COLOURS[decision.mark]}"><title>{tip}</title></circle>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _mark_tip(decision: ReviewedDecision) -> str:
    return f" ({decision.mark}; better: {decision.best.words})" if decision.mark else ""


def _ticks(low: float, high: float) -> list[float]:
    """Four or five round values from ``low`` to ``high``."""
    step = 10 ** math.floor(math.log10((high - low) / 4))
    for factor in (1, 2, 2.5, 5, 10):
        if (high - low) / (step * factor) <= 5:
            step *= factor
            break
    start = math.ceil(low / step) * step
    return [start + k * step for k in range(int((high - start) / step + 1e-9) + 1)]


PLOTTING_EXTRA = "pip install 'fourfeathers[report]'"
"""How to install matplotlib (the ``report`` extra) for ``png_chart``."""


def png_chart(result: Review, path: str | Path) -> None:
    """Write the chart of ``svg_chart`` as a PNG to ``path`` with matplotlib (Agg backend),
    whatever the name's suffix (``game.txt`` too: the suffix does not choose the format).

    Raises ``ImportError`` saying how to install matplotlib (``PLOTTING_EXTRA``) if it is
    missing, ``OSError`` if ``path`` cannot be written."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError(
            f"the chart is drawn with matplotlib, which is not installed: {PLOTTING_EXTRA}"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = chart_points(result)
    figure, axes = plt.subplots(figsize=(8, 3), dpi=100)
    try:
        xs = [i + 1 for i, _ in points]
        axes.plot(xs, [v for _, v in points], color=MARK_COLOURS[""], linewidth=1.5)
        for decision, (i, v) in zip(result.decisions, points, strict=True):
            if decision.mark:
                axes.scatter([i + 1], [v], color=MARK_COLOURS[decision.mark], zorder=3, s=30)
        if result.solo:
            axes.set_ylabel(f"expected {result.unit}")
        else:
            axes.set_ylim(0, 100)
            axes.axhline(50, color="#ccc", linestyle="--", linewidth=1)
            axes.set_ylabel("win chance %")
        axes.set_xlabel("decision")
        axes.set_title(f"{result.game}: seat {result.seat + 1}")
        figure.tight_layout()
        figure.savefig(path, format="png")  # any name: --chart says so, not the suffix
    finally:
        plt.close(figure)
