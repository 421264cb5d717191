"""The files a user names: content files, saved games and results files.

Reading: every such file is read through ``read_bytes``/``read_text``/``read_lines`` (a regular
file only, never more than a limit per kind of file) and parsed with ``parse_json`` or checked
with ``check_depth`` (no nesting deeper than ``MAX_DEPTH``), so that a device, a FIFO, a huge
or deeply nested file is one clear ``UnreadableFile`` error naming the file, never a hang, a
``MemoryError`` or a ``RecursionError``.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

# --- reading --------------------------------------------------------------------------------

MiB = 1 << 20

CONTENT_LIMIT = 1 * MiB
"""The largest content file read (the shipped ones are under 20 KiB)."""

SAVE_LIMIT = 16 * MiB
"""The largest saved game read (the longest game saves in well under 1 MiB)."""

RESULTS_LINE_LIMIT = 1 * MiB
"""The longest line of a results file read (a game's line is a few KiB). Results files are
read line by line, so a file of any number of games can be read."""

MAX_DEPTH = 32
"""The deepest nesting of lists and objects read in any file: a saved game or a results line
nests 7 deep at most, a content file 4."""


class UnreadableFile(ValueError):
    """A file that is not read: missing, not a regular file, larger than the limit for its
    kind, not UTF-8 text, not JSON or nested deeper than ``MAX_DEPTH``. The message names the
    file (and the line where there is one)."""


def size_text(limit: int) -> str:
    """``1048576`` -> ``"1 MiB"``; ``2048`` -> ``"2 KiB"``."""
    for unit, size in (("MiB", MiB), ("KiB", 1 << 10)):
        if limit >= size:
            return f"{limit / size:g} {unit}"
    return f"{limit} bytes"


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: str | Path, what: str) -> None:
    """Raise ``UnreadableFile`` unless ``path`` is an existing regular file (after symbolic
    links); ``what`` names the kind of file in the message (``"results file"``)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise UnreadableFile(f"{path}: cannot read {what} ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode):
        raise UnreadableFile(f"{path} is {_kind_of(mode)}, not a {what}")


def open_regular(path: str | Path, what: str) -> BinaryIO:
    """``path`` opened for reading bytes if it is a regular file.

    A FIFO is opened without waiting for a writer and then refused, like a directory or a
    device. Raises ``UnreadableFile`` naming ``path`` and ``what`` (the kind of file).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise UnreadableFile(f"{path} is a directory, not a {what}") from None
    except OSError as exc:
        raise UnreadableFile(f"{path}: cannot read {what} ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnreadableFile(f"{path} is {_kind_of(mode)}, not a {what}")
        if flags & getattr(os, "O_NONBLOCK", 0):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | Path, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises ``UnreadableFile`` naming ``path`` if it is not a regular file, cannot be read or is
    larger than ``limit`` (the message states the limit for ``what``, the kind of file).
    """
    with open_regular(path, what) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise UnreadableFile(f"{path}: cannot read {what} ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise UnreadableFile(
            f"{path} is larger than {size_text(limit)}, the most a {what} may hold"
        )
    return data


def decode_text(where: str, data: bytes) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark is dropped).

    Raises ``UnreadableFile`` naming ``where`` and the line of the first byte that is not
    UTF-8.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"{where}: not a UTF-8 text file (line {line})") from None


def read_text(path: str | Path, what: str, limit: int) -> str:
    """``read_bytes`` decoded as UTF-8 text (``decode_text``). Raises ``UnreadableFile``."""
    return decode_text(str(path), read_bytes(path, what, limit))


def read_lines(path: str | Path, what: str, line_limit: int) -> Iterator[tuple[int, bytes | None]]:
    """``(number, line)`` for each line of the regular file ``path`` (numbered from 1, the
    line with its newline, a byte-order mark dropped from the first), read one at a time.

    A line longer than ``line_limit`` is skipped over and given as ``(number, None)``.
    Raises ``UnreadableFile`` naming ``path`` if it is not a regular file or cannot be read.
    """
    with open_regular(path, what) as fh:
        number = 0
        try:
            while line := fh.readline(line_limit + 1):
                number += 1
                if number == 1 and line.startswith(b"\xef\xbb\xbf"):
                    line = line[3:]
                if len(line) > line_limit and not line.endswith(b"\n"):
                    while (rest := fh.readline(line_limit)) and not rest.endswith(b"\n"):
                        pass
                    yield number, None
                else:
                    yield number, line
        except OSError as exc:
            raise UnreadableFile(f"{path}: cannot read {what} ({exc.strerror or exc})") from None


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True if lists and dicts nest in ``value`` (parsed JSON or TOML: plain lists and dicts)
    deeper than ``limit`` (a list of numbers is 1 deep). Walks level by level, without
    recursion (a results line is checked in a few microseconds)."""
    level = [value] if type(value) in (dict, list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below: list[Any] = []
        for item in level:
            children = item.values() if type(item) is dict else item
            below += [c for c in children if type(c) is dict or type(c) is list]
        level = below
    return False


def check_depth(where: str, value: Any) -> None:
    """Raise ``UnreadableFile`` naming ``where`` if ``value`` nests deeper than ``MAX_DEPTH``."""
    if too_deep(value):
        raise UnreadableFile(f"{where}: nested deeper than {MAX_DEPTH} levels")


def number_problem(exc: ValueError) -> str:
    """The reason of a ``ValueError`` from converting a number while parsing, in words (Python's
    own message for a number of more than 4300 digits advises changing an interpreter
    setting)."""
    text = str(exc)
    return "a number of more than 4300 digits" if "4300 digits" in text else text


def loads(text: str | bytes) -> Any:
    """``text`` parsed as JSON, nested at most ``MAX_DEPTH`` deep.

    Raises ``ValueError`` saying why not (no file named): ``not JSON (<why>, line L column
    C)`` (only the column on the first line), ``not JSON (<an integer of more than 4300
    digits>)`` or ``nested deeper than 32 levels``.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno} column {exc.colno}" if exc.lineno > 1 else f"column {exc.colno}"
        raise ValueError(f"not JSON ({exc.msg}, {at})") from None
    except ValueError as exc:  # an integer too long to convert
        raise ValueError(f"not JSON ({number_problem(exc)})") from None
    if too_deep(value):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    return value


def parse_json(where: str, text: str | bytes) -> Any:
    """``loads(text)``; raises ``UnreadableFile`` naming ``where`` (a file) with its reason."""
    try:
        return loads(text)
    except ValueError as exc:
        raise UnreadableFile(f"{where}: {exc}") from None
