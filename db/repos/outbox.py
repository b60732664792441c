"""The outbox of untold changes (issue 18): every version bump leaves a change in its transaction,
claimed by the committing process, until it is told; a teller whose process died is caught up.
"""

from __future__ import annotations

import re
from typing import Any

from db.connection import Conn, Row
from db.context import TOLD, Repo, in_int64
from db.errors import GameNotFound
from db.json_text import loads
from db.records import TELL_LEASE, PendingChange, Shards

STEP = re.compile(r"[a-z0-9:]{1,64}")
"""What a step of telling a change is named with (:meth:`OutboxRepo.step`)."""


class OutboxRepo(Repo):
    """Changes not yet told, their claims and steps."""

    async def next_untold(self, shards: Shards | None = None) -> float | None:
        """When the oldest change not yet told falls out of its teller's lease (None: all told);
        only of the games on ``shards`` when given."""
        where, params = self._ctx.on_shards(shards, "changes")

        async def body(db: Conn) -> float | None:
            rows = list(
                await db.execute_fetchall(f"SELECT MIN(COALESCE(changes.claimed_at, 0)) FROM changes{where}", params)
            )
            return rows[0][0] + TELL_LEASE if rows and rows[0][0] is not None else None

        return await self._ctx.run(body, write=False)

    def _untaken(self, claimed_before: float | None) -> tuple[str, tuple[Any, ...]]:
        """The condition of a change another teller may take on: at start-up (``None``) every one
        another process took on before this store opened (its teller died with the process it was
        in; one still alive took it on later, or keeps its lease); later those whose teller took
        them on before ``claimed_before`` (out of its lease)."""
        if claimed_before is None:
            return (
                "(claimed_at IS NULL OR (claimed_at <= ? AND (claimed_by IS NULL OR claimed_by <> ?)))",
                (self._ctx.opened_at, self._ctx.owner),
            )
        return "(claimed_at IS NULL OR claimed_at < ?)", (claimed_before,)

    async def pending(
        self, claimed_before: float | None, limit: int = 100, shards: Shards | None = None
    ) -> list[PendingChange]:
        """Changes not yet told that another teller may take on (see :meth:`_untaken`), by game and
        version, only of the games on ``shards`` when given; claim each with :meth:`claim`
        before telling it."""
        condition, params = self._untaken(claimed_before)
        where, on_shards = self._ctx.on_shards(shards, "changes")

        async def body(db: Conn) -> list[PendingChange]:
            rows = await db.execute_fetchall(
                "SELECT changes.game_id, changes.version, changes.kind, changes.seat, changes.events,"
                " changes.waiting_before, changes.done, changes.claimed_at, changes.tries"
                f" FROM changes{where} AND {condition} ORDER BY changes.game_id, changes.version LIMIT ?",
                (*on_shards, *params, limit),
            )
            return [self._pending(r) for r in rows]

        return await self._ctx.run(body, write=False)

    async def changes_of(self, game_id: int) -> list[PendingChange]:
        """Every change of a game not yet told, oldest first."""

        async def body(db: Conn) -> list[PendingChange]:
            await self._ctx.row(db, game_id, with_state=False)
            rows = await db.execute_fetchall(
                "SELECT game_id, version, kind, seat, events, waiting_before, done, claimed_at, tries FROM changes"
                " WHERE game_id = ? ORDER BY version",
                (game_id,),
            )
            return [self._pending(r) for r in rows]

        return await self._ctx.run(body, write=False, game_id=game_id)

    @staticmethod
    def _pending(r: Row) -> PendingChange:
        return PendingChange(
            game_id=r["game_id"],
            version=r["version"],
            kind=r["kind"],
            seat=r["seat"],
            events=tuple(loads(r["events"])),
            waiting_before=tuple(loads(r["waiting_before"])),
            done=frozenset(loads(r["done"])),
            claimed_at=r["claimed_at"],
            tries=r["tries"],
        )

    async def claim(self, game_id: int, version: int, claimed_before: float | None) -> bool:
        """Take on telling a change; True only for the one caller (of any process) that got it, and
        only while another teller may take it on (see :meth:`_untaken`)."""
        condition, params = self._untaken(claimed_before)

        async def body(db: Conn) -> bool:
            await self._ctx.row(db, game_id, with_state=False)
            cur = await db.execute(
                "UPDATE changes SET claimed_at = ?, claimed_by = ?, tries = tries + 1"
                f" WHERE game_id = ? AND version = ? AND {condition}",
                (self._ctx.clock(), self._ctx.owner, game_id, version, *params),
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def step(self, game_id: int, version: int, step: str) -> None:
        """A step of telling a change was made (a DM sent, the post made): never made again. One
        relaxed statement adds the step to the change's JSON list of steps (one round trip on
        either database), as the telling of every decision writes its steps; a step added twice
        (a teller after a crash) is read once (:meth:`_pending` reads a set). ``step``: letters,
        digits and colons ("post", "dm:1", "over:<user id>"), so it needs no JSON escaping."""
        if not in_int64(game_id):
            raise GameNotFound(game_id)
        if not STEP.fullmatch(step):
            raise ValueError(f"not a step of telling: {step!r}")
        cur = await self._ctx.statement(
            "UPDATE changes SET done = CASE WHEN done = '[]' THEN '[\"' || ? || '\"]'"
            " ELSE substr(done, 1, length(done) - 1) || ',\"' || ? || '\"]' END"
            " WHERE game_id = ? AND version = ?",
            (step, step, game_id, version),
            game_id,
            relaxed=True,
        )
        if cur.rowcount != 1:
            await self._ctx.exists(game_id)  # no such change (told already): fine; no such game: not found

    async def told(self, game_id: int, version: int) -> None:
        """Every change of the game up to ``version`` has been told: one relaxed statement (one round
        trip), the database forgetting those changes itself (migration 0016's trigger)."""
        if not in_int64(game_id):
            raise GameNotFound(game_id)
        cur = await self._ctx.statement(TOLD, (version, version, game_id), game_id, relaxed=True)
        if cur.rowcount != 1:
            raise GameNotFound(game_id)
