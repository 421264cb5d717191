"""Results files: one line per game, resumable, and refusing another run's games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourfeathers import __version__
from fourfeathers.arena.results import (
    ResultsFile,
    ResultsMismatch,
    read_records,
    to_record,
)
from fourfeathers.arena.runner import plan_games, run_jobs
from fourfeathers.core.registry import make

GAME = make("fancy-feathers", players=2)


def jobs(n: int, seed: int = 0, lineup=("random", "greedy"), config=None):
    return plan_games(GAME.id, config or GAME.config, list(lineup), n, seed)


def play_into(path: Path, planned) -> ResultsFile:
    with ResultsFile.open(path, planned) as results:
        for job, result in run_jobs(results.missing):
            results.append(to_record(job, result))
    return results


def test_record_fields_and_round_trip(tmp_path: Path):
    path = tmp_path / "r.jsonl"
    play_into(path, jobs(4))
    lines = path.read_text().splitlines()
    assert len(lines) == 4
    record = json.loads(lines[1])
    assert list(record) == [
        "index",
        "seed",
        "game",
        "config",
        "seats",
        "resolved",
        "version",
        "content_digest",
        "reproducible",
        "scores",
        "returns",
        "winners",
        "decisions",
        "turns",
        "order",
        "capped",
        "final",
    ]
    assert record["version"] == __version__
    assert record["content_digest"] == GAME.content_sha256() and len(GAME.content_sha256()) == 64
    assert record["reproducible"] is True and record["capped"] is False
    assert record["index"] == 1 and record["seats"] == ["greedy", "random"]  # rotated
    assert record["config"] == GAME.config
    assert [r["index"] for r in read_records(path)] == [0, 1, 2, 3]
    # Fancy Feathers keeps every collection in the shared part of the final observations.
    assert len(record["final"]["common"]["players"]) == 2


def test_resume_plays_only_the_missing_games(tmp_path: Path):
    whole = tmp_path / "whole.jsonl"
    play_into(whole, jobs(10))
    part = tmp_path / "part.jsonl"
    play_into(part, jobs(4))
    resumed = ResultsFile.open(part, jobs(10))
    assert [j.index for j in resumed.missing] == list(range(4, 10))
    assert sorted(resumed.records) == [0, 1, 2, 3]
    play_into(part, jobs(10))
    assert part.read_bytes() == whole.read_bytes()


def test_an_unfinished_last_line_is_dropped_and_replayed(tmp_path: Path):
    whole = tmp_path / "whole.jsonl"
    play_into(whole, jobs(5))
    broken = tmp_path / "broken.jsonl"
    data = whole.read_bytes()
    broken.write_bytes(data[: len(data) - 40])  # killed while writing game 4
    resumed = ResultsFile.open(broken, jobs(5))
    assert [j.index for j in resumed.missing] == [4]
    play_into(broken, jobs(5))
    assert broken.read_bytes() == whole.read_bytes()
    # A complete last record lacking only its newline is kept.
    nonl = tmp_path / "nonl.jsonl"
    nonl.write_bytes(data[:-1])
    assert ResultsFile.open(nonl, jobs(5)).missing == []
    play_into(nonl, jobs(6))
    assert len(nonl.read_text().splitlines()) == 6


@pytest.mark.parametrize(
    ("other", "words"),
    [
        (lambda: jobs(3, seed=1), "another --seed"),
        (lambda: jobs(3, lineup=("greedy", "random")), "seats"),
        (lambda: jobs(3, config={**GAME.config, "types": "first-game"}), "config"),
        (
            lambda: plan_games("featherlight", make("featherlight").config, ["random"] * 2, 3, 0),
            "game",
        ),
    ],
)
def test_a_file_of_another_run_is_refused(tmp_path: Path, other, words):
    path = tmp_path / "r.jsonl"
    play_into(path, jobs(3))
    with pytest.raises(ResultsMismatch, match=words):
        ResultsFile.open(path, other())


def test_malformed_files(tmp_path: Path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"index": 0}\nnot json\n{"index": 1}\n')
    with pytest.raises(ValueError, match="line 1 is not a game record"):
        list(read_records(path))
    path.write_text("not json\n{}\n")
    with pytest.raises(ValueError, match="line 1 is not JSON"):
        list(read_records(path))
    play_into(path := tmp_path / "dup.jsonl", jobs(2))
    path.write_text(path.read_text() + path.read_text().splitlines()[0] + "\n")
    with pytest.raises(ResultsMismatch, match="twice"):
        ResultsFile.open(path, jobs(2))


def test_games_beyond_the_run_are_kept_but_not_counted(tmp_path: Path):
    path = tmp_path / "r.jsonl"
    play_into(path, jobs(6))
    shorter = ResultsFile.open(path, jobs(3))
    assert shorter.missing == [] and sorted(shorter.records) == [0, 1, 2]


def test_a_difficulty_name_that_changed_meaning_is_refused(tmp_path: Path, monkeypatch):
    from fourfeathers.agents import ALIASES

    path = tmp_path / "r.jsonl"
    lineup = ("easy", "random")
    play_into(path, jobs(2, lineup=lineup))
    assert json.loads(path.read_text().splitlines()[0])["resolved"] == ["greedy", "random"]
    monkeypatch.setitem(ALIASES, "easy", "ismcts:iterations=5")
    with pytest.raises(ResultsMismatch, match="changed meaning"):
        ResultsFile.open(path, jobs(2, lineup=lineup))


def rewrite(path: Path, **changes) -> None:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    path.write_text("".join(json.dumps({**line, **changes}) + "\n" for line in lines))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"version": "0.0.1"}, f"fourfeathers 0.0.1 played it, this is {__version__}"),
        ({"content_digest": "0" * 64}, "another content file"),
    ],
)
def test_a_file_of_another_version_or_content_is_not_resumed(tmp_path: Path, changes, words):
    path = tmp_path / "r.jsonl"
    play_into(path, jobs(2))
    rewrite(path, **changes)
    with pytest.raises(ResultsMismatch, match=words):
        ResultsFile.open(path, jobs(4))


def test_a_time_budget_run_cannot_continue_a_file(tmp_path: Path):
    timed = ("random", "ismcts:seconds=0.001")
    path = tmp_path / "r.jsonl"
    play_into(path, jobs(2, lineup=timed))
    record = next(read_records(path))
    assert record["reproducible"] is False
    with pytest.raises(ResultsMismatch, match="time budget, so its games are not reproducible"):
        ResultsFile.open(path, jobs(4, lineup=timed))


def test_a_game_stopped_by_the_turn_cap_is_marked(tmp_path: Path):
    game = make("featherlight", players=2, max_turns=3)
    path = tmp_path / "r.jsonl"
    planned = plan_games(game.id, game.config, ["random", "random"], 2, 0)
    play_into(path, planned)
    assert [r["capped"] for r in read_records(path)] == [True, True]
