"""The state fuzzer: corrupted ``to_dict`` data is refused cleanly or is a game.

For every game configuration of the conformance suite (``CASES``), it takes states at random
depths of seeded random playouts, corrupts their ``to_dict()`` by seeded mutations at random
nesting depths (a field or element deleted, retyped, made huge or negative, nudged by one; a
list element duplicated, moved to another list, a list emptied or poured into another...), and
asks ``game.state_from_dict`` for each mutant. It must either

- raise ``ValueError`` (and nothing else: a ``TypeError`` or ``KeyError`` fails), or
- return a state that is a game: it has its components each once, survives a JSON round trip
  and cloning, leaks nothing through observations and determinizations, refuses illegal
  actions without changing, has had what the rules do by themselves between decisions done
  (``SETTLED``), and is played to its end by random legal actions, every one of which
  applies, with a legal action offered at every step until the game says why it ended; every
  state on the way is read back by ``state_from_dict`` too (a check never refuses what the
  rules make of a state it accepted).

Each accepted mutant has a wall-clock limit (``TIME_LIMIT`` seconds, by ``signal.setitimer``,
so a hang inside one ``apply_action`` is caught) and a cap on actions (``action_cap``).

A failure names the case, the mutant's seed and its mutations, and the command that replays
it alone::

    python tests/conformance/test_state_fuzz.py isle-of-feathers '{"players": 2}' 123456

``--fuzz N`` (``tests/conftest.py``) sets the mutants per configuration: a small number in CI
(a few seconds per game), thousands by hand for a developer's run::

    pytest tests/conformance/test_state_fuzz.py --fuzz 5000

``python tests/conformance/test_state_fuzz.py --survey N [-k TEXT] [--show K]`` prints, per
configuration, how many mutants were tried, accepted and broken (and the first K broken ones),
without stopping at the first failure.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_conformance import (
    CASES,
    case_id,
    check_components,
    check_illegal,
    check_information,
)

from fourfeathers.core import Action, State, make

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "setitimer"), reason="the time limit needs signal.setitimer (POSIX)"
)

TIME_LIMIT = 20.0  # seconds for one accepted mutant, all its checks and its playout
POOL = 8  # base playouts per configuration that mutants are taken from
HUGE = 10**30


class FuzzTimeout(Exception):
    """Raised by the alarm when one mutant takes longer than ``TIME_LIMIT``."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``FuzzTimeout`` inside whatever runs when ``seconds`` of wall-clock time pass."""

    def ring(signum: int, frame: object) -> None:
        raise FuzzTimeout(f"took more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- the base playouts ---------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def base_playout(
    game_id: str, config_json: str, game_seed: int
) -> tuple[list[Action], list[Action]]:
    """The actions of one seeded random playout, and every action it saw legal (in the order
    of their text, so that runs do not depend on hashing)."""
    game = make(game_id, **json.loads(config_json))
    state = game.new_initial_state(game_seed)
    rng = random.Random(game_seed)
    played: list[Action] = []
    seen: set = set()
    while not state.is_terminal():
        legal = state.legal_actions()
        seen.update(legal)
        action = rng.choice(legal)
        state.apply_action(action)
        played.append(action)
    return played, sorted(seen, key=str)


def state_at(game_id: str, config: dict, game_seed: int, depth: int) -> State:
    played, _ = base_playout(game_id, json.dumps(config, sort_keys=True), game_seed)
    state = make(game_id, **config).new_initial_state(game_seed)
    for action in played[:depth]:
        state.apply_action(action)
    return state


def action_cap(game_id: str, config: dict) -> int:
    """Actions an accepted mutant may take to end: four times the longest base playout."""
    key = json.dumps(config, sort_keys=True)
    return max(500, 4 * max(len(base_playout(game_id, key, s)[0]) for s in range(POOL)))


# --- mutations -----------------------------------------------------------------------------

Path = tuple  # keys and indices from the top of the data


def nodes(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value below ``data`` with its path (the top itself excluded)."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        yield (*path, key), value
        if isinstance(value, (dict, list)):
            yield from nodes(value, (*path, key))


def get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def retyped(value: Any, rng: random.Random) -> Any:
    if isinstance(value, list):
        options: list[Any] = [{str(i): v for i, v in enumerate(value)}, None]
        options.append(value[0] if value else 0)
    elif isinstance(value, dict):
        options = [list(value.values()), list(value), None]
    elif isinstance(value, bool):
        options = [int(value), str(value).lower(), None]
    elif isinstance(value, int):
        options = [str(value), float(value), bool(value), None, [value], value + 0.5]
    else:
        options = [None, 0, True, [value], {"x": value}]
    return rng.choice(options)


def mutate(data: dict, rng: random.Random) -> str:
    """Apply one seeded mutation to ``data`` in place; return what it did, in words."""
    every = list(nodes(data))
    by_depth: dict[int, list[tuple[Path, Any]]] = {}
    for path, value in every:
        by_depth.setdefault(len(path), []).append((path, value))
    pick = rng.random()
    scalars = [k for k, v in data.items() if not isinstance(v, (dict, list))]
    if pick < 0.25 and scalars:  # a count or field at the top: what the rules read most
        key = rng.choice(scalars)
        path, value, depth = (key,), data[key], 1
    elif pick < 0.6:  # a depth, then a value at that depth
        depth = rng.choice(sorted(by_depth))
        path, value = rng.choice(by_depth[depth])
    else:  # a container (the top, a list, a table), then one of its values: short ones count
        holders = [((), data)] + [(p, v) for p, v in every if isinstance(v, (dict, list)) and v]
        where_from, holder = rng.choice(holders)
        key = rng.choice(list(holder) if isinstance(holder, dict) else range(len(holder)))
        path, value = (*where_from, key), holder[key]
        depth = len(path)
    parent, key = get(data, path[:-1]), path[-1]
    lists = [(p, v) for p, v in every if isinstance(v, list)]
    where = "".join(f"[{k!r}]" for k in path)
    ops = ["delete", "retype", "huge", "negative", "nudge", "copy"]
    if isinstance(value, list):
        ops += ["duplicate", "move", "empty", "pour", "shuffle", "append"] * 2
    op = rng.choice(ops)
    if op == "delete":
        del parent[key]
        return f"deleted {where} (was {show(value)})"
    if op in ("retype", "huge", "negative", "nudge", "copy"):
        if op == "retype":
            new = retyped(value, rng)
        elif op == "huge":
            new = rng.choice([HUGE, -HUGE, [HUGE], 2**63])
        elif op == "negative":
            new = -value if is_number(value) and value else -1
        elif op == "nudge":
            new = value + rng.choice([-2, -1, 1, 2]) if is_number(value) else rng.randrange(-1, 9)
        else:  # a value from elsewhere at the same depth
            new = json.loads(json.dumps(rng.choice(by_depth[depth])[1]))
        parent[key] = new
        return f"{op} {where}: {show(value)} -> {show(new)}"
    if op == "duplicate" and value:
        i = rng.randrange(len(value))
        twin = json.loads(json.dumps(value[i]))
        value.insert(rng.randrange(len(value) + 1), twin)
        return f"duplicated element {i} of {where} ({show(twin)})"
    if op in ("move", "pour") and value:
        to_path, target = rng.choice(lists)
        if to_path[: len(path)] != path:  # not into itself nor into a list inside it
            to = "".join(f"[{k!r}]" for k in to_path)
            if op == "move":
                i = rng.randrange(len(value))
                moved = value.pop(i)
                target.insert(rng.randrange(len(target) + 1), moved)
                return f"moved element {i} of {where} ({show(moved)}) into {to}"
            target.extend(value)
            value.clear()
            return f"poured all of {where} into {to}"
    if op == "shuffle" and len(value) > 1:
        rng.shuffle(value)
        return f"shuffled {where}"
    if op == "append":
        new = value[-1] if value and rng.random() < 0.5 else rng.randrange(-1, 120)
        value.append(new)
        return f"appended {show(new)} to {where}"
    parent[key] = []
    return f"emptied {where} (was {show(value)})"


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def make_mutant(game_id: str, config: dict, seed: int) -> tuple[int, dict, str]:
    """The base playout's seed, the mutated data and the mutations in words, all from
    ``seed``."""
    rng = random.Random(seed)
    game_seed = rng.randrange(POOL)
    played, _ = base_playout(game_id, json.dumps(config, sort_keys=True), game_seed)
    depth = rng.randint(0, len(played))
    state = state_at(game_id, config, game_seed, depth)
    original = state.to_dict()
    data = json.loads(json.dumps(original))
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        done.append(mutate(data, rng))
    while data == original:  # a mutation that changed nothing (the same value put back)
        done.append(mutate(data, rng))
    where = f"game seed {game_seed}, action {depth} of {len(played)}"
    return game_seed, data, f"{where}; " + "; ".join(done)


# --- what an accepted mutant must be -------------------------------------------------------


def _settled_fancy_feathers(state: Any) -> bool:
    """In the move phase the turn's Step 1 is done: beginning it again collects nothing (FF-20)."""
    from fourfeathers.games.fancy_feathers import rules

    if state.phase != rules.MOVE:
        return True
    probe = state.clone()
    rules.begin_turn(probe)
    return bool(probe == state)


def _settled_isle_of_feathers(state: Any) -> bool:
    """What happens by itself between decisions (blind draws owed, entering the draw step, the
    solo ends) has happened: settling again changes nothing."""
    from fourfeathers.games.isle_of_feathers import rules_turn

    if state.is_terminal():
        return True
    probe = state.clone()
    rules_turn._settle(probe)
    return bool(probe == state)


SETTLED: dict[str, Callable[[Any], bool]] = {
    "fancy-feathers": _settled_fancy_feathers,
    "isle-of-feathers": _settled_isle_of_feathers,
}
"""Games whose rules act by themselves between decisions: a position the rules could reach has
had that done, so doing it again changes nothing. Invariants alone cannot see a state that
skipped such a step (a Fancy Feathers mover that never collected plays on as if it had)."""


def check_position(state: State) -> None:
    """``state`` is read back by ``state_from_dict`` and is settled (``SETTLED``)."""
    copy = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state, "the state does not survive a JSON round trip"
    settled = SETTLED.get(state.game.id)
    assert settled is None or settled(state), (
        "the state skipped a step the rules take by themselves between decisions"
    )


def check_accepted(
    state: State, seen: list[Action], cap: int, rng: random.Random, at: list[str]
) -> None:
    """The conformance invariants on ``state``, then a random playout to its end.

    ``at[0]`` says how far it got (for the failure message)."""
    at[0] = "as loaded"
    check_components(state)
    check_position(state)
    before = state.to_dict()
    twin = state.clone()
    assert twin == state, "a clone differs from its original"
    check_illegal(state, seen, rng)
    check_information(state, rng)
    step = 0
    while not state.is_terminal():
        assert step < cap, f"the game did not end within {cap} actions"
        assert state.ended_by() is None, "a game going on has ended"
        actions = state.legal_actions()
        assert actions, "a state that is not terminal offers no action"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        for action in actions:
            probe = state.clone()
            try:
                probe.apply_action(action)
            except FuzzTimeout:
                raise
            except Exception as error:
                raise AssertionError(
                    f"legal action {action} does not apply: {type(error).__name__}: {error}"
                ) from error
            check_components(probe)
        if rng.random() < 0.05:
            check_illegal(state, seen, rng)
            check_information(state, rng)
        action = rng.choice(actions)
        state.apply_action(action)
        step += 1
        at[0] = f"after {step} action(s), the last {action}"
        check_components(state)
        check_position(state)  # what the rules make of an accepted state is accepted too
    assert state.legal_actions() == [], "a finished game offers actions"
    end = state.ended_by()
    assert end is not None and end.text, "a finished game says why it ended"
    assert len(state.returns()) == len(state.scores()) == state.game.num_players
    assert twin.to_dict() == before, "acting on the original changed its clone"


def fuzz_one(game_id: str, config: dict, seed: int) -> tuple[bool, str | None]:
    """Try the mutant of ``seed``: (accepted?, what is wrong or None)."""
    game_seed, data, mutations = make_mutant(game_id, config, seed)
    game = make(game_id, **config)
    label = (
        f"{case_id(game_id, config)} seed {seed} ({mutations})\n    reproduce: python "
        f"tests/conformance/test_state_fuzz.py {game_id} '{json.dumps(config)}' {seed}"
    )
    at = ["in state_from_dict"]
    try:
        with time_limit(TIME_LIMIT):
            try:
                state = game.state_from_dict(data)
            except ValueError:
                return False, None
            except Exception as error:
                return False, (
                    f"state_from_dict raised {type(error).__name__} (not ValueError): "
                    f"{first_line(error)} -- {label}"
                )
            _, seen = base_playout(game_id, json.dumps(config, sort_keys=True), game_seed)
            check_accepted(state, seen, action_cap(game_id, config), random.Random(seed), at)
    except FuzzTimeout as error:
        return True, f"an accepted mutant hung {at[0]}: it {error} -- {label}"
    except (Exception, pytest.fail.Exception) as error:  # every failure names the mutant
        return True, (
            f"an accepted mutant is broken {at[0]}: {type(error).__name__}: "
            f"{first_line(error)} -- {label}"
        )
    return True, None


def first_line(error: BaseException) -> str:
    """The message without pytest's rewritten-assertion diff, at most 300 characters."""
    text = (str(error).splitlines() or [""])[0]
    return text if len(text) <= 300 else text[:297] + "..."


def mutant_seeds(game_id: str, config: dict, count: int) -> list[int]:
    rng = random.Random(f"fuzz {case_id(game_id, config)}")
    return [rng.randrange(2**32) for _ in range(count)]


@pytest.mark.parametrize("game_id,config", CASES)
def test_state_fuzz(game_id: str, config: dict, fuzz: int) -> None:
    failures = []
    for seed in mutant_seeds(game_id, config, fuzz):
        _, failure = fuzz_one(game_id, config, seed)
        if failure:
            failures.append(failure)
    if failures:
        shown = "\n".join(failures[:5])
        pytest.fail(f"{len(failures)} of {fuzz} mutants failed:\n{shown}", pytrace=False)


def survey(count: int, select: str, show: int = 3, out: Callable[[str], None] = print) -> None:
    """Per configuration: mutants tried, accepted, broken (and the first broken ones)."""
    for param in CASES:
        game_id, config = param.values
        name = case_id(game_id, config)
        if select not in name:
            continue
        start = time.perf_counter()
        accepted = broken = 0
        first: list[str] = []
        for seed in mutant_seeds(game_id, config, count):
            took, failure = fuzz_one(game_id, config, seed)
            accepted += took
            if failure:
                broken += 1
                first.append(failure)
        seconds = time.perf_counter() - start
        out(f"{name}: {count} tried, {accepted} accepted, {broken} broken, {seconds:.1f} s")
        for failure in first[:show]:
            out(f"    {failure}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="game id, to replay one mutant")
    parser.add_argument("config", nargs="?", help="its configuration as JSON")
    parser.add_argument("seed", nargs="?", type=int, help="the mutant's seed")
    parser.add_argument("--survey", type=int, metavar="N", help="N mutants per configuration")
    parser.add_argument("-k", default="", help="only configurations whose id contains this")
    parser.add_argument("--show", type=int, default=3, help="failures shown per configuration")
    args = parser.parse_args(argv)
    if args.survey:
        survey(args.survey, args.k, args.show)
        return 0
    if args.game is None or args.config is None or args.seed is None:
        parser.error("give GAME CONFIG SEED, or --survey N")
    config = json.loads(args.config)
    _, data, mutations = make_mutant(args.game, config, args.seed)
    print(mutations)
    accepted, failure = fuzz_one(args.game, config, args.seed)
    print("accepted" if accepted else "refused with ValueError" if not failure else "refused")
    print(failure or "ok")
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
