"""Stroganov's discord.py extension, as its registration names it (``GameKind.cog``): loading it loads
the cog module (``cogs.extension``). A leaf: discord.py forgets an unloaded extension's submodules."""

from cogs.extension import cog_module

setup, teardown = cog_module("cogs.stroganov")
