"""The files a user names and the files a command writes: one place for how a file that fails
reads to the user.

Reading (the ``reading`` section): every content file, saved game and results file is read
through ``read_bytes``/``read_text``/``read_lines`` (a regular file only, never more than a
limit per kind of file) and parsed with ``parse_json`` or checked with ``check_depth`` (no
nesting deeper than ``MAX_DEPTH``), so that a device, a FIFO, a huge or deeply nested file is
one clear ``UnreadableFile`` error naming the file, never a hang, a ``MemoryError`` or a
``RecursionError``.

Writing (the ``writing`` section): every file a command writes (``simulate --out``,
``tournament --out``, ``play --save`` and ``--svg``, a report's files) goes through it, so that

- a path that cannot be written is found before the work starts (``check_writable``), without
  leaving an empty file behind;
- a failure is a ``WriteError`` (an ``OSError``) whose message names the path and the reason in
  words (``cannot write r.jsonl: the disk is full``); the command line prints it as one line;
- a failure leaves no half-written file and loses nothing: a whole file is written beside its
  target and then renamed onto it (``write_text``/``write_bytes``; where the folder allows no
  new file, the file is rewritten in place and its old bytes put back on failure), and a line
  appended to a results file is whole or cut back (``LineAppender``);
- only a regular file is written: an existing FIFO, device or socket is refused (a FIFO would
  wait for a reader forever, ``/dev/null`` would keep nothing to read back), and a path whose
  symbolic links loop is refused when reading and writing alike (``resolve``).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import stat
import tempfile
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


LINK_LOOP = "a symbolic link loop"
"""What a path whose symbolic links lead back to themselves is called in messages."""


def _unreadable(path: str | Path, what: str, exc: OSError) -> UnreadableFile:
    """The ``UnreadableFile`` for ``exc`` raised on opening ``path`` (a ``what``)."""
    if exc.errno == errno.ELOOP:
        return UnreadableFile(f"{path} is {LINK_LOOP}, not a {what}")
    return UnreadableFile(f"{path}: cannot read {what} ({exc.strerror or exc})")


def resolve(path: str | Path, what: str) -> Path:
    """``path`` made absolute, its symbolic links followed (``Path.resolve``).

    Raises ``UnreadableFile`` (``"PATH is a symbolic link loop, not a WHAT"``) where following
    them never ends: pathlib raises ``RuntimeError`` for that (Python 3.11 and 3.12) or
    ``OSError`` ``ELOOP``.
    """
    try:
        return Path(path).resolve()
    except RuntimeError:
        raise UnreadableFile(f"{path} is {LINK_LOOP}, not a {what}") from None
    except OSError as exc:
        raise _unreadable(path, what, exc) from None


def check_regular(path: str | Path, what: str) -> None:
    """Raise ``UnreadableFile`` unless ``path`` is an existing regular file (after symbolic
    links); ``what`` names the kind of file in the message (``"results file"``)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise _unreadable(path, what, exc) from None
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
        raise _unreadable(path, what, exc) from None
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


# --- writing -------------------------------------------------------------------------------

_REASONS = {
    errno.ENOSPC: "the disk is full (no space left on device)",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "the operation is not permitted",
    errno.EROFS: "the file system is read-only",
    errno.EISDIR: "it is a directory; give a file name",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENOENT: "its folder does not exist",
    errno.EFBIG: "the file is too large (for its file system, or the file size limit: ulimit -f)",
    errno.ELOOP: f"it is {LINK_LOOP}",
}


def write_reason(exc: OSError, path: str | Path | None = None) -> str:
    """Why writing failed, in words: ``exc``'s errno read as a short phrase (a file name that
    is too long says how long it is and the limit), else its ``strerror``."""
    if exc.errno == errno.ENAMETOOLONG:
        if path is not None:
            name = Path(path).name
            try:
                limit = os.pathconf(Path(path).parent, "PC_NAME_MAX")
            except (OSError, ValueError):
                limit = 255
            if len(os.fsencode(name)) > limit:
                return (
                    f"the file name is too long ({len(os.fsencode(name))} bytes; "
                    f"this file system allows {limit})"
                )
        return "the path is too long for this system"
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


class WriteError(OSError):
    """A file could not be written: ``path`` and ``reason`` (words, see ``write_reason``);
    ``str()`` is ``cannot write PATH: REASON``. ``errno`` is the underlying error's."""

    def __init__(self, path: str | Path, reason: str, code: int | None = None) -> None:
        super().__init__(code, reason)
        self.path = Path(path)
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot write {self.path}: {self.reason}"

    @classmethod
    def of(cls, path: str | Path, exc: OSError) -> WriteError:
        """The ``WriteError`` for ``exc`` raised while writing ``path`` (itself if it is one)."""
        if isinstance(exc, WriteError):
            return exc
        return cls(path, write_reason(exc, path), exc.errno)


def _existing_mode(path: Path) -> int | None:
    """The mode of what ``path`` names after symbolic links (None: nothing there yet).

    Raises ``WriteError`` for a path that cannot be looked up: a symbolic link loop, a name
    too long, a part of the path that is not a folder."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise WriteError.of(path, exc) from None


def _not_regular(path: Path, mode: int, note: str = "") -> WriteError:
    """The ``WriteError`` refusing to write onto ``path``, which is no regular file: a FIFO
    would wait for a reader forever, a device (``/dev/null``, ``/dev/full``) keeps nothing a
    later command could read back, and a rename would replace it."""
    return WriteError(path, f"it is {_kind_of(mode)}, not a regular file{note}")


def check_writable(path: str | Path, regular: bool = False) -> None:
    """Raise ``WriteError`` unless a file can be written at ``path`` now; change nothing.

    An existing path must be a writable regular file: a directory, a FIFO, a device or a
    socket is refused (``regular``: the message adds that a results file is read back to
    resume), and so is a symbolic link loop. A new one is created and removed at once, so a
    name that is too long, a read-only place or a missing folder are found before any work,
    and no empty file is left.
    """
    path = Path(path)
    mode = _existing_mode(path)
    if mode is not None:
        if stat.S_ISDIR(mode):
            raise WriteError(path, _REASONS[errno.EISDIR], errno.EISDIR)
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode, " (it is read back to resume a run)" if regular else "")
        if not os.access(path, os.W_OK):
            raise WriteError(path, _REASONS[errno.EACCES], errno.EACCES)
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        if path.is_symlink():  # a link to nothing: the file it names is checked
            try:
                target = resolve(path, "file")
            except UnreadableFile:
                raise WriteError(path, f"it is {LINK_LOOP}", errno.ELOOP) from None
            if not target.is_symlink():
                check_writable(target, regular)
        return  # else made by someone else meanwhile: writing it is theirs to refuse
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(path)


def write_text(path: str | Path, text: str) -> None:
    """``write_bytes(path, text encoded as UTF-8)``. Raises ``WriteError``."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` as the whole of the regular file ``path``, or fail leaving ``path`` as it
    was.

    The bytes go to a temporary file beside ``path`` that is then renamed onto it (keeping
    the mode of the file it replaces; a symbolic link is followed, not replaced); the
    temporary file is removed on any failure. Where the folder does not allow a new file but
    ``path`` is a writable regular file, ``path`` is rewritten in place, its old bytes kept
    and put back on any failure (``_rewrite_in_place``). An existing ``path`` that is no
    regular file (a FIFO, a device, a socket) or a symbolic link loop is refused before
    anything is written. Raises ``WriteError``.
    """
    path = Path(path)
    if path.is_symlink():
        try:
            path = resolve(path, "file")  # the file it points to is written, the link kept
        except UnreadableFile:
            raise WriteError(path, f"it is {LINK_LOOP}", errno.ELOOP) from None
    mode = _existing_mode(path)
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            raise WriteError(path, _REASONS[errno.EISDIR], errno.EISDIR)
        raise _not_regular(path, mode)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and mode is not None:
            _rewrite_in_place(path, data)
            return
        raise WriteError.of(path, exc) from None
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.chmod(temp, mode & 0o777 if mode is not None else 0o666 & ~_umask())
        os.replace(temp, path)
    except BaseException as exc:  # Ctrl-C too: no temporary file is left behind
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise WriteError.of(path, exc) from None
        raise


@functools.cache
def _umask() -> int:
    """The process's umask (read once: reading it means setting it for a moment)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _rewrite_in_place(path: Path, data: bytes) -> None:
    """Write ``data`` over the regular file ``path`` (its folder allows no new file), losing
    nothing on failure.

    The file is never emptied first: ``data`` is written over it from its start, and only
    once all of it is written is the file cut to its length. Before that, the old bytes that
    ``data`` covers are read and kept; on any failure (a full disk, a file size limit, Ctrl-C)
    the bytes written so far are written back over with them and the file is cut back to its
    old length, so it holds its old content again. Only a crash of the machine in the middle
    can leave it mixed. A file that cannot be read (so its old bytes cannot be kept) is not
    written. Raises ``WriteError``; if putting the old bytes back fails too, its reason says so.
    """
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except PermissionError:
        raise WriteError(
            path,
            "its folder does not allow a new file and it cannot be read, so its old content "
            "could not be kept while it is rewritten",
            errno.EACCES,
        ) from None
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        os.set_blocking(fd, True)
        old = _read_at_start(fd, min(info.st_size, len(data)))
        try:
            _write_all(fd, data)
            if len(data) < info.st_size:
                os.ftruncate(fd, len(data))
        except BaseException as exc:
            reached = os.lseek(fd, 0, os.SEEK_CUR)
            try:
                _pwrite_all(fd, old[:reached])
                os.ftruncate(fd, info.st_size)
            except OSError as again:
                reason = write_reason(exc) if isinstance(exc, OSError) else "interrupted"
                raise WriteError(
                    path,
                    f"{reason}; putting its old content back failed too ({write_reason(again)})",
                ) from None
            if isinstance(exc, OSError):
                raise WriteError.of(path, exc) from None
            raise
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    finally:
        os.close(fd)


def _read_at_start(fd: int, size: int) -> bytes:
    """The first ``size`` bytes of the file ``fd`` (fewer if it is shorter), its offset kept."""
    chunks: list[bytes] = []
    done = 0
    while done < size and (chunk := os.pread(fd, size - done, done)):
        chunks.append(chunk)
        done += len(chunk)
    return b"".join(chunks)


def _pwrite_all(fd: int, data: bytes) -> None:
    """``os.pwrite`` every byte of ``data`` from the start of the file ``fd``."""
    done = 0
    while done < len(data):
        done += os.pwrite(fd, data[done:], done)


def _write_all(fd: int, data: bytes) -> None:
    """``os.write`` until every byte of ``data`` is written (raises ``OSError``)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class LineAppender:
    """Appends whole lines to a file (created on the first line, never its folder).

    Each line is written at once, unbuffered (a killed run loses at most the line being
    written); a line that fails is cut back off the file, so the file ends with a whole line
    after any error. ``write_line`` raises ``WriteError``; ``close`` never raises.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._size = 0

    def write_line(self, line: str) -> None:
        """Append ``line`` and a newline; on failure cut the file back and raise ``WriteError``."""
        data = (line + "\n").encode("utf-8")
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            except OSError as exc:
                raise WriteError.of(self.path, exc) from None
            self._size = os.fstat(self._fd).st_size
        try:
            _write_all(self._fd, data)
        except OSError as exc:
            with contextlib.suppress(OSError):  # not a regular file (/dev/full): no cut
                os.ftruncate(self._fd, self._size)
            raise WriteError.of(self.path, exc) from None
        self._size += len(data)

    def close(self) -> None:
        """Close the file (every line is already written)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.close(fd)


def truncate(path: str | Path, size: int) -> None:
    """Cut ``path`` to its first ``size`` bytes (in place, whatever its length); raises
    ``WriteError``."""
    try:
        os.truncate(path, size)
    except OSError as exc:
        raise WriteError.of(path, exc) from None


# --- end of writing ------------------------------------------------------------------------
