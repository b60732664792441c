"""Two shard processes on one PostgreSQL database (issue 21 §2): a player's ``/game language`` set
through one process applies in the other at once, though that one had the old choice in its cache
(the store's ``NOTIFY`` makes it forget). Two bots of one application, each running one shard of
two, in one event loop against the local Discord; a guild on each shard."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot import Deskovka, Settings
from cogs.texts import TABLES
from tests.e2e.bot_process import guilds_on_shards
from tests.fakeclock import FakeClock
from tests.fakediscord import FakeDiscord

WAIT = 10.0
"""Real seconds to wait for the other process to hear of the change (it takes milliseconds)."""


def shard_bot(dsn: str, shard: int) -> Deskovka:
    settings = Settings(
        "fake-token", Path("unused.db"), None, "INFO", shard_count=2, shard_ids=(shard,), database_url=dsn
    )
    return Deskovka(settings, clock=FakeClock())


async def test_a_language_chosen_through_one_shard_applies_at_once_in_the_other(postgres_dsn: str) -> None:
    english, czech = TABLES["en"]["no_games_listed"], TABLES["cs"]["no_games_listed"]
    async with FakeDiscord(shard_count=2) as fake:
        guilds = dict(enumerate(guilds_on_shards(fake, 2)))
        alice = fake.add_user("alice")
        channels = {}
        for shard, guild in guilds.items():
            guild.add_member(alice)
            channels[shard] = guild.add_text_channel("games")
        bots = {shard: shard_bot(postgres_dsn, shard) for shard in (1, 0)}  # shard 0's syncs the commands
        for bot in bots.values():
            await fake.start_bot(bot)

        async def listed(shard: int) -> str:
            i = await fake.slash(alice, channels[shard], "game list")
            return (await i.response()).content

        assert await listed(1) == english, "shard 1's process now holds alice's choice in its cache"
        chosen = await fake.slash(alice, channels[0], "game language", language="cs")
        await chosen.response()
        locales = bots[1].table.locales
        async with asyncio.timeout(WAIT):
            while alice.id in locales._prefs:
                await asyncio.sleep(0.01)
        assert await listed(1) == czech, "applied at once in the other process, not after PREFS_TTL"
        for bot in bots.values():
            await fake.stop_bot(bot)
        fake.assert_clean()
