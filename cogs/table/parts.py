"""The parts of the table a feature is made with (issue 45 §2): no feature holds the table, each
asks the part it needs — the teller to commit and tell a change, the transport to talk to Discord,
the finder for the game a command means, the locales for whose language. ``cogs/table/table.py``
makes them and the features."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord

from cogs.table.buttons import Router
from cogs.table.finder import Finder
from cogs.table.locales import Locales
from cogs.table.shows import Shows
from cogs.table.teller import Teller
from cogs.table.transport.channels import Transport
from cogs.table.transport.sending import Sender
from db.base import Store
from db.time_source import Clock


@dataclass(frozen=True, slots=True)
class Parts:
    bot: discord.Client
    stores: Callable[[], Store]
    """The store (a callable: the bot opens it after the table is made)."""
    clock: Clock
    router: Router
    locales: Locales
    finder: Finder
    transport: Transport
    sender: Sender
    shows: Shows
    teller: Teller

    @property
    def store(self) -> Store:
        return self.stores()

    def now(self) -> float:
        return self.clock()


class Part:
    """A feature made of the parts (the clocks' and others'): its store as it is now, the clock
    and the dispatcher's poke, each said once here."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    @property
    def store(self) -> Store:
        return self.parts.store

    def now(self) -> float:
        return self.parts.now()

    def poke(self, when: float | None = None) -> None:
        """Tell the dispatcher a timer may be earlier than it thought (``when``, if known)."""
        self.parts.teller.poke(when)
