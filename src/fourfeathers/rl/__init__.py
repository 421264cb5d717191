"""Research adapters: every registered game inside PettingZoo, Gymnasium and OpenSpiel.

Optional extras, imported only on demand (the core and ``import fourfeathers.rl`` never load
them): ``pip install 'fourfeathers[rl]'`` (PettingZoo, Gymnasium, NumPy) and
``pip install 'fourfeathers[openspiel]'`` (OpenSpiel).

- ``pettingzoo.py``: ``env(game_id, render_mode=None, **config)``, an AEC environment for any
  game and seat count.
- ``gymnasium.py``: registers a single-agent Gymnasium environment for every game mode
  (``fourfeathers/<game>-v0``, the other seats played by computer agents, and
  ``fourfeathers/<game>-solo-v0``).
- ``vector.py``: ``FeathersVectorEnv``, a native Gymnasium vector env of those (NumPy batches,
  same-step autoreset, in this process or worker processes).
- ``openspiel.py``: registers every game with ``pyspiel.register_game``.
- ``common.py``: what the three share: a game with its encoding (action ids, masks, tensors),
  the registered configurations, seeding and the text view of a seat.

Like every layer outside ``games/``, this one reaches the games only through the registry and
each game's ``encoding`` part (``core/encoding.py``); the action catalogues and tensor layouts
are documented in each game's ``encoding.py`` and in ``docs/research.md``.
"""
