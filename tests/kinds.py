"""The bot's games as the generic tests iterate them (issue 45 §4: a game is one registration): every
registered game (``cogs.games.registered``) but the tests' toy game, which registers when its cog
loads (``tests/e2e/count_cog.py``). A test over every game is parametrized by :data:`NAMES` and reads
everything of a game from its registration: its engine, its UI, its options and its random player
(``GameKind.bench``, ``cogs/<game>/workload.py``), so a new game adds no line to it.
``tests/project/test_games_by_registration.py`` keeps the generic tests and benches free of lists
of games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from cogs import games
from cogs.games import GameKind
from cogs.workload import Workload
from rules.protocol import PLAY_ON_OPTION


def bot_kinds() -> list[GameKind]:
    """The registered games of the bot, by name (the toy game left out)."""
    return [k for k in games.registered() if not k.cog.__name__.startswith("tests.")]


NAMES = [k.name for k in bot_kinds()]
"""The bot's games by name: what a test over every game is parametrized with."""


def plays_on() -> list[str]:
    """The games whose engine can play a resigned seat on (its ``PLAY_ON_OPTION``, issue 46 §1): the
    table hands such a seat to a computer in a game of three or more."""
    return [name for name in NAMES if any(o.name == PLAY_ON_OPTION for o in games.kind(name).engine.options)]


def workload(name: str) -> Workload[Any, Any, Any]:
    bench = games.kind(name).bench
    assert bench is not None, f"{name} registers no workload (cogs/{name}/workload.py)"
    return bench


def player_counts(name: str) -> range:
    """Every player count the game seats."""
    engine = games.kind(name).engine
    return range(engine.min_players, engine.max_players + 1)


def counts() -> list[tuple[str, int]]:
    """(name, players) for every game and every player count it seats: a parametrization."""
    return [(name, n) for name in NAMES for n in player_counts(name)]


def playout_options(name: str, players: int, seed: int) -> Mapping[str, Any] | None:
    """The options of the game's benchmark playouts of ``players`` (``Workload.playouts``), one a
    seed in turn: Stratego's with every rule, barrage and plain; None where it has none."""
    options = [p.options for p in workload(name).playouts if p.players == players]
    return options[seed % len(options)] if options else None


def random_decisions(name: str, state: Any, rnd: random.Random) -> Iterator[tuple[int, Any]]:
    """The game's random player's decisions (``Workload.random_player``) from ``state`` until the
    game ends: yields (seat, action), the caller applies it."""
    engine = games.kind(name).engine
    player = workload(name).random_player(engine, rnd)
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        yield seat, player(state, seat)
