"""The slash commands' translator (issue 19 §4): Discord's command sync asks it for every name,
description and choice of every command, per locale; it answers from the tables of
``cogs/texts/commands/`` (the same that name commands in the texts)."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands.translator import TranslationContextTypes

from cogs.texts.commands import tables

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)


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
