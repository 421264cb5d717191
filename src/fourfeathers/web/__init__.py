"""``feathers serve``: play in the browser, each seat on its own device (docs/protocol.md).

Modules: ``app`` (FastAPI routes and the WebSocket of a table), ``protocol`` (the messages a
browser sends, validated), ``hub`` (the live tables: locks, storing, broadcasting, computer
seats), ``tables`` (one table: record, log, the undo rule), ``views`` (the one gate: everything
sent, per recipient), ``store`` (SQLite or PostgreSQL), ``ai`` (the worker pool), ``lessons``
(learning a game and the rules at the table: stateless HTTP over ``core.lessons`` and
``core.rulebook``).

Games are reached only through the core API (``make``, ``game_spec``, ``State``...); nothing
here names a game. Needs the ``[web]`` extra (FastAPI, uvicorn, SQLAlchemy, platformdirs).
"""
