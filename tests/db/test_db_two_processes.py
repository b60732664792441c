"""Two bot processes on one database (issue 21 §3) start at once and both run the start-up work:
what they share is done once. Both apply the migrations to a new database file, each file once.
The ratings' sweep (``rate_unrated``) run by two stores at once rates every finished game once,
in the order they ended, as one store alone would. The automatic players' restart
(``resume_autoplay``) looks only at the games of the process's own shards (and a game is kept to
one automatic player by ``claim_autoplay``'s lease and the version predicate anyway:
tests/db/test_db_changes.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

from cogs.table.absence import Absence
from db.connection import connect
from db.migrate import MIGRATIONS_DIR, discover
from db.records import GameRecord, Shards
from db.repos.ratings import RATE_BATCH
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.fakeclock import FakeClock
from tests.toygame import GAMES

GUILD = 1000
PLAYERS = (101, 102, 103, 104)


async def test_two_processes_sweeping_the_unrated_games_at_start_up_rate_each_once(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "deskovka.db"
    a = await GameStore.open(path, games=GAMES, clock=clock)
    b = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        games = RATE_BATCH + RATE_BATCH // 2  # more than one batch each
        for n in range(games):
            pair = [PLAYERS[n % 4], PLAYERS[(n + 1 + n // 4) % 4]]
            if pair[0] == pair[1]:
                pair[1] = PLAYERS[(n + 2) % 4]
            rec = await a.games.create("count", pair, {"target": 50}, 7, GUILD, 11, pair[0])
            await a.games.finish(rec.id, Outcome(winners=(n % 2,), ending=Ending.NORMAL))
            clock.advance(1.0)  # each ends a second after the one before
        swept = await asyncio.gather(a.ratings.rate_unrated(), b.ratings.rate_unrated())
        assert sum(swept) == games, f"each finished game rated once between them: {swept}"
        assert await a.ratings.stored() == await a.ratings.recompute(), "as if one process had rated them in order"
        assert list(await asyncio.gather(a.ratings.rate_unrated(), b.ratings.rate_unrated())) == [0, 0], "nothing left"
    finally:
        await a.close()
        await b.close()


async def test_two_processes_starting_at_once_on_a_new_database_apply_each_migration_once(tmp_path: Path) -> None:
    """Both read the applied versions before either applies the first file; the one that comes
    second to a file finds it applied meanwhile (its own attempt rolled back) and goes on."""
    path = tmp_path / "deskovka.db"
    stores = await asyncio.gather(*(GameStore.open(path, games=GAMES) for _ in range(2)))
    try:
        with closing(sqlite3.connect(path)) as conn:
            recorded = [v for (v,) in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert recorded == [m.version for m in discover(MIGRATIONS_DIR)], "every file applied and recorded once"
        rec = await stores[1].games.create("count", [1, 2], {"target": 50}, 7, GUILD, 11, 1)
        assert list((await stores[0].games.get(rec.id)).players) == [1, 2], "one schema, usable by both"
    finally:
        for s in stores:
            await s.close()


class StubTable:
    """What :class:`cogs.table.absence.Absence` needs of a table to be made and to resume games."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.teller = SimpleNamespace(caught_up=[])
        self.locales = SimpleNamespace(seen=[])
        self.finder = SimpleNamespace(returned=None)


async def test_each_process_resumes_the_automatic_players_of_its_own_shards_games(tmp_path: Path) -> None:
    """A game in a guild of each shard waits on a seat the table plays: the process of shard 1
    resumes only its guild's game, one process running every shard resumes both."""
    store = await GameStore.open(tmp_path / "deskovka.db", games=GAMES, clock=FakeClock())
    try:
        shard0, shard1 = 0 << 22, 1 << 22  # (id >> 22) % 2
        waiting = {}
        for guild in (shard0, shard1):
            rec = await store.games.create("count", [1, 2], {"target": 50}, 7, guild, 11, 1, pace=86400)
            seat = rec.load_state().turn
            assert await store.clocks.set_absent(rec.id, seat, "normal") is not None
            waiting[guild] = rec.id
        resumed: list[int] = []
        absence = Absence(StubTable(store))  # type: ignore[arg-type]  # the stub has what it uses

        async def autoplay(rec: GameRecord) -> None:
            resumed.append(rec.id)

        absence.autoplay = autoplay  # type: ignore[method-assign]
        assert await absence.resume_autoplay(Shards(2, (1,))) == 1 and resumed == [waiting[shard1]]
        resumed.clear()
        assert await absence.resume_autoplay(None) == 2 and sorted(resumed) == sorted(waiting.values())
    finally:
        await store.close()


async def test_connections_opening_a_new_database_at_once_all_switch_it_to_wal(tmp_path: Path) -> None:
    """Switching a new file to WAL is the one step SQLite refuses at once ("database is locked"),
    without its busy timeout, while another connection switches it: six connections opening each
    of twenty new files at the same moment all open it, in WAL (before: 3-4 of 120 failed)."""
    for n in range(20):
        path = tmp_path / f"new-{n}.db"
        opened = await asyncio.gather(*(connect(path) for _ in range(6)), return_exceptions=True)
        conns = [o for o in opened if not isinstance(o, BaseException)]
        try:
            assert len(conns) == 6, f"file {n}: {opened}"
            modes = [[tuple(r) for r in await c.execute_fetchall("PRAGMA journal_mode")] for c in conns]
            assert modes == [[("wal",)]] * 6
        finally:
            for c in conns:
                await c.close()
