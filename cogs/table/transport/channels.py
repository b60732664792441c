"""Where a game's messages go (:class:`Transport`): its thread or channel, its players' DMs (with
the thread's word when a DM is closed), edits of what the bot posted, the thread's name and
archive, and the images drawn for them away from the event loop. A failure here is logged once and
worked around; it never undoes or repeats a committed change (every send of a telling carries its
nonce)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any, Final

import discord

from cogs import games
from cogs.table.buttons import custom_id
from cogs.table.plan import game_locale, where
from cogs.table.rendering import drawn_with_state
from cogs.table.respond import Answer, answering, fit, locale_of, pings, reply
from cogs.table.respond import files as attachments
from cogs.table.transport.names import Names
from cogs.table.ui import REMATCH, FileSpec, mention
from cogs.table.workers import Workers
from cogs.texts import DEFAULT_LOCALE, t
from db.base import Store
from db.json_text import dumps
from db.records import GameRecord, computer_level

log = logging.getLogger("deskovka.table")

DM_CLOSED = 50007
THREAD_ARCHIVE: Final = 10080
"""Minutes: the longest auto-archive duration Discord offers (7 days), the one games' threads use."""
SHOWN_LOOKBACK = 25
"""How many of the latest messages where a game is played the catch-up reads for news already shown
(a busy thread has its own game's posts; a game in a channel shares it)."""


class Transport:
    def __init__(self, bot: discord.Client, store: Callable[[], Store], names: Names, renderer: Workers) -> None:
        self.bot = bot
        self._store = store
        self.names = names
        self.renderer = renderer
        self._post_failures: set[tuple[int, int, int]] = set()
        self._dm_channels: dict[int, int] = {}
        """User → their DM channel with the bot (a cache: that channel is theirs for good, so it is
        never stale). discord.py keeps only the 128 latest DM channels, and opening one is a REST
        call of its own: once more than 128 players had DMs, every DM cost two calls."""

    @property
    def store(self) -> Store:
        return self._store()

    # -- the thread ---------------------------------------------------------------------------

    async def post(
        self,
        rec: GameRecord,
        content: str | None = None,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        ping: set[int] | None = None,
        nonce: int | None = None,
    ) -> discord.Message | None:
        """Post in the game's thread (or channel); ``None`` when Discord refused (logged once).
        ``nonce``: a step of telling a change — sent again after a crash, Discord answers with the
        message already made instead of a second one (``enforce_nonce``, a few minutes)."""
        target = rec.thread_id or rec.channel_id
        channel = self.bot.get_partial_messageable(target, guild_id=rec.guild_id)
        kwargs: dict[str, Any] = {
            "content": fit(content),
            "files": attachments(files),
            "allowed_mentions": pings(ping or ()),
        }
        if view is not None:
            kwargs["view"] = view
        if nonce is not None:
            kwargs["nonce"] = nonce
        try:
            return await channel.send(**kwargs)
        except discord.HTTPException as exc:
            self.post_failed(rec, target, exc)
            return None

    def post_failed(self, rec: GameRecord, channel_id: int, exc: discord.HTTPException) -> None:
        key = (rec.id, channel_id, exc.status)
        if key not in self._post_failures:
            self._post_failures.add(key)
            log.warning("game %s: cannot post in channel %s (%s %s): %s", rec.id, channel_id, exc.status, exc.code, exc)

    async def edit_posted(
        self, rec: GameRecord, channel_id: int, message_id: int, text: str | None, view: discord.ui.View | None = None
    ) -> None:
        """A message the bot posted about ``rec`` (a vote, a request, a proposal) says ``text`` now
        (``None``: what it said), with ``view`` or no buttons, notifying nobody; a failure is logged
        and let be."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=rec.guild_id)
        message = channel.get_partial_message(message_id)
        try:
            if text is None:
                await message.edit(view=view, allowed_mentions=pings(()))
            else:
                await message.edit(content=fit(text), view=view, allowed_mentions=pings(()))
        except discord.HTTPException as exc:
            log.info("game %s: message %s not edited (%s)", rec.id, message_id, exc)

    async def reach_elsewhere(self, rec: GameRecord, users: set[int]) -> None:
        """The thread is out of reach: players who must act and had no DM hear it in the channel."""
        if not users or rec.thread_id is None:
            return
        locale = game_locale(rec)
        text = t("turn_fallback", locale, who=" ".join(mention(u) for u in sorted(users)), game=rec.id)
        channel = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)
        try:
            await channel.send(fit(text), allowed_mentions=pings(users))
        except discord.HTTPException as exc:
            self.post_failed(rec, rec.channel_id, exc)

    async def shown_before(self, rec: GameRecord, version: int | None = None) -> bool:
        """Whether the news of ``version`` is already among the latest messages where the game is
        played: the bot's own message whose buttons carry that version (``None``: the game-over
        post, whose Rematch button is the game's only one of its kind). The catch-up asks before
        posting, because what a dead teller made may have no nonce to stop a repeat (the public
        answer to a command is an interaction's follow-up) or one that lapsed (Discord keeps a
        nonce a few minutes; a process may stay down longer). Unreadable history: ``False``."""
        me = self.bot.user
        channel = self.bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)
        if version is None:
            marks: tuple[str, ...] = (custom_id(rec.id, 0, REMATCH),)
        else:
            marks = (f"dk:{rec.id}:{version}:", f"dks:{rec.id}:{version}:")
        try:
            async for message in channel.history(limit=SHOWN_LOOKBACK):
                if me is None or message.author.id != me.id:
                    continue
                items = (c for row in message.components for c in getattr(row, "children", (row,)))
                ids = (getattr(c, "custom_id", None) or "" for c in items)
                if any(i.startswith(marks) for i in ids):
                    return True
        except discord.HTTPException:
            log.warning("game %s: could not read the latest messages", rec.id, exc_info=True)
        return False

    def lobby_message(self, rec: GameRecord) -> discord.PartialMessage | None:
        """A lobby's message in its channel (None: it was never posted)."""
        if rec.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)
        return channel.get_partial_message(rec.message_id)

    async def close_thread(self, rec: GameRecord, suffix: str) -> None:
        if rec.thread_id is None:
            return
        try:
            thread = self.bot.get_channel(rec.thread_id) or await self.bot.fetch_channel(rec.thread_id)
            name = getattr(thread, "name", f"#{rec.id}")
            await self.bot.http.edit_channel(rec.thread_id, name=f"{name} {suffix}"[:100], archived=True)
        except discord.HTTPException as exc:
            log.info("game %s: thread not renamed or archived (%s)", rec.id, exc)

    @staticmethod
    def in_game_channel(interaction: discord.Interaction, rec: GameRecord) -> bool:
        return interaction.channel_id == (rec.thread_id or rec.channel_id)

    async def create_thread(
        self, rec: GameRecord, message: discord.Message | discord.PartialMessage | None, name: str
    ) -> int | None:
        """A thread under ``message`` for the game (None: a thread of its own in the game's
        channel), archived after :data:`THREAD_ARCHIVE`; None when Discord refused (logged)."""
        try:
            if message is None:
                channel = self.bot.get_channel(rec.channel_id) or await self.bot.fetch_channel(rec.channel_id)
                if not isinstance(channel, discord.TextChannel):
                    return None
                made = await channel.create_thread(
                    name=name[:100], auto_archive_duration=THREAD_ARCHIVE, type=discord.ChannelType.public_thread
                )
                return made.id
            thread = await message.create_thread(name=name[:100], auto_archive_duration=THREAD_ARCHIVE)
        except discord.HTTPException as exc:
            log.info("game %s: no thread (%s); playing in the channel", rec.id, exc)
            return None
        return thread.id

    # -- answers and the news -----------------------------------------------------------------

    async def publish(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        content: str,
        public: list[FileSpec],
        view: discord.ui.View | None,
        ping: set[int],
        nonce: int | None = None,
    ) -> discord.Message | None:
        """The news in the thread — as the interaction's public answer when it was made there —
        and the actor's confirmation. When the thread cannot be reached the actor is told the
        action stands, and the players who must act are reached in the channel instead. Returns
        the news when it was posted as a message of its own."""
        locale = locale_of(interaction) if interaction is not None else DEFAULT_LOCALE
        answer = answering(interaction).answer if interaction is not None else None
        if not content and not public:
            if interaction is not None and answer in (Answer.PUBLIC, Answer.ELSEWHERE):
                await self.followup(interaction, t("done", locale), ephemeral=True)
            return None
        if (
            interaction is not None
            and answer is Answer.PUBLIC
            and await self.followup(
                interaction, content, files=public, view=view, allowed_mentions=pings(ping), ephemeral=False
            )
        ):
            return None
        posted = await self.post(rec, content, files=public, view=view, ping=ping, nonce=nonce)
        if posted is None:
            await self.reach_elsewhere(rec, ping)
        if interaction is None:
            return posted
        if posted is None:
            text = t("made_but_thread_failed", locale, where=where(rec))
        else:
            text = t("done_elsewhere", locale, where=where(rec))
        if answer in (Answer.ELSEWHERE, Answer.PUBLIC, Answer.LOST) or (answer is Answer.ACKED and posted is None):
            await self.followup(interaction, text, ephemeral=True)
        return posted

    async def followup(
        self,
        interaction: discord.Interaction,
        content: str,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        ephemeral: bool,
    ) -> bool:
        try:
            await reply(
                interaction,
                content,
                ephemeral=ephemeral,
                files=attachments(files),
                view=view,
                allowed_mentions=allowed_mentions,
            )
        except discord.HTTPException as exc:
            log.warning("could not answer interaction for game %s: %s", interaction.extras.get("game_id"), exc)
            return False
        return True

    # -- DMs ----------------------------------------------------------------------------------

    async def dm(
        self,
        rec: GameRecord,
        user_id: int,
        content: str,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        nonce: int | None = None,
    ) -> bool:
        """Best effort: on a closed DM (50007) the game's thread says so once per player and game. A
        computer (issue 46) reads no DM: none is sent."""
        if computer_level(user_id) is not None:
            return False
        kwargs: dict[str, Any] = {"content": fit(content), "files": attachments(files)}
        if view is not None:
            kwargs["view"] = view
        if nonce is not None:
            kwargs["nonce"] = nonce
        try:
            await (await self.dm_channel(user_id)).send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                log.warning("DM to %s for game %s refused: %s", user_id, rec.id, exc)
            if await self.store.prefs.mark_dm_warned(rec.id, user_id):
                ui = games.ui(rec.kind)
                key = "dm_failed_private" if ui.has_private else "dm_failed"
                label = ui.private_label(game_locale(rec)) if ui.has_private else ""
                await self.post(rec, t(key, game_locale(rec), user=mention(user_id), button=label), ping={user_id})
            return False
        except discord.HTTPException:
            log.warning("DM to %s for game %s failed", user_id, rec.id, exc_info=True)
            return False
        return True

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel, opened (a REST call) only the first time this process DMs them."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is not None:
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._dm_channels[user_id] = channel.id
        return channel

    # -- images -------------------------------------------------------------------------------

    async def render(self, fn: Callable[..., list[FileSpec]], *args: Any) -> list[FileSpec]:
        """Images are drawn away from the event loop (``cogs/table/rendering.py``: worker
        processes, or one thread), so the loop keeps answering interactions meanwhile.

        A game's drawing is ``fn(rec, state, …)`` (the UI protocol). To a worker process its state
        goes as JSON, in the record (the state drawn, which may be another version's: a replay's),
        instead of a pickled state object: on the event loop, the loop every interaction waits
        for, orjson writes it in a third to a half of the time pickling took (a Stratego game of
        300 plies 103 µs against 284, a Stroganov game 135 against 370); the worker reads it
        back in about the time unpickling took, more for a Stroganov state (docs/PERFORMANCE.md).
        A thread is given the objects themselves: nothing is pickled."""
        if self.renderer.processes and args and isinstance(args[0], GameRecord) and args[0].engine is not None:
            rec, state, *rest = args
            sent = dataclasses.replace(rec, state_json=dumps(rec.engine.dump(state)))
            return await self.renderer(drawn_with_state, fn, sent, *rest)
        return await self.renderer(fn, *args)

    async def public_images(self, rec: GameRecord, state: Any, locale: str) -> list[FileSpec]:
        """The game's public images in ``locale``, drawn away from the event loop."""
        return await self.render(games.ui(rec.kind).public_files, rec, state, await self.names.names(rec), locale)

    async def private_images(self, rec: GameRecord, state: Any, seat: int, locale: str) -> list[FileSpec]:
        """A seat's private images in ``locale`` (the player's), drawn away from the event loop."""
        return await self.render(
            games.ui(rec.kind).private_files, rec, state, seat, await self.names.names(rec), locale
        )
