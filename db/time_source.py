"""The one clock of the bot (DESIGN §5 "Time"): the store stamps rows with it and the timer
dispatcher sleeps on it. Tests replace it with a clock they advance by hand (no sleeps in tests)."""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from typing import Protocol

MAX_NAP = 3600.0
"""The real clock wakes at least hourly, so a changed system time is noticed within an hour."""


class Clock(Protocol):
    def __call__(self) -> float:
        """Now, in unix seconds."""
        ...

    async def sleep_until(self, when: float | None, wake: asyncio.Event) -> None:
        """Return at ``when`` (None: never) or as soon as ``wake`` is set, whichever is first."""
        ...


class SystemClock:
    """Wall-clock time; sleeping is ``asyncio``'s, cut short by the wake event."""

    def __call__(self) -> float:
        return time.time()

    async def sleep_until(self, when: float | None, wake: asyncio.Event) -> None:
        nap = MAX_NAP if when is None else min(MAX_NAP, max(0.0, when - time.time()))
        with suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), nap)
