"""Reading results files into groups: the games of one game id and configuration, with
their tallies per agent, seat and turn-order position, lengths and features; and which lines
a report leaves out, and why."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import ConfigError, ContentError
from ...core.game import win_shares
from ...core.registry import game_spec
from ..features import SeatFeatures, seat_features
from ..results import read_records, record_problem
from ..runner import cached_game
from ..stats import Tally


@dataclass
class FeatureTally:
    """Outcomes of seats that ended with a label and of those (in eligible games) without;
    ``games``: the eligible games, ``games_with``: those in which some seat ended with it."""

    holders: Tally = field(default_factory=Tally)
    others: Tally = field(default_factory=Tally)
    games: int = 0
    games_with: int = 0


@dataclass
class Group:
    """The games of one game id and configuration."""

    game: str
    config: dict[str, Any]
    players: int = 0
    games: int = 0
    decided: int = 0
    agents: dict[str, Tally] = field(default_factory=dict)
    plays_as: dict[str, Counter[str]] = field(default_factory=dict)
    seats: list[Tally] = field(default_factory=list)
    seat_agents: list[set[str]] = field(default_factory=list)
    positions: list[Tally] = field(default_factory=list)
    solo: Tally = field(default_factory=Tally)
    capped: int = 0
    timed: int = 0
    decisions: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    has_turns: bool = True
    feature_kind: str | None = None
    features: dict[str, FeatureTally] = field(default_factory=dict)
    feature_values: dict[str, float] = field(default_factory=dict)
    feature_value_name: str = ""
    pending: list[tuple[SeatFeatures, list[float], list[float]]] = field(default_factory=list)
    files: set[str] = field(default_factory=set)

    def add(self, record: dict[str, Any], features: SeatFeatures | None) -> None:
        n = len(record["seats"])
        if not self.players:
            self.players = n
            self.seats = [Tally() for _ in range(n)]
            self.seat_agents = [set() for _ in range(n)]
            self.positions = [Tally() for _ in range(n)]
        shares = win_shares(record["winners"], n)
        scores = record["scores"]
        order = record.get("order") or list(range(n))
        position = {seat: k for k, seat in enumerate(order)}
        resolved = record.get("resolved") or record["seats"]
        for p, spec in enumerate(record["seats"]):
            self.plays_as.setdefault(spec, Counter())[resolved[p]] += 1
            self.seats[p].add(shares[p], scores[p])
            self.seat_agents[p].add(spec)
            self.agents.setdefault(spec, Tally()).add(shares[p], scores[p])
            self.positions[position.get(p, p)].add(shares[p], scores[p])
        self.games += 1
        self.decided += bool(record["winners"])
        self.capped += record.get("capped") is True
        self.timed += record.get("reproducible") is False
        self.decisions.append(record["decisions"])
        turns = record.get("turns")
        if isinstance(turns, int):
            self.turns.append(turns)
        else:
            self.has_turns = False
        if features is not None:
            self.feature_kind = features.kind
            if features.values:
                self.feature_values.update(features.values)
                self.feature_value_name = features.value_name
            self.pending.append((features, shares, list(scores)))

    def finish(self) -> None:
        """Tally the features once every label of the group is known."""
        everything: set[str] = set()
        for features, _, _ in self.pending:
            for labels in features.seats:
                everything |= labels
        for features, shares, scores in self.pending:
            eligible = features.eligible if features.eligible is not None else everything
            for label in eligible:
                tally = self.features.setdefault(label, FeatureTally())
                tally.games += 1
                tally.games_with += any(label in labels for labels in features.seats)
                for p, labels in enumerate(features.seats):
                    (tally.holders if label in labels else tally.others).add(shares[p], scores[p])
        self.pending.clear()
        if not self.has_turns:
            self.turns = []


RULE_FREE = ("content", "content_digest")
"""Config options that name a content file, which need not be on the machine that reports."""


def report_problem(record: Any) -> str | None:
    """What makes a results line unusable in a report (None: nothing): ``record_problem``, a
    game this package does not know, a configuration its game refuses (``'players': 9``) or
    seats that are not its players. A content file that cannot be read here is no problem (the
    game is reported without features)."""
    problem = record_problem(record)
    if problem is not None:
        return problem
    try:
        game_spec(record["game"])
    except ConfigError:
        return f"'game': unknown game {record['game']!r}"
    rules = {k: v for k, v in record["config"].items() if k not in RULE_FREE}
    try:
        game = cached_game(record["game"], rules)
    except (ConfigError, ContentError, TypeError) as exc:
        return f"'config': {exc}"
    n = len(record["seats"])
    if game.num_players != n:
        return f"'seats': {n} seats in a game of {game.num_players} players"
    return None


@dataclass
class Skipped:
    """The lines of one results file left out of a report: ``lines`` of them out of ``total``
    (blank lines and an unfinished last line not counted), ``first`` the first one's number
    and reason."""

    file: str
    lines: int
    total: int
    first: tuple[int, str]

    def text(self) -> str:
        """``"f.jsonl: skipped 1 of 90 lines: line 4 is not JSON (...)"``; with several, ``"f.jsonl:
        skipped 3 of 90 lines, the first: line 4 is ..."``."""
        number, reason = self.first
        first = ", the first" if self.lines > 1 else ""
        return (
            f"{self.file}: skipped {self.lines} of {self.total} line"
            f"{'s' if self.total != 1 else ''}{first}: line {number} is {reason}"
        )


def load_groups(paths: Sequence[str | Path], skipped: list[Skipped] | None = None) -> list[Group]:
    """Read every record of ``paths`` into groups by (game, config), in first-seen order.

    A line that is not a usable record (``report_problem``) is left out and counted in
    ``skipped`` (one ``Skipped`` per file that has some); without a ``skipped`` list it raises
    ``ValueError`` naming the file, the line and the field. Raises ``ValueError`` for a file
    that cannot be read (``files.UnreadableFile``).
    """
    groups: dict[tuple[str, str], Group] = {}
    for path in paths:
        problems: list[tuple[int, str]] = []
        count = 0
        for record in read_records(path, None if skipped is None else problems, report_problem):
            count += 1
            key = (record["game"], json.dumps(record["config"], sort_keys=True))
            group = groups.get(key)
            if group is None:
                group = groups[key] = Group(record["game"], record["config"])
            group.files.add(str(path))
            try:
                game = cached_game(record["game"], record["config"])
            except Exception:  # the content file is not available here
                game = None
            features = seat_features(game, record) if game is not None else None
            group.add(record, features)
        if problems and skipped is not None:
            skipped.append(Skipped(str(path), len(problems), count + len(problems), problems[0]))
    for group in groups.values():
        group.finish()
    return list(groups.values())
