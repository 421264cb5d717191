"""Isle of Feathers: build a hex island together and house birds whose habitats match it.

2-4 players, or the solo Migration Season (``players=1``, ``stamina=1..4``).

Files (the same name means the same part in every game folder):

- ``content.toml``: the birds and the components; ``content.py`` reads and checks it.
- ``game.py``: ``IsleGame``, the configuration and its checks, setup, text actions;
  ``options.py``: its options as the rules read them; ``state.py``: ``IsleState``, the
  state's data, observations and determinization.
- ``actions.py``: the action objects and their text form; ``rules.py``: the entry point of the
  rules (setup, legal actions, applying one), with its parts ``rules_<part>.py``:
  ``rules_phases.py`` (the turn's phases, the checks every decision makes, the end of the game),
  ``rules_land.py`` (stacking tiles, Vegetation), ``rules_place.py`` (habitats, the placement
  search), ``rules_abilities.py`` (discarding, the six abilities), ``rules_turn.py`` (the Flight
  Path draw, closing a turn), ``rules_solo.py`` (the Migration Season), ``rules_knowledge.py``
  (who knows which hidden card) and ``rules_check.py`` (sound positions); ``scoring.py``: how
  things turn into points (the birds' points), the winners and the tie-breaks; ``hexgrid.py``: hex
  cells, neighbours and habitat shapes; ``habitats.py``: the habitats as the placement search
  reads them; ``island.py``: what the island implies (a grid of its codes, tile and Vegetation
  spots, where birds fit), kept per island version and shared by clones.
- ``words.py``: actions and their outcomes in words, public to every seat (no UI library).
- ``heuristic.py``: the position value the agents use; ``features.py``: the birds each player
  placed, for reports.
- ``render.py``: the terminal and SVG pictures (rich); ``cli.py``: ``--stamina`` and help
  examples (no table scoring).
- ``encoding.py``: the action catalogue (cells relative to the island, not to coordinates),
  observation tensor, game length and returns bounds for learning libraries; ``length.py``:
  the proof of that game length (the most decisions a game can take), too long to sit there.
- ``web/``: the table in the browser (``feathers serve``): in its ``__init__`` what the lobby
  and the page need of the game.
- ``rules.md``: a copy of ``docs/rules/<game>.md`` (kept equal by a test), for the
  ``rules`` command at the terminal's prompt; ``lessons/``: the lessons of ``feathers learn``
  (``core.lessons``, docs/learn.md), one JSON file per mode.

Rulings: ``docs/rulings/isle-of-feathers.md``.
"""

from ...core.registry import GameSpec, register
from .game import VARIANTS, IsleGame

HOT_MODULES = (
    "habitats",
    "heuristic",
    "island",
    "options",
    "rules",
    "rules_abilities",
    "rules_check",
    "rules_knowledge",
    "rules_land",
    "rules_phases",
    "rules_place",
    "rules_solo",
    "rules_turn",
    "scoring",
    "state",
)
"""The modules of this folder the optional compiled build compiles with mypyc (setup.py reads
this tuple without importing the package; docs/agents.md, "A compiled build"): the rules, state
and heuristic, where playouts spend their time."""

register(
    GameSpec(
        id=IsleGame.id,
        title=IsleGame.title,
        factory=IsleGame,
        players=(1, 2, 3, 4),
        summary="Raise a hex island of sand, grass and cliffs and house birds on matching "
        "habitats (2-4 players, solo Migration Season)",
        package=__name__,
        heuristic=".heuristic:PROFILE",
        features=".features:seat_features",
        render=".render",
        cli=".cli",
        encoding=".encoding:IsleEncoding",
        utility="constant-sum",  # the winners share 1; solo: the score
        max_length=".length:max_length",
        web=".web",
        configurations=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"players": 1, "stamina": 1},
            {"players": 1, "stamina": 2},
            {"players": 1, "stamina": 3},
            {"players": 1, "stamina": 4},
            {
                "players": 3,
                "variants": [
                    "compulsory-abilities",
                    "discard-draws-blind",
                    "flock-costs-action",
                    "strict-support",
                    "tiebreak-most-birds",
                    "veg-under-birds",
                ],
            },
            {
                "players": 1,
                "stamina": 2,
                "variants": [
                    "discard-draws-blind",
                    "solo-empty-stamina",
                    "solo-end-on-empty-draw",
                    "solo-one-colour",
                ],
            },
        ),
    )
)

__all__ = ["VARIANTS", "IsleGame"]
