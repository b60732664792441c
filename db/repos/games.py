"""Games and their append-only log (DESIGN §4): made, started, played, ended, read back, replayed
and taken back, each change one transaction with the version check.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db import clocks
from db.connection import Conn, Row
from db.context import COLUMNS, GAME_WITH_SEATS, SEAT_COLUMNS, Repo, check_pace, check_seed, in_int64, insert_id
from db.errors import WrongStatus
from db.json_text import dumps, loads
from db.league_records import TableKey
from db.records import ABSENT_LEVEL, STATUSES, AppendResult, GameRecord, LoggedAction
from db.replay import decode_entry, decode_seat, loggable, parse_notation, plan_takeback, takeback_entry
from rules.protocol import AnyGame, Ending, Outcome, plays_on, resolve_options


class GamesRepo(Repo):
    """A game's life: its row, seats, state and log."""

    def engine(self, kind: str) -> AnyGame:
        """The engine for ``kind``; :class:`UnknownGameKind` if the mapping has none."""
        return self._ctx.engine(kind)

    async def get(self, game_id: int) -> GameRecord:
        """The game with its raw state JSON (parse with ``record.load_state()``): its row and its
        seats read by one statement (one snapshot without a transaction around it: on PostgreSQL
        one round trip instead of four; every command, button and autocomplete reads its game)."""
        rows = await self._ctx.query(GAME_WITH_SEATS, (game_id,)) if in_int64(game_id) else []
        return self._ctx.record_of(game_id, rows)

    async def find(
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
            rows = await db.execute_fetchall(f"SELECT {COLUMNS} FROM games g{where} ORDER BY g.id", params)
            seat_rows = await db.execute_fetchall(
                f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN (SELECT g.id FROM games g{where})"
                " ORDER BY game_id, seat",
                params,
            )
            return list(rows), list(seat_rows)

        rows, seat_rows = await self._ctx.run(read, write=False)
        seats: dict[int, list[Row]] = {}
        for seat_row in seat_rows:
            seats.setdefault(seat_row["game_id"], []).append(seat_row)
        return [self._ctx.record(row, seats.get(row["id"], []), None) for row in rows]

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
        *,
        language: str | None = None,
        league_table: TableKey | None = None,
    ) -> GameRecord:
        """An active game at version 0 (a league's: 1, its start) with the engine's initial state;
        ``pace`` seconds per turn (None: no clock) start the clocks of the seats that must act;
        ``language`` the locale of its thread and public words (None: English). With ``league_table`` the game is that
        league table's, written in the same transaction (issue 47 §3): only while the table has
        none, else ``TableHasGame`` and no game is made (``RoundNotFound``: no such table;
        ValueError: ``players`` are not its seats); its start is then kept until told (claimed
        by this process, as a lobby's start is), so a league game is told exactly once.

        Options are resolved against the engine's spec and stored resolved, so a later change of a
        default cannot alter the replay of an old game; the engine's ``new`` validates them and the
        player count (``BadOptions`` propagates and nothing is stored).
        """
        game = self._ctx.engine(kind)
        resolved = resolve_options(game.options, options)
        state = game.new(len(players), resolved, check_seed(seed))
        state_json = dumps(game.dump(state))
        now = self._ctx.clock()
        version = 0 if league_table is None else 1  # a league game's start is its first change

        async def body(db: Conn) -> GameRecord:
            game_id = await insert_id(
                db,
                "INSERT INTO games (kind, guild_id, channel_id, thread_id, message_id, creator_id, status,"
                " options, seed, state, version, created_at, updated_at, turn_since, pace, language)"
                " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    version,
                    now,
                    now,
                    now,
                    check_pace(pace),
                    language,
                ),
            )
            if league_table is not None:
                await self._ctx.attach_to_table(db, league_table, game_id, players)
                await self._ctx.changed(db, game_id, version, "start", now)
            await self._ctx.write_seats(db, game_id, players)
            await self._ctx.keep_open(db, game_id, now)
            await clocks.update_clocks(db, game_id, pace, await self._ctx.seats(db, game_id), game.to_act(state), now)
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True)

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
        check_seed(seed)

        async def body(db: Conn) -> GameRecord:
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, expected_version, ("lobby",))
            seated = list(players) if players is not None else list(await self._ctx.players(db, game_id))
            game = self._ctx.engine(row["kind"])
            state = game.new(len(seated), loads(row["options"]), seed)
            state_json = dumps(game.dump(state))
            now = self._ctx.clock()
            await self._ctx.bump(
                db,
                game_id,
                row["version"],
                "status = 'active', seed = ?, state = ?, updated_at = ?, turn_since = ?",
                (seed, state_json, now, now),
            )
            await self._ctx.changed(db, game_id, row["version"] + 1, "start", now)
            await self._ctx.write_seats(db, game_id, seated)
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await self._ctx.keep_open(db, game_id, now)
            seats = await self._ctx.seats(db, game_id)
            await clocks.update_clocks(db, game_id, row["pace"], seats, game.to_act(state), now)
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> GameRecord:
        """Record the game's thread. Metadata only: the version (and so every button) is kept."""
        return await self._set_column(game_id, "thread_id", thread_id)

    async def set_message(self, game_id: int, message_id: int | None) -> GameRecord:
        """Record the challenge/lobby message. Metadata only: the version is kept."""
        return await self._set_column(game_id, "message_id", message_id)

    async def _set_column(self, game_id: int, column: str, value: int | None) -> GameRecord:
        async def body(db: Conn) -> GameRecord:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                f"UPDATE games SET {column} = ?, updated_at = ? WHERE id = ?",
                (value, self._ctx.clock(), game_id),
            )
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def append(self, game_id: int, expected_version: int, seat: int, action: Any) -> AppendResult:
        """Apply ``action`` (an engine action, or its notation as text) for ``seat`` in one
        transaction (DESIGN §4). ``StaleVersion`` or ``WrongStatus`` when the caller is out of date,
        the engine's ``RuleError`` when it refuses; in every such case nothing changes."""

        async def write(db: Conn) -> AppendResult:
            row, seats = await self._ctx.row_for_a_move(db, game_id)
            self._ctx.check(row, expected_version, ("active",))
            game = self._ctx.engine(row["kind"])
            state = game.load(loads(row["state"]))
            move = parse_notation(game, action, state) if isinstance(action, str) else action
            notation = loggable(game, game_id, move, state)
            before = game.to_act(state)
            hidden = game.hidden(state)
            events = game.apply(state, seat, move)
            after = game.to_act(state)
            outcome = game.outcome(state)
            now = self._ctx.clock()
            waiting_since = next((r["since"] for r in seats if r["seat"] == seat and r["absent"] is None), None)
            handed: tuple[int, ...] = ()
            resigned = game.resigned(state) if outcome is None else ()
            if resigned and plays_on(loads(row["options"])):  # issue 46 §1: a computer plays them on
                seats, handed = await clocks.hand_resigned(db, game_id, seats, resigned, ABSENT_LEVEL)
            if outcome is not None:
                await clocks.clear_game(db, game_id)
            else:
                away = {int(r["user_id"]): float(r["away_until"]) for r in seats if r["away_until"] is not None}
                await clocks.update_clocks(db, game_id, row["pace"], seats, after, now, actor=seat, away=away)
            newly_waiting = bool(set(after) - set(before))
            version = await self._ctx.bump(
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
            await self._ctx.changed(db, game_id, version, "act", now, seat, events_json, before)
            return AppendResult(
                game_id,
                version,
                list(events),
                state,
                tuple(after),
                outcome,
                tuple(before),
                takeback_open=bool(row["takeback_open"]),
                may_take_back=game.can_take_back(hidden, move, state, events),
                handed=handed,
            )

        return await self._ctx.run(write, write=True, game_id=game_id)

    async def finish(self, game_id: int, outcome: Outcome, *, expected_version: int | None = None) -> GameRecord:
        """End an active game outside the engine's own ending (resignation, timeout).
        Bumps the version so the game's buttons go stale."""
        return await self._end(game_id, "finished", outcome, None, expected_version, ("active",))

    async def cancel(self, game_id: int, by_user: int, *, expected_version: int | None = None) -> GameRecord:
        """Cancel a lobby or an active game: status ``cancelled`` with no winner, which statistics
        must not count as anyone's loss. Bumps the version so the game's buttons go stale."""
        outcome = Outcome(winners=(), ending=Ending.CANCELLED)
        return await self._end(game_id, "cancelled", outcome, by_user, expected_version, ("lobby", "active"))

    async def expire(self, game_id: int) -> GameRecord | None:
        """A lobby nobody started ends: status and ending ``expired``, no winner, cancelled by nobody
        (its change is told like a cancellation); None if it is no lobby now."""
        outcome = Outcome(winners=(), ending=Ending.EXPIRED)
        try:
            return await self._end(game_id, "expired", outcome, None, None, ("lobby",))
        except WrongStatus:
            return None

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
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, expected_version, allowed)
            now = self._ctx.clock()
            await self._ctx.bump(
                db,
                game_id,
                row["version"],
                "status = ?, outcome = ?, cancelled_by = ?, updated_at = ?, ended_at = ?",
                (status, dumps(outcome.to_json()), by_user, now, now),
            )
            await self._ctx.changed(
                db, game_id, row["version"] + 1, "finish" if status == "finished" else "cancel", now
            )
            await clocks.clear_game(db, game_id)
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def actions(self, game_id: int) -> list[LoggedAction]:
        """The game's log in order; an unreadable entry raises ``CorruptLog`` (never skipped)."""

        async def read(db: Conn) -> list[Row]:
            await self._ctx.row(db, game_id, with_state=False)
            return await self._ctx.log_rows(db, game_id)

        rows = await self._ctx.run(read, write=False, game_id=game_id)
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

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from seed + options + the log through the engine (DESIGN §4)."""
        _, state = await self._ctx.replayed(game_id)
        return state

    async def verify(self, game_id: int) -> bool:
        """Whether replaying the log gives exactly the stored state (as JSON values)."""
        stored, state = await self._ctx.replayed(game_id)
        game = self._ctx.engine(stored["kind"])
        return bool(loads(dumps(game.dump(state))) == loads(stored["state"]))

    async def plan_takeback(self, game_id: int, seat: int, expected_version: int | None = None) -> tuple[int, int, Any]:
        """What taking back ``seat``'s last decision would do, read from one snapshot: the game's
        version, the ``seq`` of the action undone and the state without it. Writes nothing; the
        engine work runs outside the store's lock. WrongStatus unless active, StaleVersion when
        not at ``expected_version``, :class:`TakebackRefused` when it may not be taken back."""
        row, players, log = await self._ctx.run(
            self._ctx.with_log(game_id, with_state=False), write=False, game_id=game_id
        )
        self._ctx.check(row, expected_version, ("active",))
        game = self._ctx.engine(row["kind"])
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
            row = await self._ctx.row(db, game_id, with_state=True)
            self._ctx.check(row, expected_version, ("active",))
            game = self._ctx.engine(row["kind"])
            before = game.to_act(game.load(loads(row["state"])))
            after = game.to_act(state)
            now = self._ctx.clock()
            await clocks.update_clocks(db, game_id, row["pace"], await self._ctx.seats(db, game_id), after, now)
            version = await self._ctx.bump(
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
            await self._ctx.changed(db, game_id, version, "takeback", now, seat, events_json, before)
            await self._ctx.drop_takeback(db, game_id)
            return AppendResult(game_id, version, list(events), state, tuple(after), None, tuple(before))

        return await self._ctx.run(body, write=True, game_id=game_id)
