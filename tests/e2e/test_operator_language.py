"""Issue 44 §6: the bot tells its operator why it cannot start — no token (the guide), a malformed
setting, a refused token, no network, a database it cannot open — in Czech when the operator's
locale is Czech (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG`` starting with ``cs``), in English
otherwise, from the same word tables as everything else (``cogs/texts/*/startup.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot
from bot import Settings, operator_locale, run, startup_problem
from cogs.texts import t
from db.errors import StoreUnavailable
from tests.fakediscord import FakeDiscord

CZECH = {"LANG": "cs_CZ.UTF-8"}


@pytest.mark.parametrize(
    ("env", "locale"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "cs_CZ.UTF-8"}, "cs"),
        ({"LANG": "cs"}, "cs"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "cs_CZ.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "cs_CZ.UTF-8"}, "cs"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "cs_CZ.UTF-8"}, "cs"),
        ({"LANG": "cs_CZ.UTF-8", "LC_ALL": ""}, "cs"),
    ],
)
def test_the_operators_language_is_read_from_the_locale_settings(env: dict[str, str], locale: str) -> None:
    assert operator_locale(env) == locale


def test_the_guide_to_a_token_in_czech_and_in_english() -> None:
    with pytest.raises(SystemExit) as czech:
        Settings.from_env(CZECH)
    with pytest.raises(SystemExit) as english:
        Settings.from_env({"LANG": "en_GB.UTF-8"})
    cs, en = str(czech.value.code), str(english.value.code)
    assert cs.startswith("Deskovka potřebuje token bota pro Discord") and "Vývojářský režim" in cs
    assert en.startswith("Deskovka needs a Discord bot token") and "Developer Mode" in en
    for both in ("DISCORD_TOKEN", ".env", "applications.commands", "Create Public Threads", "make run"):
        assert both in cs and both in en


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID musí být id serveru (jen číslice), ne 'abc'."),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL musí být DEBUG, INFO, WARNING nebo ERROR, ne 'LOUD'."),
        ({"RENDER_PROCESSES": "99"}, "RENDER_PROCESSES musí být celé číslo od 0 do 8, ne '99'."),
        ({"SHARD_IDS": "0"}, "SHARD_IDS ('0') potřebuje SHARD_COUNT"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT musí být celý počet shardů, 1 nebo víc, ne 'two'."),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "od 0 do 1 (SHARD_COUNT je 2), oddělená čárkami"),
        ({"DATABASE_URL": "mysql://u@h/db"}, "DATABASE_URL musí být prázdná"),
        ({"DATABASE_URL": "sqlite://x.db"}, "adresa sqlite potřebuje tři lomítka a cestu, ne 'sqlite://x.db'."),
        ({"DATABASE_URL": "postgresql://u:pw@h:port/db"}, "v adrese PostgreSQL je chyba"),
        ({"DATABASE_URL": "postgresql://u@h:5432"}, "adresa PostgreSQL neuvádí žádnou databázi."),
    ],
)
def test_malformed_settings_are_refused_in_czech(env: dict[str, str], says: str) -> None:
    with pytest.raises(SystemExit) as refused:
        Settings.from_env({"DISCORD_TOKEN": "t", **CZECH, **env})
    text = str(refused.value.code)
    assert says in text and "\n" not in text and "pw" not in text, text


@pytest.mark.parametrize(
    ("error", "cs", "en"),
    [
        (discord.LoginFailure(), "Discord odmítl token z DISCORD_TOKEN", "Discord refused the token in DISCORD_TOKEN"),
        (TimeoutError(), "Nelze se spojit s Discordem (vypršel čas)", "Cannot reach Discord (timed out)"),
        (
            ConnectionResetError(104, "Connection reset by peer"),
            "Nelze se spojit s Discordem (",
            "Cannot reach Discord (",
        ),
        (
            StoreUnavailable("postgresql://bot@db/x", "refused"),
            "Nelze otevřít databázi postgresql://bot@db/x",
            "Cannot open",
        ),
    ],
)
def test_problems_of_a_start_in_each_language(error: BaseException, cs: str, en: str) -> None:
    assert (startup_problem(error, "cs") or "").startswith(cs)
    assert (startup_problem(error, "en") or "").startswith(en)


async def test_a_refused_token_is_said_in_czech(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = Settings(token="wrong", database_path=tmp_path / "x.db", dev_guild_id=None, log_level="INFO")
    async with FakeDiscord():
        assert await run(settings, "cs") == 1
    assert capsys.readouterr().err == t("startup.token_refused", "cs") + "\n"


def test_make_run_without_a_token_explains_in_the_operators_language(tmp_path: Path) -> None:
    """The command ``make run`` runs, as an operator with a Czech locale and no token starts it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "DISCORD_"))}
    env |= {**CZECH, "DISCORD_TOKEN": ""}  # set (if empty): a developer's .env cannot fill it in
    done = subprocess.run(
        [sys.executable, bot.__file__], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Deskovka potřebuje token bota pro Discord"), done.stderr
