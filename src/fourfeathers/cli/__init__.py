"""The ``feathers`` command line: one module per sub-command, gathered in ``main.app``.

The CLI reaches games only through the registry (``make``, ``game_spec``, ``list_games``) and the
``Game``/``State`` contract, so a new game shows up here by registering itself.
"""
