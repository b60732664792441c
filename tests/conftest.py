"""Fixtures shared across test modules. The registered games are loaded first: their words come with
their registration (``cogs.games``), as in the bot and its render workers.

The tests are grouped by the layer they test (issue 45 §5): ``rules/`` (engines, automatic players,
notation, playouts), ``db/`` (the store, migrations, backends, the copy tool), ``table/`` (the
Discord side without the fake Discord: plan, listeners, words, commands, dispatcher), ``render/``
(images, golden images, fonts), ``e2e/`` (through the fake Discord, ``fakediscord/``), ``bench/``
(the benches, run as the benches are run) and ``project/`` (checks of the whole repository: the
import graph, the layering, the architecture page). What several folders share stays here at the
top (the toy game, the players and positions, the PostgreSQL starter, the store's helpers).

The store, one fixture for every test: ``store`` is a store of the toy game (``tests.toygame``) on
the test's backend (``backend``: SQLite and PostgreSQL both, each test run on each; a module whose
tests are of SQLite itself overrides ``backend`` to ``"sqlite"``, a test parametrizes it), a file
``db_path`` on SQLite, the test's own database on PostgreSQL; its clock is the ``clock`` fixture
(the fixed one here, a module's own where it has one, e.g. a ``FakeClock`` it moves); a
``@pytest.mark.store(...)`` mark on the module or test opens it with other arguments of
``GameStore.open`` (``games=``, ``clock=``, ``synchronous=``). More stores on the same database (a
second process, the bot after a restart) come from ``open_store``."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import cogs.games  # noqa: F401  (the registered games, above)
from db.store import GameStore
from tests import db_fixtures
from tests.db_fixtures import BACKENDS, OpenStore, Raw
from tests.toygame import GAMES

pytest_plugins = ["tests.postgres"]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "deskovka.db"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def clock() -> Callable[[], float]:
    """The store's clock: fixed (``tests.db_fixtures.clock``), unless the module has its own."""
    return db_fixtures.clock


@pytest.fixture
async def open_store(backend: str, db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[OpenStore]:
    """Opens stores on the test's backend (``backend``): ``await open_store(games=…, clock=…)``; on
    SQLite a file (``db_path`` unless given ``path``), on PostgreSQL the test's fresh database. Two
    stores opened are two connections to one database, as two bot processes are. All are closed
    after the test."""
    opened: list[GameStore] = []
    dsn = request.getfixturevalue("postgres_dsn") if backend == "postgresql" else None

    async def open_one(
        games: Any = GAMES, clock: Any = db_fixtures.clock, path: Path | None = None, **kw: Any
    ) -> GameStore:
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


@pytest.fixture
async def store(open_store: OpenStore, clock: Any, request: pytest.FixtureRequest) -> GameStore:
    """The test's store (above): on its backend, at ``db_path`` on SQLite, on the ``clock`` fixture,
    with what a ``store`` mark adds; closed after the test."""
    mark = request.node.get_closest_marker("store")
    return await open_store(**{"clock": clock, **(mark.kwargs if mark else {})})


@pytest.fixture
def raw(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Raw:
    """Runs one statement behind the store's back, as an admin's shell would (``?`` placeholders),
    on the test's database; returns its rows as tuples."""
    if backend == "postgresql":
        from tests.postgres import postgres_query  # here: the plugin (above) is imported by pytest first

        dsn = request.getfixturevalue("postgres_dsn")

        def on_postgres(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
            return postgres_query(dsn, sql, params)

        return on_postgres

    def on_sqlite(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(db_path)) as conn, conn:
            return conn.execute(sql, params).fetchall()

    return on_sqlite
