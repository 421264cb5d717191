"""Fancy Feathers in the browser (``GameSpec.web``)."""

from __future__ import annotations

from ..game import VARIANTS

__all__ = ["VARIANTS"]
