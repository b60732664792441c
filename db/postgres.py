"""The store's transactions on PostgreSQL (issue 21 §1), through asyncpg and a connection pool.

The store's SQL is written once, with SQLite's ``?`` placeholders; :class:`PgConn` gives a body the
calls it makes on SQLite (db/connection.py), numbering the placeholders ``$1, $2, …`` for PostgreSQL and
reading a statement's row count from its status ("UPDATE 1"). :class:`PostgresBackend` runs each
body on a pooled connection in a SERIALIZABLE transaction (a read in a REPEATABLE READ READ ONLY
one: one snapshot, never a serialization failure to retry; a read of one statement, such as a
game with its seats, in none: a statement sees one snapshot by itself) and runs the *whole body
again* when PostgreSQL aborts it with a serialization failure or a deadlock: the body only talks
to the database, so nothing it did outside survives the rollback. What SQLite's database-wide write lock
gave for free (no two writers interleave) SERIALIZABLE gives here: a transaction either commits as
if it ran alone or is rerun. Still busy after :data:`ATTEMPTS` runs is :class:`StoreBusy`.

Bookkeeping (``relaxed``) commits with ``synchronous_commit = off``, as SQLite's ``synchronous =
NORMAL``: a crash of the server may lose the last such commits, never a game's own. A relaxed lone
statement (the telling's step and its end, two a move) runs on a pool of its own whose connections
have that setting and SERIALIZABLE by default: one round trip instead of four (BEGIN, a read,
the write, COMMIT).

Processes sharing the database tell each other what their caches must forget with PostgreSQL's
``NOTIFY`` inside the transaction that changed it (delivered once it commits) and ``LISTEN`` on one
connection of their own, made again when it is lost (:meth:`PostgresBackend.listen`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import re
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import asyncpg

from db.connection import Body, Conn, Row, T
from db.errors import StoreBusy

log = logging.getLogger("deskovka.store")

ATTEMPTS = 30
"""Runs of a body before a serialization failure that keeps coming back is StoreBusy."""
RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)
"""PostgreSQL's "could not serialize access" (40001) and "deadlock detected" (40P01)."""
LOST = (asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError, asyncpg.InterfaceError, OSError)
"""The connection was lost or could not be made (a server restarted or down, an idle connection
closed by the server or a pooler)."""
LOST_PAUSES = (0.0, 0.1, 0.4)
"""Seconds before each new run of a body whose connection was lost before it committed; then
:class:`StoreBusy` (within a second: a player's interaction is still answered in time)."""
RELAXED_SETTINGS = {"synchronous_commit": "off", "default_transaction_isolation": "serializable"}
"""The session of a connection for relaxed lone statements: each statement is a SERIALIZABLE
transaction of its own (autocommit) that commits without waiting for the WAL's flush."""
RELISTEN_PAUSES = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds between attempts to make the listening connection again after it was lost (the last one
repeats)."""


_INDEXED_BY = re.compile(r"\s+INDEXED BY \w+")


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` for PostgreSQL: its ``?`` placeholders as ``$1, $2, …`` (those inside quotes are
    left), and without SQLite's planner hints (``INDEXED BY <index>``: PostgreSQL's planner picks
    its indexes itself)."""
    sql = _INDEXED_BY.sub("", sql)
    out: list[str] = []
    quote: str | None = None
    n = 0
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


class PgCursor:
    """What the store reads of a statement: how many rows it changed."""

    __slots__ = ("rowcount",)

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


def rowcount(status: str) -> int:
    """The row count of a command status ("INSERT 0 1", "UPDATE 3", "DELETE 0"); -1 if none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConn:
    """An asyncpg connection seen as the store's bodies see SQLite's (db/connection.py)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        return PgCursor(rowcount(await self._conn.execute(numbered(sql), *params)))

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *params))

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> PgCursor:
        await self._conn.executemany(numbered(sql), [tuple(p) for p in params])
        return PgCursor(-1)


async def nothing_to_reset(conn: Any) -> None:
    """The pool's reset of a connection given back: nothing beyond asyncpg's own rollback of an
    open transaction. asyncpg's default runs one more statement after every transaction
    (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``): a round trip for session
    state the store never leaves on a pooled connection. Its settings are ``SET LOCAL`` (they end
    with the transaction), it listens on a connection of its own (:meth:`PostgresBackend.listen`),
    opens no cursor, and takes its one session lock, the migrations', on a connection of its own
    (:meth:`PostgresBackend.alone`)."""


@contextlib.asynccontextmanager
async def _transaction(
    conn: Any, isolation: str, write: bool, relaxed: bool, single: bool = False
) -> AsyncIterator[None]:
    """The block as one transaction: asyncpg's, or for a ``relaxed`` write one that commits without
    waiting for the WAL's flush (``synchronous_commit`` off), begun with that setting in the same
    round trip (asyncpg's transaction would take one more for the ``SET LOCAL``; the telling's
    bookkeeping). A ``single`` statement needs none: a read, or a relaxed write on a connection
    whose session makes it so (:data:`RELAXED_SETTINGS`)."""
    if single:
        assert relaxed or not write, "a durable write is one transaction with its own BEGIN"
        yield
        return
    if not relaxed:
        async with conn.transaction(isolation=isolation, readonly=not write):
            yield
        return
    level = {"serializable": "SERIALIZABLE", "repeatable_read": "REPEATABLE READ"}[isolation]
    await conn.execute(f"BEGIN ISOLATION LEVEL {level}; SET LOCAL synchronous_commit = off")
    try:
        yield
    except BaseException:
        with contextlib.suppress(Exception):  # a lost connection: the pool closes it, which rolls back
            await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")


class PostgresBackend:
    """A pool of connections to one PostgreSQL database (see the module's docstring)."""

    name = "postgresql"

    def __init__(self, pool: Any, dsn: str, relaxed_pool: Any) -> None:
        self.pool = pool
        self.dsn = dsn
        self.relaxed_pool = relaxed_pool
        """Where a relaxed lone statement runs (:meth:`statement`): connections committing without
        waiting for the flush, SERIALIZABLE by default (:data:`RELAXED_SETTINGS`); made on demand."""
        self._heard: dict[str, list[Callable[[str | None], None]]] = {}
        """Channel → who listens to it in this process."""
        self._listening: Any = None
        """The connection that LISTENs (its own, outside the pool, whose connections every transaction borrows)."""
        self._relisten: asyncio.Task[None] | None = None
        self._closed = False
        self.reruns = 0
        """Bodies run again after a serialization failure or a deadlock, since the pool opened (a
        busy database shows it; migration 0002 keeps games on different rows from causing them)."""

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, reset=nothing_to_reset)
        try:
            relaxed = await asyncpg.create_pool(
                dsn, min_size=0, max_size=max_size, reset=nothing_to_reset, server_settings=RELAXED_SETTINGS
            )
        except BaseException:
            await pool.close()
            raise
        return cls(pool, dsn, relaxed)

    @contextlib.asynccontextmanager
    async def alone(self) -> AsyncIterator[Any]:
        """A connection outside the pool, closed after the block with whatever session state the
        block left (the migrations' advisory lock)."""
        conn = await asyncpg.connect(self.dsn)
        try:
            yield conn
        finally:
            await conn.close()

    async def run(self, body: Body[T], *, write: bool, game_id: int | None = None, relaxed: bool = False) -> T:
        return await self._run(body, write=write, game_id=game_id, relaxed=relaxed)

    async def _run(
        self, body: Body[T], *, write: bool, game_id: int | None = None, relaxed: bool = False, single: bool = False
    ) -> T:
        """:meth:`run`; ``single``: the body is one statement, run without a transaction around it
        (PostgreSQL's autocommit: one statement sees one snapshot and is atomic), one round trip
        instead of three — a read, or a relaxed write on :attr:`relaxed_pool`, whose sessions make
        it SERIALIZABLE and relaxed."""
        isolation = "serializable" if write else "repeatable_read"
        pool = self.relaxed_pool if single and write else self.pool
        lost = 0
        for attempt in range(ATTEMPTS):
            committing = False
            try:
                async with pool.acquire() as conn, _transaction(conn, isolation, write, relaxed, single):
                    result = await body(PgConn(conn))
                    committing = True
                return result
            except RETRYABLE as exc:
                self.reruns += 1
                if attempt == ATTEMPTS - 1:
                    log.warning(
                        "game %s: %s gave up after %d serialization failures (%s)", game_id, _named(body), ATTEMPTS, exc
                    )
                    raise StoreBusy(game_id) from exc
                # A short random pause so that the transactions that collided do not collide again.
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
            except LOST as exc:
                # Lost before the commit was sent: nothing was written, run it again on a new
                # connection. Lost while committing a write: it may have committed, so it is not
                # run again (the caller's error; a change that did commit is caught up and told).
                if committing and write:
                    raise
                if lost == len(LOST_PAUSES):
                    log.warning(
                        "game %s: %s gave up, its connection lost %d times (%s)", game_id, _named(body), lost + 1, exc
                    )
                    raise StoreBusy(game_id) from exc
                log.warning("the database connection was lost (%s); running the transaction again", exc)
                await asyncio.sleep(LOST_PAUSES[lost])
                lost += 1
        raise AssertionError("unreachable")

    async def statement(
        self, sql: str, params: Sequence[Any] = (), game_id: int | None = None, *, relaxed: bool = False
    ) -> PgCursor:
        async def one(db: Any) -> PgCursor:
            cur: PgCursor = await db.execute(sql, params)
            return cur

        if relaxed:  # one round trip on the relaxed pool; rerun if its connection is lost (idempotent)
            return await self._run(one, write=True, game_id=game_id, relaxed=True, single=True)
        return await self.run(one, write=True, game_id=game_id)

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async def read(db: Any) -> list[Row]:
            rows: list[Row] = await db.execute_fetchall(sql, params)
            return rows

        return await self._run(read, write=False, single=True)

    def json_text(self, column: str, key: str) -> str:
        return f"({column}::json ->> '{key}')"

    async def notify(self, db: Conn, channel: str, payload: str) -> None:
        await db.execute("SELECT pg_notify(?, ?)", (channel, payload))

    async def listen(self, channel: str, heard: Callable[[str | None], None]) -> None:
        first = channel not in self._heard
        self._heard.setdefault(channel, []).append(heard)
        if self._listening is None:
            await self._connect_listener()
        elif first:
            await self._listening.add_listener(channel, self._deliver)

    def _deliver(self, _conn: Any, _pid: int, channel: str, payload: str) -> None:
        for heard in self._heard.get(channel, ()):
            heard(payload)

    async def _connect_listener(self) -> None:
        conn = await asyncpg.connect(self.dsn)
        for channel in self._heard:
            await conn.add_listener(channel, self._deliver)
        conn.add_termination_listener(self._lost)
        self._listening = conn

    def _lost(self, _conn: Any) -> None:
        """The listening connection closed: make it again, then say that some may be missed."""
        self._listening = None
        if not self._closed and (self._relisten is None or self._relisten.done()):
            self._relisten = asyncio.ensure_future(self._listen_again())

    async def _listen_again(self) -> None:
        for attempt in itertools.count():
            await asyncio.sleep(RELISTEN_PAUSES[min(attempt, len(RELISTEN_PAUSES) - 1)])
            if self._closed:
                return
            try:
                await self._connect_listener()
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("listening to the other processes again failed (%s); retrying", exc)
                continue
            for hearers in self._heard.values():
                for heard in hearers:
                    heard(None)
            return

    async def close(self) -> None:
        self._closed = True
        if self._relisten is not None:
            self._relisten.cancel()
        if self._listening is not None:
            listening, self._listening = self._listening, None
            listening.remove_termination_listener(self._lost)
            await listening.close()
        await self.pool.close()
        await self.relaxed_pool.close()


def _named(body: Any) -> str:
    """A transaction body by its name (``GameStore.append.<locals>.write``), for the log."""
    return getattr(body, "__qualname__", None) or repr(body)
