"""Familiar Feat's command-line declarations, as data (``core/options.py``): ``--level`` (FA-06)
and help examples (no table scoring)."""

from __future__ import annotations

from ...core.options import GameOption

OPTIONS = (GameOption("level", "--level", int, "N", "Level", bounds=(1, 8)),)

EXAMPLES = {
    "learn": ("feathers learn familiar-feat",),
    "play": ("feathers play familiar-feat --level 3 --seed 5",),
    "simulate": ("feathers simulate familiar-feat --level 8 --agents greedy --games 500",),
    "tournament": ("feathers tournament familiar-feat --level 3 --agents greedy,medium -n 10",),
}
"""Help lines for ``feathers <command> --help``."""
