"""Issue 44 §2: a text that names a command names it as the reader's Discord app lists it — in Czech
``/hra ruka``, never ``/game hand`` — taking the name (and its options' and choices' names) from the
same table the command tree is localized with (``cogs/texts/commands/``), never a copy. Every text
of every language names commands only through the placeholders ``{cmd_…}``, ``{opt_…}`` and
``{choice_…}``, and each placeholder names a command, option or choice the bot really has."""

from __future__ import annotations

import re
import string
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from discord import app_commands

from bot import Deskovka, Settings
from cogs.games import registered
from cogs.texts import TABLES, t, template
from cogs.texts.commands import command_name, named_words

GROUPS = "|".join(["game", "help", "hra", "nápověda", *(k.name for k in registered())])
SLASH = re.compile(rf"(?<![\w/<.:])/({GROUPS})\b")
"""A command typed out in a text (``/game hand``) instead of named by a placeholder."""


class Blank(dict[str, str]):
    """A template's own parameters, each shown as ``X`` (a test renders every text without them)."""

    def __missing__(self, key: str) -> str:
        return "X"


def rendered(key: str, locale: str) -> str:
    text = template(key, locale)
    return string.Formatter().vformat(text, (), Blank(named_words(text, locale)))


def placeholders(text: str) -> Iterator[str]:
    for _, name, _, _ in string.Formatter().parse(text):
        if name and name.startswith(("cmd_", "opt_", "choice_")):
            yield name


@pytest.fixture
async def tree(tmp_path: Path) -> AsyncIterator[app_commands.CommandTree[Deskovka]]:
    """The bot's whole command tree (every cog loaded, not connected)."""
    bot = Deskovka(Settings(token="x", database_path=tmp_path / "x.db", dev_guild_id=None, log_level="INFO"))
    for cog in bot._cogs:
        if not cog.startswith("tests."):
            await bot.load_extension(cog)
    yield bot.tree


def test_no_text_types_out_a_command() -> None:
    typed_out = {
        (locale, key): SLASH.findall(text)
        for locale, table in TABLES.items()
        for key, text in table.items()
        if SLASH.search(text)
    }
    assert typed_out == {}


def test_the_checks_see_a_typed_command() -> None:
    assert SLASH.findall("use `/game hand` or `/hra ruka`") == ["game", "hra"]
    assert not SLASH.search("https://discord.com/channels/1/2 · <#12> · `{cmd_game_hand}`")


async def test_every_named_command_option_and_choice_exists(tree: app_commands.CommandTree[Deskovka]) -> None:
    commands = {c.qualified_name: c for c in tree.walk_commands()}
    options = {
        (name, p.display_name): p
        for name, c in commands.items()
        if isinstance(c, app_commands.Command)
        for p in c.parameters
    }
    choices = {choice.name for p in options.values() for choice in p.choices}
    unknown = set()
    for table in TABLES.values():
        for text in table.values():
            for name in placeholders(text):
                kind, _, rest = name.partition("_")
                if kind == "cmd" and rest.replace("_", " ") not in commands:
                    unknown.add(name)
                elif kind == "opt":
                    command, _, option = rest.partition("__")
                    if (command.replace("_", " "), option) not in options:
                        unknown.add(name)
                elif kind == "choice" and rest not in choices:
                    unknown.add(name)
    assert unknown == set()
    assert sum(1 for table in TABLES.values() for text in table.values() if "{cmd_" in text) > 40


async def test_no_czech_text_names_an_english_command(tree: app_commands.CommandTree[Deskovka]) -> None:
    english = {
        f"/{c.qualified_name}"
        for c in tree.walk_commands()
        if command_name(c.qualified_name, "cs") != f"/{c.qualified_name}"
    }
    assert "/game hand" in english and "/stratego setup" in english
    found = {
        key: sorted(e for e in english if re.search(re.escape(e) + r"(?![\w-])", rendered(key, "cs")))
        for key in TABLES["cs"]
    }
    assert {k: v for k, v in found.items() if v} == {}


def test_texts_name_commands_as_each_language_lists_them() -> None:
    assert "`/hra ruka`" in t("dm_failed_private", "cs", user="X", button="X")
    assert "`/game hand`" in t("dm_failed_private", "en", user="X", button="X")
    assert "`/hra seznam stránka:3`" in t("list.page", "cs", page=2, pages=3, next=3)
    assert "`/stratego rozestavění kód:` / `předloha:` / `náhodně:`" in t("sg.setup_dm", "cs", game=1, colour="X")
    assert "`/hra upozornění jak:zmínka ve vlákně`" in t("dm_failed", "cs", user="X")
    walkthrough = t("walk.stratego", "cs")
    assert "`/hra ruka`" in walkthrough and "`/stratego prohodit`" in walkthrough
