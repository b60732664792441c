"""Leagues (issue 47): a season in a server, kept in the store so that it survives restarts and a
kill -9 at any point (§3), with several processes on one database.

What makes a round happen exactly once:

* **Claiming** a round (:meth:`LeaguesRepo.claim_round`) moves the league's ``current_round`` from
  the round before with the league's version check and inserts the round and its tables in the
  same transaction: of several processes one claims it, the others get :class:`RoundClaimed`.
* **Its games** are made by ``store.games.create(..., league_table=key)``, which writes the game
  and the table's ``game_id`` in one transaction, only while the table has none
  (:meth:`db.context.Context.attach_to_table`). A crash halfway leaves tables without a game
  (:meth:`LeaguesRepo.tables_without_game`), made on restart; never two games for a table.
* **Results** are written once per table (:meth:`LeaguesRepo.record_result`, only where there is
  none), a round closes once (the round's status and the league's version), and each post is
  claimed once (:meth:`LeaguesRepo.mark_announced`).

Every change of the league's status, players or rounds bumps its version (``version = version + 1
WHERE version = expected``, the row count checked), as a game's does (DESIGN §4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db.connection import Conn, Row
from db.context import Repo, check_pace, in_int64, insert_id
from db.errors import (
    AlreadyJoined,
    LeagueFull,
    LeagueNotFound,
    LeagueStaleVersion,
    LeagueWrongStatus,
    NotJoined,
    RoundClaimed,
    RoundIncomplete,
    RoundNotFound,
    RoundOutOfOrder,
    RoundWrongStatus,
)
from db.json_text import dumps, loads
from db.league_records import (
    LEAGUE_MOVES,
    LEAGUE_STATUSES,
    ROUND_LEASE,
    League,
    LeaguePlayer,
    LeagueRound,
    LeagueSettings,
    LeagueTable,
)
from db.records import Shards
from rules.protocol import resolve_options

LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, signup_message_id, name, kind, options, format, pace, round_days, starts_at,"
    " player_limit, language, created_by, created_at, status, current_round, version"
)
ROUND_COLUMNS = (
    "league_id, round_no, status, claimed_by, claimed_at, opened_at, deadline, closed_at, announced_at,"
    " results_announced_at"
)
TABLE_COLUMNS = "league_id, round_no, table_no, seats, game_id, result"
DAY = 86400.0
MAX_ROUND_DAYS = 365


def league_of(row: Row) -> League:
    return League(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        signup_message_id=row["signup_message_id"],
        name=row["name"],
        kind=row["kind"],
        options=loads(row["options"]),
        format=loads(row["format"]),
        pace=row["pace"],
        round_days=row["round_days"],
        starts_at=row["starts_at"],
        player_limit=row["player_limit"],
        language=row["language"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        status=row["status"],
        current_round=row["current_round"],
        version=row["version"],
    )


def player_of(row: Row) -> LeaguePlayer:
    return LeaguePlayer(row["league_id"], row["user_id"], row["joined_at"], row["withdrawn_at"], row["withdrawn_round"])


def round_of(row: Row) -> LeagueRound:
    return LeagueRound(*(row[c.strip()] for c in ROUND_COLUMNS.split(",")))


def table_of(row: Row) -> LeagueTable:
    result = row["result"]
    return LeagueTable(
        league_id=row["league_id"],
        round_no=row["round_no"],
        table_no=row["table_no"],
        seats=tuple(int(u) for u in loads(row["seats"])),
        game_id=row["game_id"],
        result=loads(result) if result is not None else None,
    )


def checked_tables(tables: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The round's tables as seat tuples; ValueError for none, an empty table, a player twice or an
    id that is no 64-bit integer (nothing is written)."""
    seated = [tuple(table) for table in tables]
    everyone = [user for table in seated for user in table]
    if not seated or any(not table for table in seated):
        raise ValueError("a round needs at least one table and every table a player")
    if not all(in_int64(user) for user in everyone) or len(set(everyone)) != len(everyone):
        raise ValueError(f"every seat must be a distinct user id: {seated!r}")
    return seated


def _statuses(status: str | Iterable[str] | None) -> tuple[str, ...] | None:
    if status is None:
        return None
    wanted = (status,) if isinstance(status, str) else tuple(status)
    bad = [s for s in wanted if s not in LEAGUE_STATUSES]
    if bad:
        raise ValueError(f"unknown league status {bad!r}; known: {LEAGUE_STATUSES!r}")
    return wanted


class LeaguesRepo(Repo):
    """Leagues, their players, rounds and tables, and who may manage them in a server."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        name: str,
        kind: str,
        options: Mapping[str, Any] | None,
        format: Any,
        pace: int | None,
        round_days: int,
        created_by: int,
        *,
        starts_at: float | None = None,
        player_limit: int | None = None,
        language: str | None = None,
    ) -> League:
        """A league in sign-up at version 0, round 0. Options are resolved against the game's spec
        and stored resolved (as a game's are: ``BadOptions`` and :class:`UnknownGameKind` propagate);
        ``format`` is stored as JSON, unread. ValueError for a bad pace, round length or limit."""
        resolved = resolve_options(self._ctx.engine(kind).options, options)
        check_pace(pace)
        if not (isinstance(round_days, int) and 0 < round_days <= MAX_ROUND_DAYS):
            raise ValueError(f"round_days must be 1 to {MAX_ROUND_DAYS}, not {round_days!r}")
        if player_limit is not None and not (isinstance(player_limit, int) and player_limit >= 2):
            raise ValueError(f"player_limit must be None or at least 2, not {player_limit!r}")
        if not name:
            raise ValueError("a league needs a name")
        now = self._ctx.clock()

        async def body(db: Conn) -> League:
            league_id = await insert_id(
                db,
                "INSERT INTO leagues (guild_id, channel_id, name, kind, options, format, pace, round_days, starts_at,"
                " player_limit, language, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    name,
                    kind,
                    dumps(resolved),
                    dumps(format),
                    pace,
                    round_days,
                    None if starts_at is None else float(starts_at),
                    player_limit,
                    language,
                    created_by,
                    now,
                ),
            )
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(body, write=True)

    async def get(self, league_id: int) -> League:
        """The league; :class:`LeagueNotFound` when there is none."""

        async def read(db: Conn) -> League:
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(read, write=False)

    async def find(
        self, guild_id: int, *, status: str | Iterable[str] | None = None, user_id: int | None = None
    ) -> list[League]:
        """A server's leagues, oldest first: only those in ``status`` (one or several) and those
        ``user_id`` plays in (withdrawn or not) when given."""
        wanted = _statuses(status)
        clauses: list[str] = ["guild_id = ?"]
        params: list[Any] = [guild_id]
        if wanted is not None:
            clauses.append(f"status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if user_id is not None:
            clauses.append("id IN (SELECT league_id FROM league_players WHERE user_id = ?)")
            params.append(user_id)
        rows = await self._ctx.query(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE {' AND '.join(clauses)} ORDER BY id", params
        )
        return [league_of(row) for row in rows]

    async def set_signup_message(self, league_id: int, message_id: int | None) -> None:
        """Where the sign-up post is (metadata: the version is kept)."""

        async def body(db: Conn) -> None:
            await self._row(db, league_id)
            await db.execute("UPDATE leagues SET signup_message_id = ? WHERE id = ?", (message_id, league_id))

        await self._ctx.run(body, write=True)

    async def set_status(self, league_id: int, status: str, *, expected_version: int | None = None) -> League:
        """Move the league to ``status`` (sign-up → running or cancelled, running → finished or
        cancelled: :data:`LEAGUE_MOVES`) with the version check; bumps the version.
        :class:`LeagueWrongStatus` for any other move, :class:`LeagueStaleVersion`."""
        if status not in LEAGUE_STATUSES:
            raise ValueError(f"unknown league status {status!r}; known: {LEAGUE_STATUSES!r}")
        allowed = tuple(s for s, moves in LEAGUE_MOVES.items() if status in moves)

        async def body(db: Conn) -> League:
            row = await self._row(db, league_id)
            self._check(row, expected_version, allowed)
            await self._bump(db, row, "status = ?", (status,))
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(body, write=True)

    async def join(self, league_id: int, user_id: int) -> League:
        """Sign the player up (the league after it: its version bumped). :class:`LeagueWrongStatus`
        out of sign-up, :class:`AlreadyJoined`, :class:`LeagueFull` at its limit — counted in this
        transaction, so two last joiners at once cannot both get the last place."""
        if not in_int64(user_id):
            raise ValueError(f"no user id: {user_id!r}")

        async def body(db: Conn) -> League:
            row = await self._row(db, league_id)
            self._check(row, None, ("signup",))
            if await self._player_row(db, league_id, user_id) is not None:
                raise AlreadyJoined(league_id, user_id)
            limit = row["player_limit"]
            if limit is not None:
                ((count,),) = await db.execute_fetchall(
                    "SELECT COUNT(*) FROM league_players WHERE league_id = ?", (league_id,)
                )
                if count >= limit:
                    raise LeagueFull(league_id, limit)
            await db.execute(
                "INSERT INTO league_players (league_id, user_id, joined_at) VALUES (?, ?, ?)",
                (league_id, user_id, self._ctx.clock()),
            )
            await self._bump(db, row)
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(body, write=True)

    async def leave(self, league_id: int, user_id: int) -> League:
        """Take the player off the sign-up (the league after it, its version bumped).
        :class:`LeagueWrongStatus` out of sign-up (in play it is :meth:`withdraw`), :class:`NotJoined`."""

        async def body(db: Conn) -> League:
            row = await self._row(db, league_id)
            self._check(row, None, ("signup",))
            if not in_int64(user_id) or await self._player_row(db, league_id, user_id) is None:
                raise NotJoined(league_id, user_id)
            await db.execute("DELETE FROM league_players WHERE league_id = ? AND user_id = ?", (league_id, user_id))
            await self._bump(db, row)
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(body, write=True)

    async def withdraw(self, league_id: int, user_id: int) -> LeaguePlayer | None:
        """The player leaves a running league: withdrawn now, in the league's current round (their
        remaining games are the caller's to forfeit); bumps the version. The player as withdrawn,
        or None when they had withdrawn already. :class:`LeagueWrongStatus` unless running,
        :class:`NotJoined`."""

        async def body(db: Conn) -> LeaguePlayer | None:
            row = await self._row(db, league_id)
            self._check(row, None, ("running",))
            player = await self._player_row(db, league_id, user_id) if in_int64(user_id) else None
            if player is None:
                raise NotJoined(league_id, user_id)
            if player["withdrawn_at"] is not None:
                return None
            await db.execute(
                "UPDATE league_players SET withdrawn_at = ?, withdrawn_round = ? WHERE league_id = ? AND user_id = ?",
                (self._ctx.clock(), row["current_round"], league_id, user_id),
            )
            await self._bump(db, row)
            return player_of(await self._player_row(db, league_id, user_id))

        return await self._ctx.run(body, write=True)

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """The league's players in the order they joined, withdrawn ones included."""

        async def read(db: Conn) -> list[LeaguePlayer]:
            await self._row(db, league_id)
            rows = await db.execute_fetchall(
                "SELECT league_id, user_id, joined_at, withdrawn_at, withdrawn_round FROM league_players"
                " WHERE league_id = ? ORDER BY joined_at, user_id",
                (league_id,),
            )
            return [player_of(r) for r in rows]

        return await self._ctx.run(read, write=False)

    async def claim_round(
        self, league_id: int, round_no: int, tables: Sequence[Sequence[int]], *, expected_version: int | None = None
    ) -> LeagueRound:
        """Claim round ``round_no`` for this process and store its tables (each the players' user ids
        in seat order; a table of one player is a bye, which gets no game), all in one transaction:
        only while the league runs, its last claimed round is the one before (closed) and this one
        does not exist. The round is ``opening``, its deadline ``round_days`` from now; the league's
        version is bumped. Of several processes one gets it: the others :class:`RoundClaimed`.
        Else :class:`LeagueWrongStatus`, :class:`RoundOutOfOrder`, :class:`LeagueStaleVersion`
        (``expected_version``: the league the pairings were made from), ValueError for bad tables."""
        seated = checked_tables(tables)

        async def body(db: Conn) -> LeagueRound:
            row = await self._row(db, league_id)
            if in_int64(round_no) and await self._round_row(db, league_id, round_no) is not None:
                raise RoundClaimed(league_id, round_no)
            self._check(row, None, ("running",))
            current = row["current_round"]
            if round_no != current + 1:
                raise RoundOutOfOrder(league_id, round_no, current)
            if current > 0:
                before = await self._round_row(db, league_id, current)
                if before is None or before["status"] != "closed":
                    raise RoundOutOfOrder(league_id, round_no, current)
            self._check(row, expected_version, ("running",))
            await self._bump(db, row, "current_round = ?", (round_no,))
            now = self._ctx.clock()
            await db.execute(
                "INSERT INTO league_rounds (league_id, round_no, status, claimed_by, claimed_at, deadline)"
                " VALUES (?, ?, 'opening', ?, ?, ?)",
                (league_id, round_no, self._ctx.owner, now, now + row["round_days"] * DAY),
            )
            await db.executemany(
                "INSERT INTO league_tables (league_id, round_no, table_no, seats, bye) VALUES (?, ?, ?, ?, ?)",
                [
                    (league_id, round_no, n, dumps(list(table)), int(len(table) == 1))
                    for n, table in enumerate(seated, start=1)
                ],
            )
            return round_of(await self._round_row(db, league_id, round_no))

        return await self._ctx.run(body, write=True)

    async def hold_opening(self, league_id: int, round_no: int, lease: float = ROUND_LEASE) -> bool:
        """Take on finishing the opening of a round still ``opening``: True when this process holds
        it now (it claimed it, or its holder has not renewed it for ``lease`` seconds: died; it is
        renewed); False when another holds it or the round is no longer opening."""
        now = self._ctx.clock()
        if not (in_int64(league_id) and in_int64(round_no)):
            return False
        cur = await self._ctx.statement(
            "UPDATE league_rounds SET claimed_by = ?, claimed_at = ? WHERE league_id = ? AND round_no = ?"
            " AND status = 'opening' AND (claimed_by = ? OR claimed_at <= ?)",
            (self._ctx.owner, now, league_id, round_no, self._ctx.owner, now - lease),
        )
        return cur.rowcount == 1

    async def tables_without_game(self, league_id: int, round_no: int) -> list[LeagueTable]:
        """The round's tables that need a game and have none yet (all of them just after the claim;
        after a crash, those left to make), in table order. A table whose result is known without
        a game (a player withdrawn before it was made: a forfeit) needs none."""
        return await self._tables(league_id, round_no, " AND bye = 0 AND game_id IS NULL AND result IS NULL")

    async def tables(self, league_id: int, round_no: int | None = None) -> list[LeagueTable]:
        """The tables of the round (of every round when None), by round and table."""
        return await self._tables(league_id, round_no, "")

    async def table_of_game(self, game_id: int) -> LeagueTable | None:
        """The league table the game was made for; None for a game of no league; GameNotFound when
        there is no such game."""

        async def read(db: Conn) -> LeagueTable | None:
            await self._ctx.row(db, game_id, with_state=False)
            rows = list(
                await db.execute_fetchall(f"SELECT {TABLE_COLUMNS} FROM league_tables WHERE game_id = ?", (game_id,))
            )
            return table_of(rows[0]) if rows else None

        return await self._ctx.run(read, write=False, game_id=game_id)

    async def open_round(self, league_id: int, round_no: int) -> bool:
        """``opening`` → ``open`` once every table that needs a game has one (or its result
        without one: a forfeit); True for the one
        caller that moved it (False: it was open or closed already). :class:`RoundIncomplete`
        (``game``) while tables lack a game, :class:`RoundNotFound`."""

        async def body(db: Conn) -> bool:
            found = await self._round_row(db, league_id, round_no)
            if found is None:
                raise RoundNotFound(league_id, round_no)
            if found["status"] != "opening":
                return False
            missing = await self._count(db, league_id, round_no, "game_id IS NULL AND result IS NULL")
            if missing:
                raise RoundIncomplete(league_id, round_no, "game", missing)
            cur = await db.execute(
                "UPDATE league_rounds SET status = 'open', opened_at = ?"
                " WHERE league_id = ? AND round_no = ? AND status = 'opening'",
                (self._ctx.clock(), league_id, round_no),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def record_result(self, league_id: int, round_no: int, table_no: int, result: Any) -> bool:
        """The table's result (JSON), once: True when this call recorded it, False when it had one
        (the first stays: a game's end told twice, or a game that ended after the round was scored
        by the unfinished rule). :class:`RoundNotFound` for no such table."""
        text = dumps(result)

        async def body(db: Conn) -> bool:
            found = await self._table_row(db, league_id, round_no, table_no)
            if found is None:
                raise RoundNotFound(league_id, round_no, table_no)
            if found["result"] is not None:
                return False
            cur = await db.execute(
                "UPDATE league_tables SET result = ? WHERE league_id = ? AND round_no = ? AND table_no = ?"
                " AND result IS NULL",
                (text, league_id, round_no, table_no),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def round_complete(self, league_id: int, round_no: int) -> bool:
        """Whether every table of the round that plays a game has its result (byes need none);
        :class:`RoundNotFound`."""

        async def read(db: Conn) -> bool:
            if await self._round_row(db, league_id, round_no) is None:
                raise RoundNotFound(league_id, round_no)
            return await self._count(db, league_id, round_no, "result IS NULL") == 0

        return await self._ctx.run(read, write=False)

    async def close_round(self, league_id: int, round_no: int, *, expected_version: int | None = None) -> League:
        """``open`` → ``closed`` once every table that plays has its result, with the league's version
        check; bumps the version (the league after it). :class:`RoundIncomplete` (``result``),
        :class:`RoundWrongStatus` (closed already, or still opening), :class:`RoundNotFound`,
        :class:`LeagueWrongStatus` unless running, :class:`LeagueStaleVersion`."""

        async def body(db: Conn) -> League:
            row = await self._row(db, league_id)
            self._check(row, expected_version, ("running",))
            found = await self._round_row(db, league_id, round_no)
            if found is None:
                raise RoundNotFound(league_id, round_no)
            if found["status"] != "open":
                raise RoundWrongStatus(league_id, round_no, found["status"], ("open",))
            missing = await self._count(db, league_id, round_no, "result IS NULL")
            if missing:
                raise RoundIncomplete(league_id, round_no, "result", missing)
            await db.execute(
                "UPDATE league_rounds SET status = 'closed', closed_at = ? WHERE league_id = ? AND round_no = ?",
                (self._ctx.clock(), league_id, round_no),
            )
            await self._bump(db, row)
            return league_of(await self._row(db, league_id))

        return await self._ctx.run(body, write=True)

    async def mark_announced(self, league_id: int, round_no: int, *, results: bool = False, due: bool = False) -> bool:
        """The round's pairings (``results``: its results; ``due``: that its deadline passed) are
        being posted: True for the one caller that marked it, who posts; False when it was marked
        before. :class:`RoundNotFound`."""
        column = "due_told_at" if due else "results_announced_at" if results else "announced_at"

        async def body(db: Conn) -> bool:
            if await self._round_row(db, league_id, round_no) is None:
                raise RoundNotFound(league_id, round_no)
            cur = await db.execute(
                f"UPDATE league_rounds SET {column} = ? WHERE league_id = ? AND round_no = ? AND {column} IS NULL",
                (self._ctx.clock(), league_id, round_no),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def get_round(self, league_id: int, round_no: int) -> LeagueRound:
        """One round; :class:`RoundNotFound`."""

        async def read(db: Conn) -> LeagueRound:
            found = await self._round_row(db, league_id, round_no)
            if found is None:
                raise RoundNotFound(league_id, round_no)
            return round_of(found)

        return await self._ctx.run(read, write=False)

    async def rounds(self, league_id: int) -> list[LeagueRound]:
        """The league's rounds claimed so far, in order."""
        if not in_int64(league_id):
            return []
        rows = await self._ctx.query(
            f"SELECT {ROUND_COLUMNS} FROM league_rounds WHERE league_id = ? ORDER BY round_no", (league_id,)
        )
        return [round_of(r) for r in rows]

    async def rounds_due(self, shards: Shards | None = None) -> list[LeagueRound]:
        """Open rounds whose deadline has passed (the organizer may close them; unfinished games are
        scored by the league's rule), earliest deadline first; only of leagues on ``shards``."""
        return await self._rounds_where("r.status = 'open' AND r.deadline <= ?", (self._ctx.clock(),), shards)

    async def rounds_opening(self, shards: Shards | None = None) -> list[LeagueRound]:
        """Rounds claimed whose games are not all made yet (after a restart: to be finished, see
        :meth:`hold_opening`), earliest deadline first; only of leagues on ``shards``."""
        return await self._rounds_where("r.status = 'opening'", (), shards)

    async def signups_due(self, shards: Shards | None = None) -> list[League]:
        """Leagues still in sign-up whose start date has passed, earliest first; only on ``shards``."""
        on, params = ("1 = 1", ()) if shards is None else shards.condition("guild_id")
        rows = await self._ctx.query(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'signup' AND starts_at IS NOT NULL"
            f" AND starts_at <= ? AND {on} ORDER BY starts_at, id",
            (self._ctx.clock(), *params),
        )
        return [league_of(r) for r in rows]

    async def next_due(self, after: float, shards: Shards | None = None) -> float | None:
        """The earliest moment later than ``after`` (the poll's last look) at which the runner's
        poll has something to do for leagues on ``shards``: a start date, or an open round's
        deadline not told yet (None: none). Moments up to ``after`` are left out: that look did
        what they asked, or it failed and the poll retries at its pace (it never spins on them)."""
        now = after
        on, params = ("1 = 1", ()) if shards is None else shards.condition("guild_id")
        starts = await self._ctx.query(
            f"SELECT MIN(starts_at) AS due FROM leagues WHERE status = 'signup' AND starts_at > ? AND {on}",
            (now, *params),
        )
        on, params = ("1 = 1", ()) if shards is None else shards.condition("l.guild_id")
        deadlines = await self._ctx.query(
            "SELECT MIN(r.deadline) AS due FROM league_rounds r JOIN leagues l ON l.id = r.league_id"
            f" WHERE r.status = 'open' AND r.due_told_at IS NULL AND r.deadline > ? AND {on}",
            (now, *params),
        )
        found = [float(rows[0]["due"]) for rows in (starts, deadlines) if rows and rows[0]["due"] is not None]
        return min(found, default=None)

    async def settings(self, guild_id: int) -> LeagueSettings:
        """The server's league settings (the defaults when it set none)."""
        rows = await self._ctx.query("SELECT manager_role_id FROM league_settings WHERE guild_id = ?", (guild_id,))
        return LeagueSettings(guild_id, rows[0]["manager_role_id"] if rows else None)

    async def set_settings(self, guild_id: int, manager_role_id: int | None) -> LeagueSettings:
        """Set the role that may create and manage leagues in the server (None: Manage Server only)."""
        await self._ctx.statement(
            "INSERT INTO league_settings (guild_id, manager_role_id) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET manager_role_id = excluded.manager_role_id",
            (guild_id, manager_role_id),
        )
        return LeagueSettings(guild_id, manager_role_id)

    async def _row(self, db: Conn, league_id: int) -> Row:
        rows = (
            list(await db.execute_fetchall(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)))
            if in_int64(league_id)
            else []
        )
        if not rows:
            raise LeagueNotFound(league_id)
        return rows[0]

    @staticmethod
    def _check(row: Row, expected_version: int | None, allowed: tuple[str, ...]) -> None:
        """Version first (an old button on a finished league is stale, not "wrong status")."""
        if expected_version is not None and row["version"] != expected_version:
            raise LeagueStaleVersion(row["id"], expected_version, row["version"])
        if row["status"] not in allowed:
            raise LeagueWrongStatus(row["id"], row["status"], allowed)

    async def _bump(self, db: Conn, row: Row, assignments: str = "", params: Sequence[Any] = ()) -> None:
        """``UPDATE leagues SET <assignments>, version = version + 1 WHERE id = ? AND version = ?``
        with the version this transaction read; another writer in between is :class:`LeagueStaleVersion`."""
        sets = f"{assignments}, " if assignments else ""
        cur = await db.execute(
            f"UPDATE leagues SET {sets}version = version + 1 WHERE id = ? AND version = ?",
            (*params, row["id"], row["version"]),
        )
        if cur.rowcount != 1:
            current = await self._row(db, row["id"])
            raise LeagueStaleVersion(row["id"], row["version"], current["version"])

    @staticmethod
    async def _player_row(db: Conn, league_id: int, user_id: int) -> Row | None:
        rows = list(
            await db.execute_fetchall(
                "SELECT league_id, user_id, joined_at, withdrawn_at, withdrawn_round FROM league_players"
                " WHERE league_id = ? AND user_id = ?",
                (league_id, user_id),
            )
        )
        return rows[0] if rows else None

    @staticmethod
    async def _round_row(db: Conn, league_id: int, round_no: int) -> Row | None:
        if not (in_int64(league_id) and in_int64(round_no)):
            return None
        rows = list(
            await db.execute_fetchall(
                f"SELECT {ROUND_COLUMNS} FROM league_rounds WHERE league_id = ? AND round_no = ?", (league_id, round_no)
            )
        )
        return rows[0] if rows else None

    @staticmethod
    async def _table_row(db: Conn, league_id: int, round_no: int, table_no: int) -> Row | None:
        if not all(in_int64(n) for n in (league_id, round_no, table_no)):
            return None
        rows = list(
            await db.execute_fetchall(
                f"SELECT {TABLE_COLUMNS} FROM league_tables WHERE league_id = ? AND round_no = ? AND table_no = ?",
                (league_id, round_no, table_no),
            )
        )
        return rows[0] if rows else None

    @staticmethod
    async def _count(db: Conn, league_id: int, round_no: int, condition: str) -> int:
        """How many tables of the round that play a game (no bye) meet ``condition``."""
        ((count,),) = await db.execute_fetchall(
            f"SELECT COUNT(*) FROM league_tables WHERE league_id = ? AND round_no = ? AND bye = 0 AND {condition}",
            (league_id, round_no),
        )
        return int(count)

    async def _tables(self, league_id: int, round_no: int | None, condition: str) -> list[LeagueTable]:
        if not in_int64(league_id) or (round_no is not None and not in_int64(round_no)):
            return []
        where, params = (
            ("league_id = ?", (league_id,))
            if round_no is None
            else (
                "league_id = ? AND round_no = ?",
                (league_id, round_no),
            )
        )
        rows = await self._ctx.query(
            f"SELECT {TABLE_COLUMNS} FROM league_tables WHERE {where}{condition} ORDER BY round_no, table_no", params
        )
        return [table_of(r) for r in rows]

    async def _rounds_where(self, condition: str, params: tuple[Any, ...], shards: Shards | None) -> list[LeagueRound]:
        on, shard_params = ("1 = 1", ()) if shards is None else shards.condition("l.guild_id")
        columns = ", ".join(f"r.{c.strip()}" for c in ROUND_COLUMNS.split(","))
        rows = await self._ctx.query(
            f"SELECT {columns} FROM league_rounds r JOIN leagues l ON l.id = r.league_id"
            f" WHERE {condition} AND {on} ORDER BY r.deadline, r.league_id, r.round_no",
            (*params, *shard_params),
        )
        return [round_of(r) for r in rows]
