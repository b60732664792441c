"""Ratings, records and paces (issue 20 §1; the arithmetic is db/ratings.py): every finished game is
applied once, in the order games ended.
"""

from __future__ import annotations

from collections.abc import Iterable

from db import ratings
from db.connection import Conn
from db.context import Repo, in_int64

RATE_BATCH = 200
"""Finished games rated in one transaction by the start-up sweep (tens of milliseconds)."""


class RatingsRepo(Repo):
    """Ratings and results."""

    async def rate(self, game_id: int) -> int:
        """Apply a finished game to its players' ratings and records — and first any game that
        ended before it and is not applied yet — in one transaction; a game applied already is
        not applied again (told twice, caught up after a crash). Returns how many games were
        applied now (0 for a game that is not finished, or applied already). GameNotFound for an
        unknown game."""

        async def rate(db: Conn) -> int:
            await self._ctx.row(db, game_id, with_state=False)
            return await ratings.rate_through(db, self._ctx.engines(), game_id, self._ctx.clock())

        return await self._ctx.run(rate, write=True, game_id=game_id)

    async def rate_unrated(self) -> int:
        """Apply every finished game not applied yet, by end time (at start-up: games that ended
        before ratings existed, or while a process died before its listener ran), ``RATE_BATCH``
        games a transaction, so that other writers wait for one batch at most."""
        applied = 0
        while True:
            batch = await self._ctx.run(
                lambda db: ratings.rate_through(db, self._ctx.engines(), None, self._ctx.clock(), RATE_BATCH),
                write=True,
            )
            applied += batch
            if batch < RATE_BATCH:
                return applied

    async def rebuild(self) -> int:
        """Every rating and record again from the stored finished games, by end time."""
        return await self._ctx.run(lambda db: ratings.rebuild(db, self._ctx.engines(), self._ctx.clock()), write=True)

    async def recompute(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating computed from scratch from the stored finished games (nothing written)."""
        return await self._ctx.run(lambda db: ratings.recompute(db, self._ctx.engines()), write=False)

    async def stored(self) -> dict[ratings.Key, ratings.Rating]:
        """Every rating as stored."""
        return await self._ctx.run(ratings.stored, write=False)

    async def leaderboard(
        self, guild_id: int, kind: str, offset: int = 0, limit: int = 10
    ) -> tuple[list[ratings.Standing], int]:
        """A page of the server's leaderboard of ``kind`` and its number of players."""
        return await self._ctx.run(lambda db: ratings.leaderboard(db, guild_id, kind, offset, limit), write=False)

    async def records(self, guild_id: int, user_id: int) -> list[ratings.Record]:
        """A player's record per game kind in a server."""
        if not in_int64(user_id):
            return []
        return await self._ctx.run(lambda db: ratings.records(db, guild_id, user_id), write=False)

    async def computer_records(self, guild_id: int, user_id: int) -> list[ratings.ComputerRecord]:
        """A player's record against each computer level per game kind in a server."""
        if not in_int64(user_id):
            return []
        return await self._ctx.run(lambda db: ratings.computer_records(db, guild_id, user_id), write=False)

    async def paces(self, guild_id: int, users: Iterable[int]) -> dict[int, ratings.Pace]:
        """Each player's pace in a server."""
        wanted = [u for u in users if in_int64(u)]
        return await self._ctx.run(lambda db: ratings.paces(db, guild_id, wanted), write=False)
