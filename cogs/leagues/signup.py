"""The sign-up post's **Join** / **Leave** buttons (issue 47 §1), persistent across restarts as the
lobby's are (DESIGN §5): one :class:`discord.ui.DynamicItem` whose custom id ``dkl:{league}:{verb}``
carries everything a press needs — no league state lives in a View — registered by the league cog
as it loads, so a button pressed after any number of restarts reaches the league's handler."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

import discord

from cogs.leagues.describing import signup_text
from cogs.table.respond import guarded
from cogs.texts import t
from db.base import Store
from db.league_records import League
from rules.league.config import LeagueConfig

log = logging.getLogger("deskovka.leagues")
DEFAULT = "en"

VERBS = ("join", "leave")
TEMPLATE = r"dkl:(?P<league>\d{1,19}):(?P<verb>join|leave)"


class SignupHandler(Protocol):
    """What takes a press (the league cog)."""

    async def pressed(self, interaction: discord.Interaction, league_id: int, verb: str) -> None: ...


HANDLER_COG = "league"


def handler_of(interaction: discord.Interaction) -> SignupHandler:
    """The league cog of the bot that got the press (only that cog registers these items)."""
    cog = cast(Any, interaction.client).get_cog(HANDLER_COG)
    if cog is None:
        raise RuntimeError("the league cog is not loaded")
    return cast(SignupHandler, cog)


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, league_id: int, verb: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if verb == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=(label or verb)[:80], style=style, custom_id=f"dkl:{league_id}:{verb}")
        )
        self.league_id = league_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(int(match["league"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        press: Callable[[], Awaitable[None]] = lambda: handler_of(interaction).pressed(  # noqa: E731
            interaction, self.league_id, self.verb
        )
        await guarded(interaction, press)


def signup_view(league_id: int, locale: str) -> discord.ui.View:
    """**Join** and **Leave** in the post's language (never stored, never awaited)."""
    view = discord.ui.View(timeout=None)
    for verb in VERBS:
        view.add_item(SignupButton(league_id, verb, t(f"league.btn.{verb}", locale)))
    return view


async def signup_post(store: Store, league: League) -> tuple[str, discord.ui.View | None]:
    """The sign-up post's words and buttons as the league stands now (no buttons once it left sign-up)."""
    players = [p.user_id for p in await store.leagues.players(league.id)]
    locale = league.language or DEFAULT
    config = LeagueConfig.from_json(league.format)
    view = signup_view(league.id, locale) if league.status == "signup" else None
    return signup_text(league, config, players, locale), view


async def refresh_signup(bot: discord.Client, store: Store, league_id: int) -> None:
    """Edit the sign-up post to the league as stored (after a command changed it, or the league
    started); a post that is gone or cannot be edited is logged, never an error for the caller."""
    league = await store.leagues.get(league_id)
    if league.signup_message_id is None:
        return
    content, view = await signup_post(store, league)
    message = bot.get_partial_messageable(league.channel_id).get_partial_message(league.signup_message_id)
    try:
        await message.edit(content=content, view=view, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("the sign-up post of league %s could not be edited", league_id, exc_info=True)
