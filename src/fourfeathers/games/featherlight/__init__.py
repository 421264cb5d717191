"""Featherlight (1-4 players): swap feather cards with the nest to score your five-card hand.

Files (the same name means the same part in every game folder):

- ``content.toml``: the 70 cards, with provenance; ``content.py`` reads and checks it.
- ``game.py``: ``FeatherlightGame``, the configuration and its checks, setup, text actions and
  table scoring; ``state.py``: ``FeatherlightState``, the state's data, observations and
  determinization.
- ``actions.py``: the action objects and their text form; ``rules.py``: every rule of play;
  ``scoring.py``: how things turn into points (the feather dictionary), the winners and the
  tie-breaks.
- ``words.py``: actions and their outcomes in words, public to every seat (no UI library).
- ``heuristic.py``: the position value the agents use; ``features.py``: the cards each seat
  ended with, for reports.
- ``render.py``: the terminal picture (rich); ``cli.py``: help examples and
  ``feathers score featherlight``.
- ``encoding.py``: the action catalogue, observation tensor, game length and returns bounds for
  learning libraries.
- ``web/``: the table in the browser (``feathers serve``): ``view.js`` and ``view.css``, and
  in its ``__init__`` the cards' catalogue and what the page derives from an observation.
- ``rules.md``: a copy of ``docs/rules/<game>.md`` (kept equal by a test), for the
  ``rules`` command at the terminal's prompt; ``lessons/``: the lessons of ``feathers learn``
  (``core.lessons``, docs/learn.md), one JSON file per mode.

Rulings: ``docs/rulings/featherlight.md``.
"""

from ...core.registry import GameSpec, register
from .game import FeatherlightGame

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
        id="featherlight",
        title="Featherlight",
        factory=FeatherlightGame,
        players=(1, 2, 3, 4),
        summary="Swap feathers with the nest to score your five-card hand (1-4 players)",
        package=__name__,
        heuristic=".heuristic:PROFILE",
        features=".features:seat_features",
        render=".render",
        cli=".cli",
        encoding=".encoding:FeatherlightEncoding",
        utility="constant-sum",  # the winners share 1; solo: the score
        max_length=".encoding:max_length",
        web=".web",
        configurations=(
            *({"players": n} for n in (1, 2, 3, 4)),
            {"players": 1, "variants": ["no-wind-on-last-turn", "no-put-back"]},
            {
                "players": 3,
                "variants": ["exact-same-colour", "no-put-back", "tiebreak-unique-cards"],
            },
        ),
    )
)

__all__ = ["FeatherlightGame"]
