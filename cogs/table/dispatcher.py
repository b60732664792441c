"""The one durable timer dispatcher (DESIGN §5 "Time", issue 13).

Timers are rows in the store. The dispatcher reads the next due time, sleeps on the bot's clock
until then (or until :meth:`poke` says a new timer may be earlier), and fires everything due.
Each firing is claimed in the database first (a conditional update), so two bot processes never
fire the same timer, and a timer that fell due while the bot was down fires once when it is back.
A crash between the claim and the firing loses that one firing, never repeats it.

Firings are paced in real time (``FIRINGS_PER_SECOND``): a reminder is a few REST calls, and ten
thousand falling due at once (after a downtime) would otherwise run into Discord's global limit of
50 requests a second per bot, whose 429 makes discord.py hold every other REST call of the bot —
the players' moves being told — until it is over. (Interaction callbacks and follow-ups go through
discord.py's webhook adapter, which that lock does not hold: players are acknowledged either way.)

It also catches up on changes left untold (issue 18 §3): at start-up every change a dead process
committed and did not finish telling, and on every wake those whose teller's lease ran out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress

from db.base import Store
from db.records import TELL_LEASE, Shards, Timer
from db.time_source import Clock

log = logging.getLogger("deskovka.timers")

BATCH = 100
"""Timers read per query while firing what is due."""
FIRINGS_PER_SECOND = 10.0
"""Timers one bot fires per second at most: a reminder costs up to four REST calls (the member,
the thread, the DM channel, the DM), so about 40 of Discord's 50 a second at the worst, and the
rest of the bot's calls go on beside them. Split over the processes that share the bot's token."""


class Pacer:
    """At most ``rate`` passes a second in real time, ``burst`` of them at once (``None``: no
    limit). One at a time by default: a pass held up (a slow firing, a busy loop) is not made up
    for by a faster run after it, which could go over Discord's limit in that second. Real time,
    not the bot's clock: Discord's rate limits are counted in real time."""

    def __init__(
        self,
        rate: float | None,
        *,
        burst: int = 1,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._now = now
        self._sleep = sleep
        self._next = -float("inf")
        """When the pass after the allowed burst may go (the theoretical arrival time)."""

    async def wait(self) -> None:
        """Return when one more pass keeps within the rate."""
        if self.rate is None:
            return
        interval = 1.0 / self.rate
        now = self._now()
        self._next = max(self._next, now)
        early = self._next - now - (self.burst - 1) * interval
        self._next += interval
        if early > 1e-9:  # (not a rounding error of the sum of intervals)
            await self._sleep(early)


class Dispatcher:
    def __init__(
        self,
        store: Callable[[], Store],
        clock: Clock,
        fire: Callable[[Timer], Awaitable[None]],
        catch_up: Callable[[float | None], Awaitable[int]] | None = None,
        *,
        shards: Shards | None = None,
        pace: float | None = None,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        """``shards``: the Discord shards this process serves; it fires only the timers and
        watches only the untold changes of their games (None: every game). ``pace``: timers fired
        per second at most (None: no limit; the bot passes its share of ``FIRINGS_PER_SECOND``).
        ``ready``: awaited before the first firing or catch-up — the bot's ``wait_until_ready``,
        since telling needs the servers and channels the gateway delivers after the start (a
        catch-up told before them failed, and kept its claim on the change for a lease)."""
        self._store = store
        self._ready = ready
        self.pacer = Pacer(pace)
        self.shards = shards
        self.clock = clock
        self._fire = fire
        self._catch_up = catch_up
        self._telling = asyncio.Lock()
        self._swept = False
        """Whether the start-up catch-up (every change a dead process left untold) has run."""
        self._wake = asyncio.Event()
        self._firing = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._asleep_until: float | None = None
        """While the loop sleeps: until when (``inf`` with nothing due); None while it works."""
        self.fired = 0
        """Timers this process fired (claimed and handled), for tests and the bench."""

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="deskovka-timers")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task

    def poke(self, when: float | None = None) -> None:
        """A timer was added or moved (to ``when``, if known): read the next due time again —
        unless the loop already sleeps until no later than ``when`` (every move adds timers
        hours ahead, and waking for those would cost two queries a move for nothing)."""
        if when is not None and self._asleep_until is not None and when >= self._asleep_until:
            return
        self._wake.set()

    async def settle(self) -> int:
        """Tell what was left untold, fire everything due now and wait for firings in progress
        (tests after moving the fake clock or a restart; the bench). Returns how many this call fired."""
        fired = await self.fire_due()
        await self.tell_untold()
        return fired

    async def tell_untold(self) -> int:
        """Catch up on untold changes: the first call every one this process did not make, later
        calls those out of their teller's lease. Returns how many games were told."""
        if self._catch_up is None:
            return 0
        async with self._telling:
            if not self._swept:
                told = await self._catch_up(None)
                self._swept = True
                return told
            return await self._catch_up(self.clock() - TELL_LEASE)

    async def fire_due(self) -> int:
        """Claim and fire every timer due by now, earliest first."""
        count = 0
        async with self._firing:
            while True:
                due = await self._store().clocks.due_timers(self.clock(), BATCH, self.shards)
                if not due:
                    return count
                for timer in due:
                    await self.pacer.wait()
                    if not await self._store().clocks.claim_timer(timer.id):
                        continue  # another process has it
                    count += 1
                    self.fired += 1
                    try:
                        await self._fire(timer)
                    except Exception:
                        log.exception("timer %s (%s, game %s) failed", timer.id, timer.kind, timer.game_id)

    async def _run(self) -> None:
        if self._ready is not None:
            await self._ready()
        while True:
            try:
                self._wake.clear()
                try:
                    await self.tell_untold()
                except Exception:
                    log.exception("catching up on untold changes failed")
                await self.fire_due()
                due = await self._store().clocks.next_due(self.shards)
                untold = await self._store().outbox.next_untold(self.shards) if self._catch_up is not None else None
                if untold is not None and (due is None or untold < due):
                    due = untold
                if due is not None and due <= self.clock():
                    continue
                self._asleep_until = float("inf") if due is None else due
                try:
                    await self.clock.sleep_until(due, self._wake)
                finally:
                    self._asleep_until = None
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer dispatcher: retrying in a minute")
                await self.clock.sleep_until(self.clock() + 60, self._wake)
