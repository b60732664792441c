"""What follows a change (issue 18 §2): the clocks (a seat started waiting, a game ended) and the
ratings (a game ended: cogs/table/ratings.py) listen to every told change instead of being called
from each place that makes one. A listener that fails is logged and never stops the others."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from cogs.table.core.change import Change

log = logging.getLogger("deskovka.listeners")

Listener = Callable[[Change], Awaitable[None]]


class Listeners:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def add(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def changed(self, change: Change) -> None:
        for listener in self._listeners:
            try:
                await listener(change)
            except Exception:
                log.exception("game %s: a listener failed on version %s", change.game_id, change.version)
