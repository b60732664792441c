"""A transaction in one hop to the SQLite thread (``db/one_hop.py``): the store's move, its read
of a game and of a game's takeback request each cost one hop, not one per statement; a body that
awaits anything else is refused; an exception rolls everything back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from db.one_hop import in_one_hop, run_now
from db.store import GameStore
from tests.db.test_db_store import new_game, seat_to_act
from tests.fakeclock import FakeClock


@pytest.fixture
def backend() -> str:
    """One hop is aiosqlite's thread: on SQLite only (the shared ``store``, tests/conftest.py)."""
    return "sqlite"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def count_hops(store: GameStore) -> list[int]:
    """Counts the functions sent to aiosqlite's thread (each statement is one, so is a one-hop body)."""
    db: Any = store.context.backend.db
    calls = [0]
    real = db._execute

    async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return await real(fn, *args, **kwargs)

    db._execute = counted
    return calls


async def test_a_move_and_a_read_of_the_game_are_one_hop_each(store: GameStore) -> None:
    rec = await new_game(store)
    state = rec.load_state()
    hops = count_hops(store)
    before = await store.games.get(rec.id)
    assert hops[0] == 1
    seat = seat_to_act(before)
    action = store.games.engine("count").legal(state, seat)[0]
    result = await store.games.append(rec.id, before.version, seat, action)
    assert hops[0] == 2, "the whole move: game, seats, clocks, version, log and change"
    assert await store.agreements.takeback_request(rec.id) is None
    assert hops[0] == 3, "what every change's takeback listener reads"
    hops[0] = 0
    after = await store.games.get(rec.id)
    assert after.version == result.version == before.version + 1
    assert [a.notation for a in await store.games.actions(rec.id)] == [action.notation()]


async def test_a_refused_move_changes_nothing(store: GameStore) -> None:
    rec = await new_game(store)
    with pytest.raises(Exception) as refused:
        await store.games.append(rec.id, rec.version, seat_to_act(rec), "nonsense move")
    assert "StaleVersion" not in type(refused.value).__name__
    again = await store.games.get(rec.id)
    assert again.version == rec.version and again.state_json == rec.state_json
    assert await store.games.actions(rec.id) == []


async def test_an_exception_in_the_body_rolls_back(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "x.db", isolation_level=None) as db:
        await db.execute("CREATE TABLE t (x INTEGER)")

        async def body(conn: aiosqlite.Connection) -> None:
            await conn.execute("INSERT INTO t VALUES (1)")
            raise ValueError("no")

        with pytest.raises(ValueError):
            await in_one_hop(db, body)
        assert list(await db.execute_fetchall("SELECT x FROM t")) == []

        async def fine(conn: aiosqlite.Connection) -> int:
            cur = await conn.execute("INSERT INTO t VALUES (2)")
            return int(cur.rowcount)

        assert await in_one_hop(db, fine) == 1
        assert [tuple(r) for r in await db.execute_fetchall("SELECT x FROM t")] == [(2,)]


def test_a_body_that_would_wait_is_refused() -> None:
    async def waits() -> int:
        await asyncio.sleep(0)
        return 1

    async def does_not() -> int:
        return 2

    with pytest.raises(RuntimeError, match="awaited something besides the database"):
        run_now(waits())
    assert run_now(does_not()) == 2


async def test_a_turn_page_read_held_saved_and_let_go_in_one_hop_each(store: GameStore) -> None:
    """Stroganov tells most decisions on its turn page: five calls a decision, one hop each."""
    from db.records import TurnPage

    rec = await new_game(store)
    hops = count_hops(store)
    assert await store.pages.get(rec.id) is None
    assert await store.pages.hold(rec.id)
    page = TurnPage(message_id=5, lines=("a",), turn="t", parts=(), had_turn=False, opened=True, version=1)
    await store.pages.save(rec.id, page)
    await store.pages.release(rec.id)
    assert await store.pages.get(rec.id) == page
    assert hops[0] == 5


async def test_transactions_sent_together_run_one_after_the_other_while_the_event_loop_is_busy(
    store: GameStore,
) -> None:
    """The SQLite thread runs the transactions sent to it in order, each whole: the next one
    starts when the last one ends, without waiting for the event loop to hand the connection on
    (a busy event loop used to hold every transaction queued behind the one before)."""
    ran: list[int] = []

    def body(n: int) -> Any:
        async def read(db: Any) -> int:
            await db.execute_fetchall("SELECT 1")
            ran.append(n)
            return n

        return read

    sent = [asyncio.ensure_future(store.context.backend.run(body(n), write=False)) for n in range(4)]
    await asyncio.sleep(0)  # each is sent to the thread
    deadline = time.monotonic() + 5
    while len(ran) < 4 and time.monotonic() < deadline:  # the event loop kept busy (a long callback)
        time.sleep(0.001)
    assert ran == [0, 1, 2, 3], "the thread went on alone, in order"
    assert await asyncio.gather(*sent) == [0, 1, 2, 3]
