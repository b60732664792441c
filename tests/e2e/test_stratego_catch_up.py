"""A committed change is always told (issue 18 §3, ``test_catch_up.py``): a Stratego draft is told
to its player alone and leaves nothing for the catch-up after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.test_catch_up import said


async def test_a_draft_setup_is_told_to_its_player_alone_and_leaves_nothing_to_catch_up(tmp_path: Path) -> None:
    """A Stratego draft is a committed change told privately: nothing in the thread, and nothing
    left for the catch-up to tell after a restart."""
    async with table(tmp_path) as t:
        game, thread, red, _ = await t.challenge(t.alice, t.bob)
        posts = len(said(thread))
        draft = await t.slash(red, thread, "stratego setup", random=True)
        assert draft.ephemeral and draft.attachments
        assert t.bot is not None
        for _ in range(500):  # told just after the answer
            if not await t.bot.store.outbox.changes_of(game):
                break
            await asyncio.sleep(0.01)
        assert await t.bot.store.outbox.changes_of(game) == []
        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        assert len(said(thread)) == posts, [m.content for m in said(thread)[posts:]]
