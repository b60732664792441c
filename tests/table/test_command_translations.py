"""Czech slash commands (issue 19 §4): every name, description and choice of every command has its
Czech form, and each keeps Discord's rules; other locales stay English; the sync digest sees a
changed translation."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import Deskovka, Settings
from cogs import games
from cogs.texts.commands import tables
from cogs.texts.translator import CommandTranslator, keys

COMMANDS = tables()["cs"]
"""The whole Czech table: the shared commands' and every registered game's (``Words.commands``)."""
NAME = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")


def toy_kinds() -> set[str]:
    """Games only tests register (the toy Count game): ``/game rules`` may offer them as choices
    when another test imported them first; they have no Czech name."""
    return {kind for kind, k in games.KINDS.items() if k.cog.__name__.startswith("tests.")}


class Recording(CommandTranslator):
    """The real translator, noting every string it was asked for and which had no Czech form."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, list[str]]] = []
        self.missing: list[str] = []

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        found = await super().translate(string, locale, context)
        if locale is discord.Locale.czech:
            self.asked.append((string.message, keys(context)))
            if found is None and string.message not in toy_kinds():
                self.missing.append(f"{keys(context) or context.location} ({string.message!r})")
        return found


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Deskovka]:
    """The bot's whole command tree (every cog loaded), not connected."""
    bot = Deskovka(Settings(token="x", database_path=tmp_path / "x.db", dev_guild_id=None, log_level="INFO"))
    for cog in bot._cogs:
        if not cog.startswith("tests."):  # the toy game a test may have registered has no Czech
            await bot.load_extension(cog)
    yield bot  # never logged in: nothing to close


async def payloads(bot: Deskovka, translator: app_commands.Translator) -> list[dict[str, Any]]:
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def check_names(items: list[dict[str, Any]], where: str, problems: list[str]) -> None:
    """Names of one level (a command's options or a group's subcommands): valid and unique in Czech."""
    seen: set[str] = set()
    for item in items:
        here = f"{where} {item['name']}".strip()
        name = (item.get("name_localizations") or {}).get("cs")
        if name is None:
            problems.append(f"{here}: no Czech name")
            name = item["name"]
        elif not NAME.match(name) or name != name.lower():
            problems.append(f"{here}: bad Czech name {name!r}")
        if name in seen:
            problems.append(f"{here}: Czech name {name!r} twice at one level")
        seen.add(name)
        text = (item.get("description_localizations") or {}).get("cs")
        if text is None or not 1 <= len(text) <= 100:
            problems.append(f"{here}: Czech description {text!r}")
        for choice in item.get("choices") or []:
            shown = (choice.get("name_localizations") or {}).get("cs")
            if choice["name"] in toy_kinds():
                continue
            if shown is None or not 1 <= len(shown) <= 100:
                problems.append(f"{here}: Czech choice name {shown!r} for {choice['name']!r}")
        if item.get("options"):
            check_names(item["options"], here, problems)


async def test_every_command_string_has_a_czech_form_within_discords_rules(bot: Deskovka) -> None:
    translator = Recording()
    commands = await payloads(bot, translator)
    assert translator.missing == [], "\n".join(translator.missing)
    problems: list[str] = []
    check_names(commands, "", problems)
    assert problems == [], "\n".join(problems)
    descriptions = [k for _, k in translator.asked if k and k[0].endswith(".description")]
    assert len(descriptions) > 90, "every command, group and option description is asked for"
    move = next(o for c in commands if c["name"] == "stratego" for o in c["options"] if o["name"] == "move")
    assert move["name_localizations"] == {"cs": "tah"}


async def test_every_czech_string_is_used(bot: Deskovka) -> None:
    """No stale key: each entry of the Czech table is some command's string."""
    translator = Recording()
    await payloads(bot, translator)
    used = {k for _, ks in translator.asked for k in ks}
    assert sorted(set(COMMANDS) - used) == []


async def test_other_locales_stay_english(bot: Deskovka) -> None:
    """Only Czech has a table: no other locale gets a localization, so English clients (and every
    other language) see the English commands."""
    assert set(tables()) == {"cs"}
    translator = CommandTranslator()
    for locale in (discord.Locale.american_english, discord.Locale.german):
        context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
        assert await translator.translate(app_commands.locale_str("game"), locale, context) is None

    def locales(item: dict[str, Any]) -> set[str]:
        found = set(item.get("name_localizations") or {}) | set(item.get("description_localizations") or {})
        for child in [*(item.get("options") or []), *(item.get("choices") or [])]:
            found |= locales(child)
        return found

    assert set().union(*(locales(c) for c in await payloads(bot, translator))) == {"cs"}


async def test_the_sync_digest_sees_a_changed_translation(bot: Deskovka) -> None:
    """bot.py syncs only a changed tree: the payload it digests carries the translations."""
    await bot.tree.set_translator(CommandTranslator())
    before = await bot.command_payload(None)
    await bot.tree.set_translator(CommandTranslator({"cs": {**COMMANDS, "stratego move.name": "táhni"}}))
    after = await bot.command_payload(None)
    assert before != after
    await bot.tree.set_translator(None)
    assert all(not c.get("name_localizations") for c in await bot.command_payload(None))
