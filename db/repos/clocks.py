"""Turn clocks, timers and vacations (issue 13; the rules of time are db/clocks.py): what is due,
who claims it, deadlines moved, seats played by the table, and the leases on autoplay.
"""

from __future__ import annotations

from db import clocks
from db.connection import Conn, Row
from db.context import Repo, in_int64, insert_id
from db.errors import VacationLimit
from db.json_text import loads
from db.records import COMPUTER_LEVELS, GameRecord, Shards, Timer, UserPrefs, Vacation


class ClocksRepo(Repo):
    """Timers, deadlines, nudges, vacations and the autoplay lease."""

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the earliest timer not yet fired is due (None: nothing is); only of the games on
        ``shards`` when given."""
        where, params = self._ctx.on_shards(shards, "timers")

        async def body(db: Conn) -> float | None:
            rows = list(
                await db.execute_fetchall(
                    f"SELECT MIN(timers.due) FROM timers{where} AND timers.fired_at IS NULL", params
                )
            )
            return rows[0][0] if rows else None

        return await self._ctx.run(body, write=False)

    async def due_timers(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[Timer]:
        """Timers due by ``now`` and not fired yet, earliest first, only of the games on ``shards``
        when given (claim each before acting on it)."""
        where, params = self._ctx.on_shards(shards, "timers")

        async def body(db: Conn) -> list[Timer]:
            rows = await db.execute_fetchall(
                "SELECT timers.id, timers.game_id, timers.seat, timers.kind, timers.due, timers.fired_at FROM timers"
                f"{where} AND timers.fired_at IS NULL AND timers.due <= ? ORDER BY timers.due, timers.id LIMIT ?",
                (*params, now, limit),
            )
            return [Timer(*tuple(r)) for r in rows]

        return await self._ctx.run(body, write=False)

    async def claim_timer(self, timer_id: int) -> bool:
        """Mark a due timer fired; True only for the one caller (of any process) that got it first,
        and only while it is still due (a vacation may have moved it on since it was read)."""
        if not in_int64(timer_id):
            return False

        async def body(db: Conn) -> bool:
            now = self._ctx.clock()
            cur = await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL AND due <= ?", (now, timer_id, now)
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def add_timer(self, game_id: int, seat: int | None, kind: str, due: float) -> Timer:
        """A timer of an active game's waiting seat (a reminder put off by the 24-hour cap)."""

        async def body(db: Conn) -> Timer:
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, None, ("active",))
            timer_id = await insert_id(
                db, "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, ?, ?, ?)", (game_id, seat, kind, due)
            )
            return Timer(timer_id, game_id, seat, kind, due)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def timer(self, timer_id: int) -> Timer | None:
        """A timer by id, fired or not; None once it is gone (its seat played, the game ended)."""
        if not in_int64(timer_id):
            return None

        async def body(db: Conn) -> Timer | None:
            rows = list(
                await db.execute_fetchall(
                    "SELECT id, game_id, seat, kind, due, fired_at FROM timers WHERE id = ?", (timer_id,)
                )
            )
            return Timer(*tuple(rows[0])) if rows else None

        return await self._ctx.run(body, write=False)

    async def claim_reminder(self, user_id: int, at: float | None = None, gap: float = clocks.REMINDER_GAP) -> bool:
        """Record a reminder to ``user_id`` at ``at`` (default now; the dispatcher passes the
        timer's due time, so the minutes it took to fire do not push the next reminder out of
        its slot), unless one was recorded less than ``gap`` before: True only when this caller
        may send it (the cap holds across games and processes)."""
        if not in_int64(user_id):
            return False
        now = self._ctx.clock() if at is None else at

        async def body(db: Conn) -> bool:
            cur = await db.execute(
                "INSERT INTO user_prefs (user_id, reminded_at, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminded_at = excluded.reminded_at"
                " WHERE user_prefs.reminded_at IS NULL OR user_prefs.reminded_at <= ?",
                (user_id, now, now, now - gap),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def extend_deadline(self, game_id: int, seat: int) -> GameRecord:
        """The others chose to wait: the seat's clock starts again from now (or its player's
        vacation end), with new reminders; its waiting-since time is kept."""
        now = self._ctx.clock()

        async def body(db: Conn) -> GameRecord:
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, None, ("active",))
            seat_rows = [r for r in await self._ctx.seats(db, game_id) if r["seat"] == seat]
            if seat_rows and seat_rows[0]["since"] is not None and row["pace"]:
                user = seat_rows[0]["user_id"]
                away = (await clocks.away_until(db, [user])).get(user)
                await clocks.start_clock(db, game_id, seat, row["pace"], now, away, since=seat_rows[0]["since"])
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def overdue_now(self, game_id: int, seat: int) -> bool:
        """The seat's player is gone (left the server): its deadline is now — also in a game with
        no pace, which then gets a deadline for this once. True when this caller set it (the seat
        waits for its player and no deadline of it has fired or is due already)."""
        now = self._ctx.clock()

        async def body(db: Conn) -> bool:
            await self._ctx.row(db, game_id, with_state=False)
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

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def set_absent(self, game_id: int, seat: int, absent: str | None) -> GameRecord | None:
        """The table plays the seat from now on with a computer of the level ``absent`` names
        (``"easy"``, ``"normal"``, ``"hard"``), or (None) gives it back to its player, whose clock
        then starts if the seat must act. None when nothing changed (already so; a computer's own
        seat is never anyone's to give)."""
        if absent is not None and absent not in COMPUTER_LEVELS:
            raise ValueError(f"not a computer's level: {absent!r}")
        now = self._ctx.clock()

        async def body(db: Conn) -> GameRecord | None:
            row = await self._ctx.row(db, game_id, with_state=True)
            self._ctx.check(row, None, ("active",))
            if not await self._absent(db, row, seat, absent, now):
                return None
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def _absent(self, db: Conn, row: Row, seat: int, absent: str | None, now: float) -> bool:
        """:meth:`set_absent` in a transaction that read the game's ``row`` (with its state); a
        seat the table plays loses its clock, a seat given back loses its vacation's ``back``
        timer and gets its clock if it must act. False when nothing changed."""
        game_id = row["id"]
        cur = await db.execute(
            "UPDATE seats SET absent = ? WHERE game_id = ? AND seat = ? AND absent IS DISTINCT FROM ? AND user_id >= 0",
            (absent, game_id, seat, absent),
        )
        if cur.rowcount != 1:
            return False
        if absent is not None:
            await clocks.stop_clock(db, game_id, seat)
            return True
        await db.execute("DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind = 'back'", (game_id, seat))
        game = self._ctx.engine(row["kind"])
        to_act = game.to_act(game.load(loads(row["state"])))
        await clocks.update_clocks(db, game_id, row["pace"], await self._ctx.seats(db, game_id), to_act, now)
        return True

    async def schedule_autoplay(self, game_id: int, after: float) -> float | None:
        """The table's next decision in the game falls due ``after`` seconds from now (issue 46 §1:
        a computer's decision is told after a pause): an ``autoplay`` timer, the game's only one
        not yet fired — when one is pending already it stays as it is. Returns when the pending
        one is due (a restart finds it and does not wait again); None when the game is not running."""

        async def body(db: Conn) -> float | None:
            row = await self._ctx.row(db, game_id, with_state=False)
            if row["status"] != "active":
                return None
            pending = list(
                await db.execute_fetchall(
                    "SELECT MIN(due) FROM timers WHERE game_id = ? AND kind = 'autoplay' AND fired_at IS NULL",
                    (game_id,),
                )
            )
            if pending and pending[0][0] is not None:
                return float(pending[0][0])
            due = self._ctx.clock() + after
            await db.execute(
                "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'autoplay', ?)", (game_id, due)
            )
            return due

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def claim_autoplay(self, game_id: int, lease: float) -> bool:
        """Take on playing a game's absent seats for ``lease`` seconds; True only for the one
        caller of any process that got it (a claim held by this process is not taken again; one a
        process made before this store opened is taken over, its process being gone)."""

        async def body(db: Conn) -> bool:
            await self._ctx.row(db, game_id, with_state=False)
            now = self._ctx.clock()
            cur = await db.execute(
                "UPDATE games SET autoplay_by = ?, autoplay_at = ?, autoplay_until = ? WHERE id = ? AND ("
                " autoplay_until IS NULL OR autoplay_until < ?"
                " OR (autoplay_by <> ? AND autoplay_at <= ?))",
                (self._ctx.owner, now, now + lease, game_id, now, self._ctx.owner, self._ctx.opened_at),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def release_autoplay(self, game_id: int) -> None:
        """This process stopped playing the game's absent seats."""

        async def body(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE games SET autoplay_by = NULL, autoplay_at = NULL, autoplay_until = NULL"
                " WHERE id = ? AND autoplay_by = ?",
                (game_id, self._ctx.owner),
            )

        await self._ctx.run(body, write=True, game_id=game_id)

    async def nudge(self, game_id: int, gap: float = clocks.NUDGE_GAP) -> bool:
        """Record a nudge on an active game; True unless one was recorded less than ``gap`` ago."""
        now = self._ctx.clock()

        async def body(db: Conn) -> bool:
            await self._ctx.row(db, game_id, with_state=False)
            cur = await db.execute(
                "UPDATE games SET nudged_at = ? WHERE id = ? AND status = 'active'"
                " AND (nudged_at IS NULL OR nudged_at <= ?)",
                (now, game_id, now - gap),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def go_away(self, user_id: int, days: int, limit: int = clocks.VACATION_DAYS) -> UserPrefs:
        """A vacation of ``days`` that stops the player's clocks (:meth:`start_vacation`)."""
        return (await self.start_vacation(user_id, days, None, limit)).prefs

    async def start_vacation(
        self, user_id: int, days: int, computer: str | None = None, limit: int = clocks.VACATION_DAYS
    ) -> Vacation:
        """A vacation of ``days`` from now (replacing a running one, whose unused whole days come
        back): every clock of the player stops until it ends. VacationLimit beyond ``limit`` days
        in this calendar year (UTC). With ``computer`` (a level), the player's seats in their
        running games are played by a computer of that level until it ends instead (each gets a
        ``back`` timer then); without it, the seats a replaced vacation handed over come back
        (their clocks start when this one ends). A seat the table already plays for another reason
        (the others played on without its late player) is left as it is; a game started during
        the vacation is the player's own, its clocks waiting for the vacation's end."""
        if not isinstance(days, int) or isinstance(days, bool) or days < 1:
            raise ValueError(f"days must be a positive int, not {days!r}")
        if computer is not None and computer not in COMPUTER_LEVELS:
            raise ValueError(f"not a computer's level: {computer!r}")
        now = self._ctx.clock()

        async def body(db: Conn) -> Vacation:
            prefs = await self._ctx.prefs(db, user_id)
            used = self._days_used(prefs, now)
            if prefs.away(now) and prefs.away_year == clocks.year_of(now):
                used -= self._unused_days(prefs, now)
            if used + days > limit:
                raise VacationLimit(user_id, days, max(0, limit - used))
            until = now + days * clocks.DAY
            await clocks.shift_user(db, user_id, until - max(now, prefs.away_until or now))
            await self._write_away(db, user_id, prefs.away_from if prefs.away(now) else now, until, now, used + days)
            handed: list[int] = []
            returned: list[int] = []
            for seat in await self._vacation_seats(db, user_id):
                game_id = seat["game_id"]
                if computer is not None and (seat["absent"] is None or seat["lent"]):
                    if seat["absent"] != computer:
                        await db.execute(
                            "UPDATE seats SET absent = ? WHERE game_id = ? AND seat = ?",
                            (computer, game_id, seat["seat"]),
                        )
                    await clocks.stop_clock(db, game_id, seat["seat"])
                    await db.execute(
                        "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, ?, 'back', ?)",
                        (game_id, seat["seat"], until),
                    )
                    handed.append(game_id)
                elif computer is None and seat["lent"]:
                    row = await self._ctx.row(db, game_id, with_state=True)
                    await self._absent(db, row, seat["seat"], None, now)
                    returned.append(game_id)
            prefs = await self._ctx.prefs(db, user_id)
            return Vacation(prefs, tuple(dict.fromkeys(handed)), tuple(dict.fromkeys(returned)))

        return await self._ctx.run(body, write=True)

    async def come_back(self, user_id: int) -> UserPrefs | None:
        """End a running vacation now (:meth:`end_vacation`). None when not away."""
        ended = await self.end_vacation(user_id)
        return None if ended is None else ended.prefs

    async def end_vacation(self, user_id: int) -> Vacation | None:
        """End a running vacation now; its unused whole days come back, and the seats it handed to
        a computer go back to the player (``returned``). None when not away."""
        now = self._ctx.clock()

        async def body(db: Conn) -> Vacation | None:
            prefs = await self._ctx.prefs(db, user_id)
            if not prefs.away(now):
                return None
            used = self._days_used(prefs, now)
            if prefs.away_year == clocks.year_of(now):
                used -= self._unused_days(prefs, now)
            await clocks.shift_user(db, user_id, now - (prefs.away_until or now))
            await self._write_away(db, user_id, None, None, now, used)
            returned: list[int] = []
            for seat in await self._vacation_seats(db, user_id):
                if seat["lent"]:
                    row = await self._ctx.row(db, seat["game_id"], with_state=True)
                    await self._absent(db, row, seat["seat"], None, now)
                    returned.append(seat["game_id"])
            return Vacation(await self._ctx.prefs(db, user_id), returned=tuple(dict.fromkeys(returned)))

        return await self._ctx.run(body, write=True)

    async def _vacation_seats(self, db: Conn, user_id: int) -> list[Row]:
        """The player's seats in their running games: each with who plays it (``absent``) and
        whether a vacation lent it to a computer (``lent``: it has a ``back`` timer)."""
        return list(
            await db.execute_fetchall(
                "SELECT s.game_id, s.seat, s.absent, EXISTS (SELECT 1 FROM timers t WHERE t.game_id = s.game_id"
                " AND t.seat = s.seat AND t.kind = 'back') AS lent"
                " FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.user_id = ? AND g.status = 'active' ORDER BY s.game_id, s.seat",
                (user_id,),
            )
        )

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
        await self._ctx.prefs_changed(db, user_id)
