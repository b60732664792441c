"""Persistence (DESIGN §4): aiosqlite connection, numbered SQL migrations, the game store.

Cogs reach the database only through the :class:`db.base.Store` Protocol — one repository per
area (``store.games``, ``store.prefs``, …, db/repos/) — which :class:`db.store.GameStore`
implements on SQLite and on PostgreSQL alike.
"""
