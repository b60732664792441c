"""Turn clocks in the database (issue 13): when a seat starts waiting it gets a deadline and its
timers (two reminders and the deadline); when it stops waiting they go. Shared by the store's
transactions, so a clock always changes in the same transaction as the game it belongs to.

The rules of time, in one place:

* a seat's clock runs from when it starts waiting, or from the end of its player's vacation;
* reminders at half the time and 12 hours before the deadline (only one if those coincide);
* a lobby nobody starts expires after 7 days;
* a running game's thread is touched every 6 days, so it never auto-archives.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db.connection import Conn, marks
from db.records import computer_level

DAY = 86400.0
PACES = {"none": None, "1d": 1 * 86400, "3d": 3 * 86400, "7d": 7 * 86400}
"""The paces a game can be created with, in seconds per turn; ``3d`` is the default."""
DEFAULT_PACE = "3d"
LATE_NOTICE = 12 * 3600.0
"""The second reminder comes this long before the deadline."""
LOBBY_TTL = 7 * DAY
KEEP_OPEN = 6 * DAY
"""A running game's thread is touched this often: Discord archives a thread after 7 days without
activity (a message, unarchiving, or a change of its auto-archive duration)."""
REMINDER_GAP = DAY
"""At most one reminder per player per 24 hours, across all their games."""
NUDGE_GAP = DAY
"""At most one nudge per game per 24 hours."""
VACATION_DAYS = 14
"""Vacation days per player and calendar year."""


def clock_start(now: float, away_until: float | None) -> float:
    """When a seat that starts waiting now begins to count: now, or when its player's vacation ends."""
    return max(now, away_until or now)


def timers_for(start: float, pace: float) -> list[tuple[str, float]]:
    """The timers of a seat whose clock runs from ``start``: reminders and the deadline."""
    deadline = start + pace
    half = start + pace / 2
    late = deadline - LATE_NOTICE
    out = [("half", half)]
    if late > half:
        out.append(("late", late))
    out.append(("deadline", deadline))
    return out


async def away_until(db: Conn, users: Iterable[int]) -> dict[int, float]:
    """The end of each given user's vacation, for those who have one set."""
    wanted = sorted(set(users))
    if not wanted:
        return {}
    rows = await db.execute_fetchall(
        f"SELECT user_id, away_until FROM user_prefs WHERE user_id IN ({marks(len(wanted))})"
        " AND away_until IS NOT NULL",
        wanted,
    )
    return {int(r[0]): float(r[1]) for r in rows}


async def start_clock(
    db: Conn,
    game_id: int,
    seat: int,
    pace: int | None,
    now: float,
    away: float | None,
    since: float | None = None,
) -> None:
    """The seat's clock starts now: it waits ``since`` then (default: now, a seat that starts
    waiting); with a pace, the clock runs from now (or from the end of the player's vacation,
    ``away``) and the seat's timers are set."""
    await _change_clocks(db, game_id, pace, now, [(seat, away, since)], [])


Clock = tuple[int, float | None, float | None]
"""A seat's clock as its row keeps it: the seat, since when it waits and its deadline (both
``None``: it does not wait)."""
Timer = tuple[int, int, str, float]
"""A timer's row: the game, the seat, its kind and when it is due."""


def _started(
    game_id: int, seat: int, pace: int | None, now: float, away: float | None, since: float | None
) -> tuple[Clock, list[Timer]]:
    """The clock and timers of a seat that starts waiting (see :func:`start_clock`)."""
    start = clock_start(now, away)
    timers = [(game_id, seat, kind, due) for kind, due in timers_for(start, pace)] if pace else []
    return (seat, now if since is None else since, start + pace if pace else None), timers


async def _change_clocks(
    db: Conn,
    game_id: int,
    pace: int | None,
    now: float,
    starting: Sequence[tuple[int, float | None, float | None]],
    stopping: Sequence[int],
) -> None:
    """Clocks of the ``starting`` seats (each with its player's vacation's end and since when it
    waits: :func:`_started`) set and of the ``stopping`` ones cleared, every such seat's old timers
    dropped and the new ones made: one statement each, whatever the number of seats (a move: two)."""
    clocks: list[Clock] = [(seat, None, None) for seat in stopping]
    timers: list[Timer] = []
    for seat, away, since in starting:
        clock, its_timers = _started(game_id, seat, pace, now, away, since)
        clocks.append(clock)
        timers += its_timers
    await _set_clocks(db, game_id, clocks)
    await _drop_timers(db, game_id, [seat for seat, _, _ in clocks])
    if timers:
        await db.executemany("INSERT INTO timers (game_id, seat, kind, due) VALUES (?, ?, ?, ?)", timers)


async def _set_clocks(db: Conn, game_id: int, clocks: Sequence[Clock]) -> None:
    """Each seat's ``since`` and ``deadline`` in one statement."""
    cases = " ".join("WHEN ? THEN CAST(? AS DOUBLE PRECISION)" for _ in clocks)
    await db.execute(
        f"UPDATE seats SET since = CASE seat {cases} END, deadline = CASE seat {cases} END"
        f" WHERE game_id = ? AND seat IN ({marks(len(clocks))})",
        (
            *(v for seat, since, _ in clocks for v in (seat, since)),
            *(v for seat, _, deadline in clocks for v in (seat, deadline)),
            game_id,
            *(seat for seat, _, _ in clocks),
        ),
    )


async def stop_clock(db: Conn, game_id: int, seat: int) -> None:
    await _set_clocks(db, game_id, [(seat, None, None)])
    await _drop_timers(db, game_id, [seat])


async def _drop_timers(db: Conn, game_id: int, seats: Sequence[int]) -> None:
    await db.execute(f"DELETE FROM timers WHERE game_id = ? AND seat IN ({marks(len(seats))})", (game_id, *seats))


async def hand_resigned(
    db: Conn, game_id: int, seats: Sequence[Any], resigned: Iterable[int], level: str
) -> tuple[list[Any], tuple[int, ...]]:
    """A game whose resigned seats play on (Shitenno SH-R.6, issue 46 §1): each resigned seat its
    player still plays is handed to the table for good — played by a computer of ``level`` (so it
    has no clock, no reminder, no deadline and no vote) — in the transaction of the resignation.
    Returns ``seats`` (the seat rows :func:`update_clocks` reads) as they are now, and the seats
    handed."""
    handed = tuple(sorted(set(resigned) & {r["seat"] for r in seats if r["absent"] is None}))
    if not handed:
        return list(seats), ()
    for seat in handed:
        await db.execute("UPDATE seats SET absent = ? WHERE game_id = ? AND seat = ?", (level, game_id, seat))
        await stop_clock(db, game_id, seat)
    handed_row = {"absent": level, "since": None, "deadline": None}
    rows = [{**dict(zip(r.keys(), r, strict=True)), **handed_row} if r["seat"] in handed else r for r in seats]
    return rows, handed


async def update_clocks(
    db: Conn,
    game_id: int,
    pace: int | None,
    seats: Sequence[Any],
    to_act: Iterable[int],
    now: float,
    actor: int | None = None,
    away: Mapping[int, float] | None = None,
) -> None:
    """Bring the seats' clocks in line with who must act now: a seat that starts waiting (it was
    not among the seats to act) gets its clock, one that stopped loses it, one still waiting keeps
    it — its ``since``, its deadline and its pending reminders. That includes the ``actor`` when
    its part is unfinished (a draft change in Stratego's setup, one decision of a Stroganov turn, a
    Shitenno seat that acts again): DESIGN §5, a deadline is set when a seat starts waiting and is
    not moved by actions that leave its part unfinished, or a player could postpone it for ever
    (issue 18 §5). Only in a solo game, where nobody else waits, the acting seat's clock starts
    again (its reminders follow the player's last action). ``seats`` are the seat rows (seat,
    user_id, since, absent); a seat the table plays (absent, or a computer's: issue 46) never has a
    clock — no reminder, no deadline, no vote about it. ``away``: each
    player's vacation end as :func:`away_until` reads it, when the caller read it already (a move
    reads it with its game, in the same transaction); otherwise it is read here."""
    acting = set(to_act)
    solo = len({r["user_id"] for r in seats}) == 1
    starting = [
        r
        for r in seats
        if r["seat"] in acting
        and r["absent"] is None
        and computer_level(r["user_id"]) is None
        and (r["since"] is None or (solo and r["seat"] == actor))
    ]
    stopping = [r["seat"] for r in seats if r["seat"] not in acting and r["since"] is not None]
    if not (stopping or starting):
        return
    if away is None:
        away = await away_until(db, (r["user_id"] for r in starting))
    started = [(r["seat"], away.get(r["user_id"]), r["since"]) for r in starting]
    await _change_clocks(db, game_id, pace, now, started, stopping)


async def clear_game(db: Conn, game_id: int) -> None:
    """A game that ended has no clocks and nothing due."""
    await db.execute("UPDATE seats SET since = NULL, deadline = NULL WHERE game_id = ?", (game_id,))
    await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))


async def shift_user(db: Conn, user_id: int, shift: float) -> None:
    """Move every running clock of ``user_id`` by ``shift`` seconds (a vacation starts or ends):
    the deadlines of their waiting seats and those seats' timers not yet fired."""
    if not shift:
        return
    seats = (
        "SELECT s.game_id, s.seat FROM seats s JOIN games g ON g.id = s.game_id"
        " WHERE s.user_id = ? AND s.deadline IS NOT NULL AND g.status = 'active'"
    )
    await db.execute(
        f"UPDATE timers SET due = due + ? WHERE fired_at IS NULL AND (game_id, seat) IN ({seats})", (shift, user_id)
    )
    await db.execute(f"UPDATE seats SET deadline = deadline + ? WHERE (game_id, seat) IN ({seats})", (shift, user_id))


def year_of(when: float) -> int:
    """The UTC calendar year of a unix time (vacation days are counted per year)."""
    return datetime.datetime.fromtimestamp(when, datetime.UTC).year
