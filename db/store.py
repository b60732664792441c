"""The game store: games, seats, the append-only action log and user preferences (DESIGN §4), on
SQLite or PostgreSQL (issue 21).

It implements the :class:`db.base.Store` Protocol, the interface the rest of the bot relies on.

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
  predicate and checks the row count (:meth:`GameStore._bump`), so correctness never leans on
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
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from db import clocks, ratings
from db.backend import Backend, SQLiteBackend
from db.connection import Body, Conn, Cursor, Row, Synchronous, T, connect, marks
from db.errors import (
    GameNotFound,
    NoState,
    NotAPlayer,
    StaleVersion,
    TakebackRefused,
    UnknownGameKind,
    UnloggableAction,
    VacationLimit,
    WrongStatus,
)
from db.json_text import dumps, loads
from db.migrate import migrate, migrate_postgres
from db.postgres import PostgresBackend
from db.records import (
    NOTIFY_CHOICES,
    PAGE_LEASE,
    STATUSES,
    TAKEBACK_TTL,
    TELL_LEASE,
    AppendResult,
    CancelProposal,
    GameRecord,
    LobbyShape,
    LoggedAction,
    PendingChange,
    SeatClock,
    Shards,
    TakebackRequest,
    Timer,
    TurnPage,
    UserPrefs,
    VoteMessage,
    rematch_stands,
)
from db.replay import decode_entry, decode_seat, parse_notation, plan_takeback, replay_log, takeback_entry
from rules.errors import RuleError
from rules.protocol import AnyGame, Ending, Outcome, resolve_options

Clock = Callable[[], float]
STATE_FORMATS = "state_formats"
"""Meta key: the engines' state formats when stored states were last checked against them."""
log = logging.getLogger("deskovka.store")

_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, message_id, creator_id, status, options, seed, "
    "version, outcome, cancelled_by, created_at, updated_at, turn_since, pace, nudged_at, announced, language"
)
_SEAT_COLUMNS = "seat, user_id, since, deadline, absent"


def _game_with_seats(extra: str = "", join: str = "") -> str:
    """A statement reading a game's row with its state (and the ``extra`` columns, from the tables
    ``join`` adds), once per seat with that seat's columns (one row of NULL seat columns for a game
    without seats)."""
    return (
        f"SELECT {', '.join('g.' + c.strip() for c in _COLUMNS.split(','))}, g.state,"
        f" {', '.join('s.' + c.strip() for c in _SEAT_COLUMNS.split(','))}{extra}"
        f" FROM games g LEFT JOIN seats s ON s.game_id = g.id{join} WHERE g.id = ? ORDER BY s.seat"
    )


_GAME_WITH_SEATS = _game_with_seats()
"""A game with its seats, by one statement (:func:`_game_with_seats`)."""
_GAME_FOR_A_MOVE = _game_with_seats(
    ", EXISTS (SELECT 1 FROM takeback_requests t WHERE t.game_id = g.id) AS takeback_open, p.away_until",
    " LEFT JOIN user_prefs p ON p.user_id = s.user_id",
)
"""What a move reads (:meth:`GameStore.append`) in one statement: the game with its seats, whether
a takeback is asked for, and each seat's player's vacation end (for a clock that starts: one round
trip on PostgreSQL where there were four)."""

_INT64 = (-(2**63), 2**63 - 1)
RATE_BATCH = 200
"""Finished games rated in one transaction by the start-up sweep (tens of milliseconds)."""
PREFS_CHANNEL = "deskovka_prefs"
"""Where processes tell each other a player's preferences changed (PostgreSQL NOTIFY; the user id)."""
CLOCKS_MIGRATION = 4
"""The migration that added turn clocks (0004_clocks.sql)."""
STEP = re.compile(r"[a-z0-9:]{1,64}")
"""What a step of telling a change is named with (:meth:`GameStore.change_step`)."""
TOLD = "UPDATE games SET announced = CASE WHEN announced > ? THEN announced ELSE ? END WHERE id = ?"
"""A game's changes told up to a version (never lowered); migration 0016's trigger deletes them."""


def _in_int64(value: Any) -> bool:
    """Whether ``value`` binds as a 64-bit integer (SQLite's INTEGER, PostgreSQL's BIGINT; a larger int raises)."""
    return isinstance(value, int) and not isinstance(value, bool) and _INT64[0] <= value <= _INT64[1]


def _check_seed(seed: int) -> int:
    if not _in_int64(seed):
        raise ValueError(f"seed must be an int in the signed 64-bit range, not {seed!r}")
    return seed


def _check_pace(pace: int | None) -> int | None:
    if pace is not None and not (isinstance(pace, int) and not isinstance(pace, bool) and 0 < pace <= 365 * 86400):
        raise ValueError(f"pace must be None or seconds per turn (at most a year), not {pace!r}")
    return pace


async def _insert_id(db: Conn, sql: str, params: Sequence[Any]) -> int:
    """The id of the row the INSERT ``sql`` made (``RETURNING id``: both backends have it)."""
    ((row_id,),) = await db.execute_fetchall(f"{sql} RETURNING id", params)
    return int(row_id)


class GameStore:
    """Async access to persisted games. Build with :meth:`open`; close with :meth:`close`."""

    def __init__(
        self,
        backend: Backend,
        games: Mapping[str, AnyGame] | None = None,
        clock: Clock = time.time,
    ) -> None:
        self._backend = backend
        self._games = games
        self._clock = clock
        self.owner = secrets.token_hex(8)
        """This store's (this process's) token on the changes it commits and takes on."""
        self.opened_at = clock()

    @property
    def backend(self) -> str:
        """Which database the store is on: ``"sqlite"`` or ``"postgresql"``."""
        return self._backend.name

    @property
    def transactions(self) -> Backend:
        """What the store runs its transactions on (db/backend.py): ``db.copy`` reads and writes
        whole tables through it."""
        return self._backend

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
        if await self.get_meta(STATE_FORMATS) == formats:
            return 0
        fmt = self._backend.json_text("state", "format")
        groups = await self._query(
            f"SELECT kind, {fmt} AS format, MIN(id) AS sample FROM games WHERE state IS NOT NULL GROUP BY kind, format"
        )
        rebuilt = 0
        for group in groups:
            game = self._mapping().get(group["kind"])
            if game is None or await self._readable(game, group["sample"]):
                continue
            ids = [
                r[0]
                for r in await self._query(
                    f"SELECT id FROM games WHERE kind = ? AND state IS NOT NULL AND {fmt} IS NOT DISTINCT FROM ?",
                    (group["kind"], group["format"]),
                )
            ]
            for game_id in ids:
                try:
                    _, state = await self._replay(game_id)
                except Exception:
                    log.exception("game %s: an old state could not be rebuilt from its log", game_id)
                    continue
                await self._statement(
                    "UPDATE games SET state = ? WHERE id = ?", (dumps(game.dump(state)), game_id), game_id
                )
                rebuilt += 1
        if rebuilt:
            log.info("rebuilt %s games stored in an older state format from their logs", rebuilt)
        await self.set_meta(STATE_FORMATS, formats)
        return rebuilt

    def _state_formats(self) -> str:
        """The state format of each engine (what a fresh state's JSON says), as one string."""
        formats: dict[str, Any] = {}
        for kind, game in sorted(self._mapping().items()):
            fresh = game.dump(game.new(game.min_players, None, 0))
            formats[kind] = fresh.get("format", fresh.get("v"))
        return dumps(formats)

    async def _readable(self, game: AnyGame, game_id: int) -> bool:
        async def read(db: Conn) -> Row:
            return await self._row(db, game_id, with_state=True)

        row = await self._run(read, write=False, game_id=game_id)
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
                game = self._mapping().get(row["kind"])
                if game is None:
                    continue
                seats = list(game.to_act(game.load(loads(row["state"]))))
                await db.executemany(
                    "UPDATE seats SET since = ? WHERE game_id = ? AND seat = ?",
                    [(row["turn_since"], row["id"], seat) for seat in seats],
                )

        await self._run(body, write=True)

    async def close(self) -> None:
        """Close the connection (or pool) once no transaction is using it."""
        await self._backend.close()

    async def __aenter__(self) -> GameStore:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # -- engines -----------------------------------------------------------------------------

    def _mapping(self) -> Mapping[str, AnyGame]:
        """The engines by kind, as given (the bot's is ``cogs.games.ENGINES``, read live so a game
        registered after the store opened is known); none when none were given."""
        return self._games if self._games is not None else {}

    def engine(self, kind: str) -> AnyGame:
        """The engine for ``kind``; :class:`UnknownGameKind` if the mapping has none."""
        try:
            return self._mapping()[kind]
        except KeyError:
            raise UnknownGameKind(kind) from None

    # -- transactions ------------------------------------------------------------------------

    async def _run(self, body: Body[T], *, write: bool, game_id: int | None = None) -> T:
        """``body`` as one transaction of the backend (db/backend.py): a write takes the write lock
        (SQLite's ``BEGIN IMMEDIATE``) or runs SERIALIZABLE (PostgreSQL, rerun on a serialization
        failure), a read sees one snapshot; any exception rolls back, and a database still busy
        elsewhere is :class:`StoreBusy` for ``game_id``."""
        return await self._backend.run(body, write=write, game_id=game_id)

    async def _statement(
        self, sql: str, params: Sequence[Any] = (), game_id: int | None = None, *, relaxed: bool = False
    ) -> Cursor:
        """One statement as a transaction of its own (SQLite's autocommit: atomic, and as durable as a
        COMMIT): one round trip instead of three (BEGIN, it, COMMIT). Only for a write that reads
        nothing first (or only the rows it changes); busy is :class:`StoreBusy`. ``relaxed``:
        bookkeeping (:meth:`_bookkeeping`) that may be run again (db/backend.py)."""
        return await self._backend.statement(sql, params, game_id, relaxed=relaxed)

    async def _bookkeeping(self, write: Body[T], game_id: int) -> T:
        """A write that only says how far the telling of a change got (a step made, a change told,
        a turn page held or saved), in one transaction, committed without waiting for the disk:
        SQLite's ``synchronous`` is NORMAL for this transaction only (PostgreSQL's
        ``synchronous_commit`` off). Like every commit it survives a crash of the process; a power
        cut or an OS crash may roll the last of them back, and then the catch-up tells that change
        again (a repeated message at worst, never a lost move: the game's own commits keep FULL).
        Each fsync saved is ~0.3-0.45 ms of CPU a move (docs/PERFORMANCE.md). Returns what
        ``write`` returns."""
        return await self._backend.run(write, write=True, game_id=game_id, relaxed=True)

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read statement, executed and fetched in one round trip (its own read
        transaction: one snapshot)."""
        return await self._backend.query(sql, params)

    async def _exists(self, game_id: int) -> None:
        """GameNotFound unless the game is stored."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)

        await self._run(body, write=False, game_id=game_id)

    # -- records -----------------------------------------------------------------------------

    async def _row(self, db: Conn, game_id: int, *, with_state: bool) -> Row:
        """The game's row; every method taking a game id reads it first, so an id that no game can
        have (beyond SQLite's 64-bit INTEGER) is GameNotFound here rather than an OverflowError."""
        if not _in_int64(game_id):
            raise GameNotFound(game_id)
        cols = _COLUMNS + (", state" if with_state else "")
        rows = await db.execute_fetchall(f"SELECT {cols} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return next(iter(rows))

    async def _row_for_a_move(self, db: Conn, game_id: int) -> tuple[Row, list[Row]]:
        """The game's row with its state and whether a takeback is asked (``takeback_open``), and
        its seats' rows: :data:`_GAME_FOR_A_MOVE`, one statement (GameNotFound as :meth:`_row`)."""
        rows = list(await db.execute_fetchall(_GAME_FOR_A_MOVE, (game_id,))) if _in_int64(game_id) else []
        if not rows:
            raise GameNotFound(game_id)
        return rows[0], [r for r in rows if r["seat"] is not None]

    @staticmethod
    async def _keep_open(db: Conn, game_id: int, now: float) -> None:
        await db.execute(
            "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'keep', ?)",
            (game_id, now + clocks.KEEP_OPEN),
        )

    async def _players(self, db: Conn, game_id: int) -> tuple[int, ...]:
        rows = await db.execute_fetchall("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return tuple(int(r[0]) for r in rows)

    async def _seats(self, db: Conn, game_id: int) -> list[Row]:
        rows = await db.execute_fetchall(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return list(rows)

    @staticmethod
    def _clocks(seats: Iterable[Row]) -> tuple[SeatClock, ...]:
        return tuple(SeatClock(r["seat"], r["user_id"], r["since"], r["deadline"], r["absent"]) for r in seats)

    def _record(self, row: Row, seats: Sequence[Row], state_json: str | None) -> GameRecord:
        kind = row["kind"]
        engine = self._mapping().get(kind) if state_json is not None else None
        outcome = row["outcome"]
        return GameRecord(
            id=row["id"],
            kind=kind,
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            message_id=row["message_id"],
            creator_id=row["creator_id"],
            status=row["status"],
            options=loads(row["options"]),
            seed=row["seed"],
            version=row["version"],
            players=tuple(int(r["user_id"]) for r in seats),
            outcome=Outcome.from_json(loads(outcome)) if outcome is not None else None,
            cancelled_by=row["cancelled_by"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            turn_since=row["turn_since"],
            state_json=state_json,
            engine=engine,
            pace=row["pace"],
            nudged_at=row["nudged_at"],
            clocks=self._clocks(seats),
            announced=row["announced"],
            language=row["language"],
        )

    async def _fetch(self, db: Conn, game_id: int) -> GameRecord:
        """The game with its seats and state, read on ``db`` by one statement."""
        rows = list(await db.execute_fetchall(_GAME_WITH_SEATS, (game_id,))) if _in_int64(game_id) else []
        return self._game(game_id, rows)

    def _game(self, game_id: int, rows: Sequence[Row]) -> GameRecord:
        """The record from the rows of :data:`_GAME_WITH_SEATS`; none is :class:`GameNotFound`
        (as is an id that no game can have, never read: beyond SQLite's 64-bit INTEGER)."""
        if not rows:
            raise GameNotFound(game_id)
        row = rows[0]
        return self._record(row, [r for r in rows if r["seat"] is not None], row["state"])

    async def _write_seats(self, db: Conn, game_id: int, players: Sequence[int]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)",
            [(game_id, seat, user) for seat, user in enumerate(players)],
        )

    async def _bump(self, db: Conn, game_id: int, version: int, assignments: str, params: Sequence[Any]) -> int:
        """``UPDATE games SET <assignments>, version = version + 1 WHERE id = ? AND version = ?``
        with the version this transaction read (DESIGN §4): if another writer got in between, no
        row matches and the write is refused as :class:`StaleVersion`. Returns the new version."""
        cur = await db.execute(
            f"UPDATE games SET {assignments}, version = version + 1 WHERE id = ? AND version = ?",
            (*params, game_id, version),
        )
        if cur.rowcount != 1:
            current = await self._row(db, game_id, with_state=False)
            raise StaleVersion(game_id, version, current["version"])
        return version + 1

    async def _changed(
        self,
        db: Conn,
        game_id: int,
        version: int,
        kind: str,
        now: float,
        seat: int | None = None,
        events_json: str = "[]",
        waiting_before: Sequence[int] = (),
    ) -> None:
        """The change just committed waits to be told (issue 18), claimed by this process now: the
        caller tells it; should it die first, the catch-up finds it after the lease."""
        await db.execute(
            "INSERT INTO changes"
            " (game_id, version, kind, seat, events, waiting_before, claimed_at, claimed_by, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, version, kind, seat, events_json, dumps(list(waiting_before)), now, self.owner, now),
        )

    @staticmethod
    def _check(row: Row, expected_version: int | None, allowed: tuple[str, ...]) -> None:
        """Version first (an old button on a finished game is stale, not "wrong status")."""
        if expected_version is not None and row["version"] != expected_version:
            raise StaleVersion(row["id"], expected_version, row["version"])
        if row["status"] not in allowed:
            raise WrongStatus(row["id"], row["status"], allowed)

    # -- creating and starting games ---------------------------------------------------------

    async def create(
        self,
        kind: str,
        players: Sequence[int],
        options: Mapping[str, Any] | None,
        seed: int,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        thread_id: int | None = None,
        message_id: int | None = None,
        pace: int | None = None,
    ) -> GameRecord:
        """An active game at version 0 with the engine's initial state; ``pace`` seconds per turn
        (None: no clock) start the clocks of the seats that must act.

        Options are resolved against the engine's spec and stored resolved, so a later change of a
        default cannot alter the replay of an old game; the engine's ``new`` validates them and the
        player count (``BadOptions`` propagates and nothing is stored).
        """
        game = self.engine(kind)
        resolved = resolve_options(game.options, options)
        state = game.new(len(players), resolved, _check_seed(seed))
        state_json = dumps(game.dump(state))
        now = self._clock()

        async def body(db: Conn) -> GameRecord:
            game_id = await _insert_id(
                db,
                "INSERT INTO games (kind, guild_id, channel_id, thread_id, message_id, creator_id, status,"
                " options, seed, state, version, created_at, updated_at, turn_since, pace)"
                " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    kind,
                    guild_id,
                    channel_id,
                    thread_id,
                    message_id,
                    creator_id,
                    dumps(resolved),
                    seed,
                    state_json,
                    now,
                    now,
                    now,
                    _check_pace(pace),
                ),
            )
            await self._write_seats(db, game_id, players)
            await self._keep_open(db, game_id, now)
            await clocks.update_clocks(db, game_id, pace, await self._seats(db, game_id), game.to_act(state), now)
            return await self._fetch(db, game_id)

        return await self._run(body, write=True)

    async def create_lobby(
        self,
        kind: str,
        creator_id: int,
        options: Mapping[str, Any] | None,
        guild_id: int | None,
        channel_id: int,
        message_id: int | None = None,
        seats: Sequence[int] | None = None,
        pace: int | None = None,
        language: str | None = None,
    ) -> GameRecord:
        """A pending challenge or lobby: no seed, no state yet; ``seats`` default to the creator.
        It expires after ``clocks.LOBBY_TTL`` unless started (an ``expire`` timer). ``language`` is
        the locale of its thread and public words (``None``: the default, English).

        Options are checked now so a bad option fails when the challenge is posted, not when the
        opponent accepts.
        """
        resolved = resolve_options(self.engine(kind).options, options)
        players = [creator_id] if seats is None else list(seats)

        async def body(db: Conn) -> GameRecord:
            game_id = await self._insert_lobby(
                db, kind, creator_id, resolved, guild_id, channel_id, message_id, players, pace, language
            )
            return await self._fetch(db, game_id)

        return await self._run(body, write=True)

    async def _insert_lobby(
        self,
        db: Conn,
        kind: str,
        creator_id: int,
        resolved: Mapping[str, Any],
        guild_id: int | None,
        channel_id: int,
        message_id: int | None,
        players: Sequence[int],
        pace: int | None,
        language: str | None,
    ) -> int:
        """A lobby's row, seats and expiry timer, inside the caller's transaction; its id."""
        now = self._clock()
        game_id = await _insert_id(
            db,
            "INSERT INTO games (kind, guild_id, channel_id, message_id, creator_id, status, options,"
            " version, created_at, updated_at, turn_since, pace, language)"
            " VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?)",
            (
                kind,
                guild_id,
                channel_id,
                message_id,
                creator_id,
                dumps(resolved),
                now,
                now,
                now,
                _check_pace(pace),
                language,
            ),
        )
        await self._write_seats(db, game_id, players)
        await db.execute(
            "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'expire', ?)",
            (game_id, now + clocks.LOBBY_TTL),
        )
        return game_id

    async def start(
        self,
        game_id: int,
        players: Sequence[int] | None,
        seed: int,
        *,
        expected_version: int | None = None,
    ) -> GameRecord:
        """Lobby → active: seat ``players`` (``None``: the lobby's seats) and create the engine state.
        Bumps the version so the lobby's buttons go stale."""
        _check_seed(seed)

        async def body(db: Conn) -> GameRecord:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, expected_version, ("lobby",))
            seated = list(players) if players is not None else list(await self._players(db, game_id))
            game = self.engine(row["kind"])
            state = game.new(len(seated), loads(row["options"]), seed)
            state_json = dumps(game.dump(state))
            now = self._clock()
            await self._bump(
                db,
                game_id,
                row["version"],
                "status = 'active', seed = ?, state = ?, updated_at = ?, turn_since = ?",
                (seed, state_json, now, now),
            )
            await self._changed(db, game_id, row["version"] + 1, "start", now)
            await self._write_seats(db, game_id, seated)
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self._keep_open(db, game_id, now)
            seats = await self._seats(db, game_id)
            await clocks.update_clocks(db, game_id, row["pace"], seats, game.to_act(state), now)
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    async def set_seats(
        self, game_id: int, players: Sequence[int], *, expected_version: int | None = None
    ) -> GameRecord:
        """Replace a lobby's seats (join/leave). Bumps the version; with ``expected_version`` a
        read-modify-write by the caller cannot lose a concurrent join (retry on StaleVersion)."""

        async def body(db: Conn) -> GameRecord:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, expected_version, ("lobby",))
            now = self._clock()
            await self._bump(db, game_id, row["version"], "updated_at = ?", (now,))
            await self._changed(db, game_id, row["version"] + 1, "seats", now)
            await self._write_seats(db, game_id, players)
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        """Record the game's thread. Metadata only: the version (and so every button) is kept."""
        return await self._set_meta(game_id, "thread_id", thread_id)

    async def set_message(self, game_id: int, message_id: int | None) -> GameRecord:
        """Record the challenge/lobby message. Metadata only: the version is kept."""
        return await self._set_meta(game_id, "message_id", message_id)

    async def _set_meta(self, game_id: int, column: str, value: int | None) -> GameRecord:
        async def body(db: Conn) -> GameRecord:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                f"UPDATE games SET {column} = ?, updated_at = ? WHERE id = ?",
                (value, self._clock(), game_id),
            )
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    # -- reading -----------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRecord:
        """The game with its raw state JSON (parse with ``record.load_state()``): its row and its
        seats read by one statement (one snapshot without a transaction around it: on PostgreSQL
        one round trip instead of four; every command, button and autocomplete reads its game)."""
        rows = await self._query(_GAME_WITH_SEATS, (game_id,)) if _in_int64(game_id) else []
        return self._game(game_id, rows)

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        user_id: int | None = None,
        status: str | Iterable[str] | None = None,
    ) -> list[GameRecord]:
        """Games matching every given filter, oldest first, *without* state (two queries in all,
        no state read or parsed) so start-up over thousands of games stays fast."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("thread_id", thread_id)):
            if value is not None:
                clauses.append(f"g.{column} = ?")
                params.append(value)
        if user_id is not None:
            clauses.append("g.id IN (SELECT s.game_id FROM seats s WHERE s.user_id = ?)")
            params.append(user_id)
        if status is not None:
            wanted = (status,) if isinstance(status, str) else tuple(status)
            bad = [s for s in wanted if s not in STATUSES]
            if bad:
                raise ValueError(f"unknown status {bad!r}; known: {STATUSES!r}")
            clauses.append(f"g.status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""

        async def read(db: Conn) -> tuple[list[Row], list[Row]]:
            rows = await db.execute_fetchall(f"SELECT {_COLUMNS} FROM games g{where} ORDER BY g.id", params)
            seat_rows = await db.execute_fetchall(
                f"SELECT game_id, {_SEAT_COLUMNS} FROM seats WHERE game_id IN (SELECT g.id FROM games g{where})"
                " ORDER BY game_id, seat",
                params,
            )
            return list(rows), list(seat_rows)

        rows, seat_rows = await self._run(read, write=False)
        seats: dict[int, list[Row]] = {}
        for seat_row in seat_rows:
            seats.setdefault(seat_row["game_id"], []).append(seat_row)
        return [self._record(row, seats.get(row["id"], []), None) for row in rows]

    # -- playing -----------------------------------------------------------------------------

    async def append(self, game_id: int, expected_version: int, seat: int, action: Any) -> AppendResult:
        """Apply ``action`` (an engine action, or its notation as text) for ``seat`` in one
        transaction (DESIGN §4). ``StaleVersion`` or ``WrongStatus`` when the caller is out of date,
        the engine's ``RuleError`` when it refuses; in every such case nothing changes."""

        async def write(db: Conn) -> AppendResult:
            row, seats = await self._row_for_a_move(db, game_id)
            self._check(row, expected_version, ("active",))
            game = self.engine(row["kind"])
            state = game.load(loads(row["state"]))
            move = parse_notation(game, action, state) if isinstance(action, str) else action
            notation = self._loggable(game, game_id, move, state)
            before = game.to_act(state)
            hidden = game.hidden(state)
            events = game.apply(state, seat, move)
            after = game.to_act(state)
            outcome = game.outcome(state)
            now = self._clock()
            waiting_since = next((r["since"] for r in seats if r["seat"] == seat and r["absent"] is None), None)
            if outcome is not None:
                await clocks.clear_game(db, game_id)
            else:
                away = {int(r["user_id"]): float(r["away_until"]) for r in seats if r["away_until"] is not None}
                await clocks.update_clocks(db, game_id, row["pace"], seats, after, now, actor=seat, away=away)
            newly_waiting = bool(set(after) - set(before))
            version = await self._bump(
                db,
                game_id,
                expected_version,
                "state = ?, updated_at = ?, turn_since = CASE WHEN ? THEN ? ELSE turn_since END,"
                " status = ?, outcome = ?, ended_at = ?",
                (
                    dumps(game.dump(state)),
                    now,
                    newly_waiting,
                    now,
                    "finished" if outcome is not None else "active",
                    dumps(outcome.to_json()) if outcome is not None else None,
                    now if outcome is not None else None,
                ),
            )
            events_json = dumps(events)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, created_at, events, waiting_since)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, version, seat, dumps({"n": notation}), now, events_json, waiting_since),
            )
            await self._changed(db, game_id, version, "act", now, seat, events_json, before)
            return AppendResult(
                game_id,
                version,
                events,
                state,
                tuple(after),
                outcome,
                tuple(before),
                takeback_open=bool(row["takeback_open"]),
                may_take_back=game.can_take_back(hidden, move, state, events),
            )

        return await self._run(write, write=True, game_id=game_id)

    @staticmethod
    def _loggable(game: AnyGame, game_id: int, action: Any, state: Any) -> str:
        """The action's notation, refused unless it parses back (in this state, as replay will
        parse it) to the very same action: the log must replay to what was actually applied."""
        notation: str = action.notation()
        try:
            same = parse_notation(game, notation, state) == action
        except RuleError as exc:
            raise UnloggableAction(game_id, notation) from exc
        if not same:
            raise UnloggableAction(game_id, notation)
        return notation

    async def finish(self, game_id: int, outcome: Outcome, *, expected_version: int | None = None) -> GameRecord:
        """End an active game outside the engine's own ending (resignation, timeout).
        Bumps the version so the game's buttons go stale."""
        return await self._end(game_id, "finished", outcome, None, expected_version, ("active",))

    async def cancel(self, game_id: int, by_user: int, *, expected_version: int | None = None) -> GameRecord:
        """Cancel a lobby or an active game: status ``cancelled`` with no winner, which statistics
        must not count as anyone's loss. Bumps the version so the game's buttons go stale."""
        outcome = Outcome(winners=(), ending=Ending.CANCELLED)
        return await self._end(game_id, "cancelled", outcome, by_user, expected_version, ("lobby", "active"))

    async def _end(
        self,
        game_id: int,
        status: str,
        outcome: Outcome,
        by_user: int | None,
        expected_version: int | None,
        allowed: tuple[str, ...],
    ) -> GameRecord:
        async def body(db: Conn) -> GameRecord:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, expected_version, allowed)
            now = self._clock()
            await self._bump(
                db,
                game_id,
                row["version"],
                "status = ?, outcome = ?, cancelled_by = ?, updated_at = ?, ended_at = ?",
                (status, dumps(outcome.to_json()), by_user, now, now),
            )
            await self._changed(db, game_id, row["version"] + 1, "finish" if status == "finished" else "cancel", now)
            await clocks.clear_game(db, game_id)
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    # -- the log -----------------------------------------------------------------------------

    async def actions(self, game_id: int) -> list[LoggedAction]:
        """The game's log in order; an unreadable entry raises ``CorruptLog`` (never skipped)."""

        async def read(db: Conn) -> list[Row]:
            await self._row(db, game_id, with_state=False)
            return await self._log_rows(db, game_id)

        rows = await self._run(read, write=False, game_id=game_id)
        out = []
        for r in rows:
            entry = decode_entry(game_id, r["seq"], r["action"])
            out.append(
                LoggedAction(
                    game_id,
                    r["seq"],
                    decode_seat(game_id, r["seq"], r["seat"]),
                    entry if isinstance(entry, str) else "",
                    r["created_at"],
                    tuple(loads(r["events"])) if r["events"] is not None else None,
                    takeback=entry if isinstance(entry, int) else None,
                )
            )
        return out

    async def _log_rows(self, db: Conn, game_id: int) -> list[Row]:
        rows = await db.execute_fetchall(
            "SELECT seq, seat, action, created_at, events FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return list(rows)

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from seed + options + the log through the engine (DESIGN §4)."""
        _, state = await self._replay(game_id)
        return state

    async def verify(self, game_id: int) -> bool:
        """Whether replaying the log gives exactly the stored state (as JSON values)."""
        stored, state = await self._replay(game_id)
        game = self.engine(stored["kind"])
        return bool(loads(dumps(game.dump(state))) == loads(stored["state"]))

    def _with_log(
        self, game_id: int, *, with_state: bool
    ) -> Body[tuple[Row, tuple[int, ...], list[tuple[int, int, str]]]]:
        """A read of the game's row, players and log entries (seq, seat, action), from one snapshot."""

        async def read(db: Conn) -> tuple[Row, tuple[int, ...], list[tuple[int, int, str]]]:
            row = await self._row(db, game_id, with_state=with_state)
            players = await self._players(db, game_id)
            return row, players, [(r["seq"], r["seat"], r["action"]) for r in await self._log_rows(db, game_id)]

        return read

    async def _replay(self, game_id: int) -> tuple[Row, Any]:
        row, players, log = await self._run(self._with_log(game_id, with_state=True), write=False, game_id=game_id)
        if row["seed"] is None:
            raise NoState(game_id, row["status"])
        game = self.engine(row["kind"])
        return row, replay_log(game, game_id, len(players), loads(row["options"]), row["seed"], log)

    # -- user preferences --------------------------------------------------------------------

    async def get_prefs(self, user_id: int) -> UserPrefs:
        """A user's preferences; the defaults (DMs on, language auto, notify by DM) when they never set any."""

        async def body(db: Conn) -> UserPrefs:
            return await self._prefs(db, user_id)

        return await self._run(body, write=False)

    @staticmethod
    async def _prefs(db: Conn, user_id: int) -> UserPrefs:
        rows = list(
            await db.execute_fetchall(
                "SELECT dms_enabled, language, notify, away_from, away_until, away_year, away_days, reminded_at,"
                " client_locale FROM user_prefs WHERE user_id = ?",
                (user_id,),
            )
        )
        if not rows:
            return UserPrefs(user_id)
        row = rows[0]
        return UserPrefs(
            user_id,
            bool(row["dms_enabled"]),
            row["language"],
            row["notify"],
            row["away_from"],
            row["away_until"],
            row["away_year"],
            row["away_days"],
            row["reminded_at"],
            row["client_locale"],
        )

    async def set_prefs(
        self,
        user_id: int,
        *,
        dms_enabled: bool | None = None,
        language: str | None = None,
        notify: str | None = None,
        client_locale: str | None = None,
    ) -> UserPrefs:
        """Change only the given preferences; the others keep their value (or the default).
        ``notify`` must be one of ``NOTIFY_CHOICES`` (ValueError before anything is written)."""
        if notify is not None and notify not in NOTIFY_CHOICES:
            raise ValueError(f"notify must be one of {NOTIFY_CHOICES!r}, not {notify!r}")
        values: dict[str, Any] = {}
        if dms_enabled is not None:
            values["dms_enabled"] = int(bool(dms_enabled))
        if language is not None:
            values["language"] = language
        if notify is not None:
            values["notify"] = notify
        if client_locale is not None:
            values["client_locale"] = client_locale
        if values:
            values["updated_at"] = self._clock()
            cols = ", ".join(values)
            updates = ", ".join(f"{c} = excluded.{c}" for c in values)

            async def body(db: Conn) -> UserPrefs:
                await db.execute(
                    f"INSERT INTO user_prefs (user_id, {cols}) VALUES (?, {marks(len(values))})"
                    f" ON CONFLICT (user_id) DO UPDATE SET {updates}",
                    (user_id, *values.values()),
                )
                await self._prefs_changed(db, user_id)
                return await self._prefs(db, user_id)

            return await self._run(body, write=True)
        return await self.get_prefs(user_id)

    async def watch_prefs(self, changed: Callable[[int | None], None]) -> None:
        """Call ``changed(user_id)`` when any process on this database changes a player's
        preferences (``/game language``, ``/game notify``, a vacation), so that caches of them
        forget it at once; ``changed(None)``: any may have changed unseen. PostgreSQL only (its
        ``LISTEN/NOTIFY``); on SQLite it is never called (db/backend.py, ``SQLiteBackend.notify``)."""

        def heard(payload: str | None) -> None:
            changed(int(payload) if payload is not None and payload.isdigit() else None)

        await self._backend.listen(PREFS_CHANNEL, heard)

    async def _prefs_changed(self, db: Conn, user_id: int) -> None:
        await self._backend.notify(db, PREFS_CHANNEL, str(user_id))

    # -- deployment facts and notices --------------------------------------------------------

    async def set_lobby_shape(self, game_id: int, shape: LobbyShape) -> None:
        """Record how a lobby was opened (metadata: the version is kept)."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE games SET lobby_challenge = ?, lobby_invited = ? WHERE id = ?",
                (int(shape.challenge), dumps(list(shape.invited)), game_id),
            )

        await self._run(body, write=True, game_id=game_id)

    async def lobby_shape(self, game_id: int) -> LobbyShape | None:
        """How the lobby was opened; None for a game that recorded none (made outside a lobby)."""

        async def body(db: Conn) -> LobbyShape | None:
            await self._row(db, game_id, with_state=False)
            rows = list(
                await db.execute_fetchall(
                    "SELECT lobby_challenge, lobby_invited,"
                    " (SELECT r.game_id FROM rematches r WHERE r.lobby_id = games.id) AS rematch_of"
                    " FROM games WHERE id = ?",
                    (game_id,),
                )
            )
            row = rows[0]
            if row["lobby_challenge"] is None:
                return None
            invited = tuple(loads(row["lobby_invited"] or "[]"))
            return LobbyShape(bool(row["lobby_challenge"]), invited, row["rematch_of"])

        return await self._run(body, write=False, game_id=game_id)

    async def claim_autoplay(self, game_id: int, lease: float) -> bool:
        """Take on playing a game's absent seats for ``lease`` seconds; True only for the one
        caller of any process that got it (a claim held by this process is not taken again; one a
        process made before this store opened is taken over, its process being gone)."""

        async def body(db: Conn) -> bool:
            await self._row(db, game_id, with_state=False)
            now = self._clock()
            cur = await db.execute(
                "UPDATE games SET autoplay_by = ?, autoplay_at = ?, autoplay_until = ? WHERE id = ? AND ("
                " autoplay_until IS NULL OR autoplay_until < ?"
                " OR (autoplay_by <> ? AND autoplay_at <= ?))",
                (self.owner, now, now + lease, game_id, now, self.owner, self.opened_at),
            )
            return cur.rowcount == 1

        return await self._run(body, write=True, game_id=game_id)

    async def release_autoplay(self, game_id: int) -> None:
        """This process stopped playing the game's absent seats."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE games SET autoplay_by = NULL, autoplay_at = NULL, autoplay_until = NULL"
                " WHERE id = ? AND autoplay_by = ?",
                (game_id, self.owner),
            )

        await self._run(body, write=True, game_id=game_id)

    async def turn_page(self, game_id: int) -> TurnPage | None:
        """The game's current turn page; None before its first."""

        async def read(db: Conn) -> TurnPage | None:
            await self._row(db, game_id, with_state=False)
            return await self._turn_page(db, game_id)

        return await self._run(read, write=False, game_id=game_id)

    @staticmethod
    async def _turn_page(db: Conn, game_id: int) -> TurnPage | None:
        rows = list(
            await db.execute_fetchall(
                "SELECT message_id, lines, turn, parts, had_turn, opened, version FROM turn_pages WHERE game_id = ?",
                (game_id,),
            )
        )
        if not rows:
            return None
        r = rows[0]
        return TurnPage(
            message_id=r["message_id"],
            lines=tuple(loads(r["lines"])),
            turn=r["turn"],
            parts=tuple(loads(r["parts"])),
            had_turn=bool(r["had_turn"]),
            opened=bool(r["opened"]),
            version=r["version"],
        )

    async def set_turn_page(self, game_id: int, page: TurnPage, *, told: int | None = None) -> None:
        """Keep the game's current turn page, replacing the one before, and let go of this
        process's hold on it (:meth:`hold_turn_page`); with ``told``, the changes up to that version
        are told in the same transaction (:meth:`told`). What a page shows is bookkeeping of the
        telling, committed as :meth:`_bookkeeping` commits: a power cut that rolls it back makes the
        catch-up tell the change again."""

        async def write(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "INSERT INTO turn_pages"
                " (game_id, message_id, lines, turn, parts, had_turn, opened, version, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
                " lines = excluded.lines, turn = excluded.turn, parts = excluded.parts,"
                " had_turn = excluded.had_turn, opened = excluded.opened, version = excluded.version,"
                " updated_at = excluded.updated_at,"
                " held_by = CASE WHEN turn_pages.held_by = ? THEN NULL ELSE turn_pages.held_by END,"
                " held_until = CASE WHEN turn_pages.held_by = ? THEN NULL ELSE turn_pages.held_until END",
                (
                    game_id,
                    page.message_id,
                    dumps(list(page.lines)),
                    page.turn,
                    dumps(list(page.parts)),
                    int(page.had_turn),
                    int(page.opened),
                    page.version,
                    self._clock(),
                    self.owner,
                    self.owner,
                ),
            )
            if told is not None:
                await self._told(db, game_id, told)

        return await self._bookkeeping(write, game_id)

    async def hold_turn_page(self, game_id: int, lease: float = PAGE_LEASE) -> TurnPage | None:
        """Take the game's turn page for telling a change on it, for ``lease`` seconds, and read it
        in the same transaction: None unless this process got it (a hold of this process is taken
        again; a hold of a process that opened the store before this one did, or one that ran out,
        is taken over). Bookkeeping (:meth:`_bookkeeping`): on SQLite a power cut that loses the
        hold stops its holder too; on PostgreSQL a crash of the server that loses it right after
        the commit may let another process tell on the page while the holder still does (a page
        edited twice at worst; the game's moves are in the FULL commits)."""

        async def hold(db: Conn) -> TurnPage | None:
            await self._row(db, game_id, with_state=False)
            now = self._clock()
            cur = await db.execute(
                "INSERT INTO turn_pages (game_id, held_by, held_at, held_until, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET held_by = excluded.held_by, held_at = excluded.held_at,"
                " held_until = excluded.held_until"
                " WHERE turn_pages.held_by IS NULL OR turn_pages.held_by = excluded.held_by"
                " OR turn_pages.held_until < ? OR turn_pages.held_at <= ?",
                (game_id, self.owner, now, now + lease, now, now, self.opened_at),
            )
            if cur.rowcount != 1:
                return None
            return await self._turn_page(db, game_id) or TurnPage()  # the hold's row is the page's

        return await self._bookkeeping(hold, game_id)

    async def release_turn_page(self, game_id: int) -> None:
        """This process lets go of the game's turn page without saving it (its telling failed)."""

        async def release(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE turn_pages SET held_by = NULL, held_at = NULL, held_until = NULL"
                " WHERE game_id = ? AND held_by = ?",
                (game_id, self.owner),
            )

        return await self._run(release, write=True, game_id=game_id)

    async def get_meta(self, key: str) -> str | None:
        """A deployment fact (e.g. the synced command tree's hash), or None."""
        rows = await self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0]["value"] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store a deployment fact, replacing any earlier value (one statement, one round trip)."""
        await self._statement(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, self._clock()),
        )

    async def mark_dm_warned(self, game_id: int, user_id: int) -> bool:
        """Record that the thread told ``user_id`` their DMs are closed; True only the first time,
        so the notice is posted once per player and game, across restarts. False for a user who
        is not a player; GameNotFound for an unknown game."""

        async def body(db: Conn) -> bool:
            await self._row(db, game_id, with_state=False)
            if not _in_int64(user_id):
                return False
            cur = await db.execute(
                "UPDATE seats SET dm_warned = 1 WHERE game_id = ? AND user_id = ? AND dm_warned = 0",
                (game_id, user_id),
            )
            return cur.rowcount > 0

        return await self._run(body, write=True, game_id=game_id)

    # -- cancel votes ------------------------------------------------------------------------

    async def vote_cancel(self, game_id: int, user_id: int) -> tuple[int, ...]:
        """Record that ``user_id`` agrees to cancel the running game (every seat they hold); return
        the players who agree so far, in seat order. A running game is cancelled only when every
        player agrees, so the caller cancels once this covers all players. Votes are metadata: no
        version bump, so the game's buttons stay valid. WrongStatus unless active, NotAPlayer."""
        return await self._set_cancel_vote(game_id, user_id, True)

    async def withdraw_cancel_vote(self, game_id: int, user_id: int) -> None:
        """Take back ``user_id``'s cancel vote (a no-op if they had none); the proposal closes when
        nobody agrees any more. WrongStatus unless the game is active, NotAPlayer for a user
        without a seat."""

        async def body(db: Conn) -> None:
            await self._cancel_vote(db, game_id, user_id, False)
            if not await self._agreed(db, game_id):
                await db.execute("DELETE FROM cancel_proposals WHERE game_id = ?", (game_id,))

        await self._run(body, write=True, game_id=game_id)

    async def agree_cancel(self, game_id: int, user_id: int) -> CancelProposal:
        """Count ``user_id``'s agreement to cancel the running game and open the game's one
        proposal if none is open, in one transaction (issue 18 §5): of two agreements at once,
        in any processes, exactly one opens it. The result says whether this agreement was new
        (False: a repeat) and whether this caller opened the proposal (and so posts it). No
        version bump. WrongStatus unless active, NotAPlayer for a user without a seat."""
        now = self._clock()

        async def body(db: Conn) -> CancelProposal:
            counted = await self._cancel_vote(db, game_id, user_id, True)
            cur = await db.execute(
                "INSERT INTO cancel_proposals (game_id, proposer_id, opened_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, user_id, now),
            )
            opened = cur.rowcount > 0
            (proposal,) = await db.execute_fetchall(
                "SELECT proposer_id, channel_id, message_id FROM cancel_proposals WHERE game_id = ?", (game_id,)
            )
            agreed = await self._agreed(db, game_id)
            return CancelProposal(
                proposer_id=int(proposal["proposer_id"]),
                agreed=agreed,
                counted=counted,
                opened=opened,
                channel_id=proposal["channel_id"],
                message_id=proposal["message_id"],
            )

        return await self._run(body, write=True, game_id=game_id)

    async def set_cancel_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Where the game's open cancel proposal was posted (later agreements edit that message).
        GameNotFound for an unknown game; nothing happens when no proposal is open."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE cancel_proposals SET channel_id = ?, message_id = ? WHERE game_id = ?",
                (channel_id, message_id, game_id),
            )

        await self._run(body, write=True, game_id=game_id)

    async def _set_cancel_vote(self, game_id: int, user_id: int, vote: bool) -> tuple[int, ...]:
        async def body(db: Conn) -> tuple[int, ...]:
            await self._cancel_vote(db, game_id, user_id, vote)
            return await self._agreed(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    async def _cancel_vote(self, db: Conn, game_id: int, user_id: int, vote: bool) -> bool:
        """Set a player's cancel vote (every seat they hold) in the running game; True when it
        changed. WrongStatus unless active, NotAPlayer for a user without a seat."""
        row = await self._row(db, game_id, with_state=False)
        self._check(row, None, ("active",))
        if not _in_int64(user_id):
            raise NotAPlayer(game_id, user_id)
        held = await db.execute_fetchall("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        if not held:
            raise NotAPlayer(game_id, user_id)
        cur = await db.execute(
            "UPDATE seats SET cancel_vote = ? WHERE game_id = ? AND user_id = ? AND cancel_vote = ?",
            (int(vote), game_id, user_id, int(not vote)),
        )
        return cur.rowcount > 0

    @staticmethod
    async def _agreed(db: Conn, game_id: int) -> tuple[int, ...]:
        rows = await db.execute_fetchall(
            "SELECT user_id FROM seats WHERE game_id = ? AND cancel_vote = 1 ORDER BY seat", (game_id,)
        )
        return tuple(dict.fromkeys(int(r[0]) for r in rows))

    # -- the question about a passed deadline ---------------------------------------------------

    async def set_vote_message(self, game_id: int, seat: int, channel_id: int, message_id: int, text: str) -> None:
        """Where the question about ``seat``'s passed deadline was posted, and its words (replacing
        an earlier one of the same seat). GameNotFound for an unknown game."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "INSERT INTO deadline_votes (game_id, seat, channel_id, message_id, text) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, text = excluded.text",
                (game_id, seat, channel_id, message_id, text),
            )

        await self._run(body, write=True, game_id=game_id)

    async def take_vote_message(self, game_id: int, seat: int) -> VoteMessage | None:
        """The question about ``seat``'s deadline is over (decided, moot): forget it and return
        where it was, to the one caller of any process that took it; None when there is none (or
        another caller took it). GameNotFound for an unknown game."""

        async def body(db: Conn) -> VoteMessage | None:
            await self._row(db, game_id, with_state=False)
            rows = await db.execute_fetchall(
                "DELETE FROM deadline_votes WHERE game_id = ? AND seat = ? RETURNING channel_id, message_id, text",
                (game_id, seat) if _in_int64(seat) else (game_id, -1),
            )
            found = list(rows)
            if not found:
                return None
            return VoteMessage(int(found[0]["channel_id"]), int(found[0]["message_id"]), str(found[0]["text"]))

        return await self._run(body, write=True, game_id=game_id)

    # -- ratings (issue 20 §1; db/ratings.py) ---------------------------------------------------

    async def rate(self, game_id: int) -> int:
        """Apply a finished game to its players' ratings and records — and first any game that
        ended before it and is not applied yet — in one transaction; a game applied already is
        not applied again (told twice, caught up after a crash). Returns how many games were
        applied now (0 for a game that is not finished, or applied already). GameNotFound for an
        unknown game."""

        async def rate(db: Conn) -> int:
            await self._row(db, game_id, with_state=False)
            return await ratings.rate_through(db, self._mapping(), game_id, self._clock())

        return await self._run(rate, write=True, game_id=game_id)

    async def rate_unrated(self) -> int:
        """Apply every finished game not applied yet, by end time (at start-up: games that ended
        before ratings existed, or while a process died before its listener ran), ``RATE_BATCH``
        games a transaction, so that other writers wait for one batch at most."""
        applied = 0
        while True:
            batch = await self._run(
                lambda db: ratings.rate_through(db, self._mapping(), None, self._clock(), RATE_BATCH), write=True
            )
            applied += batch
            if batch < RATE_BATCH:
                return applied

    async def rebuild_ratings(self) -> int:
        """Every rating and record again from the stored finished games, by end time."""
        return await self._run(lambda db: ratings.rebuild(db, self._mapping(), self._clock()), write=True)

    async def recompute_ratings(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating computed from scratch from the stored finished games (nothing written)."""
        return await self._run(lambda db: ratings.recompute(db, self._mapping()), write=False)

    async def stored_ratings(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating as stored."""
        return await self._run(ratings.stored, write=False)

    async def leaderboard(
        self, guild_id: int, kind: str, offset: int = 0, limit: int = 10
    ) -> tuple[list[ratings.Standing], int]:
        """A page of the server's leaderboard of ``kind`` and its number of players."""
        return await self._run(lambda db: ratings.leaderboard(db, guild_id, kind, offset, limit), write=False)

    async def records(self, guild_id: int, user_id: int) -> list[ratings.Record]:
        """A player's record per game kind in a server."""
        if not _in_int64(user_id):
            return []
        return await self._run(lambda db: ratings.records(db, guild_id, user_id), write=False)

    async def paces(self, guild_id: int, users: Iterable[int]) -> dict[int, ratings.Pace]:
        """Each player's pace in a server."""
        wanted = [u for u in users if _in_int64(u)]
        return await self._run(lambda db: ratings.paces(db, guild_id, wanted), write=False)

    # -- clocks and timers (issue 13) ----------------------------------------------------------

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the earliest timer not yet fired is due (None: nothing is); only of the games on
        ``shards`` when given."""
        where, params = self._on_shards(shards, "timers")

        async def body(db: Conn) -> float | None:
            rows = list(
                await db.execute_fetchall(
                    f"SELECT MIN(timers.due) FROM timers{where} AND timers.fired_at IS NULL", params
                )
            )
            return rows[0][0] if rows else None

        return await self._run(body, write=False)

    @staticmethod
    def _on_shards(shards: Shards | None, table: str) -> tuple[str, tuple[Any, ...]]:
        """A ``FROM {table}`` continuation keeping the rows of games on ``shards`` (all when None):
        a join to the game's guild and the start of a WHERE clause to go on with ``AND``."""
        if shards is None:
            return " WHERE 1 = 1", ()
        condition, params = shards.condition("g.guild_id")
        return f" JOIN games g ON g.id = {table}.game_id WHERE {condition}", params

    # -- telling changes (issue 18) --------------------------------------------------------------

    async def next_untold(self, shards: Shards | None = None) -> float | None:
        """When the oldest change not yet told falls out of its teller's lease (None: all told);
        only of the games on ``shards`` when given."""
        where, params = self._on_shards(shards, "changes")

        async def body(db: Conn) -> float | None:
            rows = list(
                await db.execute_fetchall(f"SELECT MIN(COALESCE(changes.claimed_at, 0)) FROM changes{where}", params)
            )
            return rows[0][0] + TELL_LEASE if rows and rows[0][0] is not None else None

        return await self._run(body, write=False)

    def _untaken(self, claimed_before: float | None) -> tuple[str, tuple[Any, ...]]:
        """The condition of a change another teller may take on: at start-up (``None``) every one
        another process took on before this store opened (its teller died with the process it was
        in; one still alive took it on later, or keeps its lease); later those whose teller took
        them on before ``claimed_before`` (out of its lease)."""
        if claimed_before is None:
            return (
                "(claimed_at IS NULL OR (claimed_at <= ? AND (claimed_by IS NULL OR claimed_by <> ?)))",
                (self.opened_at, self.owner),
            )
        return "(claimed_at IS NULL OR claimed_at < ?)", (claimed_before,)

    async def pending_changes(
        self, claimed_before: float | None, limit: int = 100, shards: Shards | None = None
    ) -> list[PendingChange]:
        """Changes not yet told that another teller may take on (see :meth:`_untaken`), by game and
        version, only of the games on ``shards`` when given; claim each with :meth:`claim_change`
        before telling it."""
        condition, params = self._untaken(claimed_before)
        where, on_shards = self._on_shards(shards, "changes")

        async def body(db: Conn) -> list[PendingChange]:
            rows = await db.execute_fetchall(
                "SELECT changes.game_id, changes.version, changes.kind, changes.seat, changes.events,"
                " changes.waiting_before, changes.done, changes.claimed_at, changes.tries"
                f" FROM changes{where} AND {condition} ORDER BY changes.game_id, changes.version LIMIT ?",
                (*on_shards, *params, limit),
            )
            return [self._pending(r) for r in rows]

        return await self._run(body, write=False)

    async def changes_of(self, game_id: int) -> list[PendingChange]:
        """Every change of a game not yet told, oldest first."""

        async def body(db: Conn) -> list[PendingChange]:
            await self._row(db, game_id, with_state=False)
            rows = await db.execute_fetchall(
                "SELECT game_id, version, kind, seat, events, waiting_before, done, claimed_at, tries FROM changes"
                " WHERE game_id = ? ORDER BY version",
                (game_id,),
            )
            return [self._pending(r) for r in rows]

        return await self._run(body, write=False, game_id=game_id)

    @staticmethod
    def _pending(r: Row) -> PendingChange:
        return PendingChange(
            game_id=r["game_id"],
            version=r["version"],
            kind=r["kind"],
            seat=r["seat"],
            events=tuple(loads(r["events"])),
            waiting_before=tuple(loads(r["waiting_before"])),
            done=frozenset(loads(r["done"])),
            claimed_at=r["claimed_at"],
            tries=r["tries"],
        )

    async def claim_change(self, game_id: int, version: int, claimed_before: float | None) -> bool:
        """Take on telling a change; True only for the one caller (of any process) that got it, and
        only while another teller may take it on (see :meth:`_untaken`)."""
        condition, params = self._untaken(claimed_before)

        async def body(db: Conn) -> bool:
            await self._row(db, game_id, with_state=False)
            cur = await db.execute(
                "UPDATE changes SET claimed_at = ?, claimed_by = ?, tries = tries + 1"
                f" WHERE game_id = ? AND version = ? AND {condition}",
                (self._clock(), self.owner, game_id, version, *params),
            )
            return cur.rowcount == 1

        return await self._run(body, write=True, game_id=game_id)

    async def change_step(self, game_id: int, version: int, step: str) -> None:
        """A step of telling a change was made (a DM sent, the post made): never made again. One
        relaxed statement adds the step to the change's JSON list of steps (one round trip on
        either database), as the telling of every decision writes its steps; a step added twice
        (a teller after a crash) is read once (:meth:`_pending` reads a set). ``step``: letters,
        digits and colons ("post", "dm:1", "over:<user id>"), so it needs no JSON escaping."""
        if not _in_int64(game_id):
            raise GameNotFound(game_id)
        if not STEP.fullmatch(step):
            raise ValueError(f"not a step of telling: {step!r}")
        cur = await self._statement(
            "UPDATE changes SET done = CASE WHEN done = '[]' THEN '[\"' || ? || '\"]'"
            " ELSE substr(done, 1, length(done) - 1) || ',\"' || ? || '\"]' END"
            " WHERE game_id = ? AND version = ?",
            (step, step, game_id, version),
            game_id,
            relaxed=True,
        )
        if cur.rowcount != 1:
            await self._exists(game_id)  # no such change (told already): fine; no such game: not found

    async def told(self, game_id: int, version: int) -> None:
        """Every change of the game up to ``version`` has been told: one relaxed statement (one round
        trip), the database forgetting those changes itself (migration 0016's trigger)."""
        if not _in_int64(game_id):
            raise GameNotFound(game_id)
        cur = await self._statement(TOLD, (version, version, game_id), game_id, relaxed=True)
        if cur.rowcount != 1:
            raise GameNotFound(game_id)

    @staticmethod
    async def _told(db: Conn, game_id: int, version: int) -> int:
        """:meth:`told`'s write in the transaction ``db``; the number of games updated."""
        updated = await db.execute(TOLD, (version, version, game_id))
        return updated.rowcount

    async def due_timers(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[Timer]:
        """Timers due by ``now`` and not fired yet, earliest first, only of the games on ``shards``
        when given (claim each before acting on it)."""
        where, params = self._on_shards(shards, "timers")

        async def body(db: Conn) -> list[Timer]:
            rows = await db.execute_fetchall(
                "SELECT timers.id, timers.game_id, timers.seat, timers.kind, timers.due, timers.fired_at FROM timers"
                f"{where} AND timers.fired_at IS NULL AND timers.due <= ? ORDER BY timers.due, timers.id LIMIT ?",
                (*params, now, limit),
            )
            return [Timer(*tuple(r)) for r in rows]

        return await self._run(body, write=False)

    async def claim_timer(self, timer_id: int) -> bool:
        """Mark a due timer fired; True only for the one caller (of any process) that got it first,
        and only while it is still due (a vacation may have moved it on since it was read)."""
        if not _in_int64(timer_id):
            return False

        async def body(db: Conn) -> bool:
            now = self._clock()
            cur = await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL AND due <= ?", (now, timer_id, now)
            )
            return cur.rowcount == 1

        return await self._run(body, write=True)

    async def add_timer(self, game_id: int, seat: int | None, kind: str, due: float) -> Timer:
        """A timer of an active game's waiting seat (a reminder put off by the 24-hour cap)."""

        async def body(db: Conn) -> Timer:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, None, ("active",))
            timer_id = await _insert_id(
                db, "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, ?, ?, ?)", (game_id, seat, kind, due)
            )
            return Timer(timer_id, game_id, seat, kind, due)

        return await self._run(body, write=True, game_id=game_id)

    async def timer(self, timer_id: int) -> Timer | None:
        """A timer by id, fired or not; None once it is gone (its seat played, the game ended)."""
        if not _in_int64(timer_id):
            return None

        async def body(db: Conn) -> Timer | None:
            rows = list(
                await db.execute_fetchall(
                    "SELECT id, game_id, seat, kind, due, fired_at FROM timers WHERE id = ?", (timer_id,)
                )
            )
            return Timer(*tuple(rows[0])) if rows else None

        return await self._run(body, write=False)

    async def claim_reminder(self, user_id: int, at: float | None = None, gap: float = clocks.REMINDER_GAP) -> bool:
        """Record a reminder to ``user_id`` at ``at`` (default now; the dispatcher passes the
        timer's due time, so the minutes it took to fire do not push the next reminder out of
        its slot), unless one was recorded less than ``gap`` before: True only when this caller
        may send it (the cap holds across games and processes)."""
        if not _in_int64(user_id):
            return False
        now = self._clock() if at is None else at

        async def body(db: Conn) -> bool:
            cur = await db.execute(
                "INSERT INTO user_prefs (user_id, reminded_at, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminded_at = excluded.reminded_at"
                " WHERE user_prefs.reminded_at IS NULL OR user_prefs.reminded_at <= ?",
                (user_id, now, now, now - gap),
            )
            return cur.rowcount == 1

        return await self._run(body, write=True)

    async def extend_deadline(self, game_id: int, seat: int) -> GameRecord:
        """The others chose to wait: the seat's clock starts again from now (or its player's
        vacation end), with new reminders; its waiting-since time is kept."""
        now = self._clock()

        async def body(db: Conn) -> GameRecord:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, None, ("active",))
            seat_rows = [r for r in await self._seats(db, game_id) if r["seat"] == seat]
            if seat_rows and seat_rows[0]["since"] is not None and row["pace"]:
                user = seat_rows[0]["user_id"]
                away = (await clocks.away_until(db, [user])).get(user)
                await clocks.start_clock(db, game_id, seat, row["pace"], now, away, since=seat_rows[0]["since"])
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    async def overdue_now(self, game_id: int, seat: int) -> bool:
        """The seat's player is gone (left the server): its deadline is now — also in a game with
        no pace, which then gets a deadline for this once. True when this caller set it (the seat
        waits for its player and no deadline of it has fired or is due already)."""
        now = self._clock()

        async def body(db: Conn) -> bool:
            await self._row(db, game_id, with_state=False)
            cur = await db.execute(
                "UPDATE timers SET due = ? WHERE game_id = ? AND seat = ? AND kind = 'deadline'"
                " AND fired_at IS NULL AND due > ?",
                (now, game_id, seat, now),
            )
            if cur.rowcount != 1:
                waiting = await db.execute_fetchall(
                    "SELECT 1 FROM seats s WHERE s.game_id = ? AND s.seat = ? AND s.since IS NOT NULL"
                    " AND s.absent IS NULL AND NOT EXISTS (SELECT 1 FROM timers t WHERE t.game_id = s.game_id"
                    " AND t.seat = s.seat AND t.kind = 'deadline')",
                    (game_id, seat),
                )
                if not list(waiting):
                    return False
                await db.execute(
                    "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, ?, 'deadline', ?)", (game_id, seat, now)
                )
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind IN ('half', 'late') AND fired_at IS NULL",
                (game_id, seat),
            )
            await db.execute("UPDATE seats SET deadline = ? WHERE game_id = ? AND seat = ?", (now, game_id, seat))
            return True

        return await self._run(body, write=True, game_id=game_id)

    async def set_absent(self, game_id: int, seat: int, absent: bool) -> GameRecord | None:
        """The table plays the seat from now on (``absent``), or gives it back to its player, whose
        clock then starts if the seat must act. None when nothing changed (already so)."""
        now = self._clock()

        async def body(db: Conn) -> GameRecord | None:
            row = await self._row(db, game_id, with_state=True)
            self._check(row, None, ("active",))
            cur = await db.execute(
                "UPDATE seats SET absent = ? WHERE game_id = ? AND seat = ? AND absent IS NOT DISTINCT FROM ?",
                ("auto" if absent else None, game_id, seat, None if absent else "auto"),
            )
            if cur.rowcount != 1:
                return None
            if absent:
                await clocks.stop_clock(db, game_id, seat)
            else:
                game = self.engine(row["kind"])
                to_act = game.to_act(game.load(loads(row["state"])))
                await clocks.update_clocks(db, game_id, row["pace"], await self._seats(db, game_id), to_act, now)
            return await self._fetch(db, game_id)

        return await self._run(body, write=True, game_id=game_id)

    async def vote_timeout(self, timer_id: int, voter_id: int, choice: str) -> dict[int, str]:
        """A player's choice on a seat whose time ran out (``wait``, ``win``, ``auto``), changeable
        until decided; returns every vote so far. Empty when the deadline is gone (the seat
        played meanwhile, or the game ended). ValueError for another choice."""
        if choice not in ("wait", "win", "auto"):
            raise ValueError(f"choice must be wait, win or auto, not {choice!r}")
        if not (_in_int64(timer_id) and _in_int64(voter_id)):
            return {}

        async def body(db: Conn) -> dict[int, str]:
            if not list(await db.execute_fetchall("SELECT 1 FROM timers WHERE id = ?", (timer_id,))):
                return {}
            await db.execute(
                "INSERT INTO timeout_votes (timer_id, voter_id, choice) VALUES (?, ?, ?)"
                " ON CONFLICT (timer_id, voter_id) DO UPDATE SET choice = excluded.choice",
                (timer_id, voter_id, choice),
            )
            rows = await db.execute_fetchall(
                "SELECT voter_id, choice FROM timeout_votes WHERE timer_id = ?", (timer_id,)
            )
            return {int(r[0]): str(r[1]) for r in rows}

        return await self._run(body, write=True)

    async def nudge(self, game_id: int, gap: float = clocks.NUDGE_GAP) -> bool:
        """Record a nudge on an active game; True unless one was recorded less than ``gap`` ago."""
        now = self._clock()

        async def body(db: Conn) -> bool:
            await self._row(db, game_id, with_state=False)
            cur = await db.execute(
                "UPDATE games SET nudged_at = ? WHERE id = ? AND status = 'active'"
                " AND (nudged_at IS NULL OR nudged_at <= ?)",
                (now, game_id, now - gap),
            )
            return cur.rowcount == 1

        return await self._run(body, write=True, game_id=game_id)

    async def expire_lobby(self, game_id: int) -> GameRecord | None:
        """A lobby nobody started ends: status and ending ``expired``, no winner, cancelled by nobody
        (its change is told like a cancellation); None if it is no lobby now."""
        outcome = Outcome(winners=(), ending=Ending.EXPIRED)
        try:
            return await self._end(game_id, "expired", outcome, None, None, ("lobby",))
        except WrongStatus:
            return None

    async def go_away(self, user_id: int, days: int, limit: int = clocks.VACATION_DAYS) -> UserPrefs:
        """A vacation of ``days`` from now (replacing a running one, whose unused whole days come
        back): every clock of the player stops until it ends. VacationLimit beyond ``limit`` days
        in this calendar year (UTC)."""
        if not isinstance(days, int) or isinstance(days, bool) or days < 1:
            raise ValueError(f"days must be a positive int, not {days!r}")
        now = self._clock()

        async def body(db: Conn) -> UserPrefs:
            prefs = await self._prefs(db, user_id)
            used = self._days_used(prefs, now)
            if prefs.away(now) and prefs.away_year == clocks.year_of(now):
                used -= self._unused_days(prefs, now)
            if used + days > limit:
                raise VacationLimit(user_id, days, max(0, limit - used))
            until = now + days * clocks.DAY
            await clocks.shift_user(db, user_id, until - max(now, prefs.away_until or now))
            await self._write_away(db, user_id, prefs.away_from if prefs.away(now) else now, until, now, used + days)
            return await self._prefs(db, user_id)

        return await self._run(body, write=True)

    async def come_back(self, user_id: int) -> UserPrefs | None:
        """End a running vacation now; its unused whole days come back. None when not away."""
        now = self._clock()

        async def body(db: Conn) -> UserPrefs | None:
            prefs = await self._prefs(db, user_id)
            if not prefs.away(now):
                return None
            used = self._days_used(prefs, now)
            if prefs.away_year == clocks.year_of(now):
                used -= self._unused_days(prefs, now)
            await clocks.shift_user(db, user_id, now - (prefs.away_until or now))
            await self._write_away(db, user_id, None, None, now, used)
            return await self._prefs(db, user_id)

        return await self._run(body, write=True)

    @staticmethod
    def _days_used(prefs: UserPrefs, now: float) -> int:
        return prefs.away_days if prefs.away_year == clocks.year_of(now) else 0

    @staticmethod
    def _unused_days(prefs: UserPrefs, now: float) -> int:
        return int(max(0.0, (prefs.away_until or now) - now) // clocks.DAY)

    async def _write_away(
        self, db: Conn, user_id: int, start: float | None, until: float | None, now: float, days: int
    ) -> None:
        await db.execute(
            "INSERT INTO user_prefs (user_id, away_from, away_until, away_year, away_days, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET away_from = excluded.away_from,"
            " away_until = excluded.away_until, away_year = excluded.away_year, away_days = excluded.away_days,"
            " updated_at = excluded.updated_at",
            (user_id, start, until, clocks.year_of(now), max(0, days), now),
        )
        await self._prefs_changed(db, user_id)

    # -- takeback by agreement (issue 20 §3) ------------------------------------------------------

    async def plan_takeback(self, game_id: int, seat: int, expected_version: int | None = None) -> tuple[int, int, Any]:
        """What taking back ``seat``'s last decision would do, read from one snapshot: the game's
        version, the ``seq`` of the action undone and the state without it. Writes nothing; the
        engine work runs outside the store's lock. WrongStatus unless active, StaleVersion when
        not at ``expected_version``, :class:`TakebackRefused` when it may not be taken back."""
        row, players, log = await self._run(self._with_log(game_id, with_state=False), write=False, game_id=game_id)
        self._check(row, expected_version, ("active",))
        game = self.engine(row["kind"])
        seq, state = plan_takeback(game, game_id, len(players), loads(row["options"]), row["seed"], log, seat)
        return row["version"], seq, state

    async def take_back(self, game_id: int, expected_version: int, seat: int) -> AppendResult:
        """Undo ``seat``'s last decision (issue 20 §3): the state becomes the replay of the log
        without it, the version goes up by one, the log gets a takeback entry by ``seat`` and the
        changes a ``takeback`` change; clocks follow who must act now (the seat waits again, from
        now), and the game's request to take back is over — all in one transaction, with the
        version check (the plan is made from a snapshot first: a change in between is
        StaleVersion). The result's ``events`` are the takeback's one event."""
        _, seq, state = await self.plan_takeback(game_id, seat, expected_version)

        async def body(db: Conn) -> AppendResult:
            row = await self._row(db, game_id, with_state=True)
            self._check(row, expected_version, ("active",))
            game = self.engine(row["kind"])
            before = game.to_act(game.load(loads(row["state"])))
            after = game.to_act(state)
            now = self._clock()
            await clocks.update_clocks(db, game_id, row["pace"], await self._seats(db, game_id), after, now)
            version = await self._bump(
                db,
                game_id,
                expected_version,
                "state = ?, updated_at = ?, turn_since = CASE WHEN ? THEN ? ELSE turn_since END",
                (dumps(game.dump(state)), now, bool(set(after) - set(before)), now),
            )
            events = [{"type": "takeback", "seat": seat, "seq": seq}]
            events_json = dumps(events)
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, created_at, events) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, version, seat, dumps(takeback_entry(seq)), now, events_json),
            )
            await self._changed(db, game_id, version, "takeback", now, seat, events_json, before)
            await self._drop_takeback(db, game_id)
            return AppendResult(game_id, version, events, state, tuple(after), None, tuple(before))

        return await self._run(body, write=True, game_id=game_id)

    async def open_takeback(
        self, game_id: int, version: int, seq: int, seat: int, user_id: int
    ) -> tuple[TakebackRequest, bool, TakebackRequest | None]:
        """Open the game's one request to take back a decision, about ``version`` (the game must
        still be at it: StaleVersion otherwise), with a ``takeback`` timer that lapses it after
        :data:`TAKEBACK_TTL`. Returns the open request, whether this call opened it (False: one is
        open already, the caller answers privately), and a request about an older version that
        this call found left open and removed (its message is to be told it lapsed).
        ``TakebackRefused`` (``refused``) when a request about ``version`` was refused already:
        one request per decision (issue 44 §5)."""
        now = self._clock()

        async def body(db: Conn) -> tuple[TakebackRequest, bool, TakebackRequest | None]:
            row = await self._row(db, game_id, with_state=False)
            self._check(row, version, ("active",))
            refused = await db.execute_fetchall(
                "SELECT 1 FROM takeback_refusals WHERE game_id = ? AND version = ?", (game_id, version)
            )
            if refused:
                raise TakebackRefused(game_id, "refused")
            lapsed = await self._pop_takeback(db, game_id, "version < ?", (version,))
            cur = await db.execute(
                "INSERT INTO takeback_requests (game_id, version, seq, seat, user_id, opened_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, version, seq, seat, user_id, now),
            )
            opened = cur.rowcount == 1
            if opened:
                await db.execute(
                    "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'takeback', ?)",
                    (game_id, now + TAKEBACK_TTL),
                )
            request = await self._takeback(db, game_id)
            assert request is not None
            return request, opened, lapsed

        return await self._run(body, write=True, game_id=game_id)

    async def set_takeback_message(
        self, game_id: int, version: int, channel_id: int, message_id: int, text: str
    ) -> None:
        """Where the request about ``version`` was posted, and its words (nothing when it is over)."""

        async def body(db: Conn) -> None:
            await self._row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE takeback_requests SET channel_id = ?, message_id = ?, text = ?"
                " WHERE game_id = ? AND version = ?",
                (channel_id, message_id, text, game_id, version),
            )

        await self._run(body, write=True, game_id=game_id)

    async def agree_takeback(self, game_id: int, version: int, user_id: int) -> TakebackRequest | None:
        """Count ``user_id``'s agreement to the request about ``version``; the request with every
        agreement so far, or None when no such request is open (it ended, or the game moved on)."""

        async def body(db: Conn) -> TakebackRequest | None:
            await self._row(db, game_id, with_state=False)
            request = await self._takeback(db, game_id)
            if request is None or request.version != version:
                return None
            if user_id not in request.agreed:
                agreed = (*request.agreed, user_id)
                await db.execute(
                    "UPDATE takeback_requests SET agreed = ? WHERE game_id = ?", (dumps(list(agreed)), game_id)
                )
                request = await self._takeback(db, game_id)
            return request

        return await self._run(body, write=True, game_id=game_id)

    async def takeback_request(self, game_id: int) -> TakebackRequest | None:
        """The game's open request to take back a decision, or None (read after every change: one
        hop)."""

        async def read(db: Conn) -> TakebackRequest | None:
            await self._row(db, game_id, with_state=False)
            return await self._takeback(db, game_id)

        return await self._run(read, write=False, game_id=game_id)

    async def close_takeback(
        self, game_id: int, *, version: int | None = None, older_than: int | None = None, refused: bool = False
    ) -> TakebackRequest | None:
        """End the game's open request — the one about ``version``, or one about a version older
        than ``older_than`` (the game moved on), or any — and return it to the one caller that
        ended it (it retires the message); None when there was none. ``refused``: a player
        refused it, so no other request about its version may be opened (:meth:`open_takeback`)."""
        condition: str = "TRUE"
        params: tuple[int, ...] = ()
        if version is not None:
            condition, params = "version = ?", (version,)
        elif older_than is not None:
            condition, params = "version < ?", (older_than,)

        async def pop(db: Conn) -> TakebackRequest | None:
            await self._row(db, game_id, with_state=False)
            request = await self._pop_takeback(db, game_id, condition, params)
            if request is not None and refused:
                await db.execute(
                    "INSERT INTO takeback_refusals (game_id, version) VALUES (?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version",
                    (game_id, request.version),
                )
            return request

        return await self._run(pop, write=True, game_id=game_id)

    async def _pop_takeback(
        self, db: Conn, game_id: int, condition: str, params: Sequence[Any]
    ) -> TakebackRequest | None:
        request = await self._takeback(db, game_id)
        if request is None:
            return None
        cur = await db.execute(f"DELETE FROM takeback_requests WHERE game_id = ? AND {condition}", (game_id, *params))
        if cur.rowcount != 1:
            return None
        await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = 'takeback'", (game_id,))
        return request

    @staticmethod
    async def _drop_takeback(db: Conn, game_id: int) -> None:
        await db.execute("DELETE FROM takeback_requests WHERE game_id = ?", (game_id,))
        await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = 'takeback'", (game_id,))

    @staticmethod
    async def _takeback(db: Conn, game_id: int) -> TakebackRequest | None:
        rows = list(
            await db.execute_fetchall(
                "SELECT version, seq, seat, user_id, agreed, channel_id, message_id, text, opened_at"
                " FROM takeback_requests WHERE game_id = ?",
                (game_id,),
            )
        )
        if not rows:
            return None
        r = rows[0]
        return TakebackRequest(
            game_id=game_id,
            version=r["version"],
            seq=r["seq"],
            seat=r["seat"],
            user_id=r["user_id"],
            agreed=tuple(int(u) for u in loads(r["agreed"])),
            channel_id=r["channel_id"],
            message_id=r["message_id"],
            text=r["text"],
            opened_at=r["opened_at"],
        )

    # -- rematches and walkthroughs (issue 20 §3, §4) ------------------------------------------

    async def open_rematch(
        self, game_id: int, by_user: int, seats: Sequence[int], options: Mapping[str, Any] | None, shape: LobbyShape
    ) -> tuple[GameRecord, bool]:
        """The lobby of a finished game's rematch: made now — in its channel, with its pace and
        language, ``by_user`` its creator, ``seats`` seated, ``options`` and ``shape`` — and linked
        to the game, or the one a press made before; says whether it was made now. The link is
        claimed by a conditional write in the lobby's transaction: of two presses at once one makes
        the lobby, the other gets it. A linked lobby that ended without starting is replaced."""

        async def body(db: Conn) -> tuple[GameRecord, bool]:
            row = await self._row(db, game_id, with_state=False)
            if row["status"] != "finished":
                raise WrongStatus(game_id, row["status"], ("finished",))
            linked = await db.execute_fetchall(
                "SELECT r.lobby_id, g.status, g.seed FROM rematches r JOIN games g ON g.id = r.lobby_id"
                " WHERE r.game_id = ?",
                (game_id,),
            )
            seen: int | None = None
            for lobby_id, status, seed in linked:
                if rematch_stands(status, seed):
                    return await self._fetch(db, lobby_id), False
                seen = lobby_id
            resolved = resolve_options(self.engine(row["kind"]).options, options)
            lobby = await self._insert_lobby(
                db,
                row["kind"],
                by_user,
                resolved,
                row["guild_id"],
                row["channel_id"],
                None,
                seats,
                row["pace"],
                row["language"],
            )
            await db.execute(
                "UPDATE games SET lobby_challenge = ?, lobby_invited = ? WHERE id = ?",
                (int(shape.challenge), dumps(list(shape.invited)), lobby),
            )
            now = self._clock()
            cur = await db.execute(
                "INSERT INTO rematches (game_id, lobby_id, by_user, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET lobby_id = excluded.lobby_id, by_user = excluded.by_user,"
                " created_at = excluded.created_at WHERE rematches.lobby_id IS NOT DISTINCT FROM ?",
                (game_id, lobby, by_user, now, seen),
            )
            if cur.rowcount != 1:  # another press linked its lobby first: this one is not made
                raise StaleVersion(game_id, row["version"], row["version"])
            return await self._fetch(db, lobby), True

        return await self._run(body, write=True, game_id=game_id)

    async def rematch_lobby(self, game_id: int) -> int | None:
        """The lobby a finished game's Rematch opened (None: none yet)."""

        async def body(db: Conn) -> int | None:
            await self._row(db, game_id, with_state=False)
            rows = list(await db.execute_fetchall("SELECT lobby_id FROM rematches WHERE game_id = ?", (game_id,)))
            return int(rows[0]["lobby_id"]) if rows else None

        return await self._run(body, write=False, game_id=game_id)

    async def claim_walkthrough(self, user_id: int, kind: str) -> bool:
        """Whether the walkthrough of ``kind`` is to be shown to the player now: True once per
        player and kind, for the one caller that recorded it."""
        if not _in_int64(user_id):
            return False
        cur = await self._statement(
            "INSERT INTO walkthroughs (user_id, kind, shown_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (user_id, kind, self._clock()),
        )
        return cur.rowcount == 1

    async def forget_walkthrough(self, user_id: int, kind: str) -> None:
        """The walkthrough could not reach the player (closed DMs): show it at the next chance."""
        await self._statement("DELETE FROM walkthroughs WHERE user_id = ? AND kind = ?", (user_id, kind))
