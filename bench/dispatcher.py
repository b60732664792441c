"""Timers (issue 13): what the one durable dispatcher (``cogs/table/dispatcher.py``) costs with 10,000
active games with deadlines (1,000 with ``--quick``).

Setup: toy "count" games (``tests/toygame.py``; two players, one seat waits at a time) made through
``GameStore.games.create`` with a 3-day pace, each game's clock started at a random time in the 3 days
before ``T`` (two hours from now), so the unfired timers are spread like a real deployment's:
half time, 12 hours before and the deadline of every waiting seat; those already past at ``T``
are marked fired, as a running bot would have. Then, on the same SQLite file (WAL, opened by
``GameStore.open`` as the bot opens it):

* **one wake**: what the loop does each time it wakes — ``fire_due`` (``due_timers``, empty when
  nothing is due) and ``next_due`` — and a wake that fires one timer with the real ``fire``'s store
  work (``store.games.get`` of the game), timer after timer on a fake clock; wall and process CPU each;
* **per hour**: wakes per hour from the timers due in the first hour after ``T`` (one wake each;
  the hourly ``MAX_NAP`` wake only when nothing is due) times the measured cost of a wake;
* **idle window**: the real ``Dispatcher`` with the real ``SystemClock`` for a real 20 s (10 s
  quick) with nothing due: process CPU time (every thread) over the window, extrapolated to an hour;
* **due sweep**: a fake clock moved so that N timers are due at once (100, 1,000, 10,000; quick:
  100, 1,000), ``settle()`` timed (claim each, fire each) with a ``fire`` that does nothing and one
  that reads the game (``store.games.get``); the claim alone per timer; and two stores (two processes)
  sweeping the same 1,000 at once.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from bench.stats import Row, median, percentile
from cogs.table.dispatcher import Dispatcher
from db.records import Timer
from db.store import GameStore
from db.time_source import MAX_NAP, SystemClock
from tests.fakeclock import FakeClock
from tests.toygame import GAMES

PACE = 3 * 86400
HOUR = 3600.0
SECTION = "timers"
FIRES = ("fire does nothing", "fire reads the game")
"""The two ``fire`` callbacks: none of the bot's work, and the store read the real one starts with."""


class SetClock:
    """The store's clock while the games are made: each game's clock starts when the bench says."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def fill(path: Path, games: int, at: float) -> float:
    """``games`` active count games whose seats' clocks started at random times in the 3 days
    before ``at``; timers already due at ``at`` are marked fired. Returns the seconds it took."""
    t0 = time.perf_counter()
    clock = SetClock(at)
    store = await GameStore.open(path, games=GAMES, clock=clock, synchronous="OFF")
    rnd = random.Random(13)
    users = max(2, games // 2)
    for n in range(games):
        clock.now = at - rnd.random() * PACE
        a, b = rnd.sample(range(users), 2)
        await store.games.create(
            "count",
            [10_000 + a, 10_000 + b],
            {},
            n,
            guild_id=1,
            channel_id=2,
            creator_id=10_000 + a,
            thread_id=1_000_000 + n,
            pace=PACE,
        )
    await store.close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE timers SET fired_at = due WHERE due <= ?", (at,))
        conn.commit()
    return time.perf_counter() - t0


def raw(path: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute(sql, params).fetchall()
        conn.commit()
        return rows


def unfire(path: Path, at: float) -> None:
    """Undo the bench's firings (stamped at or after ``at``; the setup's are stamped earlier)."""
    raw(path, "UPDATE timers SET fired_at = NULL WHERE fired_at >= ?", (at,))


def nth_due(path: Path, n: int) -> float:
    """The due time of the n-th earliest unfired timer (1-based)."""
    return float(
        raw(path, "SELECT due FROM timers WHERE fired_at IS NULL ORDER BY due LIMIT 1 OFFSET ?", (n - 1,))[0][0]
    )


async def timed(n: int, step: Callable[[int], Awaitable[object]]) -> tuple[list[float], list[float]]:
    """Wall and process-CPU milliseconds of each of ``n`` awaited steps."""
    walls, cpus = [], []
    for i in range(n):
        c0, t0 = time.process_time(), time.perf_counter()
        await step(i)
        walls.append((time.perf_counter() - t0) * 1000)
        cpus.append((time.process_time() - c0) * 1000)
    return walls, cpus


def fires(store: GameStore) -> dict[str, Callable[[Timer], Awaitable[None]]]:
    async def nothing(timer: Timer) -> None:
        return None

    async def get(timer: Timer) -> None:
        await store.games.get(timer.game_id)

    return dict(zip(FIRES, (nothing, get), strict=True))


async def wakes(path: Path, at: float, samples: int) -> dict[str, Any]:
    clock = FakeClock(at)
    store = await GameStore.open(path, games=GAMES, clock=clock)
    out: dict[str, Any] = {}
    try:
        per_hour = raw(
            path, "SELECT COUNT(*) FROM timers WHERE fired_at IS NULL AND due > ? AND due <= ?", (at, at + HOUR)
        )
        out["per hour"] = int(per_hour[0][0])
        out["unfired"] = int(raw(path, "SELECT COUNT(*) FROM timers WHERE fired_at IS NULL")[0][0])
        for _ in range(50):  # warm the page cache and the statement cache
            await store.clocks.next_due()
        out["next_due"] = (await timed(samples, lambda i: store.clocks.next_due()))[0]
        out["due_timers"] = (await timed(samples, lambda i: store.clocks.due_timers(clock(), 100)))[0]
        idle = Dispatcher(lambda: store, clock, fires(store)["fire does nothing"])

        async def idle_wake(i: int) -> None:
            await idle.fire_due()
            await store.clocks.next_due()

        out["idle wake"] = await timed(samples, idle_wake)
        real = Dispatcher(lambda: store, clock, fires(store)["fire reads the game"])
        dues = [
            float(r[0])
            for r in raw(path, "SELECT due FROM timers WHERE fired_at IS NULL ORDER BY due LIMIT ?", (samples,))
        ]

        async def firing_wake(i: int) -> None:
            clock.now = dues[i]
            fired = await real.fire_due()
            assert fired == 1, fired
            await store.clocks.next_due()

        out["firing wake"] = await timed(len(dues), firing_wake)
    finally:
        await store.close()
        unfire(path, at)
    return out


class Counted:
    """The store, counting the dispatcher's calls of each method."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.calls: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        self.calls[name] = self.calls.get(name, 0) + 1
        return getattr(self.store, name)


async def idle_window(path: Path, seconds: float) -> dict[str, float]:
    """The real dispatcher on the real clock for ``seconds`` with nothing due (the next timer is
    at T, two hours off): process CPU over the window, and how often the loop read the store."""
    store = await GameStore.open(path, games=GAMES)
    counted = Counted(store)
    dispatcher = Dispatcher(lambda: counted, SystemClock(), fires(store)["fire reads the game"])
    try:
        nxt = await store.clocks.next_due()
        assert nxt is not None and nxt > time.time() + seconds + 60, "a timer falls due during the window"
        dispatcher.start()
        await asyncio.sleep(0.2)  # its first turn: nothing due, then asleep until T (MAX_NAP at most)
        before = dict(counted.calls)
        c0, t0 = time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        reads = sum(counted.calls.values()) - sum(before.values())
        fired = dispatcher.fired
    finally:
        await dispatcher.stop()
        await store.close()
    return {"cpu": cpu, "wall": wall, "reads": reads, "fired": fired}


async def sweep(path: Path, at: float, n: int, which: str) -> tuple[float, float, int]:
    """N timers due at once: ``settle()``'s wall and CPU seconds, and how many it fired."""
    clock = FakeClock(at)
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        dispatcher = Dispatcher(lambda: store, clock, fires(store)[which])
        clock.now = nth_due(path, n)
        c0, t0 = time.process_time(), time.perf_counter()
        fired = await dispatcher.settle()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    finally:
        await store.close()
        unfire(path, at)
    return wall, cpu, fired


async def claims(path: Path, at: float, n: int) -> list[float]:
    """The claim alone (one ``BEGIN IMMEDIATE`` transaction per timer), ms each."""
    clock = FakeClock(at)
    store = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        ids = [int(r[0]) for r in raw(path, "SELECT id FROM timers WHERE fired_at IS NULL ORDER BY due LIMIT ?", (n,))]
        clock.now = nth_due(path, n)

        async def claim(i: int) -> None:
            assert await store.clocks.claim_timer(ids[i])

        return (await timed(len(ids), claim))[0]
    finally:
        await store.close()
        unfire(path, at)


async def two_processes(path: Path, at: float, n: int) -> tuple[float, int, int]:
    """Two stores on the file (two bot processes) settle the same N due timers at once."""
    clock = FakeClock(at)
    a = await GameStore.open(path, games=GAMES, clock=clock)
    b = await GameStore.open(path, games=GAMES, clock=clock)
    try:
        da = Dispatcher(lambda: a, clock, fires(a)["fire reads the game"])
        db = Dispatcher(lambda: b, clock, fires(b)["fire reads the game"])
        clock.now = nth_due(path, n)
        t0 = time.perf_counter()
        fa, fb = await asyncio.gather(da.settle(), db.settle())
        wall = time.perf_counter() - t0
    finally:
        await a.close()
        await b.close()
        unfire(path, at)
    return wall, fa, fb


def ms(values: list[float]) -> str:
    return f"{median(values):.3f} / {percentile(values, 99):.3f}"


def run(quick: bool) -> list[Row]:
    games = 1_000 if quick else 10_000
    sizes = (100, 1_000) if quick else (100, 1_000, 10_000)
    window = 10.0 if quick else 20.0
    samples = 300 if quick else 1_000
    at = float(int(time.time() + 2 * HOUR))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "timers.db"
        made = asyncio.run(fill(path, games, at))
        w = asyncio.run(wakes(path, at, samples))
        idle = asyncio.run(idle_window(path, window))
        swept = {(n, which): asyncio.run(sweep(path, at, n, which)) for n in sizes for which in FIRES}
        claim = asyncio.run(claims(path, at, min(1_000, games)))
        pair = asyncio.run(two_processes(path, at, 1_000))
    g = f"{games:,} games"
    idle_cpu, firing_cpu = median(w["idle wake"][1]), median(w["firing wake"][1])
    per_hour = w["per hour"]
    rows += [
        Row(
            SECTION,
            f"setup: {g} (count, 3-day pace) through store.games.create, s; timers unfired",
            f"{made:.1f}; {w['unfired']:,}",
        ),
        Row(SECTION, f"next_due, {g}: median / p99 ms", ms(w["next_due"])),
        Row(SECTION, f"due_timers(now, 100) with nothing due, {g}: median / p99 ms", ms(w["due_timers"])),
        Row(
            SECTION,
            "wake, nothing due (fire_due + next_due): wall median / p99 ms; CPU median ms",
            f"{ms(w['idle wake'][0])}; {idle_cpu:.3f}",
        ),
        Row(
            SECTION,
            "wake firing 1 timer (fire reads the game): wall median / p99 ms; CPU median ms",
            f"{ms(w['firing wake'][0])}; {firing_cpu:.3f}",
        ),
        Row(
            SECTION,
            f"steady state, {g}: timers due per hour (1 wake each); dispatcher CPU per hour, ms",
            f"{per_hour}; {per_hour * firing_cpu:,.0f}",
        ),
        Row(
            SECTION,
            "nothing due at all: wakes per hour (MAX_NAP); CPU per hour, ms",
            f"{HOUR / MAX_NAP:.0f}; {idle_cpu * HOUR / MAX_NAP:.3f}",
        ),
        Row(
            SECTION,
            f"idle window, SystemClock, {idle['wall']:.0f} s, nothing due: process CPU ms; store calls; per hour ms",
            f"{idle['cpu'] * 1000:.1f}; {idle['reads']}; {idle['cpu'] * 1000 * HOUR / idle['wall']:,.0f}",
        ),
    ]
    for (n, which), (wall, cpu, fired) in swept.items():
        rows.append(
            Row(
                SECTION,
                f"sweep, {n:,} due at once, {which}: settle wall / CPU ms; per timer ms",
                f"{wall * 1000:,.0f} / {cpu * 1000:,.0f}; {wall * 1000 / max(1, fired):.3f}"
                + ("" if fired == n else f" (fired {fired}!)"),
            )
        )
    rows.append(
        Row(SECTION, f"claim_timer alone (one transaction each), {len(claim):,} claims: median / p99 ms", ms(claim))
    )
    wall, fa, fb = pair
    rows.append(
        Row(
            SECTION,
            "two stores (two processes) settle the same 1,000 at once: wall ms; fired by each",
            f"{wall * 1000:,.0f}; {fa} + {fb}" + ("" if fa + fb == 1_000 else " (not 1,000!)"),
        )
    )
    return rows
