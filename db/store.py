"""The game store: games, seats, the append-only action log and user preferences (DESIGN §4), on
SQLite or PostgreSQL (issue 21).

It implements the :class:`db.base.Store` Protocol, the interface the rest of the bot relies on: one
repository per area (issue 45 §3, db/repos/), each an attribute of the store — ``store.games``,
``store.lobbies``, ``store.agreements``, ``store.clocks``, ``store.outbox``, ``store.pages``,
``store.prefs``, ``store.ratings``, ``store.meta``, ``store.leagues`` — all over one backend through one
:class:`db.context.Context`. The store itself only opens and closes the database and makes the
start-up upgrades of old data.

Why it looks the way it does:

* Its logic and SQL exist once, for both databases: every transaction is an async *body* given a
  connection (db/connection.py), run by the backend (db/backend.py): on SQLite whole on aiosqlite's
  thread in one hop inside ``BEGIN IMMEDIATE`` (writes) or ``BEGIN DEFERRED`` (reads), one at a
  time per store (SQLite transactions belong to the connection); on PostgreSQL on a pooled
  connection, SERIALIZABLE, rerun from the start on a serialization failure (db/postgres.py). So a
  body touches nothing but the database. The SQL is what both understand: ``?`` placeholders,
  ``ON CONFLICT``, ``RETURNING``, ``IS NOT DISTINCT FROM``; no SQLite JSON functions.
* One action = one transaction that reads the state, applies the action through the engine,
  appends it to the log and writes the new state with ``version = version + 1 WHERE version =
  expected``. A stale version or a rule error changes nothing.
* **Every** state-changing UPDATE (start, seats, append, finish, cancel) carries that version
  predicate and checks the row count (:meth:`db.context.Context.bump`), so correctness never leans on
  SQLite's database-wide write lock alone.
* A database still busy after the busy timeout (or PostgreSQL's reruns) is :class:`StoreBusy`, and
  an id no 64-bit integer can hold is simply :class:`GameNotFound`: callers see typed errors only.
* Reads run in a transaction too, so that a record and its seats come from one snapshot even when
  another process writes.
* The store is engine-agnostic: engines come from a ``games`` mapping (the bot's registry, or a
  test's toy game).
* Only JSON is stored (compact, by orjson: db/json_text.py), never pickle.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from db.backend import Backend, SQLiteBackend
from db.connection import Conn, Row, Synchronous, connect
from db.context import Clock, Context
from db.json_text import dumps, loads
from db.migrate import migrate, migrate_postgres
from db.postgres import PostgresBackend
from db.repos.agreements import AgreementsRepo
from db.repos.clocks import ClocksRepo
from db.repos.games import GamesRepo
from db.repos.leagues import LeaguesRepo
from db.repos.lobbies import LobbiesRepo
from db.repos.meta import MetaRepo
from db.repos.outbox import OutboxRepo
from db.repos.pages import PagesRepo
from db.repos.prefs import PrefsRepo
from db.repos.ratings import RatingsRepo
from rules.errors import RuleError
from rules.protocol import AnyGame

STATE_FORMATS = "state_formats"
"""Meta key: the engines' state formats when stored states were last checked against them."""
log = logging.getLogger("deskovka.store")
CLOCKS_MIGRATION = 4
"""The migration that added turn clocks (0004_clocks.sql)."""


class GameStore:
    """Async access to persisted games, one repository per area. Build with :meth:`open`; close
    with :meth:`close`."""

    def __init__(
        self,
        backend: Backend,
        games: Mapping[str, AnyGame] | None = None,
        clock: Clock = time.time,
    ) -> None:
        self.context = Context(backend, games, clock)
        """What the repositories share: the backend, the engines, the clock (db/context.py)."""
        self.games = GamesRepo(self.context)
        self.lobbies = LobbiesRepo(self.context)
        self.agreements = AgreementsRepo(self.context)
        self.clocks = ClocksRepo(self.context)
        self.outbox = OutboxRepo(self.context)
        self.pages = PagesRepo(self.context)
        self.prefs = PrefsRepo(self.context)
        self.ratings = RatingsRepo(self.context)
        self.meta = MetaRepo(self.context)
        self.leagues = LeaguesRepo(self.context)

    @property
    def backend(self) -> str:
        """Which database the store is on: ``"sqlite"`` or ``"postgresql"``."""
        return self.context.backend.name

    @property
    def transactions(self) -> Backend:
        """What the store runs its transactions on (db/backend.py): ``db.copy`` reads and writes
        whole tables through it."""
        return self.context.backend

    @classmethod
    async def open(
        cls,
        path: str | Path,
        games: Mapping[str, AnyGame] | None = None,
        clock: Clock = time.time,
        *,
        migrations_dir: Path | None = None,
        synchronous: Synchronous = "FULL",
        busy_timeout_ms: int = 5000,
    ) -> GameStore:
        """Connect to the SQLite file ``path`` (``":memory:"`` works) and apply pending migrations."""
        conn = await connect(path, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms)
        try:
            applied = await migrate(conn, migrations_dir, clock=clock)
        except BaseException:
            await conn.close()
            raise
        return await cls._opened(SQLiteBackend(conn), games, clock, applied)

    @classmethod
    async def open_postgres(
        cls,
        dsn: str,
        games: Mapping[str, AnyGame] | None = None,
        clock: Clock = time.time,
        *,
        min_size: int = 1,
        max_size: int = 10,
    ) -> GameStore:
        """Connect a pool to the PostgreSQL database ``dsn`` and apply its pending migrations
        (``db/migrations/postgresql``)."""
        backend = await PostgresBackend.connect(dsn, min_size=min_size, max_size=max_size)
        try:
            async with backend.alone() as conn:
                applied = await migrate_postgres(conn, clock=clock)
        except BaseException:
            await backend.close()
            raise
        return await cls._opened(backend, games, clock, applied)

    @classmethod
    async def _opened(
        cls, backend: Backend, games: Mapping[str, AnyGame] | None, clock: Clock, applied: list[int]
    ) -> GameStore:
        """The store on a migrated database, its start-up upgrades of old data made."""
        store = cls(backend, games, clock)
        try:
            if backend.name == "sqlite" and CLOCKS_MIGRATION in applied:
                await store._backfill_waiting()
            await store._rebuild_old_states()
        except BaseException:
            await backend.close()
            raise
        return store

    async def _rebuild_old_states(self) -> int:
        """Games stored in a state format this code's engines no longer read (Shitenno's and
        Stroganov's logs became events, issue 18) are rebuilt by replaying their action log from
        their seed, and stored again at the same version (the game did not change, only its form).
        One state of each kind and stored format is tried first. The scan reads every stored state,
        so it runs only when the engines' state formats differ from those of the last scan (kept in
        ``meta``): a start-up of the same code reads none. Returns how many games were rebuilt."""
        formats = self._state_formats()
        if await self.meta.get(STATE_FORMATS) == formats:
            return 0
        fmt = self.context.backend.json_text("state", "format")
        groups = await self.context.query(
            f"SELECT kind, {fmt} AS format, MIN(id) AS sample FROM games WHERE state IS NOT NULL GROUP BY kind, format"
        )
        rebuilt = 0
        for group in groups:
            game = self.context.engines().get(group["kind"])
            if game is None or await self._readable(game, group["sample"]):
                continue
            ids = [
                r[0]
                for r in await self.context.query(
                    f"SELECT id FROM games WHERE kind = ? AND state IS NOT NULL AND {fmt} IS NOT DISTINCT FROM ?",
                    (group["kind"], group["format"]),
                )
            ]
            for game_id in ids:
                try:
                    _, state = await self.context.replayed(game_id)
                except Exception:
                    log.exception("game %s: an old state could not be rebuilt from its log", game_id)
                    continue
                await self.context.statement(
                    "UPDATE games SET state = ? WHERE id = ?", (dumps(game.dump(state)), game_id), game_id
                )
                rebuilt += 1
        if rebuilt:
            log.info("rebuilt %s games stored in an older state format from their logs", rebuilt)
        await self.meta.set(STATE_FORMATS, formats)
        return rebuilt

    def _state_formats(self) -> str:
        """The state format of each engine (what a fresh state's JSON says), as one string."""
        formats: dict[str, Any] = {}
        for kind, game in sorted(self.context.engines().items()):
            fresh = game.dump(game.new(game.min_players, None, 0))
            formats[kind] = fresh.get("format", fresh.get("v"))
        return dumps(formats)

    async def _readable(self, game: AnyGame, game_id: int) -> bool:
        async def read(db: Conn) -> Row:
            return await self.context.row(db, game_id, with_state=True)

        row = await self.context.run(read, write=False, game_id=game_id)
        try:
            game.load(loads(row["state"]))
        except RuleError:
            return False
        return True

    async def _backfill_waiting(self) -> None:
        """Games that were running before turn clocks existed learn which seats wait and since when
        (the game's ``turn_since``); they keep no pace. Run once, when migration 0004 is applied."""

        async def body(db: Conn) -> None:
            rows = await db.execute_fetchall(
                "SELECT g.id, g.kind, g.state, g.turn_since FROM games g WHERE g.status = 'active' AND NOT EXISTS"
                " (SELECT 1 FROM seats s WHERE s.game_id = g.id AND (s.since IS NOT NULL OR s.absent IS NOT NULL))"
            )
            for row in rows:
                game = self.context.engines().get(row["kind"])
                if game is None:
                    continue
                seats = list(game.to_act(game.load(loads(row["state"]))))
                await db.executemany(
                    "UPDATE seats SET since = ? WHERE game_id = ? AND seat = ?",
                    [(row["turn_since"], row["id"], seat) for seat in seats],
                )

        await self.context.run(body, write=True)

    async def close(self) -> None:
        """Close the connection (or pool) once no transaction is using it."""
        await self.context.backend.close()

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
