"""The real bot in a process of its own, pointed at the local Discord (tests/fakediscord), so that a
benchmark measures its memory and CPU apart from the stand-in's, and so that tests can run several of them
and kill one: ``python -m tests.e2e.bot_process API GATEWAY DB GUILD`` (``GUILD`` 0: commands synced
globally; ``DB`` an SQLite file, or a URL with ``://`` as ``DATABASE_URL`` takes it, e.g.
``postgresql://…``). :func:`spawn` starts one from a test or a benchmark.

Read from the environment (the bot's own settings where it has them):

- ``SHARD_COUNT`` / ``SHARD_IDS``: the shards of this process, as for the bot (``bot.shard_settings``);
- ``RENDER_PROCESSES``: the worker processes that draw its images (1, the bot's default, when unset);
- ``THINK_PROCESSES``: the worker processes where its computers think (1, the bot's default, when unset);
- ``BENCH_COGS``: extra cogs, comma-separated (``tests.e2e.count_cog`` seats the toy game);
- ``BENCH_CLOCK``: a file holding seconds to add to the real time; the bot's clock (store and
  timers) is then real time plus that offset, read again on SIGUSR1, which also wakes the timer
  dispatcher — how a test moves a subprocess bot's time (:class:`MovedClock`, :func:`move_clock`);
  whatever sleeps on the clock (the timers, the leagues' poll) wakes when a move passes its moment;
- ``BENCH_DIE_AFTER_LEAGUE_GAMES=n``: the process kills itself (SIGKILL) as soon as the league
  runner has made its ``n``-th game (committed, not yet told): a crash halfway through opening a
  round, at an exact point (:func:`dying_after_league_games`);
- ``BENCH_PACE_SCALE``: fire timers that many times faster than the bot's pace
  (``FIRINGS_PER_SECOND``), for a stand-in whose rate-limit windows are as many times shorter;
- ``BENCH_PROFILE=file``: run under cProfile and write the statistics there.

SIGTERM closes it cleanly; SIGKILL is a crash (the next start catches up)."""

from __future__ import annotations

import asyncio
import cProfile
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot import Deskovka, Settings, shard_settings
from cogs.games import ENGINES
from cogs.table.core.change import Change
from cogs.table.core.commands import Command, LeagueGame
from cogs.table.dispatcher import Pacer
from db.connection import Synchronous
from db.store import GameStore
from db.time_source import MAX_NAP, SystemClock
from tests.fakediscord import FakeDiscord, Guild, TextChannel, User, discord_urls
from tests.fakediscord.gateway import Session


class MovedClock(SystemClock):
    """Real time plus an offset kept in a file, which the test moves forward (:func:`move_clock`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0.0
        self._moved = asyncio.Event()
        self.read()

    def read(self) -> None:
        """The offset read again; a sleeper whose moment the move passed wakes (as it would had
        that much real time gone by)."""
        self.offset = float(self.path.read_text().strip() or 0)
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()
        seen_file(self.path, os.getpid()).write_text(repr(self.offset))  # the test may wait for it

    def __call__(self) -> float:
        return time.time() + self.offset

    async def sleep_until(self, when: float | None, wake: asyncio.Event) -> None:
        while not wake.is_set():
            nap = MAX_NAP if when is None else min(MAX_NAP, when - self())
            if nap <= 0:
                return
            moved = self._moved
            waits = [asyncio.ensure_future(wake.wait()), asyncio.ensure_future(moved.wait())]
            try:
                await asyncio.wait(waits, timeout=nap, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
            if not moved.is_set():
                return  # woken, or the nap is over (at most MAX_NAP, as the real clock's)


def seen_file(path: Path, pid: int) -> Path:
    """Where the process ``pid`` writes the offset it read last from ``path``."""
    return path.with_name(f"{path.name}.seen.{pid}")


async def clock_seen(path: Path, offset: float, pids: Sequence[int], timeout: float) -> None:
    """Until each of ``pids`` has read ``offset`` (:func:`move_clock` only signals them: a command
    sent right after could reach a process before its clock moved)."""
    deadline = asyncio.get_running_loop().time() + timeout
    for pid in pids:
        seen = seen_file(path, pid)
        while not (seen.exists() and seen.read_text() == repr(offset)):
            assert asyncio.get_running_loop().time() < deadline, f"process {pid} never read its clock {offset}"
            await asyncio.sleep(0.02)


def move_clock(path: Path, offset: float, pids: Sequence[int]) -> None:
    """Set the offset of the bots whose ``BENCH_CLOCK`` is ``path`` and tell the running ones
    (``pids``; each must be past its start, where it installs its SIGUSR1 handler)."""
    path.write_text(repr(offset))
    for pid in pids:
        os.kill(pid, signal.SIGUSR1)


async def main(api: str, gateway: str, db: str, guild: int) -> None:
    count, ids = shard_settings(os.environ.get("SHARD_COUNT", "").strip(), os.environ.get("SHARD_IDS", "").strip())
    cogs = tuple(c for c in os.environ.get("BENCH_COGS", "").split(",") if c)
    clock_file = os.environ.get("BENCH_CLOCK")
    clock = MovedClock(Path(clock_file)) if clock_file else None
    with discord_urls(api, gateway):
        processes = int(os.environ.get("RENDER_PROCESSES", "1"))  # the bot's default
        url = db if "://" in db else ""
        settings = Settings(
            "fake-token",
            Path("data/deskovka.db") if url else Path(db),
            guild or None,
            "WARNING",
            render_processes=processes,
            think_processes=int(os.environ.get("THINK_PROCESSES", "1")),  # the bot's default
            shard_count=count,
            shard_ids=ids,
            database_url=url,
        )
        bot = Deskovka(settings, extra_cogs=cogs, clock=clock, freeze_when_ready=True)  # as bot.run makes it
        scale = float(os.environ.get("BENCH_PACE_SCALE", "1"))
        if scale != 1:
            bot.dispatcher.pacer = Pacer(settings.firings_per_second * scale)
        bot._connection.guild_ready_timeout = 0.1  # the stand-in sends every guild at once
        dying_after_league_games(bot, int(os.environ.get("BENCH_DIE_AFTER_LEAGUE_GAMES", "0")))
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
        if clock is not None:
            moved = clock

            def moved_on() -> None:
                moved.read()
                bot.dispatcher.poke()

            loop.add_signal_handler(signal.SIGUSR1, moved_on)
        async with bot:
            await bot.start("fake-token")
        await bot.close()  # the closing SIGTERM began, to its end (bot.run does the same)


def dying_after_league_games(bot: Deskovka, games: int) -> None:
    """With ``games`` > 0: the process kills itself (SIGKILL, nothing after it runs: no cleanup, no
    telling) as soon as the commit of its league runner's ``games``-th game has returned — the game
    is in the store, linked to its table, and nothing of it is told yet."""
    if games <= 0:
        return
    runner = bot.table.leagues
    commit = runner._commit
    made = 0

    async def dying(command: Command) -> Change | None:
        nonlocal made
        change = await commit(command)
        if isinstance(command, LeagueGame):
            made += 1
            if made == games:
                os.kill(os.getpid(), signal.SIGKILL)
        return change

    runner._commit = dying


Where = Path | str
"""A bot process's database: an SQLite file, or a PostgreSQL URL."""


async def open_at(where: Where, synchronous: Synchronous = "FULL") -> GameStore:
    """The store on ``where`` (``synchronous`` is SQLite's; PostgreSQL commits as its server says)."""
    if isinstance(where, str):
        return await GameStore.open_postgres(where, ENGINES)
    return await GameStore.open(where, ENGINES, synchronous=synchronous)


async def spawn(
    fake: FakeDiscord, db: Where, guild: int | None, env: Mapping[str, str] | None = None
) -> asyncio.subprocess.Process:
    """This module as a process against ``fake``, on database ``db``; ``env`` adds to the
    environment (the settings above). It returns at once: the caller waits for what it needs."""
    return await spawn_module(fake, "tests.e2e.bot_process", str(db), str(guild or 0), env=env)


async def spawn_module(
    fake: FakeDiscord, module: str, *args: str, env: Mapping[str, str] | None = None
) -> asyncio.subprocess.Process:
    """``python -m module API GATEWAY *args`` with ``fake``'s addresses; ``env`` adds to the
    environment. It returns at once."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        fake.server.api_base,
        fake.server.gateway_url,
        *args,
        env={**os.environ, **(env or {})},
    )


def guilds_on_shards(fake: FakeDiscord, count: int) -> list[Guild]:
    """A new guild on each of ``count`` shards, in shard order: guild ids are snowflakes, their
    shard is ``(id >> 22) % count`` (the milliseconds of their making), so make guilds until every
    shard has one (the ones made on the way stay, empty)."""
    found: dict[int, Guild] = {}
    while len(found) < count:
        guild = fake.add_guild(f"server {len(fake.world.guilds)}")
        found.setdefault(fake.gateway.shard_of(guild), guild)
    return [found[s] for s in range(count)]


async def answering(
    fake: FakeDiscord,
    user: User,
    channel: TextChannel,
    *,
    shard: int = 0,
    before: Session | None = None,
    guild: Guild | None = None,
    timeout: float = 60.0,
) -> None:
    """Wait until a bot process serving ``shard`` is connected with a session newer than
    ``before``, the commands are synced (to ``guild``, else globally) and it answers ``user``'s
    ``/game list`` in ``channel``."""

    def connected() -> bool | None:
        session = fake.gateway.active.get(shard)
        return True if session is not None and session is not before and session.connection is not None else None

    await fake.world.wait(connected, fake.gateway.signal, f"a bot process to connect shard {shard}", timeout)
    await fake.wait_for_commands(guild, timeout=timeout)
    probe = await fake.slash(user, channel, "game list")
    await probe.response(timeout=timeout)


def members(fake: FakeDiscord, n_users: int) -> tuple[Guild, TextChannel, list[User]]:
    """The guild ``bench``, its text channel ``games`` and ``n_users`` users ``p0``, ``p1``, …, its
    members."""
    guild = fake.add_guild("bench")
    channel = guild.add_text_channel("games")
    users = [fake.add_user(f"p{i}") for i in range(n_users)]
    for u in users:
        guild.add_member(u)
    return guild, channel, users


async def launch(
    fake: FakeDiscord,
    path: Where,
    guild: Any,
    user: Any,
    channel: Any,
    *,
    shard: int = 0,
    shards: int = 1,
    env: Mapping[str, str] | None = None,
) -> asyncio.subprocess.Process:
    """The bot process on database ``path``, once it answers ``/game list`` of ``user``. With
    ``shards`` > 1 it runs shard ``shard`` of them (``guild`` must be on it) and syncs its
    commands globally; ``env`` adds to its environment."""
    env = {**(env or {}), **({"SHARD_COUNT": str(shards), "SHARD_IDS": str(shard)} if shards > 1 else {})}
    bot = await spawn(fake, path, guild.id if shards == 1 else None, env)
    try:
        await answering(fake, user, channel, shard=shard, guild=guild if shards == 1 else None)
    except BaseException:
        bot.terminate()
        await bot.wait()
        raise
    return bot


if __name__ == "__main__":
    args = (sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
    profile_to = os.environ.get("BENCH_PROFILE")
    if profile_to:
        with cProfile.Profile() as profile:
            asyncio.run(main(*args))
        profile.dump_stats(profile_to)
    else:
        asyncio.run(main(*args))
