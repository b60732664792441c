"""``/help`` (issue 20 §4): what Deskovka is, its games in a line each, how to start one, where a
player's private view is, leagues (issue 47), and every ``/game`` command — privately, in the player's language, as
one embed within Discord's limits. Command names are shown as the player's Discord app shows them
(the Czech ones from the command translator's table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.table import computer_levels
from cogs.texts import chunks, has, join_words, t
from cogs.texts.commands import command_description, command_name, typed

if TYPE_CHECKING:
    from bot import Deskovka

FIELD_LIMIT = 1024
"""Discord's limit on an embed field's value."""
COLOUR = discord.Colour(0x8B5A2B)


def game_commands(tree: app_commands.CommandTree[discord.Client], locale: str) -> list[str]:
    """Every ``/game`` subcommand, one line each: its name and what it does."""
    group = tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        return []
    return [
        f"{typed(c.qualified_name, locale)} — {command_description(c.qualified_name, c.description, locale)}"
        for c in sorted(group.commands, key=lambda c: c.name)
    ]


def help_embed(tree: app_commands.CommandTree[discord.Client], locale: str) -> discord.Embed:
    kinds = [k for k in sorted(games.KINDS) if has(f"help.game.{k}")]
    lines = [t(f"help.game.{k}", locale, new=typed(f"{k} new", locale)) for k in kinds]
    labels = [f"**{ui.private_label(locale)}**" for ui in (games.ui(k) for k in kinds) if ui.has_private]
    intro = t("help.intro", locale, language=command_name("game language", locale))
    embed = discord.Embed(title=t("help.title", locale), description=intro, colour=COLOUR)
    embed.add_field(name=t("help.games", locale), value="\n".join(lines) or "—", inline=False)
    embed.add_field(
        name=t("help.start_head", locale),
        value=t(
            "help.start",
            locale,
            new=typed("stratego new", locale),
            open=typed("game open", locale),
            rules=typed("game rules", locale),
            join=t("btn.join", locale),
        ),
        inline=False,
    )
    embed.add_field(
        name=t("help.private_head", locale),
        value=t(
            "help.private",
            locale,
            buttons=join_words(labels, locale),
            hand=typed("game hand", locale),
            notify=typed("game notify", locale),
        ),
        inline=False,
    )
    embed.add_field(
        name=t("help.leagues_head", locale),
        value=t(
            "help.leagues",
            locale,
            new=typed("league new", locale),
            standings=typed("league standings", locale),
            pairings=typed("league pairings", locale),
            info=typed("league info", locale),
        ),
        inline=False,
    )
    for i, value in enumerate(chunks(computer_levels.help_lines(locale), FIELD_LIMIT)):
        embed.add_field(name=t("help.computers_head", locale) if i == 0 else "\u200b", value=value, inline=False)
    for i, value in enumerate(chunks(game_commands(tree, locale), FIELD_LIMIT)):
        name = t("help.commands", locale, game=typed("game", locale)) if i == 0 else "\u200b"
        embed.add_field(name=name, value=value, inline=False)
    return embed


class HelpCog(commands.Cog):
    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Deskovka is and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        locale = await self.bot.table.locales.set_locale(interaction)
        embed = help_embed(self.bot.tree, locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: Deskovka) -> None:
    await bot.add_cog(HelpCog(bot))
