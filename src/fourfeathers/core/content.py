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


def read_content(path: str | Path | None, default: Path) -> tuple[str, bytes]:
    """The file name and bytes of ``path`` (``default``, the shipped file, when None).

    Raises ``ContentError`` if the file cannot be read.
    """
    file = Path(path) if path else default
    try:
        return str(file), file.read_bytes()
    except OSError as exc:
        raise ContentError(f"{file}: cannot read content file ({exc.strerror})") from None


def parse_toml(file: str, blob: bytes) -> dict[str, Any]:
    """Parse ``blob`` as UTF-8 TOML. Raises ``ContentError`` naming ``file`` otherwise."""
    try:
        return tomllib.loads(blob.decode())
    except UnicodeDecodeError:
        raise ContentError(f"{file}: not a UTF-8 text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{file}: not valid TOML: {exc}") from None


def content_digest(blob: bytes) -> str:
    """The SHA-256 of a content file's bytes (kept in game records to pin the file)."""
    return hashlib.sha256(blob).hexdigest()
