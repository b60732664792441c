"""League players' display names (issue 47 §1: "names, never ids"), as the table knows them
(:meth:`cogs.table.transport.names.Names.member_name`: as each was last seen using the bot in the
league's server — pressing **Join** is enough — else the member cache or one REST call)."""

from __future__ import annotations

from collections.abc import Iterable

from cogs.table.transport.names import Names
from cogs.texts import t


class LeagueNames:
    def __init__(self, names: Names) -> None:
        self._names = names

    async def name(self, guild_id: int, user_id: int, locale: str) -> str:
        name = await self._names.member_name(guild_id, user_id)
        return t("league.unknown_player", locale, n=user_id % 10000) if name is None else name

    async def names(self, guild_id: int, users: Iterable[int], locale: str) -> dict[int, str]:
        return {user: await self.name(guild_id, user, locale) for user in dict.fromkeys(users)}
