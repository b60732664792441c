"""A bot split over processes by Discord shard (issue 21 §2): each process fires the timers and
catches up the untold changes of the games whose guild is on its own shards, filtered in the query
(a process never reads, let alone spins on, a timer it may not take); a guildless game belongs to
shard 0; a timer whose process is down waits in the database until that process is back."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from cogs.table.dispatcher import Dispatcher
from db.records import Shards, Timer
from db.store import GameStore
from tests.fakeclock import FakeClock
from tests.toygame import GAMES

T0 = 1_700_000_000.0
DAY = 86400.0
PACE = 3 * 86400
ALICE, BOB = 101, 102
ON_0, ON_1, ALSO_ON_0 = 0 << 22 | 5, 1 << 22 | 5, 2 << 22 | 5
"""Guild ids on shard 0, 1 and 0 of two (``(id >> 22) % 2``)."""
FIRST, SECOND = Shards(2, (0,)), Shards(2, (1,))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def backend() -> str:
    """The shards' store: on SQLite only (the shared ``store``, tests/conftest.py)."""
    return "sqlite"


async def game(store: GameStore, guild: int | None) -> int:
    """An active count game with a clock (its seat's reminders and deadline are timers)."""
    rec = await store.games.create("count", [ALICE, BOB], {"target": 50}, 7, guild, 11, ALICE, pace=PACE)
    return rec.id


async def seated(store: GameStore, guild: int | None) -> int:
    """A lobby whose seats changed: one change to tell."""
    lobby = await store.lobbies.create("count", ALICE, {"target": 50}, guild, 11)
    await store.lobbies.set_seats(lobby.id, [ALICE, BOB], expected_version=lobby.version)
    return lobby.id


def test_a_guild_is_on_the_shard_discord_computes() -> None:
    assert [FIRST.of(g) for g in (ON_0, ON_1, ALSO_ON_0, None)] == [0, 1, 0, 0]
    assert FIRST.owns(None) and not SECOND.owns(None), "a game outside a guild is shard 0's"
    assert Shards(4, (1, 3)).owns(3 << 22) and not Shards(4, (1, 3)).owns(2 << 22)


def test_the_sql_condition_agrees_with_owns_for_real_snowflakes() -> None:
    """Snowflakes up to 2**63 - 1 (SQLite's integers are signed 64-bit, as PostgreSQL's bigint)."""
    rng = random.Random(21)
    guilds = [None, 0, (1 << 63) - 1, *(rng.randrange(1 << 63) for _ in range(300))]
    with closing(sqlite3.connect(":memory:")) as db:
        db.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, guild_id INTEGER)")
        db.executemany("INSERT INTO g (id, guild_id) VALUES (?, ?)", list(enumerate(guilds)))
        for shards in (Shards(1, (0,)), FIRST, SECOND, Shards(16, (0, 5, 15)), Shards(16, (7,))):
            condition, params = shards.condition("guild_id")
            found = {r[0] for r in db.execute(f"SELECT id FROM g WHERE {condition}", params)}
            assert found == {i for i, g in enumerate(guilds) if shards.owns(g)}, shards


async def test_timers_are_read_only_for_the_games_on_the_shards(store: GameStore, clock: FakeClock) -> None:
    on_0, on_1, also_on_0, dm = [await game(store, g) for g in (ON_0, ON_1, ALSO_ON_0, None)]
    later = T0 + 100 * DAY
    every = await store.clocks.due_timers(later, 1000)
    assert {t.game_id for t in every} == {on_0, on_1, also_on_0, dm}
    first = await store.clocks.due_timers(later, 1000, FIRST)
    second = await store.clocks.due_timers(later, 1000, SECOND)
    assert {t.game_id for t in first} == {on_0, also_on_0, dm}
    assert {t.game_id for t in second} == {on_1}
    assert sorted(first + second, key=lambda t: (t.due, t.id)) == every, "same rows, same order"
    assert [t.id for t in await store.clocks.due_timers(later, 2, FIRST)] == [t.id for t in first[:2]], "limit"
    assert (
        await store.clocks.next_due(FIRST)
        == await store.clocks.next_due(SECOND)
        == await store.clocks.next_due()
        == T0 + PACE / 2
    )
    for t in first:
        clock.now = t.due
        assert await store.clocks.claim_timer(t.id)
    assert await store.clocks.next_due(FIRST) is None, "shard 0 has nothing left"
    assert await store.clocks.next_due(SECOND) == await store.clocks.next_due() == T0 + PACE / 2
    assert await store.clocks.next_due(Shards(3, (2,))) is None, "no game on that shard"


async def test_untold_changes_are_read_only_for_the_games_on_the_shards(tmp_path: Path, clock: FakeClock) -> None:
    """A process that died left changes untold; each shard's process catches up only its own."""
    dead = await GameStore.open(tmp_path / "untold.db", games=GAMES, clock=clock)
    on_0, on_1, dm = [await seated(dead, g) for g in (ON_0, ON_1, None)]
    await dead.close()
    store = await GameStore.open(tmp_path / "untold.db", games=GAMES, clock=clock)
    try:
        assert {c.game_id for c in await store.outbox.pending(None)} == {on_0, on_1, dm}
        assert {c.game_id for c in await store.outbox.pending(None, shards=FIRST)} == {on_0, dm}
        assert {c.game_id for c in await store.outbox.pending(None, shards=SECOND)} == {on_1}
        assert await store.outbox.next_untold(FIRST) is not None and await store.outbox.next_untold(SECOND) is not None
        for c in await store.outbox.pending(None, shards=SECOND):
            assert await store.outbox.claim(c.game_id, c.version, None)
            await store.outbox.told(c.game_id, c.version)
        assert await store.outbox.next_untold(SECOND) is None, "shard 1's are told"
        assert await store.outbox.next_untold(FIRST) is not None and await store.outbox.next_untold() is not None
    finally:
        await store.close()


async def test_a_shards_timers_wait_while_its_process_is_down(tmp_path: Path, clock: FakeClock) -> None:
    """Shard 1's process is down when its timers fall due: shard 0's fires only its own and leaves
    the rest in the database; shard 1's process, back, fires them — each timer once."""
    path = tmp_path / "two.db"
    first_store = await GameStore.open(path, games=GAMES, clock=clock)
    on_0, on_1 = await game(first_store, ON_0), await game(first_store, ON_1)
    fired: dict[str, list[Timer]] = {"first": [], "second": []}

    async def fire_first(t: Timer) -> None:
        fired["first"].append(t)

    async def fire_second(t: Timer) -> None:
        fired["second"].append(t)

    try:
        first = Dispatcher(lambda: first_store, clock, fire_first, shards=FIRST)
        clock.now = T0 + 100 * DAY
        every = await first_store.clocks.due_timers(clock(), 1000)
        assert await first.fire_due() == len(fired["first"]) > 0
        assert {t.game_id for t in fired["first"]} == {on_0}
        assert await first.fire_due() == 0
        left = await first_store.clocks.due_timers(clock(), 1000)
        assert {t.game_id for t in left} == {on_1} and len(left) + len(fired["first"]) == len(every), "they wait"
        second_store = await GameStore.open(path, games=GAMES, clock=clock)
        try:
            second = Dispatcher(lambda: second_store, clock, fire_second, shards=SECOND)
            assert await second.fire_due() == len(left)
            assert [t.id for t in fired["second"]] == [t.id for t in left]
            assert await second_store.clocks.due_timers(clock(), 1000) == []
        finally:
            await second_store.close()
    finally:
        await first_store.close()
