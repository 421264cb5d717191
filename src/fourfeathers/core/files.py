"""Files the program reads and writes: one place for how a file that fails reads to the user.

Writing (the ``writing`` section below): every file a command writes (``simulate --out``,
``tournament --out``, ``play --save`` and ``--svg``, a report's files) goes through it, so that

- a path that cannot be written is found before the work starts (``check_writable``), without
  leaving an empty file behind;
- a failure is a ``WriteError`` (an ``OSError``) whose message names the path and the reason in
  words (``cannot write r.jsonl: the disk is full``); the command line prints it as one line;
- a failure leaves no half-written file: a whole file is written beside its target and then
  renamed onto it (``write_text``), and a line appended to a results file is whole or cut back
  (``LineAppender``).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import tempfile
from pathlib import Path

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
    errno.EFBIG: "the file is too large for its file system",
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


def check_writable(path: str | Path, regular: bool = False) -> None:
    """Raise ``WriteError`` unless a file can be written at ``path`` now; change nothing.

    An existing path must be writable (and, with ``regular``, a regular file: a results file is
    read back to resume). A new one is created and removed at once, so a name that is too long,
    a read-only place or a missing folder are found before any work, and no empty file is left.
    """
    path = Path(path)
    try:
        is_dir, exists, is_file = path.is_dir(), path.exists(), path.is_file()
    except OSError as exc:  # a name too long even to look up
        raise WriteError.of(path, exc) from None
    if is_dir:
        raise WriteError(path, _REASONS[errno.EISDIR], errno.EISDIR)
    if exists:
        if regular and not is_file:
            raise WriteError(path, "it is not a regular file (it is read back to resume a run)")
        if not os.access(path, os.W_OK):
            raise WriteError(path, _REASONS[errno.EACCES], errno.EACCES)
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return  # made by someone else meanwhile: writing it is theirs to refuse
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(path)


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) as the whole of ``path``, or fail leaving ``path`` as it was.

    The text goes to a temporary file beside ``path`` that is then renamed onto it (keeping
    the mode of the file it replaces; a symbolic link is followed, not replaced); where the
    folder does not allow a new file but ``path`` exists and is writable, ``path`` is rewritten
    in place (and emptied again on failure). Raises ``WriteError``.
    """
    path = Path(path)
    data = text.encode("utf-8")
    if path.is_symlink():
        path = path.resolve()  # the file it points to is written, the link kept
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and path.is_file():
            _write_in_place(path, data)
            return
        raise WriteError.of(path, exc) from None
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        if path.exists() and not path.is_file():
            _write_in_place(path, data)  # /dev/stdout and the like: no rename onto them
            os.unlink(temp)
            return
        os.chmod(temp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WriteError.of(path, exc) from None


@functools.cache
def _umask() -> int:
    """The process's umask (read once: reading it means setting it for a moment)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_in_place(path: Path, data: bytes) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    except OSError as exc:
        raise WriteError.of(path, exc) from None
    try:
        _write_all(fd, data)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        raise WriteError.of(path, exc) from None
    finally:
        os.close(fd)


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
