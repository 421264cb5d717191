"""Research adapters: every registered game inside PettingZoo, Gymnasium and OpenSpiel.

Optional extras, imported only on demand (the core and ``import fourfeathers.rl`` never load
them): ``pip install 'fourfeathers[rl]'`` (PettingZoo, Gymnasium, NumPy) and
``pip install 'fourfeathers[openspiel]'`` (OpenSpiel).

- ``pettingzoo.py``: ``env(game_id, render_mode=None, **config)``, an AEC environment for any
  game and seat count.
- ``gymnasium.py``: registers one Gymnasium environment per game with a solo configuration.
- ``openspiel.py``: registers every game with ``pyspiel.register_game``.
- ``common.py``: what the three share: a game with its encoding (action ids, masks, tensors),
  the registered configurations, seeding and the text view of a seat.

Like every layer outside ``games/``, this one reaches the games only through the registry and
each game's ``encoding`` part (``core/encoding.py``); the action catalogues and tensor layouts
are documented in each game's ``encoding.py`` and in ``docs/research.md``.
"""
