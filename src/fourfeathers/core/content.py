"""Reading content files (card data in TOML), shared by every game's ``content.py``.

Each game validates its own cards; this module turns every problem of the file itself into a
``ContentError`` that names the file.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Any

from .errors import ContentError
from .files import (
    CONTENT_LIMIT,
    MAX_DEPTH,
    UnreadableFile,
    check_depth,
    decode_text,
    number_problem,
    read_bytes,
)


def read_content(path: str | Path | None, default: Path) -> tuple[str, bytes]:
    """The file name and bytes of ``path`` (``default``, the shipped file, when None).

    Raises ``ContentError`` naming the file if it cannot be read, is not a regular file (a
    directory, a FIFO, a device) or is larger than ``files.CONTENT_LIMIT``.
    """
    file = Path(path) if path else default
    try:
        return str(file), read_bytes(file, "content file", CONTENT_LIMIT)
    except UnreadableFile as exc:
        raise ContentError(str(exc)) from None


FORMAT_VERSION = 1
"""The content file format this package reads (a file's ``version``, 1 when left out)."""


def parse_toml(file: str, blob: bytes) -> dict[str, Any]:
    """Parse ``blob`` as UTF-8 TOML (a byte-order mark is dropped) and check its ``version`` is
    ``FORMAT_VERSION``.

    Raises ``ContentError`` naming ``file`` otherwise, or if tables and arrays nest deeper than
    ``files.MAX_DEPTH``.
    """
    try:
        data = tomllib.loads(decode_text(file, blob))
        check_depth(file, data)
    except UnreadableFile as exc:
        raise ContentError(str(exc)) from None
    except RecursionError:
        raise ContentError(f"{file}: nested deeper than {MAX_DEPTH} levels") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{file}: not valid TOML: {exc}") from None
    except ValueError as exc:  # an integer of more than 4300 digits
        raise ContentError(f"{file}: not valid TOML: {number_problem(exc)}") from None
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise ContentError(
            f"{file}: 'version' must be {FORMAT_VERSION} (the content format this package "
            f"reads), got {version!r}"
        )
    return data


def check_int(where: str, name: str, value: Any, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``.

    Every number of a content file is bounded this way, so that a typo cannot make a game of
    a billion cards. Raises ``ContentError`` naming ``where``, the field ``name`` and the bounds.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ContentError(
            f"{where}: {name} must be an integer from {low} to {high}, got {value!r}"
        )
    return value


def content_digest(blob: bytes) -> str:
    """The SHA-256 of a content file's bytes (kept in game records to pin the file)."""
    return hashlib.sha256(blob).hexdigest()
