"""The store's connection to its database (DESIGN §4): what a transaction body is handed, on
either backend, and how the SQLite file is opened.

**The connection a body is handed** (:class:`Conn`, db/backend.py) is the part of aiosqlite's
connection the store uses: ``execute`` (its cursor's ``rowcount``), ``execute_fetchall`` and
``executemany``, with ``?`` placeholders. ``db.one_hop.Direct`` gives it over SQLite's raw
connection, ``db.postgres.PgConn`` over an asyncpg connection.

**Opening the SQLite database** (:func:`connect`) the way the store relies on:

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
from collections.abc import Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

if TYPE_CHECKING:
    import aiosqlite

T = TypeVar("T")

Row = Any
"""A row: ``sqlite3.Row`` or ``asyncpg.Record`` (``row["column"]``, ``row[0]``, tuple unpacking)."""


class Cursor(Protocol):
    """What the store reads of a statement's cursor: how many rows it changed."""

    @property
    def rowcount(self) -> int: ...


class Conn(Protocol):
    """The connection a transaction body is handed (aiosqlite's calls, ``?`` placeholders)."""

    async def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ..., /) -> Iterable[Row]: ...

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]], /) -> Cursor: ...


def marks(count: int) -> str:
    """``count`` placeholders for a list in SQL: ``?, ?, ?``."""
    return ", ".join("?" * count)


Body = Callable[[Conn], Coroutine[Any, Any, T]]
"""A transaction: it touches only the database, so a backend may run it again."""


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
    import aiosqlite  # here: the Discord-free core imports this module's Conn without the driver

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
