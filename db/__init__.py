"""Persistence (DESIGN §4): aiosqlite connection, numbered SQL migrations, the game store.

Cogs reach the database only through :class:`db.store.GameStore`, so another backend (PostgreSQL
for several processes) can be added behind the same interface.
"""
