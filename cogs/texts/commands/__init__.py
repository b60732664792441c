"""Slash commands in the player's language (issue 19 §4): an ``app_commands.Translator`` that
Discord's command sync asks for every name, description and choice of every command, per locale.

One table per language in this folder (``cs.py``: ``COMMANDS``), keyed by where the string is:

* a command or group by its qualified name: ``"stratego move.name"``, ``"game.description"``;
* an option: ``"stratego move:from.name"``, ``"stratego move:from.description"`` — or
  ``"*:game.name"`` for an option worded alike in every command (looked up second);
* a choice by its English name: ``"choice:classic"`` (discord.py gives a choice no parent).

A locale without a table, or a string without a key, stays English (the translator returns
``None``); the test ``tests/test_command_translations.py`` checks every Czech string is there and
keeps Discord's rules.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands.translator import TranslationContextTypes

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)


def tables() -> dict[str, Mapping[str, str]]:
    """Every language's command table, by Discord's locale code (``cs``), found by its file."""
    found: dict[str, Mapping[str, str]] = {}
    for module in pkgutil.iter_modules(__path__):
        found[module.name.replace("_", "-")] = importlib.import_module(f"{__name__}.{module.name}").COMMANDS
    return found


def keys(context: TranslationContextTypes) -> list[str]:
    """The keys a string may have in a table, most specific first (none for an unknown place)."""
    where, data = context.location, context.data
    what = "name" if where in NAMES else "description"
    if where in (Where.command_name, Where.command_description, Where.group_name, Where.group_description):
        return [f"{getattr(data, 'qualified_name', '')}.{what}"]
    if where in (Where.parameter_name, Where.parameter_description) and isinstance(data, app_commands.Parameter):
        option = data.display_name
        return [f"{data.command.qualified_name}:{option}.{what}", f"*:{option}.{what}"]
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        return [f"choice:{data.name}"]
    return []


class CommandTranslator(app_commands.Translator):
    """Installed by the bot's ``setup_hook`` (``tree.set_translator``) before the commands sync."""

    def __init__(self, by_locale: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.by_locale = tables() if by_locale is None else by_locale

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: TranslationContextTypes,
    ) -> str | None:
        table = self.by_locale.get(locale.value)
        if table is None:
            return None
        return next((table[k] for k in keys(context) if k in table), None)


@functools.cache
def _cached_tables() -> dict[str, Mapping[str, str]]:
    return tables()


def command_name(path: str, locale: str) -> str:
    """A slash command as a player's Discord app shows it: ``/game hand``, in Czech ``/hra ruka``
    (each word from its table, English where the table has none)."""
    table = _cached_tables().get(locale.replace("_", "-"), {})
    parts = path.split()
    return "/" + " ".join(table.get(" ".join(parts[: i + 1]) + ".name", part) for i, part in enumerate(parts))


def typed(path: str, locale: str) -> str:
    """:func:`command_name` as code in a message: `` `/game hand` ``."""
    return f"`{command_name(path, locale)}`"


def command_description(path: str, english: str, locale: str) -> str:
    """A command's description as a player's Discord app shows it (``english`` where untranslated)."""
    return _cached_tables().get(locale.replace("_", "-"), {}).get(f"{path}.description", english)


def option_name(command: str, option: str, locale: str) -> str:
    """An option of a command as a player's Discord app shows it (``page`` → ``stránka``)."""
    table = _cached_tables().get(locale.replace("_", "-"), {})
    return table.get(f"{command}:{option}.name") or table.get(f"*:{option}.name") or option
