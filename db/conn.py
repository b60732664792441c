"""The connection a transaction body of the store is handed, on either backend (db/backend.py).

It is the part of aiosqlite's connection the store uses: ``execute`` (its cursor's ``rowcount``),
``execute_fetchall`` and ``executemany``, with ``?`` placeholders. ``db.one_hop.Direct`` gives it
over SQLite's raw connection, ``db.postgres.PgConn`` over an asyncpg connection.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Protocol, TypeVar

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
