"""``core/files.py``: a user's file is read only if it is a regular file within its limit, and
JSON no deeper than any real file; every refusal names the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fourfeathers.core.content import parse_toml
from fourfeathers.core.errors import ContentError
from fourfeathers.core.files import (
    MAX_DEPTH,
    UnreadableFile,
    WriteError,
    check_regular,
    check_writable,
    parse_json,
    read_bytes,
    read_lines,
    read_text,
    resolve,
)


def test_a_directory_a_fifo_and_a_device_are_refused_without_reading(tmp_path: Path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    kinds = ((tmp_path, "a directory"), (fifo, "a FIFO"), (Path("/dev/zero"), "a device"))
    for path, kind in kinds:
        with pytest.raises(UnreadableFile, match=f"^{path} is {kind}.*, not a saved game$"):
            read_bytes(path, "saved game", 100)
        with pytest.raises(UnreadableFile, match=f"^{path} is {kind}"):
            check_regular(path, "saved game")
    with pytest.raises(UnreadableFile, match="missing.json: cannot read saved game"):
        read_bytes(tmp_path / "missing.json", "saved game", 100)


def test_a_file_over_its_limit_is_refused_naming_the_limit(tmp_path: Path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"x" * 2049)
    with pytest.raises(UnreadableFile, match=r"big.toml is larger than 2 KiB, the most a content"):
        read_bytes(path, "content file", 2048)
    path.write_bytes(b"x" * 2048)
    assert len(read_bytes(path, "content file", 2048)) == 2048


def test_text_drops_a_byte_order_mark_and_names_the_line_that_is_not_utf8(tmp_path: Path):
    path = tmp_path / "t.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text(path, "saved game", 100) == "{}"
    path.write_bytes(b"{\n\n\xff}")
    with pytest.raises(UnreadableFile, match=r"t.json: not a UTF-8 text file \(line 3\)"):
        read_text(path, "saved game", 100)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_json_nested_deeper_than_any_real_file_is_refused(depth: int):
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(UnreadableFile, match=f"^f.json: nested deeper than {MAX_DEPTH}"):
            parse_json("f.json", text)
    assert parse_json("f.json", "[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_a_number_too_long_to_convert_is_named_in_words():
    words = "a number of more than 4300 digits"
    with pytest.raises(UnreadableFile, match=rf"^f.json: not JSON \({words}\)$"):
        parse_json("f.json", "[" + "9" * 5000 + "]")
    with pytest.raises(ContentError, match=rf"^f.toml: not valid TOML: {words}$"):
        parse_toml("f.toml", b"a = " + b"9" * 5000)


def test_lines_longer_than_the_limit_are_passed_over(tmp_path: Path):
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"\xef\xbb\xbf{}\n" + b"x" * 100 + b"\n{}\n" + b"y" * 50)
    assert list(read_lines(path, "results file", 10)) == [
        (1, b"{}\n"),
        (2, None),
        (3, b"{}\n"),
        (4, None),
    ]


def test_a_symbolic_link_loop_is_named_when_read_resolved_or_written(tmp_path: Path):
    loop = tmp_path / "loop1"
    loop.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(loop)
    named = f"^{loop} is a symbolic link loop, not a content file$"
    for read in (resolve, check_regular, read_bytes):
        args = (loop, "content file", 10) if read is read_bytes else (loop, "content file")
        with pytest.raises(UnreadableFile, match=named):
            read(*args)
    with pytest.raises(WriteError, match=f"^cannot write {loop}: it is a symbolic link loop$"):
        check_writable(loop)
    assert resolve(tmp_path / "x" / ".." / "y", "file") == tmp_path.resolve() / "y"


def test_check_writable_refuses_what_is_no_regular_file(tmp_path: Path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a FIFO (named pipe)"), (Path("/dev/null"), "a device")):
        with pytest.raises(WriteError) as caught:
            check_writable(path)
        assert str(caught.value) == f"cannot write {path}: it is {kind}, not a regular file"
    check_writable(tmp_path / "new.json")  # a new file is fine, and not left behind
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_check_writable_follows_a_link_to_nothing(tmp_path: Path):
    """A link to a file in a missing folder passed the check: --svg warned only in the game."""
    link = tmp_path / "board.svg"
    link.symlink_to(tmp_path / "no" / "board.svg")
    with pytest.raises(WriteError) as caught:
        check_writable(link)
    assert (
        str(caught.value)
        == f"cannot write {tmp_path / 'no' / 'board.svg'}: its folder does not exist"
    )
    fine = tmp_path / "fine.json"
    fine.symlink_to(tmp_path / "new.json")
    check_writable(fine)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg", "fine.json"]
