"""League players' display names (issue 47 §1: "names, never ids"), without the members intent: as
each was last seen using the bot in the league's server (pressing **Join** is enough), else the
member as Discord's cache or one REST call gives it. A cache: a stale name is harmless."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.texts import t
from db.time_source import Clock

NAME_TTL = 86400.0


class LeagueNames:
    def __init__(self, bot: discord.Client, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        self._names: dict[tuple[int, int], tuple[float, str]] = {}

    def saw(self, interaction: discord.Interaction) -> None:
        """The caller's name as their interaction shows it (``Locales.seen``)."""
        if interaction.guild_id is not None:
            self._names[(interaction.guild_id, interaction.user.id)] = (self.clock(), interaction.user.display_name)

    async def name(self, guild_id: int, user_id: int, locale: str) -> str:
        seen = self._names.get((guild_id, user_id))
        if seen is not None and self.clock() - seen[0] < NAME_TTL:
            return seen[1]
        guild = self.bot.get_guild(guild_id)
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        try:
            if guild is not None:
                name = (await guild.fetch_member(user_id)).display_name
            else:
                name = (await self.bot.fetch_user(user_id)).display_name
        except discord.HTTPException:
            return t("league.unknown_player", locale, n=user_id % 10000)
        self._names[(guild_id, user_id)] = (self.clock(), name)
        return name

    async def names(self, guild_id: int, users: Iterable[int], locale: str) -> dict[int, str]:
        return {user: await self.name(guild_id, user, locale) for user in dict.fromkeys(users)}
