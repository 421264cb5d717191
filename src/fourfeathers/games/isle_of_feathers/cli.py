"""Isle of Feathers' command-line declarations, as data (``core/options.py``): ``--stamina`` and
help examples (no table scoring)."""

from __future__ import annotations

from ...core.options import GameOption

OPTIONS = (GameOption("stamina", "--stamina", int, "N", "Solo stamina level", bounds=(1, 4)),)

EXAMPLES = {
    "learn": ("feathers learn isle-of-feathers", "feathers learn isle-of-feathers --mode solo"),
    "play": (
        "feathers play isle-of-feathers -p 3 --seats human,greedy,greedy \\\n    --svg island.svg",
        "feathers play isle-of-feathers --players 1 --stamina 2",
    ),
    "simulate": ("feathers simulate isle-of-feathers --players 1 --stamina 3 --games 200",),
    "tournament": ("feathers tournament isle-of-feathers --agents random,greedy -n 10",),
}
"""Help lines for ``feathers <command> --help``."""
