"""The two backends of the store (issue 21): one schema, one URL setting, PostgreSQL's reruns."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from db import postgres
from db.connection import Conn
from db.errors import StoreBusy
from db.postgres import PostgresBackend, numbered, rowcount
from db.store import GameStore
from db.url import open_store, parse
from tests.db_fixtures import ALICE, BOB, clock
from tests.postgres import postgres_query
from tests.toygame import GAMES, Add


def sqlite_columns(path: Path) -> dict[str, set[tuple[str, bool]]]:
    with closing(sqlite3.connect(path)) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            t: {(r[1], bool(r[3]) or bool(r[5])) for r in conn.execute(f"PRAGMA table_info({t})")}
            for t in tables
            if t != "sqlite_sequence"
        }


def postgres_columns(dsn: str) -> dict[str, set[tuple[str, bool]]]:
    out: dict[str, set[tuple[str, bool]]] = {}
    rows = postgres_query(
        dsn,
        "SELECT c.table_name, c.column_name, c.is_nullable = 'NO' FROM information_schema.columns c"
        " WHERE c.table_schema = 'public'",
    )
    for table, column, not_null in rows:
        out.setdefault(table, set()).add((column, not_null))
    return out


async def test_both_backends_end_with_the_same_tables_and_columns(tmp_path: Path, postgres_dsn: str) -> None:
    """PostgreSQL's own migrations give the schema SQLite's give (a column's NOT NULL included; a
    primary key counts as NOT NULL, as it is in PostgreSQL)."""
    await (await GameStore.open(tmp_path / "s.db", GAMES, clock)).close()
    await (await GameStore.open_postgres(postgres_dsn, GAMES, clock)).close()
    assert postgres_columns(postgres_dsn) == sqlite_columns(tmp_path / "s.db")


async def test_the_url_opens_the_store_it_names(tmp_path: Path, postgres_dsn: str) -> None:
    for database in (parse(f"sqlite:///{tmp_path}/u.db"), parse(postgres_dsn)):
        store = await open_store(database, GAMES, clock)
        try:
            assert store.backend == database.backend
            rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
            assert (await store.games.get(rec.id)).players == (ALICE, BOB)
        finally:
            await store.close()
    assert (tmp_path / "u.db").exists()


def test_placeholders_are_numbered_outside_quotes_and_sqlite_hints_dropped() -> None:
    assert numbered("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3)"
    )
    assert numbered("SELECT id FROM games INDEXED BY games_ended WHERE x = ?") == "SELECT id FROM games WHERE x = $1"
    assert [rowcount(s) for s in ("INSERT 0 1", "UPDATE 3", "DELETE 0", "CREATE TABLE")] == [1, 3, 0, -1]


@pytest.mark.parametrize(
    ("error", "failed_runs"),
    [
        # PostgreSQL aborts a SERIALIZABLE transaction that could not be ordered with another: the
        # body runs again from the start (a fresh transaction).
        (asyncpg.SerializationError("could not serialize access"), 2),
        # The server closed the connection mid-transaction (a restart, a pooler's idle timeout):
        # nothing was committed, so the body runs again on a new connection instead of failing the
        # player's interaction.
        (asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"), 1),
    ],
    ids=["serialization failure", "connection lost before the commit"],
)
@pytest.mark.parametrize("relaxed", [False, True], ids=["durable", "relaxed"])
async def test_an_aborted_run_reruns_the_whole_body_and_leaves_nothing(
    postgres_dsn: str, error: Exception, failed_runs: int, relaxed: bool
) -> None:
    """What the aborted runs wrote is gone; the run that commits is the only one that counts (also
    for the telling's bookkeeping, whose transaction is begun by hand)."""
    backend = await PostgresBackend.connect(postgres_dsn, max_size=2)
    runs: list[int] = []

    async def body(db: Conn) -> int:
        runs.append(1)
        await db.execute("INSERT INTO meta (key, value, updated_at) VALUES (?, ?, 0)", (f"k{len(runs)}", "v"))
        if len(runs) <= failed_runs:
            raise error
        return len(runs)

    try:
        assert await backend.run(body, write=True, relaxed=relaxed) == failed_runs + 1
        assert [r[0] for r in await backend.query("SELECT key FROM meta ORDER BY key")] == [f"k{failed_runs + 1}"]
    finally:
        await backend.close()


@pytest.mark.parametrize(
    "error",
    [
        asyncpg.SerializationError("could not serialize access"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    ],
    ids=["serialization failure", "connection lost"],
)
async def test_a_relaxed_lone_statement_is_sent_again_after_a_failure(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """The telling's one-statement bookkeeping runs outside a transaction of its own making; a
    serialization failure or a lost connection still sends it again (it is idempotent)."""
    backend = await PostgresBackend.connect(postgres_dsn, max_size=2)
    original = postgres.PgConn.execute
    calls: list[str] = []

    async def failing_once(self: Any, sql: str, params: Any = ()) -> Any:
        calls.append(sql)
        if len(calls) == 1:
            raise error
        return await original(self, sql, params)

    monkeypatch.setattr(postgres.PgConn, "execute", failing_once)
    try:
        cur = await backend.statement(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, 'v', 0)", ("k",), relaxed=True
        )
        assert cur.rowcount == 1 and len(calls) == 2
        assert [r[0] for r in await backend.query("SELECT key FROM meta")] == ["k"]
    finally:
        await backend.close()


async def test_a_relaxed_write_is_serializable_and_alone_commits_without_waiting_for_the_flush(
    postgres_dsn: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The bookkeeping's transactions (``relaxed``) run SERIALIZABLE with ``synchronous_commit``
    off for themselves only: the next transaction on the same connection waits for the flush
    again, and one that fails is rolled back and leaves the connection clean."""
    postgres_query(
        postgres_dsn,
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET synchronous_commit = on', current_database()); END $$",
    )
    backend = await PostgresBackend.connect(postgres_dsn, max_size=1)
    settings = "SELECT current_setting('transaction_isolation'), current_setting('synchronous_commit')"

    async def body(db: Conn) -> tuple[str, str]:
        await db.execute("INSERT INTO meta (key, value, updated_at) VALUES ('k', 'v', 0)")
        (row,) = await db.execute_fetchall(settings)
        return row[0], row[1]

    async def reads_settings(db: Conn) -> tuple[str, str]:
        (row,) = await db.execute_fetchall(settings)
        return row[0], row[1]

    async def failing(db: Conn) -> None:
        await db.execute("INSERT INTO meta (key, value, updated_at) VALUES ('gone', 'v', 0)")
        raise RuntimeError("the body failed")

    try:
        assert await backend.run(body, write=True, relaxed=True) == ("serializable", "off")
        assert await backend.run(reads_settings, write=True) == ("serializable", "on")
        with pytest.raises(RuntimeError):
            await backend.run(failing, write=True, relaxed=True)
        assert [r[0] for r in await backend.query("SELECT key FROM meta ORDER BY key")] == ["k"]
        assert not [r for r in caplog.records if "active transaction" in r.getMessage()]
    finally:
        await backend.close()


async def test_a_relaxed_lone_statement_is_one_serializable_round_trip_that_skips_the_flush(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``statement(..., relaxed=True)`` (the telling's step and its end, issue 18 §7) runs on the
    relaxed pool: one round trip, a SERIALIZABLE transaction of its own with ``synchronous_commit``
    off, while the other pool's writes still wait for the flush."""
    postgres_query(
        postgres_dsn,
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET synchronous_commit = on', current_database()); END $$",
    )
    backend = await PostgresBackend.connect(postgres_dsn, max_size=2)
    record = (
        "INSERT INTO meta (key, value, updated_at) SELECT ? || current_setting('transaction_isolation'),"
        " current_setting('synchronous_commit'), 0"
    )
    try:
        sent = round_trips(monkeypatch)
        cur = await backend.statement(record, ("relaxed ",), relaxed=True)
        assert cur.rowcount == 1 and len(sent) == 1, sent
        await backend.statement(record, ("durable ",))
        rows = await backend.query("SELECT key, value FROM meta ORDER BY key")
        assert [tuple(r) for r in rows] == [("durable serializable", "on"), ("relaxed serializable", "off")]
    finally:
        await backend.close()


def round_trips(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the statements every asyncpg connection sends, one entry a round trip (asyncpg's
    transactions send their BEGIN and COMMIT through ``execute`` too)."""
    sent: list[str] = []
    for name in ("execute", "fetch", "fetchrow", "fetchval", "executemany"):
        method = getattr(asyncpg.connection.Connection, name)

        def counted(self: Any, query: str, *args: Any, _method: Any = method, **kwargs: Any) -> Any:
            sent.append(query)
            return _method(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, name, counted)
    return sent


async def test_a_tellings_step_and_its_end_are_one_round_trip_each(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18 §7: every decision marks a step of its telling (a DM sent) and then the change told;
    each was a transaction of four round trips (BEGIN, a read, a write, COMMIT). Now one statement
    each, and the database forgets the changes told by itself (migration 0003's trigger)."""
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock)
    try:
        rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE)
        first = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
        second = await store.games.append(rec.id, first.version, first.to_act[0], Add(1))
        sent = round_trips(monkeypatch)
        await store.outbox.step(rec.id, second.version, "dm:1")
        assert len(sent) == 1, sent
        await store.outbox.told(rec.id, first.version)
        assert len(sent) == 2, sent
        assert [(c.version, c.done) for c in await store.outbox.changes_of(rec.id)] == [
            (second.version, frozenset({"dm:1"}))
        ]
        await store.outbox.told(rec.id, second.version)
        assert await store.outbox.changes_of(rec.id) == []
    finally:
        await store.close()


async def test_a_clocked_move_is_nine_round_trips(postgres_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18 §7: each statement of a move is a round trip to the server, on the event loop and
    in the move's time. A move with a turn clock: BEGIN; the game, its seats, whether a takeback
    is asked and the players' vacations (one statement, four before); both seats' clocks (one
    statement, two before); their timers dropped; the new ones; the version bump; the log; the
    change to tell; COMMIT — 13 before, 9 now."""
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock)
    try:
        rec = await store.games.create("count", [ALICE, BOB], {}, 7, None, 10, ALICE, pace=3 * 86400)
        first = await store.games.append(rec.id, 0, rec.load_state().turn, Add(1))
        sent = round_trips(monkeypatch)
        second = await store.games.append(rec.id, first.version, first.to_act[0], Add(1))
        assert len(sent) == 9, sent
        got = await store.games.get(rec.id)
        waiting = {c.seat: c for c in got.clocks}
        assert waiting[second.to_act[0]].deadline is not None, "the seat now waiting has its clock"
        mover = waiting[first.to_act[0]]
        assert mover.deadline is None and mover.since is None, "the mover's clock stopped"
        timers = await store.clocks.due_timers(clock() + 10 * 86400)
        seats_timers = {(t.seat, t.kind) for t in timers if t.seat is not None}  # (and the thread's keep-open)
        assert seats_timers == {(second.to_act[0], k) for k in ("half", "late", "deadline")}
    finally:
        await store.close()


async def test_serialization_failures_that_keep_coming_are_store_busy(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Busy, and the log names the transaction that gave up and why (a player was told "busy")."""
    monkeypatch.setattr(postgres, "ATTEMPTS", 2)
    backend = await PostgresBackend.connect(postgres_dsn, max_size=2)

    async def body(db: Any) -> None:
        raise asyncpg.DeadlockDetectedError("deadlock detected")

    try:
        with pytest.raises(StoreBusy) as info:
            await backend.run(body, write=True, game_id=5)
        assert info.value.game_id == 5
        (gave_up,) = [r.getMessage() for r in caplog.records if "gave up" in r.getMessage()]
        assert "game 5:" in gave_up and "body" in gave_up and "2 serialization failures" in gave_up
    finally:
        await backend.close()


async def test_a_database_that_stays_unreachable_is_store_busy(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(postgres, "LOST_PAUSES", (0.0, 0.0))
    backend = await PostgresBackend.connect(postgres_dsn, max_size=2)
    runs: list[int] = []

    async def body(db: Any) -> None:
        runs.append(1)
        raise ConnectionResetError("connection reset by peer")

    try:
        with pytest.raises(StoreBusy) as info:
            await backend.run(body, write=True, game_id=5)
        assert info.value.game_id == 5 and len(runs) == 3, "run once, then once after each pause"
        assert any("gave up, its connection lost 3 times" in r.getMessage() for r in caplog.records)
    finally:
        await backend.close()


async def test_a_pooled_connection_goes_back_without_a_reset_statement_and_the_migration_lock_is_gone(
    postgres_dsn: str,
) -> None:
    """A transaction is its own statements and no more: the pool gives a connection back without
    asyncpg's default reset (one round trip after every transaction, for session state the store
    never leaves). So a session setting would outlive its transaction, which is why the store's
    are SET LOCAL; and the migrations take their session lock on a connection of their own, so
    none is held once the store is open."""
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock, min_size=1, max_size=1)
    backend = store.transactions
    assert isinstance(backend, PostgresBackend)

    async def set_name(db: Conn) -> None:
        await db.execute("SET application_name = 'kept'")

    async def name(db: Conn) -> str:
        rows = await db.execute_fetchall("SELECT current_setting('application_name')")
        return str(rows[0][0])

    try:
        locks = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
        assert postgres_query(postgres_dsn, locks) == [(0,)], "the migrations' lock is held"
        await backend.run(set_name, write=True)
        assert await backend.run(name, write=False) == "kept", "the pool ran a reset statement"
    finally:
        await store.close()


async def test_reading_a_game_is_one_statement_without_a_transaction(
    postgres_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command, button and autocomplete reads its game: on PostgreSQL that is one round trip
    (its row and seats in one statement, no BEGIN and COMMIT around it), not four."""
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock)
    sent: list[str] = []
    # What goes to the server: a statement with arguments through _execute, one without (BEGIN,
    # COMMIT) as a simple query through execute.
    for method in ("execute", "_execute"):
        real = getattr(asyncpg.Connection, method)

        def counted(real: Any = real, method: str = method) -> Any:
            async def call(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
                if method == "_execute" or not args:
                    sent.append(query.split()[0])
                return await real(self, query, *args, **kwargs)

            return call

        monkeypatch.setattr(asyncpg.Connection, method, counted())
    try:
        rec = await store.games.create("count", [BOB, ALICE], {}, 7, None, 10, ALICE)
        sent.clear()
        got = await store.games.get(rec.id)
        assert sent == ["SELECT"]
        assert got.players == (BOB, ALICE) and got.version == rec.version and got.state_json == rec.state_json
    finally:
        await store.close()


@pytest.mark.parametrize("pace", [None, 3 * 86400], ids=["no clock", "turn clock"])
async def test_moves_in_games_side_by_side_are_not_run_again(postgres_dsn: str, pace: int | None) -> None:
    """Games made one after another sit side by side on the pages of their indexes, and PostgreSQL
    tracks a SERIALIZABLE transaction's reads there by the page. Moves of such games made at once
    used to abort each other (a serialization failure: the move run again): 111 runs again for
    these 240 moves, 369 with turn clocks. Migration 0002 updates games and seats in place, writing
    no index page, and spreads the timers each move deletes and makes: none, and 7 to 20."""
    store = await GameStore.open_postgres(postgres_dsn, GAMES, clock, max_size=10)
    backend = store.transactions
    assert isinstance(backend, PostgresBackend)
    try:
        games = []
        for n in range(120):  # full pages, as in a database that has served a while
            games.append(
                await store.games.create("count", [ALICE, BOB], {"target": 10**9}, n, None, 10, ALICE, pace=pace)
            )
        before = backend.reruns

        async def play(rec: Any) -> int:
            version, state = rec.version, rec.load_state()
            for _ in range(6):
                result = await store.games.append(rec.id, version, state.turn, "+1")
                version, state = result.version, result.state
            return version - rec.version

        moves = sum(await asyncio.gather(*(play(rec) for rec in games[20:60])))
        assert moves == 240
        assert backend.reruns - before <= moves // (20 if pace is None else 5)
    finally:
        await store.close()
