"""A game's discord.py extension (issue 45 §4): its registration holds the module itself
(``GameKind.cog``: ``cogs/<game>/extension.py``), and the bot loads it by the module's own name.
Loading it loads the game's cog module, which needs the table — and the table needs the registry
the game is registered in, so the registry refers to this light module, never to the cog module.
It is a leaf of its own: discord.py forgets every submodule of an extension it unloads (a package
as the extension would take the UI and words the registry holds with it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from discord.ext import commands


class Extension(Protocol):
    """A module discord.py loads as an extension: it has ``async def setup(bot)``."""

    __name__: str

    @property
    def setup(self) -> Callable[..., Awaitable[None]]: ...


Hook = Callable[["commands.Bot"], Awaitable[None]]


def cog_module(package: str, module: str = "cog") -> tuple[Hook, Hook]:
    """The ``setup`` and ``teardown`` of a game's package ``package``: they load and unload its
    cog module (``<package>.cog``), an extension of its own."""

    async def setup(bot: commands.Bot) -> None:
        await bot.load_extension(f"{package}.{module}")

    async def teardown(bot: commands.Bot) -> None:
        await bot.unload_extension(f"{package}.{module}")

    return setup, teardown
