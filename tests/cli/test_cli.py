"""The ``feathers`` command line, driven through typer's CliRunner (stdin fed as text)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.cli.main import app
from fourfeathers.core.records import GameRecord

runner = CliRunner()

KIRA_HAND = "3,6,8,15,65"
KIRA_NEST = "4,28,31,43,60,68"


def run(*args: str, input: str | None = None):
    """Invoke ``feathers ARGS`` and return the result (exceptions are not caught)."""
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def assert_one_error_line(result, option: str) -> None:
    """Exit code 2, and stderr is exactly one ``Error: OPTION...`` line without a traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Error: {option}"), lines[0]
    assert "Traceback" not in result.output


# --- help -------------------------------------------------------------------------------------


def test_help_lists_the_sub_commands():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("games", "score", "play", "simulate", "replay"):
        assert command in result.stdout


@pytest.mark.parametrize(
    "command",
    [["games"], ["score"], ["score", "featherlight"], ["play"], ["simulate"], ["replay"]],
)
def test_every_sub_command_help_has_examples(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert "feathers " + command[0] in result.stdout


def test_usage_errors_are_one_line():
    assert_one_error_line(run("play", "featherlight", "--players", "x"), "Invalid value")
    assert_one_error_line(run("simulate", "featherlight", "--bogus"), "No such option")
    assert_one_error_line(run("replay"), "Missing argument")


# --- games ------------------------------------------------------------------------------------


def test_games_lists_featherlight():
    result = run("games")
    assert result.exit_code == 0
    assert "featherlight" in result.stdout and "1-4" in result.stdout
    rows = json.loads(run("games", "--json").stdout)
    (row,) = [r for r in rows if r["id"] == "featherlight"]
    assert row == {
        "id": "featherlight",
        "title": "Featherlight",
        "players": [1, 2, 3, 4],
        "summary": row["summary"],
    }


# --- score ------------------------------------------------------------------------------------


def test_score_rulebook_example_totals_83():
    result = run("score", "featherlight", "--hand", KIRA_HAND, "--nest", KIRA_NEST)
    assert result.exit_code == 0
    assert "83" in result.stdout
    for card in (3, 6, 8, 15, 65):
        assert str(card) in result.stdout


def test_score_json_shape():
    result = run("score", "featherlight", "--hand", KIRA_HAND, "--nest", KIRA_NEST, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"total", "cards"}
    assert data["total"] == 83
    assert [c["card"] for c in data["cards"]] == [3, 6, 8, 15, 65]
    assert [c["points"] for c in data["cards"]] == [15, 5, 6, 50, 7]
    for card in data["cards"]:
        assert set(card) == {"card", "points", "reason"}
        assert isinstance(card["reason"], str) and card["reason"]


def score_total(hand: str, nest: str) -> int:
    result = run("score", "featherlight", "--hand", hand, "--nest", nest, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["total"]


def test_score_stack_syntax_bottom_to_top():
    # 4 lies on 12: only the exposed 4 counts for colours, so Kira still scores 83.
    assert score_total(KIRA_HAND, "12/4,28,31,43,60,68") == 83
    # 12 lies on 4: 4 is covered, the nest colours change.
    assert score_total(KIRA_HAND, "4/12,28,31,43,60,68") != 83
    # Card 2 scores the height of the tallest stack, covered cards included.
    low = score_total("2,10,20,31,41", "12,4,28,5,9,60")
    high = score_total("2,10,20,31,41", "12/4/28,5,9,60,68,70")
    assert high - low == 2


@pytest.mark.parametrize(
    ("hand", "nest", "option", "words"),
    [
        ("3,6,8,15,71", KIRA_NEST, "--hand", "no card 71"),
        ("3,6,8,15,15", KIRA_NEST, "--hand", "twice"),
        ("3,6,8,15", KIRA_NEST, "--hand", "5 cards"),
        ("3,6,8,15,x", KIRA_NEST, "--hand", "not a card number"),
        ("3,6,8,,65", KIRA_NEST, "--hand", "empty"),
        (KIRA_HAND, "4,28,31,43,60", "--nest", "6 stacks"),
        (KIRA_HAND, "4,28,31,43,60,3", "--nest", "twice"),
        (KIRA_HAND, "4,28,31,43,60,99", "--nest", "no card 99"),
        (KIRA_HAND, "4,28,31,43,60,12/", "--nest", "empty place"),
        (KIRA_HAND, "4,28,31,43,60,a/4", "--nest", "not a card number"),
    ],
)
def test_score_bad_input_is_one_error_line(hand, nest, option, words):
    result = run("score", "featherlight", "--hand", hand, "--nest", nest)
    assert_one_error_line(result, option)
    assert words in result.stderr


def test_score_bad_variant_and_content(tmp_path: Path):
    base = ["score", "featherlight", "--hand", KIRA_HAND, "--nest", KIRA_NEST]
    assert_one_error_line(run(*base, "--variant", "nope"), "--variant")
    assert_one_error_line(run(*base, "--content", str(tmp_path / "none.toml")), "--content")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[card]]\nnumber = 1\n")
    assert_one_error_line(run(*base, "--content", str(broken)), "--content")


def test_score_variant_is_accepted():
    result = run(
        "score",
        "featherlight",
        "--hand",
        KIRA_HAND,
        "--nest",
        KIRA_NEST,
        "--variant",
        "exact-same-colour",
        "--json",
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["total"] == 83


# --- play: computer seats only ----------------------------------------------------------------


def test_play_without_humans_runs_to_the_end():
    args = ["play", "featherlight", "--players", "3", "--seats", "random,random,random"]
    result = run(*args, "--seed", "7", input="")
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout
    assert "wins with" in result.stdout or "share the victory" in result.stdout
    assert "Seat 2: " in result.stdout  # computer decisions, one line each
    again = run(*args, "--seed", "7", input="")
    assert again.stdout == result.stdout  # the seed fixes the whole game


def test_play_prints_a_seed_when_none_is_given():
    result = run("play", "featherlight", "--seats", "random,random")
    assert result.exit_code == 0
    assert "--seed " in result.stdout


def test_start_chooses_the_first_seat():
    for start in ("1", "2", "3"):
        args = ["play", "featherlight", "--seats", "random,random,random", "--seed", "1"]
        result = run(*args, "--start", start)
        assert result.exit_code == 0
        lines = result.stdout.splitlines()
        assert lines[1] == f"Seat {start} starts."
        assert lines[2].startswith(f"Seat {start}: ")


def test_solo_play_with_a_random_seat():
    result = run("play", "featherlight", "--players", "1", "--seats", "random", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert "Solo score" in result.stdout


def test_tournament_with_random_seats_shows_three_games_and_totals():
    result = run("play", "featherlight", "--seats", "random,random", "--tournament", "--seed", "3")
    assert result.exit_code == 0, result.output
    for k in (1, 2, 3):
        assert f"game {k} of 3" in result.stdout
        assert f"Totals after game {k} of 3" in result.stdout
    assert "in total" in result.stdout.splitlines()[-1]


# --- play: a human seat fed through stdin -----------------------------------------------------


def test_human_play_with_bad_input_undo_and_quit(tmp_path: Path):
    save = tmp_path / "game.json"
    answers = [
        "3",  # take 1 (a swap: nothing hidden is seen)
        "undo",  # so it can be taken back
        "1",  # draw 1
        "99",  # no such action: asked again
        "bogus",  # not an action: asked again
        "3",  # put the third card; then seat 2 (random) plays its two decisions
        "undo",  # refused: seat 2's draw showed it a hidden card (no searching the piles)
        "help",
        "quit",
        "y",  # save to --save
    ]
    result = run(
        "play", "featherlight", "--seed", "7", "--save", str(save), input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Your hand (seat 1)" in out
    assert "There is no action 99" in out
    assert "Not understood" in out
    assert "Seat 2: " in out
    assert "You: swap: take" in out and "Seat 1 took back a decision." in out
    assert "Cannot take back: Seat 2's decision 'draw 2' showed a hidden card" in out
    assert "Answer with:" in out
    assert "Game saved to" in out
    record = GameRecord.load(save)
    assert record.actions[0] == "draw 1" and len(record.actions) == 4
    assert record.seed == 7


def test_a_human_sees_only_their_own_hand():
    result = run("play", "featherlight", "--seed", "7", input="take 2\nquit\nn\n")
    assert result.exit_code == 0
    assert "Your hand (seat 1)" in result.stdout
    assert "Your hand (seat 2)" not in result.stdout
    assert "holds" not in result.stdout  # spectators see every hand, players do not


def test_human_gets_the_rule_that_forbids_an_action():
    # After "take 1" the turn must continue with a put: "draw 1" is refused, naming rule FL-14.
    result = run("play", "featherlight", "--seed", "7", input="take 1\ndraw 1\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert "You: swap: take" in result.stdout
    assert "Not allowed" in result.stdout and "FL-14" in result.stdout


def test_undo_with_nothing_to_take_back():
    result = run("play", "featherlight", "--seed", "7", input="undo\nquit\nn\n")
    assert result.exit_code == 0
    assert "no decision of yours to take back" in result.stdout


def test_end_of_input_exits_cleanly_with_code_1():
    result = run("play", "featherlight", "--seed", "7", input="1\n")
    assert result.exit_code == 1
    assert "input ended" in result.stderr
    assert "Traceback" not in result.output


def test_solo_defaults_to_a_human_seat():
    result = run("play", "featherlight", "--players", "1", "--seed", "5", input="")
    assert "seat 1 human" in result.stdout
    assert result.exit_code == 1


def test_load_continues_a_saved_game(tmp_path: Path):
    save = tmp_path / "g.json"
    first = run("play", "featherlight", "--seed", "9", "--save", str(save), input="2\nquit\n\n")
    assert first.exit_code == 0, first.output
    assert GameRecord.load(save).actions == ["draw 2"]
    # Continue with a human answering one decision, then quit without saving.
    second = run("play", "featherlight", "--load", str(save), input="undo\n1\nquit\nn\n")
    assert second.exit_code == 0, second.output
    assert "continuing the game after 1 decisions" in second.stdout
    assert "Cannot take back: your decision 'draw 2' showed a hidden card" in second.stdout
    assert "You: put" in second.stdout
    # Finish it with computer seats only.
    third = run("play", "featherlight", "--load", str(save), "--seats", "random,random")
    assert third.exit_code == 0, third.output
    assert "game over" in third.stdout


def test_hot_seat_hands_over_between_humans():
    answers = ["", "1", "1", "", "quit", "n"]  # Enter for seat 1, draw + put, Enter for seat 2
    result = run(
        "play",
        "featherlight",
        "--seats",
        "human,human",
        "--seed",
        "3",
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "Seat 2: your turn" in result.stdout
    assert "Since your last turn:" in result.stdout
    assert "Your hand (seat 2)" in result.stdout


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["nope"], "GAME"),
        (["featherlight", "--players", "9"], "--players"),
        (["featherlight", "--seats", "human,robot"], "--seats"),
        (["featherlight", "--players", "2", "--seats", "random,random,random"], "--seats"),
        (["featherlight", "--start", "3"], "--start"),
        (["featherlight", "--seed", "-1"], "--seed"),
        (["featherlight", "--delay", "-1"], "--delay"),
        (["featherlight", "--variant", "nope"], "--variant"),
        (["featherlight", "--load", "/no/such/file.json"], "--load"),
        (["featherlight", "--save", "/no/such/dir/game.json"], "--save"),
    ],
)
def test_play_bad_options_are_one_error_line(args, option):
    assert_one_error_line(run("play", *args, input=""), option)


@pytest.mark.parametrize(
    ("command", "option", "value", "words"),
    [
        ("play", "--delay", "inf", "must be a number from 0 to 60 seconds, got inf"),
        ("play", "--delay", "1e308", "must be a number from 0 to 60 seconds, got 1e+308"),
        ("play", "--delay", "nan", "must be a number from 0 to 60 seconds, got nan"),
        ("play", "--delay", "61", "must be a number from 0 to 60 seconds, got 61.0"),
        ("serve", "--keep-finished", "nan", "must be a number from 0 to 87,600 hours, got nan"),
        ("serve", "--keep-finished", "inf", "must be a number from 0 to 87,600 hours, got inf"),
        ("serve", "--keep-finished", "-1", "must be a number from 0 to 87,600 hours, got -1.0"),
    ],
)
def test_a_float_option_must_be_a_finite_number_in_range(command, option, value, words):
    """``inf`` or ``1e308`` once reached time.sleep mid-game (OverflowError) and ``nan`` was
    taken silently; each is now one line naming the option, before anything starts."""
    game = ["featherlight", "--seats", "random,random", "--seed", "3"] if command == "play" else []
    result = run(command, *game, option, value, input="")
    assert_one_error_line(result, option)
    assert result.stderr.strip() == f"Error: {option}: {words}"


def test_a_delay_of_0_is_accepted():
    result = run("play", "featherlight", "--seats", "random,random", "--seed", "3", "--delay", "0")
    assert result.exit_code == 0, result.output


# --- simulate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_shape_and_win_shares(players: int):
    args = ["simulate", "featherlight", "--players", str(players), "--games", "50", "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {
        "game",
        "config",
        "games",
        "seed",
        "lineup",
        "rotate",
        "seats",
        "agents",
        "mean_decisions",
        "mean_turns",
        "capped",
    }
    assert data["game"] == "featherlight"
    assert data["games"] == 50 and data["seed"] == 0
    assert data["config"]["players"] == players
    assert [s["seat"] for s in data["seats"]] == list(range(players))  # 0-based in JSON
    for seat in data["seats"]:
        assert set(seat) == {"seat", "agent", "mean_score", "sd_score", "win_share"}
        assert seat["agent"] == "random"
        assert seat["sd_score"] >= 0
    assert sum(s["win_share"] for s in data["seats"]) == pytest.approx(1.0)
    assert data["mean_decisions"] >= data["mean_turns"] > 0
    assert json.loads(run(*args).stdout) == data  # seeded: the same run twice


def test_simulate_table_and_seed():
    result = run("simulate", "featherlight", "--games", "20", "--seed", "4")
    assert result.exit_code == 0
    assert "win share" in result.stdout and "seed 4" in result.stdout
    solo = run("simulate", "featherlight", "--players", "1", "--games", "20")
    assert solo.exit_code == 0
    assert "mean score" in solo.stdout and "win share" not in solo.stdout
    data = json.loads(
        run("simulate", "featherlight", "--players", "1", "--games", "5", "--json").stdout
    )
    assert data["seats"][0]["win_share"] is None  # solo has no win test (ruling FL-R19)


def test_simulate_json_names_the_spec_each_level_stands_for_in_the_game():
    from fourfeathers.arena.runs import summarize
    from fourfeathers.games.isle_of_feathers.heuristic import SOLO_LEVELS

    data = json.loads(run("simulate", "isle-of-feathers", "--players", "1", "--games", "2",
                          "--agents", "easy", "--json").stdout)  # fmt: skip
    assert [(a["agent"], a["resolved"]) for a in data["agents"]] == [("easy", "greedy")]
    records = [{"scores": [3], "returns": [3.0], "winners": [], "seats": ["medium"],
                "decisions": 9, "turns": 2, "capped": False}]  # fmt: skip
    solo = summarize("isle-of-feathers", {"players": 1}, ["medium"], 1, 0, records)
    assert solo["agents"][0]["resolved"] == SOLO_LEVELS["medium"]
    records = [
        {"scores": [3, 4], "returns": [0.0, 1.0], "winners": [1], "seats": ["medium", "medium"],
         "decisions": 9, "turns": 2, "capped": False}
    ]  # fmt: skip
    two = summarize("isle-of-feathers", {"players": 2}, ["medium", "medium"], 1, 0, records)
    assert two["agents"][0]["resolved"] == "ismcts:iterations=300:prior=2:horizon=0"


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["nope"], "GAME"),
        (["featherlight", "--players", "7"], "--players"),
        (["featherlight", "--games", "0"], "--games"),
        (["featherlight", "--agents", "random,genius"], "--agents"),
        (["featherlight", "--players", "2", "--agents", "random,random,random"], "--agents"),
    ],
)
def test_simulate_bad_options(args, option):
    assert_one_error_line(run("simulate", *args), option)


# --- replay -----------------------------------------------------------------------------------


def test_replay_reproduces_the_scores(tmp_path: Path):
    save = tmp_path / "game.json"
    played = run(
        "play",
        "featherlight",
        "--seats",
        "random,random,random",
        "--seed",
        "11",
        "--save",
        str(save),
    )
    assert played.exit_code == 0, played.output
    result = run("replay", str(save), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] is True
    assert data["seed"] == 11 and data["game"] == "featherlight"
    assert data["scores"] == GameRecord.load(save).replay().scores()
    for seat, score in enumerate(data["scores"], start=1):
        assert f"Seat {seat}: {score} points" in played.stdout
    assert data["winners"]
    table = run("replay", str(save))
    assert table.exit_code == 0
    assert "Final scores" in table.stdout


def test_replay_of_an_unfinished_game(tmp_path: Path):
    save = tmp_path / "part.json"
    GameRecord("featherlight", {"players": 2}, 5, ["draw 1"]).save(save)
    result = run("replay", str(save))
    assert result.exit_code == 0
    assert "stops before the end" in result.stdout
    assert json.loads(run("replay", str(save), "--json").stdout)["finished"] is False


@pytest.mark.parametrize(
    "content",
    [
        None,  # missing file
        "not json",
        '{"game": "featherlight"}',
        '{"game": "chess", "config": {}, "seed": 1, "actions": []}',
        '{"game": "featherlight", "config": {"players": 9}, "seed": 1, "actions": []}',
        '{"game": "featherlight", "config": {}, "seed": 1, "actions": ["put 1 on 9"]}',
        '{"game": "featherlight", "config": {}, "seed": 1, "actions": ["take 1", "take 2"]}',
    ],
)
def test_replay_bad_file(tmp_path: Path, content: str | None):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert_one_error_line(run("replay", str(path)), "FILE")


def test_hot_seat_undo_cannot_take_back_the_other_humans_move():
    # Seat 1 swaps, seat 2 swaps, then seat 1 tries to undo (and would reach seat 2's move).
    answers = ["", "3", "1", "", "3", "1", "", "undo", "quit", "n"]
    result = run(
        "play",
        "featherlight",
        "--seats",
        "human,human",
        "--seed",
        "3",
        "--start",
        "1",
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "Seat 2 has decided since; you can only take back your own last decision." in (
        result.stdout
    )
    assert "took back" not in result.stdout


def test_solo_play_tells_where_the_wind_blew_and_why_the_game_ended():
    result = run("play", "featherlight", "--players", "1", "--seats", "random", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("The wind blows") >= 1
    assert "The game ends: " in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "players=3"], "--option: players has its own option: use --players"),
        (["--level", "3", "-o", "level=4"], "--option: level has its own option: use --level"),
        (["-o", "max_turns=-1"], "--option: featherlight: max_turns must be an integer >= 0"),
        (["-o", "nonsense"], "--option: 'nonsense' is not KEY=VALUE"),
    ],
)
def test_game_options_are_never_given_twice(args, message):
    result = run("play", "featherlight", "--seats", "random,random", *args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_command_without_start_sets_the_starting_seat_with_option(command):
    """Only play has --start: simulate and tournament once answered -o starting_player=1 with
    'use --start', an option they do not have."""
    count = ["--games", "2"] if command == "simulate" else ["-n", "1"]
    args = [command, "featherlight", "--agents", "random,greedy", *count]
    result = run(*args, "-o", "starting_player=1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["config"]["starting_player"] == 1
    result = run(*args, "-o", "starting_player=7")
    assert_one_error_line(result, "--option")
    assert "starting_player must be a seat number 0-1 (0 is the first seat), got 7" in (
        result.stderr
    )
    assert "--start" not in result.stderr
    result = run(*args, "-o", "players=3")  # a flag simulate and tournament have
    assert_one_error_line(result, "--option")
    assert "players has its own option: use --players" in result.stderr


def test_play_still_sets_the_starting_seat_with_start():
    result = run("play", "featherlight", "--seats", "random,random", "-o", "starting_player=1")
    assert_one_error_line(result, "--option")
    assert "starting_player has its own option: use --start" in result.stderr


def test_a_ray_address_ray_refuses_is_one_error_line():
    """Ray checks the address's format before reaching any cluster: no cluster is started."""
    pytest.importorskip("ray")
    args = ["featherlight", "--games", "2", "--backend", "ray", "--ray-address", "not a url"]
    result = run("simulate", *args)
    assert_one_error_line(result, "--ray-address")
    assert result.stderr.strip() == (
        "Error: --ray-address: 'not a url': Invalid address format: not a url"
    )


def test_a_local_ray_that_cannot_start_is_one_error_line(monkeypatch):
    ray = pytest.importorskip("ray")

    def init(**options):
        raise Exception("The current node timed out during startup.\nlog lines follow")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    result = run("simulate", "featherlight", "--games", "2", "--backend", "ray")
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == (
        "Error: --backend: Ray could not start: The current node timed out during startup."
    )
