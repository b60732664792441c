"""How each kind of committed change is shown (:class:`Shows`): it asks the plan
(``cogs/table/plan/``) what to tell — a decision's news, a decision taken back, the start, the
game-over — with the players' preferences and due lines, and has the sender send it. A game told as
turn pages is shown by its pages (``cogs/table/turn_pages.py``), a lobby by its message
(``cogs/table/lobby_messages.py``): they plug in here as the small protocols below, so that neither
is imported by what they use. A change whose maker gave its cause (a challenge declined, ``/game
cancel``, a Stratego draft) is shown by the part that registered for that cause (:meth:`Shows.on`)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import discord

from cogs import games
from cogs.table import plan, results, walkthrough
from cogs.table.core.change import Cause, Change
from cogs.table.core.progress import Progress
from cogs.table.locales import Locales
from cogs.table.plan import game_locale, where
from cogs.table.respond import locale_of, pings, reply
from cogs.table.transport.channels import Transport
from cogs.table.transport.sending import Sender
from cogs.table.ui import mention
from cogs.texts import t
from db.base import Store
from db.records import ENDED, GameRecord, UserPrefs

log = logging.getLogger("deskovka.table")


class PageShows(Protocol):
    """What the turn pages show of a game told as turn pages."""

    async def announce(self, interaction: discord.Interaction | None, change: Change, progress: Progress) -> None: ...

    async def started(self, rec: GameRecord, message: discord.Message | None, text: str) -> None: ...

    async def taken_back(self, change: Change, telling: plan.Telling, ping: set[int], progress: Progress) -> None: ...


class LobbyShows(Protocol):
    """What a lobby shows of itself."""

    async def opened(self, rec: GameRecord, interaction: discord.Interaction | None) -> None: ...

    async def seats_changed(self, rec: GameRecord, interaction: discord.Interaction | None) -> None: ...

    def on_lobby(self, interaction: discord.Interaction, rec: GameRecord) -> bool: ...

    async def refresh(self, rec: GameRecord) -> None: ...

    async def tell_cancelled(self, rec: GameRecord, progress: object = None) -> None: ...


class ClockLines(Protocol):
    """The clocks' words in the plans."""

    def due_line(self, rec: GameRecord, prefs: UserPrefs, locale: str) -> str: ...

    def start_line(self, rec: GameRecord, locale: str) -> str: ...


C = TypeVar("C", bound=Cause)
Shown = Callable[[Change, C, "discord.Interaction | None", Progress], Awaitable[None]]
"""How the part that registered for a cause shows a change made for it."""


def live_turn(rec: GameRecord) -> bool:
    """Whether the game is told as turn pages (one message per turn, edited as it goes)."""
    return games.ui(rec.kind).live_turn


class Shows:
    def __init__(self, store: Callable[[], Store], locales: Locales, transport: Transport, sender: Sender) -> None:
        self._store = store
        self.locales = locales
        self.transport = transport
        self.sender = sender
        self.pages: PageShows | None = None
        self.lobbies: LobbyShows | None = None
        self.clocks: ClockLines | None = None
        self._by_cause: dict[type[Cause], Shown[Any]] = {}

    @property
    def store(self) -> Store:
        return self._store()

    def on(self, cause: type[C], shown: Shown[C]) -> None:
        """Changes made for ``cause`` are shown by ``shown`` (one part per cause)."""
        assert cause not in self._by_cause, f"{cause.__name__} is shown by one part"
        self._by_cause[cause] = shown

    async def show(self, change: Change, interaction: discord.Interaction | None, progress: Progress) -> None:
        """Show a change as its cause or else its kind is shown (a change the catch-up found: as
        the game is now)."""
        if change.cause is not None and (shown := self._by_cause.get(type(change.cause))) is not None:
            await shown(change, change.cause, interaction, progress)
        else:
            await self.as_its_kind(change, interaction, progress)

    async def as_its_kind(self, change: Change, interaction: discord.Interaction | None, progress: Progress) -> None:
        """Show a change as its kind is shown, whatever its cause (a cause's part that adds a word
        of its own shows the rest so)."""
        rec = change.record
        if change.kind == "open":
            await self._lobbies.opened(rec, interaction)
        elif change.kind == "takeback":
            await self.announce_takeback(interaction, change, progress)
        elif change.kind == "act" and live_turn(rec):
            await self._pages.announce(interaction, change, progress)
        elif change.kind == "act" and change.finished:
            await self.game_over(interaction, await self.store.games.get(rec.id), change.state, change, progress)
        elif change.kind == "act":
            await self.announce(interaction, change, progress)
        elif change.kind == "finish":
            await self.game_over(interaction, rec, change.state, change, progress)
        elif change.kind == "cancel" and rec.status == "expired" and not change.caught_up:
            await self._lobbies.tell_cancelled(rec, progress)
        elif change.caught_up:
            await self.catch_up_other(change, progress)
        elif change.kind == "start":
            await self.started(change, interaction, progress)
        elif change.kind == "seats":
            await self._lobbies.seats_changed(rec, interaction)

    async def announce(self, interaction: discord.Interaction | None, change: Change, progress: Progress) -> None:
        """A decision's news in the thread, as planned (``cogs/table/plan/news.py``)."""
        rec = change.record
        ui, locale = games.ui(rec.kind), game_locale(rec)
        prefs = await self.locales.prefs_of(plan.seats_told(ui, rec, change.events, change.newly_waiting))
        telling = plan.news(ui, change, locale, prefs, self.due(rec), progress.done)
        await self.sender.send(interaction, rec, change.state, telling, progress)

    async def announce_takeback(
        self, interaction: discord.Interaction | None, change: Change, progress: Progress
    ) -> None:
        """A decision taken back by agreement (issue 20 §3), as planned; a game told as turn pages
        goes on from a new page, which this post starts."""
        rec = change.record
        ui, locale, state = games.ui(rec.kind), game_locale(rec), change.state
        prefs = await self.locales.prefs_of(plan.seats_told(ui, rec, (), change.newly_waiting))
        telling = plan.taken_back(ui, change, locale, prefs, self.due(rec), progress.done)
        if not live_turn(rec):
            await self.sender.send(interaction, rec, state, telling, progress)
            return
        ping = await self.sender.send_notices(rec, state, telling, progress)
        await self._pages.taken_back(change, telling, ping, progress)

    async def tell_seats(
        self, rec: GameRecord, state: Any, change: Change, seats: list[int], progress: Progress
    ) -> set[int]:
        """The private notices of a change (``plan.notices``), sent; the users the thread must ping."""
        ui = games.ui(rec.kind)
        prefs = await self.locales.prefs_of(plan.seats_told(ui, rec, change.events, seats))
        notices = plan.notices(ui, rec, state, change.events, seats, prefs, self.due(rec), progress.done)
        return await self.sender.send_notices(rec, state, plan.Telling(notices), progress)

    def due(self, rec: GameRecord) -> plan.Due:
        """The due line of a turn starting now in ``rec``, for the plans."""
        return lambda prefs, locale: self._clocks.due_line(rec, prefs, locale)

    async def game_over(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        state: Any,
        change: Change,
        progress: Progress,
        *,
        events: bool = True,
    ) -> None:
        """The result in the thread and each player's DM, as planned (``plan.ended``); after the
        last action's lines unless ``events`` is false (a turn page told them)."""
        ui, locale = games.ui(rec.kind), game_locale(rec)
        prefs = await self.locales.prefs_of(sorted(set(rec.people)))
        told = change.events if events else ()
        telling = plan.ended(ui, rec, state, told, locale, prefs, progress.done, caught_up=change.caught_up)
        await self.sender.send(interaction, rec, state, telling, progress)

    async def close_ended(self, change: Change) -> None:
        """A game that ended or was cancelled: its thread renamed with the result and archived —
        after the listeners, which may still edit messages in it."""
        if not (change.finished or change.kind in ("finish", "cancel")):
            return
        rec = await self.store.games.get(change.game_id)
        if rec.status not in ENDED or rec.seed is None:
            return
        await self.transport.close_thread(rec, t("result_short", game_locale(rec), result=await self.short_result(rec)))

    async def short_result(self, rec: GameRecord) -> str:
        """The result in a few words in the game's language, the players by display name."""
        names = [await self.transport.names.display_name(rec, u) for u in rec.players]
        return results.short_result(games.ui(rec.kind), rec, names, game_locale(rec))

    async def catch_up_other(self, change: Change, progress: Progress) -> None:
        """A start, a lobby's seats, a win on time or a cancellation that a dead process left
        untold: the game as it is now is shown where its players look."""
        rec = change.record
        if change.kind == "start" and rec.status == "active":
            await self.started(change, None, progress)
        elif rec.status == "lobby":
            await self._lobbies.refresh(rec)
        elif change.kind == "cancel" and rec.status in ("cancelled", "expired"):
            await self._lobbies.tell_cancelled(rec, progress)

    async def started(
        self,
        change: Change,
        interaction: discord.Interaction | None,
        progress: Progress,
        accepted_by: int | None = None,
    ) -> None:
        """A game started: its thread opened under the lobby's message, which then says where the
        game is (and who accepted a challenge) — as the answer to the press that started it when it
        was pressed there, else edited (a press on ``/game open``'s list is answered privately) —
        then the start post, the private views and the walkthroughs of players new to the game."""
        rec = change.record
        pressed = interaction if interaction is not None and self._lobbies.on_lobby(interaction, rec) else None
        lobby: discord.Message | discord.PartialMessage | None = pressed.message if pressed is not None else None
        lobby = lobby or self.transport.lobby_message(rec)  # a command's own answer: found by its id
        rec = await self.open_thread(rec, lobby)
        try:
            text = self.started_text(rec, game_locale(rec), accepted_by)
            if pressed is not None:
                await pressed.edit_original_response(content=text, view=None, allowed_mentions=pings(()))
            else:
                if lobby is not None:
                    await lobby.edit(content=text, view=None, allowed_mentions=pings(()))
                if interaction is not None:  # pressed elsewhere (/game open): a word to the presser
                    elsewhere = t("started_elsewhere", locale_of(interaction), where=where(rec))
                    await reply(interaction, elsewhere, ephemeral=True)
        except discord.HTTPException:
            log.warning("game %s: lobby message not updated", rec.id, exc_info=True)
        await self.tell_start(rec, change.state, progress)
        await self.walkthroughs(rec, interaction)

    async def tell_start(self, rec: GameRecord, state: Any, progress: Progress) -> None:
        """The start post (pinging every player) with the first prompts and buttons, and each
        seat's private view by DM, as planned (``plan.started``)."""
        ui, locale = games.ui(rec.kind), game_locale(rec)
        prefs = await self.locales.prefs_of(rec.players)
        telling = plan.started(
            ui, rec, state, locale, self._clocks.start_line(rec, locale), prefs, self.due(rec), progress.done
        )
        if telling.post is not None and live_turn(rec):  # the page is kept before the post is marked
            post = dataclasses.replace(telling.post, mark=False)
            posted = await self.sender.send(None, rec, state, plan.Telling(post=post), progress)
            await self._pages.started(rec, posted, self.page_head(rec, state, locale))
            await progress.mark(post.step)
            await self.sender.send_after(rec, state, telling, progress)
            return
        await self.sender.send(None, rec, state, telling, progress)

    def page_head(self, rec: GameRecord, state: Any, locale: str) -> str:
        """What a game told as turn pages keeps of its start post on its first page."""
        return "\n".join([games.ui(rec.kind).start_text(rec, state, locale), self._clocks.start_line(rec, locale)])

    def started_text(self, rec: GameRecord, locale: str, accepted_by: int | None = None) -> str:
        """What a started lobby's message says: where the game is (and who accepted a challenge)."""
        place = where(rec)
        if accepted_by is not None:
            return t("challenge_accepted", locale, opponent=mention(accepted_by), where=place)
        return t("lobby_started", locale, title=games.ui(rec.kind).title(locale), game=rec.id, where=place)

    async def open_thread(
        self, rec: GameRecord, message: discord.Message | discord.PartialMessage | None
    ) -> GameRecord:
        """The game's thread under its lobby message; a game made without a lobby (a league's,
        issue 47) gets a thread of its own in its channel (the channel when it may not be made)."""
        if rec.thread_id is not None or rec.guild_id is None or (message is None and rec.message_id is not None):
            return rec
        names = [await self.transport.names.display_name(rec, u) for u in rec.players]
        name = games.ui(rec.kind).thread_name(rec, rec.load_state(), names, game_locale(rec))
        thread = await self.transport.create_thread(rec, message, name)
        return rec if thread is None else await self.store.games.set_thread(rec.id, thread)

    async def walkthroughs(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        """The first-game walkthrough of each player new to the game's kind (issue 20 §4); a
        failure is logged and never stops the start."""
        try:
            await walkthrough.show_new(self.store, self.locales, self.transport, rec, interaction)
        except Exception:
            log.exception("game %s: walkthroughs not shown", rec.id)

    @property
    def _clocks(self) -> ClockLines:
        assert self.clocks is not None, "the clocks plug in when the table is made"
        return self.clocks

    @property
    def _pages(self) -> PageShows:
        assert self.pages is not None, "the turn pages plug in when the table is made"
        return self.pages

    @property
    def _lobbies(self) -> LobbyShows:
        assert self.lobbies is not None, "the lobbies plug in when the table is made"
        return self.lobbies
