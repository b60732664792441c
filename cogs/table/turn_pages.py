"""The table's side of turn pages (:mod:`cogs.table.plan.pages`): after each decision of a game told as one
message per turn, the current page is edited in place — as the answer to the button pressed on it
when it was pressed there — and a page that begins (a turn ended, a season began) is posted with
the board. The decision's buttons live on the current page, refreshed with the new version.

Pings do not notify in an edited message, so a player who starts waiting on a page that was only
edited is pinged by a short new message (or reached by DM, as they chose with ``/game notify``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

from cogs import games
from cogs.table import plan
from cogs.table.buttons import buttons
from cogs.table.core.change import Change
from cogs.table.core.progress import Progress
from cogs.table.plan.pages import Page, page_news
from cogs.table.rendering import Drawing
from cogs.table.respond import Answer, acknowledge_by, answering, fit, locale_of, pings, settled
from cogs.table.shows import Shows
from cogs.table.transport.channels import Transport
from cogs.table.ui import FileSpec, TurnPagesUI, mention
from cogs.texts import t
from db.base import Store
from db.records import GameRecord

log = logging.getLogger("deskovka.pages")

HOLD_TRIES, HOLD_WAIT = 50, 0.1
"""How long a telling waits for a page another process holds: 50 × 0.1 s."""


class PageHeld(Exception):
    """Another process kept the game's page past the wait."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id}: the turn page is held by another process")
        self.game_id = game_id


@dataclass
class Held:
    """A telling's hold on a game's page: ``saved`` once the page was saved, which let go of it."""

    saved: bool = False


class TurnPages:
    def __init__(self, store: Callable[[], Store], transport: Transport, shows: Shows) -> None:
        self._store = store
        self.transport = transport
        self.shows = shows
        self._locks: dict[int, asyncio.Lock] = {}
        shows.pages = self

    @property
    def store(self) -> Store:
        return self._store()

    def lock(self, game_id: int) -> asyncio.Lock:
        """This process's order of tellings on one game's page (the store's hold keeps other
        processes out, :meth:`hold`)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def hold(self, game_id: int) -> Page:
        """Take the game's page in the store and read it, waiting a little while another process
        tells a change on it (issue 18 §4); a page that stays held past the wait fails this telling,
        which the catch-up repeats once the hold has run out."""
        for _ in range(HOLD_TRIES):
            if (held := await self.store.pages.hold(game_id)) is not None:
                return Page.of(held)
            await asyncio.sleep(HOLD_WAIT)
        raise PageHeld(game_id)

    async def save(self, game_id: int, page: Page, told: int | None = None) -> None:
        """Keep ``page``, letting go of the hold; with ``told``, the change of that version is
        marked told in the same write."""
        await self.store.pages.save(game_id, page.stored(), told=told)

    async def started(self, rec: GameRecord, message: discord.Message | None, text: str) -> None:
        """The start post is the game's first page."""
        await self.save(
            rec.id, Page(message=message.id if message else None, lines=[text], fresh=False, version=rec.version)
        )

    def content(self, page: Page, prompts: list[str]) -> str:
        return fit("\n".join(x for x in [page.text(), *prompts] if x))

    async def announce(self, interaction: discord.Interaction | None, change: Change, progress: Progress) -> None:
        rec = change.record
        lock = self.lock(rec.id)
        if interaction is not None and not interaction.response.is_done():
            if lock.locked():
                await self.defer(interaction)  # an earlier decision is still being shown: answer now
            else:  # answered when told (confirm, or the page's edit), deferred only if that comes late
                acknowledge_by(interaction, lambda: self.defer(interaction))
        async with lock:
            page = await self.hold(rec.id)
            held = Held()
            try:
                await self._announce(interaction, change, progress, page, held)
            finally:
                if interaction is not None:
                    await settled(interaction)  # whatever answers it next does not race a late defer
                if not held.saved:  # a save let go of the page in its own transaction
                    await self.store.pages.release(rec.id)

    async def taken_back(self, change: Change, telling: plan.Telling, ping: set[int], progress: Progress) -> None:
        """A decision taken back (issue 20 §3): the game goes on from a new page, which the planned
        post starts (unless the catch-up finds it shown already)."""
        rec, post = change.record, telling.post
        if post is None or (post.unless_shown and await self.transport.shown_before(rec, post.shown_version)):
            return
        public = await self.transport.public_images(rec, change.state, plan.game_locale(rec))
        async with self.lock(rec.id):
            await self.hold(rec.id)
            posted = await self.transport.post(
                rec,
                fit(post.text),
                files=public,
                view=buttons(rec.id, list(post.components)),
                ping=ping,
                nonce=progress.nonce(post.step),
            )
            if posted is None:
                await self.transport.reach_elsewhere(rec, ping)
            line = post.text.split("\n", 1)[0]
            page = Page(message=posted.id if posted else None, lines=[line], fresh=False, version=change.version)
            await self.save(rec.id, page)

    async def defer(self, interaction: discord.Interaction) -> None:
        try:
            if self.on_builder(interaction):
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except (discord.HTTPException, discord.InteractionResponded):
            log.warning("could not acknowledge interaction for game %s", interaction.extras.get("game_id"))

    async def _announce(
        self, interaction: discord.Interaction | None, change: Change, progress: Progress, page: Page, held: Held
    ) -> None:
        """Tell ``change`` on the game's ``page``, which this process holds (``held``: whether the
        save, which lets go of it, was made). The save of a change that does not end the game also
        marks it told: one write instead of two."""
        rec = change.record
        ui = cast("TurnPagesUI[Any]", games.ui(rec.kind))  # pages tell only live_turn games
        locale, state = plan.game_locale(rec), change.state
        finished = change.finished
        if progress.made("post") or page.version >= change.version:  # told before a crash, all but the end
            if interaction is not None:  # (or by another telling meanwhile): the actor still hears it
                await self.confirm(interaction, rec, False)
            if finished:
                await self.shows.game_over(
                    interaction, await self.store.games.get(rec.id), state, change, progress, events=False
                )
            return
        planned = page_news(ui, change, page, locale)
        pages, first, current, prompts = planned.pages, planned.first, planned.current, planned.prompts
        live_view = buttons(rec.id, planned.components)
        first_prompts, first_view = (prompts, live_view) if first is current else ([], None)
        # A turn or a season ended: the new page shows the board, drawn while the rest is told.
        drawing = Drawing(
            self.transport.public_images(rec, state, locale) if current is not first and not finished else None
        )
        try:
            answered = await self.answer_on_page(interaction, first, self.content(first, first_prompts), first_view)
            waiting = list(change.newly_waiting)
            ping = set() if finished else await self.shows.tell_seats(rec, state, change, waiting, progress)
            shown = answered or not (first.changed or first is current) or first.message is None
            if not shown and not await self.edit(rec, first, self.content(first, first_prompts), first_view):
                first.message = None  # gone: show it again as a new message
            unshown = pages if first.message is None else pages[1:]
            posted_new, thread_failed = await self.post_pages(
                rec, unshown, current, prompts, live_view, ping, drawing, progress
            )
        finally:
            drawing.cancel()
        if ping and not posted_new and not finished:
            who = " ".join(mention(u) for u in sorted(ping))
            text = t("page_ping", locale, who=who, game=rec.id)
            if await self.transport.post(rec, text, ping=ping, nonce=progress.nonce("ping")) is None:
                thread_failed = True
        if thread_failed:
            await self.transport.reach_elsewhere(rec, ping)
        current.version = change.version
        told = None if finished else change.version  # the game-over follows the save: told after it
        await self.save(rec.id, current, told=told)
        held.saved = True
        if told is not None:
            progress.was_told()
        else:
            await progress.mark("post")
        if interaction is not None:
            await self.confirm(interaction, rec, thread_failed)
        if finished:
            await self.shows.game_over(
                interaction, await self.store.games.get(rec.id), state, change, progress, events=False
            )

    async def post_pages(
        self,
        rec: GameRecord,
        pages: list[Page],
        current: Page,
        prompts: list[str],
        view: discord.ui.View | None,
        ping: set[int],
        drawing: Drawing[FileSpec],
        progress: Progress,
    ) -> tuple[bool, bool]:
        """Post pages not shown yet; the current one with the prompts, the decisions and the
        public images being drawn (``drawing``, if any). Returns whether the current page was
        posted, and whether a post failed."""
        posted_current = failed = False
        for n, page in enumerate(pages):
            is_current = page is current
            files = await drawing.files() if is_current else []
            text = self.content(page, prompts if is_current else [])
            if not text and not files:
                continue  # nothing to show (a page with no news yet)
            message = await self.transport.post(
                rec,
                text,
                files=files,
                view=view if is_current else None,
                ping=ping if is_current else set(),
                nonce=progress.nonce(f"page:{n}"),
            )
            if message is None:
                failed = True
            else:
                page.message = message.id
                posted_current = posted_current or is_current
        return posted_current, failed

    async def answer_on_page(
        self, interaction: discord.Interaction | None, page: Page, content: str, view: discord.ui.View | None
    ) -> bool:
        """Answer a button pressed on ``page`` by editing the page: the fastest answer there is."""
        if interaction is None or not self.on_page(interaction, page):
            return False
        await settled(interaction)
        if interaction.response.is_done():
            return False
        try:
            await interaction.response.edit_message(content=content, view=view, allowed_mentions=pings(()))
        except discord.HTTPException:
            log.warning("game %s: page not edited by the interaction", interaction.extras.get("game_id"), exc_info=True)
            return False
        answering(interaction).answer = Answer.PAGE
        return True

    @staticmethod
    def on_builder(interaction: discord.Interaction) -> bool:
        """A component of a private (ephemeral) message, e.g. the fee picker: it is answered by
        closing it."""
        message = interaction.message
        return interaction.type == discord.InteractionType.component and message is not None and message.flags.ephemeral

    @staticmethod
    def on_page(interaction: discord.Interaction, page: Page) -> bool:
        return (
            page.message is not None
            and interaction.type == discord.InteractionType.component
            and interaction.message is not None
            and interaction.message.id == page.message
        )

    async def edit(self, rec: GameRecord, page: Page, content: str, view: discord.ui.View | None) -> bool:
        assert page.message is not None
        channel = self.transport.bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)
        kwargs: dict[str, Any] = {"content": content, "view": view, "allowed_mentions": pings(())}
        try:
            await channel.get_partial_message(page.message).edit(**kwargs)
        except discord.NotFound:
            return False
        except discord.HTTPException as exc:
            self.transport.post_failed(rec, rec.thread_id or rec.channel_id, exc)
        return True

    async def confirm(self, interaction: discord.Interaction, rec: GameRecord, thread_failed: bool) -> None:
        """The actor's answer when the page was not the answer (a command, a private builder)."""
        await settled(interaction)
        if answering(interaction).answer is Answer.PAGE and not thread_failed:
            return
        locale = locale_of(interaction)
        text = t("made_but_thread_failed" if thread_failed else "done_elsewhere", locale, where=plan.where(rec))
        try:
            if not interaction.response.is_done():
                if self.on_builder(interaction):  # closed, with the words in it
                    await interaction.response.edit_message(content=text, view=None)
                else:
                    await interaction.response.send_message(text, ephemeral=True)
            elif answering(interaction).answer is Answer.PAGE:
                await interaction.followup.send(text, ephemeral=True)
            elif self.on_builder(interaction):
                await interaction.edit_original_response(content=text, view=None)
            else:
                await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction for game %s", rec.id, exc_info=True)
