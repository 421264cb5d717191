"""Strength of the agents: the difficulty ladder, solo levels against an oracle, cap endings,
and our search against OpenSpiel's ISMCTSBot. Output: one JSON object per line.

    python benchmarks/strength.py ladder --games 200 --out ladder.jsonl
    python benchmarks/strength.py solo --games 100 --out solo.jsonl
    python benchmarks/strength.py caps --games 300 --agents greedy
    python benchmarks/strength.py openspiel --games 20 --seconds 0.1
    python benchmarks/strength.py pair featherlight medium easy -o players=4 --games 100

Commands:

- ``pair GAME A B``: A against B in one configuration (``-o players=N``, default 2); the
  command name may be left out (``strength.py GAME A B``, the older form).
- ``ladder``: every level against the one below (``LADDER``: hard vs medium, medium vs easy,
  easy vs random) in every configuration of ``LADDER_CONFIGS`` (two players in Featherlight,
  Fancy Feathers and Isle of Feathers, and four players in each of them).
- ``solo``: every level of ``SOLO_LEVELS`` and the oracle on the same seeds in every mode of
  ``SOLO_MODES``: mean score, the paired difference of each level over the one below with a 95%
  t interval (scipy), the same for games won (games whose state names a winner; the Isle's
  solo names none, not even for a perfect season, so its count is 0: its perfect seasons are
  counted by ``calibrate_isle_of_feathers.py``), and each level's mean as a fraction of the
  oracle's.
- ``caps``: the share of self-play games that the turn cap ends (Featherlight's ruling FL-R10,
  or with ``--game isle-of-feathers`` the Isle's IS-R27), per player count, with its 95% Wilson
  interval.
- ``table FILE``: Markdown tables of the rows of a results file (for docs/agents.md).
- ``openspiel``: ``ismcts`` with a time budget against OpenSpiel's Python ``ISMCTSBot`` with
  the same time per decision, through our OpenSpiel registration (``fourfeathers.rl``).

How a pair is played (``pair``, ``ladder``, ``openspiel``): duplicate deals with the seats
rotated. Deal ``d`` (seed ``derive_seed(seed, d)``) is played once per rotation of the lineup,
so both agents sit in every seat of the same deal. With two players the lineup is A B (two
games per deal); with four it is A B A B, two against two (two games per deal): each agent
holds half the seats and every A is followed by a B, so the turn order favours neither side,
and an even match is 50% as with two players (one A against three B would put the even mark at
25% and let three weaker seats gang up by accident). A's result is the share of the victory
that A's seats win (a shared victory counts as a share), with a 95% Wilson interval over games.
``--stop-early`` ends a pair once at least ``--min-games`` are played and its interval is
clear of 50% (checked after every ``--check-every`` deals); the row says so.

Levels: ``easy`` = greedy, ``medium`` = ismcts with 300 iterations (``agents/__init__.py``);
``hard`` is one second per decision, which is not reproducible, so measurements use its
iteration budget alone (3,000 iterations; ``benchmarks/agents_speed.py`` measures how many one
second buys in each game), or ``--hard SPEC``. ``--hard-seconds S`` (``pair``, ``ladder``)
measures ``hard`` with its time budget instead, scaled down for a shared machine: S seconds of
CPU time (``ismcts:cpu=1``) and its iteration cap times S (``scaled_hard``), e.g. ``strength.py
pair isle-of-feathers hard medium --hard-seconds 0.2 --games 40``. Each level is measured as it
plays the configuration (``agents.resolve_spec``: the Isle's solo ``medium`` and ``hard``, and
its ``hard`` with 2-4 players, have their own).

The oracle (``solo`` only) is ``OracleAgent``: searches on the true state, so they know the
hidden cards and the order of every deck: a ceiling, not a player. On each seed the oracle's
score is the better of ISMCTS whose every determinization is the true state
(``--oracle-iterations``) and greedy's one-ply look on the true state (ISMCTS alone can score
below an honest greedy where its leaf values are weak, as in Familiar Feat). It is defined
here, is not registered with ``register_agent``, and no command line or hint offers it.

``--out FILE`` appends each finished row to FILE and skips rows already in it, so a long run
that is stopped resumes where it left off. A pair's running tally is appended too after every
``--check-every`` deals (a line with ``"partial"``, which ``table`` ignores), and a pair stopped
by hand resumes from its last tally: a measurement of several hours can span several sittings.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from fourfeathers import make
from fourfeathers.agents import GreedyAgent, make_agent, resolve_spec, view_for
from fourfeathers.arena import GameJob, run_jobs, wilson
from fourfeathers.arena.runner import cached_game, rotated
from fourfeathers.core.game import Game, State, win_shares
from fourfeathers.core.rng import derive_seed

LADDER = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))
"""The pairs of the ladder, upper level first."""

LADDER_CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("featherlight", {"players": 2}),
    ("fancy-feathers", {"players": 2}),
    ("isle-of-feathers", {"players": 2}),
    ("featherlight", {"players": 4}),
    ("fancy-feathers", {"players": 4}),
    ("isle-of-feathers", {"players": 4}),
)
"""The configurations the ladder is measured in."""

SOLO_MODES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("featherlight", {"players": 1}),
    ("familiar-feat", {"level": 1}),
    ("familiar-feat", {"level": 4}),
    ("familiar-feat", {"level": 8}),
    ("isle-of-feathers", {"players": 1, "stamina": 1}),
    ("isle-of-feathers", {"players": 1, "stamina": 4}),
)
"""The solo modes: score = points, or Monsters driven away in Familiar Feat."""

SOLO_LEVELS = ("random", "easy", "medium", "hard")
"""The levels compared in solo play, lowest first."""


# --- agents and levels ---------------------------------------------------------------------


def level_spec(
    level: str,
    hard: str | None,
    game_id: str,
    config: dict[str, Any],
    hard_seconds: float | None = None,
) -> str:
    """The agent spec measured for ``level`` in the configuration: the spec the level stands
    for there (``agents.resolve_spec``: ``hard`` -> ``ismcts:iterations=3000``, the Isle's solo
    levels their own), ``hard`` without its time budget, or ``hard`` itself where given. With
    ``hard_seconds`` (and no ``hard``), ``hard`` is ``scaled_hard``: its time budget kept."""
    if level == "hard" and hard:
        return hard
    game = cached_game(game_id, config)
    if level == "hard" and hard_seconds:
        return scaled_hard(resolve_spec("hard", game), hard_seconds)
    return without(resolve_spec(level, game), "seconds")


def scaled_hard(spec: str, seconds: float) -> str:
    """``hard``'s ``spec`` (``ismcts:seconds=1.0:iterations=N:...``) as it would play on a core
    ``seconds`` times as fast as the one it was made for: ``seconds`` of this process's CPU
    time (``cpu=1``, which other jobs on a shared machine do not shrink) and its iteration cap
    scaled by the same factor (at least 1). ``--hard-seconds 0.2`` measures a level in a fifth
    of the CPU its one second takes. Raises ``ValueError`` for a spec without ``seconds`` or a
    ``seconds`` that is not positive."""
    params = dict(p.partition("=")[::2] for p in spec.split(":")[1:])
    if "seconds" not in params or not seconds > 0:
        raise ValueError(f"scaled_hard: {spec!r} has no time budget to scale, or {seconds} <= 0")
    factor = seconds / float(params["seconds"])
    scaled = f"{without(spec, 'seconds', 'iterations', 'cpu')}:seconds={seconds:g}:cpu=1"
    if "iterations" in params:
        scaled += f":iterations={max(1, round(int(params['iterations']) * factor))}"
    return scaled


class TrueStateView:
    """A view for the oracle only: every determinization is a copy of the true ``state``."""

    def __init__(self, state: State, player: int) -> None:
        self.game = state.game
        self.player = player
        self._state = state

    def legal_actions(self) -> list:
        return self._state.legal_actions()

    def determinize(self, rng: object) -> State:
        return self._state.clone()

    def world(self) -> State:
        """The true state (``SeatView.world``), which a search asks whether the game is
        settled."""
        return self._state.clone()


class OracleAgent:
    """Measuring only: a search on the true state. ``kind="ismcts"``: ``hard``'s search in
    ``game`` (``oracle_spec``: its settings there, the Isle's solo ``c`` included) with
    ``iterations``, whose every determinization is the true state (a perfect-information MCTS
    that knows every hidden card and deck order); ``kind="greedy"``: ``GreedyAgent``'s one-ply
    look on the true state. Never registered as an agent (``make_agent`` and the command line
    do not know it). ``act_on_state`` takes the true state, not a ``SeatView``."""

    name = "oracle"

    def __init__(
        self, seed: int, iterations: int, kind: str = "ismcts", game: Game | None = None
    ) -> None:
        if kind == "ismcts":
            self.search: Any = make_agent(oracle_spec(game, iterations), seed, game)
        elif kind == "greedy":
            self.search = GreedyAgent(seed)
        else:
            raise ValueError(f"oracle kind is ismcts or greedy, not {kind!r}")

    def act_on_state(self, state: State) -> Any:
        return self.search.act(TrueStateView(state, state.current_player))


def without(spec: str, *names: str) -> str:
    """``spec`` (``name:key=value:...``) without its parameters called ``names``."""
    return ":".join(p for p in spec.split(":") if p.partition("=")[0] not in names)


def oracle_spec(game: Game | None, iterations: int) -> str:
    """``hard``'s spec in ``game`` (``agents.resolve_spec``) with ``iterations`` and no time
    budget: ``ismcts:iterations=N`` in every game but the Isle's solo, whose ``hard`` explores
    with ``c`` 0.05."""
    return f"{without(resolve_spec('hard', game), 'seconds', 'iterations')}:iterations={iterations}"


ORACLE_KINDS = ("ismcts", "greedy")
"""The searches on the true state whose best score on each seed is the oracle's."""


def play_oracle(
    game_id: str, config: dict[str, Any], seed: int, iterations: int, kind: str = "ismcts"
) -> list[float]:
    """The scores of an ``OracleAgent`` of ``kind`` in every seat of one game of ``game_id``
    dealt with ``seed``."""
    game = make(game_id, **config)
    state = game.new_initial_state(seed)
    oracles = [
        OracleAgent(derive_seed(seed, "seat", p), iterations, kind, game)
        for p in range(state.game.num_players)
    ]
    while not state.is_terminal():
        state.apply_action(oracles[state.current_player].act_on_state(state))
    return [float(s) for s in state.scores()]


# --- statistics ----------------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean of ``values`` with its 95% Student t interval ``(mean, low, high)``."""
    from scipy import stats

    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return mean, math.nan, math.nan
    sd = statistics.stdev(values)
    if sd == 0:
        return mean, mean, mean
    half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def rounded(values: Sequence[float], digits: int = 3) -> list[float]:
    return [round(v, digits) for v in values]


# --- pairs: duplicate deals, seats rotated ---------------------------------------------------


def lineup(a: str, b: str, players: int) -> tuple[str, ...]:
    """A B (two players) or A B A B (four: two against two); raises ``ValueError`` otherwise."""
    if players not in (2, 4):
        raise ValueError(f"a pair is measured with 2 or 4 players, not {players}")
    return (a, b) * (players // 2)


def deal_jobs(
    game_id: str, config: dict[str, Any], a: str, b: str, deal: int, seed: int
) -> list[GameJob]:
    """The games of deal ``deal``: its seed once per distinct rotation of the lineup (A B and
    B A; A B A B and B A B A), so both agents sit in every seat of the same deal."""
    players = make(game_id, **config).num_players
    base = lineup(a, b, players)
    deal_seed = derive_seed(seed, deal)
    seatings: list[tuple[str, ...]] = []
    for shift in range(players):
        seating = rotated(base, shift)
        if seating not in seatings:
            seatings.append(seating)
    return [
        GameJob(deal * len(seatings) + k, game_id, dict(config), seating, deal_seed, match=deal)
        for k, seating in enumerate(seatings)
    ]


def a_share(job: GameJob, winners: Sequence[int], a: str) -> float:
    """The share of the victory won by the seats of ``a`` in one game."""
    shares = win_shares(list(winners), len(job.seats))
    return sum(s for s, spec in zip(shares, job.seats, strict=True) if spec == a)


def play_pair(
    game_id: str,
    config: dict[str, Any],
    a: str,
    b: str,
    deals: int,
    seed: int,
    workers: int,
    stop_early: bool = False,
    min_games: int = 40,
    check_every: int = 10,
    play: Callable[[list[GameJob]], Iterator[tuple[GameJob, Any]]] | None = None,
    resume: dict[str, Any] | None = None,
    checkpoint: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """A against B on ``deals`` duplicate deals (see the module docstring). ``play`` plays jobs
    (default ``run_jobs``). Returns the row: games, A's win share and interval, mean scores.

    After every block of ``check_every`` deals ``checkpoint`` (if given) receives the running
    tally (``deal``: the deals played, ``games``, ``wins``, ``capped``, ``scores``: every
    game's score per spec, ``seconds``); a tally passed back as ``resume`` goes on from there,
    with the same row at the end as an uninterrupted run."""
    if a == b:
        raise ValueError("a pair needs two different agent specs")
    play = play or (lambda jobs: run_jobs(jobs, workers))
    tally = resume or {}
    started = time.perf_counter() - tally.get("seconds", 0)
    wins: float = tally.get("wins", 0.0)
    games: int = tally.get("games", 0)
    capped: int = tally.get("capped", 0)
    scores: dict[str, list[float]] = {a: [], b: [], **tally.get("scores", {})}
    stopped = False
    deal: int = tally.get("deal", 0)
    while deal < deals:
        block = range(deal, min(deals, deal + check_every))
        jobs = [job for d in block for job in deal_jobs(game_id, config, a, b, d, seed)]
        for job, result in play(jobs):
            wins += a_share(job, result.winners, a)
            games += 1
            capped += bool(getattr(result, "capped", False))
            for spec, score in zip(job.seats, result.scores, strict=True):
                scores[spec].append(score)
        deal = block.stop
        if checkpoint is not None:
            checkpoint(
                {"deal": deal, "games": games, "wins": wins, "capped": capped,
                 "scores": {k: list(v) for k, v in scores.items()},
                 "seconds": round(time.perf_counter() - started, 1)}
            )  # fmt: skip
        low, high = wilson(wins, games)
        print(
            f"{game_id} {config}: {a} vs {b}: {games} games, {pct(wins / games)} "
            f"[{pct(low)}, {pct(high)}], {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        if stop_early and games >= min_games and (low > 0.5 or high < 0.5) and deal < deals:
            stopped = True
            break
    low, high = wilson(wins, games)
    return {
        "game": game_id,
        "config": config,
        "a": a,
        "b": b,
        "deals": deal,
        "games": games,
        "a_win_share": round(wins / games, 4),
        "ci95": rounded([low, high]),
        "mean_score": {k: round(statistics.fmean(v), 2) for k, v in scores.items()},
        "capped": capped,
        "stopped_early": stopped,
        "seed": seed,
        "seconds": round(time.perf_counter() - started),
    }


# --- output --------------------------------------------------------------------------------


class Output:
    """Prints rows as JSON lines and appends them to ``path`` (if any); ``done(key)`` is True
    for a row already in ``path`` (resuming). A pair's running tallies go to ``path`` only, as
    lines ``{"key": ..., "partial": tally}`` (``checkpoint``); ``resume(key)`` is the last
    tally of a row not yet finished."""

    def __init__(self, path: str | None) -> None:
        self.path = Path(path) if path else None
        self.keys: set[str] = set()
        self.partials: dict[str, dict[str, Any]] = {}
        if self.path and self.path.exists():
            for line in self.path.read_text().splitlines():
                if line.strip():
                    row = json.loads(line)
                    if "partial" in row:
                        self.partials[row["key"]] = row["partial"]
                    else:
                        self.keys.add(row.get("key", ""))

    def done(self, key: str) -> bool:
        return key in self.keys

    def resume(self, key: str) -> dict[str, Any] | None:
        return self.partials.get(key)

    def checkpoint(self, key: str) -> Callable[[dict[str, Any]], None] | None:
        """A ``play_pair`` checkpoint that appends the tally under ``key`` (None without a
        file)."""
        path = self.path
        if path is None:
            return None

        def save(tally: dict[str, Any]) -> None:
            _append(path, json.dumps({"key": key, "partial": tally}))

        return save

    def write(self, key: str, row: dict[str, Any]) -> None:
        text = json.dumps({"key": key, **row})
        print(text, flush=True)
        if self.path:
            _append(self.path, text)
        self.keys.add(key)


def _append(path: Path, line: str) -> None:
    with path.open("a") as f:
        f.write(line + "\n")


def config_label(game_id: str, config: dict[str, Any]) -> str:
    return game_id + "".join(f" {k}={v}" for k, v in sorted(config.items()))


# --- commands ------------------------------------------------------------------------------


def run_pair(args: argparse.Namespace) -> None:
    config = dict(args.option)
    if make(args.game, **config).num_players == 1:
        sys.exit("pair: a solo configuration has no opponent; use the solo command")
    config.setdefault("players", 2)
    a, b = args.a, args.b
    if args.hard_seconds:  # "hard" in the time given, as ladder's --hard-seconds
        game = cached_game(args.game, config)
        hard = scaled_hard(resolve_spec("hard", game), args.hard_seconds)
        a, b = (hard if spec == "hard" else spec for spec in (a, b))
    out = Output(args.out)
    key = f"pair {config_label(args.game, config)} {a} {b} {args.games} {args.seed}"
    if out.done(key):
        return
    row = play_pair(
        args.game, config, a, b, args.games // 2, args.seed, args.workers,
        args.stop_early, args.min_games, args.check_every,
        resume=out.resume(key), checkpoint=out.checkpoint(key),
    )  # fmt: skip
    out.write(key, row)


def run_ladder(args: argparse.Namespace) -> None:
    out = Output(args.out)
    pairs = [p for p in LADDER if not args.pairs or f"{p[0]}-{p[1]}" in args.pairs]
    for upper, lower in pairs:
        for game_id, config in LADDER_CONFIGS:
            if args.only and game_id not in args.only:
                continue
            if args.players and config["players"] not in args.players:
                continue
            key = f"ladder {config_label(game_id, config)} {upper}-{lower} {args.games} {args.seed}"
            if out.done(key):
                continue
            a = level_spec(upper, args.hard, game_id, config, args.hard_seconds)
            b = level_spec(lower, args.hard, game_id, config, args.hard_seconds)
            row = play_pair(
                game_id, config, a, b, args.games // 2, args.seed, args.workers,
                args.stop_early, args.min_games, args.check_every,
                resume=out.resume(key), checkpoint=out.checkpoint(key),
            )  # fmt: skip
            out.write(key, {"pair": f"{upper} vs {lower}", **row})


def run_solo(args: argparse.Namespace) -> None:
    out = Output(args.out)
    for game_id, config in SOLO_MODES:
        if args.only and game_id not in args.only:
            continue
        label = config_label(game_id, config)
        key = f"solo {label} {args.games} {args.seed}"
        if out.done(key):
            continue
        started = time.perf_counter()
        seeds = [derive_seed(args.seed, i) for i in range(args.games)]
        scores: dict[str, list[float]] = {}
        won: dict[str, list[float]] = {}
        for level in args.levels:
            spec = level_spec(level, args.hard, game_id, config)
            jobs = [GameJob(i, game_id, dict(config), (spec,), s) for i, s in enumerate(seeds)]
            results = [r for _, r in run_jobs(jobs, args.workers)]
            scores[level] = [float(r.scores[0]) for r in results]
            won[level] = [float(bool(r.winners)) for r in results]
        oracle: list[float] = []
        by_kind: dict[str, float] = {}
        if args.oracle_iterations:
            its = args.oracle_iterations
            runs = {
                kind: [play_oracle(game_id, config, s, its, kind)[0] for s in seeds]
                for kind in ORACLE_KINDS
            }
            oracle = [max(scores) for scores in zip(*runs.values(), strict=True)]
            by_kind = {kind: round(statistics.fmean(v), 3) for kind, v in runs.items()}
        row: dict[str, Any] = {"game": game_id, "config": config, "games": args.games}
        row["levels"] = {
            level: {
                "spec": level_spec(level, args.hard, game_id, config),
                "mean_score": round(statistics.fmean(v), 3),
                "won": int(sum(won[level])),
                "of_oracle": round(statistics.fmean(v) / statistics.fmean(oracle), 3)
                if oracle and statistics.fmean(oracle)
                else None,
            }
            for level, v in scores.items()
        }
        if oracle:
            row["oracle"] = {
                "iterations": args.oracle_iterations,
                "mean_score": round(statistics.fmean(oracle), 3),
                "by_kind": by_kind,
            }
        row["paired"] = []
        for lower, upper in zip(args.levels, args.levels[1:], strict=False):
            diffs = [u - v for u, v in zip(scores[upper], scores[lower], strict=True)]
            mean, low, high = mean_interval(diffs)
            pair = {"upper": upper, "lower": lower, "mean_diff": round(mean, 3)}
            pair["ci95"] = rounded([low, high])
            # Won games (those whose state names a winner: none in the Isle's solo), paired on
            # the same seeds like the score.
            won_mean, won_low, won_high = mean_interval(
                [u - v for u, v in zip(won[upper], won[lower], strict=True)]
            )
            pair["won_diff"] = round(won_mean, 3)
            row["paired"].append({**pair, "won_ci95": rounded([won_low, won_high])})
        row["seed"] = args.seed
        row["seconds"] = round(time.perf_counter() - started)
        out.write(key, row)


def run_caps(args: argparse.Namespace) -> None:
    out = Output(args.out)
    game = args.game
    for agent in args.agents:
        for players in args.players:
            key = f"caps {game} players={players} {agent} {args.games} {args.seed}"
            if out.done(key):
                continue
            started = time.perf_counter()
            config = {"players": players}
            jobs = [
                GameJob(i, game, config, (agent,) * players, derive_seed(args.seed, i))
                for i in range(args.games)
            ]
            results = [r for _, r in run_jobs(jobs, args.workers)]
            capped = sum(r.capped for r in results)
            low, high = wilson(capped, len(results))
            row = {
                "game": game,
                "config": config,
                "agent": agent,
                "games": len(results),
                "capped": capped,
                "capped_share": round(capped / len(results), 4),
                "ci95": rounded([low, high], 4),
                "mean_turns": round(statistics.fmean(r.turns for r in results), 1),
                "seed": args.seed,
                "seconds": round(time.perf_counter() - started),
            }
            out.write(key, row)


SEARCHES = [0, 0]
"""OpenSpiel searches made so far and their simulations (for the row of ``openspiel``)."""


def openspiel_bot(game: Any, seconds: float, seed: int) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` (random rollouts, its defaults otherwise) searching for
    ``seconds`` per decision instead of a fixed number of simulations."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def run_search(self, state: Any) -> Any:
            # ISMCTSBot.run_search with its simulation loop bounded by the clock.
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.perf_counter() + seconds
            self.simulations = 0
            # The first simulation only expands the root: at least two, whatever the clock.
            while self.simulations < 2 or time.perf_counter() < deadline:
                self.run_simulation(self.sample_root_state(state))
                self.simulations += 1
            SEARCHES[0] += 1
            SEARCHES[1] += self.simulations
            node = self.filter_illegals(self._root_node, legal)
            return self.get_final_policy(state, node)

    rs = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    return TimedISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=1,
        random_state=rs,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        allow_inconsistent_action_sets=True,
    )


def play_openspiel(job: GameJob, seconds: float, ours: str) -> Any:
    """One game of ``job`` through our OpenSpiel registration: seats whose spec is ``ours``
    play our agent; the others OpenSpiel's ``ISMCTSBot`` with ``seconds`` per decision."""
    from types import SimpleNamespace

    import fourfeathers.rl.openspiel as fos

    game = fos.load(job.game, **job.config)
    state = game.new_initial_state()
    for k in reversed(range(fos.SEED_DIGITS)):  # the seed's digits, most significant first
        state.apply_action(job.seed // fos.SEED_BASE**k % fos.SEED_BASE)
    agents = {
        p: make_agent(spec, derive_seed(job.seed, "seat", p)) if spec == ours
        else openspiel_bot(game, seconds, derive_seed(job.seed, "seat", p))
        for p, spec in enumerate(job.seats)
    }  # fmt: skip
    encoding = state._play.ctx.encoding
    while not state.is_terminal():
        p = state.current_player()
        agent = agents[p]
        if job.seats[p] == ours:
            engine = state._play.state
            action = agent.act(view_for(agent, engine, p))
            state.apply_action(encoding.action_to_id(action, engine))
        else:
            state.apply_action(int(agent.step(state)))
    engine = state._play.state
    return SimpleNamespace(winners=engine.winners(), scores=engine.scores(), capped=False)


def run_openspiel(args: argparse.Namespace) -> None:
    out = Output(args.out)
    ours = f"ismcts:seconds={args.seconds}"
    for game_id in args.only or ("featherlight", "fancy-feathers"):
        config = {"players": 2}
        key = f"openspiel {config_label(game_id, config)} {args.seconds} {args.games} {args.seed}"
        if out.done(key):
            continue

        def play(jobs: list[GameJob]) -> Iterator[tuple[GameJob, Any]]:
            for job in jobs:
                yield job, play_openspiel(job, args.seconds, ours)

        SEARCHES[:] = [0, 0]
        row = play_pair(
            game_id, config, ours, "openspiel-ismcts", args.games // 2, args.seed, 1, play=play
        )
        row["openspiel_simulations_per_search"] = round(SEARCHES[1] / max(1, SEARCHES[0]), 1)
        out.write(key, {"seconds_per_decision": args.seconds, **row})


COMMANDS = ("pair", "ladder", "solo", "caps", "openspiel", "table")


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown_row(cells: Sequence[object]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def print_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    if rows:
        print(markdown_row(header))
        print(markdown_row(["---"] * len(header)).replace(" ", ""))
        for cells in rows:
            print(markdown_row(cells))
        print()


def interval(r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return f"{pct(low)}-{pct(high)}"


def run_table(args: argparse.Namespace) -> None:
    """Markdown tables of the rows in ``args.file`` (for docs/agents.md)."""
    lines = Path(args.file).read_text().splitlines()
    rows = [row for row in map(json.loads, filter(str.strip, lines)) if "partial" not in row]
    kinds = {k: [r for r in rows if r["key"].startswith(k + " ")] for k in COMMANDS}
    print_table(
        ["game", "players", "pair", "games (deals)", "upper's win share", "95% interval",
         "mean score upper / lower", "capped"],
        [
            [r["game"], r["config"]["players"], r.get("pair", f"{r['a']} vs {r['b']}"),
             f"{r['games']} ({r['deals']})" + (", stopped early" if r["stopped_early"] else ""),
             pct(r["a_win_share"]), interval(r),
             f"{r['mean_score'][r['a']]} / {r['mean_score'][r['b']]}", r["capped"]]
            for r in kinds["ladder"] + kinds["pair"]
        ],
    )  # fmt: skip
    print_table(
        ["game", "s per decision", "games (deals)", "our win share", "95% interval",
         "mean score ours / OpenSpiel", "OpenSpiel simulations per search"],
        [
            [f"{r['game']} {r['config']['players']}p", r["seconds_per_decision"],
             f"{r['games']} ({r['deals']})", pct(r["a_win_share"]), interval(r),
             " / ".join(str(v) for v in r["mean_score"].values()),
             r.get("openspiel_simulations_per_search", "")]
            for r in kinds["openspiel"]
        ],
    )  # fmt: skip
    solo_rows = []
    for r in kinds["solo"]:
        levels = ", ".join(
            f"{name} {v['mean_score']}" + (f" ({v['of_oracle']})" if v["of_oracle"] else "")
            for name, v in r["levels"].items()
        )
        paired = ", ".join(
            f"{p['upper']}-{p['lower']} {p['mean_diff']} [{p['ci95'][0]}, {p['ci95'][1]}]"
            + (
                f", won {p['won_diff']:+} [{p['won_ci95'][0]}, {p['won_ci95'][1]}]"
                if "won_diff" in p
                else ""
            )
            for p in r["paired"]
        )
        oracle = r.get("oracle", {})
        mode = " ".join(f"{k}={v}" for k, v in r["config"].items())
        solo_rows.append(
            [f"{r['game']} {mode}", r["games"],
             f"{oracle.get('mean_score', '-')} ({oracle.get('iterations', '-')} it.)",
             levels, paired]
        )  # fmt: skip
    print_table(
        ["mode", "games", "oracle", "mean score (fraction of the oracle)",
         "paired difference upper-lower [95%]"],
        solo_rows,
    )  # fmt: skip
    print_table(
        ["game", "agent (self-play)", "players", "games", "ended by the cap", "95% interval",
         "mean turns"],
        [
            [r["game"], r["agent"], r["config"]["players"], r["games"],
             f"{r['capped']} ({pct(r['capped_share'])})", interval(r), r["mean_turns"]]
            for r in kinds["caps"]
        ],
    )  # fmt: skip


# --- command line --------------------------------------------------------------------------


def option(item: str) -> tuple[str, object]:
    key, _, text = item.partition("=")
    try:
        return key, json.loads(text)
    except ValueError:
        return key, text


def csv(kind: Callable[[str], Any]) -> Callable[[str], list[Any]]:
    return lambda text: [kind(x) for x in text.split(",") if x]


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = main.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser, games: int) -> None:
        p.add_argument("--games", type=int, default=games, help=f"games per row ({games})")
        p.add_argument("--seed", type=int, default=0, help="master seed (0)")
        p.add_argument("--workers", type=int, default=1, help="worker processes (1)")
        p.add_argument("--out", help="append rows to this JSONL file and skip rows it has")

    def pairs(p: argparse.ArgumentParser) -> None:
        p.add_argument("--stop-early", action="store_true", help="stop once clear of 50%%")
        p.add_argument("--min-games", type=int, default=40, help="before stopping early (40)")
        p.add_argument("--check-every", type=int, default=10, help="deals between checks (10)")

    hard_seconds = {
        "type": float,
        "help": "measure hard with its time budget, S seconds of CPU time and its iteration "
        "cap scaled alike (a reduced-time hard; scaled_hard)",
    }
    p = commands.add_parser("pair", help="A against B in one configuration")
    p.add_argument("game")
    p.add_argument("a", help="agent spec, e.g. medium or ismcts:iterations=500")
    p.add_argument("b")
    p.add_argument("-o", "--option", type=option, action="append", default=[], help="KEY=VALUE")
    common(p, 200)
    pairs(p)
    p.add_argument("--hard-seconds", metavar="S", **hard_seconds)
    p.set_defaults(run=run_pair)

    hard = {"help": "the spec measured as hard (hard's own without its time budget)"}
    p = commands.add_parser("ladder", help="each level against the one below")
    common(p, 200)
    pairs(p)
    p.add_argument("--hard", **hard)
    p.add_argument("--hard-seconds", metavar="S", **hard_seconds)
    p.add_argument("--only", type=csv(str), help="game ids (all of LADDER_CONFIGS)")
    p.add_argument("--players", type=csv(int), help="player counts (2,4)")
    p.add_argument("--pairs", type=csv(str), help="e.g. easy-random,medium-easy (all)")
    p.set_defaults(run=run_ladder)

    p = commands.add_parser("solo", help="solo levels on the same seeds, and the oracle")
    common(p, 100)
    p.add_argument("--hard", **hard)
    p.add_argument("--levels", type=csv(str), default=list(SOLO_LEVELS), help="lowest first")
    p.add_argument("--oracle-iterations", type=int, default=1000, help="0: no oracle (1000)")
    p.add_argument("--only", type=csv(str), help="game ids (all of SOLO_MODES)")
    p.set_defaults(run=run_solo)

    p = commands.add_parser("caps", help="self-play games ended by the turn cap (FL-R10, IS-R27)")
    common(p, 300)
    p.add_argument("--game", default="featherlight", help="game id (featherlight)")
    p.add_argument("--agents", type=csv(str), default=["greedy"], help="self-play specs")
    p.add_argument("--players", type=csv(int), default=[1, 2, 3, 4], help="(1,2,3,4)")
    p.set_defaults(run=run_caps)

    p = commands.add_parser("openspiel", help="our ismcts against OpenSpiel's ISMCTSBot")
    common(p, 20)
    p.add_argument("--seconds", type=float, default=1.0, help="per decision, both sides (1)")
    p.add_argument("--only", type=csv(str), help="game ids (featherlight,fancy-feathers)")
    p.set_defaults(run=run_openspiel)

    p = commands.add_parser("table", help="Markdown tables of a results file (--out)")
    p.add_argument("file")
    p.set_defaults(run=run_table)
    return main


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "pair")  # the older form: strength.py GAME A B
    args = parser().parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
