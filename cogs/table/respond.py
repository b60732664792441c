"""Answering interactions (DESIGN §5): every interaction gets an answer, every error becomes plain
words in the caller's language, and no answer breaks Discord's limits."""

from __future__ import annotations

import asyncio
import enum
import io
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast, overload

import discord
from discord import app_commands

from cogs.table.rule_words import describe
from cogs.table.ui import FileSpec
from cogs.texts import DEFAULT_LOCALE, player_locale, shorten, t
from db.errors import GameNotFound, StaleVersion, StoreBusy, StoreError, WrongStatus
from db.records import UserPrefs, computer_level
from rules.errors import RuleError

log = logging.getLogger("deskovka.cogs")

CONTENT_LIMIT = 2000
NO_PINGS = discord.AllowedMentions.none()


class Refusal(Exception):
    """A request we turn down with a message; nothing was changed."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def pings(user_ids: list[int] | tuple[int, ...] | set[int]) -> discord.AllowedMentions:
    """Allowed mentions that notify exactly these users (names elsewhere in the text stay silent);
    a computer (issue 46) is nobody to notify."""
    people = sorted(u for u in set(user_ids) if computer_level(u) is None)
    return discord.AllowedMentions(users=[discord.Object(u) for u in people], roles=False, everyone=False)


def files(specs: list[FileSpec] | None) -> list[discord.File]:
    return [discord.File(io.BytesIO(s.data), filename=s.name) for s in specs or []]


def text_file(text: str, name: str) -> FileSpec:
    return FileSpec(text.encode(), name)


@overload
def fit(text: str, limit: int = ...) -> str: ...
@overload
def fit(text: None, limit: int = ...) -> None: ...
def fit(text: str | None, limit: int = CONTENT_LIMIT) -> str | None:
    """Discord's 2,000 characters: a longer text is cut at a line break with an ellipsis."""
    if text is None or len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit - 2)
    cut = cut if cut > limit // 2 else limit - 2
    return text[:cut] + "\n…"


class Answer(enum.Enum):
    """How an interaction was first answered after its commit; the follow-ups depend on it."""

    ACKED = "acked"
    """The command's own ephemeral words."""
    PUBLIC = "public"
    """Deferred in the game's thread or channel: the news becomes the public answer."""
    ELSEWHERE = "elsewhere"
    """Deferred ephemerally (made outside the game's thread): confirmed with a private word."""
    LOST = "lost"
    """The acknowledgement failed."""
    PAGE = "page"
    """The pressed turn page was edited (turn pages, :mod:`cogs.table.turn_pages`)."""


@dataclass(slots=True)
class Answering:
    """What the bot has done about one interaction so far, kept with it from the first response
    to the last follow-up (see :func:`answering`)."""

    answer: Answer | None = None
    committed: bool = False
    """A change was committed for it: an error after this must not say nothing happened."""
    deadline: asyncio.TimerHandle | None = None
    """The acknowledgement :func:`acknowledge_by` keeps ready, should the answer come late."""
    acknowledging: asyncio.Task[None] | None = None
    """That acknowledgement, once its time came."""


def answering(interaction: discord.Interaction) -> Answering:
    """The interaction's :class:`Answering`, made on first use (kept in ``interaction.extras``)."""
    state = interaction.extras.get("answering")
    if not isinstance(state, Answering):
        state = interaction.extras["answering"] = Answering()
    return state


ANSWER_WITHIN = 1.5
"""Seconds from an interaction's creation after which an unanswered one is acknowledged
(deferred) while its work goes on: Discord drops an interaction not answered within 3 s."""


NEWS_WITHIN = 0.5
""":data:`ANSWER_WITHIN` for a decision whose news is its answer (``Table.play``): a player who
pressed waits at most this long for a first sign, and a burst of decisions is acknowledged well
within Discord's 3 s while the images are still being drawn."""


def acknowledge_by(
    interaction: discord.Interaction, acknowledge: Callable[[], Awaitable[None]], within: float | None = None
) -> None:
    """Acknowledge ``interaction`` with ``acknowledge()`` (a defer) only if it is still unanswered
    ``within`` seconds after Discord created it. A quick answer is then the first and only
    response: one request and one round trip fewer than deferring first. Whatever answers it
    afterwards calls :func:`settled` first. ``within``: :data:`ANSWER_WITHIN` unless given."""
    state = answering(interaction)
    if state.deadline is not None or state.acknowledging is not None:
        return
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()

    def due() -> None:
        state.deadline = None
        # A bot closed meanwhile (stopped, or restarting) has no session left to answer with: the
        # request would raise, in a task nobody awaits.
        if not interaction.response.is_done() and not interaction.client.is_closed():
            state.acknowledging = asyncio.ensure_future(acknowledge())

    limit = ANSWER_WITHIN if within is None else within
    state.deadline = asyncio.get_running_loop().call_later(max(0.0, limit - age), due)


async def settled(interaction: discord.Interaction) -> None:
    """No acknowledgement of :func:`acknowledge_by` is pending or on its way any more, so
    ``interaction.response.is_done()`` tells whether it was answered (and two answers never race)."""
    state = answering(interaction)
    if state.deadline is not None:
        state.deadline.cancel()
        state.deadline = None
    if state.acknowledging is not None:
        await asyncio.shield(state.acknowledging)


def locale_of(interaction: discord.Interaction) -> str:
    """The caller's locale as the table set it for this interaction (English by default)."""
    return interaction.extras.get("locale") or DEFAULT_LOCALE


def client_locale(interaction: discord.Interaction) -> str | None:
    """The locale the caller's Discord app sent with the interaction (``cs``, ``en-US``)."""
    value = getattr(interaction, "locale", None)
    return value.value if isinstance(value, discord.Locale) else None


def server_locale(interaction: discord.Interaction) -> str | None:
    """The server's preferred locale (its community setting), when the interaction has a server."""
    value = getattr(interaction, "guild_locale", None)
    return value.value if isinstance(value, discord.Locale) else None


def prefs_locale(prefs: UserPrefs) -> str:
    """The language of a player's DMs: the one they chose, else their client's last seen."""
    return player_locale(prefs.language, prefs.client_locale)


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    files: list[discord.File] | None = None,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Answer an interaction whether or not it was already answered or deferred."""
    kwargs: dict[str, Any] = {"content": fit(content), "ephemeral": ephemeral, "files": files or []}
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = allowed_mentions or NO_PINGS
    await settled(interaction)
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def error_text(error: BaseException, locale: str) -> str | None:
    """Plain words for an expected error, or ``None`` for a bug. Rule errors are worded by the
    table with the game's own words; here they get the generic ones."""
    if isinstance(error, Refusal):
        return error.text
    if isinstance(error, RuleError):
        return describe(error, locale)
    if isinstance(error, StoreBusy):
        return t("busy", locale)
    if isinstance(error, (StaleVersion, WrongStatus)):
        return t("stale_plain", locale)
    if isinstance(error, GameNotFound):
        return t("no_game", locale)
    return None


def where_it_failed(interaction: discord.Interaction) -> str:
    data: Mapping[str, object] = interaction.data or {}
    command = getattr(interaction.command, "qualified_name", None)
    return command or str(data.get("custom_id") or data.get("name") or "?")


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Every error ends in an ephemeral answer; unexpected ones are logged with the game id."""
    if isinstance(error, app_commands.CommandInvokeError) and error.original is not None:
        error = error.original
    locale = locale_of(interaction)
    text = error_text(error, locale)
    if text is None:
        log.error(
            "unexpected error in %s (game %s)",
            where_it_failed(interaction),
            getattr(error, "game_id", interaction.extras.get("game_id", "?")),
            exc_info=error,
        )
        text = t("made_but_not_shown" if answering(interaction).committed else "oops", locale)
    try:
        await reply(interaction, shorten(text, CONTENT_LIMIT), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s after an error", where_it_failed(interaction), exc_info=True)
    except Exception:
        log.exception("error while answering an error in %s", where_it_failed(interaction))


class LanguageSetter(Protocol):
    """Sets the caller's language on an interaction (:class:`cogs.table.locales.Locales`)."""

    async def set_locale(self, interaction: discord.Interaction) -> str: ...


class LocaleTable(Protocol):
    """What the command tree needs of the bot's table (:class:`cogs.table.table.Table`)."""

    @property
    def locales(self) -> LanguageSetter: ...


class _TreeHost(Protocol):
    @property
    def table(self) -> LocaleTable: ...


class Tree(app_commands.CommandTree):
    """Sets the caller's language on every interaction and routes every slash-command error to
    :func:`answer_error`. Its client is the bot (``bot.Deskovka``), which declares its ``table``."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            await cast(_TreeHost, interaction.client).table.locales.set_locale(interaction)
        except Exception:
            log.warning("no language for %s; using the default", interaction.user.id, exc_info=True)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run a component handler; any error becomes an ephemeral answer (components have no tree)."""
    try:
        await work()
    except Exception as exc:
        await answer_error(interaction, exc)


EXPECTED = (Refusal, StoreError, RuleError)
"""What an autocomplete may meet in normal use: refusals, store and rule errors."""


async def choices_or_nothing(
    interaction: discord.Interaction, work: Callable[[], Awaitable[list[app_commands.Choice[str]]]]
) -> list[app_commands.Choice[str]]:
    """Autocomplete never hides a bug: expected refusals give no choices, anything else is logged
    with the game id and gives none."""
    try:
        return (await work())[:25]
    except EXPECTED:
        return []
    except Exception:
        log.exception(
            "autocomplete failed in %s (game %s)", where_it_failed(interaction), interaction.extras.get("game_id", "?")
        )
        return []
