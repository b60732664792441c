"""What follows a change (issue 18 §2, issue 45 §1): the clocks (a seat started waiting, a game
ended), the ratings (a game ended: cogs/table/ratings.py) and the automatic player listen to every
told change instead of being called from each place that makes one. A listener returns the
commands that follow (the automatic player's decision, a rating; a league's move, which the table
hands to the league runner), which the table runs through the master and tells like any other — it
never commits or tells from inside a telling. A listener that
fails is logged and never stops the others."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from cogs.table.core.change import Change
from cogs.table.core.commands import FollowUp

log = logging.getLogger("deskovka.listeners")

Listener = Callable[[Change], Awaitable[Sequence[FollowUp]]]


class Listeners:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def add(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def changed(self, change: Change) -> list[FollowUp]:
        """Every listener hears ``change``; the commands they return, in their order."""
        follow: list[FollowUp] = []
        for listener in self._listeners:
            try:
                follow.extend(await listener(change))
            except Exception:
                log.exception("game %s: a listener failed on version %s", change.game_id, change.version)
        return follow
