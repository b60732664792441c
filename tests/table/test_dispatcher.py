"""The timer dispatcher's loop (issue 13, ``cogs/table/dispatcher.py``), without Discord.

Time is a :class:`tests.fakeclock.FakeClock` the tests move by hand; nothing sleeps to wait for a
timer. The loop runs as its own task, so the tests wait for what it does (a firing, going back to
sleep) with :meth:`Probe.until`: event-driven, with a short real timeout that fails loudly.
The games are the toy "count" game: one seat waits at a time, so a game made at ``T0`` with a
3-day pace has three timers: half time (T0 + 1.5 d), 12 hours before (T0 + 2.5 d), deadline
(T0 + 3 d).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import suppress
from pathlib import Path

import pytest

from cogs.table.dispatcher import Dispatcher, Pacer
from db.clocks import KEEP_OPEN
from db.records import Timer
from db.store import GameStore
from db.time_source import SystemClock
from tests.fakeclock import DAY, HOUR, START, FakeClock
from tests.toygame import GAME, GAMES

GUILD, CHANNEL = 1000, 11
ALICE, BOB = 101, 102
T0 = START
PACE = 3 * 86400
SEED = 7
FIRST = GAME.to_act(GAME.new(2, {}, SEED))[0]
HALF, LATE, DEADLINE = T0 + 1.5 * DAY, T0 + 2.5 * DAY, T0 + 3 * DAY
TIMEOUT = 5.0
"""Real seconds a test waits for the loop before failing (each wait takes milliseconds)."""


class Probe:
    """Wakes whoever waits in :meth:`until` whenever something the tests watch changes."""

    def __init__(self) -> None:
        self._changed = asyncio.Event()

    def changed(self) -> None:
        self._changed.set()

    async def until(self, cond: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._changed.clear()
            if cond():
                return
            left = deadline - loop.time()
            if left <= 0:
                pytest.fail(f"timed out after {timeout} s waiting for {what}")
            with suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)


class WatchedClock(FakeClock):
    """The fake clock, telling the probe when a loop starts and stops sleeping and until when."""

    def __init__(self, probe: Probe) -> None:
        super().__init__(T0)
        self.probe = probe
        self.sleepers = 0
        self.naps: list[float | None] = []
        """The ``when`` of every sleep, in order."""

    async def sleep_until(self, when: float | None, wake: asyncio.Event) -> None:
        self.naps.append(when)
        self.sleepers += 1
        self.probe.changed()
        try:
            await super().sleep_until(when, wake)
        finally:
            self.sleepers -= 1
            self.probe.changed()

    def asleep_until(self, when: float | None) -> bool:
        """One loop is asleep, until ``when``."""
        return self.sleepers == 1 and bool(self.naps) and self.naps[-1] == when


class Fire:
    """A ``fire`` that records each timer; ``fail`` game ids raise; ``during`` runs inside it."""

    def __init__(self, probe: Probe, fail: Iterable[int] = ()) -> None:
        self.probe = probe
        self.fail = set(fail)
        self.timers: list[Timer] = []
        self.during: Callable[[Timer], object] | None = None

    async def __call__(self, timer: Timer) -> None:
        self.timers.append(timer)
        self.probe.changed()
        if self.during is not None:
            result = self.during(timer)
            if asyncio.iscoroutine(result):
                await result
        await asyncio.sleep(0)  # a real firing awaits the store and Discord
        if timer.game_id in self.fail:
            raise RuntimeError(f"boom in game {timer.game_id}")

    def ids(self) -> list[int]:
        return [t.id for t in self.timers]


@pytest.fixture
def probe() -> Probe:
    return Probe()


@pytest.fixture
def clock(probe: Probe) -> WatchedClock:
    return WatchedClock(probe)


@pytest.fixture
def backend() -> str:
    """The dispatcher's store: on SQLite only (the shared ``store``, tests/conftest.py)."""
    return "sqlite"


@pytest.fixture
def fire(probe: Probe) -> Fire:
    return Fire(probe)


@pytest.fixture
async def dispatcher(store: GameStore, clock: WatchedClock, fire: Fire) -> AsyncIterator[Dispatcher]:
    d = Dispatcher(lambda: store, clock, fire)
    yield d
    await d.stop()


async def count_game(store: GameStore, players: tuple[int, int] = (ALICE, BOB)) -> int:
    rec = await store.games.create("count", list(players), {}, SEED, GUILD, CHANNEL, players[0], pace=PACE)
    return rec.id


async def timers_of(store: GameStore, game_id: int) -> dict[str, Timer]:
    every = await store.clocks.due_timers(T0 + 100 * DAY, 1000)
    return {t.kind: t for t in every if t.game_id == game_id}


def seated(waiting: int, other: int) -> tuple[int, int]:
    """Two players with ``waiting`` in the seat that acts first (the one whose clock runs)."""
    return (other, waiting) if FIRST == 1 else (waiting, other)


async def let_the_loop_run() -> None:
    """A few turns of the event loop, for checking that the loop does *not* do something."""
    for _ in range(20):
        await asyncio.sleep(0)


def loop_tasks() -> list[asyncio.Task[object]]:
    return [t for t in asyncio.all_tasks() if t.get_name() == "deskovka-timers" and not t.done()]


# -- the loop fires on its own -------------------------------------------------------------------


async def test_the_loop_sleeps_until_the_next_timer_and_fires_it_once_when_the_clock_passes_it(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: started with nothing due, the loop sleeps until the earliest timer; moving the
    clock past it makes the loop itself (nobody calls settle) fire it exactly once, then sleep
    until the next one."""
    game = await count_game(store)
    half = (await timers_of(store, game))["half"]
    dispatcher.start()
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")
    assert fire.timers == []

    naps = len(clock.naps)
    clock.advance(hours=1)  # a tick before anything is due: the loop sleeps on, nothing fires
    await let_the_loop_run()
    assert clock.asleep_until(HALF) and len(clock.naps) == naps
    assert fire.timers == []

    clock.advance(days=1.5)
    await probe.until(lambda: len(fire.timers) >= 1, "the half-time timer to fire")
    await probe.until(lambda: clock.asleep_until(LATE), "the loop asleep until 12 hours before")
    assert fire.ids() == [half.id]
    assert fire.timers[0].kind == "half" and fire.timers[0].game_id == game
    assert dispatcher.fired == 1
    fired = await store.clocks.timer(half.id)
    assert fired is not None and fired.fired_at == T0 + 1.5 * DAY + HOUR


async def test_a_timer_added_earlier_than_the_one_slept_for_fires_at_its_own_time_after_a_poke(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: the loop sleeps until half time; a timer added for one hour from now fires at
    one hour from now once poke() is called (without the poke the loop would sleep on until
    half time: the fake clock wakes it on every tick only to compare against its old due time)."""
    game = await count_game(store)
    dispatcher.start()
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")

    early = await store.clocks.add_timer(game, FIRST, "late", T0 + HOUR)
    dispatcher.poke()
    await probe.until(lambda: clock.asleep_until(T0 + HOUR), "the loop asleep until the new timer")
    assert fire.timers == []

    clock.advance(HOUR - 60)
    await let_the_loop_run()
    assert clock.asleep_until(T0 + HOUR)
    assert fire.timers == [], "fired a minute before the timer was due"

    clock.advance(60)
    await probe.until(lambda: len(fire.timers) >= 1, "the added timer to fire")
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time again")
    assert fire.ids() == [early.id]


async def test_a_poke_for_a_time_after_the_one_slept_for_does_not_wake_the_loop(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: every move pokes with the earliest timer it can have added (half a pace ahead);
    when the loop already sleeps until earlier, it is not woken (no queries for nothing), while a
    poke for an earlier time, or without a time, wakes it."""
    await count_game(store)
    dispatcher.start()
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")
    naps = len(clock.naps)
    dispatcher.poke(HALF + HOUR)
    dispatcher.poke(HALF)
    await let_the_loop_run()
    assert len(clock.naps) == naps, "woken by a poke for a later time"
    dispatcher.poke(HALF - HOUR)
    await probe.until(lambda: len(clock.naps) == naps + 1, "a poke for an earlier time to wake the loop")
    dispatcher.poke()
    await probe.until(lambda: len(clock.naps) == naps + 2, "a poke without a time to wake the loop")
    assert clock.asleep_until(HALF)


async def test_a_timer_that_fell_due_while_the_bot_was_down_fires_once_right_after_start(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: the half-time reminder fell due while no dispatcher ran (the bot was down); it
    fires once as soon as the dispatcher starts, and the loop then sleeps until the next one."""
    game = await count_game(store)
    timers = await timers_of(store, game)
    clock.advance(days=2)
    dispatcher.start()
    await probe.until(lambda: len(fire.timers) >= 1, "the overdue timer to fire after start")
    await probe.until(lambda: clock.asleep_until(LATE), "the loop asleep until 12 hours before")
    assert fire.ids() == [timers["half"].id]
    assert await store.clocks.due_timers(clock(), 10) == []


async def test_nothing_fires_or_is_caught_up_before_the_bot_is_ready(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe
) -> None:
    """Telling needs the servers the gateway delivers after the start: an overdue timer and an
    untold change wait until ``ready`` returns (a catch-up run before it failed for want of the
    guild, and kept its claim on the change for a lease)."""
    game = await count_game(store)
    timers = await timers_of(store, game)
    clock.advance(days=2)
    ready = asyncio.Event()
    caught: list[float | None] = []

    async def catch_up(claimed_before: float | None) -> int:
        caught.append(claimed_before)
        probe.changed()
        return 0

    d = Dispatcher(lambda: store, clock, fire, catch_up, ready=ready.wait)
    d.start()
    try:
        await let_the_loop_run()
        assert fire.timers == [] and caught == [], "nothing before the bot is ready"
        ready.set()
        await probe.until(lambda: len(fire.timers) >= 1 and caught != [], "the firing and catch-up once ready")
        assert fire.ids() == [timers["half"].id]
    finally:
        await d.stop()


async def test_two_processes_dispatching_the_same_database_fire_each_timer_exactly_once(
    tmp_path: Path, clock: WatchedClock, probe: Probe
) -> None:
    """Issue 13: two bot processes (two GameStore connections on one file, each with its running
    dispatcher) and 450 timers due at once, both firing: every timer fires exactly once in all."""
    path = tmp_path / "deskovka.db"
    a = await GameStore.open(path, games=GAMES, clock=clock)
    b = await GameStore.open(path, games=GAMES, clock=clock)
    fire_a, fire_b = Fire(probe), Fire(probe)
    busy: set[str] = set()

    def first_waits_for_the_other(name: str) -> Callable[[Timer], object]:
        async def during(timer: Timer) -> None:
            # Each one's first firing waits until the other fires too: both run at once.
            busy.add(name)
            await probe.until(lambda: len(busy) == 2, "the other process to fire too")

        return during

    fire_a.during, fire_b.during = first_waits_for_the_other("a"), first_waits_for_the_other("b")
    da, db = Dispatcher(lambda: a, clock, fire_a), Dispatcher(lambda: b, clock, fire_b)
    try:
        games = [await count_game(a, (1000 + 2 * n, 1001 + 2 * n)) for n in range(150)]
        due = await a.clocks.due_timers(T0 + 4 * DAY, 1000)
        expected = sorted(t.id for t in due if t.game_id in games)
        assert len(expected) == 450
        da.start()
        db.start()
        await probe.until(lambda: clock.sleepers == 2, "both loops asleep")
        clock.advance(days=4)
        fired = lambda: len(fire_a.timers) + len(fire_b.timers)  # noqa: E731
        await probe.until(lambda: fired() >= len(expected), "every timer to fire", timeout=30)
        await probe.until(lambda: clock.sleepers == 2, "both loops asleep again", timeout=30)
        both = fire_a.ids() + fire_b.ids()
        assert sorted(both) == expected, "a timer fired twice, or not at all"
        assert fire_a.timers and fire_b.timers
        assert da.fired + db.fired == len(expected)
        assert await a.clocks.next_due() == T0 + KEEP_OPEN, "only the threads' keep timers are left"
    finally:
        await da.stop()
        await db.stop()
        await a.close()
        await b.close()


async def test_a_firing_that_raises_is_logged_and_the_loop_goes_on(
    store: GameStore, clock: WatchedClock, probe: Probe, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 13: ``fire`` raising for one game's timer is logged with its traceback; the loop
    fires the other timers due at the same time, goes back to sleep and fires later ones (the
    failed timer stays claimed: it is not retried)."""
    bad = await count_game(store)
    good = await count_game(store, (BOB, ALICE))
    fire = Fire(probe, fail=[bad])
    dispatcher = Dispatcher(lambda: store, clock, fire)
    caplog.set_level(logging.ERROR, logger="deskovka.timers")
    try:
        dispatcher.start()
        await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")
        clock.advance(days=1.5)
        await probe.until(lambda: clock.asleep_until(LATE), "the loop asleep until 12 hours before")
        assert [(t.game_id, t.kind) for t in fire.timers] == [(bad, "half"), (good, "half")]
        failures = [r for r in caplog.records if r.name == "deskovka.timers"]
        assert len(failures) == 1
        assert failures[0].exc_info is not None and isinstance(failures[0].exc_info[1], RuntimeError)
        assert str(fire.timers[0].id) in failures[0].getMessage()

        clock.advance(days=1)
        await probe.until(lambda: clock.asleep_until(DEADLINE), "the loop asleep until the deadline")
        assert [(t.game_id, t.kind) for t in fire.timers[2:]] == [(bad, "late"), (good, "late")]
        assert len([r for r in caplog.records if r.name == "deskovka.timers"]) == 2
        assert len(set(fire.ids())) == 4
        assert loop_tasks(), "the loop task ended"
    finally:
        await dispatcher.stop()


async def test_stop_ends_the_task_and_settle_returns_how_many_it_fired(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: stop() cancels the loop task (and can be called again); with no loop running,
    settle() fires everything due now and returns how many it fired."""
    for n in range(3):
        await count_game(store, (1000 + n, 2000 + n))
    dispatcher.start()
    dispatcher.start()  # a second start keeps the one task
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")
    assert len(loop_tasks()) == 1
    await dispatcher.stop()
    assert loop_tasks() == []
    assert clock.sleepers == 0
    await dispatcher.stop()

    clock.advance(days=1.5)
    await let_the_loop_run()
    assert fire.timers == [], "a stopped dispatcher fired"
    assert await dispatcher.settle() == 3
    assert sorted(t.kind for t in fire.timers) == ["half"] * 3
    assert await dispatcher.settle() == 0
    clock.advance(days=1.5)
    assert await dispatcher.settle() == 6
    assert dispatcher.fired == 9
    assert await store.clocks.next_due() == T0 + KEEP_OPEN, "only the thread's keep timer is left"


async def test_system_clock_sleep_returns_at_once_when_woken() -> None:
    """Issue 13: the real clock's sleep until an hour from now returns as soon as the wake event
    is set (already set, or set while sleeping), and at once for a time already past."""
    real = SystemClock()
    wake = asyncio.Event()
    wake.set()
    t0 = time.perf_counter()
    await asyncio.wait_for(real.sleep_until(time.time() + 3600, wake), 1.0)
    await asyncio.wait_for(real.sleep_until(None, wake), 1.0)
    assert time.perf_counter() - t0 < 0.5

    wake = asyncio.Event()
    asyncio.get_running_loop().call_later(0.05, wake.set)
    t0 = time.perf_counter()
    await asyncio.wait_for(real.sleep_until(time.time() + 3600, wake), 2.0)
    assert 0.04 <= time.perf_counter() - t0 < 1.0

    t0 = time.perf_counter()
    await asyncio.wait_for(real.sleep_until(time.time() - 5, asyncio.Event()), 1.0)
    assert time.perf_counter() - t0 < 0.5
    assert abs(real() - time.time()) < 1


# -- found while writing these tests ----------------------------------------------------------


async def test_a_timer_moved_into_the_future_while_its_batch_fires_does_not_fire(
    store: GameStore, clock: WatchedClock, fire: Fire, probe: Probe, dispatcher: Dispatcher
) -> None:
    """Issue 13: two half-time reminders are due at once (Alice's game first). While the first
    fires (a real firing awaits Discord), Bob goes on vacation: his clocks, and so his timer's
    due time, move 3 days on. The dispatcher still holds the batch it read before; it must not
    fire Bob's timer now, 3 days early."""
    alice = await count_game(store, seated(ALICE, 201))
    bob = await count_game(store, seated(BOB, 202))
    bobs = (await timers_of(store, bob))["half"]
    moved: list[float] = []

    async def bob_goes_away(timer: Timer) -> None:
        if timer.game_id == alice:
            await store.clocks.go_away(BOB, 3)
            moved.append((await store.clocks.timer(bobs.id) or bobs).due)

    fire.during = bob_goes_away
    dispatcher.start()
    await probe.until(lambda: clock.asleep_until(HALF), "the loop asleep until half time")
    clock.advance(days=1.5)
    await probe.until(lambda: len(fire.timers) >= 1, "Alice's reminder to fire")
    await probe.until(lambda: clock.sleepers == 1, "the loop asleep again")
    assert moved == [HALF + 3 * DAY], "the vacation did not move Bob's timer"
    assert [t.game_id for t in fire.timers] == [alice], "Bob's timer fired 3 days before it was due"


async def test_the_pacer_lets_one_through_per_interval_and_does_not_catch_up() -> None:
    """Issue 21 §3: firings after a downtime go out at the pace, not all at once (real time; here
    a hand-moved one)."""
    now = [50.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    pacer = Pacer(10.0, now=lambda: now[0], sleep=sleep)
    passed = []
    for _ in range(25):
        await pacer.wait()
        passed.append(now[0])
    assert passed == pytest.approx([50.0 + 0.1 * k for k in range(25)]), "ten a second, one at a time"
    now[0] += 1.0  # a firing held up for a second
    slept.clear()
    await pacer.wait()
    await pacer.wait()
    assert slept == pytest.approx([0.1]), "no catching up after it: the next waits its interval"
    bursty = Pacer(10.0, burst=3, now=lambda: now[0], sleep=sleep)
    now[0] += 60
    slept.clear()
    for _ in range(5):
        await bursty.wait()
    assert slept == pytest.approx([0.1, 0.1]), "three at once, then the pace"
    slept.clear()
    unpaced = Pacer(None, now=lambda: now[0], sleep=sleep)
    for _ in range(100):
        await unpaced.wait()
    assert slept == []


async def test_the_dispatcher_fires_at_its_pace(tmp_path: Path) -> None:
    """Each firing waits for the pacer: a burst of due timers goes out no faster than the pace."""
    clock = FakeClock(T0)
    store = await GameStore.open(tmp_path / "paced.db", games=GAMES, clock=clock)
    try:
        waits = 0

        class Counting(Pacer):
            async def wait(self) -> None:
                nonlocal waits
                waits += 1

        fired: list[int] = []

        async def fire(t: Timer) -> None:
            assert waits == len(fired) + 1, "the pacer is asked before each firing"
            fired.append(t.id)

        for _ in range(3):
            await store.games.create("count", [ALICE, BOB], {"target": 50}, 7, GUILD, 11, ALICE, pace=PACE)
        d = Dispatcher(lambda: store, clock, fire, pace=5.0)
        assert d.pacer.rate == 5.0
        d.pacer = Counting(5.0)
        clock.now = T0 + 100 * DAY
        assert await d.fire_due() == len(fired) == waits > 3
    finally:
        await store.close()
