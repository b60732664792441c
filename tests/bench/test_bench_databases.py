"""The benchmarks' databases (bench/databases.py): PostgreSQL when a server starts, else the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import databases
from db.store import GameStore
from tests import postgres
from tests.postgres import Server


def test_without_postgresql_the_benches_get_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres, "bindir", lambda: None)
    with databases.postgres() as (server, reason):
        assert server is None
        assert "no PostgreSQL server programs" in reason
    row = databases.unavailable("database", "append", reason)
    assert row.measure == "append on PostgreSQL" and row.value.startswith("not available (PostgreSQL unavailable")


async def test_a_new_database_is_migrated_and_open_at_opens_either(postgres_server: Server, tmp_path: Path) -> None:
    dsn = databases.new_database(postgres_server)
    assert dsn != databases.new_database(postgres_server), "a fresh database each time"
    for where in (dsn, tmp_path / "b.db"):
        store = await databases.open_at(where)
        try:
            assert isinstance(store, GameStore)
            assert await store.games.find(status="active") == []
        finally:
            await store.close()


def test_the_server_names_its_first_process(postgres_server: Server) -> None:
    pid = postgres.postmaster_pid(postgres_server)
    assert pid is not None and Path(f"/proc/{pid}").exists()
