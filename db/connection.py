"""Opening the SQLite database the way the store relies on (DESIGN §4).

* ``isolation_level=None``: the sqlite3 module opens no implicit transactions, so the store's own
  ``BEGIN IMMEDIATE`` / ``COMMIT`` / ``ROLLBACK`` are the only transaction boundaries.
* WAL: readers never block the writer, and a killed process loses at most the transaction it was in.
* ``synchronous=FULL`` (the default, issue 18): a commit is on disk before the players are told of
  it, so not even a power cut or an OS crash takes back a move Discord already showed; it costs
  an fsync per commit (``make bench``, "store"). ``NORMAL`` survives a process crash but may lose
  the last commits on a power cut.
* ``busy_timeout``: a second process (a backup, an admin shell) waits instead of failing at once.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Literal

import aiosqlite

MEMORY = ":memory:"

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]


async def connect(
    path: str | Path,
    *,
    busy_timeout_ms: int = 5000,
    synchronous: Synchronous = "FULL",
) -> aiosqlite.Connection:
    """Open ``path`` (creating its parent directory) or ``":memory:"`` with the store's pragmas."""
    if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")
    if str(path) != MEMORY:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA synchronous={synchronous}")
        await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    except BaseException:
        await conn.close()
        raise
    return conn
