"""A league's rounds and tables in the store (issue 47 §3): claimed once among processes, their
games attached once, results and posts recorded once — the part of :class:`db.repos.leagues.LeaguesRepo`
that runs a season once it has started (see that module for what makes a round happen exactly once),
with the league rows' reading and version check both parts share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.connection import Conn, Row
from db.context import Repo, in_int64
from db.errors import (
    LeagueNotFound,
    LeagueStaleVersion,
    LeagueWrongStatus,
    RoundClaimed,
    RoundIncomplete,
    RoundNotFound,
    RoundOutOfOrder,
    RoundWrongStatus,
)
from db.json_text import dumps, loads
from db.league_records import (
    ROUND_LEASE,
    League,
    LeaguePlayer,
    LeagueRound,
    LeagueTable,
)
from db.records import Shards

LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, signup_message_id, name, kind, options, format, pace, round_days, starts_at,"
    " player_limit, language, created_by, created_at, status, current_round, version"
)
ROUND_COLUMNS = (
    "league_id, round_no, status, claimed_by, claimed_at, opened_at, deadline, closed_at, announced_at,"
    " results_announced_at, due_told_at"
)
TABLE_COLUMNS = "league_id, round_no, table_no, seats, game_id, result"
DAY = 86400.0


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


PLAYER_COLUMNS = "league_id, user_id, joined_at, withdrawn_at, withdrawn_round, withdrawn_by, withdrawal_told_at"


def player_of(row: Row) -> LeaguePlayer:
    return LeaguePlayer(*(row[c.strip()] for c in PLAYER_COLUMNS.split(",")))


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


class LeagueRoundsRepo(Repo):
    """A league's rounds and tables: claiming, opening, results, closing, posts and what is due; and
    the league row's read, status check and version bump that every change of a league goes through."""

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
