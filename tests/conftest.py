"""Fixtures shared across test modules. The registered games are loaded first: their words come with
their registration (``cogs.games``), as in the bot and its render workers.

The tests are grouped by the layer they test (issue 45 §5): ``rules/`` (engines, automatic players,
notation, playouts), ``db/`` (the store, migrations, backends, the copy tool), ``table/`` (the
Discord side without the fake Discord: plan, listeners, words, commands, dispatcher), ``render/``
(images, golden images, fonts), ``e2e/`` (through the fake Discord, ``fakediscord/``), ``bench/``
(the benches, run as the benches are run) and ``project/`` (checks of the whole repository: the
import graph, the layering, the architecture page). What several folders share stays here at the
top (the toy game, the players and positions, the PostgreSQL starter, the store's fixtures)."""

from cogs import games  # noqa: F401

pytest_plugins = ["tests.postgres", "tests.db_fixtures"]
