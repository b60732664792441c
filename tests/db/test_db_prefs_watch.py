"""A player's preferences changed through one process are forgotten at once by the caches of the
others (issue 21 §2): the store tells every process on the database (PostgreSQL ``NOTIFY`` in the
changing transaction, ``LISTEN`` on a connection of each store's own). SQLite has no such channel
between processes: there the watch is never called, and a cache sees the change when it expires."""

from __future__ import annotations

import asyncio

import pytest

from db.errors import VacationLimit
from tests.db_fixtures import ALICE, BOB, OpenStore

WAIT = 10.0
"""Real seconds to wait for a notification before failing (it takes milliseconds)."""


class Heard:
    def __init__(self) -> None:
        self.ids: list[int | None] = []
        self._event = asyncio.Event()

    def __call__(self, user_id: int | None) -> None:
        self.ids.append(user_id)
        self._event.set()

    async def until(self, count: int) -> list[int | None]:
        async with asyncio.timeout(WAIT):
            while len(self.ids) < count:
                self._event.clear()
                await self._event.wait()
        return self.ids


async def test_a_change_through_one_store_is_heard_by_the_other(backend: str, open_store: OpenStore) -> None:
    first, second = await open_store(), await open_store()
    heard = Heard()
    await second.prefs.watch(heard)
    await first.prefs.set(ALICE, language="cs")
    await first.prefs.set(BOB, notify="mention")
    await first.clocks.go_away(ALICE, 3)
    await first.clocks.come_back(ALICE)
    await first.prefs.set(BOB)  # nothing changed: nothing to tell
    if backend == "sqlite":
        await asyncio.sleep(0)
        assert heard.ids == [], "SQLite has no channel between processes"
        return
    assert await heard.until(4) == [ALICE, BOB, ALICE, ALICE]
    assert (await second.prefs.get(ALICE)).language == "cs"


async def test_a_change_rolled_back_is_not_heard(backend: str, open_store: OpenStore) -> None:
    """NOTIFY is delivered when its transaction commits: a vacation refused (over the year's
    limit) tells nobody; the next change is heard alone."""
    first, second = await open_store(), await open_store()
    heard = Heard()
    await second.prefs.watch(heard)
    with pytest.raises(VacationLimit):
        await first.clocks.go_away(ALICE, 10_000)
    await first.prefs.set(BOB, language="en")
    if backend == "sqlite":
        pytest.skip("PostgreSQL only: SQLite has no channel between processes to test")
    assert await heard.until(1) == [BOB]


async def test_a_lost_listening_connection_is_made_again_and_says_changes_may_be_missed(
    backend: str, open_store: OpenStore
) -> None:
    if backend == "sqlite":
        pytest.skip("PostgreSQL only: SQLite has no listening connection")
    first, second = await open_store(), await open_store()
    heard = Heard()
    await second.prefs.watch(heard)
    (pid,) = [
        r[0]
        for r in await first.context.backend.query(
            "SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE 'LISTEN%'"
        )
    ]
    await first.context.backend.query("SELECT pg_terminate_backend(?)", (pid,))
    assert await heard.until(1) == [None], "the cache is told to forget everything"
    await first.prefs.set(ALICE, language="cs")
    assert await heard.until(2) == [None, ALICE], "and listens again"
