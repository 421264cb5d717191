"""Every file a command writes fails in one clear line naming the option, the path and the
reason (``core/files.py``), found before the work where it can be, and leaves no half file."""

from __future__ import annotations

import errno
import json
import os
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fourfeathers.arena.results import ResultsFile
from fourfeathers.arena.runner import plan_games
from fourfeathers.cli.main import app
from fourfeathers.core import files
from fourfeathers.core.files import LineAppender, WriteError, check_writable, write_text

runner = CliRunner()

LONG = "x" * 300
"""A file name longer than any common file system allows (255 bytes)."""


def one_error_line(result, option: str) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Error: {option}: "), lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("args", "option", "suffix"),
    [
        (["simulate", "featherlight", "--games", "2"], "--out", ".jsonl"),
        (["tournament", "featherlight", "-n", "1"], "--out", ".jsonl"),
        (["play", "featherlight", "--seats", "random,random"], "--save", ".json"),
        (["play", "isle-of-feathers", "--seats", "random,random"], "--svg", ".svg"),
        (["report", "RESULTS"], "--out", ""),
    ],
)
def test_a_file_name_too_long_is_one_line_before_any_work(tmp_path: Path, args, option, suffix):
    if args[0] == "report":
        results = tmp_path / "r.jsonl"
        made = runner.invoke(app, ["simulate", "featherlight", "--games", "2", "--out", results])
        assert made.exit_code == 0, made.output
        args = ["report", str(results)]
    target = tmp_path / (LONG + suffix)
    result = runner.invoke(app, [*args, option, str(target)])
    line = one_error_line(result, option)
    assert line == (
        f"Error: {option}: cannot write {target}: the file name is too long "
        f"({len(target.name)} bytes; this file system allows 255)"
    )
    assert result.stdout == ""  # no game was played, no report made
    assert sorted(p.name for p in tmp_path.iterdir()) == (["r.jsonl"] if suffix == "" else [])


def test_play_save_onto_a_place_that_cannot_be_written_fails_before_the_game(tmp_path: Path):
    place = Path("/sys/fourfeathers-test.json")  # sysfs refuses new files, even to root
    if not Path("/sys").is_dir() or os.access("/sys", os.W_OK) and os.getuid() != 0:
        pytest.skip("needs Linux's /sys")
    result = runner.invoke(
        app, ["play", "featherlight", "--seats", "human,random", "--save", str(place)], input=""
    )
    assert result.stdout == ""  # said at the start: no board was drawn, no decision asked
    line = one_error_line(result, "--save")
    assert line == f"Error: --save: cannot write {place}: permission denied"


def test_play_save_checks_without_leaving_a_file(tmp_path: Path):
    save = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "featherlight", "--seats", "human,random", "--save", str(save)], input=""
    )
    # Input ended at the first decision: the game is saved (it was checked, then written).
    assert json.loads(save.read_text())["game"] == "featherlight"
    check_writable(tmp_path / "new.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert result.exit_code == 1


def test_svg_onto_a_full_disk_warns_once_and_the_game_goes_on(tmp_path, monkeypatch):
    svg = tmp_path / "board.svg"
    monkeypatch.setattr(files, "_write_all", full_after(0))
    result = runner.invoke(
        app, ["play", "isle-of-feathers", "--seats", "random,random", "--svg", str(svg)]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"Warning: --svg: cannot write {svg}: the disk is full (no space left on device); "
        "the picture is no longer updated.\n"
    )
    assert "victory" in result.stdout or "wins" in result.stdout
    assert list(tmp_path.iterdir()) == []  # no temporary file is left


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["simulate", "featherlight"], ["tournament", "featherlight"]])
def test_out_onto_a_device_is_refused_at_once(command):
    result = runner.invoke(app, [*command, "--out", "/dev/full"])
    line = one_error_line(result, "--out")
    assert line == (
        "Error: --out: cannot write /dev/full: it is a device, not a regular file (it is read "
        "back to resume a run)"
    )


def full_after(limit: int):
    """A stand-in for ``files._write_all`` on a disk that fills up after ``limit`` bytes: the
    write that crosses the limit writes what fits (a torn line), then fails with ENOSPC."""
    written = [0]

    def write_all(fd: int, data: bytes) -> None:
        room = limit - written[0]
        if len(data) > room:
            os.write(fd, data[: max(room, 0)])
            written[0] = limit
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        os.write(fd, data)
        written[0] += len(data)

    return write_all


SIM = ["simulate", "fancy-feathers", "--agents", "greedy,random", "--seed", "4", "--games", "6"]


def test_a_disk_full_during_simulate_is_one_line_and_leaves_whole_lines(tmp_path, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    assert runner.invoke(app, [*SIM, "--out", str(whole)]).exit_code == 0
    lines = whole.read_bytes().splitlines(keepends=True)
    limit = len(b"".join(lines[:3])) + len(lines[3]) // 2  # fills up in the middle of game 3
    out = tmp_path / "r.jsonl"
    monkeypatch.setattr(files, "_write_all", full_after(limit))
    result = runner.invoke(app, [*SIM, "--out", str(out)])
    line = one_error_line(result, "--out")
    assert line == (
        f"Error: --out: cannot write {out}: the disk is full (no space left on device); "
        "3 whole games are kept in it: rerun the same command to resume"
    )
    assert out.read_bytes() == b"".join(lines[:3])  # the torn line was cut back off
    monkeypatch.undo()
    resumed = runner.invoke(app, [*SIM, "--out", str(out)])
    assert resumed.exit_code == 0, resumed.output
    assert out.read_bytes() == whole.read_bytes()


def test_a_line_appender_cuts_a_failed_line_and_closes_quietly(tmp_path, monkeypatch):
    path = tmp_path / "a.jsonl"
    path.write_text('{"index":0}\n')
    out = LineAppender(path)
    out.write_line('{"index":1}')
    monkeypatch.setattr(files, "_write_all", full_after(5))
    with pytest.raises(WriteError, match="the disk is full"):
        out.write_line('{"index":2}')
    out.close()
    out.close()
    assert path.read_text() == '{"index":0}\n{"index":1}\n'


def test_a_results_file_that_fails_leaves_close_quiet(tmp_path, monkeypatch):
    jobs = plan_games("featherlight", {}, ["random", "random"], 2, 0)
    monkeypatch.setattr(files, "_write_all", full_after(0))
    with (
        ResultsFile.open(tmp_path / "r.jsonl", jobs) as results,
        pytest.raises(OSError, match="disk is full"),
    ):
        results.append({"index": 0})
    assert (tmp_path / "r.jsonl").read_bytes() == b""


def test_write_text_is_whole_or_nothing(tmp_path, monkeypatch):
    path = tmp_path / "pic.svg"
    write_text(path, "old picture")
    monkeypatch.setattr(files, "_write_all", full_after(3))
    with pytest.raises(WriteError) as caught:
        write_text(path, "new picture")
    assert str(caught.value) == f"cannot write {path}: the disk is full (no space left on device)"
    assert path.read_text() == "old picture"  # unchanged, and no temporary file is left
    assert [p.name for p in tmp_path.iterdir()] == ["pic.svg"]


def test_a_disk_full_during_report_is_one_line_and_leaves_no_folder(tmp_path, monkeypatch):
    results = tmp_path / "r.jsonl"
    assert runner.invoke(app, [*SIM, "--out", str(results)]).exit_code == 0
    out = tmp_path / "report"
    monkeypatch.setattr(files, "_write_all", full_after(100))
    result = runner.invoke(app, ["report", str(results), "--out", str(out)])
    line = one_error_line(result, "--out")
    # The plots are written first, through core.files like every other file of the report.
    assert line == (
        f"Error: --out: cannot write {out / 'fancy-feathers-agents.png'}: the disk is full (no "
        "space left on device)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]


def test_a_file_name_typed_on_quit_that_cannot_be_written_is_asked_again(tmp_path: Path):
    bad = tmp_path / LONG
    good = tmp_path / "kept.json"
    result = runner.invoke(
        app,
        ["play", "featherlight", "--seats", "human,random"],
        input=f"quit\ny\n{bad}\n{good}\n",
    )
    assert result.exit_code == 0, result.output
    assert (
        f"Cannot save there: cannot write {bad}: the file name is too long (300 bytes; this "
        "file system allows 255). Another name (Ctrl-D: do not save)?" in result.stdout
    )
    assert json.loads(good.read_text())["game"] == "featherlight"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]


def test_write_text_keeps_a_link_and_the_mode_of_the_file_it_replaces(tmp_path: Path):
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


# --- a file rewritten in place where its folder allows no new file (a failed save had emptied
# the old one) -------------------------------------------------------------------------------


def no_new_files(monkeypatch) -> None:
    """Make the folder refuse new files (as ``chattr +i`` on it would): the temporary file
    cannot be made, so ``write_text`` rewrites the existing file in place."""

    def refuse(*_: object, **__: object):
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)


@pytest.mark.parametrize(
    ("new_size", "limit"),  # shorter, as long, longer than the old; failing at once, soon, late
    [(10, 0), (10, 5), (4_352, 5), (4_352, 3_000), (20_000, 0), (20_000, 3_000), (20_000, 6_000)],
)
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EFBIG])
def test_a_failed_rewrite_in_place_keeps_the_old_content(
    tmp_path, monkeypatch, new_size: int, code: int, limit: int
):
    path = tmp_path / "saved.json"
    old = bytes(range(256)) * 17  # 4,352 bytes
    path.write_bytes(old)
    no_new_files(monkeypatch)
    write_all = full_after(limit)

    def failing(fd: int, data: bytes) -> None:
        try:
            write_all(fd, data)
        except OSError:
            raise OSError(code, os.strerror(code)) from None

    monkeypatch.setattr(files, "_write_all", failing)
    with pytest.raises(WriteError) as caught:
        write_text(path, "n" * new_size)
    assert str(caught.value) == f"cannot write {path}: {files._REASONS[code]}"
    assert path.read_bytes() == old  # nothing lost, not even the bytes written over
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]


def test_an_interrupted_rewrite_in_place_keeps_the_old_content(tmp_path, monkeypatch):
    path = tmp_path / "saved.json"
    path.write_text("old content")
    no_new_files(monkeypatch)

    def interrupted(fd: int, data: bytes) -> None:
        os.write(fd, data[:4])
        raise KeyboardInterrupt

    monkeypatch.setattr(files, "_write_all", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text(path, "new content, longer")
    assert path.read_text() == "old content"


@pytest.mark.parametrize("new", ["short", "a new content longer than the old one"])
def test_a_rewrite_in_place_writes_the_whole_new_content(tmp_path, monkeypatch, new: str):
    path = tmp_path / "saved.json"
    path.write_text("the old content of the file")
    no_new_files(monkeypatch)
    write_text(path, new)
    assert path.read_text() == new
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"]


def test_a_save_that_fails_in_place_keeps_the_old_save(tmp_path, monkeypatch):
    """The tester's case: a folder that allows no new file (chattr +i), a file size limit
    (ulimit -f 2): the error was clear, but saved.json went from 4,470 bytes to 0."""
    save = tmp_path / "saved.json"
    args = ["play", "featherlight", "--seats", "random,random", "--save", str(save)]
    assert runner.invoke(app, [*args, "--seed", "4"]).exit_code == 0
    old = save.read_bytes()
    no_new_files(monkeypatch)
    monkeypatch.setattr(files, "_write_all", full_after(1024))
    result = runner.invoke(app, [*args, "--seed", "5"])
    line = one_error_line(result, "--save")
    assert line == f"Error: --save: cannot write {save}: the disk is full (no space left on device)"
    assert save.read_bytes() == old


# --- targets that are no regular file: refused before any work ------------------------------


@pytest.mark.usefixtures("no_hang")
@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["play", "featherlight", "--seats", "random,random", "--seed", "3"], "--save"),
        (["play", "isle-of-feathers", "--seats", "random,random", "--seed", "3"], "--svg"),
        (["simulate", "featherlight", "--games", "2"], "--out"),
    ],
)
@pytest.mark.parametrize("kind", ["FIFO", "device", "socket"])
def test_a_target_that_is_no_regular_file_is_refused_before_any_work(
    tmp_path: Path, args, option, kind: str
):
    """A FIFO hung (--save after the whole game, --svg at the first picture) and left a
    temporary file; --save /dev/null said "Game saved" to a file replay refuses; /dev/full was
    found only after the whole game."""
    if kind == "FIFO":
        target = tmp_path / "f"
        os.mkfifo(target)
        words = "a FIFO (named pipe)"
    elif kind == "device":
        target, words = Path("/dev/null"), "a device"
    else:
        target, words = tmp_path / "s", "a socket"
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(target))
        sock.close()
    result = runner.invoke(app, [*args, option, str(target)])
    line = one_error_line(result, option)
    note = " (it is read back to resume a run)" if option == "--out" else ""
    assert (
        line == f"Error: {option}: cannot write {target}: it is {words}, not a regular file{note}"
    )
    assert result.stdout == ""  # no game was played
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if kind == "device" else [target.name])


@pytest.mark.usefixtures("no_hang")
def test_write_text_refuses_a_fifo_without_a_temporary_file(tmp_path: Path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with pytest.raises(WriteError) as caught:
        write_text(fifo, "picture")
    assert (
        str(caught.value) == f"cannot write {fifo}: it is a FIFO (named pipe), not a regular file"
    )
    with pytest.raises(WriteError, match="it is a device, not a regular file"):
        write_text("/dev/null", "picture")
    assert [p.name for p in tmp_path.iterdir()] == ["f"]


@pytest.mark.usefixtures("no_hang")
def test_a_report_file_that_is_a_fifo_is_refused_before_the_report(tmp_path: Path):
    results = tmp_path / "r.jsonl"
    assert runner.invoke(app, [*SIM, "--out", str(results)]).exit_code == 0
    out = tmp_path / "rep"
    out.mkdir()
    os.mkfifo(out / "index.html")
    result = runner.invoke(app, ["report", str(results), "--out", str(out)])
    line = one_error_line(result, "--out")
    assert line == (
        f"Error: --out: cannot write {out / 'index.html'}: it is a FIFO (named pipe), not a "
        "regular file"
    )
    assert [p.name for p in out.iterdir()] == ["index.html"]  # nothing written


@pytest.mark.usefixtures("no_hang")
def test_a_plot_that_is_a_fifo_is_refused_not_waited_on(tmp_path: Path):
    results = tmp_path / "r.jsonl"
    assert runner.invoke(app, [*SIM, "--out", str(results)]).exit_code == 0
    out = tmp_path / "rep"
    assert runner.invoke(app, ["report", str(results), "--out", str(out)]).exit_code == 0
    plot = sorted(out.glob("*.png"))[0]
    plot.unlink()
    os.mkfifo(plot)
    result = runner.invoke(app, ["report", str(results), "--out", str(out)])
    line = one_error_line(result, "--out")
    assert (
        line == f"Error: --out: cannot write {plot}: it is a FIFO (named pipe), not a regular file"
    )
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


# --- report --out creates its own folder only ------------------------------------------------


def test_report_creates_only_its_own_folder(tmp_path: Path):
    results = tmp_path / "r.jsonl"
    assert runner.invoke(app, [*SIM, "--out", str(results)]).exit_code == 0
    deep = tmp_path / "no" / "such" / "rep"
    result = runner.invoke(app, ["report", str(results), "--out", str(deep)])
    line = one_error_line(result, "--out")
    assert line == f"Error: --out: the folder {deep.parent} does not exist (only rep is created)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]
    made = runner.invoke(app, ["report", str(results), "--out", str(tmp_path / "rep")])
    assert made.exit_code == 0, made.output
    assert (tmp_path / "rep" / "index.html").is_file()
