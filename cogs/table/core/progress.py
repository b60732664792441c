"""How far the telling of one change got (issue 18 §3): each step that players see — a DM to a
seat, the thread post or page — is written down as it is made, and the change is marked told at
the end; a teller that died part way is followed by the catch-up, which skips what was made."""

from __future__ import annotations

import hashlib

from cogs.table.core.change import Change
from db.base import Store


def nonce(key: str) -> int:
    """A message's nonce for Discord (``enforce_nonce``) made from what the message is for: every
    teller of the same message sends the same one, so a repeat returns the message already made."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:7], "big")


class Progress:
    def __init__(self, store: Store, change: Change) -> None:
        self.store = store
        self.change = change
        self.done: set[str] = set(change.done)
        self._told = False

    def made(self, step: str) -> bool:
        return step in self.done

    async def mark(self, step: str) -> None:
        self.done.add(step)
        await self.store.outbox.step(self.change.game_id, self.change.version, step)

    def nonce(self, step: str) -> int:
        """The step's nonce for Discord (``enforce_nonce``): the same for every teller of this
        change, so a post or DM repeated after a crash returns the one already made."""
        return nonce(f"{self.change.game_id}:{self.change.version}:{step}")

    def was_told(self) -> None:
        """The last write of the telling (a turn page's save) marked the change told already."""
        self._told = True

    async def told(self) -> None:
        """Mark the change told, unless the telling's last write did (:meth:`was_told`)."""
        if not self._told:
            await self.store.outbox.told(self.change.game_id, self.change.version)
