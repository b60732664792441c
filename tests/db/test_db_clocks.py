"""Turn clocks in the store (issue 13): a pace per game, a clock per waiting seat, durable timers
(reminders, deadlines, lobby expiry), reminder and nudge caps, vacations and absent seats.

The engines are the toy "count" game (one seat acts at a time) and Stratego, whose setup has both
seats act at once (a Stroganov turn of several decisions and its solo game's clock:
test_db_stroganov_clocks.py). Time is a hand-moved clock shared by every store of a test (no
sleeping).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from typing import Any

import pytest

from cogs.games import ENGINES as REGISTRY
from db import clocks
from db.errors import GameNotFound, VacationLimit, WrongStatus
from db.records import GameRecord, SeatClock, Timer, computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.db_fixtures import OpenStore, Raw
from tests.fakeclock import FakeClock
from tests.toygame import GAME, Add

GUILD, CHANNEL = 1000, 11
ALICE, BOB, CAROL = 101, 102, 103

T0 = 1_700_000_000.0
HOUR = 3600.0
DAY = clocks.DAY
PACE = 3 * 86400
OPTIONS = {"target": 50}
SEED = 7
FIRST = GAME.to_act(GAME.new(2, OPTIONS, SEED))[0]
"""The seat that acts first in a two-player count game with OPTIONS and SEED."""

STRATEGO = REGISTRY["stratego"]
STRATEGO_SEED = 3
"""With this seed Stratego's first move after the setup is seat 1's."""

GAMES: dict[str, Any] = {"count": GAME, "stratego": STRATEGO}
pytestmark = pytest.mark.store(games=GAMES)  # the shared store (tests/conftest.py) with these games


async def claim_when_due(store: GameStore, clock: FakeClock, timer_id: int, due: float) -> bool:
    """Claim a timer as the dispatcher would, at its due time (a timer claims only once due);
    the clock is set back afterwards, so the test's own times stay as they were."""
    before = clock.now
    clock.now = max(before, due)
    try:
        return await store.clocks.claim_timer(timer_id)
    finally:
        clock.now = before


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
async def stores(open_store: OpenStore, clock: FakeClock) -> tuple[GameStore, GameStore]:
    """Two store instances on one database: two connections, as with a second bot process."""
    return await open_store(games=GAMES, clock=clock), await open_store(games=GAMES, clock=clock)


# -- helpers ------------------------------------------------------------------------------------


def timers(raw: Raw, game_id: int, *, keep: bool = False) -> list[Timer]:
    """Every timer of a game, fired or not, earliest first; the thread's ``keep`` timer only when
    asked for (it has its own tests)."""
    rows = raw(
        "SELECT id, game_id, seat, kind, due, fired_at FROM timers WHERE game_id = ? ORDER BY due, id",
        (game_id,),
    )
    return [Timer(*r) for r in rows if keep or r[3] != "keep"]


def plan(raw: Raw, game_id: int) -> list[tuple[int | None, str, float]]:
    """A game's unfired timers as (seat, kind, due)."""
    return [(t.seat, t.kind, t.due) for t in timers(raw, game_id) if t.fired_at is None]


def seat_plan(seat: int, start: float, pace: float) -> list[tuple[int | None, str, float]]:
    """The timers a seat whose clock runs from ``start`` must have."""
    out: list[tuple[int | None, str, float]] = [(seat, "half", start + pace / 2)]
    if pace > DAY:
        out.append((seat, "late", start + pace - 12 * HOUR))
    out.append((seat, "deadline", start + pace))
    return out


def timer_of(raw: Raw, game_id: int, seat: int | None, kind: str) -> Timer:
    (found,) = [t for t in timers(raw, game_id) if t.seat == seat and t.kind == kind]
    return found


def to_act(record: GameRecord) -> tuple[int, ...]:
    return tuple(record.engine.to_act(record.load_state())) if record.engine else ()


async def count_game(
    store: GameStore, players: tuple[int, ...] = (ALICE, BOB), pace: int | None = PACE, **kw: Any
) -> GameRecord:
    return await store.games.create("count", list(players), OPTIONS, SEED, GUILD, CHANNEL, players[0], pace=pace, **kw)


async def waiting_for(store: GameStore, user: int, other: int, pace: int | None = PACE) -> GameRecord:
    """A two-player count game whose first turn is ``user``'s."""
    players = (user, other) if FIRST == 0 else (other, user)
    return await count_game(store, players, pace)


async def stratego_game(store: GameStore, pace: int | None = PACE) -> GameRecord:
    return await store.games.create("stratego", [ALICE, BOB], None, STRATEGO_SEED, GUILD, CHANNEL, ALICE, pace=pace)


def setup_draft(record: GameRecord, seat: int) -> Any:
    """A setup action that is not Ready: the seat still has to act afterwards."""
    state = record.load_state()
    (draft, *_) = [a for a in STRATEGO.legal(state, seat) if a.notation().startswith("setup")]
    return draft


def at(year: int, month: int, day: int, hour: int = 0) -> float:
    return datetime.datetime(year, month, day, hour, tzinfo=datetime.UTC).timestamp()


# -- 1. a game's pace starts the clocks of the seats to act --------------------------------------


async def test_create_with_a_pace_starts_the_clock_and_timers_of_the_seat_to_act(store: GameStore, raw: Raw) -> None:
    """Issue 13: a game created with a pace gives the seat to act a clock from now (since, deadline
    now + pace) and its timers: a reminder at half the time, one 12 hours before the deadline, and
    the deadline; the seat not to act has no clock."""
    rec = await count_game(store)
    seat, other = FIRST, 1 - FIRST
    assert rec.pace == PACE
    assert rec.clock_of(seat) == SeatClock(seat, rec.players[seat], T0, T0 + PACE, None)
    assert rec.clock_of(other) == SeatClock(other, rec.players[other], None, None, None)
    assert rec.waiting() == [rec.clock_of(seat)]
    assert plan(raw, rec.id) == [
        (seat, "half", T0 + 1.5 * DAY),
        (seat, "late", T0 + PACE - 12 * HOUR),
        (seat, "deadline", T0 + PACE),
    ]
    assert (await store.games.get(rec.id)).clocks == rec.clocks


async def test_create_starts_a_clock_for_every_seat_that_acts_at_once(store: GameStore, raw: Raw) -> None:
    """Issue 13: in Stratego's setup both seats act, so both get a clock and their timers."""
    rec = await stratego_game(store)
    assert to_act(rec) == (0, 1)
    for seat in (0, 1):
        assert rec.clock_of(seat) == SeatClock(seat, rec.players[seat], T0, T0 + PACE, None)
    assert sorted(plan(raw, rec.id)) == sorted(seat_plan(0, T0, PACE) + seat_plan(1, T0, PACE))


async def test_a_one_day_pace_has_no_late_reminder(store: GameStore, raw: Raw) -> None:
    """Issue 13: with a pace of one day the 12-hours-before reminder would coincide with the half
    one, so there is only one reminder."""
    rec = await count_game(store, pace=86400)
    assert rec.clock_of(FIRST) is not None and rec.clock_of(FIRST).deadline == T0 + DAY
    assert plan(raw, rec.id) == [(FIRST, "half", T0 + 12 * HOUR), (FIRST, "deadline", T0 + DAY)]


async def test_without_a_pace_the_seat_waits_with_no_deadline_and_no_timers(store: GameStore, raw: Raw) -> None:
    """Issue 13: pace None: the seat to act still records since when it waits, but has no deadline
    and nothing is ever due for it."""
    rec = await count_game(store, pace=None)
    assert rec.pace is None
    assert rec.clock_of(FIRST) == SeatClock(FIRST, rec.players[FIRST], T0, None, None)
    assert timers(raw, rec.id) == []
    assert await store.clocks.next_due() == T0 + clocks.KEEP_OPEN, "only its thread's keep timer"


async def test_start_of_a_lobby_with_a_pace_starts_the_clocks_from_the_start(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a lobby keeps its pace; starting it (a day later) starts the clocks of the seats
    to act from the start, not from the lobby's creation, and replaces the lobby's expiry."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB], pace=PACE)
    assert lobby.pace == PACE
    assert all(c.since is None and c.deadline is None for c in lobby.clocks)
    now = clock.advance(DAY)
    rec = await store.games.start(lobby.id, None, SEED)
    assert rec.pace == PACE
    assert rec.clock_of(FIRST) == SeatClock(FIRST, rec.players[FIRST], now, now + PACE, None)
    assert rec.clock_of(1 - FIRST) == SeatClock(1 - FIRST, rec.players[1 - FIRST], None, None, None)
    assert plan(raw, rec.id) == seat_plan(FIRST, now, PACE)


async def test_start_of_a_lobby_without_a_pace_sets_no_timers(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: a lobby created without a pace starts with clocks that have no deadline."""
    lobby = await store.lobbies.create("stratego", ALICE, None, GUILD, CHANNEL, seats=[ALICE, BOB])
    now = clock.advance(HOUR)
    rec = await store.games.start(lobby.id, None, STRATEGO_SEED)
    assert rec.pace is None
    assert [(c.since, c.deadline) for c in rec.clocks] == [(now, None), (now, None)]
    assert timers(raw, rec.id) == []


@pytest.mark.parametrize("pace", [0, -1, -PACE, True, False, 365 * 86400 + 1, 1.5, float(PACE), "3d"])
async def test_a_pace_that_is_no_positive_number_of_seconds_up_to_a_year_is_refused(
    store: GameStore, raw: Raw, pace: Any
) -> None:
    """Issue 13: create and create_lobby refuse a pace of zero, a negative one, a bool, a non-int
    or more than a year with ValueError, and store nothing."""
    with pytest.raises(ValueError):
        await count_game(store, pace=pace)
    with pytest.raises(ValueError):
        await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, pace=pace)
    assert raw("SELECT COUNT(*) FROM games") == [(0,)]
    assert raw("SELECT COUNT(*) FROM timers") == [(0,)]


async def test_a_pace_of_exactly_a_year_is_accepted(store: GameStore) -> None:
    """Issue 13: the upper bound of the pace is inclusive."""
    rec = await count_game(store, pace=365 * 86400)
    assert rec.pace == 365 * 86400


# -- 2. lobbies expire ---------------------------------------------------------------------------


async def test_a_lobby_gets_one_expire_timer_that_start_removes(store: GameStore, raw: Raw) -> None:
    """Issue 13: create_lobby adds one ``expire`` timer (no seat) at now + LOBBY_TTL (7 days);
    starting the lobby removes it."""
    assert clocks.LOBBY_TTL == 7 * DAY
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB], pace=PACE)
    assert plan(raw, lobby.id) == [(None, "expire", T0 + 7 * DAY)]
    assert await store.clocks.next_due() == T0 + 7 * DAY
    rec = await store.games.start(lobby.id, None, SEED)
    assert all(t.kind != "expire" for t in timers(raw, rec.id))
    assert await store.clocks.next_due() == T0 + PACE / 2


async def test_expire_lobby_ends_the_lobby_with_status_expired(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13, 18: expire_lobby ends a lobby nobody started: status and ending ``expired`` (not
    ``cancelled``), no winner, cancelled by nobody, the version bumped and nothing left due; it is
    listed under its status."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB])
    clock.advance(7 * DAY)
    rec = await store.games.expire(lobby.id)
    assert rec is not None
    assert rec.status == "expired"
    assert rec.outcome == Outcome(winners=(), ending=Ending.EXPIRED)
    assert rec.cancelled_by is None
    assert rec.version == lobby.version + 1
    assert timers(raw, lobby.id) == []
    assert await store.clocks.next_due() is None
    assert await store.games.expire(lobby.id) is None
    assert [g.id for g in await store.games.find(status="expired")] == [lobby.id]
    assert await store.games.find(status="cancelled") == []


async def test_expire_lobby_leaves_a_started_game_alone(store: GameStore, raw: Raw) -> None:
    """Issue 13: an expiry that comes after the lobby started (or for a running game) is None and
    changes nothing."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB], pace=PACE)
    started = await store.games.start(lobby.id, None, SEED)
    assert await store.games.expire(lobby.id) is None
    assert await store.games.get(lobby.id) == started
    game = await count_game(store)
    assert await store.games.expire(game.id) is None
    assert (await store.games.get(game.id)).status == "active"


async def test_expire_lobby_of_an_unknown_game_is_game_not_found(store: GameStore) -> None:
    """Issue 13: expire_lobby of an id no game has raises GameNotFound."""
    with pytest.raises(GameNotFound):
        await store.games.expire(12345)


async def test_cancelling_a_lobby_removes_its_expiry(store: GameStore, raw: Raw) -> None:
    """Issue 13: a lobby cancelled by its creator has nothing left to expire."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL)
    await store.games.cancel(lobby.id, ALICE)
    assert timers(raw, lobby.id) == []


# -- 3. clocks follow the turn -----------------------------------------------------------------


async def test_when_the_turn_passes_the_old_clock_stops_and_the_new_one_starts_now(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: after an action that passes the turn, the seat that acted has no clock and no
    timers, and the seat now to act has a clock (and timers) from the time of the action."""
    rec = await count_game(store)
    version, seat = rec.version, FIRST
    for _ in range(3):
        now = clock.advance(5 * HOUR)
        result = await store.games.append(rec.id, version, seat, Add(1))
        version, seat = result.version, result.to_act[0]
        got = await store.games.get(rec.id)
        assert got.clock_of(seat) == SeatClock(seat, got.players[seat], now, now + PACE, None)
        assert got.clock_of(1 - seat) == SeatClock(1 - seat, got.players[1 - seat], None, None, None)
        assert plan(raw, rec.id) == seat_plan(seat, now, PACE)


async def test_a_seat_that_keeps_acting_keeps_its_clock(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 18 §5 (DESIGN §5): in Stratego's setup a seat that drafts its army still has to act:
    its deadline was set when it started waiting and is not moved by a draft change — it keeps its
    since, its deadline and its very timers, and so does the other seat; a seat that confirms
    stops waiting; the first move's seat starts waiting when the setup ends."""
    rec = await stratego_game(store)
    before = timers(raw, rec.id)
    clock.advance(HOUR)
    r = await store.games.append(rec.id, rec.version, 0, setup_draft(rec, 0))
    got = await store.games.get(rec.id)
    assert r.to_act == (0, 1)
    assert got.clocks == rec.clocks, "a draft change moves no deadline"
    assert timers(raw, rec.id) == before, "nor any timer"

    clock.advance(HOUR)
    r = await store.games.append(rec.id, r.version, 1, "ready")
    got = await store.games.get(rec.id)
    assert r.to_act == (0,)
    assert got.clock_of(1) == SeatClock(1, BOB, None, None, None)
    assert got.clock_of(0) == SeatClock(0, ALICE, T0, T0 + PACE, None), "Bob's action leaves Alice's clock"
    assert plan(raw, rec.id) == seat_plan(0, T0, PACE)

    now = clock.advance(HOUR)
    r = await store.games.append(rec.id, r.version, 0, "ready")
    got = await store.games.get(rec.id)
    assert r.to_act == (1,)
    assert got.clock_of(0) == SeatClock(0, ALICE, None, None, None)
    assert got.clock_of(1) == SeatClock(1, BOB, now, now + PACE, None)
    assert plan(raw, rec.id) == seat_plan(1, now, PACE)


async def test_redrafting_the_setup_never_postpones_the_deadline(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 18 §5: at a one-day pace, a seat that changes its draft every 20 hours keeps the
    deadline it got when it started waiting: the deadline falls due 24 hours in, its reminder
    fires once at half time and is not set again, and a draft after the deadline does not take
    the deadline away (the others' decision stands)."""
    rec = await stratego_game(store, pace=86400)
    r = await store.games.append(rec.id, rec.version, 1, "ready")
    version = r.version
    for _ in range(3):
        now = clock.advance(20 * HOUR)
        for t in await store.clocks.due_timers(now):
            assert await store.clocks.claim_timer(t.id)
        version = (await store.games.append(rec.id, version, 0, setup_draft(rec, 0))).version
        got = await store.games.get(rec.id)
        assert got.clock_of(0) == SeatClock(0, ALICE, T0, T0 + DAY, None)
    fired = [(t.kind, t.due) for t in timers(raw, rec.id) if t.fired_at is not None]
    assert fired == [("half", T0 + 12 * HOUR), ("deadline", T0 + DAY)], "each fired once, at its first time"
    assert plan(raw, rec.id) == [], "nothing new was set by the drafts"
    deadline = timer_of(raw, rec.id, 0, "deadline")
    assert await store.agreements.vote_timeout(deadline.id, BOB, "win") == {BOB: "win"}, "the others' decision stands"


async def test_when_the_engine_ends_the_game_every_clock_and_timer_goes(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: an action that ends the game (the engine's outcome) leaves no seat waiting and
    nothing due for the game; other games' timers stay."""
    rec = await store.games.create("count", [ALICE, BOB], {"target": 2}, SEED, GUILD, CHANNEL, ALICE, pace=PACE)
    other = await count_game(store)
    assert timers(raw, rec.id)
    clock.advance(HOUR)
    result = await store.games.append(rec.id, rec.version, FIRST, Add(2))
    assert result.finished
    got = await store.games.get(rec.id)
    assert got.status == "finished"
    assert all(c.since is None and c.deadline is None for c in got.clocks)
    assert got.waiting() == []
    assert timers(raw, rec.id) == []
    assert plan(raw, other.id) == seat_plan(FIRST, T0, PACE)


@pytest.mark.parametrize("end", ["finish", "cancel"])
async def test_finishing_or_cancelling_a_game_removes_every_clock_and_timer(
    store: GameStore, raw: Raw, clock: FakeClock, end: str
) -> None:
    """Issue 13: a game ended by finish (resignation, timeout) or cancel has no clocks and no
    timers left, even ones already fired."""
    rec = await stratego_game(store)
    half = timer_of(raw, rec.id, 0, "half")
    assert await claim_when_due(store, clock, half.id, half.due)
    if end == "finish":
        got = await store.games.finish(rec.id, Outcome(winners=(1,), ending=Ending.RESIGNED))
    else:
        got = await store.games.cancel(rec.id, ALICE)
    assert all(c.since is None and c.deadline is None for c in got.clocks)
    assert got.waiting() == []
    assert timers(raw, rec.id) == []
    assert await store.clocks.next_due() is None


# -- 4. timers: due, claimed once ---------------------------------------------------------------


async def test_next_due_and_due_timers_follow_the_unfired_timers(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: next_due is the earliest unfired due; due_timers(now) returns the due ones,
    earliest first; a claimed timer is fired exactly once and then neither listed nor counted."""
    assert await store.clocks.next_due() is None
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL)
    rec = await count_game(store)
    assert await store.clocks.next_due() == T0 + 1.5 * DAY
    assert await store.clocks.due_timers(T0) == []
    due = await store.clocks.due_timers(T0 + 2.5 * DAY)
    assert [(t.game_id, t.seat, t.kind, t.due, t.fired_at) for t in due] == [
        (rec.id, FIRST, "half", T0 + 1.5 * DAY, None),
        (rec.id, FIRST, "late", T0 + 2.5 * DAY, None),
    ]
    everything = await store.clocks.due_timers(T0 + 100 * DAY)
    assert [t.kind for t in everything] == ["half", "late", "deadline", "keep", "expire"]
    assert everything[-1].game_id == lobby.id and everything[-1].seat is None
    assert [t.kind for t in await store.clocks.due_timers(T0 + 100 * DAY, limit=2)] == ["half", "late"]

    half = due[0]
    assert await store.clocks.claim_timer(half.id) is False, "not due yet: a timer is claimed only once due"
    assert await claim_when_due(store, clock, half.id, half.due) is True
    assert await claim_when_due(store, clock, half.id, half.due) is False
    fired = await store.clocks.timer(half.id)
    assert fired is not None and fired.fired_at == half.due
    assert await store.clocks.next_due() == T0 + 2.5 * DAY
    assert [t.id for t in await store.clocks.due_timers(T0 + 2.5 * DAY)] == [due[1].id]
    assert await store.clocks.claim_timer(987654) is False


async def test_two_stores_claiming_the_same_timers_at_once_get_each_exactly_once(
    stores: tuple[GameStore, GameStore], clock: FakeClock
) -> None:
    """Issue 13: two processes' dispatchers claiming the same due timers concurrently: every
    timer is claimed by exactly one of them."""
    a, b = stores
    for _ in range(3):
        await stratego_game(a)
    due = await a.clocks.due_timers(T0 + 100 * DAY)
    assert len(due) == 21, "3 games: 2 seats x 3 timers and a keep timer each"
    clock.advance(100 * DAY)
    results = await asyncio.gather(*(s.clocks.claim_timer(t.id) for t in due for s in (a, b, b, a)))
    for i in range(len(due)):
        assert sum(results[4 * i : 4 * i + 4]) == 1
    assert await b.clocks.due_timers(T0 + 100 * DAY) == []
    assert await a.clocks.next_due() is None


# -- 5. at most one reminder a day per player ----------------------------------------------------


async def test_claim_reminder_allows_one_reminder_per_24_hours(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: claim_reminder is True for a user with no preferences row, then False within 24
    hours (a refused claim does not restart the 24 hours), True again after them."""
    assert await store.clocks.claim_reminder(ALICE) is True
    assert (await store.prefs.get(ALICE)).reminded_at == T0
    clock.advance(12 * HOUR)
    assert await store.clocks.claim_reminder(ALICE) is False
    clock.advance(12 * HOUR - 1)
    assert await store.clocks.claim_reminder(ALICE) is False
    assert (await store.prefs.get(ALICE)).reminded_at == T0
    now = clock.advance(2)
    assert await store.clocks.claim_reminder(ALICE) is True
    assert (await store.prefs.get(ALICE)).reminded_at == now
    assert await store.clocks.claim_reminder(BOB) is True


async def test_claim_reminder_at_the_due_time_keeps_the_next_slot(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: a reminder that fired a few minutes late is recorded at its due time, so the one
    due exactly 24 hours later (3-day pace: 36 h and 60 h) is not put off by those minutes."""
    clock.advance(5 * 60)
    assert await store.clocks.claim_reminder(ALICE, T0) is True
    assert (await store.prefs.get(ALICE)).reminded_at == T0
    clock.advance(DAY)
    assert await store.clocks.claim_reminder(ALICE, T0 + DAY - 1) is False
    assert await store.clocks.claim_reminder(ALICE, T0 + DAY) is True


async def test_claim_reminder_keeps_the_other_preferences(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: a user who set preferences keeps them when reminders are recorded."""
    before = await store.prefs.set(ALICE, dms_enabled=False, language="cs", notify="both")
    assert await store.clocks.claim_reminder(ALICE) is True
    after = await store.prefs.get(ALICE)
    assert (after.dms_enabled, after.language, after.notify) == (False, "cs", "both")
    assert after.reminded_at == T0 and before.reminded_at is None
    clock.advance(DAY + 1)
    assert await store.clocks.claim_reminder(ALICE) is True
    assert (await store.prefs.get(ALICE)).notify == "both"


async def test_claim_reminder_from_two_stores_at_once_is_true_once(
    stores: tuple[GameStore, GameStore], clock: FakeClock
) -> None:
    """Issue 13: two processes reminding the same player at once: exactly one may send it, both
    for a user with no preferences row and for one with a row."""
    a, b = stores
    await a.prefs.set(BOB, language="cs")
    for user in (ALICE, BOB):
        results = await asyncio.gather(
            a.clocks.claim_reminder(user), b.clocks.claim_reminder(user), a.clocks.claim_reminder(user)
        )
        assert sorted(results) == [False, False, True]
    clock.advance(DAY + 1)
    results = await asyncio.gather(b.clocks.claim_reminder(ALICE), a.clocks.claim_reminder(ALICE))
    assert sorted(results) == [False, True]


# -- 6. vacations --------------------------------------------------------------------------------


async def test_go_away_shifts_the_players_waiting_clocks_only(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: go_away(user, 5) moves the deadline and the unfired timers of every seat waiting
    for that user by 5 days; fired timers, other players' seats, games without a pace and ended
    games are untouched."""
    mine = await waiting_for(store, ALICE, BOB)
    fired = timer_of(raw, mine.id, FIRST, "half")
    assert await claim_when_due(store, clock, fired.id, fired.due)
    theirs = await waiting_for(store, BOB, ALICE)
    unpaced = await waiting_for(store, ALICE, BOB, pace=None)
    ended = await waiting_for(store, ALICE, BOB)
    await store.games.finish(ended.id, Outcome(winners=(1,), ending=Ending.RESIGNED))
    before = {g.id: (await store.games.get(g.id), timers(raw, g.id)) for g in (mine, theirs, unpaced, ended)}

    now = clock.advance(HOUR)
    prefs = await store.clocks.go_away(ALICE, 5)
    assert (prefs.away_from, prefs.away_until, prefs.away_days, prefs.away_year) == (now, now + 5 * DAY, 5, 2023)
    assert prefs.away(now) and not prefs.away(now + 5 * DAY)

    got = await store.games.get(mine.id)
    assert got.clock_of(FIRST) == SeatClock(FIRST, ALICE, T0, T0 + PACE + 5 * DAY, None)
    shifted = [
        t if t.fired_at is not None else Timer(t.id, t.game_id, t.seat, t.kind, t.due + 5 * DAY)
        for t in before[mine.id][1]
    ]
    assert shifted[0] == Timer(fired.id, mine.id, FIRST, "half", T0 + 1.5 * DAY, T0 + 1.5 * DAY)
    assert timers(raw, mine.id) == shifted
    for g in (theirs, unpaced, ended):
        assert (await store.games.get(g.id), timers(raw, g.id)) == before[g.id]


async def test_a_seat_that_starts_waiting_while_its_player_is_away_runs_from_the_vacations_end(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a seat whose player is away when it starts waiting (a new game, or the turn
    passing to it) records since now, but its deadline and timers run from the vacation's end."""
    prefs = await store.clocks.go_away(ALICE, 5)
    until = prefs.away_until
    assert until == T0 + 5 * DAY
    now = clock.advance(HOUR)
    created = await waiting_for(store, ALICE, BOB)
    assert created.clock_of(FIRST) == SeatClock(FIRST, ALICE, now, until + PACE, None)
    assert plan(raw, created.id) == seat_plan(FIRST, until, PACE)

    passed = await waiting_for(store, BOB, ALICE)
    now = clock.advance(HOUR)
    result = await store.games.append(passed.id, passed.version, FIRST, Add(1))
    alice = result.to_act[0]
    got = await store.games.get(passed.id)
    assert got.clock_of(alice) == SeatClock(alice, ALICE, now, until + PACE, None)
    assert plan(raw, passed.id) == seat_plan(alice, until, PACE)


async def test_come_back_shifts_the_clocks_back_by_the_unused_time_and_refunds_whole_days(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: come_back ends the vacation now: the clocks move back by the unused time (a seat
    that started waiting during the vacation then runs from now) and the unused whole days are
    refunded."""
    before = await waiting_for(store, ALICE, BOB)
    await store.clocks.go_away(ALICE, 5)
    clock.advance(DAY)
    during = await waiting_for(store, ALICE, BOB)
    now = clock.advance(1.5 * DAY)
    prefs = await store.clocks.come_back(ALICE)
    assert prefs is not None
    assert (prefs.away_from, prefs.away_until, prefs.away_days) == (None, None, 3)
    assert not prefs.away(now)
    unused = 2.5 * DAY
    got = await store.games.get(before.id)
    assert got.clock_of(FIRST) == SeatClock(FIRST, ALICE, T0, T0 + PACE + 5 * DAY - unused, None)
    assert plan(raw, before.id) == seat_plan(FIRST, T0 + 5 * DAY - unused, PACE)
    got = await store.games.get(during.id)
    assert got.clock_of(FIRST) == SeatClock(FIRST, ALICE, T0 + DAY, now + PACE, None)
    assert plan(raw, during.id) == seat_plan(FIRST, now, PACE)
    assert await store.clocks.come_back(ALICE) is None


async def test_come_back_when_not_away_is_none(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: come_back for a user who never went away, or whose vacation is over, is None."""
    assert await store.clocks.come_back(ALICE) is None
    await store.clocks.go_away(ALICE, 2)
    clock.advance(2 * DAY)
    assert await store.clocks.come_back(ALICE) is None
    assert (await store.prefs.get(ALICE)).away_days == 2


@pytest.mark.parametrize("days", [0, -1])
async def test_go_away_for_no_days_is_a_value_error(store: GameStore, days: int) -> None:
    """Issue 13: a vacation must be at least one day."""
    with pytest.raises(ValueError):
        await store.clocks.go_away(ALICE, days)
    assert (await store.prefs.get(ALICE)).away_until is None


async def test_go_away_beyond_the_years_days_is_vacation_limit(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: at most 14 vacation days per calendar year: asking for more raises VacationLimit
    with the days left, and changes nothing."""
    rec = await waiting_for(store, ALICE, BOB)
    with pytest.raises(VacationLimit) as info:
        await store.clocks.go_away(ALICE, 15)
    assert (info.value.user_id, info.value.asked, info.value.left) == (ALICE, 15, 14)
    assert (await store.prefs.get(ALICE)).away_until is None
    await store.clocks.go_away(ALICE, 10)
    clock.advance(10 * DAY)
    before = plan(raw, rec.id)
    with pytest.raises(VacationLimit) as info:
        await store.clocks.go_away(ALICE, 5)
    assert info.value.left == 4
    assert plan(raw, rec.id) == before
    prefs = await store.clocks.go_away(ALICE, 4)
    assert prefs.away_days == 14
    clock.advance(4 * DAY)
    with pytest.raises(VacationLimit) as info:
        await store.clocks.go_away(ALICE, 1)
    assert info.value.left == 0


async def test_vacation_days_start_again_in_a_new_utc_year(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: the 14 days are per UTC calendar year."""
    clock.now = at(2030, 12, 1)
    assert (await store.clocks.go_away(ALICE, 14)).away_year == 2030
    clock.now = at(2030, 12, 31, 23)
    with pytest.raises(VacationLimit):
        await store.clocks.go_away(ALICE, 1)
    clock.now = at(2031, 1, 1) + 1
    prefs = await store.clocks.go_away(ALICE, 14)
    assert (prefs.away_year, prefs.away_days) == (2031, 14)


async def test_go_away_while_away_replaces_the_vacation(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: a new go_away while away replaces the running vacation: its unused whole days
    come back first, it keeps its start, ends days from now, and the clocks move to match."""
    rec = await waiting_for(store, ALICE, BOB)
    await store.clocks.go_away(ALICE, 10)
    now = clock.advance(2.5 * DAY)
    prefs = await store.clocks.go_away(ALICE, 6)
    assert (prefs.away_from, prefs.away_until, prefs.away_days) == (T0, now + 6 * DAY, 3 + 6)
    got = await store.games.get(rec.id)
    assert got.clock_of(FIRST) == SeatClock(FIRST, ALICE, T0, T0 + PACE + 2.5 * DAY + 6 * DAY, None)
    assert plan(raw, rec.id) == seat_plan(FIRST, T0 + 8.5 * DAY, PACE)
    # Shorter than what is left of the running one: the clocks move back.
    now = clock.advance(HOUR)
    prefs = await store.clocks.go_away(ALICE, 1)
    assert prefs.away_until == now + DAY
    assert (await store.games.get(rec.id)).clock_of(FIRST).deadline == now + DAY + PACE


async def test_replacing_a_vacation_counts_only_the_days_it_gives_back(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: 14 days taken and replaced an hour later: 13 whole days came back, 1 is used,
    so 13 more is the most a replacement may ask."""
    await store.clocks.go_away(ALICE, 14)
    clock.advance(HOUR)
    with pytest.raises(VacationLimit) as info:
        await store.clocks.go_away(ALICE, 14)
    assert info.value.left == 13
    assert (await store.prefs.get(ALICE)).away_until == T0 + 14 * DAY
    assert (await store.clocks.go_away(ALICE, 13)).away_days == 14


async def test_replacing_last_years_vacation_in_the_new_year_counts_the_new_days_in_full(
    store: GameStore, clock: FakeClock
) -> None:
    """Issue 13: a vacation from Dec 28 for 10 days is replaced on Jan 2 by one of 14 days: those
    14 days are this year's, so no more vacation is left this year."""
    clock.now = at(2030, 12, 28)
    await store.clocks.go_away(ALICE, 10)
    clock.now = at(2031, 1, 2)
    prefs = await store.clocks.go_away(ALICE, 14)
    assert prefs.away_year == 2031
    assert prefs.away_days == 14
    clock.now = at(2031, 2, 1)
    with pytest.raises(VacationLimit):
        await store.clocks.go_away(ALICE, 5)


# -- 7. absent seats -----------------------------------------------------------------------------


async def test_set_absent_stops_the_seats_clock_and_gives_it_back(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: while the table plays a seat (absent "normal": issue 46, a computer of that level)
    it has no clock and no timers, and does not get one when its turn comes; given back, it starts
    its clock from then if it must act. Setting the same value twice is None the second time."""
    rec = await count_game(store)
    seat, other = FIRST, 1 - FIRST
    clock.advance(HOUR)
    got = await store.clocks.set_absent(rec.id, seat, "normal")
    assert got is not None
    assert got.clock_of(seat) == SeatClock(seat, rec.players[seat], None, None, "normal")
    assert got.waiting() == []
    assert timers(raw, rec.id) == []
    assert await store.clocks.set_absent(rec.id, seat, "normal") is None
    assert got.version == rec.version

    # The table plays the absent seat: the turn passes to the other seat, whose clock starts.
    now = clock.advance(HOUR)
    result = await store.games.append(rec.id, rec.version, seat, Add(1))
    got = await store.games.get(rec.id)
    assert got.clock_of(other) == SeatClock(other, rec.players[other], now, now + PACE, None)
    # The other seat plays: the absent seat is to act again, but gets no clock.
    clock.advance(HOUR)
    result = await store.games.append(rec.id, result.version, other, Add(1))
    assert result.to_act == (seat,)
    got = await store.games.get(rec.id)
    assert got.clock_of(seat) == SeatClock(seat, rec.players[seat], None, None, "normal")
    assert got.waiting() == []
    assert timers(raw, rec.id) == []

    now = clock.advance(HOUR)
    got = await store.clocks.set_absent(rec.id, seat, None)
    assert got is not None
    assert got.clock_of(seat) == SeatClock(seat, rec.players[seat], now, now + PACE, None)
    assert plan(raw, rec.id) == seat_plan(seat, now, PACE)
    assert await store.clocks.set_absent(rec.id, seat, None) is None


async def test_a_seat_given_back_when_not_to_act_gets_no_clock(store: GameStore, raw: Raw) -> None:
    """Issue 13: a seat given back to its player while the other seat must act stays clockless,
    and the other seat's clock is untouched."""
    rec = await count_game(store)
    other = 1 - FIRST
    assert await store.clocks.set_absent(rec.id, other, "normal") is not None
    got = await store.clocks.set_absent(rec.id, other, None)
    assert got is not None
    assert got.clocks == rec.clocks
    assert plan(raw, rec.id) == seat_plan(FIRST, T0, PACE)


async def test_a_seat_given_back_while_its_player_is_away_runs_from_the_vacations_end(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a seat given back to a player who is away waits from now, with its deadline and
    timers from the end of the vacation."""
    rec = await waiting_for(store, ALICE, BOB)
    await store.clocks.set_absent(rec.id, FIRST, "normal")
    until = (await store.clocks.go_away(ALICE, 3)).away_until
    assert until is not None
    now = clock.advance(HOUR)
    got = await store.clocks.set_absent(rec.id, FIRST, None)
    assert got is not None
    assert got.clock_of(FIRST) == SeatClock(FIRST, ALICE, now, until + PACE, None)
    assert plan(raw, rec.id) == seat_plan(FIRST, until, PACE)


async def test_set_absent_needs_a_running_game(store: GameStore) -> None:
    """Issue 13: the table plays seats of running games only."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB])
    with pytest.raises(WrongStatus):
        await store.clocks.set_absent(lobby.id, 0, "normal")
    with pytest.raises(GameNotFound):
        await store.clocks.set_absent(4242, 0, "normal")


# -- 8. extending a deadline ---------------------------------------------------------------------


async def test_extend_deadline_restarts_the_clock_from_now_keeping_since(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: the others chose to wait: the seat's deadline is now + pace with new timers
    (the fired ones are gone), and it still waits since when it began."""
    rec = await count_game(store)
    now = clock.advance(PACE)
    for t in await store.clocks.due_timers(now):
        assert await store.clocks.claim_timer(t.id)
    assert plan(raw, rec.id) == []
    got = await store.clocks.extend_deadline(rec.id, FIRST)
    assert got.clock_of(FIRST) == SeatClock(FIRST, rec.players[FIRST], T0, now + PACE, None)
    assert [(t.seat, t.kind, t.due, t.fired_at) for t in timers(raw, rec.id)] == [
        (s, k, d, None) for s, k, d in seat_plan(FIRST, now, PACE)
    ]
    assert got.waiting()[0].since == T0


# -- 9. a player who left: overdue now -----------------------------------------------------------


async def test_overdue_now_makes_the_deadline_due_now_once(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: overdue_now moves the waiting seat's unfired deadline to now and drops its
    reminders; True once, False the second time and for a seat that is not waiting."""
    rec = await count_game(store)
    other = await count_game(store)
    now = clock.advance(HOUR)
    assert await store.clocks.overdue_now(rec.id, 1 - FIRST) is False
    assert await store.clocks.overdue_now(rec.id, FIRST) is True
    due = await store.clocks.due_timers(now)
    assert [(t.game_id, t.seat, t.kind, t.due) for t in due] == [(rec.id, FIRST, "deadline", now)]
    assert plan(raw, rec.id) == [(FIRST, "deadline", now)]
    assert (await store.games.get(rec.id)).clock_of(FIRST).deadline == now
    assert await store.clocks.overdue_now(rec.id, FIRST) is False
    clock.advance(HOUR)
    assert await store.clocks.overdue_now(rec.id, FIRST) is False
    assert plan(raw, other.id) == seat_plan(FIRST, T0, PACE)
    with pytest.raises(GameNotFound):
        await store.clocks.overdue_now(4242, 0)


async def test_overdue_now_without_a_pace_gives_that_seat_a_deadline_now_once(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a player who left a game with no pace still counts as absent: their seat gets a
    deadline due now, once (not while it stands or after it fired); a seat not waiting gets none."""
    rec = await count_game(store, pace=None)
    assert await store.clocks.overdue_now(rec.id, 1 - FIRST) is False
    assert await store.clocks.overdue_now(rec.id, FIRST) is True
    assert plan(raw, rec.id) == [(FIRST, "deadline", T0)]
    assert await store.clocks.overdue_now(rec.id, FIRST) is False
    (due,) = await store.clocks.due_timers(T0)
    assert await store.clocks.claim_timer(due.id)
    clock.advance(DAY)
    assert await store.clocks.overdue_now(rec.id, FIRST) is False, "its deadline fired: the others decide"


# -- 10. timeout votes ---------------------------------------------------------------------------


async def three_player_deadline(store: GameStore, raw: Raw) -> tuple[GameRecord, Timer]:
    rec = await count_game(store, (ALICE, BOB, CAROL))
    seat = to_act(rec)[0]
    return rec, timer_of(raw, rec.id, seat, "deadline")


async def test_vote_timeout_records_changeable_votes(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: each voter's choice on an expired deadline is recorded and can be changed; every
    vote so far comes back."""
    _, deadline = await three_player_deadline(store, raw)
    clock.advance(PACE)
    assert await store.clocks.claim_timer(deadline.id)
    assert await store.agreements.vote_timeout(deadline.id, BOB, "wait") == {BOB: "wait"}
    assert await store.agreements.vote_timeout(deadline.id, CAROL, "win") == {BOB: "wait", CAROL: "win"}
    assert await store.agreements.vote_timeout(deadline.id, BOB, "auto") == {BOB: "auto", CAROL: "win"}


async def test_vote_timeout_on_a_deadline_gone_is_empty(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 13: once the seat played, its deadline is gone and a late vote is {} (recorded
    nowhere)."""
    rec, deadline = await three_player_deadline(store, raw)
    await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL)
    assert await store.agreements.vote_timeout(deadline.id, BOB, "wait") == {BOB: "wait"}
    clock.advance(HOUR)
    await store.games.append(rec.id, rec.version, deadline.seat or 0, Add(1))
    assert await store.clocks.timer(deadline.id) is None
    assert await store.agreements.vote_timeout(deadline.id, CAROL, "win") == {}
    assert raw("SELECT COUNT(*) FROM timeout_votes") == [(0,)]


async def test_vote_timeout_on_a_deadline_gone_is_empty_when_it_was_the_newest_timer(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a vote from the old deadline's message, after its seat played, must not count as
    a vote on the next seat's deadline."""
    rec, deadline = await three_player_deadline(store, raw)
    clock.advance(HOUR)
    result = await store.games.append(rec.id, rec.version, deadline.seat or 0, Add(1))
    assert result.to_act[0] != deadline.seat
    assert await store.clocks.timer(deadline.id) is None
    assert await store.agreements.vote_timeout(deadline.id, CAROL, "win") == {}


async def test_claiming_a_timer_that_went_meanwhile_claims_nothing_else(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: the dispatcher read a due reminder, the seat played before it claimed it: the
    claim fails and the next seat's reminders stay unfired."""
    rec = await count_game(store)
    now = clock.advance(1.5 * DAY)
    (half,) = await store.clocks.due_timers(now)
    await store.games.append(rec.id, rec.version, FIRST, Add(1))
    assert await store.clocks.claim_timer(half.id) is False
    assert all(t.fired_at is None for t in timers(raw, rec.id))


async def test_add_timer_for_an_ended_game_leaves_nothing_due(store: GameStore, raw: Raw) -> None:
    """Issue 13: the dispatcher puts a reminder off (24-hour cap) just as the game ends: no timer
    of the ended game is left behind (whether add_timer refuses or ignores it)."""
    rec = await count_game(store)
    await store.games.cancel(rec.id, ALICE)
    with contextlib.suppress(WrongStatus):
        await store.clocks.add_timer(rec.id, FIRST, "half", T0 + DAY)
    assert timers(raw, rec.id) == []


# -- 11. nudges ----------------------------------------------------------------------------------


async def test_nudge_at_most_once_a_day_per_running_game(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: nudge is True, then False within 24 hours, True after; per game; False for an
    ended game or a lobby; GameNotFound for an unknown one."""
    rec = await count_game(store)
    other = await count_game(store)
    assert await store.clocks.nudge(rec.id) is True
    assert (await store.games.get(rec.id)).nudged_at == T0
    clock.advance(DAY - 1)
    assert await store.clocks.nudge(rec.id) is False
    assert await store.clocks.nudge(other.id) is True
    clock.advance(2)
    assert await store.clocks.nudge(rec.id) is True
    await store.games.cancel(rec.id, ALICE)
    clock.advance(2 * DAY)
    assert await store.clocks.nudge(rec.id) is False
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL)
    assert await store.clocks.nudge(lobby.id) is False
    with pytest.raises(GameNotFound):
        await store.clocks.nudge(4242)


# -- 12. listings carry the clocks ---------------------------------------------------------------


async def test_list_games_carries_the_same_clocks_and_pace_as_get(store: GameStore, clock: FakeClock) -> None:
    """Issue 13: records from list_games (no state) carry each game's pace, nudge time and seat
    clocks exactly as get() does."""
    a = await count_game(store)
    b = await stratego_game(store, pace=86400)
    c = await count_game(store, pace=None)
    await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB], pace=PACE)
    clock.advance(HOUR)
    await store.clocks.set_absent(a.id, FIRST, "normal")
    await store.games.append(b.id, b.version, 0, "ready")
    await store.clocks.nudge(c.id)
    listed = await store.games.find()
    assert len(listed) == 4
    for rec in listed:
        full = await store.games.get(rec.id)
        assert (rec.pace, rec.nudged_at, rec.clocks) == (full.pace, full.nudged_at, full.clocks)
    assert [r.pace for r in listed] == [PACE, 86400, None, PACE]
    assert [len(r.waiting()) for r in listed] == [0, 1, 1, 0]
    mine = await store.games.find(user_id=ALICE, status="active", channel_id=CHANNEL, guild_id=GUILD)
    assert [r.clocks for r in mine] == [(await store.games.get(r.id)).clocks for r in (a, b, c)]


# -- threads kept open ---------------------------------------------------------------------------


async def test_a_running_game_has_one_keep_timer_six_days_out_and_an_ended_one_none(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 13: a game that starts (created running, or a lobby started) gets a ``keep`` timer
    6 days out, for its thread; a lobby has none; a game that ends loses it."""
    lobby = await store.lobbies.create("count", ALICE, OPTIONS, GUILD, CHANNEL, seats=[ALICE, BOB], pace=PACE)
    assert [t.kind for t in timers(raw, lobby.id, keep=True)] == ["expire"]
    now = clock.advance(HOUR)
    await store.games.start(lobby.id, None, SEED)
    keeps = [t for t in timers(raw, lobby.id, keep=True) if t.kind == "keep"]
    assert [(t.seat, t.due) for t in keeps] == [(None, now + clocks.KEEP_OPEN)]
    made = await count_game(store)
    assert [t.due for t in timers(raw, made.id, keep=True) if t.kind == "keep"] == [now + clocks.KEEP_OPEN]
    await store.games.cancel(made.id, ALICE)
    assert timers(raw, made.id, keep=True) == []
    assert await store.clocks.add_timer(lobby.id, None, "keep", now + 2 * clocks.KEEP_OPEN)


# -- issue 46: seats a computer plays ------------------------------------------------------------


async def test_a_computers_seat_never_gets_a_clock(store: GameStore, raw: Raw) -> None:
    """Issue 46 §1: a computer is never addressed by a clock — its seat to act has no waiting
    time, no deadline and no timer (no reminder, no deadline question about it, no nudge)."""
    computer = computer_id("normal", 1 - FIRST)
    players = (ALICE, computer) if FIRST == 0 else (computer, ALICE)
    rec = await count_game(store, players)
    result = await store.games.append(rec.id, rec.version, FIRST, Add(1))
    assert result.to_act == (1 - FIRST,)
    got = await store.games.get(rec.id)
    assert got.clock_of(1 - FIRST) == SeatClock(1 - FIRST, computer, None, None, None)
    assert got.waiting() == [] and plan(raw, rec.id) == []
    assert got.level_at(1 - FIRST) == "normal" and got.table_plays(1 - FIRST)
    assert await store.clocks.set_absent(rec.id, 1 - FIRST, "hard") is None, "a computer's seat is no one's to hand"


async def test_a_legacy_auto_seat_is_played_at_normal_level(store: GameStore, raw: Raw) -> None:
    """Issue 46 §1: a seat stored as played by the table before computers had levels ("auto")
    is played by a computer at normal level, and its player can have it back."""
    rec = await waiting_for(store, ALICE, BOB)
    assert await store.clocks.set_absent(rec.id, FIRST, "hard") is not None
    raw("UPDATE seats SET absent = 'auto' WHERE game_id = ? AND seat = ?", (rec.id, FIRST))
    got = await store.games.get(rec.id)
    assert got.clock_of(FIRST).absent == "auto"  # type: ignore[union-attr]
    assert got.level_at(FIRST) == "normal" and got.waiting() == []
    back = await store.clocks.set_absent(rec.id, FIRST, None)
    assert back is not None and back.level_at(FIRST) is None and [c.seat for c in back.waiting()] == [FIRST]
    with pytest.raises(ValueError, match="level"):
        await store.clocks.set_absent(rec.id, FIRST, "auto")


async def test_a_vacation_with_a_computer_hands_the_running_games_seats_until_it_ends(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 46 §1: ``/game away computer:`` — the player's seats in their running games are
    played by a computer of that level until the vacation ends (a ``back`` timer then), their
    clocks stopped; a seat the table already plays for a timeout stays as it is; ending the
    vacation gives the handed seats back (a waiting one's clock starts from then)."""
    waiting = await waiting_for(store, ALICE, BOB)
    other = await waiting_for(store, BOB, ALICE)
    late = await waiting_for(store, ALICE, CAROL)
    await store.clocks.set_absent(late.id, FIRST, "normal")
    now = clock.advance(HOUR)
    vacation = await store.clocks.start_vacation(ALICE, 3, "hard")
    until = now + 3 * DAY
    assert vacation.prefs.away_until == until and vacation.prefs.away_days == 3
    assert vacation.handed == (waiting.id, other.id) and vacation.returned == ()
    mine = await store.games.get(waiting.id)
    assert mine.level_at(FIRST) == "hard" and mine.waiting() == []
    assert plan(raw, waiting.id) == [(FIRST, "back", until)]
    assert plan(raw, other.id) == [*seat_plan(FIRST, T0, PACE), (1 - FIRST, "back", until)], "Bob's clock runs on"
    assert (await store.games.get(late.id)).level_at(FIRST) == "normal" and plan(raw, late.id) == []

    now = clock.advance(DAY)
    ended = await store.clocks.end_vacation(ALICE)
    assert ended is not None and ended.returned == (waiting.id, other.id) and ended.prefs.away_until is None
    mine = await store.games.get(waiting.id)
    assert mine.level_at(FIRST) is None and mine.clock_of(FIRST) == SeatClock(FIRST, ALICE, now, now + PACE, None)
    assert plan(raw, waiting.id) == seat_plan(FIRST, now, PACE)
    assert (await store.games.get(other.id)).level_at(1 - FIRST) is None
    assert (await store.games.get(late.id)).level_at(FIRST) == "normal", "a command in that game gives it back"
    assert await store.clocks.end_vacation(ALICE) is None


async def test_a_vacation_replaced_without_a_computer_gives_the_seats_back_with_stopped_clocks(
    store: GameStore, raw: Raw, clock: FakeClock
) -> None:
    """Issue 46 §1: a vacation replaced by one without a computer gives the seats the first one
    handed over back to the player, whose clocks wait for the new vacation's end; one replaced by
    another with a computer moves the ``back`` timers to its end (and takes its level). A game
    that starts during the vacation is the player's own: its clock waits for the vacation's end."""
    rec = await waiting_for(store, ALICE, BOB)
    now = clock.advance(HOUR)
    await store.clocks.start_vacation(ALICE, 2, "easy")
    longer = await store.clocks.start_vacation(ALICE, 5, "normal")
    assert longer.handed == (rec.id,) and plan(raw, rec.id) == [(FIRST, "back", now + 5 * DAY)]
    assert (await store.games.get(rec.id)).level_at(FIRST) == "normal"
    started = await waiting_for(store, ALICE, CAROL)
    assert started.level_at(FIRST) is None and plan(raw, started.id) == seat_plan(FIRST, now + 5 * DAY, PACE)
    plain = await store.clocks.start_vacation(ALICE, 4)
    assert plain.handed == () and plain.returned == (rec.id,)
    got = await store.games.get(rec.id)
    assert got.level_at(FIRST) is None and got.clock_of(FIRST) == SeatClock(
        FIRST, ALICE, now, now + 4 * DAY + PACE, None
    )
    assert plan(raw, rec.id) == seat_plan(FIRST, now + 4 * DAY, PACE)


async def test_the_vacations_back_timer_is_due_at_its_end(store: GameStore, raw: Raw, clock: FakeClock) -> None:
    """Issue 46 §1: the dispatcher finds a handed seat's ``back`` timer due when the vacation
    ends; giving the seat back then drops it and starts the seat's clock."""
    rec = await waiting_for(store, ALICE, BOB)
    await store.clocks.start_vacation(ALICE, 1, "normal")
    back = timer_of(raw, rec.id, FIRST, "back")
    assert await store.clocks.due_timers(T0 + DAY - 1) == []
    assert [t.id for t in await store.clocks.due_timers(T0 + DAY)] == [back.id]
    assert await claim_when_due(store, clock, back.id, back.due)
    clock.now = back.due
    got = await store.clocks.set_absent(rec.id, FIRST, None)
    assert got is not None and plan(raw, rec.id) == seat_plan(FIRST, back.due, PACE)
