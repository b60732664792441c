"""A transaction in one hop to the SQLite thread.

aiosqlite runs every statement on its own thread: each ``await db.execute(...)`` is a hop there and
back (a queue put, a thread wake-up, a wake-up of the event loop through its self-pipe), which costs
the event loop more than the statement itself. A move's transaction is about a dozen statements
(BEGIN, the game, its seats, the clocks, the version check, the log, the change, COMMIT), so the
store runs the hottest ones whole on the SQLite thread instead: the same ``async`` body, handed a
connection whose calls finish at once (:class:`Direct`), is driven to its end there without ever
suspending (:func:`run_now`). One body of code, two ways to run it; a body that awaits anything
besides the database is refused rather than run half on the wrong thread.

It uses aiosqlite's private ``_execute`` and ``_conn`` (pinned exactly in requirements.txt), through which
``db.backend.SQLiteBackend`` runs every transaction; tests/db/test_db_one_hop.py checks both.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from contextlib import suppress
from typing import Any, cast

import aiosqlite

from db.connection import Body, T


class Direct:
    """The part of aiosqlite's connection the store uses, over the raw ``sqlite3`` connection:
    each call is made at once, on the calling thread (the SQLite thread, inside :func:`in_one_hop`)."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._raw.execute(sql, params)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._raw.execute(sql, params).fetchall()

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        return self._raw.executemany(sql, params)


def run_now(coro: Coroutine[Any, Any, T]) -> T:
    """The coroutine's result, run to its end right here: every await in it must finish at once
    (the database calls of :class:`Direct` do); one that would wait is an error."""
    try:
        coro.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coro.close()
    raise RuntimeError("a one-hop transaction awaited something besides the database")


def transaction(raw: sqlite3.Connection, work: Callable[[], T], mode: str = "IMMEDIATE", *, relaxed: bool = False) -> T:
    """``BEGIN <mode>``, ``work()``, ``COMMIT`` on the raw connection (on the SQLite thread); any
    exception rolls back and propagates. ``relaxed``: committed without waiting for the disk
    (``synchronous`` NORMAL for this transaction only)."""
    level = raw.execute("PRAGMA synchronous").fetchone()[0] if relaxed else 0
    if level > 1:
        raw.execute("PRAGMA synchronous=NORMAL")
    try:
        raw.execute(f"BEGIN {mode}")
        try:
            result = work()
            raw.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.OperationalError):
                raw.execute("ROLLBACK")
            raise
        return result
    finally:
        if level > 1:
            raw.execute(f"PRAGMA synchronous={int(level)}")


async def on_thread(
    db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T], mode: str = "IMMEDIATE", *, relaxed: bool = False
) -> T:
    """:func:`transaction` of ``work(raw connection)`` in one hop to the SQLite thread (the store
    turns a busy database into ``StoreBusy``)."""
    raw: sqlite3.Connection = db._conn
    result: T = await db._execute(  # type: ignore[no-untyped-call]  # aiosqlite leaves it untyped
        lambda: transaction(raw, lambda: work(raw), mode, relaxed=relaxed)
    )
    return result


def direct(body: Body[T]) -> Callable[[sqlite3.Connection], T]:
    """An async transaction body as work for :func:`on_thread`: run to its end on a
    :class:`Direct` connection."""
    return lambda raw: run_now(body(Direct(raw)))


async def in_one_hop(db: aiosqlite.Connection, body: Body[T], mode: str = "IMMEDIATE") -> T:
    """``BEGIN <mode>``, ``body`` and ``COMMIT`` on the SQLite thread, in one hop."""
    return await on_thread(db, direct(body), mode)
