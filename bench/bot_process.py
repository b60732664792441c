"""The real bot in a process of its own, pointed at the benchmark's local Discord, so that its
memory and CPU are measured apart from the stand-in's:
``python -m bench.bot_process API GATEWAY DB GUILD``. SIGTERM closes it cleanly; with
``BENCH_PROFILE=file`` set it runs under cProfile and writes the statistics there; it draws its
images in ``RENDER_PROCESSES`` worker processes (1, the bot's default, when unset)."""

from __future__ import annotations

import asyncio
import cProfile
import os
import signal
import sys
from pathlib import Path

from bot import Deskovka, Settings
from tests.fakediscord import discord_urls


async def main(api: str, gateway: str, db: str, guild: int) -> None:
    with discord_urls(api, gateway):
        processes = int(os.environ.get("RENDER_PROCESSES", "1"))  # the bot's default
        bot = Deskovka(Settings("fake-token", Path(db), guild, "WARNING", render_processes=processes))
        bot._connection.guild_ready_timeout = 0.1  # the stand-in sends every guild at once
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
        async with bot:
            await bot.start("fake-token")
        await bot.close()  # the closing SIGTERM began, to its end (bot.run does the same)


if __name__ == "__main__":
    args = (sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
    profile_to = os.environ.get("BENCH_PROFILE")
    if profile_to:
        with cProfile.Profile() as profile:
            asyncio.run(main(*args))
        profile.dump_stats(profile_to)
    else:
        asyncio.run(main(*args))
