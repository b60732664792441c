"""What every cog shares: answering interactions, turning errors into plain words, finding the
game a command means, posting to a game's thread and sending DMs with the fallback (DESIGN §5)."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.texts import ERRORS_EN, describe, t
from db.errors import GameNotFound, StaleVersion, WrongStatus
from db.records import GameRecord
from rules.errors import NotYourTurn, RuleError

if TYPE_CHECKING:
    from bot import Deskovka

log = logging.getLogger("deskovka.cogs")

DM_CLOSED = 50007
ACTIVE = ("active",)


class Refusal(Exception):
    """A request we turn down with a message; nothing was changed."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode()), filename=name)


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    files: list[discord.File] | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction whether or not it was already answered or deferred."""
    kwargs: dict[str, Any] = {"content": content, "ephemeral": ephemeral, "files": files or []}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def error_text(error: BaseException) -> str | None:
    """Plain words for an expected error, or ``None`` for a bug."""
    if isinstance(error, Refusal):
        return error.text
    if isinstance(error, NotYourTurn) and error.code == "not_your_turn":
        return ERRORS_EN["not_your_turn.not_your_turn"].format(to_move="your opponent")
    if isinstance(error, RuleError):
        return describe(error)
    if isinstance(error, (StaleVersion, WrongStatus)):
        return t("stale_plain")
    if isinstance(error, GameNotFound):
        return t("no_game")
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Every error ends in an ephemeral answer; unexpected ones are logged with the game id."""
    if isinstance(error, (app_commands.CommandInvokeError,)) and error.original is not None:
        error = error.original
    text = error_text(error)
    if text is None:
        log.exception(
            "unexpected error in %s (game %s)",
            getattr(
                interaction.command, "qualified_name", interaction.data.get("custom_id") if interaction.data else "?"
            ),
            getattr(error, "game_id", "?"),
            exc_info=error,
        )
        text = t("oops")
    try:
        await reply(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer an interaction after an error", exc_info=True)


class Tree(app_commands.CommandTree):
    """Routes every slash-command error to :func:`answer_error`."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a button handler; any error becomes an ephemeral answer (buttons have no tree)."""
    try:
        await work()
    except Exception as exc:
        await answer_error(interaction, exc)


GAME_ID = re.compile(r"#?(\d+)")


class Table:
    """The bot's side of a game: where it is played, who sits where, and how to reach them."""

    def __init__(self, bot: Deskovka) -> None:
        self.bot = bot

    @property
    def store(self):  # type: ignore[no-untyped-def]
        return self.bot.store

    # -- which game? --------------------------------------------------------------------------

    async def resolve(
        self, interaction: discord.Interaction, game: str | None, *, statuses: tuple[str, ...] = ACTIVE
    ) -> GameRecord:
        """The game a command means: the ``game`` option; else the game of this thread; else the
        caller's only game in this channel (or, in DMs, the caller's only game)."""
        user = interaction.user.id
        if game:
            m = GAME_ID.fullmatch(game.strip())
            if not m:
                raise Refusal(t("no_game"))
            rec = await self.store.get(int(m.group(1)))
            if rec.status not in statuses:
                raise Refusal(t("not_active", game=rec.id, status=rec.status))
            return rec
        channel = interaction.channel_id
        if channel is not None:
            in_thread = await self.store.list_games(thread_id=channel, status=statuses)
            if in_thread:
                return await self.store.get(in_thread[0].id)
        mine = await self.store.list_games(user_id=user, status=statuses)
        if interaction.guild_id is not None:
            here = [g for g in mine if g.channel_id == channel or g.thread_id == channel]
        else:
            here = mine
        if len(here) == 1:
            return await self.store.get(here[0].id)
        if not here:
            raise Refusal(t("no_active_game"))
        raise Refusal(t("which_game", games=", ".join(f"#{g.id}" for g in here[:10])))

    @staticmethod
    def seat(rec: GameRecord, user_id: int) -> int:
        seat = rec.seat_of(user_id)
        if seat is None:
            raise Refusal(t("not_a_player", game=rec.id))
        return seat

    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete for the ``game`` option: the caller's active games, filtered by what was typed."""
        games = await self.store.list_games(user_id=interaction.user.id, status=ACTIVE)
        out = []
        for g in games:
            label = f"#{g.id} {g.kind}"
            if current.strip().lstrip("#") in str(g.id) or current.lower() in label.lower():
                out.append(app_commands.Choice(name=label, value=str(g.id)))
        return out[:25]

    # -- talking to the table -----------------------------------------------------------------

    def where(self, rec: GameRecord) -> str:
        return f"<#{rec.thread_id or rec.channel_id}>"

    def in_game_channel(self, interaction: discord.Interaction, rec: GameRecord) -> bool:
        return interaction.channel_id == (rec.thread_id or rec.channel_id)

    async def post(
        self,
        rec: GameRecord,
        content: str | None = None,
        *,
        files: list[discord.File] | None = None,
        view: discord.ui.View | None = None,
    ) -> discord.Message:
        channel = self.bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)
        kwargs: dict[str, Any] = {"content": content, "files": files or []}
        if view is not None:
            kwargs["view"] = view
        return await channel.send(**kwargs)

    async def dm(
        self,
        rec: GameRecord,
        user_id: int,
        content: str,
        *,
        files: list[discord.File] | None = None,
        view: discord.ui.View | None = None,
    ) -> bool:
        """Best effort: on a closed DM (50007) the game's thread says so once per player and game."""
        prefs = await self.store.get_prefs(user_id)
        if not prefs.dms_enabled:
            return False
        kwargs: dict[str, Any] = {"content": content, "files": files or []}
        if view is not None:
            kwargs["view"] = view
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                log.warning("DM to %s for game %s refused: %s", user_id, rec.id, exc)
            if await self.store.mark_dm_warned(rec.id, user_id):
                await self.post(rec, t("dm_failed", user=mention(user_id)))
            return False
        except discord.HTTPException:
            log.warning("DM to %s for game %s failed", user_id, rec.id, exc_info=True)
            return False
        return True
