"""What is told of a league (issue 47 §3), told as a game's changes are (issue 18 §3, the outbox): a
post is what the league's channel and players hear of one fact — a round's pairings (with each
player's DM and, for the first, the sign-up post closed), its results, that its deadline passed, a
player's withdrawal. Each piece of a post is written down as it is made (:meth:`post_step`), and the
post is marked told only after its last piece (:meth:`mark_announced`,
:meth:`mark_withdrawal_told`), which forgets its pieces. A process killed part way leaves the post
untold (:meth:`leagues_untold` finds it): the next one finishes it, skipping the pieces made, and
the pieces' nonces (``cogs.table.core.progress.nonce``) make Discord answer a piece sent but not
yet written down with the message already made.

Only the process serving a league's server tells it, one post at a time per league (the runner's
lock): a mark here is no claim among processes."""

from __future__ import annotations

import re

from db.connection import Conn
from db.context import in_int64
from db.errors import LeagueNotFound, NotJoined, RoundNotFound
from db.league_records import LeaguePlayer
from db.records import Shards
from db.repos.league_rounds import PLAYER_COLUMNS, LeagueRoundsRepo, player_of

POST = re.compile(r"[a-z]+:[0-9]{1,20}")
"""A post's name: what it tells and of which round or player ("pairings:2", "withdrew:<user id>")."""
STEP = re.compile(r"[a-z0-9:]{1,64}")
"""A piece's name: letters, digits and colons ("post:1", "dm:<user id>", "signup")."""


def checked(post: str, step: str | None = None) -> None:
    if not POST.fullmatch(post):
        raise ValueError(f"not a league post: {post!r}")
    if step is not None and not STEP.fullmatch(step):
        raise ValueError(f"not a piece of a league post: {step!r}")


class LeaguePostsRepo(LeagueRoundsRepo):
    """The pieces of a league's posts made so far, and the posts told."""

    async def post_steps(self, league_id: int, post: str) -> frozenset[str]:
        """The pieces of ``post`` made so far (none once it was told: its pieces are forgotten)."""
        checked(post)
        if not in_int64(league_id):
            return frozenset()
        rows = await self._ctx.query(
            "SELECT step FROM league_post_steps WHERE league_id = ? AND post = ?", (league_id, post)
        )
        return frozenset(r["step"] for r in rows)

    async def post_step(self, league_id: int, post: str, step: str) -> None:
        """A piece of ``post`` was made (a message sent, a DM, an edit): never made again. Written
        twice (a teller after a crash), it is kept once. :class:`LeagueNotFound`."""
        checked(post, step)
        if not in_int64(league_id):
            raise LeagueNotFound(league_id)

        async def body(db: Conn) -> None:
            await self._row(db, league_id)
            await db.execute(
                "INSERT INTO league_post_steps (league_id, post, step) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (league_id, post, step),
            )

        await self._ctx.run(body, write=True)

    async def mark_announced(self, league_id: int, round_no: int, *, results: bool = False, due: bool = False) -> bool:
        """The round's pairings (``results``: its results; ``due``: that its deadline passed) were
        told, every piece of them: marked, and their pieces forgotten. True when this call marked
        it, False when it was marked before. :class:`RoundNotFound`."""
        column, kind = (
            ("due_told_at", "due")
            if due
            else ("results_announced_at", "results")
            if results
            else ("announced_at", "pairings")
        )

        async def body(db: Conn) -> bool:
            if await self._round_row(db, league_id, round_no) is None:
                raise RoundNotFound(league_id, round_no)
            cur = await db.execute(
                f"UPDATE league_rounds SET {column} = ? WHERE league_id = ? AND round_no = ? AND {column} IS NULL",
                (self._ctx.clock(), league_id, round_no),
            )
            await db.execute(
                "DELETE FROM league_post_steps WHERE league_id = ? AND post = ?", (league_id, f"{kind}:{round_no}")
            )
            return cur.rowcount == 1

        return await self._ctx.run(body, write=True)

    async def withdrawals_untold(self, league_id: int) -> list[LeaguePlayer]:
        """The league's players withdrawn and not yet told in its channel, in the order they left."""
        if not in_int64(league_id):
            return []
        rows = await self._ctx.query(
            f"SELECT {PLAYER_COLUMNS} FROM league_players WHERE league_id = ? AND withdrawn_at IS NOT NULL"
            " AND withdrawal_told_at IS NULL ORDER BY withdrawn_at, user_id",
            (league_id,),
        )
        return [player_of(r) for r in rows]

    async def mark_withdrawal_told(self, league_id: int, user_id: int) -> bool:
        """The player's withdrawal was told, every piece of it: marked, its pieces forgotten. True
        when this call marked it; False when it was marked before or they never withdrew.
        :class:`NotJoined`."""

        async def body(db: Conn) -> bool:
            await self._row(db, league_id)
            if not in_int64(user_id):
                raise NotJoined(league_id, user_id)
            cur = await db.execute(
                "UPDATE league_players SET withdrawal_told_at = ? WHERE league_id = ? AND user_id = ?"
                " AND withdrawn_at IS NOT NULL AND withdrawal_told_at IS NULL",
                (self._ctx.clock(), league_id, user_id),
            )
            marked = cur.rowcount == 1
            if not marked:
                found = await db.execute_fetchall(
                    "SELECT 1 FROM league_players WHERE league_id = ? AND user_id = ?", (league_id, user_id)
                )
                if not list(found):
                    raise NotJoined(league_id, user_id)
            await db.execute(
                "DELETE FROM league_post_steps WHERE league_id = ? AND post = ?", (league_id, f"withdrew:{user_id}")
            )
            return marked

        return await self._ctx.run(body, write=True)

    async def leagues_untold(self, shards: Shards | None = None) -> list[int]:
        """Running leagues (only on ``shards``) with something told of them still to tell or to
        move on from after a restart: their current round open and its pairings untold, or closed
        (its results untold, or the next round not yet claimed), or a withdrawal untold. By id."""
        on, params = ("1 = 1", ()) if shards is None else shards.condition("l.guild_id")
        rows = await self._ctx.query(
            "SELECT l.id FROM leagues l WHERE l.status = 'running' AND " + on + " AND ("
            " EXISTS (SELECT 1 FROM league_rounds r WHERE r.league_id = l.id AND r.round_no = l.current_round"
            " AND ((r.status = 'open' AND r.announced_at IS NULL) OR r.status = 'closed'))"
            " OR EXISTS (SELECT 1 FROM league_players p WHERE p.league_id = l.id AND p.withdrawn_at IS NOT NULL"
            " AND p.withdrawal_told_at IS NULL)) ORDER BY l.id",
            params,
        )
        return [int(r["id"]) for r in rows]
