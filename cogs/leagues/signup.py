"""The sign-up post's **Join** / **Leave** buttons (issue 47 §1), persistent across restarts as the
lobby's are (DESIGN §5): one :class:`discord.ui.DynamicItem` whose custom id ``dkl:{league}:{verb}``
carries everything a press needs — no league state lives in a View — registered by the league cog
as it loads, so a button pressed after any number of restarts reaches the league's handler."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

import discord

from cogs.table.respond import guarded
from cogs.texts import t

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
