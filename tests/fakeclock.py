"""A clock the tests move by hand (DESIGN §5: no sleeps in tests): the store stamps rows with it
and the bot's timer dispatcher sleeps on it until the test advances it past the next due time."""

from __future__ import annotations

import asyncio

HOUR = 3600.0
DAY = 86400.0
START = 1_800_000_000.0
"""2027-01-15 08:00 UTC: well inside a calendar year, so vacation days do not reset by accident."""


class FakeClock:
    def __init__(self, now: float = START) -> None:
        self.now = now
        self._ticked: asyncio.Event | None = None

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float = 0.0, *, hours: float = 0.0, days: float = 0.0) -> float:
        self.now += seconds + hours * HOUR + days * DAY
        if self._ticked is not None:
            self._ticked.set()
            self._ticked = None
        return self.now

    async def sleep_until(self, when: float | None, wake: asyncio.Event) -> None:
        while not wake.is_set() and (when is None or self.now < when):
            if self._ticked is None:
                self._ticked = asyncio.Event()
            ticked = asyncio.ensure_future(self._ticked.wait())
            woken = asyncio.ensure_future(wake.wait())
            try:
                await asyncio.wait({ticked, woken}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                ticked.cancel()
                woken.cancel()
