"""Persistence (DESIGN §4): aiosqlite connection, numbered SQL migrations, the game store.

Cogs reach the database only through the :class:`db.base.Store` Protocol, which
:class:`db.store.GameStore` (SQLite) implements, so another backend (PostgreSQL for several
processes) can be added behind the same interface.
"""
