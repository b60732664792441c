"""Fixtures shared across test modules. The registered games are loaded first: their words come with
their registration (``cogs.games``), as in the bot and its render workers."""

from cogs import games  # noqa: F401

pytest_plugins = ["tests.postgres", "tests.db_fixtures"]
