"""The shared table on the Discord side: every game's changes go through it (issue 18 §2).

``core/`` is its Discord-free heart (commit, change, progress, votes, record); ``table.py`` tells a
change in Discord (thread, pages, DMs, pings) and resolves which game a command means; the clocks,
lobbies, turn pages and the dispatcher listen to it through ``api.TableAPI``; ``game.py`` is the
``/game`` cog every game shares. A game brings its own package (``cogs/<game>/``: cog, UI, words)
and registers once in ``cogs/games.py``.
"""
