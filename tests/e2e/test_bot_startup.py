"""bot.py startup (`make run`): a refused token or no network is one line on stderr and exit code 1,
with no traceback and none of the log lines written while logging in; other errors keep their traceback."""

from __future__ import annotations

import gc
import logging
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import aiohttp
import discord
import pytest
from discord.ext import commands

import bot as bot_module
from bot import Deskovka, Settings, run, startup_problem
from tests.fakediscord import FakeDiscord, discord_urls

REFUSED = (
    "Discord refused the token in DISCORD_TOKEN (401 Unauthorized): reset it in the Developer Portal "
    "(Bot → Reset Token) and put the new one in .env.\n"
)


@pytest.fixture(autouse=True)
def english_operator(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English words: the operator's locale is not Czech (issue 44 §6)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def settings(tmp_path: Path, token: str = "fake-token") -> Settings:
    return Settings(token=token, database_path=tmp_path / "deskovka.db", dev_guild_id=None, log_level="INFO")


@contextmanager
def stderr_log() -> Iterator[None]:
    """Logging as main() sets it up: the root logger writes INFO and up to (the captured) stderr."""
    root = logging.getLogger()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    level = root.level
    root.setLevel(logging.INFO)
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_refused_token_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async with FakeDiscord() as fake:
        with stderr_log():
            assert await run(settings(tmp_path, "wrong-token")) == 1
    assert capsys.readouterr().err == REFUSED
    assert [(r.path, r.status) for r in fake.requests.records] == [("/users/@me", 401)]
    assert not (tmp_path / "deskovka.db").exists(), "setup_hook never ran"


async def test_no_network_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    port = closed_port()
    with discord_urls(f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway"), stderr_log():
        assert await run(settings(tmp_path)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"Cannot reach Discord (127.0.0.1:{port}: ") and err.count("\n") == 1
    assert err.endswith("): check the network connection.\n")


async def test_other_errors_keep_their_traceback_and_the_held_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_module, "COGS", ("cogs.no_such_cog",))
    async with FakeDiscord() as fake:
        with stderr_log(), pytest.raises(commands.ExtensionNotFound):
            await run(settings(tmp_path))
    assert fake.requests.records[0].status == 200
    assert "INFO discord.client: logging in using static token\n" in capsys.readouterr().err


class QuitWhenReady(Deskovka):
    """The real bot, closing itself once ready (as if stopped with Ctrl-C)."""

    made_with: ClassVar[dict[str, Any]] = {}

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(settings, **options)
        QuitWhenReady.made_with = options
        self._connection.guild_ready_timeout = 0.1

    async def on_ready(self) -> None:
        await self.close()


async def test_a_good_start_logs_as_usual(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_module, "Deskovka", QuitWhenReady)
    async with FakeDiscord() as fake:
        with stderr_log():
            assert await run(settings(tmp_path)) == 0
        assert "stratego move" in fake.command_paths()
    assert QuitWhenReady.made_with == {"freeze_when_ready": True}, "the bot's process freezes its heap when ready"
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "INFO discord.client: logging in using static token", "held back, then written in order"
    assert "INFO deskovka: slash commands synced (global)" in lines
    assert not [line for line in lines if "voice" in line], "no warnings about voice, which the bot does not use"


class WantsMembers(Deskovka):
    """The real bot asking for a privileged intent that the application does not have."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(settings, **options)
        intents = discord.Intents(self._connection._intents.value)  # a copy: bot.INTENTS stays as it is
        intents.members = True  # (a test after this one checks it in the same process)
        self._connection._intents = intents


async def test_refused_privileged_intents_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_module, "Deskovka", WantsMembers)
    async with FakeDiscord(privileged_intents=False):
        with stderr_log():
            assert await run(settings(tmp_path)) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].startswith("Discord refused the gateway connection (4014 Disallowed intents): ")
    assert not [line for line in lines if "Traceback" in line]


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (discord.PrivilegedIntentsRequired(None), "Discord refused the gateway connection (4014 Disallowed intents)"),
        (TimeoutError(), "Cannot reach Discord (timed out): check the network connection."),
        (socket.gaierror(-3, "Temporary failure in name resolution"), "Cannot reach Discord (Temporary failure"),
        (aiohttp.ServerDisconnectedError(), "Cannot reach Discord (Server disconnected): check the network"),
        (ConnectionResetError(104, "Connection reset by peer"), "Cannot reach Discord (Connection reset by peer)"),
    ],
)
def test_explained_problems_are_one_line(error: BaseException, expected: str) -> None:
    problem = startup_problem(error)
    assert problem is not None and problem.startswith(expected) and "\n" not in problem


@pytest.mark.parametrize(
    "error", [RuntimeError("a bug"), PermissionError(13, "Permission denied", "data/deskovka.db"), KeyError("x")]
)
def test_bugs_and_file_errors_are_not_explained_away(error: BaseException) -> None:
    assert startup_problem(error) is None


async def test_a_database_that_cannot_be_opened_is_one_line_naming_it_without_the_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], postgres_dsn: str
) -> None:
    """Logged in to Discord, then the store: a PostgreSQL server that is not there, or a database
    that does not exist on one that is, is one line saying which database and why — not "Cannot
    reach Discord" (a refused connection is an OSError too), and not a traceback."""
    down = f"postgresql://deskovka:secret@127.0.0.1:{closed_port()}/deskovka"
    missing = postgres_dsn.rsplit("/", 1)[0] + "/no_such_database"
    for url, where in ((down, "postgresql://deskovka@127.0.0.1"), (missing, "/no_such_database")):
        async with FakeDiscord():
            with stderr_log():
                assert await run(Settings("fake-token", tmp_path / "unused.db", None, "INFO", database_url=url)) == 1
        err = capsys.readouterr().err
        assert err.startswith("Cannot open the database postgresql://") and err.count("\n") == 1, err
        assert where in err and "secret" not in err and "Traceback" not in err
        assert err.endswith("check DATABASE_URL and that the PostgreSQL server runs and has that database and user.\n")


@pytest.mark.parametrize("freeze", [True, False])
async def test_a_ready_bot_moves_what_it_holds_out_of_the_collectors_reach_only_when_asked(
    tmp_path: Path, freeze: bool
) -> None:
    bot = Deskovka(settings(tmp_path), freeze_when_ready=freeze)
    gc.unfreeze()
    try:
        await bot.on_ready()
        assert (gc.get_freeze_count() > 0) is freeze
    finally:
        gc.unfreeze()
