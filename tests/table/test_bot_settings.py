"""bot.py settings (issue 3 §1): the environment, the explanation without a token, no token in logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import Settings
from db.url import Database


def test_missing_token_explains_how_to_get_one() -> None:
    with pytest.raises(SystemExit) as e:
        Settings.from_env({})
    text = str(e.value.code)
    for needed in (
        "DISCORD_TOKEN",
        "applications.commands",
        "bot",
        "Send Messages",
        "Create Public Threads",
        "Attach Files",
        "Embed Links",
        ".env",
    ):
        assert needed in text


def test_missing_token_explains_dev_guild_id() -> None:
    with pytest.raises(SystemExit) as e:
        Settings.from_env({})
    text = " ".join(str(e.value.code).split())
    assert "User Settings → Advanced → Developer Mode" in text
    assert "right-click the server icon → Copy Server ID" in text
    assert "Without DEV_GUILD_ID the commands sync globally, which can take up to an hour to appear." in text


def test_defaults_and_values() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "secret-token"})
    assert s.database_path == Path("data/deskovka.db") and s.dev_guild_id is None and s.log_level == "INFO"
    s = Settings.from_env(
        {"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db", "DEV_GUILD_ID": "42", "LOG_LEVEL": "debug"}
    )
    assert (s.database_path, s.dev_guild_id, s.log_level) == (Path("/tmp/x.db"), 42, "DEBUG")


def test_database_url_selects_the_backend() -> None:
    """Issue 21: DATABASE_URL unset is SQLite at DATABASE_PATH; sqlite:/// is a relative path,
    sqlite://// an absolute one; postgresql:// and postgres:// are PostgreSQL."""
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).database == Database("sqlite", path=Path("data/deskovka.db"))
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db"}
    assert Settings.from_env(env).database == Database("sqlite", path=Path("/tmp/x.db"))
    env["DATABASE_URL"] = "sqlite:///games/d.db"
    assert Settings.from_env(env).database == Database("sqlite", path=Path("games/d.db"))
    env["DATABASE_URL"] = "sqlite:////srv/d.db"
    assert Settings.from_env(env).database == Database("sqlite", path=Path("/srv/d.db"))
    for scheme in ("postgresql", "postgres"):
        env["DATABASE_URL"] = f"{scheme}://bot:pw@db.example:5433/deskovka"
        settings = Settings.from_env(env)
        assert settings.database == Database("postgresql", dsn="postgresql://bot:pw@db.example:5433/deskovka")
        assert "pw" not in repr(settings), "the password is never printed"


def test_a_malformed_database_url_says_what_is_expected() -> None:
    with pytest.raises(SystemExit) as info:
        Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": "mysql://u@h/db"})
    assert "DATABASE_URL must be empty" in str(info.value) and "postgresql://" in str(info.value)


def test_images_are_drawn_in_one_worker_process_unless_told_otherwise() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).render_processes == 1
    assert Settings.from_env({"DISCORD_TOKEN": "t", "RENDER_PROCESSES": "0"}).render_processes == 0
    assert Settings.from_env({"DISCORD_TOKEN": "t", "RENDER_PROCESSES": " 2 "}).render_processes == 2
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).think_processes == 1
    assert Settings.from_env({"DISCORD_TOKEN": "t", "THINK_PROCESSES": "0"}).think_processes == 0


def test_a_computer_pauses_three_seconds_unless_told_otherwise() -> None:
    """Issue 46 §1: a computer's decision is told after a short, configurable pause (seconds, 0–60);
    a bot made in code (the tests, the benches) pauses not at all."""
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).computer_pause == 3
    assert Settings.from_env({"DISCORD_TOKEN": "t", "COMPUTER_PAUSE": "0"}).computer_pause == 0
    assert Settings.from_env({"DISCORD_TOKEN": "t", "COMPUTER_PAUSE": " 1.5 "}).computer_pause == 1.5
    assert Settings.from_env({"DISCORD_TOKEN": "t", "COMPUTER_PAUSE": "60"}).computer_pause == 60
    assert Settings(token="t", database_path=Path("x.db"), dev_guild_id=None, log_level="INFO").computer_pause == 0


@pytest.mark.parametrize(("locale", "words"), [("C", "COMPUTER_PAUSE must be"), ("cs_CZ.UTF-8", "COMPUTER_PAUSE musí")])
def test_a_bad_computer_pause_says_what_is_allowed(locale: str, words: str) -> None:
    with pytest.raises(SystemExit) as info:
        Settings.from_env({"DISCORD_TOKEN": "t", "COMPUTER_PAUSE": "99", "LANG": locale})
    text = str(info.value)
    assert words in text and "60" in text and "'99'" in text


@pytest.mark.parametrize(
    "env",
    [
        {"DEV_GUILD_ID": "abc"},
        {"LOG_LEVEL": "LOUD"},
        {"RENDER_PROCESSES": "-1"},
        {"RENDER_PROCESSES": "many"},
        {"RENDER_PROCESSES": "99"},
        {"THINK_PROCESSES": "nine"},
        {"THINK_PROCESSES": "9"},
        {"COMPUTER_PAUSE": "-1"},
        {"COMPUTER_PAUSE": "61"},
        {"COMPUTER_PAUSE": "soon"},
        {"COMPUTER_PAUSE": "3s"},
        {"COMPUTER_PAUSE": "nan"},
        {"DATABASE_URL": "data/deskovka.db"},
        {"DATABASE_URL": "sqlite://data/x.db"},
        {"DATABASE_URL": "sqlite:///"},
        {"DATABASE_URL": "mysql://u@h/db"},
        {"DATABASE_URL": "postgresql://u@h:port/db"},
        {"DATABASE_URL": "postgresql://u@h:5432"},
    ],
)
def test_malformed_values_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(SystemExit):
        Settings.from_env({"DISCORD_TOKEN": "t", **env})


def test_the_token_is_never_printed() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "secret-token"})
    assert "secret-token" not in repr(s) and "secret-token" not in str(s)


def test_the_bot_asks_for_no_message_events() -> None:
    """Slash commands and components only: no message events to decode (issue 18 §7), and no
    privileged intent for a server admin to switch on."""
    from bot import INTENTS

    assert INTENTS.guilds
    assert not (INTENTS.guild_messages or INTENTS.dm_messages or INTENTS.message_content or INTENTS.members)


async def test_sigterm_closes_the_bot_as_ctrl_c_does() -> None:
    """systemd and Docker stop a service with SIGTERM: the bot closes cleanly (tellings finish,
    store and render workers close) instead of dying where it stands."""
    import asyncio
    import os
    import signal

    from bot import stop_on_sigterm

    closed = asyncio.Event()

    class Bot:
        async def close(self) -> None:
            closed.set()

    stop_on_sigterm(Bot())  # type: ignore[arg-type]
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(closed.wait(), 5)
    finally:
        asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)


async def test_a_closing_cut_short_by_its_caller_still_closes_the_store(tmp_path: Path) -> None:
    """SIGTERM's handler starts the closing; ``asyncio.run`` cancels that task as ``run`` returns,
    maybe while the store waits for a transaction to end. The closing goes on to its end anyway
    (nobody else calls it: ``async with`` sees the bot closed): the store's thread stops — while it
    runs, the process cannot end."""
    import asyncio
    import threading

    from tests.e2e.harness import table

    async with table(tmp_path) as t:
        bot = t.bot
        assert bot is not None
        store: Any = bot.store
        ended = threading.Event()
        running = asyncio.ensure_future(
            store.context.backend.db._execute(ended.wait)
        )  # a transaction on the store's thread
        first = asyncio.ensure_future(bot.close())
        for _ in range(200):
            if bot.is_closed():
                break
            await asyncio.sleep(0.01)
        for _ in range(20):
            await asyncio.sleep(0)
        first.cancel()  # as asyncio.run does to tasks left when run() returns
        ended.set()
        await running
        for _ in range(500):
            if store.context.backend.db._connection is None:
                break
            await asyncio.sleep(0.01)
        assert store.context.backend.db._connection is None, "the store is closed"


def test_shards_unset_mean_one_process_running_them_all() -> None:
    s = Settings.from_env({"DISCORD_TOKEN": "t"})
    assert (s.shard_count, s.shard_ids, s.shards, s.syncs_commands) == (None, None, None, True)
    s = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4"})
    assert (s.shard_count, s.shard_ids, s.shards, s.syncs_commands) == (4, None, None, True)


def test_shard_ids_split_the_shards_and_shard_0_syncs_the_commands() -> None:
    from db.records import Shards

    s = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1 "})
    assert (s.shard_count, s.shard_ids, s.shards, s.syncs_commands) == (4, (1, 3), Shards(4, (1, 3)), False)
    s = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0"})
    assert (s.shards, s.syncs_commands) == (Shards(2, (0,)), True)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS ('0,1') needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards, 1 or more, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "from 0 to 1 (SHARD_COUNT is 2)"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "different shard numbers"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "separated by commas, e.g. 0,1; not '0;1'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "from 0 to 1"),
    ],
)
def test_malformed_shards_are_refused_with_what_is_wrong(env: dict[str, str], says: str) -> None:
    with pytest.raises(SystemExit) as e:
        Settings.from_env({"DISCORD_TOKEN": "t", **env})
    assert says in str(e.value.code)


def test_the_bot_runs_the_shards_it_is_given() -> None:
    from bot import Deskovka
    from cogs.table.dispatcher import FIRINGS_PER_SECOND

    bot = Deskovka(Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "1,3"}))
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert (
        bot.dispatcher.shards
        == bot.table.shards
        == Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "1,3"}).shards
    )
    assert bot.dispatcher.pacer.rate == FIRINGS_PER_SECOND / 2, "two of four shards: half the bot's pace"
    bot = Deskovka(Settings.from_env({"DISCORD_TOKEN": "t"}))
    assert (bot.shard_count, bot.shard_ids, bot.dispatcher.shards) == (None, None, None)
    assert bot.dispatcher.pacer.rate == FIRINGS_PER_SECOND
