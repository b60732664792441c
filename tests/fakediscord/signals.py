"""Event-based waiting: state changes fire a Signal, waiters re-check their condition."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from .errors import FakeDiscordError

T = TypeVar("T")


class Signal:
    """Wakes everyone waiting on it; there is no payload, waiters look at the state themselves."""

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def fire(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    @property
    def event(self) -> asyncio.Event:
        return self._event


async def wait_until(
    check: Callable[[], T | None],
    signal: Signal,
    *,
    timeout: float,
    what: str | Callable[[], str],
    diagnostics: Callable[[], str] | None = None,
) -> T:
    """Return ``check()`` as soon as it is not None, re-checking whenever ``signal`` fires.

    Raises FakeDiscordError naming ``what`` (plus ``diagnostics()``) after ``timeout`` seconds.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = check()
        if result is not None:
            return result
        event = signal.event
        remaining = deadline - loop.time()
        if remaining > 0:
            try:
                await asyncio.wait_for(event.wait(), remaining)
                continue
            except TimeoutError:
                pass
        result = check()
        if result is not None:
            return result
        description = what() if callable(what) else what
        message = f"fakediscord: timed out after {timeout:g} s waiting for {description}"
        extra = diagnostics() if diagnostics else ""
        raise FakeDiscordError(f"{message}\n{extra}" if extra else message)
