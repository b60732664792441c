"""Where the store's transactions run: the one seam between the store and its database (issue 21).

The store's logic and SQL exist once (db/repos/, db/context.py, db/ratings.py, db/clocks.py). Each
transaction is an async *body* taking a :class:`Conn` (``execute``, ``execute_fetchall``,
``executemany`` with ``?`` placeholders, a cursor whose ``rowcount`` is read) and touching nothing
but the database, so a backend may run it however suits it, and run it again:

* :class:`SQLiteBackend` runs it whole on aiosqlite's thread in one hop (``db/one_hop.py``), inside
  ``BEGIN IMMEDIATE`` (writes) or ``BEGIN DEFERRED`` (reads), one transaction at a time per store:
  each is one call on aiosqlite's thread, which makes its calls one after the other, in order.
* ``db.postgres.PostgresBackend`` runs it on a pooled connection in a SERIALIZABLE transaction and
  reruns the whole body when PostgreSQL reports a serialization failure or a deadlock.

Rows are ``sqlite3.Row`` or ``asyncpg.Record``: both read as ``row["column"]`` and ``row[0]`` and
unpack as tuples.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import aiosqlite

from db.connection import Body, Conn, Cursor, Row, T
from db.errors import StoreBusy
from db.one_hop import direct, on_thread


class Backend(Protocol):
    """How the store's transactions are run on one kind of database."""

    name: str
    """``"sqlite"`` or ``"postgresql"``."""

    async def run(self, body: Body[T], *, write: bool, game_id: int | None = None, relaxed: bool = False) -> T:
        """``body`` in one transaction (``write``: it may write; else a consistent read); a database
        that stays busy is :class:`StoreBusy` for ``game_id``. ``relaxed``: bookkeeping whose commit
        need not wait for the disk (the last ones may be lost on a power cut, never on a crash)."""
        ...

    async def statement(
        self, sql: str, params: Sequence[Any] = (), game_id: int | None = None, *, relaxed: bool = False
    ) -> Cursor:
        """One write statement as a transaction of its own (it reads nothing first, or only the
        rows it changes). ``relaxed``: bookkeeping, as for :meth:`run`, and idempotent: it may be
        run again when the connection is lost while it was sent."""
        ...

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read statement."""
        ...

    def json_text(self, column: str, key: str) -> str:
        """SQL for the value of top-level ``key`` of the JSON text in ``column``."""
        ...

    async def notify(self, db: Conn, channel: str, payload: str) -> None:
        """Tell every process listening on ``channel`` (:meth:`listen`), this one included, once the
        transaction ``db`` belongs to commits (nothing if it rolls back)."""
        ...

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        """Call ``heard(payload)`` for each :meth:`notify` on ``channel`` by any process on this
        database; ``heard(None)`` when some may have been missed (the listening connection was lost
        and made again)."""
        ...

    async def close(self) -> None: ...


def is_busy(exc: BaseException) -> bool:
    """SQLITE_BUSY: another connection kept the write lock past our busy timeout."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF == sqlite3.SQLITE_BUSY:
        return True
    text = str(exc).lower()
    return "database is locked" in text or "database is busy" in text


class SQLiteBackend:
    """One aiosqlite connection shared by every coroutine of the bot. Each transaction (and each
    lone statement or query) is a single call on aiosqlite's thread, which runs its calls one after
    the other in the order they came: transactions never interleave, and the next one starts as
    soon as the last one ends, without waiting for the event loop to hand the connection on (an
    :class:`asyncio.Lock` here did that, and under load the store waited on a busy event loop
    between every two transactions, docs/PERFORMANCE.md)."""

    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        db.row_factory = sqlite3.Row
        self.db = db

    async def run(self, body: Body[T], *, write: bool, game_id: int | None = None, relaxed: bool = False) -> T:
        mode = "IMMEDIATE" if write else "DEFERRED"
        try:
            return await on_thread(self.db, direct(body), mode, relaxed=relaxed)
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise StoreBusy(game_id) from exc
            raise

    async def statement(
        self, sql: str, params: Sequence[Any] = (), game_id: int | None = None, *, relaxed: bool = False
    ) -> Cursor:
        """SQLite's autocommit: atomic, as durable as a COMMIT, one round trip instead of three;
        ``relaxed``: in one hop with ``synchronous`` NORMAL for it alone (db/one_hop.py)."""
        try:
            if relaxed:
                cursor: Cursor = await on_thread(self.db, lambda raw: raw.execute(sql, params), relaxed=True)
                return cursor
            return await self.db.execute(sql, params)
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise StoreBusy(game_id) from exc
            raise

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self.db.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise StoreBusy(None) from exc
            raise

    def json_text(self, column: str, key: str) -> str:
        return f"json_extract({column}, '$.{key}')"

    async def notify(self, db: Conn, channel: str, payload: str) -> None:
        """Nothing: SQLite has no channel between the processes sharing a file. One process
        needs none (it knows what it wrote); several on one file see a change when their cache
        expires (PostgreSQL is the backend for several processes: docs/deploy.md)."""

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        """Nothing to listen to (see :meth:`notify`)."""

    async def close(self) -> None:
        """Close the connection after the transactions already sent to it (its thread runs them in
        order)."""
        await self.db.close()
