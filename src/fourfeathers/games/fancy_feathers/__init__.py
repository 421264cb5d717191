"""Fancy Feathers (2-6 players): move along the Path of animal cards and collect the best ones.

Files (the same name means the same part in every game folder):

- ``content.toml``: the 12 animal types and their cards; ``content.py`` reads and checks it.
- ``game.py``: ``FancyFeathersGame``, the configuration and its checks, the card table, text
  actions and table scoring; ``state.py``: ``FancyFeathersState``, the state's data,
  observations and determinization.
- ``actions.py``: the action objects and their text form; ``rules.py``: every rule of play;
  ``scoring.py``: how things turn into points (the scoring kinds of the animal types), the winners
  and the tie-breaks.
- ``words.py``: actions and their outcomes in words, public to every seat (no UI library).
- ``heuristic.py``: the position value the agents use; ``features.py``: the animal types each
  player collected, for reports.
- ``render.py``: the terminal picture (rich); ``cli.py``: ``--types``, help examples and
  ``feathers score fancy-feathers``.
- ``encoding.py``: the action catalogue, observation tensor, game length and returns bounds for
  learning libraries.
- ``web/``: the table in the browser (``feathers serve``): ``view.js`` and ``view.css``, and
  in its ``__init__`` the types' catalogue and what the page derives from an observation.
- ``rules.md``: a copy of ``docs/rules/<game>.md`` (kept equal by a test), for the
  ``rules`` command at the terminal's prompt; ``lessons/``: the lessons of ``feathers learn``
  (``core.lessons``, docs/learn.md), one JSON file per mode.

Rulings: ``docs/rulings/fancy-feathers.md``.
"""

from ...core.registry import GameSpec, register
from .game import FancyFeathersGame

HOT_MODULES = ("heuristic", "rules", "state")
"""The modules of this folder the compiled build compiles with mypyc (setup.py reads this tuple
without importing the package; docs/agents.md, "A compiled build"): the rules, the state and
the heuristic, where playouts and searches spend their time. The state is compiled so that the
compiled rules read and write its fields natively (its ``clone`` and ``__reduce__`` are
hand-written; ``FIELDS.check_clone`` holds the clone to the declaration). Not ``scoring.py``: a
compiled frozen dataclass turns its scoring kinds' ``ClassVar`` defaults into fields, and the
subclasses' own fields then follow a default (a ``TypeError`` at import)."""

register(
    GameSpec(
        id="fancy-feathers",
        title="Fancy Feathers",
        factory=FancyFeathersGame,
        players=(2, 3, 4, 5, 6),
        summary="Move along a Path of animal cards and collect the most precious (2-6 players)",
        package=__name__,
        heuristic=".heuristic:PROFILE",
        features=".features:seat_features",
        render=".render",
        cli=".cli",
        encoding=".encoding:FancyFeathersEncoding",
        utility="constant-sum",  # the winner gets 1
        max_length=".encoding:max_length",
        web=".web",
        configurations=(
            *({"players": n} for n in (2, 3, 4, 5, 6)),
            {"players": 2, "types": "first-game"},
            {
                "players": 3,
                "types": ["peacock", "nest", "trap", "mirror", "monal", "fox"],
                "variants": [
                    "fox-may-remove-itself",
                    "nest-five-each",
                    "unpassed-trap-to-box",
                ],
            },
            {
                "players": 4,
                "types": ["golden-pheasant", "green-pheasant", "trap", "mirror", "monal", "fox"],
                "variants": ["fox-spares-set-aside-trap"],
            },
        ),
    )
)

__all__ = ["FancyFeathersGame"]
