"""Sending a planned telling (:class:`Sender`; the plan: ``cogs/table/plan/``): the seats' notices
side by side, the post in the thread (or as the interaction's answer), the DMs that follow it —
each step written down as it is made (``Progress``), so that the catch-up after a crash sends the
same plan and repeats none of what went out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord

from cogs.table import plan
from cogs.table.buttons import buttons
from cogs.table.core.progress import Progress
from cogs.table.core.record import record_json, record_name
from cogs.table.rendering import Drawing
from cogs.table.respond import text_file
from cogs.table.transport.channels import Transport
from cogs.table.ui import FileSpec
from db.base import Store
from db.records import GameRecord


class Sender:
    def __init__(self, transport: Transport, store: Callable[[], Store]) -> None:
        self.transport = transport
        self._store = store

    @property
    def store(self) -> Store:
        return self._store()

    async def send(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        state: Any,
        telling: plan.Telling,
        progress: Progress,
    ) -> discord.Message | None:
        """Send a planned telling: the seats' notices side by side (the public images drawn
        meanwhile, unless the post may prove shown already), the post — the interaction's answer
        when it was made where the game is — pinging who must act and got no DM, then the DMs that
        follow it. Each step is written down as it is made. Returns the post when it went out as
        a message of its own."""
        post = telling.post
        early = post is not None and post.images is not None and not post.unless_shown
        drawing = Drawing(self.draw(rec, state, post.images) if early and post and post.images else None)
        posted: discord.Message | None = None
        try:
            ping = await self.send_notices(rec, state, telling, progress)
            if post is not None and not (
                post.unless_shown and await self.transport.shown_before(rec, post.shown_version)
            ):
                if not early and post.images is not None:
                    drawing = Drawing(self.draw(rec, state, post.images))
                files = await drawing.files()
                if post.record:
                    files.append(text_file(record_json(rec, await self.store.games.actions(rec.id)), record_name(rec)))
                view = buttons(rec.id, list(post.components))
                posted = await self.transport.publish(
                    interaction, rec, post.text, files, view, set(post.ping) | ping, progress.nonce(post.step)
                )
                if post.mark:
                    await progress.mark(post.step)
        finally:
            drawing.cancel()
        await self.send_after(rec, state, telling, progress)
        return posted

    async def send_notices(self, rec: GameRecord, state: Any, telling: plan.Telling, progress: Progress) -> set[int]:
        """The notices of a plan, side by side (each one's images, DM and note of it wait for
        nothing of another's); the users the post must ping: those planned, and the seats that
        must act whose DM failed."""
        notices = [n for n in telling.notices if not (isinstance(n, plan.Ping) and n.made)]
        if len(notices) <= 1:  # the usual case: no task to make
            pinged = [await self.send_notice(rec, state, n, progress) for n in notices]
        else:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self.send_notice(rec, state, n, progress)) for n in notices]
            pinged = [task.result() for task in tasks]
        made = {n.user for n in telling.notices if isinstance(n, plan.Ping) and n.made}
        return made | {n.user for n, ping in zip(notices, pinged, strict=True) if ping}

    async def send_notice(self, rec: GameRecord, state: Any, notice: plan.Notice, progress: Progress) -> bool:
        """One notice sent and written down; whether the thread must ping its seat."""
        if isinstance(notice, plan.Ping):
            await progress.mark(notice.mark)
            return True
        sent = await self.send_dm(rec, state, notice, progress)
        pinged = notice.pinged or (notice.waiting and not sent)
        await progress.mark(f"ping:{notice.seat}" if pinged else notice.step)
        return pinged

    async def send_after(self, rec: GameRecord, state: Any, telling: plan.Telling, progress: Progress) -> None:
        """The DMs that follow a plan's post, in order, each written down once sent."""
        public: list[FileSpec] | None = None
        for dm in telling.after:
            if dm.images is not None and dm.images.seat is None:
                public = public if public is not None else await self.draw(rec, state, dm.images)
            await self.send_dm(rec, state, dm, progress, public)
            await progress.mark(dm.step)

    async def send_dm(
        self, rec: GameRecord, state: Any, dm: plan.Dm, progress: Progress, public: list[FileSpec] | None = None
    ) -> bool:
        """A planned DM with its images drawn (``public``: the public ones, drawn already)."""
        files: list[FileSpec] = []
        if dm.images is not None:
            files = public if public is not None and dm.images.seat is None else await self.draw(rec, state, dm.images)
        view = buttons(rec.id, list(dm.components))
        return await self.transport.dm(rec, dm.user, dm.text, files=files, view=view, nonce=progress.nonce(dm.step))

    async def draw(self, rec: GameRecord, state: Any, images: plan.Images) -> list[FileSpec]:
        """A plan's images: the public ones, or a seat's own, in the plan's language."""
        if images.seat is None:
            return await self.transport.public_images(rec, state, images.locale)
        return await self.transport.private_images(rec, state, images.seat, images.locale)
