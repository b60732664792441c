"""Whose language and preferences (:class:`Locales`): a player's preferences, kept a few seconds
in memory; the language of an interaction's caller (chosen, else their Discord app's, kept for
later DMs); and who was seen using the bot, for those who want to know (the clocks, the names)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

import discord

from cogs.table.respond import client_locale, prefs_locale
from cogs.texts import player_locale
from db.base import Store
from db.errors import StoreError
from db.records import UserPrefs

log = logging.getLogger("deskovka.table")

PREFS_TTL = 30.0
"""Seconds a player's preferences are kept in memory: another process may change them (on
PostgreSQL it says so at once, :meth:`Locales.forget_prefs`; on SQLite this is how late it is seen)."""

Seen = Callable[[discord.Interaction], None]
"""Told of every interaction whose caller's language is set (its first use in a command)."""


class Locales:
    def __init__(self, store: Callable[[], Store]) -> None:
        self._store = store
        self.seen: list[Seen] = []
        self._prefs: dict[int, tuple[float, UserPrefs]] = {}
        """Preferences read within ``PREFS_TTL`` (a cache: a choice made through another process
        is forgotten at once when the store can tell, else shows here within that time; until then
        a DM may follow the older choice — harmless, and nothing about the game depends on it)."""
        self._prefs_forgotten = 0
        """How many times preferences were forgotten (a read begun before one is not kept)."""

    @property
    def store(self) -> Store:
        return self._store()

    async def prefs(self, user_id: int) -> UserPrefs:
        """A player's preferences, read at most every ``PREFS_TTL`` seconds: every interaction
        needs the language and every turn the notify choice, and the store is shared by all."""
        now = time.monotonic()
        cached = self._prefs.get(user_id)
        if cached is not None and now - cached[0] < PREFS_TTL:
            return cached[1]
        forgotten = self._prefs_forgotten
        prefs = await self.store.prefs.get(user_id)
        if forgotten == self._prefs_forgotten:  # (not a read from before a change heard meanwhile)
            self._prefs[user_id] = (now, prefs)
        return prefs

    async def prefs_of(self, users: Sequence[int]) -> dict[int, UserPrefs]:
        """The preferences of ``users`` (a plan's readers), each read once."""
        return {user: await self.prefs(user) for user in dict.fromkeys(users)}

    def forget_prefs(self, user_id: int | None) -> None:
        """Another process changed ``user_id``'s preferences (None: anyone's may have changed):
        the next read goes to the store (``Store.prefs.watch``)."""
        self._prefs_forgotten += 1
        if user_id is None:
            self._prefs.clear()
        else:
            self._prefs.pop(user_id, None)

    async def set_prefs(
        self,
        user_id: int,
        *,
        dms_enabled: bool | None = None,
        language: str | None = None,
        notify: str | None = None,
        client_locale: str | None = None,
    ) -> UserPrefs:
        """Change the given preferences (the store's ``prefs.set``: None leaves one as it is) and
        remember them."""
        changed = await self.store.prefs.set(
            user_id, dms_enabled=dms_enabled, language=language, notify=notify, client_locale=client_locale
        )
        return self.remember(changed)

    def remember(self, prefs: UserPrefs) -> UserPrefs:
        """Preferences just written (``/game notify``, a vacation): what the cache holds now."""
        self._prefs[prefs.user_id] = (time.monotonic(), prefs)
        return prefs

    async def user_locale(self, user_id: int) -> str:
        """The language of a player's DMs: chosen with ``/game language``, else (``auto``) the
        one their Discord app sent last."""
        return prefs_locale(await self.prefs(user_id))

    async def set_locale(self, interaction: discord.Interaction) -> str:
        """Remember the caller's language on the interaction (``respond.locale_of`` reads it): the
        one they chose, else the one their Discord app sends now — which is kept for the DMs sent
        later (written only when it changed)."""
        if "locale" not in interaction.extras:
            user = interaction.user.id
            prefs = await self.prefs(user)
            client = client_locale(interaction)
            interaction.extras["locale"] = player_locale(prefs.language, client or prefs.client_locale)
            if client is not None and client != prefs.client_locale:
                await self.remember_client(user, client)
            for seen in self.seen:
                seen(interaction)
        locale: str = interaction.extras["locale"]  # discord.py types ``extras`` as dict[Any, Any]
        return locale

    async def relocale(self, interaction: discord.Interaction) -> str:
        """The caller's language again, after they changed it (``/game language``)."""
        interaction.extras.pop("locale", None)
        return await self.set_locale(interaction)

    async def remember_client(self, user_id: int, locale: str) -> None:
        """Keep the client's locale for later DMs; a store that cannot take it now costs nothing
        but a DM in the older language (it is written again on the next interaction)."""
        try:
            await self.set_prefs(user_id, client_locale=locale)
        except StoreError:
            log.warning("client locale of %s not remembered", user_id, exc_info=True)
