"""Opening the SQLite database the way the store relies on (DESIGN §4).

* ``isolation_level=None``: the sqlite3 module opens no implicit transactions, so the store's own
  ``BEGIN IMMEDIATE`` / ``COMMIT`` / ``ROLLBACK`` are the only transaction boundaries.
* WAL: readers never block the writer, and a killed process loses at most the transaction it was in.
* ``synchronous=FULL`` (the default, issue 18): a commit is on disk before the players are told of
  it, so not even a power cut or an OS crash takes back a move Discord already showed; it costs
  an fsync per commit (``make bench``, "store"). ``NORMAL`` survives a process crash but may lose
  the last commits on a power cut.
* ``busy_timeout``: a second process (a backup, an admin shell) waits instead of failing at once.
  Switching a new file to WAL is the one step SQLite answers "busy" at once, without waiting,
  when another process is switching it at the same moment (two bot processes starting together
  on a new database: 6 starts in 60 failed so); :func:`connect` tries that step again for as long
  as the busy timeout.
"""

from __future__ import annotations

import asyncio
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
        await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        await _wal(conn, busy_timeout_ms / 1000)
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA synchronous={synchronous}")
    except BaseException:
        await conn.close()
        raise
    return conn


WAL_RETRY_PAUSE = 0.02
"""Seconds between two tries to switch to WAL while another connection is switching."""


async def _wal(conn: aiosqlite.Connection, patience: float) -> None:
    """``PRAGMA journal_mode=WAL``, tried again while SQLite says busy, for up to ``patience``
    seconds (the module docstring says why)."""
    waited = 0.0
    while True:
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or waited >= patience:
                raise
        await asyncio.sleep(WAL_RETRY_PAUSE)
        waited += WAL_RETRY_PAUSE
