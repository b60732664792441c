"""Where every change is committed and told (:class:`Teller`; DESIGN §5, issue 45 §1): the master
runs a command (one transaction, the version check, the retry loop) — the one commit site of the
Discord side — then the change is shown (:class:`~cogs.table.shows.Shows`), marked told, and the
listeners' follow-up commands run the same way, in order, never a telling inside a telling. The
catch-up tells what a dead process left untold, the same way."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import overload

import discord

from cogs.table.core.change import Change
from cogs.table.core.commands import (
    Act,
    AutoPlay,
    Cancel,
    Command,
    Finish,
    FollowUp,
    MoveLeague,
    Open,
    SetSeats,
    Start,
    TakeBack,
)
from cogs.table.core.listeners import Listeners
from cogs.table.core.master import Master
from cogs.table.core.progress import Progress
from cogs.table.respond import locale_of
from cogs.table.shows import Shows
from cogs.table.views_kept import views_kept
from cogs.table.workers import heap_trimmer
from cogs.texts import t
from db.base import Store
from db.errors import GameNotFound, StaleVersion, WrongStatus
from db.records import Shards
from rules.errors import RuleError

log = logging.getLogger("deskovka.table")

DRAIN_TIMEOUT = 10.0
"""Seconds a closing bot waits for the tellings in progress."""
GIVE_UP = 3
"""Tries at telling one change before the catch-up gives up on it (a bug, logged; never a loop)."""
FOLLOW_LIMIT = 200
"""Commands that follow one change at most (a bug must not loop). The table's own decisions
(``AutoPlay``) are not counted: each one that changes anything is a decision of a game, which its
rules end (Stroganov's fourth year, Stratego's move limit), and a game whose seats the table plays
all at once (a person's on vacation beside computers) needs more of them in a row than any limit
— it stalled after this many, until a restart."""


class Teller:
    def __init__(self, master: Master, store: Callable[[], Store], shows: Shows, *, shards: Shards | None) -> None:
        self.master = master
        self._store = store
        self.shows = shows
        self.shards = shards
        self.listeners = Listeners()
        self.committed: list[Callable[[Change], None]] = []
        """Told of every change as soon as it is committed (the clocks: a seat may start waiting)."""
        self.caught_up: list[Callable[[Shards | None], Awaitable[object]]] = []
        """Run once the start-up catch-up told everything (the automatic player resumed, ratings)."""
        self._trim_heap = heap_trimmer()
        """When the table goes quiet: the C heap's free memory back to the system (a burst of
        tellings frees megabytes of images and payloads that glibc otherwise keeps)."""
        self._telling: dict[int, int] = {}
        """Games this process is telling a change of right now (how many tellings): the catch-up
        leaves them alone, however long the telling takes."""
        self._busy = 0
        """Tellings and automatic players running now (a closing bot waits for them)."""
        self._quiet = asyncio.Event()
        self._quiet.set()
        self.closing = False
        """Set when the bot closes: the automatic player takes no further decision."""
        self.wake_timers: Callable[[float | None], None] | None = None
        """The dispatcher's poke, once the bot has one."""
        self.move_league: Callable[[MoveLeague], Awaitable[Sequence[Change | FollowUp]]] | None = None
        """The league runner's move (:class:`MoveLeague`, asked by its listener): the changes of
        games it made (to tell, in order) and what follows them (None: no leagues here)."""

    @property
    def store(self) -> Store:
        return self._store()

    def poke(self, when: float | None = None) -> None:
        """A timer may be due earlier than the dispatcher thought (at ``when``, if known)."""
        if self.wake_timers is not None:
            self.wake_timers(when)

    @overload
    async def commit(self, command: Open | Act | Start | SetSeats | Cancel | Finish | TakeBack) -> Change: ...

    @overload
    async def commit(self, command: Command) -> Change | None: ...

    async def commit(self, command: Command) -> Change | None:
        """Every change of a game the Discord side makes goes through here to the master (one
        transaction, the version check, the retry loop); the caller tells what comes back. An
        action may add a timer (the seat that starts waiting): the dispatcher hears when."""
        change = await self.master.run(command)
        if change is not None:
            for committed in self.committed:
                committed(change)
        return change

    async def follow(self, commands: Sequence[Change | FollowUp]) -> None:
        """Run the commands that follow a change (the listeners': the automatic player's decision,
        a rating), each through the master and told like any other, and theirs after them, in
        order, at most :data:`FOLLOW_LIMIT` besides the table's own decisions — a loop here, never
        a telling inside a telling. A league's move goes to the league runner (:attr:`move_league`),
        and the changes it made (a change here: committed already) are told in turn, then what
        follows them. A closing bot starts none (the catch-up at the next start resumes the
        automatic player and the leagues)."""
        await self._follow(commands, [])

    async def _follow(self, commands: Sequence[Change | FollowUp], told: list[Change]) -> None:
        """:meth:`follow`, then the thread of each change in ``told`` (and of those that followed)
        closed if it ended — last, so that what followed a change may still write in its thread
        (a rating's, a question's buttons taken away)."""
        queue = deque(commands)
        ran = 0
        async with self.busy():
            while queue and not self.closing:
                command = queue.popleft()
                if not isinstance(command, AutoPlay | Change):
                    ran += 1
                    if ran > FOLLOW_LIMIT:
                        log.error("more than %s commands followed one change; %s dropped", FOLLOW_LIMIT, command)
                        break
                if isinstance(command, MoveLeague):
                    queue.extend(await self._move_league(command))
                    continue
                try:
                    change = command if isinstance(command, Change) else await self.commit(command)
                except (StaleVersion, RuleError, WrongStatus, GameNotFound):
                    continue  # the game moved on, or ended, meanwhile
                except Exception:
                    log.exception("%s failed", command)
                    continue
                if change is not None:
                    queue.extend(await self._tell(change, None))
                    told.append(change)
            for change in reversed(told):
                try:
                    await self.shows.close_ended(change)
                except Exception:
                    log.exception("game %s: thread not closed after version %s", change.game_id, change.version)

    async def _move_league(self, command: MoveLeague) -> Sequence[Change | FollowUp]:
        """The league runner's move; a failure is logged (the next game's end, or its poll, moves
        the league on)."""
        if self.move_league is None:
            return []
        try:
            return await self.move_league(command)
        except Exception:
            log.exception("league %s: moving on failed", command.league_id)
            return []

    async def tell(self, change: Change, interaction: discord.Interaction | None = None) -> None:
        """Tell a committed change — the news in the thread or on the turn page, the prompts, the
        DMs, the game-over — then mark it told and let the listeners react, and run what they ask
        for (:meth:`follow`). Each step players see is written down as it is made, so the catch-up
        after a crash repeats none of them. A failure never reports the change as failed: the
        actor hears it stands, the catch-up tries again. What follows is part of it too: a closing
        bot waits for it, and so does :meth:`quiet`."""
        async with self.busy():
            await self._follow(await self._tell(change, interaction), [change])

    async def _tell(self, change: Change, interaction: discord.Interaction | None) -> list[FollowUp]:
        """One change told; the listeners' commands."""
        rec = change.record
        progress = Progress(self.store, change)
        async with self.busy():
            self._telling[rec.id] = self._telling.get(rec.id, 0) + 1
            try:
                with views_kept():  # the telling asks for the same views again and again
                    await self._show(change, interaction, progress)
            finally:
                self._telling[rec.id] -= 1
                if not self._telling[rec.id]:
                    del self._telling[rec.id]
            return await self.listeners.changed(change)

    async def _show(self, change: Change, interaction: discord.Interaction | None, progress: Progress) -> None:
        """What ``tell`` does inside its bookkeeping: show the change, then mark it told."""
        rec = change.record
        try:
            await self.shows.show(change, interaction, progress)
            await progress.told()
        except Exception:
            log.exception("game %s: version %s made, telling it failed", rec.id, change.version)
            if interaction is not None:
                locale = locale_of(interaction)
                await self.shows.transport.followup(interaction, t("made_but_not_shown", locale), ephemeral=True)

    async def catch_up(self, claimed_before: float | None) -> int:
        """Tell every change a teller left untold (a process killed between commit and post; a
        telling that failed): at start-up (``None``) every one this process did not make, later
        those out of their teller's lease. Returns how many games it told."""
        told = 0
        while True:
            pending = await self.store.outbox.pending(claimed_before, shards=self.shards)
            if not pending:
                if claimed_before is None:
                    for then in self.caught_up:
                        await then(self.shards)
                return told
            games = [g for g in dict.fromkeys(p.game_id for p in pending) if g not in self._telling]
            if not games:
                return told  # what is left is being told by this process right now
            for game_id in games:
                claimed = [
                    p
                    for p in await self.store.outbox.changes_of(game_id)
                    if await self.store.outbox.claim(p.game_id, p.version, claimed_before)
                ]
                if not claimed:
                    continue
                last = claimed[-1]
                if last.tries >= GIVE_UP:
                    log.error("game %s: version %s not told after %s tries; given up", game_id, last.version, GIVE_UP)
                    await self.store.outbox.told(game_id, last.version)
                    continue
                await self.tell(Change.caught_up_from(await self.store.games.get(game_id), claimed))
                told += 1

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Work a closing bot waits for (a telling, an automatic player's run). When the last of
        it ends, the freed heap goes back to the system (at most every ``TRIM_EVERY`` seconds)."""
        self._busy += 1
        self._quiet.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._quiet.set()
                self._trim_heap()

    async def quiet(self) -> None:
        """Wait until no telling or automatic player's run is in progress."""
        await self._quiet.wait()

    async def drain(self, timeout: float = DRAIN_TIMEOUT) -> None:
        """Let the tellings and automatic players in progress finish before the bot closes (a stop
        is not a crash); what is still untold after ``timeout`` seconds is caught up at the next
        start."""
        self.closing = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.quiet(), timeout)
