"""What the table's helpers — the clocks, the lobbies, the turn pages — may ask of the table (issue
18 §2): they are handed a :class:`TableAPI`, not the table itself, so none of them imports the
table and the project's modules import one another without a cycle (tests/test_import_graph.py).
:class:`cogs.table.table.Table` implements it; a member is added here only when a helper needs it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, overload

import discord

from cogs.table.buttons import Router
from cogs.table.core.change import Change
from cogs.table.core.commands import Act, Cancel, Command, Finish, SetSeats, Start, TakeBack
from cogs.table.core.listeners import Listeners
from cogs.table.core.progress import Progress
from cogs.table.ui import FileSpec, GameUI
from db.base import Store
from db.records import GameRecord, UserPrefs


class TableAPI(Protocol):
    @property
    def bot(self) -> discord.Client: ...

    @property
    def store(self) -> Store: ...

    @overload
    async def commit(self, command: Act | Start | SetSeats | Cancel | Finish | TakeBack) -> Change: ...
    @overload
    async def commit(self, command: Command) -> Change | None: ...
    async def commit(self, command: Command) -> Change | None:
        """The one commit site: the master runs ``command``; the caller tells the change."""
        ...

    async def follow(self, commands: Sequence[Command]) -> None:
        """Run and tell the commands that follow a change, and theirs after them."""
        ...

    @property
    def listeners(self) -> Listeners: ...

    @property
    def router(self) -> Router: ...

    @property
    def closing(self) -> bool:
        """The bot is closing: start nothing new."""
        ...

    def busy(self) -> AbstractAsyncContextManager[None]:
        """Work a closing bot waits for."""
        ...

    def now(self) -> float:
        """The bot's clock."""
        ...

    def poke(self, when: float | None = None) -> None:
        """A timer may be due earlier than the dispatcher thought (at ``when``, if known)."""
        ...

    def ui(self, kind: str) -> GameUI: ...

    def game_locale(self, rec: GameRecord) -> str: ...

    def check_status(self, rec: GameRecord, statuses: tuple[str, ...], locale: str) -> None: ...

    def seat(self, rec: GameRecord, user_id: int, locale: str) -> int: ...

    def where(self, rec: GameRecord) -> str: ...

    def link(self, rec: GameRecord) -> str: ...

    def post_failed(self, rec: GameRecord, channel_id: int, exc: discord.HTTPException) -> None: ...

    def remember(self, prefs: UserPrefs) -> UserPrefs: ...

    async def prefs(self, user_id: int) -> UserPrefs: ...

    async def set_locale(self, interaction: discord.Interaction) -> str: ...

    async def game_of_thread(self, channel_id: int) -> int | None: ...

    async def public_images(self, rec: GameRecord, state: Any, locale: str) -> list[FileSpec]: ...

    async def post(
        self,
        rec: GameRecord,
        content: str | None = None,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        ping: set[int] | None = None,
        nonce: int | None = None,
    ) -> discord.Message | None: ...

    async def dm(
        self,
        rec: GameRecord,
        user_id: int,
        content: str,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        nonce: int | None = None,
    ) -> bool: ...

    async def edit_posted(
        self, rec: GameRecord, channel_id: int, message_id: int, text: str | None, view: discord.ui.View | None = None
    ) -> None: ...

    async def reach_elsewhere(self, rec: GameRecord, users: set[int]) -> None: ...

    async def play(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        seat: int,
        action: Any,
        *,
        version: int | None = None,
        ack: str | None = None,
    ) -> Change: ...

    async def start(
        self, interaction: discord.Interaction, rec: GameRecord, players: Sequence[int], accepted_by: int | None = None
    ) -> GameRecord: ...

    async def tell(
        self,
        change: Change,
        interaction: discord.Interaction | None = None,
        *,
        show: Callable[[Progress], Awaitable[None]] | None = None,
    ) -> None: ...

    async def tell_cancelled(self, rec: GameRecord) -> None:
        """A cancelled or expired game where its players look (the lobby message, the thread)."""
        ...

    async def tell_seats(
        self, rec: GameRecord, state: Any, change: Change, seats: list[int], progress: Progress
    ) -> set[int]: ...

    async def game_over(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        state: Any,
        change: Change,
        progress: Progress,
        *,
        events: bool = True,
    ) -> None: ...
