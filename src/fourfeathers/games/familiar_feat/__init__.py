"""Familiar Feat (solo): win Creatures over with cuddles and drive three Monsters from the castle.

Files (the same name means the same part in every game folder):

- ``content.toml``: the 110 cards, all reconstructed; ``content.py`` reads and checks it into
  a ``CardSet`` (``cardset.py``: the card tables the rules read, compiled).
- ``game.py``: ``FamiliarFeatGame``, the configuration (level, content, variants) and its
  checks, setup, text actions; ``state.py``: ``FamiliarFeatState``, the state's data,
  observations and determinization.
- ``actions.py``: the action objects and their text form; ``rules.py``: the entry point of the
  rules (setup, legal actions, applying one), with its parts ``rules_<part>.py``:
  ``rules_phases.py`` (the phases of the day, the result, the pending frames and their prompts),
  ``rules_totals.py`` (totals, Strength, the card limit), ``rules_cards.py`` (exhausting, fleeing,
  reviving, entering play), ``rules_events.py`` (Events), ``rules_resolve.py`` (reaching Strength,
  resolving a Creature), ``rules_deck.py`` (the Creature and Team decks), ``rules_choices.py``
  (each pending frame's choices), ``rules_day.py`` (the day and night, ``advance``) and
  ``rules_check.py`` (sound positions); ``scoring.py``: how things turn into points (the Monsters
  driven away) and the win.
- ``words.py``: card texts, actions and their outcomes in words (no UI library).
- ``heuristic.py``: the position value the agents use. No ``features.py``: reports compare the
  levels, a configuration option, instead.
- ``render.py``: the terminal picture (rich); ``cli.py``: ``--level`` and help examples (no
  table scoring).
- ``encoding.py``: the action catalogue, observation tensor, game length and returns bounds for
  learning libraries; ``length.py``: the proof of that game length (the most decisions an
  adventure can take), too long to sit there.
- ``web/``: the table in the browser (``feathers serve``): in its ``__init__`` what the lobby
  and the page need of the game.
- ``rules.md``: a copy of ``docs/rules/<game>.md`` (kept equal by a test), for the
  ``rules`` command at the terminal's prompt; ``lessons/``: the lessons of ``feathers learn``
  (``core.lessons``, docs/learn.md), one JSON file per mode.

Rulings: ``docs/rulings/familiar-feat.md``.
"""

from ...core.registry import GameSpec, register
from .game import FamiliarFeatGame

HOT_MODULES = (
    "cardset",
    "heuristic",
    "rules",
    "rules_cards",
    "rules_check",
    "rules_choices",
    "rules_day",
    "rules_deck",
    "rules_events",
    "rules_phases",
    "rules_resolve",
    "rules_totals",
    "state",
)
"""The modules of this folder the optional compiled build compiles with mypyc (setup.py reads
this tuple without importing the package; docs/agents.md, "A compiled build"): the rules, state
and heuristic, where playouts spend their time."""

register(
    GameSpec(
        id="familiar-feat",
        title="Familiar Feat",
        factory=FamiliarFeatGame,
        players=(1,),
        summary="Solo: recruit Creatures with cuddles, drive three Monsters away (levels 1-8)",
        package=__name__,
        score_unit="Monsters",  # scores() counts the Monsters driven away (FA-71)
        heuristic=".heuristic:PROFILE",
        render=".render",
        cli=".cli",
        encoding=".encoding:FamiliarFeatEncoding",
        solo_returns="win",  # 1 for a won adventure, 0 for a lost one
        max_length=".length:max_length",
        web=".web",
        configurations=(
            *({"level": n} for n in range(1, 9)),
            {"level": 8, "variants": ["choose-cards"]},
            {"level": 4, "variants": ["closing-ranks-together"]},
        ),
    )
)

__all__ = ["FamiliarFeatGame"]
