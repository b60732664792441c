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
  told once: each piece written down as it is made and the post marked told after its last
  (:mod:`db.repos.league_posts`), so a crash part way is finished, never repeated.

Every change of the league's status, players or rounds bumps its version (``version = version + 1
WHERE version = expected``, the row count checked), as a game's does (DESIGN §4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from db.connection import Conn, Row
from db.context import check_pace, in_int64, insert_id
from db.errors import (
    AlreadyJoined,
    LeagueFull,
    NotJoined,
)
from db.json_text import dumps
from db.league_records import (
    LEAGUE_MOVES,
    LEAGUE_STATUSES,
    ROUND_LEASE,
    League,
    LeaguePlayer,
    LeagueSettings,
)
from db.records import Shards
from db.repos.league_posts import LeaguePostsRepo
from db.repos.league_rounds import LEAGUE_COLUMNS, PLAYER_COLUMNS, league_of, player_of
from rules.protocol import resolve_options

MAX_ROUND_DAYS = 365


def _statuses(status: str | Iterable[str] | None) -> tuple[str, ...] | None:
    if status is None:
        return None
    wanted = (status,) if isinstance(status, str) else tuple(status)
    bad = [s for s in wanted if s not in LEAGUE_STATUSES]
    if bad:
        raise ValueError(f"unknown league status {bad!r}; known: {LEAGUE_STATUSES!r}")
    return wanted


class LeaguesRepo(LeaguePostsRepo):
    """Leagues, their players and who may manage them in a server; their rounds and tables are
    :class:`~db.repos.league_rounds.LeagueRoundsRepo`'s, what is told of them
    :class:`~db.repos.league_posts.LeaguePostsRepo`'s (one ``store.leagues`` for all)."""

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

    async def withdraw(self, league_id: int, user_id: int, by_user: int | None = None) -> LeaguePlayer | None:
        """The player leaves a running league: withdrawn now by ``by_user`` (None: themselves), in
        the league's current round (their remaining games are the caller's to forfeit), its telling
        still to come (:meth:`withdrawals_untold`); bumps the version. The player as withdrawn,
        or None when they had withdrawn already. :class:`LeagueWrongStatus` unless running,
        :class:`NotJoined`."""

        async def body(db: Conn) -> LeaguePlayer | None:
            row = await self._row(db, league_id)
            self._check(row, None, ("running",))
            if by_user is not None and not in_int64(by_user):
                raise ValueError(f"not a user id: {by_user!r}")
            player = await self._player_row(db, league_id, user_id) if in_int64(user_id) else None
            if player is None:
                raise NotJoined(league_id, user_id)
            if player["withdrawn_at"] is not None:
                return None
            await db.execute(
                "UPDATE league_players SET withdrawn_at = ?, withdrawn_round = ?, withdrawn_by = ?"
                " WHERE league_id = ? AND user_id = ?",
                (self._ctx.clock(), row["current_round"], user_id if by_user is None else by_user, league_id, user_id),
            )
            await self._bump(db, row)
            return player_of(await self._player_row(db, league_id, user_id))

        return await self._ctx.run(body, write=True)

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """The league's players in the order they joined, withdrawn ones included."""

        async def read(db: Conn) -> list[LeaguePlayer]:
            await self._row(db, league_id)
            rows = await db.execute_fetchall(
                f"SELECT {PLAYER_COLUMNS} FROM league_players WHERE league_id = ? ORDER BY joined_at, user_id",
                (league_id,),
            )
            return [player_of(r) for r in rows]

        return await self._ctx.run(read, write=False)

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
        poll has something to do for leagues on ``shards``: a start date, an open round's
        deadline not told yet, or the end of the hold on a round still opening (its holder's
        :data:`~db.league_records.ROUND_LEASE` after it last renewed it: a process restarted
        after a crash finishes the round its dead predecessor held then, not at the next hourly
        look) (None: none). Moments up to ``after`` are left out: that look did what they asked,
        or it failed and the poll retries at its pace (it never spins on them)."""
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
        holds = await self._ctx.query(
            "SELECT MIN(r.claimed_at) + ? AS due FROM league_rounds r JOIN leagues l ON l.id = r.league_id"
            f" WHERE r.status = 'opening' AND r.claimed_at + ? > ? AND {on}",
            (ROUND_LEASE, ROUND_LEASE, now, *params),
        )
        found = [float(rows[0]["due"]) for rows in (starts, deadlines, holds) if rows and rows[0]["due"] is not None]
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

    @staticmethod
    async def _player_row(db: Conn, league_id: int, user_id: int) -> Row | None:
        rows = list(
            await db.execute_fetchall(
                f"SELECT {PLAYER_COLUMNS} FROM league_players WHERE league_id = ? AND user_id = ?",
                (league_id, user_id),
            )
        )
        return rows[0] if rows else None
