"""What the players of a game agree on together: cancelling it (votes and the one proposal), the
question about a passed deadline (its votes and message), and taking back a decision (issue 20 §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.connection import Conn
from db.context import Repo, in_int64
from db.errors import NotAPlayer, TakebackRefused
from db.json_text import dumps, loads
from db.records import TAKEBACK_TTL, CancelProposal, TakebackRequest, VoteMessage


class AgreementsRepo(Repo):
    """Cancel votes, deadline votes and takeback requests."""

    async def vote_cancel(self, game_id: int, user_id: int) -> tuple[int, ...]:
        """Record that ``user_id`` agrees to cancel the running game (every seat they hold); return
        the players who agree so far, in seat order. A running game is cancelled only when every
        player agrees, so the caller cancels once this covers all players. Votes are metadata: no
        version bump, so the game's buttons stay valid. WrongStatus unless active, NotAPlayer."""
        return await self._set_cancel_vote(game_id, user_id, True)

    async def withdraw_cancel_vote(self, game_id: int, user_id: int) -> None:
        """Take back ``user_id``'s cancel vote (a no-op if they had none); the proposal closes when
        nobody agrees any more. WrongStatus unless the game is active, NotAPlayer for a user
        without a seat."""

        async def body(db: Conn) -> None:
            await self._cancel_vote(db, game_id, user_id, False)
            if not await self._agreed(db, game_id):
                await db.execute("DELETE FROM cancel_proposals WHERE game_id = ?", (game_id,))

        await self._ctx.run(body, write=True, game_id=game_id)

    async def agree_cancel(self, game_id: int, user_id: int) -> CancelProposal:
        """Count ``user_id``'s agreement to cancel the running game and open the game's one
        proposal if none is open, in one transaction (issue 18 §5): of two agreements at once,
        in any processes, exactly one opens it. The result says whether this agreement was new
        (False: a repeat) and whether this caller opened the proposal (and so posts it). No
        version bump. WrongStatus unless active, NotAPlayer for a user without a seat."""
        now = self._ctx.clock()

        async def body(db: Conn) -> CancelProposal:
            counted = await self._cancel_vote(db, game_id, user_id, True)
            cur = await db.execute(
                "INSERT INTO cancel_proposals (game_id, proposer_id, opened_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, user_id, now),
            )
            opened = cur.rowcount > 0
            (proposal,) = await db.execute_fetchall(
                "SELECT proposer_id, channel_id, message_id FROM cancel_proposals WHERE game_id = ?", (game_id,)
            )
            agreed = await self._agreed(db, game_id)
            return CancelProposal(
                proposer_id=int(proposal["proposer_id"]),
                agreed=agreed,
                counted=counted,
                opened=opened,
                channel_id=proposal["channel_id"],
                message_id=proposal["message_id"],
            )

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def set_cancel_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Where the game's open cancel proposal was posted (later agreements edit that message).
        GameNotFound for an unknown game; nothing happens when no proposal is open."""

        async def body(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE cancel_proposals SET channel_id = ?, message_id = ? WHERE game_id = ?",
                (channel_id, message_id, game_id),
            )

        await self._ctx.run(body, write=True, game_id=game_id)

    async def _set_cancel_vote(self, game_id: int, user_id: int, vote: bool) -> tuple[int, ...]:
        async def body(db: Conn) -> tuple[int, ...]:
            await self._cancel_vote(db, game_id, user_id, vote)
            return await self._agreed(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def _cancel_vote(self, db: Conn, game_id: int, user_id: int, vote: bool) -> bool:
        """Set a player's cancel vote (every seat they hold) in the running game; True when it
        changed. WrongStatus unless active, NotAPlayer for a user without a seat."""
        row = await self._ctx.row(db, game_id, with_state=False)
        self._ctx.check(row, None, ("active",))
        if not in_int64(user_id):
            raise NotAPlayer(game_id, user_id)
        held = await db.execute_fetchall("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        if not held:
            raise NotAPlayer(game_id, user_id)
        cur = await db.execute(
            "UPDATE seats SET cancel_vote = ? WHERE game_id = ? AND user_id = ? AND cancel_vote = ?",
            (int(vote), game_id, user_id, int(not vote)),
        )
        return cur.rowcount > 0

    @staticmethod
    async def _agreed(db: Conn, game_id: int) -> tuple[int, ...]:
        rows = await db.execute_fetchall(
            "SELECT user_id FROM seats WHERE game_id = ? AND cancel_vote = 1 ORDER BY seat", (game_id,)
        )
        return tuple(dict.fromkeys(int(r[0]) for r in rows))

    async def set_vote_message(self, game_id: int, seat: int, channel_id: int, message_id: int, text: str) -> None:
        """Where the question about ``seat``'s passed deadline was posted, and its words (replacing
        an earlier one of the same seat). GameNotFound for an unknown game."""

        async def body(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "INSERT INTO deadline_votes (game_id, seat, channel_id, message_id, text) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, text = excluded.text",
                (game_id, seat, channel_id, message_id, text),
            )

        await self._ctx.run(body, write=True, game_id=game_id)

    async def take_vote_message(self, game_id: int, seat: int) -> VoteMessage | None:
        """The question about ``seat``'s deadline is over (decided, moot): forget it and return
        where it was, to the one caller of any process that took it; None when there is none (or
        another caller took it). GameNotFound for an unknown game."""

        async def body(db: Conn) -> VoteMessage | None:
            await self._ctx.row(db, game_id, with_state=False)
            rows = await db.execute_fetchall(
                "DELETE FROM deadline_votes WHERE game_id = ? AND seat = ? RETURNING channel_id, message_id, text",
                (game_id, seat) if in_int64(seat) else (game_id, -1),
            )
            found = list(rows)
            if not found:
                return None
            return VoteMessage(int(found[0]["channel_id"]), int(found[0]["message_id"]), str(found[0]["text"]))

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def vote_timeout(self, timer_id: int, voter_id: int, choice: str) -> dict[int, str]:
        """A player's choice on a seat whose time ran out (``wait``, ``win``, ``auto``), changeable
        until decided; returns every vote so far. Empty when the deadline is gone (the seat
        played meanwhile, or the game ended). ValueError for another choice."""
        if choice not in ("wait", "win", "auto"):
            raise ValueError(f"choice must be wait, win or auto, not {choice!r}")
        if not (in_int64(timer_id) and in_int64(voter_id)):
            return {}

        async def body(db: Conn) -> dict[int, str]:
            if not list(await db.execute_fetchall("SELECT 1 FROM timers WHERE id = ?", (timer_id,))):
                return {}
            await db.execute(
                "INSERT INTO timeout_votes (timer_id, voter_id, choice) VALUES (?, ?, ?)"
                " ON CONFLICT (timer_id, voter_id) DO UPDATE SET choice = excluded.choice",
                (timer_id, voter_id, choice),
            )
            rows = await db.execute_fetchall(
                "SELECT voter_id, choice FROM timeout_votes WHERE timer_id = ?", (timer_id,)
            )
            return {int(r[0]): str(r[1]) for r in rows}

        return await self._ctx.run(body, write=True)

    async def open_takeback(
        self, game_id: int, version: int, seq: int, seat: int, user_id: int
    ) -> tuple[TakebackRequest, bool, TakebackRequest | None]:
        """Open the game's one request to take back a decision, about ``version`` (the game must
        still be at it: StaleVersion otherwise), with a ``takeback`` timer that lapses it after
        :data:`TAKEBACK_TTL`. Returns the open request, whether this call opened it (False: one is
        open already, the caller answers privately), and a request about an older version that
        this call found left open and removed (its message is to be told it lapsed).
        ``TakebackRefused`` (``refused``) when a request about ``version`` was refused already:
        one request per decision (issue 44 §5)."""
        now = self._ctx.clock()

        async def body(db: Conn) -> tuple[TakebackRequest, bool, TakebackRequest | None]:
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, version, ("active",))
            refused = await db.execute_fetchall(
                "SELECT 1 FROM takeback_refusals WHERE game_id = ? AND version = ?", (game_id, version)
            )
            if refused:
                raise TakebackRefused(game_id, "refused")
            lapsed = await self._pop_takeback(db, game_id, "version < ?", (version,))
            cur = await db.execute(
                "INSERT INTO takeback_requests (game_id, version, seq, seat, user_id, opened_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (game_id, version, seq, seat, user_id, now),
            )
            opened = cur.rowcount == 1
            if opened:
                await db.execute(
                    "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'takeback', ?)",
                    (game_id, now + TAKEBACK_TTL),
                )
            request = await self._takeback(db, game_id)
            assert request is not None
            return request, opened, lapsed

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def set_takeback_message(
        self, game_id: int, version: int, channel_id: int, message_id: int, text: str
    ) -> None:
        """Where the request about ``version`` was posted, and its words (nothing when it is over)."""

        async def body(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE takeback_requests SET channel_id = ?, message_id = ?, text = ?"
                " WHERE game_id = ? AND version = ?",
                (channel_id, message_id, text, game_id, version),
            )

        await self._ctx.run(body, write=True, game_id=game_id)

    async def agree_takeback(self, game_id: int, version: int, user_id: int) -> TakebackRequest | None:
        """Count ``user_id``'s agreement to the request about ``version``; the request with every
        agreement so far, or None when no such request is open (it ended, or the game moved on)."""

        async def body(db: Conn) -> TakebackRequest | None:
            await self._ctx.row(db, game_id, with_state=False)
            request = await self._takeback(db, game_id)
            if request is None or request.version != version:
                return None
            if user_id not in request.agreed:
                agreed = (*request.agreed, user_id)
                await db.execute(
                    "UPDATE takeback_requests SET agreed = ? WHERE game_id = ?", (dumps(list(agreed)), game_id)
                )
                request = await self._takeback(db, game_id)
            return request

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def takeback_request(self, game_id: int) -> TakebackRequest | None:
        """The game's open request to take back a decision, or None (read after every change: one
        hop)."""

        async def read(db: Conn) -> TakebackRequest | None:
            await self._ctx.row(db, game_id, with_state=False)
            return await self._takeback(db, game_id)

        return await self._ctx.run(read, write=False, game_id=game_id)

    async def close_takeback(
        self, game_id: int, *, version: int | None = None, older_than: int | None = None, refused: bool = False
    ) -> TakebackRequest | None:
        """End the game's open request — the one about ``version``, or one about a version older
        than ``older_than`` (the game moved on), or any — and return it to the one caller that
        ended it (it retires the message); None when there was none. ``refused``: a player
        refused it, so no other request about its version may be opened (:meth:`open_takeback`)."""
        condition: str = "TRUE"
        params: tuple[int, ...] = ()
        if version is not None:
            condition, params = "version = ?", (version,)
        elif older_than is not None:
            condition, params = "version < ?", (older_than,)

        async def pop(db: Conn) -> TakebackRequest | None:
            await self._ctx.row(db, game_id, with_state=False)
            request = await self._pop_takeback(db, game_id, condition, params)
            if request is not None and refused:
                await db.execute(
                    "INSERT INTO takeback_refusals (game_id, version) VALUES (?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version",
                    (game_id, request.version),
                )
            return request

        return await self._ctx.run(pop, write=True, game_id=game_id)

    async def _pop_takeback(
        self, db: Conn, game_id: int, condition: str, params: Sequence[Any]
    ) -> TakebackRequest | None:
        request = await self._takeback(db, game_id)
        if request is None:
            return None
        cur = await db.execute(f"DELETE FROM takeback_requests WHERE game_id = ? AND {condition}", (game_id, *params))
        if cur.rowcount != 1:
            return None
        await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = 'takeback'", (game_id,))
        return request

    @staticmethod
    async def _takeback(db: Conn, game_id: int) -> TakebackRequest | None:
        rows = list(
            await db.execute_fetchall(
                "SELECT version, seq, seat, user_id, agreed, channel_id, message_id, text, opened_at"
                " FROM takeback_requests WHERE game_id = ?",
                (game_id,),
            )
        )
        if not rows:
            return None
        r = rows[0]
        return TakebackRequest(
            game_id=game_id,
            version=r["version"],
            seq=r["seq"],
            seat=r["seat"],
            user_id=r["user_id"],
            agreed=tuple(int(u) for u in loads(r["agreed"])),
            channel_id=r["channel_id"],
            message_id=r["message_id"],
            text=r["text"],
            opened_at=r["opened_at"],
        )
