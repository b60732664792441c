"""A league's posts survive the bot dying while it tells them (issue 47 §3; DESIGN §5: a committed
action is never left untold, nothing is announced twice). A three-player Stratego round robin,
set up as new users would (``/league new``, **Join**, ``/league start``), and the bot dying twice:

* while it tells round 1's pairings — after the post and the first player's DM, with the second
  player's DM sent but not yet written down: the new bot sends the third DM and closes the sign-up
  post; the second DM, sent again with its nonce, is the message Discord already has;
* when the last game ends, before a word of the final standings is sent (where the post used to be
  claimed and then lost): the new bot posts them.

Every player has their round-1 DM once, the channel each post once, and the league is finished."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from cogs.leagues.posts import PostProgress
from tests.e2e.harness import Table, table
from tests.e2e.league_play import idle, members, resign_round


class Dying(PostProgress):
    """A post's progress whose process dies when its piece number ``at`` was sent, before it is
    written down."""

    def __init__(self, progress: PostProgress, at: int, die: Callable[[], None]) -> None:
        super().__init__(progress.store, progress.league_id, progress.post, frozenset(progress.done))
        self.at = at
        self.die = die

    async def mark(self, step: str) -> None:
        self.at -= 1
        if self.at == 0:
            self.die()
            raise asyncio.CancelledError  # nothing after this runs, as if the process died
        await super().mark(step)


class DiesTelling:
    """The league's telling, whose process dies in the pairings (at one of their pieces) or as the
    final post is begun. A dead process's poll never wakes again (a claim would poke it)."""

    def __init__(self, telling: Any, runner: Any, pairings_at: int | None = None, finished: bool = False) -> None:
        self.telling = telling
        self.runner = runner
        self.pairings_at = pairings_at
        self.at_finished = finished
        self.died = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.telling, name)

    def _die(self) -> None:
        poll = self.runner._poll
        if poll is not None:
            poll.cancel()
        self.died.set()

    async def pairings(self, view: Any, round_no: int, progress: PostProgress) -> None:
        if self.pairings_at is not None:
            progress = Dying(progress, self.pairings_at, self._die)
        await self.telling.pairings(view, round_no, progress)

    async def finished(self, view: Any, progress: PostProgress) -> None:
        if self.at_finished:
            self._die()
            raise asyncio.CancelledError
        await self.telling.finished(view, progress)


async def restarted(t: Table) -> None:
    """A new bot on the same database (its start-up tick finishes what the dead one left)."""
    await t.restart()
    assert t.bot is not None
    await t.bot.dispatcher.settle()
    await idle(t)


async def test_a_bot_killed_while_telling_the_pairings_and_the_final_post_tells_each_once(tmp_path: Any) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        players = members(t, 3)
        post = await t.slash(t.mod, t.channel, "league new", name="Night league", game="stratego")
        for user in players:
            await t.click(user, post, post.buttons[0].label)
        (made,) = await t.bot.store.leagues.find(t.guild.id)
        runner = t.bot.table.leagues
        # The pieces: the post, the DMs of the game's two players, the bye's, the sign-up post
        # closed. The bot dies once the second DM is sent, before it is written down.
        dying = DiesTelling(runner.telling, runner, pairings_at=3)
        runner.telling = dying
        await t.fake.slash(t.mod, t.channel, "league start")  # its answer never comes: the bot dies
        await asyncio.wait_for(dying.died.wait(), 30)
        await t.bot.table.teller.quiet()
        game, bye = await t.bot.store.leagues.tables(made.id, 1)
        assert bye.bye and not game.bye

        def round1_dms(user: Any) -> list[str]:
            return [m.content for m in t.fake.dms(user) if "Night league**, round 1:" in m.content]

        pairings = [m.content for m in t.channel.messages if "round 1 of 3 has begun" in m.content]
        assert len(pairings) == 1, pairings
        assert {u.id: len(round1_dms(u)) for u in players} == {**dict.fromkeys(game.seats, 1), bye.seats[0]: 0}
        assert (await t.bot.store.leagues.get_round(made.id, 1)).announced_at is None

        await restarted(t)
        pairings = [m.content for m in t.channel.messages if "round 1 of 3 has begun" in m.content]
        assert len(pairings) == 1, pairings
        for user in players:
            assert len(round1_dms(user)) == 1, (user.name, round1_dms(user))
        assert not post.buttons and "has started" in post.content, "the sign-up post says the league started"

        for number in (1, 2):
            await resign_round(t, made.id, number)
        runner = t.bot.table.leagues
        dying = DiesTelling(runner.telling, runner, finished=True)
        runner.telling = dying
        await resign_round(t, made.id, 3)
        assert dying.died.is_set()
        assert not [m for m in t.channel.messages if "is over!" in m.content], "the bot died before the post"
        assert (await t.bot.store.leagues.get(made.id)).status == "running"

        await restarted(t)
        final = [m.content for m in t.channel.messages if "**Night league** is over!" in m.content]
        assert len(final) == 1, final
        assert (await t.bot.store.leagues.get(made.id)).status == "finished"
        over = [m.content for m in t.channel.messages if "is over. The standings:" in m.content]
        assert len(over) == 2, over
        count = len(t.channel.messages), sum(len(t.fake.dms(u)) for u in players)
        await restarted(t)
        assert (len(t.channel.messages), sum(len(t.fake.dms(u)) for u in players)) == count, "nothing told again"
