"""How far the telling of one league post got (issue 47 §3), as :mod:`cogs.table.core.progress` is
for a game's change: each piece players see — a message of the post, a player's DM, the sign-up
post's closing edit — is written down as it is made and sent with a nonce made from what it is
for, and the runner marks the post told after its last piece. A teller killed part way is
followed by another (the restarted process's tick or poll) that skips the pieces made; a piece sent
but not yet written down is answered by Discord with the message already made (its nonce)."""

from __future__ import annotations

from cogs.table.core.progress import nonce
from db.base import Store


def pairings(round_no: int) -> str:
    return f"pairings:{round_no}"


def results(round_no: int) -> str:
    return f"results:{round_no}"


def due(round_no: int) -> str:
    return f"due:{round_no}"


def withdrew(user_id: int) -> str:
    return f"withdrew:{user_id}"


class PostProgress:
    """The pieces of the league's post ``post`` (:func:`pairings`, …) made so far."""

    def __init__(self, store: Store, league_id: int, post: str, done: frozenset[str] = frozenset()) -> None:
        self.store = store
        self.league_id = league_id
        self.post = post
        self.done: set[str] = set(done)

    @classmethod
    async def of(cls, store: Store, league_id: int, post: str) -> PostProgress:
        """The post's progress as the store has it (nothing made: a post not begun)."""
        return cls(store, league_id, post, await store.leagues.post_steps(league_id, post))

    def made(self, step: str) -> bool:
        return step in self.done

    async def mark(self, step: str) -> None:
        """The piece was made (sent, or refused by Discord: not tried again)."""
        self.done.add(step)
        await self.store.leagues.post_step(self.league_id, self.post, step)

    def nonce(self, step: str) -> int:
        """The piece's nonce for Discord (``enforce_nonce``): the same for every teller of it."""
        return nonce(f"league:{self.league_id}:{self.post}:{step}")
