"""The PostgreSQL tests' databases are reused (``tests/postgres.py``, :class:`_Leftovers`): a
database a test leaves is emptied for the next test only while its shape is still the template's,
so a test never meets another's rows, ids or changes."""

from __future__ import annotations

from collections.abc import Iterator

import asyncpg
import pytest

from db.store import GameStore
from tests.postgres import Server, _Leftovers, create_database, drop_database
from tests.toygame import GAMES

pytestmark = pytest.mark.usefixtures("postgres_server")


@pytest.fixture
def leftovers(postgres_server: Server) -> Iterator[_Leftovers]:
    """A pool of its own (the session's serves the other tests), its databases dropped after."""
    pool = _Leftovers()
    yield pool
    for name in pool.clean.get(postgres_server, []):
        drop_database(postgres_server, name)


async def played(dsn: str) -> int:
    """A game made on ``dsn``'s database; its id."""
    store = await GameStore.open_postgres(dsn, games=GAMES, max_size=2)
    try:
        record = await store.games.create(
            "count", [1, 2], {"target": 50}, seed=7, guild_id=9, channel_id=9, creator_id=1
        )
        return record.id
    finally:
        await store.close()


async def test_a_database_left_as_made_comes_back_empty_with_its_ids_restarted(
    postgres_server: Server, leftovers: _Leftovers
) -> None:
    dsn = create_database(postgres_server, "leftover_plain")
    assert await played(dsn) == 1
    assert await played(dsn) == 2
    lingering = await asyncpg.connect(dsn)  # as a bot process an end-to-end test has not stopped
    assert leftovers.give_back(postgres_server, "leftover_plain")
    assert lingering.is_closed() or not await _still_answers(lingering)
    assert leftovers.take(postgres_server) == "leftover_plain"
    leftovers.clean.setdefault(postgres_server, []).append("leftover_plain")  # dropped by the fixture
    conn = await asyncpg.connect(dsn)
    try:
        assert await conn.fetchval("SELECT count(*) FROM games") == 0
        assert await conn.fetchval("SELECT count(*) FROM seats") == 0
        assert await conn.fetchval("SELECT count(*) FROM schema_migrations") > 0  # the migrations stay
    finally:
        await conn.close()
    assert await played(dsn) == 1


async def _still_answers(conn: asyncpg.Connection) -> bool:
    try:
        await conn.fetchval("SELECT 1")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, ConnectionError):
        return False
    return True


@pytest.mark.parametrize(
    "change",
    [
        "ALTER TABLE games ADD COLUMN extra INTEGER",
        "DROP INDEX IF EXISTS no_such_index",  # changes nothing: the database is reused
        "CREATE INDEX games_by_seed ON games (seed)",
        "DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)",
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET synchronous_commit = on', current_database()); END $$",
        "CREATE SCHEMA elsewhere",
    ],
)
async def test_a_database_whose_shape_a_test_changed_is_never_reused(
    postgres_server: Server, leftovers: _Leftovers, change: str
) -> None:
    dsn = create_database(postgres_server, "leftover_changed")
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(change)
    finally:
        await conn.close()
    unchanged = change.startswith("DROP INDEX IF EXISTS")
    kept = leftovers.give_back(postgres_server, "leftover_changed")
    assert kept is unchanged
    if not kept:
        drop_database(postgres_server, "leftover_changed")
