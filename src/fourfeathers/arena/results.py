"""Results files: one JSON object per line and per game (JSONL), resumable.

A line holds (keys in this order):

- ``index``: the game's number in its run (0-based); ``seed``: the seed it was dealt with;
- ``game``, ``config``: the game id and its complete configuration (``Game.config``);
- ``seats``: the agent spec of each seat as given (seat ``p``'s agent was seeded with
  ``derive_seed(seed, "seat", p)``); ``resolved``: the same with difficulty names replaced by
  what they meant when the game was played (``medium`` -> ``ismcts:iterations=...``);
- ``version``: the fourfeathers version that played it; ``content_digest``: the SHA-256 of the
  content file the game was built from (``Game.content_sha256``; null without one);
  ``reproducible``: false if a seat's agent decided on a time budget (``hard``), so that the
  same seed need not give the same game again;
- ``match`` (tournaments of solo games only): jobs with the same match played the same deal;
- ``scores``, ``returns``, ``winners`` (0-based seats), ``decisions``, ``turns`` (None when the
  game's state has no ``turn``), ``order`` (seats in the order of their first decision);
  ``capped``: true if a turn cap, not the rules, ended the game (``State.ended_by``);
- ``final``: the terminal observation of every seat, ``{"common": {...}, "seats": [{...}]}``
  (see ``GameResult.final``).

A run is resumable: ``ResultsFile.open`` reads the lines already there, checks that each one is
the game the run would play at that index (same game, config, seats and seed, version and
content; else ``ResultsMismatch``), and the run then plays and appends only the missing
indices. A run whose agents are not reproducible cannot continue a file that already holds
games (they came from another run). An unfinished last line (the run was killed while
writing it) is dropped.
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..agents import reproducible, resolve_spec
from ..core.config import is_int
from ..core.files import RESULTS_LINE_LIMIT, LineAppender, loads, read_lines, size_text, truncate
from .runner import GameJob, GameResult, LazyJobs, cached_game


class ResultsMismatch(ValueError):
    """A results file holds games of another run (other game, config, agents or seed)."""


def content_digest(job: GameJob) -> str | None:
    """The SHA-256 of the content file ``job``'s game is built from (None without one)."""
    return cached_game(job.game, job.config).content_sha256()


def job_reproducible(job: GameJob) -> bool:
    """False if one of ``job``'s seats decides on a time budget (``agents.reproducible``)."""
    return all(reproducible(spec) for spec in job.seats)


def to_record(job: GameJob, result: GameResult) -> dict[str, Any]:
    """The JSON line of a played job."""
    record: dict[str, Any] = {
        "index": job.index,
        "seed": job.seed,
        "game": job.game,
        "config": job.config,
        "seats": list(job.seats),
        "resolved": resolved_seats(job),
        "version": __version__,
        "content_digest": content_digest(job),
        "reproducible": job_reproducible(job),
    }
    if job.match is not None:
        record["match"] = job.match
    record.update(
        scores=list(result.scores),
        returns=list(result.returns),
        winners=list(result.winners),
        decisions=result.decisions,
        turns=result.turns,
        order=list(result.order),
        capped=result.capped,
        final=result.final,
    )
    return record


def resolved_seats(job: GameJob) -> list[str]:
    """The job's agent specs with each difficulty name replaced by the spec it stands for now
    in the job's game (``agents.base.resolve_spec``)."""
    game = cached_game(job.game, job.config)
    return [resolve_spec(spec, game) for spec in job.seats]


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of compact JSON (no newline)."""
    return json.dumps(record, separators=(",", ":"))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _seat_list(value: Any, n: int) -> bool:
    """True for a list of distinct seats ``0 <= p < n``."""
    return (
        isinstance(value, list)
        and all(is_int(p) and 0 <= p < n for p in value)
        and len(set(value)) == len(value)
    )


def record_problem(record: Any) -> str | None:
    """What makes ``record`` not a game record of this format (None: nothing): a missing or
    wrongly typed field, scores, winners or final observations that do not fit its seats."""
    if not isinstance(record, dict):
        return "not a JSON object"
    if not is_int(record.get("index")) or record["index"] < 0:
        return "'index' must be an integer >= 0"
    if not isinstance(record.get("game"), str):
        return "'game' must be a game id"
    if not isinstance(record.get("config"), dict):
        return "'config' must be an object (the game's options)"
    seats = record.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        return "'seats' must be a non-empty list of agent specs"
    n = len(seats)
    if "resolved" in record and not (
        isinstance(record["resolved"], list)
        and len(record["resolved"]) == n
        and all(isinstance(s, str) for s in record["resolved"])
    ):
        return f"'resolved' must be a list of {n} agent specs (one per seat)"
    for key in ("scores", "returns"):
        values = record.get(key, [0] * n) if key == "returns" else record.get(key)
        if not isinstance(values, list) or len(values) != n or not all(map(_is_number, values)):
            return f"'{key}' must be a list of {n} numbers (one per seat)"
    if not _seat_list(record.get("winners"), n):
        return f"'winners' must be a list of distinct seats 0-{n - 1}"
    if "order" in record and not _seat_list(record["order"], n):
        return f"'order' must be a list of distinct seats 0-{n - 1}"
    if not is_int(record.get("decisions")) or record["decisions"] < 0:
        return "'decisions' must be an integer >= 0"
    if record.get("turns") is not None and not is_int(record["turns"]):
        return "'turns' must be an integer or null"
    return _final_problem(record.get("final"), n)


def _final_problem(final: Any, n: int) -> str | None:
    """What makes a record's ``final`` not ``{"common": {...}, "seats": [{...} x n]}`` (None:
    nothing; null, a missing part or an empty object stand for no observation)."""
    if final is None:
        return None
    if not isinstance(final, dict):
        return '\'final\' must be an object {"common": {...}, "seats": [...]} or null'
    if not isinstance(final.get("common") or {}, dict):
        return "'final.common' must be an object (what every seat saw at the end)"
    seats = final.get("seats") or []
    if not isinstance(seats, list) or len(seats) > n or not all(isinstance(s, dict) for s in seats):
        return f"'final.seats' must be a list of at most {n} objects (one per seat)"
    return None


Problem = Callable[[Any], "str | None"]
"""A check of one parsed line: what makes it not a usable record (None: nothing)."""


def read_records(
    path: str | Path,
    skipped: list[tuple[int, str]] | None = None,
    problem: Problem = record_problem,
) -> Iterator[dict[str, Any]]:
    """The records of a results file, in file order, read line by line.

    An unfinished last line (no newline, not valid JSON) is skipped. Any other line that is not
    a game record raises ``ValueError`` naming the file, the line and the reason or field: not
    UTF-8, not JSON, longer than ``files.RESULTS_LINE_LIMIT``, nested deeper than
    ``files.MAX_DEPTH``, or what ``problem`` (``record_problem`` by default) finds. With a
    ``skipped`` list such a line is left out and ``(line number, reason)`` appended to it
    instead. Raises ``files.UnreadableFile`` (a ``ValueError``) naming the file if it is not a
    regular file or cannot be read.
    """
    path = Path(path)
    for number, line in read_lines(path, "results file", RESULTS_LINE_LIMIT):
        if line is None:
            reason = f"longer than {size_text(RESULTS_LINE_LIMIT)}, the most a results line holds"
        elif not line.strip():
            continue
        else:
            try:
                record = loads(line.decode("utf-8"))
            except UnicodeDecodeError:
                reason = "not UTF-8 text"
            except ValueError as exc:
                if not line.endswith(b"\n"):
                    return  # an unfinished last line
                reason = str(exc)
            else:
                found = problem(record)
                if found is None:
                    yield record
                    continue
                reason = f"not a game record: {found}"
        if skipped is None:
            raise ValueError(f"{path}: line {number} is {reason}")
        skipped.append((number, reason))


def _same_job(record: dict[str, Any], job: GameJob) -> str | None:
    """What differs between a stored record and the job planned at its index (None: same)."""
    if record.get("game") != job.game:
        return f"game {record.get('game')!r}, this run plays {job.game!r}"
    if record.get("config") != job.config:
        return f"config {record.get('config')}, this run has {job.config}"
    if record.get("seats") != list(job.seats):
        return f"seats {record.get('seats')}, this run plays {list(job.seats)}"
    resolved = resolved_seats(job)
    if "resolved" in record and record["resolved"] != resolved:
        return (
            f"agents {record['resolved']}, but {list(job.seats)} now mean {resolved} "
            "(a difficulty name changed meaning)"
        )
    if record.get("seed") != job.seed:
        return f"seed {record.get('seed')}, this run deals it with {job.seed} (another --seed?)"
    if record.get("match") != job.match:
        return f"match {record.get('match')}, this run has {job.match}"
    if record.get("version", __version__) != __version__:
        return f"fourfeathers {record['version']} played it, this is {__version__}"
    if record.get("content_digest", content_digest(job)) != content_digest(job):
        return "another content file (its content_digest differs)"
    if not job_reproducible(job):
        agents = ", ".join(s for s in job.seats if not reproducible(s))
        return (
            f"{agents} decides on a time budget, so its games are not reproducible and "
            "another run cannot continue them"
        )
    return None


class ResultsFile:
    """An open results file: the records already there and an appender for new ones.

    Use ``ResultsFile.open(path, jobs)``; then ``missing`` are the jobs still to play (a lazy
    sequence: ``jobs`` is never listed), ``records`` the stored records of ``jobs`` (by index),
    and ``append(record)`` writes a line (whole and at once, so a killed run loses at most the
    game being written; a line that fails is cut back off: ``core.files.LineAppender``).
    ``jobs[i]`` must be the job of index ``i`` (as ``plan_games`` and ``plan_tournament`` give).
    """

    def __init__(self, path: Path, jobs: Sequence[GameJob], records: dict[int, dict[str, Any]]):
        self.path = path
        self.records = records
        self.missing: Sequence[GameJob] = Remaining(jobs, records) if records else jobs
        self._out = LineAppender(path)

    @classmethod
    def open(cls, path: str | Path, jobs: Sequence[GameJob]) -> ResultsFile:
        """Read ``path`` (if it exists) and check its records against ``jobs``.

        Raises ``ResultsMismatch`` if a record is not the job planned at its index (or the same
        index appears twice), ``ValueError`` for a malformed file.
        """
        path = Path(path)
        records: dict[int, dict[str, Any]] = {}
        seen: set[int] = set()
        if path.exists():
            for record in read_records(path):
                index = record["index"]
                if index in seen:
                    raise ResultsMismatch(f"{path}: game {index} appears twice")
                seen.add(index)
                job = jobs[index] if index < len(jobs) else None
                if job is None:
                    first = jobs[0] if len(jobs) else None
                    if first is not None and (
                        record.get("game") != first.game or record.get("config") != first.config
                    ):
                        raise ResultsMismatch(
                            f"{path} holds games of another run (game {index}: "
                            f"{_same_job(record, first)}); use another --out file"
                        )
                    continue  # a game beyond this run's count: kept, not counted
                problem = _same_job(record, job)
                if problem is not None:
                    raise ResultsMismatch(
                        f"{path} holds games of another run (game {index}: {problem}); "
                        "use another --out file, or the options it was made with"
                    )
                records[index] = record
            _drop_unfinished_line(path)
        return cls(path, jobs, records)

    def append(self, record: dict[str, Any]) -> None:
        """Write one record as a line; raises ``core.files.WriteError`` (an ``OSError``) with
        the file left ending in a whole line."""
        self._out.write_line(dumps(record))

    def close(self) -> None:
        """Close the file; never raises (every line is written when appended)."""
        self._out.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _drop_unfinished_line(path: Path) -> None:
    """Cut a last line without newline (a run killed mid-write) so appends start cleanly."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        try:
            loads(data[cut:])  # ValueError also when nested too deep
        except ValueError:
            truncate(path, cut)
        else:
            with path.open("ab") as fh:  # a complete record that lacks only its newline
                fh.write(b"\n")


class Remaining(LazyJobs):
    """The jobs of ``jobs`` whose index is not in ``done``, in order, without listing them:
    ``len`` and ``[k]`` (found by bisection over the sorted done indices) cost no more memory
    than ``done`` itself, however many jobs a run plans."""

    def __init__(self, jobs: Sequence[GameJob], done: Iterable[int]) -> None:
        self.jobs = jobs
        self.done = sorted(i for i in set(done) if 0 <= i < len(jobs))

    def __len__(self) -> int:
        return len(self.jobs) - len(self.done)

    def _index(self, k: int) -> int:
        """The index of the ``k``-th job not done: the least ``i`` with ``k + 1`` jobs not done
        in ``0..i``."""
        low, high = k, k + len(self.done)
        while low < high:
            mid = (low + high) // 2
            if mid + 1 - bisect.bisect_right(self.done, mid) >= k + 1:
                high = mid
            else:
                low = mid + 1
        return low

    def job(self, k: int) -> GameJob:
        """The ``k``-th job not done."""
        return self.jobs[self._index(k)]

    def __iter__(self) -> Iterator[GameJob]:
        done = set(self.done)
        for i in range(len(self.jobs)):
            if i not in done:
                yield self.jobs[i]
