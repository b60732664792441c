"""Writers racing for one game, and a database another writer keeps locked (DESIGN §4).

* Every state-changing UPDATE carries ``WHERE version = <the version this transaction read>`` and
  checks the row count, so a write that lost a race is refused even where nothing but the row
  serialises writers (PostgreSQL under READ COMMITTED), not only thanks to SQLite's file lock.
* A lock held elsewhere past the busy timeout is the typed ``StoreBusy`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from db.errors import StaleVersion, StoreBusy, StoreError, WrongStatus
from db.records import GameRecord
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE, GUILD, OpenStore, Raw, clock
from tests.toygame import GAME, GAMES, Add


@pytest.fixture
async def stores(open_store: OpenStore) -> tuple[GameStore, GameStore]:
    """Two store instances on one database (on each backend): two connections, as with a second
    bot process."""
    return await open_store(), await open_store()


TABLES = ("games", "seats", "actions", "user_prefs")


def dump(raw: Raw) -> list[list[tuple[Any, ...]]]:
    return [raw(f"SELECT * FROM {t} ORDER BY 1, 2") for t in TABLES]


def sqlite_dump(db_path: Path) -> list[list[tuple[Any, ...]]]:
    with closing(sqlite3.connect(db_path)) as conn:
        return [conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES]


# -- the version predicate ----------------------------------------------------------------------


def concurrent_writer_after_read(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let "another writer" bump the game's version right after the store read the row, inside the
    store's own transaction: what READ COMMITTED allows between a SELECT and an UPDATE. Only the
    ``AND version = ?`` predicate can notice it; SQLite's file lock does not."""
    original, original_for_a_move = store.context.row, store.context.row_for_a_move
    fired: list[int] = []

    async def concurrent_write(db: Any, game_id: int) -> None:
        if not fired:
            fired.append(game_id)
            await db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))

    async def row_then_concurrent_write(db: Any, game_id: int, *, with_state: bool) -> sqlite3.Row:
        row = await original(db, game_id, with_state=with_state)
        await concurrent_write(db, game_id)
        return row

    async def move_rows_then_concurrent_write(db: Any, game_id: int) -> tuple[Any, list[Any]]:
        rows = await original_for_a_move(db, game_id)
        await concurrent_write(db, game_id)
        return rows

    monkeypatch.setattr(store.context, "row", row_then_concurrent_write)
    monkeypatch.setattr(store.context, "row_for_a_move", move_rows_then_concurrent_write)


Write = Callable[[GameStore, GameRecord], Awaitable[Any]]

WRITES: dict[str, tuple[bool, Write]] = {
    # name: (needs a lobby, the write)
    "start": (True, lambda s, r: s.games.start(r.id, [ALICE, BOB], 5)),
    "start_expected": (True, lambda s, r: s.games.start(r.id, None, 5, expected_version=r.version)),
    "set_seats": (True, lambda s, r: s.lobbies.set_seats(r.id, [ALICE, CAROL])),
    "set_seats_expected": (True, lambda s, r: s.lobbies.set_seats(r.id, [ALICE, CAROL], expected_version=r.version)),
    "cancel_lobby": (True, lambda s, r: s.games.cancel(r.id, ALICE)),
    "cancel": (False, lambda s, r: s.games.cancel(r.id, BOB)),
    "cancel_expected": (False, lambda s, r: s.games.cancel(r.id, BOB, expected_version=r.version)),
    "finish": (False, lambda s, r: s.games.finish(r.id, Outcome(winners=(0,), ending=Ending.RESIGNED))),
    "append": (False, lambda s, r: s.games.append(r.id, r.version, GAME.to_act(r.load_state())[0], Add(1))),
}


@pytest.mark.parametrize("name", list(WRITES))
async def test_every_state_changing_write_checks_the_version_it_read(
    stores: tuple[GameStore, GameStore], raw: Raw, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """start, set_seats, cancel, finish and append (with or without the caller's expected version)
    refuse to write when the version changed after they read it, and change nothing."""
    store, _ = stores
    lobby, write = WRITES[name]
    if lobby:
        rec = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL, seats=[ALICE, BOB])
    else:
        rec = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
    before = dump(raw)
    concurrent_writer_after_read(store, monkeypatch)
    with pytest.raises(StaleVersion) as info:
        await write(store, rec)
    assert (info.value.game_id, info.value.expected, info.value.actual) == (rec.id, rec.version, rec.version + 1)
    assert dump(raw) == before
    monkeypatch.undo()
    await write(store, rec)


@pytest.mark.parametrize("expected", [0, None])
async def test_two_stores_race_to_start_one_lobby_and_exactly_one_wins(
    stores: tuple[GameStore, GameStore], expected: int | None
) -> None:
    """Two "Start" clicks handled by two connections at once: one game starts, with one seed; the
    other click is StaleVersion (it carried the lobby's version) or WrongStatus (it did not)."""
    a, b = stores
    for round_ in range(10):
        lobby = await a.lobbies.create("count", ALICE, {}, GUILD, CHANNEL, seats=[ALICE, BOB])
        results = await asyncio.gather(
            a.games.start(lobby.id, None, 1000 + round_, expected_version=expected),
            b.games.start(lobby.id, [BOB, ALICE], 2000 + round_, expected_version=expected),
            return_exceptions=True,
        )
        won = [r for r in results if isinstance(r, GameRecord)]
        lost = [r for r in results if isinstance(r, StaleVersion | WrongStatus)]
        assert (len(won), len(lost)) == (1, 1), results
        assert isinstance(lost[0], StaleVersion if expected is not None else WrongStatus)
        stored = await b.games.get(lobby.id)
        assert (stored.status, stored.version) == ("active", 1)
        assert (stored.seed, stored.players) == (won[0].seed, won[0].players)
        assert stored.state_json == won[0].state_json


async def test_concurrent_joins_on_two_stores_never_lose_a_player(stores: tuple[GameStore, GameStore]) -> None:
    """Four players join one lobby at once through two connections, each by read-modify-write
    with ``expected_version`` and a retry on StaleVersion. All four read the same version before
    anyone writes (a barrier, no timing), so three must retry; in the end everyone is seated once."""
    a, b = stores
    lobby = await a.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
    barrier = asyncio.Barrier(4)
    retries: list[int] = []

    async def join(store: GameStore, user: int) -> GameRecord:
        rec = await store.games.get(lobby.id)
        await barrier.wait()
        while True:
            try:
                return await store.lobbies.set_seats(lobby.id, [*rec.players, user], expected_version=rec.version)
            except StaleVersion:
                retries.append(user)
                rec = await store.games.get(lobby.id)

    await asyncio.gather(join(a, BOB), join(b, CAROL), join(a, DAVE), join(b, EVE))
    final = await a.games.get(lobby.id)
    assert final.players[0] == ALICE
    assert sorted(final.players) == [ALICE, BOB, CAROL, DAVE, EVE]
    assert final.version == 4
    assert len(retries) >= 3


async def test_two_stores_race_to_move_and_exactly_one_wins(stores: tuple[GameStore, GameStore]) -> None:
    """Two presses of a move in one game, handled by two connections at once, both for the version
    they saw: one move is made, the other is StaleVersion, and the log has one entry per version."""
    a, b = stores
    for _ in range(10):
        rec = await a.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
        seat = GAME.to_act(rec.load_state())[0]
        results = await asyncio.gather(
            a.games.append(rec.id, rec.version, seat, Add(1)),
            b.games.append(rec.id, rec.version, seat, Add(2)),
            return_exceptions=True,
        )
        lost = [r for r in results if isinstance(r, BaseException)]
        assert len(lost) == 1 and isinstance(lost[0], StaleVersion), results
        assert [x.seq for x in await b.games.actions(rec.id)] == [1]
        assert (await b.games.get(rec.id)).version == 1
        assert await b.games.verify(rec.id)


@pytest.mark.parametrize("expected", [True, False])
async def test_two_stores_race_to_finish_and_exactly_one_wins(
    stores: tuple[GameStore, GameStore], expected: bool
) -> None:
    """Two endings of one running game at once (a resignation and a cancel, from two connections):
    one ends it; the other is StaleVersion (it carried the version) or WrongStatus (it did not)."""
    a, b = stores
    for _ in range(10):
        rec = await a.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
        version = rec.version if expected else None
        results = await asyncio.gather(
            a.games.finish(rec.id, Outcome(winners=(1,), ending=Ending.RESIGNED), expected_version=version),
            b.games.cancel(rec.id, BOB, expected_version=version),
            return_exceptions=True,
        )
        won = [r for r in results if isinstance(r, GameRecord)]
        lost = [r for r in results if isinstance(r, BaseException)]
        assert (len(won), len(lost)) == (1, 1), results
        assert isinstance(lost[0], StaleVersion if expected else WrongStatus), results
        stored = await b.games.get(rec.id)
        assert (stored.status, stored.version) == (won[0].status, 1)
        assert [c.kind for c in await b.outbox.changes_of(rec.id)] == [
            "finish" if won[0].status == "finished" else "cancel"
        ]


# -- a database locked by someone else (SQLite: its file lock) ---------------------------------


async def test_a_database_locked_by_another_writer_is_store_busy_and_changes_nothing(db_path: Path) -> None:
    """A second process (a backup, an admin shell) holds the write lock past the busy timeout:
    every write fails with StoreBusy naming its game (None when it has none yet) instead of
    sqlite3's "database is locked"; reads still work under WAL, and once the lock is gone the
    same store works normally."""
    store = await GameStore.open(db_path, games=GAMES, clock=clock, busy_timeout_ms=1)
    try:
        game = await store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE)
        lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
        seat = GAME.to_act(game.load_state())[0]
        before = sqlite_dump(db_path)
        writes: list[tuple[Callable[[], Awaitable[Any]], int | None]] = [
            (lambda: store.games.append(game.id, 0, seat, Add(1)), game.id),
            (lambda: store.games.start(lobby.id, [ALICE, BOB], 1), lobby.id),
            (lambda: store.lobbies.set_seats(lobby.id, [ALICE, BOB], expected_version=0), lobby.id),
            (lambda: store.games.cancel(game.id, ALICE), game.id),
            (lambda: store.games.finish(game.id, Outcome(winners=(0,), ending=Ending.RESIGNED)), game.id),
            (lambda: store.games.set_thread(game.id, 5), game.id),
            (lambda: store.prefs.mark_dm_warned(game.id, BOB), game.id),
            (lambda: store.agreements.vote_cancel(game.id, BOB), game.id),
            (lambda: store.games.create("count", [ALICE, BOB], {}, 7, GUILD, CHANNEL, ALICE), None),
            (lambda: store.prefs.set(ALICE, notify="both"), None),
            (lambda: store.meta.set("k", "v"), None),
        ]
        with closing(sqlite3.connect(db_path, isolation_level=None)) as locker:
            locker.execute("BEGIN IMMEDIATE")
            for call, game_id in writes:
                with pytest.raises(StoreBusy) as info:
                    await call()
                assert info.value.game_id == game_id
                assert isinstance(info.value, StoreError)
                assert isinstance(info.value.__cause__, sqlite3.OperationalError)
                assert str(info.value) == f"store_busy(game_id={game_id})"
            assert (await store.games.get(game.id)).version == 0
            locker.execute("ROLLBACK")
        assert sqlite_dump(db_path) == before
        assert (await store.games.append(game.id, 0, seat, Add(1))).version == 1
    finally:
        await store.close()


async def test_other_operational_errors_are_not_store_busy(db_path: Path) -> None:
    """Only a lock is StoreBusy; a broken schema stays the sqlite3 error it is."""
    store = await GameStore.open(db_path, games=GAMES, clock=clock)
    try:
        with closing(sqlite3.connect(db_path)) as conn, conn:
            conn.execute("DROP TABLE meta")
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await store.meta.set("k", "v")
    finally:
        await store.close()
