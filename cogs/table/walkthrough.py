"""The first-game walkthrough (issue 20 §4): the first time a player sits down to a game of a kind,
a short private explanation of how to read the board and what to press first — once per player
and kind (the store remembers it), in the player's language: as a private answer to the one who
started the game by a press, by DM to the others. ``/game rules`` shows it again.

Its words are the tables' ``walk.<kind>``; a game without them (the tests' toy game) has none."""

from __future__ import annotations

import logging

import discord

from cogs import games
from cogs.table.locales import Locales
from cogs.table.respond import locale_of, prefs_locale, reply
from cogs.table.transport.channels import Transport
from cogs.texts import has, t
from db.base import Store
from db.records import GameRecord

log = logging.getLogger("deskovka.walkthrough")


def text(kind: str, title: str, locale: str) -> str | None:
    """The walkthrough of ``kind`` in ``locale`` with its heading; None for a game without one."""
    key = f"walk.{kind}"
    if not has(key, locale):
        return None
    return "\n".join((t("walk_head", locale, title=title), t(key, locale), t("walk_again", locale)))


async def show_new(
    store: Store, locales: Locales, transport: Transport, rec: GameRecord, interaction: discord.Interaction | None
) -> None:
    """Each player of ``rec`` who never had the walkthrough of its kind gets it now: the presser of
    ``interaction`` privately, the others by DM (a DM that fails is tried again another time)."""
    ui = games.ui(rec.kind)
    if not has(f"walk.{rec.kind}"):
        return
    for user in dict.fromkeys(rec.people):
        if not await store.prefs.claim_walkthrough(user, rec.kind):
            continue
        if interaction is not None and interaction.user.id == user:
            locale = locale_of(interaction)
            words = text(rec.kind, ui.title(locale), locale)
            if words is not None:
                await reply(interaction, words, ephemeral=True)
            continue
        prefs = await locales.prefs(user)
        locale = prefs_locale(prefs)
        words = text(rec.kind, ui.title(locale), locale)
        if words is None or not prefs.dms_enabled or not await transport.dm(rec, user, words):
            await store.prefs.forget_walkthrough(user, rec.kind)
