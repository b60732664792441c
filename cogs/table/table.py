"""The table (DESIGN §5): the wiring of the bot's side of every game. It makes the parts —
where a change is committed and told (:mod:`~cogs.table.teller`, the master behind it), how each
kind of change is shown (:mod:`~cogs.table.shows`, planned in ``cogs/table/plan/``), the transport
that talks to Discord (``cogs/table/transport/``), which game a command means
(:mod:`~cogs.table.finder`), whose language (:mod:`~cogs.table.locales`) — and the features made of
them (acting, lobbies and their messages, rematches, turn pages, the clocks with the absent
players and the timeouts, ratings; the /game cog adds takebacks, resignations, cancellations and
replays). Games plug in through their :class:`~cogs.table.ui.GameUI`, registered in
``cogs/games.py``.

A committed action is never reported as failed: once the store has the action, every later
failure (an image, the thread, a DM) is logged once and worked around, and the actor is told what
was done and what could not be shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from cogs import games
from cogs.leagues import game_causes
from cogs.leagues.running import LeagueRunner
from cogs.leagues.telling import LeagueTeller
from cogs.table.absence import Absence
from cogs.table.acting import Acting
from cogs.table.buttons import Router
from cogs.table.clocks import Clocks
from cogs.table.core.master import Master
from cogs.table.finder import Finder
from cogs.table.lobby import Lobbies
from cogs.table.lobby_messages import LobbyMessages
from cogs.table.locales import Locales
from cogs.table.parts import Parts
from cogs.table.ratings import Ratings
from cogs.table.rematch import Rematches
from cogs.table.shows import Shows
from cogs.table.teller import Teller
from cogs.table.thinking import Thinking
from cogs.table.timeouts import Timeouts
from cogs.table.transport.channels import Transport
from cogs.table.transport.names import Names
from cogs.table.transport.sending import Sender
from cogs.table.turn_pages import TurnPages
from cogs.table.workers import Workers
from db.base import Store
from db.records import Shards
from db.time_source import Clock

log = logging.getLogger("deskovka.table")


class Table:
    """The bot's side of every game: its parts and features, made once per bot."""

    def __init__(
        self,
        bot: discord.Client,
        store: Callable[[], Store],
        clock: Clock,
        *,
        render_processes: int = 0,
        think_processes: int = 0,
        computer_pause: float = 0.0,
        shards: Shards | None = None,
    ) -> None:
        """``shards``: the Discord shards this process serves; its catch-up tells only their games'
        changes (None: every game's). ``render_processes``, ``think_processes``: the workers that
        draw the images and those where the computers think (0: a thread of this process).
        ``computer_pause``: seconds before the table's decisions are told (0: at once)."""
        self.bot = bot
        self.shards = shards
        self._store = store
        self.clock = clock
        self.router = Router()
        renderer = Workers(render_processes, games.worker_modules())
        names = Names(bot, clock)
        self.locales = Locales(store)
        self.locales.seen.append(names.saw)
        self.finder = Finder(store, self.locales)
        self.transport = Transport(bot, store, names, renderer)
        self.sender = Sender(self.transport, store)
        self.shows = Shows(store, self.locales, self.transport, self.sender)
        self.thinking = Thinking(think_processes, games.worker_modules())
        master = Master(store, games.auto_player, self.thinking.decide, games.has_computer)
        self.teller = Teller(master, store, self.shows, shards=shards)
        self.parts = Parts(
            bot,
            store,
            clock,
            self.router,
            self.locales,
            self.finder,
            self.transport,
            self.sender,
            self.shows,
            self.teller,
        )
        self.acting = Acting(self.finder, self.teller, self.transport, self.router)
        self.lobby_messages = LobbyMessages(self.parts)
        self.lobbies = Lobbies(self.parts, self.lobby_messages)
        self.rematches = Rematches(self.parts, self.lobby_messages)
        self.pages = TurnPages(store, self.transport, self.shows)
        self.absence = Absence(self.parts, computer_pause)
        self.timeouts = Timeouts(self.parts, self.absence)
        self.clocks = Clocks(self.parts, self.absence, self.timeouts)
        self.ratings = Ratings(self.parts)
        self.leagues = LeagueRunner(
            store,
            clock,
            self.teller.commit,
            self.teller.follow,
            LeagueTeller(self.parts),
            shards=shards,
            game_options=games.table_options,
        )
        game_causes.register(self.shows)
        self.teller.listeners.add(self.leagues.on_change)
        self.teller.move_league = self.leagues.move
        self.teller.caught_up.append(self.leagues.caught_up)

    @property
    def store(self) -> Store:
        return self._store()

    def close(self) -> None:
        self.transport.renderer.close()
        self.thinking.close()
