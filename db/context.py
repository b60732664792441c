"""What the store's repositories share (issue 45 §3): one :class:`Context` over the one backend.

The store (db/store.py) is one repository per area (db/repos/): games and their log, lobbies,
agreements, clocks, the outbox of untold changes, turn pages, preferences, ratings and meta. Each
runs its transactions through the context given to all of them, which holds the backend, the
engines and the clock, and the private helpers every area needs inside a transaction: reading a
game's row (:meth:`Context.row`) and record (:meth:`Context.fetch`), the version check
(:meth:`Context.bump`, :meth:`Context.check`), the change a version bump leaves to be told
(:meth:`Context.changed`). Where one transaction touches two areas (a takeback drops the game's
request to take back; a vacation shifts clocks and writes preferences), both use the helper here,
never another repository's public call in a second transaction: an action stays one transaction.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from db import clocks
from db.backend import Backend
from db.connection import Body, Conn, Cursor, Row, T
from db.errors import GameNotFound, NoState, RoundNotFound, StaleVersion, TableHasGame, UnknownGameKind, WrongStatus
from db.json_text import dumps, loads
from db.league_records import TableKey
from db.records import GameRecord, SeatClock, Shards, UserPrefs
from db.replay import replay_log
from rules.protocol import AnyGame, Outcome

Clock = Callable[[], float]

COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, message_id, creator_id, status, options, seed, "
    "version, outcome, cancelled_by, created_at, updated_at, turn_since, pace, nudged_at, announced, language"
)
SEAT_COLUMNS = "seat, user_id, since, deadline, absent"


def game_with_seats(extra: str = "", join: str = "") -> str:
    """A statement reading a game's row with its state (and the ``extra`` columns, from the tables
    ``join`` adds), once per seat with that seat's columns (one row of NULL seat columns for a game
    without seats)."""
    return (
        f"SELECT {', '.join('g.' + c.strip() for c in COLUMNS.split(','))}, g.state,"
        f" {', '.join('s.' + c.strip() for c in SEAT_COLUMNS.split(','))}{extra}"
        f" FROM games g LEFT JOIN seats s ON s.game_id = g.id{join} WHERE g.id = ? ORDER BY s.seat"
    )


GAME_WITH_SEATS = game_with_seats()
"""A game with its seats, by one statement (:func:`game_with_seats`)."""
GAME_FOR_A_MOVE = game_with_seats(
    ", EXISTS (SELECT 1 FROM takeback_requests t WHERE t.game_id = g.id) AS takeback_open, p.away_until",
    " LEFT JOIN user_prefs p ON p.user_id = s.user_id",
)
"""What a move reads (:meth:`db.repos.games.GamesRepo.append`) in one statement: the game with its
seats, whether a takeback is asked for, and each seat's player's vacation end (for a clock that
starts: one round trip on PostgreSQL where there were four)."""

INT64 = (-(2**63), 2**63 - 1)
PREFS_CHANNEL = "deskovka_prefs"
"""Where processes tell each other a player's preferences changed (PostgreSQL NOTIFY; the user id)."""
TOLD = "UPDATE games SET announced = CASE WHEN announced > ? THEN announced ELSE ? END WHERE id = ?"
"""A game's changes told up to a version (never lowered); migration 0016's trigger deletes them."""


def in_int64(value: Any) -> bool:
    """Whether ``value`` binds as a 64-bit integer (SQLite's INTEGER, PostgreSQL's BIGINT; a larger int raises)."""
    return isinstance(value, int) and not isinstance(value, bool) and INT64[0] <= value <= INT64[1]


def check_seed(seed: int) -> int:
    if not in_int64(seed):
        raise ValueError(f"seed must be an int in the signed 64-bit range, not {seed!r}")
    return seed


def check_pace(pace: int | None) -> int | None:
    if pace is not None and not (isinstance(pace, int) and not isinstance(pace, bool) and 0 < pace <= 365 * 86400):
        raise ValueError(f"pace must be None or seconds per turn (at most a year), not {pace!r}")
    return pace


async def insert_id(db: Conn, sql: str, params: Sequence[Any]) -> int:
    """The id of the row the INSERT ``sql`` made (``RETURNING id``: both backends have it)."""
    ((row_id,),) = await db.execute_fetchall(f"{sql} RETURNING id", params)
    return int(row_id)


class Context:
    """The backend, the engines and the clock shared by the store's repositories, and the helpers
    their transactions share."""

    def __init__(self, backend: Backend, games: Mapping[str, AnyGame] | None = None, clock: Clock = time.time) -> None:
        self.backend = backend
        self._games = games
        self.clock = clock
        self.owner = secrets.token_hex(8)
        """This store's (this process's) token on the changes it commits and takes on."""
        self.opened_at = clock()

    def engine(self, kind: str) -> AnyGame:
        """The engine for ``kind``; :class:`UnknownGameKind` if the mapping has none."""
        try:
            return self.engines()[kind]
        except KeyError:
            raise UnknownGameKind(kind) from None

    def engines(self) -> Mapping[str, AnyGame]:
        """The engines by kind, as given (the bot's is ``cogs.games.ENGINES``, read live so a game
        registered after the store opened is known); none when none were given."""
        return self._games if self._games is not None else {}

    async def run(self, body: Body[T], *, write: bool, game_id: int | None = None) -> T:
        """``body`` as one transaction of the backend (db/backend.py): a write takes the write lock
        (SQLite's ``BEGIN IMMEDIATE``) or runs SERIALIZABLE (PostgreSQL, rerun on a serialization
        failure), a read sees one snapshot; any exception rolls back, and a database still busy
        elsewhere is :class:`StoreBusy` for ``game_id``."""
        return await self.backend.run(body, write=write, game_id=game_id)

    async def statement(
        self, sql: str, params: Sequence[Any] = (), game_id: int | None = None, *, relaxed: bool = False
    ) -> Cursor:
        """One statement as a transaction of its own (SQLite's autocommit: atomic, and as durable as a
        COMMIT): one round trip instead of three (BEGIN, it, COMMIT). Only for a write that reads
        nothing first (or only the rows it changes); busy is :class:`StoreBusy`. ``relaxed``:
        bookkeeping (:meth:`bookkeeping`) that may be run again (db/backend.py)."""
        return await self.backend.statement(sql, params, game_id, relaxed=relaxed)

    async def bookkeeping(self, write: Body[T], game_id: int) -> T:
        """A write that only says how far the telling of a change got (a step made, a change told,
        a turn page held or saved), in one transaction, committed without waiting for the disk:
        SQLite's ``synchronous`` is NORMAL for this transaction only (PostgreSQL's
        ``synchronous_commit`` off). Like every commit it survives a crash of the process; a power
        cut or an OS crash may roll the last of them back, and then the catch-up tells that change
        again (a repeated message at worst, never a lost move: the game's own commits keep FULL).
        Each fsync saved is ~0.3-0.45 ms of CPU a move (docs/PERFORMANCE.md). Returns what
        ``write`` returns."""
        return await self.backend.run(write, write=True, game_id=game_id, relaxed=True)

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read statement, executed and fetched in one round trip (its own read
        transaction: one snapshot)."""
        return await self.backend.query(sql, params)

    async def exists(self, game_id: int) -> None:
        """GameNotFound unless the game is stored."""

        async def body(db: Conn) -> None:
            await self.row(db, game_id, with_state=False)

        await self.run(body, write=False, game_id=game_id)

    async def row(self, db: Conn, game_id: int, *, with_state: bool) -> Row:
        """The game's row; every method taking a game id reads it first, so an id that no game can
        have (beyond SQLite's 64-bit INTEGER) is GameNotFound here rather than an OverflowError."""
        if not in_int64(game_id):
            raise GameNotFound(game_id)
        cols = COLUMNS + (", state" if with_state else "")
        rows = await db.execute_fetchall(f"SELECT {cols} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return next(iter(rows))

    async def row_for_a_move(self, db: Conn, game_id: int) -> tuple[Row, list[Row]]:
        """The game's row with its state and whether a takeback is asked (``takeback_open``), and
        its seats' rows: :data:`GAME_FOR_A_MOVE`, one statement (GameNotFound as :meth:`row`)."""
        rows = list(await db.execute_fetchall(GAME_FOR_A_MOVE, (game_id,))) if in_int64(game_id) else []
        if not rows:
            raise GameNotFound(game_id)
        return rows[0], [r for r in rows if r["seat"] is not None]

    async def players(self, db: Conn, game_id: int) -> tuple[int, ...]:
        rows = await db.execute_fetchall("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return tuple(int(r[0]) for r in rows)

    async def seats(self, db: Conn, game_id: int) -> list[Row]:
        rows = await db.execute_fetchall(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return list(rows)

    def record(self, row: Row, seats: Sequence[Row], state_json: str | None) -> GameRecord:
        kind = row["kind"]
        engine = self.engines().get(kind) if state_json is not None else None
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

    async def fetch(self, db: Conn, game_id: int) -> GameRecord:
        """The game with its seats and state, read on ``db`` by one statement."""
        rows = list(await db.execute_fetchall(GAME_WITH_SEATS, (game_id,))) if in_int64(game_id) else []
        return self.record_of(game_id, rows)

    def record_of(self, game_id: int, rows: Sequence[Row]) -> GameRecord:
        """The record from the rows of :data:`GAME_WITH_SEATS`; none is :class:`GameNotFound`
        (as is an id that no game can have, never read: beyond SQLite's 64-bit INTEGER)."""
        if not rows:
            raise GameNotFound(game_id)
        row = rows[0]
        return self.record(row, [r for r in rows if r["seat"] is not None], row["state"])

    async def write_seats(self, db: Conn, game_id: int, players: Sequence[int]) -> None:
        await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)",
            [(game_id, seat, user) for seat, user in enumerate(players)],
        )

    async def bump(self, db: Conn, game_id: int, version: int, assignments: str, params: Sequence[Any]) -> int:
        """``UPDATE games SET <assignments>, version = version + 1 WHERE id = ? AND version = ?``
        with the version this transaction read (DESIGN §4): if another writer got in between, no
        row matches and the write is refused as :class:`StaleVersion`. Returns the new version."""
        cur = await db.execute(
            f"UPDATE games SET {assignments}, version = version + 1 WHERE id = ? AND version = ?",
            (*params, game_id, version),
        )
        if cur.rowcount != 1:
            current = await self.row(db, game_id, with_state=False)
            raise StaleVersion(game_id, version, current["version"])
        return version + 1

    async def changed(
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
    def check(row: Row, expected_version: int | None, allowed: tuple[str, ...]) -> None:
        """Version first (an old button on a finished game is stale, not "wrong status")."""
        if expected_version is not None and row["version"] != expected_version:
            raise StaleVersion(row["id"], expected_version, row["version"])
        if row["status"] not in allowed:
            raise WrongStatus(row["id"], row["status"], allowed)

    @staticmethod
    async def keep_open(db: Conn, game_id: int, now: float) -> None:
        await db.execute(
            "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'keep', ?)",
            (game_id, now + clocks.KEEP_OPEN),
        )

    @staticmethod
    async def prefs(db: Conn, user_id: int) -> UserPrefs:
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

    async def prefs_changed(self, db: Conn, user_id: int) -> None:
        await self.backend.notify(db, PREFS_CHANNEL, str(user_id))

    @staticmethod
    async def told(db: Conn, game_id: int, version: int) -> int:
        """``store.outbox.told``'s write in the transaction ``db``; the number of games updated."""
        updated = await db.execute(TOLD, (version, version, game_id))
        return updated.rowcount

    @staticmethod
    async def attach_to_table(db: Conn, key: TableKey, game_id: int, players: Sequence[int]) -> None:
        """The league table ``key`` gets the game just made for it, in the game's creating
        transaction (issue 47 §3): only while it has none, so a round's table never gets two games
        however often opening it is resumed. :class:`TableHasGame` when it has one (or is a bye),
        :class:`RoundNotFound` for no such table, ValueError when ``players`` are not its seats;
        the caller's transaction then rolls back and no game is made."""
        league_id, round_no, table_no = key
        rows = (
            list(
                await db.execute_fetchall(
                    "SELECT seats, bye, game_id FROM league_tables"
                    " WHERE league_id = ? AND round_no = ? AND table_no = ?",
                    (league_id, round_no, table_no),
                )
            )
            if all(in_int64(n) for n in key)
            else []
        )
        if not rows:
            raise RoundNotFound(league_id, round_no, table_no)
        if rows[0]["bye"] or rows[0]["game_id"] is not None:
            raise TableHasGame(league_id, round_no, table_no, rows[0]["game_id"])
        if [int(u) for u in loads(rows[0]["seats"])] != list(players):
            raise ValueError(f"the players {list(players)!r} are not the seats of league table {tuple(key)!r}")
        cur = await db.execute(
            "UPDATE league_tables SET game_id = ? WHERE league_id = ? AND round_no = ? AND table_no = ?"
            " AND game_id IS NULL AND bye = 0",
            (game_id, league_id, round_no, table_no),
        )
        if cur.rowcount != 1:
            raise TableHasGame(league_id, round_no, table_no, None)

    @staticmethod
    async def drop_takeback(db: Conn, game_id: int) -> None:
        await db.execute("DELETE FROM takeback_requests WHERE game_id = ?", (game_id,))
        await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = 'takeback'", (game_id,))

    @staticmethod
    def on_shards(shards: Shards | None, table: str) -> tuple[str, tuple[Any, ...]]:
        """A ``FROM {table}`` continuation keeping the rows of games on ``shards`` (all when None):
        a join to the game's guild and the start of a WHERE clause to go on with ``AND``."""
        if shards is None:
            return " WHERE 1 = 1", ()
        condition, params = shards.condition("g.guild_id")
        return f" JOIN games g ON g.id = {table}.game_id WHERE {condition}", params

    def with_log(
        self, game_id: int, *, with_state: bool
    ) -> Body[tuple[Row, tuple[int, ...], list[tuple[int, int, str]]]]:
        """A read of the game's row, players and log entries (seq, seat, action), from one snapshot."""

        async def read(db: Conn) -> tuple[Row, tuple[int, ...], list[tuple[int, int, str]]]:
            row = await self.row(db, game_id, with_state=with_state)
            players = await self.players(db, game_id)
            return row, players, [(r["seq"], r["seat"], r["action"]) for r in await self.log_rows(db, game_id)]

        return read

    async def replayed(self, game_id: int) -> tuple[Row, Any]:
        row, players, log = await self.run(self.with_log(game_id, with_state=True), write=False, game_id=game_id)
        if row["seed"] is None:
            raise NoState(game_id, row["status"])
        game = self.engine(row["kind"])
        return row, replay_log(game, game_id, len(players), loads(row["options"]), row["seed"], log)

    async def log_rows(self, db: Conn, game_id: int) -> list[Row]:
        rows = await db.execute_fetchall(
            "SELECT seq, seat, action, created_at, events FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return list(rows)

    @staticmethod
    def _clocks(seats: Iterable[Row]) -> tuple[SeatClock, ...]:
        return tuple(SeatClock(r["seat"], r["user_id"], r["since"], r["deadline"], r["absent"]) for r in seats)


class Repo:
    """A repository of one area of the store: its transactions run through the shared context."""

    def __init__(self, context: Context) -> None:
        self._ctx = context
