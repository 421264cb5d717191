"""``feathers play``: play a game in the terminal against computer seats, or watch them play.

The game itself runs in a ``session.Session``. This module reads the options, starts a new game
or continues a saved one, saves it, and plays the game's tournament (``Game.series``).

A saved game (``--save FILE``) is a ``GameRecord`` whose ``table`` keeps the seats, the display
options and, for a tournament, its progress (``{"seed", "game", "scores"}``: the tournament's
seed, the index of the game in the file and the scores of the games before it), so that
``--load FILE`` goes on as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..core.config import is_int
from ..core.errors import ConfigError, ContentError, IllegalActionError
from ..core.files import write_text
from ..core.game import Game, State
from ..core.records import GameRecord, json_kind
from ..core.rng import MAX_SEED, derive_seed, random_seed
from ..core.table import HUMAN
from ..core.table import Table as GameTable
from .common import (
    ContentOpt,
    GameArg,
    OptionOpt,
    VariantOpt,
    agent_names,
    build_game,
    check_agent,
    check_file_path,
    check_number,
    check_players,
    check_seed,
    console,
    fail,
    fail_write,
    make_or_fail,
    output_problem,
    say,
    seat_name,
    seats_text,
    spec_or_fail,
    split_list,
)
from .options import config_flags, game_command
from .replay import load_record
from .session import (
    Display,
    InputEnded,
    Outcome,
    Session,
    make_agents,
    read_line,
)
from .view import draws_svg, render_result

DEFAULT_AGENT = "random"
"""The agent of a computer seat that ``--seats`` does not name."""

DEFAULT_SAVE = "feathers-game.json"
"""The file name offered when a player quits without ``--save``."""


def parse_seats(text: str | None, players: int, option: str = "--seats") -> list[str]:
    """Seat kinds for ``players`` seats from ``--seats`` (``human,random``...).

    Unnamed seats are played by ``DEFAULT_AGENT``; without ``--seats``, seat 1 is human.
    Fails on ``option`` for an empty entry, an unknown agent or too many seats.
    """
    if text is None:
        return [HUMAN] + [DEFAULT_AGENT] * (players - 1)
    names = [name.lower() for name in split_list(text)]
    for name in names:
        if not name:
            fail(option, f"an empty entry in {text!r} (write seat kinds separated by commas)")
        if name != HUMAN:
            check_agent(option, name)
    if len(names) > players:
        fail(option, f"{len(names)} seats given for a {players}-player game")
    return names + [DEFAULT_AGENT] * (players - len(names))


def save_session(session: Session, path: Path) -> None:
    """Write the session's record and table to ``path`` and say how to go on; fail on
    ``--save`` if it cannot be written."""
    record = session.to_record()
    try:
        write_text(path, record.to_json() + "\n")
    except OSError as exc:
        fail_write("--save", exc, path)
    again = f"feathers play {record.game} --load {path}"
    done = bool(record.actions) and session.table.over
    progress = session.tournament
    if progress is not None and (not done or progress["game"] + 1 < progress["games"]):
        say(f"Tournament saved to {path}. Continue it with: {again}")
    elif not done:
        say(f"Game saved to {path}. Continue it with: {again}")
    else:
        say(f"Game saved to {path}. See it again with: feathers replay {path}")


def offer_save(session: Session, save: Path | None) -> None:
    """On quit: offer to save to ``--save`` (or ask for a file name)."""
    target: Path | None = None
    try:
        if save is not None:
            answer = read_line(f"Save the game to {save}? [Y/n] ").strip().lower()
            target = save if answer in ("", "y", "yes") else None
        elif read_line("Save the game? [y/N] ").strip().lower() in ("y", "yes"):
            while target is None:  # a name that cannot be written is asked again
                name = read_line(f"File name [{DEFAULT_SAVE}]: ").strip()
                problem = output_problem(Path(name or DEFAULT_SAVE))
                if problem is None:
                    target = Path(name or DEFAULT_SAVE)
                else:
                    say(f"Cannot save there: {problem}. Another name (Ctrl-D: do not save)?")
    except InputEnded:
        target = save
    if target is not None:
        save_session(session, target)


def _describe_seats(seats: list[str]) -> str:
    return ", ".join(f"seat {p + 1} {kind}" for p, kind in enumerate(seats))


PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        help="Number of seats. Default: the number of --seats given, else 2.",
        show_default=False,
    ),
]
SeatsOpt = Annotated[
    str | None,
    typer.Option(
        "--seats",
        metavar="SEATS",
        help="Who plays each seat, comma-separated: human or an agent ("
        + agent_names()
        + "). Seats not named are random. Default: seat 1 human, the others random, or the "
        "seats of the --load game.",
        show_default=False,
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help="Seed of the deal (it fixes every hidden card). Default: a fresh one, printed so "
        "you can replay the deal (once the game is over when a human plays).",
        show_default=False,
    ),
]
StartOpt = Annotated[
    int | None,
    typer.Option(
        "--start",
        metavar="SEAT",
        help="The starting seat (1-N). Default: drawn from the seed.",
        show_default=False,
    ),
]
MemoryAidOpt = Annotated[
    bool | None,
    typer.Option(
        "--memory-aid/--no-memory-aid",
        help="Show the covered cards of the nest. Default: off, or as the --load game was.",
        show_default=False,
    ),
]
TournamentOpt = Annotated[
    bool,
    typer.Option(
        "--tournament",
        help="Play the game's tournament: several games, scores summed (--save keeps it "
        "all in one file, and --load resumes it).",
    ),
]
SaveOpt = Annotated[
    Path | None,
    typer.Option(
        "--save",
        metavar="FILE",
        help="Write the game record (JSON) here at the end, or when you quit.",
        show_default=False,
    ),
]
LoadOpt = Annotated[
    Path | None,
    typer.Option(
        "--load",
        metavar="FILE",
        help="Continue a game (or tournament) saved with --save, with its seats and display.",
        show_default=False,
    ),
]
MAX_DELAY = 60.0
"""The longest pause ``--delay`` allows after a computer decision, in seconds."""
DelayOpt = Annotated[
    float, typer.Option("--delay", metavar="SECONDS", help="Pause after each computer decision.")
]
HintOpt = Annotated[
    bool | None,
    typer.Option(
        "--hint/--no-hint",
        help="Before each of your decisions, show what the hard AI would play. Default: off, or "
        "as the --load game was.",
        show_default=False,
    ),
]
SvgOpt = Annotated[
    Path | None,
    typer.Option(
        "--svg",
        metavar="FILE",
        help="Keep a picture of the table (SVG) in FILE, rewritten after every decision, for "
        "games that draw one.",
        show_default=False,
    ),
]


@game_command("play")
def play(
    game_id: GameArg,
    players: PlayersOpt = None,
    seats: SeatsOpt = None,
    seed: SeedOpt = None,
    start: StartOpt = None,
    memory_aid: MemoryAidOpt = None,
    tournament: TournamentOpt = False,
    content: ContentOpt = None,
    variant: VariantOpt = None,
    save: SaveOpt = None,
    load: LoadOpt = None,
    delay: DelayOpt = 0.0,
    hint: HintOpt = None,
    option: OptionOpt = None,
    svg: SvgOpt = None,
    game_options: dict[str, Any] | None = None,
) -> None:
    """Play a game in the terminal against computer seats, or watch computers play.

    On your turn you see the table as your seat sees it and the numbered legal actions. Answer
    with a number or an action's text (put 15 on 3), or: ?, undo, show, help, quit. A saved
    game remembers its seats, --hint and --memory-aid; --load restores them unless given.
    """
    spec = spec_or_fail(game_id)
    check_file_path(save, "--save")
    if load is not None:
        given = {
            "--players": players is not None,
            "--seed": seed is not None,
            "--start": start is not None,
            "--content": content is not None,
            "--variant": bool(variant),
            "--option": bool(option),
            **{config_flags()[key]: True for key in game_options or {}},
        }
        for flag, is_given in given.items():
            if is_given:
                fail(flag, "cannot be combined with --load (the saved game fixes it)")
        record = load_record(load, "--load")
        display = _display(record.table, memory_aid, delay, svg, hint)
        _play_loaded(game_id, load, record, seats, tournament, save, display)
        return
    display = _display({}, memory_aid, delay, svg, hint)
    if players is None:
        players = len(split_list(seats)) if seats else (2 if 2 in spec.players else spec.players[0])
    check_players(spec, players)
    seat_kinds = parse_seats(seats, players)
    if start is not None and not 1 <= start <= players:
        fail("--start", f"seats are numbered 1 to {players}, got {start}")
    check_seed(seed)
    starter = None if start is None else start - 1
    game = build_game(spec, players, starter, content, variant, game_options, option)
    if svg is not None and not draws_svg(game):
        fail("--svg", f"{game.title} has no picture to draw")
    seed = _announce(spec.title, seat_kinds, seed)
    if tournament:
        if game.series() is None:
            fail("--tournament", f"{game.title} has no tournament format")
        _play_tournament(game, seat_kinds, display, save, {"seed": seed, "game": 0, "scores": []})
        return
    table = GameTable(game, seed, seat_kinds)
    session = Session(table, make_agents(seat_kinds, seed, game), display)
    _finish(session, save)


def _display(
    saved: dict[str, Any],
    memory_aid: bool | None,
    delay: float,
    svg: Path | None,
    hint: bool | None,
) -> Display:
    """How to show the game: the options given, else as ``saved`` (a loaded game's table);
    fails on a bad ``--delay`` or ``--svg``."""
    check_number("--delay", delay, 0, MAX_DELAY, "seconds")
    check_file_path(svg, "--svg")
    if memory_aid is None:
        memory_aid = saved.get("memory_aid") is True
    if hint is None:
        hint = saved.get("hint") is True
    return Display(memory_aid, delay, svg, hint)


def _announce(title: str, seat_kinds: list[str], seed: int | None) -> int:
    """Print who plays, and the seed unless a human seat plays (the seed fixes every hidden
    card; ``show_seed`` gives it at the end); draw a fresh seed if none was given. Returns it."""
    header = f"{title}: {_describe_seats(seat_kinds)}"
    fresh = seed is None
    if seed is None:
        seed = random_seed()
    if HUMAN not in seat_kinds:
        again = f" (play this deal again with --seed {seed})" if fresh else ""
        header += f"; seed {seed}{again}"
    say(header, "bold")
    return seed


def show_seed(seats: list[str], seed: int) -> None:
    """After a game (or tournament) with a human seat: the seed, to play the deal again."""
    if HUMAN in seats:
        say(f"Seed {seed}: play this deal again with --seed {seed}", "dim")


def _loaded_seats(record: GameRecord, seats: str | None, players: int) -> list[str]:
    """The seats of a loaded game: ``--seats`` if given, else the saved ones."""
    if seats is not None:
        return parse_seats(seats, players)
    saved = record.table.get("seats")
    if saved is None:
        return parse_seats(None, players)
    if not isinstance(saved, list) or not all(isinstance(k, str) for k in saved):
        fail("--load", "the saved seats are not a list of seat kinds")
    if len(saved) != players:
        fail("--load", f"the saved game has {len(saved)} seats for {players} players")
    return parse_seats(",".join(saved), players, "--load")


def _play_loaded(
    game_id: str,
    load: Path,
    record: GameRecord,
    seats: str | None,
    tournament: bool,
    save: Path | None,
    display: Display,
) -> None:
    """Continue the game (or the tournament) saved in ``load``."""
    if record.game != game_id:
        fail("--load", f"{load} holds a {record.game} game, not {game_id}")
    progress = record.table.get("tournament")
    if tournament and progress is None:
        fail("--tournament", f"{load} holds a single game, not a tournament")
    try:
        game = record.make_game()
    except (ConfigError, ContentError) as exc:
        fail("--load", f"{load}: {exc}")
    seat_kinds = _loaded_seats(record, seats, game.num_players)
    try:
        table = GameTable.from_record(record, seat_kinds, game)
    except IllegalActionError as exc:
        fail("--load", f"{load}: {exc}")
    checked = None if progress is None else _progress(load, game, progress)
    what = "tournament game" if progress is not None else "game"
    seed = "" if HUMAN in seat_kinds else f"; seed {record.seed}"
    say(
        f"{game.title}: {_describe_seats(seat_kinds)}{seed}; continuing the {what} "
        f"after {len(record.actions)} decisions from {load}",
        "bold",
    )
    agent_seed = derive_seed(record.seed, "load", len(record.actions))
    agents = make_agents(seat_kinds, agent_seed, game)
    session = Session(table, agents, display)
    if checked is not None:
        _play_tournament(game, seat_kinds, display, save or load, checked, session)
        return
    _finish(session, save)


def _progress(load: Path, game: Game, saved: Any) -> dict[str, Any]:
    """A saved tournament's progress (``table.tournament``: ``seed``, ``game`` -- the game to
    play, from 0 --, ``games`` and ``scores``, one list of each seat's points per game played),
    checked against ``game``'s series before anything is shown; fails on ``--load`` with one
    line naming the field that is missing or wrong."""
    series = game.series()
    if series is None:
        fail("--load", f"{load}: {game.title} has no tournament format, but a tournament is saved")
    where = f"{load}: the saved tournament's field"
    if not isinstance(saved, dict):
        kind = json_kind(saved)
        fail("--load", f"{load}: the saved tournament must be a JSON object, not {kind}")
    for key in ("seed", "game", "scores"):
        if key not in saved:
            fail("--load", f"{where} {key!r} is missing")
    seed, k, scores = saved["seed"], saved["game"], saved["scores"]
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        got = seed if is_int(seed) else json_kind(seed)
        fail("--load", f"{where} 'seed' must be an integer from 0 to {MAX_SEED}, got {got}")
    if "games" in saved and saved["games"] != series.games:
        got = saved["games"]
        fail("--load", f"{where} 'games' must be {series.games} ({series.name}), got {got!r}")
    if not is_int(k) or not 0 <= k < series.games:
        got = k if is_int(k) else json_kind(k)
        fail("--load", f"{where} 'game' must be an integer from 0 to {series.games - 1}, got {got}")
    players = game.num_players
    if (
        not isinstance(scores, list)
        or len(scores) != k
        or not all(
            isinstance(row, list) and len(row) == players and all(is_int(v) for v in row)
            for row in scores
        )
    ):
        fail(
            "--load",
            f"{where} 'scores' must be a list of {k} games' scores (a list of {players} "
            "integers each)",
        )
    return {"seed": seed, "game": k, "scores": [list(row) for row in scores]}


def _finish(session: Session, save: Path | None) -> None:
    """Run ``session`` to its end, then show the result and save; handle quit and end of input."""
    try:
        outcome = session.run()
    except InputEnded as exc:
        _input_ended(session, exc, save)
        return
    if outcome is Outcome.QUIT:
        offer_save(session, save)
        say("Game stopped.")
        return
    show_result(session)
    show_seed(session.seats, session.table.record.seed)
    if save is not None:
        save_session(session, save)


def _input_ended(session: Session, exc: InputEnded, save: Path | None) -> None:
    """Leave cleanly when a human seat has to answer but input ended (exit code 1, or 130)."""
    player = session.table.state.current_player
    if save is not None:
        save_session(session, save)
    if exc.interrupted:
        keep = "" if save is not None else " (with --save FILE an interrupted game is kept)"
        typer.echo(f"Interrupted{keep}.", err=True)
        raise typer.Exit(130)
    typer.echo(
        f"Error: input ended while {seat_name(player).lower()} (human) had to decide; "
        "give answers on stdin, or use --seats with computer agents only",
        err=True,
    )
    raise typer.Exit(1)


def show_result(session: Session) -> None:
    """The end of a game: the final table and every seat's score, explained."""
    state = session.table.state
    game = session.game
    console.print()
    console.rule(f"{game.title} - game over", style="green")
    console.print(render_result(game, state))
    end = state.ended_by()
    if end is not None and end.capped:
        say(
            f"Stopped by the turn cap ({end.text}), not by the rules: these are the scores "
            "of an unfinished game.",
            "bold yellow",
        )


def _play_tournament(
    game: Game,
    seats: list[str],
    display: Display,
    save: Path | None,
    progress: dict[str, Any],
    resumed: Session | None = None,
) -> None:
    """Play the game's series from ``progress`` (its seed, the game to play, the scores so
    far): each game dealt with ``derive_seed(seed, k)``, totals after each. ``resumed`` is the
    loaded session of game ``progress["game"]``; ``save`` is written after each game and on
    quit or Ctrl-C, with the progress, so that ``--load`` resumes the tournament."""
    series = game.series()
    assert series is not None
    seed = progress["seed"]
    results: list[list[int]] = progress["scores"]
    previous: State | None = None
    for k in range(progress["game"], series.games):
        console.print()
        console.rule(f"{series.name}: game {k + 1} of {series.games}", style="magenta")
        state_of = {"seed": seed, "game": k, "games": series.games, "scores": list(results)}
        if resumed is not None:
            session, resumed = resumed, None
            session.tournament = state_of
        else:
            if previous is not None:
                changes = series.next_config(previous)
                game = make_or_fail(game.id, {**game.config, **changes})
                starter = changes.get("starting_player")
                if isinstance(starter, int) and game.num_players > 1:
                    say(f"{seat_name(starter)} starts this game ({series.rule}).", "bold")
            game_seed = derive_seed(seed, k)
            session = Session(
                GameTable(game, game_seed, seats),
                make_agents(seats, game_seed, game),
                display,
                announce_start=k == 0,
                tournament=state_of,
            )
        try:
            outcome = session.run()
        except InputEnded as exc:
            _input_ended(session, exc, save)
            return
        if outcome is Outcome.QUIT:
            offer_save(session, save)
            say("Tournament stopped.")
            return
        show_result(session)
        previous = session.table.state
        if save is not None:
            save_session(session, save)
        results.append(previous.scores())
        console.print(totals_table(seats, results, series.games))
        if k + 1 < series.games and HUMAN in seats:
            try:
                read_line(f"Press Enter to start game {k + 2}. ")
            except InputEnded as exc:
                if exc.interrupted:
                    typer.echo("Interrupted.", err=True)
                    raise typer.Exit(130) from None
    show_seed(seats, seed)
    totals = [sum(r[p] for r in results) for p in range(len(seats))]
    best = max(totals)
    winners = [p for p, t in enumerate(totals) if t == best]
    if len(seats) == 1:
        say(f"{series.name}: {best} points in total", "bold green")
        return
    verb = "wins" if len(winners) == 1 else "share the victory"
    say(f"{series.name}: {seats_text(winners)} {verb} with {best} points in total", "bold green")


def totals_table(seats: list[str], results: list[list[int]], games: int) -> Table:
    """Scores per seat and game so far, with running totals."""
    table = Table(title=f"Totals after game {len(results)} of {games}", header_style="bold")
    table.add_column("seat", justify="right")
    table.add_column("player")
    for k in range(len(results)):
        table.add_column(f"game {k + 1}", justify="right")
    table.add_column("total", justify="right", style="bold")
    for p, kind in enumerate(seats):
        scores = [r[p] for r in results]
        table.add_row(str(p + 1), kind, *map(str, scores), str(sum(scores)))
    return table
