"""A player's decision from an interaction (:class:`Acting`): which seat, the action committed
through the teller — rule errors answered in the game's words, nothing changed — and the actor's
answer (the news itself where the game is played, else a private word), plus a game's buttons
routed to their handlers and a player's own private view."""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs import games
from cogs.table import respond
from cogs.table.buttons import Press, Router, buttons
from cogs.table.core.change import Cause, Change
from cogs.table.core.commands import Act
from cogs.table.finder import ACTIVE, Finder
from cogs.table.respond import (
    Answer,
    Refusal,
    acknowledge_by,
    answering,
    fit,
    locale_of,
    reply,
    settled,
)
from cogs.table.respond import files as attachments
from cogs.table.shows import live_turn
from cogs.table.teller import Teller
from cogs.table.transport.channels import Transport
from cogs.texts import DEFAULT_LOCALE, t
from db.base import Store
from db.errors import WrongStatus
from db.records import ENDED, GameRecord
from rules.errors import RuleError

log = logging.getLogger("deskovka.table")


class Acting:
    def __init__(self, finder: Finder, teller: Teller, transport: Transport, router: Router) -> None:
        self.finder = finder
        self.teller = teller
        self.transport = transport
        self.router = router

    @property
    def store(self) -> Store:
        return self.teller.store

    async def act(
        self,
        rec: GameRecord,
        seat: int,
        action: Any,
        *,
        version: int | None = None,
        locale: str = DEFAULT_LOCALE,
        by_user: int | None = None,
        cause: Cause | None = None,
    ) -> Change:
        """Append one action through the core (commands retry a lost race; buttons carry their
        version). Rule errors come back as a :class:`Refusal` in the game's words; nothing changed.
        A seat its player resigned to a computer is the computer's (issue 46 §1): refused."""
        self.finder.refuse_resigned(rec, seat, locale)
        try:
            return await self.teller.commit(Act(rec.id, seat, action, version, by_user, cause, seen=rec))
        except RuleError as exc:
            current = await self.store.games.get(rec.id)
            state = current.load_state() if current.state_json is not None else None
            raise Refusal(self.finder.rule_words(current, exc, locale, state)) from exc
        except WrongStatus:
            current = await self.store.games.get(rec.id)
            self.finder.check_status(current, ACTIVE, locale)
            raise

    async def play(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        seat: int,
        action: Any,
        *,
        version: int | None = None,
        ack: str | None = None,
    ) -> Change:
        """Apply an action and tell the table. ``ack``: answer the actor privately with it and post
        the news in the thread; otherwise the news is the answer when acting in the game's thread."""
        locale = locale_of(interaction) if interaction is not None else DEFAULT_LOCALE
        by_user = interaction.user.id if interaction is not None else None
        change = await self.act(rec, seat, action, version=version, locale=locale, by_user=by_user)
        if interaction is None:
            await self.teller.tell(change, None)
            return change
        answering(interaction).committed = True
        # A turn page answers its decisions itself (cogs/table/turn_pages.py); a cog may have too.
        if not (live_turn(rec) or interaction.response.is_done()):
            if ack is not None:
                await self.acknowledge(interaction, rec, ack)
            else:
                self.answer_with_news(interaction, rec)
        await self.teller.tell(change, interaction)
        await settled(interaction)
        if not interaction.response.is_done():  # the telling found its news already shown
            await self.transport.followup(interaction, t("done", locale), ephemeral=True)
        return change

    def answer_with_news(self, interaction: discord.Interaction, rec: GameRecord) -> None:
        """The news of a decision is its answer — public in the game's thread, else a private
        word — sent by :meth:`publish` when the telling has it: one response instead of a defer
        and a follow-up. Deferred meanwhile if that takes :data:`respond.NEWS_WITHIN`."""
        answering(interaction).answer = (
            Answer.PUBLIC if self.transport.in_game_channel(interaction, rec) else Answer.ELSEWHERE
        )
        acknowledge_by(interaction, lambda: self.acknowledge(interaction, rec, None), respond.NEWS_WITHIN)

    async def acknowledge(self, interaction: discord.Interaction, rec: GameRecord, ack: str | None) -> None:
        """The first response: with ``ack``, those private words right after the commit; without,
        the defer :meth:`answer_with_news` keeps ready for news that comes late — public where
        the news is public, else private."""
        if interaction.response.is_done():
            return
        state = answering(interaction)
        try:
            if ack is not None:
                await interaction.response.send_message(ack, ephemeral=True)
                state.answer = Answer.ACKED
            else:
                await interaction.response.defer(ephemeral=state.answer is not Answer.PUBLIC, thinking=True)
        except discord.HTTPException:
            log.warning("game %s: could not acknowledge interaction", rec.id, exc_info=True)
            state.answer = Answer.LOST

    async def pressed(self, interaction: discord.Interaction, press: Press) -> None:
        """A button of a game: load it (from this server only) and run the handler of its verb."""
        locale = await self.finder.locales.set_locale(interaction)
        interaction.extras["game_id"] = press.game
        rec = await self.finder.get(interaction, press.game)
        handler = self.router.find(rec.kind, press.verb)
        if handler is None:
            raise Refusal(t("stale_plain", locale))
        if rec.status in ENDED and not self.router.after_end(press.verb):
            self.finder.check_status(rec, ("lobby", "active"), locale)
        await handler(interaction, rec, press)

    async def private_view(self, interaction: discord.Interaction, rec: GameRecord, head: str = "") -> None:
        """A player's own view, privately (``/game hand``, ``/game next`` and the private button)."""
        locale = locale_of(interaction)
        seat = self.finder.seat(rec, interaction.user.id, locale)
        self.finder.check_status(rec, ACTIVE, locale)
        ui = games.ui(rec.kind)
        if not ui.has_private:
            raise Refusal(t("no_private", locale, title=ui.title(locale)))
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        state = rec.load_state()
        private = await self.transport.private_images(rec, state, seat, locale)
        view = buttons(rec.id, ui.private_buttons(rec, state, seat, locale))
        text = t("hand_caption", locale, game=rec.id) + "\n" + ui.private_text(rec, state, seat, locale)
        text = f"{head}\n{text}" if head else text
        await reply(interaction, fit(text.strip()), ephemeral=True, files=attachments(private), view=view)
