"""What the store's tests share: ids, a fixed clock, and a store on a file of the toy game."""

from __future__ import annotations

import sqlite3
import typing
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from db.base import Store
from db.store import GameStore
from tests.postgres import postgres_query
from tests.toygame import GAMES

GUILD, CHANNEL = 1000, 11
ALICE, BOB, CAROL, DAVE, EVE = 101, 102, 103, 104, 105


def clock() -> float:
    return 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "deskovka.db"


BACKENDS = ["sqlite", "postgresql"]
"""Every test of the ``store`` fixture runs on both (a PostgreSQL one is skipped, saying why, when no
server can be started: tests/postgres.py)."""


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


OpenStore = Callable[..., Awaitable[GameStore]]


def repositories() -> dict[str, type]:
    """The store's repositories' Protocols by the store's attribute (``{"games": Games, …}``)."""
    return {
        name: typing.get_type_hints(member.fget)["return"]
        for name, member in vars(Store).items()
        if isinstance(member, property)
    }


@pytest.fixture
async def open_store(backend: str, db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[OpenStore]:
    """Opens stores on the test's backend (``backend``): ``await open_store(games=…, clock=…)``; on
    SQLite a file (``db_path`` unless given ``path``), on PostgreSQL the test's fresh database. Two
    stores opened are two connections to one database, as two bot processes are. All are closed
    after the test."""
    opened: list[GameStore] = []
    dsn = request.getfixturevalue("postgres_dsn") if backend == "postgresql" else None

    async def open_one(games: Any = GAMES, clock: Any = clock, path: Path | None = None, **kw: Any) -> GameStore:
        if dsn is not None:
            kw.pop("synchronous", None)
            s = await GameStore.open_postgres(dsn, games=games, clock=clock, max_size=4)
        else:
            s = await GameStore.open(path or db_path, games=games, clock=clock, **kw)
        opened.append(s)
        return s

    yield open_one
    for s in opened:
        await s.close()  # again, for one the test closed: a no-op


INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""A constraint refused a write (either backend)."""
DATABASE_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)
"""The database refused a statement (either backend), e.g. a trigger."""

Raw = Callable[..., list[tuple[Any, ...]]]


@pytest.fixture
def raw(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Raw:
    """Runs one statement behind the store's back, as an admin's shell would (``?`` placeholders),
    on the test's database; returns its rows as tuples."""
    if backend == "postgresql":
        dsn = request.getfixturevalue("postgres_dsn")

        def on_postgres(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
            return postgres_query(dsn, sql, params)

        return on_postgres

    def on_sqlite(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(db_path)) as conn, conn:
            return conn.execute(sql, params).fetchall()

    return on_sqlite


@pytest.fixture
async def store(open_store: OpenStore) -> GameStore:
    return await open_store()


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[GameStore]:
    """The store on SQLite only, for a test of SQLite itself (its pragmas, its file, its one hop)."""
    s = await GameStore.open(db_path, games=GAMES, clock=clock)
    yield s
    await s.close()
