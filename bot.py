"""Deskovka's entry point: settings, logging, the bot, and ``main()`` (DESIGN §2, §5)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import logging.handlers
import os
import re
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from cogs import games
from cogs.table.buttons import GameButton, GameSelect
from cogs.table.dispatcher import FIRINGS_PER_SECOND, Dispatcher
from cogs.table.respond import Tree
from cogs.table.table import Table
from cogs.texts import DEFAULT_LOCALE, t
from cogs.texts.translator import CommandTranslator
from db.base import Store
from db.errors import StoreUnavailable
from db.json_text import dumps, loads
from db.records import Shards
from db.time_source import Clock, SystemClock
from db.url import BadDatabaseUrl, Database, open_store
from db.url import parse as parse_database_url

log = logging.getLogger("deskovka")
COGS = ("cogs.table.game", "cogs.help", "cogs.leagues.cog")
"""The game-agnostic cogs; each game's own comes from its registration (``cogs.games``)."""


def json_for_discord() -> None:
    """discord.py's JSON (every gateway event, every REST request and answer) by the store's
    functions (db/json_text.py): orjson, as discord.py would use it by itself once installed, and
    the standard library for what orjson refuses. orjson alone cannot read an unpaired surrogate
    (``"\\ud800"``, valid JSON): an interaction carrying one went unanswered and the shard answered
    nothing more (tests/e2e/test_stratego_table.py). discord.py 2.7.1 reads both names from
    ``discord.utils`` at every call (pinned in requirements.txt)."""
    setattr(discord.utils, "_from_json", loads)  # noqa: B010  # a private name: no type to check
    setattr(discord.utils, "_to_json", dumps)  # noqa: B010


json_for_discord()


def operator_locale(env: Mapping[str, str]) -> str:
    """The language of what the bot tells its operator (issue 44 §6): Czech when the locale
    settings say so — ``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` (POSIX's order), starting
    with ``cs`` — and English otherwise (``C``, unset, any other language)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").strip()
        if value:
            return "cs" if value.lower().startswith("cs") else DEFAULT_LOCALE
    return DEFAULT_LOCALE


def refused(key: str, locale: str, **params: Any) -> SystemExit:
    """A setting the bot cannot start with: the words of ``startup.{key}`` in ``locale``."""
    return SystemExit(t(f"startup.{key}", locale, **params))


MAX_RENDER_PROCESSES = 8
"""More workers than cores only add memory: a few cores draw for thousands of games."""
MAX_THINK_PROCESSES = 8
"""The computers' workers (issue 46): more than cores only add memory."""
DEFAULT_COMPUTER_PAUSE = 3
"""Seconds a computer's decision waits before it is told (``COMPUTER_PAUSE`` unset): enough for
the thread to read like a player answering, short enough not to keep a person waiting."""
MAX_COMPUTER_PAUSE = 60
"""The longest pause ``COMPUTER_PAUSE`` may ask for: a longer one only keeps people waiting."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    render_processes: int = 0
    """Worker processes that draw the images (``RENDER_PROCESSES``, 1 when unset); 0 draws them in
    a thread of the bot's process (as the tests do: no process to start per bot)."""
    think_processes: int = 0
    """Worker processes where the computers think (``THINK_PROCESSES``, 1 when unset), never the
    drawing ones; 0 thinks in a thread of the bot's process (as the tests do)."""
    computer_pause: float = 0.0
    """Seconds between a computer's turn starting and its decision being told (``COMPUTER_PAUSE``,
    :data:`DEFAULT_COMPUTER_PAUSE` when unset), so that the thread reads naturally (issue 46 §1); 0
    tells it at once (as the tests and benches do)."""
    shard_count: int | None = None
    """``SHARD_COUNT``: the bot's shards over all its processes; None lets Discord say (one process)."""
    shard_ids: tuple[int, ...] | None = None
    """``SHARD_IDS``: the shards this process runs; None: all of them."""

    @property
    def shards(self) -> Shards | None:
        """The shards this process serves when it serves only some (its timers and catch-up)."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return Shards(self.shard_count, self.shard_ids)

    @property
    def firings_per_second(self) -> float:
        """This process's share of the bot's ``FIRINGS_PER_SECOND`` (one token, one global limit)."""
        if self.shard_count is None or self.shard_ids is None:
            return FIRINGS_PER_SECOND
        return FIRINGS_PER_SECOND * len(self.shard_ids) / self.shard_count

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: the one running shard 0."""
        return self.shard_ids is None or 0 in self.shard_ids

    database_url: str = ""
    """``DATABASE_URL`` (db/url.py): empty for SQLite at ``database_path``, or a PostgreSQL URL."""

    @property
    def database(self) -> Database:
        return parse_database_url(self.database_url, self.database_path)

    def __repr__(self) -> str:  # never print the token
        return (
            f"Settings(token=<hidden>, database={str(self.database)!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"render_processes={self.render_processes!r}, think_processes={self.think_processes!r}, "
            f"computer_pause={self.computer_pause!r}, "
            f"shard_count={self.shard_count!r}, "
            f"shard_ids={self.shard_ids!r})"
        )

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read the environment (``.env`` already loaded by ``main``); raises SystemExit with
        instructions when the token is missing or a value is malformed."""
        env = dict(os.environ if env is None else env)
        locale = operator_locale(env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise refused("no_token", locale)
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise refused("dev_guild_id", locale, value=repr(guild))
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise refused("log_level", locale, value=repr(level))
        processes = env.get("RENDER_PROCESSES", "").strip() or "1"
        if not processes.isdigit() or int(processes) > MAX_RENDER_PROCESSES:
            raise refused("render_processes", locale, maximum=MAX_RENDER_PROCESSES, value=repr(processes))
        thinking = env.get("THINK_PROCESSES", "").strip() or "1"
        if not thinking.isdigit() or int(thinking) > MAX_THINK_PROCESSES:
            raise refused("think_processes", locale, maximum=MAX_THINK_PROCESSES, value=repr(thinking))
        pause = computer_pause(env.get("COMPUTER_PAUSE", "").strip(), locale)
        count, ids = shard_settings(env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip(), locale)
        url = env.get("DATABASE_URL", "").strip()
        try:
            parse_database_url(url)
        except BadDatabaseUrl as exc:
            expected = t("startup.database_url", locale)
            key = f"database_url.{exc.code}"
            raise refused(key, locale, expected=expected, value=repr(exc.value), detail=exc.detail) from None
        return cls(
            token=token,
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/deskovka.db"),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            render_processes=int(processes),
            think_processes=int(thinking),
            computer_pause=pause,
            shard_count=count,
            shard_ids=ids,
            database_url=url,
        )


def computer_pause(value: str, locale: str = DEFAULT_LOCALE) -> float:
    """``COMPUTER_PAUSE`` as read: seconds from 0 to :data:`MAX_COMPUTER_PAUSE` (a decimal point
    allowed), :data:`DEFAULT_COMPUTER_PAUSE` when empty; SystemExit saying what is wrong."""
    if not value:
        return float(DEFAULT_COMPUTER_PAUSE)
    if re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,6})?", value) is None or float(value) > MAX_COMPUTER_PAUSE:
        raise refused("computer_pause", locale, maximum=MAX_COMPUTER_PAUSE, value=repr(value))
    return float(value)


def shard_settings(count: str, ids: str, locale: str = DEFAULT_LOCALE) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``0,1``) as read; SystemExit saying what is wrong."""
    if not count:
        if ids:
            raise refused("shard_ids_alone", locale, value=repr(ids))
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise refused("shard_count", locale, value=repr(count))
    total = int(count)
    if not ids:
        return total, None
    parts = [p.strip() for p in ids.split(",")]
    if not all(p.isdigit() and int(p) < total for p in parts) or len(set(map(int, parts))) != len(parts):
        raise refused("shard_ids", locale, last=total - 1, count=total, value=repr(ids))
    return total, tuple(sorted(int(p) for p in parts))


INTENTS = discord.Intents(guilds=True)
"""Only the servers, their channels and threads: the bot acts on interactions alone and reads no
message, so it asks for no message events (each one is a gateway event to decode and a message to
build, three or more per move: its own posts and DMs; docs/PERFORMANCE.md)."""


class Deskovka(commands.AutoShardedBot):
    """The bot: no privileged intents, slash commands only, state in the game store."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        extra_cogs: Sequence[str] = (),
        clock: Clock | None = None,
        freeze_when_ready: bool = False,
    ) -> None:
        """``extra_cogs`` let tests seat a toy game at the same table (its cog registers it in
        ``cogs.games``); ``clock`` is the one clock of the store and the timers (tests pass one they
        move by hand). ``freeze_when_ready``: see :meth:`on_ready` (the bot's process sets it; the
        tests, which start many bots in one process, do not)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            tree_cls=Tree,
            allowed_mentions=discord.AllowedMentions.none(),  # pings are explicit, per message (cogs/respond.pings)
            shard_count=settings.shard_count,
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),  # type: ignore[arg-type]
        )  # (discord.py takes None for "all shards", as its default, though its typing says list[int])
        self.settings = settings
        self._store = store
        self._cogs = tuple(dict.fromkeys((*COGS, *(k.cog.__name__ for k in games.KINDS.values()), *extra_cogs)))
        self.clock: Clock = clock or SystemClock()
        shards = settings.shards
        self.table = Table(
            self,
            lambda: self.store,
            self.clock,
            render_processes=settings.render_processes,
            think_processes=settings.think_processes,
            computer_pause=settings.computer_pause,
            shards=shards,
        )
        self.dispatcher = Dispatcher(
            lambda: self.store,
            self.clock,
            self.table.clocks.fire,
            self.table.teller.catch_up,
            shards=shards,
            pace=settings.firings_per_second,
            ready=self.wait_until_ready,
        )
        self.table.teller.wake_timers = self.dispatcher.poke
        self._closing: asyncio.Future[None] | None = None
        self.freeze_when_ready = freeze_when_ready

    @property
    def store(self) -> Store:
        assert self._store is not None, "the store opens in setup_hook"
        return self._store

    async def setup_hook(self) -> None:
        if self._store is None:
            self._store = await open_store(self.settings.database, games.ENGINES, clock=self.clock)
        await self._store.prefs.watch(self.table.locales.forget_prefs)
        for cog in self._cogs:
            await self.load_extension(cog)
        self.add_dynamic_items(GameButton, GameSelect)
        await self.tree.set_translator(CommandTranslator())
        self.table.transport.renderer.start()
        if self.settings.syncs_commands:
            await self.sync_commands_if_changed()
        self.dispatcher.start()

    async def on_ready(self) -> None:
        """Everything the bot holds once it is ready (its modules, cogs, caches and the servers the
        gateway gave it) lives as long as the process: it is moved out of the cyclic garbage
        collector's generations (``gc.freeze``), so a full collection no longer walks it. A full
        collection had paused the event loop for about 50 ms under load; frozen, 3–5 ms
        (docs/PERFORMANCE.md). Runs again after a reconnection's READY, which freezes what survived
        since. Only in the bot's own process (``freeze_when_ready``): what is frozen is never freed."""
        if self.freeze_when_ready:
            gc.freeze()

    async def sync_commands_if_changed(self) -> bool:
        """Discord allows 200 command creations a day per guild: sync only a changed tree. Only the
        process running shard 0 calls it; the digest is kept per application, so two bots sharing
        one database never take each other's digest for their own."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await self.command_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        if await self.store.meta.get(key) == digest:
            log.info("slash commands unchanged; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.store.meta.set(key, digest)
        log.info("slash commands synced (%s)", f"guild {guild.id}" if guild else "global")
        return True

    async def command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """The commands as the sync sends them — with every translation (``name_localizations``…),
        so a changed translation changes the digest and syncs again."""
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        if translator is None:
            return [c.to_dict(self.tree) for c in commands]
        return [await c.get_translated_payload(self.tree, translator) for c in commands]

    async def close(self) -> None:
        """Close once and to the end, whoever asks — SIGTERM's handler, ``async with``'s exit,
        ``run`` — each caller waiting for the one closing, which a cancelled caller does not cut
        short: a closing cut before the store closed left its thread running, and the process never
        ended (seen when ``asyncio.run`` cancelled the SIGTERM handler's closing at its exit)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        try:
            await self.dispatcher.stop()
            await self.table.leagues.stop()
            await self.table.teller.drain()
            await super().close()
        finally:
            self.table.close()
            if self._store is not None:
                await self._store.close()
                self._store = None


def startup_problem(error: BaseException, locale: str = DEFAULT_LOCALE) -> str | None:
    """One line saying what is wrong, in ``locale``, for a failure to start that the user can fix;
    None otherwise."""
    if isinstance(error, discord.LoginFailure):
        return t("startup.token_refused", locale)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return t("startup.intents_refused", locale)
    if isinstance(error, StoreUnavailable):
        return t("startup.database_unavailable", locale, where=error.where, reason=error.reason)
    if isinstance(error, aiohttp.ClientConnectorError):
        reason = f"{error.host}:{error.port}: {error.os_error.strerror or error.os_error}"
    elif isinstance(error, TimeoutError):
        reason = t("startup.timed_out", locale)
    elif isinstance(error, aiohttp.ClientConnectionError) or (isinstance(error, OSError) and error.filename is None):
        reason = (error.strerror if isinstance(error, OSError) else None) or str(error) or type(error).__name__
    else:  # a bug, or a file problem (an OSError with a filename): keep the traceback
        return None
    return t("startup.no_network", locale, reason=reason)


async def run(settings: Settings, locale: str | None = None) -> int:
    """Run the bot until it is closed (what ``Client.run`` does) and return the exit code.

    A failure to start that ``startup_problem`` explains prints that one line to stderr (in
    ``locale``, by default the operator's: :func:`operator_locale`) and
    returns 1; what was logged while logging in is held back until the login succeeds, and
    dropped then (unless LOG_LEVEL is DEBUG). Any other error is raised with its traceback.
    """
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: no warnings about it
    root = logging.getLogger()
    handlers = list(root.handlers)
    held = logging.handlers.MemoryHandler(capacity=1 << 20, flushLevel=logging.CRITICAL + 1)
    for handler in handlers:
        root.removeHandler(handler)
    root.addHandler(held)

    def release(*, replay: bool) -> None:
        if held not in root.handlers:
            return
        root.removeHandler(held)
        for handler in handlers:
            root.addHandler(handler)
        for record in held.buffer if replay else ():
            for handler in handlers:
                if record.levelno >= handler.level:
                    handler.handle(record)
        held.buffer.clear()

    try:
        bot = Deskovka(settings, freeze_when_ready=True)
        stop_on_sigterm(bot)
        async with bot:
            await bot.login(settings.token)
            release(replay=True)
            await bot.connect()
        await bot.close()  # the closing a SIGTERM began (``async with`` leaves it alone), to its end
    except Exception as error:
        problem = startup_problem(error, locale or operator_locale(os.environ))
        release(replay=problem is None or root.isEnabledFor(logging.DEBUG))
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return 1
    finally:
        release(replay=True)
    return 0


def stop_on_sigterm(bot: Deskovka) -> None:
    """SIGTERM (systemd's and Docker's stop) closes the bot as Ctrl-C does: the tellings in
    progress finish, the store and the render workers close (a kill -9 is caught up at the next
    start instead)."""
    with contextlib.suppress(NotImplementedError, RuntimeError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))


def main() -> int:
    from dotenv import load_dotenv

    load_dotenv(Path(__file__).with_name(".env"))
    settings = Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        return asyncio.run(run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
