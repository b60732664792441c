"""Persistent buttons (DESIGN §5): one DynamicItem whose custom id ``dk:{game}:{version}:{verb}``
carries everything needed, so a button works after any number of restarts and no game state
lives in a View. Cogs register a handler per verb."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.common import guarded

Handler = Callable[[discord.Interaction, int, int], Awaitable[None]]

HANDLERS: dict[str, Handler] = {}
"""verb -> handler(interaction, game_id, version). Filled by the cogs when they load."""

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def custom_id(game: int, version: int, verb: str) -> str:
    return f"dk:{game}:{version}:{verb}"


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dk:(?P<game>\d+):(?P<version>\d+):(?P<verb>[a-z_]+)"
):
    def __init__(self, game: int, version: int, verb: str, label: str = "", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(label=label or verb, style=STYLES[style], custom_id=custom_id(game, version, verb))
        )
        self.game, self.version, self.verb = game, version, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameButton:
        return cls(int(match["game"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = HANDLERS.get(self.verb)
        if handler is None:
            from cogs.texts import t

            await interaction.response.send_message(t("stale_plain"), ephemeral=True)
            return
        await guarded(interaction, lambda: handler(interaction, self.game, self.version))


def buttons(*specs: tuple[int, int, str, str, str]) -> discord.ui.View:
    """A View of GameButtons from (game, version, verb, label, style); never stored, never awaited."""
    view = discord.ui.View(timeout=None)
    for game, version, verb, label, style in specs:
        view.add_item(GameButton(game, version, verb, label, style))
    return view
