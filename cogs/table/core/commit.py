"""The core's changes (issue 18 §2): every change of a game goes through :class:`Core`, in one
store transaction each, with one retry loop on a stale version, and comes back as a
:class:`~cogs.table.core.change.Change` for the Discord side to tell. Rule errors and store errors pass
through unchanged; the Discord side words them."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from cogs.table.core.change import Change
from db.base import Store
from db.errors import StaleVersion
from db.records import GameRecord
from rules.protocol import Outcome

T = TypeVar("T")

RETRIES = 5
"""Attempts of a change that is retried on a stale version (a command, a lobby's seats)."""


class Core:
    """Makes every change; knows no Discord. ``store`` is read on each use (it opens late)."""

    def __init__(self, store: Callable[[], Store]) -> None:
        self._store = store

    @property
    def store(self) -> Store:
        return self._store()

    async def retrying(self, rec: GameRecord, attempt: Callable[[GameRecord], Awaitable[T]]) -> T:
        """The one retry loop: ``attempt`` on the game as last read; on a stale version the game is
        read again and the attempt repeated, at most :data:`RETRIES` times."""
        for n in range(RETRIES):
            try:
                return await attempt(rec)
            except StaleVersion:
                if n == RETRIES - 1:
                    raise
                rec = await self.store.get(rec.id)
        raise AssertionError("unreachable")

    async def act(
        self, rec: GameRecord, seat: int, action: Any, *, version: int | None = None, by_user: int | None = None
    ) -> Change:
        """One action of ``seat``. A command (``version`` None) acts on the game as it is now and is
        retried on a lost race; a button carries the version it was drawn for and is stale otherwise."""

        async def attempt(current: GameRecord) -> Change:
            result = await self.store.append(current.id, current.version if version is None else version, seat, action)
            return Change.of_action(current, result, by_user, seat)

        if version is not None:
            return await attempt(rec)
        return await self.retrying(rec, attempt)

    async def take_back(self, rec: GameRecord, seat: int, version: int, by_user: int | None = None) -> Change:
        """Undo ``seat``'s last decision (issue 20 §3), agreed while the game was at ``version``:
        not retried — any change since ends the agreement (StaleVersion)."""
        result = await self.store.take_back(rec.id, version, seat)
        return Change.of_takeback(rec, result, by_user, seat)

    async def start(self, rec: GameRecord, players: Sequence[int], by_user: int | None) -> Change:
        """Lobby → game with a fresh seed; a stale lobby is not retried (it was started or ended)."""
        started = await self.store.start(rec.id, list(players), secrets.randbits(62), expected_version=rec.version)
        return Change.of_record("start", started, by_user)

    async def set_seats(self, rec: GameRecord, seats: Callable[[GameRecord], list[int]], by_user: int | None) -> Change:
        """A lobby's seats, read-modify-write: ``seats`` gives the new ones from the lobby as read
        (it raises to refuse); retried when someone else changed them first."""

        async def attempt(current: GameRecord) -> Change:
            changed = await self.store.set_seats(current.id, seats(current), expected_version=current.version)
            return Change.of_record("seats", changed, by_user)

        return await self.retrying(rec, attempt)

    async def cancel(self, rec: GameRecord, by_user: int, check: Callable[[GameRecord], None] | None = None) -> Change:
        """Cancel a lobby or a running game; ``check`` refuses a game that changed meanwhile."""

        async def attempt(current: GameRecord) -> Change:
            if check is not None and current is not rec:
                check(current)
            return Change.of_record(
                "cancel", await self.store.cancel(current.id, by_user, expected_version=current.version), by_user
            )

        return await self.retrying(rec, attempt)

    async def finish(self, rec: GameRecord, outcome: Outcome, by_user: int | None = None) -> Change:
        """End a running game outside its rules (a win claimed on time); stale: not retried."""
        finished = await self.store.finish(rec.id, outcome, expected_version=rec.version)
        return Change.of_record("finish", finished, by_user)

    async def expire(self, rec: GameRecord) -> Change | None:
        """A lobby nobody started ends (status ``expired``, told as a cancellation); None if it is no lobby now."""
        expired = await self.store.expire_lobby(rec.id)
        return None if expired is None else Change.of_record("cancel", expired)
