"""The players' display names as the images show them (:class:`Names`): without the members
intent, a name is the one last seen in an interaction of its server (a day at most), else one REST
call; a name the images' font cannot draw is left out."""

from __future__ import annotations

import discord

from cogs.table.plan import game_locale
from cogs.texts import computer_name, t
from db.records import GameRecord, computer_level, computer_number
from db.time_source import Clock
from render.font_coverage import drawable

NAME_TTL = 86400.0
"""A display name seen in an interaction is used for images this long before it is asked again."""


class Names:
    def __init__(self, bot: discord.Client, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        self._names: dict[tuple[int | None, int], tuple[float, str]] = {}
        """Display names by (server, user), with when they were seen (a cache: a stale name is
        harmless, and it spares a REST call per player and image)."""

    def saw(self, interaction: discord.Interaction) -> None:
        """The caller's name as their interaction shows it."""
        self._names[(interaction.guild_id, interaction.user.id)] = (self.clock(), interaction.user.display_name)

    async def display_name(self, rec: GameRecord, user_id: int) -> str:
        """A member's display name without the members intent: as they were last seen using the
        bot in this server (within a day), else one REST call."""
        level = computer_level(user_id)
        if level is not None:
            return computer_name(level, game_locale(rec), computer_number(user_id))
        name = await self.member_name(rec.guild_id, user_id)
        return t("unknown_player", game_locale(rec), n=user_id % 10000) if name is None else name

    async def member_name(self, guild_id: int | None, user_id: int) -> str | None:
        """A person's display name in a server without the members intent: as they were last seen
        using the bot there (within a day), else the member cache or one REST call; None when
        Discord does not say (a user it no longer knows)."""
        key = (guild_id, user_id)
        seen = self._names.get(key)
        if seen is not None and self.clock() - seen[0] < NAME_TTL:
            return seen[1]
        guild = self.bot.get_guild(guild_id) if guild_id else None
        member = guild.get_member(user_id) if guild else None
        if member is not None:
            return member.display_name
        try:
            if guild is not None:
                name = (await guild.fetch_member(user_id)).display_name
            else:
                name = (await self.bot.fetch_user(user_id)).display_name
        except discord.HTTPException:
            return None
        self._names[key] = (self.clock(), name)
        return name

    async def names(self, rec: GameRecord) -> tuple[str, ...]:
        """The players' display names by seat, for images (which cannot show a mention): without
        what the images' font cannot draw (an emoji would be a box), and "player 2" for a name left
        with nothing."""
        names = [drawable(await self.display_name(rec, user)) for user in rec.players]
        locale = game_locale(rec)
        return tuple(name or t("unknown_player", locale, n=seat + 1) for seat, name in enumerate(names))
