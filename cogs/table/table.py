"""The table (DESIGN §5): the one game-agnostic place that finds the game a command means, acts on
it with the version check, and tells everyone what happened — the thread, each seat that must
act, the DMs with their fallbacks, and the game-over. Games plug in through :class:`GameUI`.

A committed action is never reported as failed: once the store has the action, every later
failure (an image, the thread, a DM) is logged once and worked around, and the actor is told what
was done and what could not be shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

import discord
from discord import app_commands

from cogs import games
from cogs.table import plan, respond, results, walkthrough
from cogs.table.buttons import Press, Router, buttons, custom_id
from cogs.table.clocks import THREAD_ARCHIVE, Clocks
from cogs.table.core.change import Change
from cogs.table.core.commands import Act, Cancel, Command, Finish, SetSeats, Start, TakeBack
from cogs.table.core.listeners import Listeners
from cogs.table.core.master import Master
from cogs.table.core.progress import Progress
from cogs.table.core.record import record_json, record_name
from cogs.table.lobby import Lobbies, pressed_on_lobby
from cogs.table.plan.pages import Page
from cogs.table.ratings import Ratings
from cogs.table.rematch import Rematches
from cogs.table.rendering import Drawing, Renderer, drawn_with_state, heap_trimmer
from cogs.table.respond import (
    Answer,
    Refusal,
    acknowledge_by,
    answering,
    choices_or_nothing,
    client_locale,
    fit,
    locale_of,
    pings,
    prefs_locale,
    reply,
    settled,
    text_file,
)
from cogs.table.respond import (
    files as attachments,
)
from cogs.table.rule_words import describe
from cogs.table.turn_pages import TurnPages
from cogs.table.ui import (
    REMATCH,
    FileSpec,
    GameUI,
    mention,
)
from cogs.table.views_kept import views_kept
from cogs.texts import DEFAULT_LOCALE, join_words, player_locale, supported, t
from cogs.texts.commands import typed
from db.clock import Clock
from db.errors import GameNotFound, StaleVersion, StoreError, WrongStatus
from db.json_text import dumps
from db.records import ENDED, GameRecord, Shards, UserPrefs
from render.font_coverage import drawable
from rules.errors import NotYourTurn, RuleError

if TYPE_CHECKING:
    from db.base import Store

log = logging.getLogger("deskovka.table")

DM_CLOSED = 50007
ACTIVE = ("active",)
DRAIN_TIMEOUT = 10.0
NAME_TTL = 86400.0
"""A display name seen in an interaction is used for images this long before it is asked again."""
"""Seconds a closing bot waits for the tellings in progress."""
GIVE_UP = 3
"""Tries at telling one change before the catch-up gives up on it (a bug, logged; never a loop)."""
GAME_ID = re.compile(r"#?(\d{1,19})")
MAX_ID = 2**63 - 1
PREFS_TTL = 30.0
"""Seconds a player's preferences are kept in memory: another process may change them (on
PostgreSQL it says so at once, :meth:`Table.forget_prefs`; on SQLite this is how late it is seen)."""
SHOWN_LOOKBACK = 25
"""How many of the latest messages where a game is played the catch-up reads for news already shown
(a busy thread has its own game's posts; a game in a channel shares it)."""
LIST_LIMIT = 15
"""Games named in one answer ("which game?", ``/game list``); the rest are counted."""
FOLLOW_LIMIT = 200
"""Changes that follow one change at most (the automatic player's decisions in a row: a game never
needs that many; a bug must not loop)."""


class Table:
    """The bot's side of every game: where it is played, who sits where, and how to reach them."""

    def __init__(
        self,
        bot: discord.Client,
        store: Callable[[], Store],
        clock: Clock,
        *,
        render_processes: int = 0,
        shards: Shards | None = None,
    ) -> None:
        """``shards``: the Discord shards this process serves; its catch-up tells only their games'
        changes (None: every game's)."""
        self.bot = bot
        self.shards = shards
        self._store = store
        self.clock = clock
        self.wake_timers: Callable[[float | None], None] | None = None
        """The dispatcher's poke, once the bot has one."""
        self.router = Router()
        self.master = Master(store, games.auto_player)
        self.listeners = Listeners()
        self.lobbies = Lobbies(self)
        self.rematches = Rematches(self, self.lobbies)
        self.pages = TurnPages(self)
        self.clocks = Clocks(self)
        self.ratings = Ratings(self)
        self._post_failures: set[tuple[int, int, int]] = set()
        self.renderer = Renderer(render_processes, games.worker_modules())
        self._trim_heap = heap_trimmer()
        """When the table goes quiet: the C heap's free memory back to the system (a burst of
        tellings frees megabytes of images and payloads that glibc otherwise keeps)."""
        self._prefs: dict[int, tuple[float, UserPrefs]] = {}
        """Preferences read within ``PREFS_TTL`` (a cache: a choice made through another process
        is forgotten at once when the store can tell, else shows here within that time; until then
        a DM may follow the older choice — harmless, and nothing about the game depends on it)."""
        self._prefs_forgotten = 0
        """How many times preferences were forgotten (a read begun before one is not kept)."""
        self._thread_games: dict[int, int] = {}
        """Thread → game (a cache: a thread belongs to one game for good, so it is never stale)."""
        self._names: dict[tuple[int | None, int], tuple[float, str]] = {}
        """Display names by (server, user), with when they were seen (a cache: a stale name is
        harmless, and it spares a REST call per player and image)."""
        self._dm_channels: dict[int, int] = {}
        """User → their DM channel with the bot (a cache: that channel is theirs for good, so it is
        never stale). discord.py keeps only the 128 latest DM channels, and opening one is a REST
        call of its own: once more than 128 players had DMs, every DM cost two calls."""
        self._telling: dict[int, int] = {}
        """Games this process is telling a change of right now (how many tellings): the catch-up
        leaves them alone, however long the telling takes."""
        self._busy = 0
        """Tellings and automatic players running now (a closing bot waits for them)."""
        self._quiet = asyncio.Event()
        self._quiet.set()
        self.closing = False
        """Set when the bot closes: the automatic player takes no further decision."""

    @property
    def store(self) -> Store:
        return self._store()

    def now(self) -> float:
        return self.clock()

    def poke(self, when: float | None = None) -> None:
        if self.wake_timers is not None:
            self.wake_timers(when)

    async def tell_cancelled(self, rec: GameRecord) -> None:
        await self.lobbies.tell_cancelled(rec)

    @staticmethod
    def ui(kind: str) -> GameUI:
        return games.ui(kind)

    def live_turn(self, rec: GameRecord) -> bool:
        """Whether the game is told as turn pages (one message per turn, edited as it goes)."""
        return self.ui(rec.kind).live_turn

    # -- preferences --------------------------------------------------------------------------

    async def prefs(self, user_id: int) -> UserPrefs:
        """A player's preferences, read at most every ``PREFS_TTL`` seconds: every interaction
        needs the language and every turn the notify choice, and the store is shared by all."""
        now = time.monotonic()
        cached = self._prefs.get(user_id)
        if cached is not None and now - cached[0] < PREFS_TTL:
            return cached[1]
        forgotten = self._prefs_forgotten
        prefs = await self.store.get_prefs(user_id)
        if forgotten == self._prefs_forgotten:  # (not a read from before a change heard meanwhile)
            self._prefs[user_id] = (now, prefs)
        return prefs

    def forget_prefs(self, user_id: int | None) -> None:
        """Another process changed ``user_id``'s preferences (None: anyone's may have changed):
        the next read goes to the store (``Store.watch_prefs``)."""
        self._prefs_forgotten += 1
        if user_id is None:
            self._prefs.clear()
        else:
            self._prefs.pop(user_id, None)

    async def set_prefs(self, user_id: int, **changes: Any) -> UserPrefs:
        return self.remember(await self.store.set_prefs(user_id, **changes))

    def remember(self, prefs: UserPrefs) -> UserPrefs:
        """Preferences just written (``/game notify``, a vacation): what the cache holds now."""
        self._prefs[prefs.user_id] = (time.monotonic(), prefs)
        return prefs

    async def game_of_thread(self, channel_id: int) -> int | None:
        """The game whose thread ``channel_id`` is; a thread belongs to one game for good, so a
        found mapping is kept (a channel that is no game's thread is asked again next time)."""
        if channel_id in self._thread_games:
            return self._thread_games[channel_id]
        games = await self.store.list_games(thread_id=channel_id)
        if not games:
            return None
        self._thread_games[channel_id] = games[-1].id
        return games[-1].id

    # -- languages ----------------------------------------------------------------------------

    async def user_locale(self, user_id: int) -> str:
        """The language of a player's DMs: chosen with ``/game language``, else (``auto``) the
        one their Discord app sent last."""
        return prefs_locale(await self.prefs(user_id))

    @staticmethod
    def game_locale(rec: GameRecord) -> str:
        """The language of a game's thread and public images, chosen when it was made."""
        return supported(rec.language)

    async def set_locale(self, interaction: discord.Interaction) -> str:
        """Remember the caller's language on the interaction (``respond.locale_of`` reads it): the
        one they chose, else the one their Discord app sends now — which is kept for the DMs sent
        later (written only when it changed)."""
        if "locale" not in interaction.extras:
            user = interaction.user.id
            prefs = await self.prefs(user)
            client = client_locale(interaction)
            interaction.extras["locale"] = player_locale(prefs.language, client or prefs.client_locale)
            if client is not None and client != prefs.client_locale:
                await self.remember_client(user, client)
            if interaction.guild_id is not None:
                self.clocks.saw(interaction.guild_id, interaction.user.id)
            self._names[(interaction.guild_id, user)] = (self.now(), interaction.user.display_name)
        return interaction.extras["locale"]

    async def relocale(self, interaction: discord.Interaction) -> str:
        """The caller's language again, after they changed it (``/game language``)."""
        interaction.extras.pop("locale", None)
        return await self.set_locale(interaction)

    async def remember_client(self, user_id: int, locale: str) -> None:
        """Keep the client's locale for later DMs; a store that cannot take it now costs nothing
        but a DM in the older language (it is written again on the next interaction)."""
        try:
            await self.set_prefs(user_id, client_locale=locale)
        except StoreError:
            log.warning("client locale of %s not remembered", user_id, exc_info=True)

    # -- which game? --------------------------------------------------------------------------

    @staticmethod
    def belongs(rec: GameRecord, interaction: discord.Interaction) -> bool:
        """Games belong to their server; in DMs a player reaches only the games they sit in."""
        if interaction.guild_id is not None:
            return rec.guild_id == interaction.guild_id
        return interaction.user.id in rec.players

    async def get(self, interaction: discord.Interaction, game_id: int) -> GameRecord:
        """The game ``game_id`` if the caller may reach it from here; "no such game" otherwise."""
        locale = locale_of(interaction)
        if not 0 < game_id <= MAX_ID:
            raise Refusal(t("no_game", locale))
        try:
            rec = await self.store.get(game_id)
        except GameNotFound:
            raise Refusal(t("no_game", locale)) from None
        if not self.belongs(rec, interaction):
            raise Refusal(t("no_game", locale))
        interaction.extras["game_id"] = rec.id
        if (
            rec.status == "active"
            and interaction.type != discord.InteractionType.autocomplete  # typing is not coming back
            and any(c.absent and c.user_id == interaction.user.id for c in rec.clocks)
        ):
            rec = await self.clocks.returned(rec, interaction.user.id)
        return rec

    def check_status(self, rec: GameRecord, statuses: tuple[str, ...], locale: str) -> None:
        """Refuse with words that name the game and where it stands."""
        if rec.status in statuses:
            return
        if rec.status == "finished":
            raise Refusal(t("game_over_named", locale, game=rec.id, result=self.result_text(rec, locale)))
        raise Refusal(t(f"status_is.{rec.status}", locale, game=rec.id))

    def result_text(self, rec: GameRecord, locale: str) -> str:
        try:
            return self.outcome_words(rec, rec.load_state(), locale)
        except Exception:
            log.exception("game %s: no outcome text", rec.id)
            return t("finished", locale)

    def outcome_words(self, rec: GameRecord, state: Any, locale: str) -> str:
        """The result in a sentence (``cogs/table/results.py``: one outcome, told one way)."""
        return results.result_text(self.ui(rec.kind), rec, state, locale)

    async def resolve(
        self, interaction: discord.Interaction, game: str | None, *, statuses: tuple[str, ...] = ACTIVE
    ) -> GameRecord:
        """The game a command means: the ``game`` option; else the game of this thread; else the
        caller's only game in this channel (in DMs: the caller's only game)."""
        locale = await self.set_locale(interaction)
        if game is not None and game.strip():
            m = GAME_ID.fullmatch(game.strip())
            if not m:
                raise Refusal(t("no_game", locale))
            rec = await self.get(interaction, int(m.group(1)))
            self.check_status(rec, statuses, locale)
            return rec
        channel = interaction.channel_id
        if interaction.guild_id is not None and channel is not None:
            in_thread = await self.game_of_thread(channel)
            if in_thread is not None:
                rec = await self.get(interaction, in_thread)
                self.check_status(rec, statuses, locale)
                return rec
        mine = await self.my_games(interaction, statuses)
        here = [g for g in mine if channel in (g.channel_id, g.thread_id)] if interaction.guild_id is not None else mine
        if len(here) == 1:
            return await self.get(interaction, here[0].id)
        if not here:
            raise Refusal(self.no_active_game(locale))
        raise Refusal(t("which_game", locale, games=self.game_list(here, locale)))

    async def my_games(self, interaction: discord.Interaction, statuses: tuple[str, ...]) -> list[GameRecord]:
        """The caller's games with these statuses in this server (in DMs: in every server)."""
        return await self.store.list_games(user_id=interaction.user.id, guild_id=interaction.guild_id, status=statuses)

    @staticmethod
    def no_active_game(locale: str) -> str:
        commands = join_words([typed(f"{kind} new", locale) for kind in sorted(games.KINDS)], locale)
        return t("no_active_game", locale, commands=commands)

    def game_list(self, games: Sequence[GameRecord], locale: str) -> str:
        named = ", ".join(f"#{g.id} {self.ui(g.kind).title(locale)}" for g in games[:LIST_LIMIT])
        more = len(games) - LIST_LIMIT
        return named + (t("and_more", locale, n=more) if more > 0 else "")

    @staticmethod
    def seat(rec: GameRecord, user_id: int, locale: str) -> int:
        seat = rec.seat_of(user_id)
        if seat is None:
            raise Refusal(t("not_a_player", locale, game=rec.id))
        return seat

    async def mine(self, interaction: discord.Interaction, game: str | None, kind: str) -> tuple[GameRecord, int]:
        """The caller's active game of ``kind`` and seat, for a game's own commands (its state,
        when a command needs it: ``rec.load_state()``)."""
        rec = await self.resolve(interaction, game)
        locale = locale_of(interaction)
        if rec.kind != kind:
            raise Refusal(t("wrong_kind", locale, game=rec.id, kind=self.ui(rec.kind).title(locale)))
        return rec, self.seat(rec, interaction.user.id, locale)

    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete for the ``game`` option: the caller's active games here, filtered by what was typed."""

        async def work() -> list[app_commands.Choice[str]]:
            locale = locale_of(interaction)
            typed = current.strip().lstrip("#").lower()
            out = []
            for g in await self.my_games(interaction, ("lobby", "active")):
                label = f"#{g.id} {self.ui(g.kind).title(locale)}"
                if typed in label.lower():
                    out.append(app_commands.Choice(name=label[:100], value=str(g.id)))
            return out

        return await self.autocomplete(interaction, work)

    async def autocomplete(
        self, interaction: discord.Interaction, work: Callable[[], Any]
    ) -> list[app_commands.Choice[str]]:
        """Run a game's autocomplete with the caller's language set and errors handled."""

        async def run() -> list[app_commands.Choice[str]]:
            await self.set_locale(interaction)
            return await work()

        return await choices_or_nothing(interaction, run)

    # -- acting -------------------------------------------------------------------------------

    def rule_words(self, rec: GameRecord, error: RuleError, locale: str, state: Any = None) -> str:
        ui = self.ui(rec.kind)
        if isinstance(error, NotYourTurn) and error.code == "not_your_turn" and state is not None:
            waiting = [mention(rec.players[s]) for s in ui.engine.to_act(state) if s < len(rec.players)]
            if waiting:
                return t("err.not_your_turn.not_your_turn", locale, to_move=join_words(waiting, locale))
        return describe(error, locale, ui.error_params(error, locale))

    def parse(self, rec: GameRecord, text: str, locale: str, state: Any = None) -> Any:
        """An action in the game's notation, or a refusal in words ("I can't read `xyz`")."""
        try:
            return self.ui(rec.kind).engine.parse_action(text, state)
        except RuleError as exc:
            raise Refusal(self.rule_words(rec, exc, locale)) from exc

    async def act(
        self,
        rec: GameRecord,
        seat: int,
        action: Any,
        *,
        version: int | None = None,
        locale: str = DEFAULT_LOCALE,
        by_user: int | None = None,
    ) -> Change:
        """Append one action through the core (commands retry a lost race; buttons carry their
        version). Rule errors come back as a :class:`Refusal` in the game's words; nothing changed."""
        try:
            return await self.commit(Act(rec.id, seat, action, version, by_user, seen=rec))
        except RuleError as exc:
            current = await self.store.get(rec.id)
            state = current.load_state() if current.state_json is not None else None
            raise Refusal(self.rule_words(current, exc, locale, state)) from exc
        except WrongStatus:
            current = await self.store.get(rec.id)
            self.check_status(current, ACTIVE, locale)
            raise

    async def play(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        seat: int,
        action: Any,
        *,
        version: int | None = None,
        ack: str | None = None,
    ) -> Change:
        """Apply an action and tell the table. ``ack``: answer the actor privately with it and post
        the news in the thread; otherwise the news is the answer when acting in the game's thread."""
        locale = locale_of(interaction) if interaction is not None else DEFAULT_LOCALE
        by_user = interaction.user.id if interaction is not None else None
        change = await self.act(rec, seat, action, version=version, locale=locale, by_user=by_user)
        if interaction is None:
            await self.tell(change, None)
            return change
        answering(interaction).committed = True
        # A turn page answers its decisions itself (cogs/table/turn_pages.py); a cog may have too.
        if not (self.live_turn(rec) or interaction.response.is_done()):
            if ack is not None:
                await self.acknowledge(interaction, rec, ack)
            else:
                self.answer_with_news(interaction, rec)
        await self.tell(change, interaction)
        await settled(interaction)
        if not interaction.response.is_done():  # the telling found its news already shown
            await self._followup(interaction, t("done", locale), ephemeral=True)
        return change

    # -- committing a change: the one place (issue 45 §1) ---------------------------------------

    @overload
    async def commit(self, command: Act | Start | SetSeats | Cancel | Finish | TakeBack) -> Change: ...
    @overload
    async def commit(self, command: Command) -> Change | None: ...

    async def commit(self, command: Command) -> Change | None:
        """Every change of a game the Discord side makes goes through here to the master (one
        transaction, the version check, the retry loop); the caller tells what comes back. An
        action may add a timer (the seat that starts waiting): the dispatcher hears when."""
        change = await self.master.run(command)
        if change is not None and change.kind == "act":
            self.clocks.after_action(change.record)
        return change

    async def follow(self, commands: Sequence[Command]) -> None:
        """Run the commands that follow a change (the listeners': the automatic player's decision,
        a rating), each through the master and told like any other, and theirs after them, in
        order, at most :data:`FOLLOW_LIMIT` — a loop here, never a telling inside a telling. A
        closing bot starts none (the catch-up at the next start resumes the automatic player)."""
        await self._follow(commands, [])

    async def _follow(self, commands: Sequence[Command], told: list[Change]) -> None:
        """:meth:`follow`, then the thread of each change in ``told`` (and of those that followed)
        closed if it ended — last, so that what followed a change may still write in its thread
        (a rating's, a question's buttons taken away)."""
        queue = deque(commands)
        ran = 0
        async with self.busy():
            while queue and not self.closing and ran < FOLLOW_LIMIT:
                command = queue.popleft()
                ran += 1
                try:
                    change = await self.commit(command)
                except (StaleVersion, RuleError, WrongStatus, GameNotFound):
                    continue  # the game moved on, or ended, meanwhile
                except Exception:
                    log.exception("%s failed", command)
                    continue
                if change is not None:
                    queue.extend(await self._tell(change, None, None))
                    told.append(change)
            for change in reversed(told):
                try:
                    await self.close_ended(change)
                except Exception:
                    log.exception("game %s: thread not closed after version %s", change.game_id, change.version)

    # -- telling a change: the one place (issue 18) ----------------------------------------------

    async def tell(
        self,
        change: Change,
        interaction: discord.Interaction | None = None,
        *,
        show: Callable[[Progress], Awaitable[None]] | None = None,
    ) -> None:
        """Tell a committed change — the news in the thread or on the turn page, the prompts, the
        DMs, the game-over — then mark it told and let the listeners react, and run what they ask
        for (:meth:`follow`). Each step players see is written down as it is made, so the catch-up
        after a crash repeats none of them. A failure never reports the change as failed: the
        actor hears it stands, the catch-up tries again. ``show``: how the place that made the
        change shows it (a lobby's message, the start). What follows is part of it too: a closing
        bot waits for it, and so does :meth:`quiet`."""
        async with self.busy():
            await self._follow(await self._tell(change, interaction, show), [change])

    async def _tell(
        self,
        change: Change,
        interaction: discord.Interaction | None,
        show: Callable[[Progress], Awaitable[None]] | None,
    ) -> list[Command]:
        """One change told; the listeners' commands."""
        rec = change.record
        progress = Progress(self.store, change)
        async with self.busy():
            self._telling[rec.id] = self._telling.get(rec.id, 0) + 1
            try:
                with views_kept():  # the telling asks for the same views again and again
                    await self._show(change, interaction, show, progress)
            finally:
                self._telling[rec.id] -= 1
                if not self._telling[rec.id]:
                    del self._telling[rec.id]
            return await self.listeners.changed(change)

    async def _show(
        self,
        change: Change,
        interaction: discord.Interaction | None,
        show: Callable[[Progress], Awaitable[None]] | None,
        progress: Progress,
    ) -> None:
        """What ``tell`` does inside its bookkeeping: show the change, then mark it told."""
        rec = change.record
        try:
            if show is not None:
                await show(progress)
            elif change.kind == "takeback":
                await self.announce_takeback(interaction, change, progress)
            elif change.kind == "act" and self.live_turn(rec):
                await self.pages.announce(interaction, change, progress)
            elif change.kind == "act" and change.finished:
                await self.game_over(interaction, await self.store.get(rec.id), change.state, change, progress)
            elif change.kind == "act":
                await self.announce(interaction, change, progress)
            elif change.kind == "finish":
                await self.game_over(interaction, rec, change.state, change, progress)
            elif change.caught_up:
                await self.catch_up_other(change, progress)
            await progress.told()
        except Exception:
            log.exception("game %s: version %s made, telling it failed", rec.id, change.version)
            if interaction is not None:
                locale = locale_of(interaction)
                await self._followup(interaction, t("made_but_not_shown", locale), ephemeral=True)

    async def catch_up_other(self, change: Change, progress: Progress) -> None:
        """A start, a lobby's seats, a win on time or a cancellation that a dead process left
        untold: the game as it is now is shown where its players look."""
        rec = change.record
        if change.kind == "start" and rec.status == "active":
            channel = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)
            lobby = channel.get_partial_message(rec.message_id) if rec.message_id is not None else None
            rec = await self.open_thread(rec, lobby)
            if lobby is not None:
                with contextlib.suppress(discord.HTTPException):
                    await lobby.edit(content=self.started_text(rec, self.game_locale(rec)), view=None)
            await self.tell_start(rec, change.state, progress)
            await self.walkthroughs(rec, None)
        elif rec.status == "lobby":
            await self.lobbies.refresh(rec)
        elif change.kind == "cancel" and rec.status in ("cancelled", "expired"):
            await self.lobbies.tell_cancelled(rec, progress)

    async def catch_up(self, claimed_before: float | None) -> int:
        """Tell every change a teller left untold (a process killed between commit and post; a
        telling that failed): at start-up (``None``) every one this process did not make, later
        those out of their teller's lease. Returns how many games it told."""
        told = 0
        while True:
            pending = await self.store.pending_changes(claimed_before, shards=self.shards)
            if not pending:
                if claimed_before is None:
                    await self.clocks.resume_autoplay(self.shards)
                    await self.rate_unrated()
                return told
            games = [g for g in dict.fromkeys(p.game_id for p in pending) if g not in self._telling]
            if not games:
                return told  # what is left is being told by this process right now
            for game_id in games:
                claimed = [
                    p
                    for p in await self.store.changes_of(game_id)
                    if await self.store.claim_change(p.game_id, p.version, claimed_before)
                ]
                if not claimed:
                    continue
                last = claimed[-1]
                if last.tries >= GIVE_UP:
                    log.error("game %s: version %s not told after %s tries; given up", game_id, last.version, GIVE_UP)
                    await self.store.told(game_id, last.version)
                    continue
                await self.tell(Change.caught_up_from(await self.store.get(game_id), claimed))
                told += 1

    async def rate_unrated(self) -> None:
        """At start-up, after the catch-up: the finished games no listener rated (logged, never
        in the way of the start)."""
        try:
            await self.ratings.catch_up()
        except Exception:
            log.exception("finished games not rated at start-up")

    def answer_with_news(self, interaction: discord.Interaction, rec: GameRecord) -> None:
        """The news of a decision is its answer — public in the game's thread, else a private
        word — sent by :meth:`publish` when the telling has it: one response instead of a defer
        and a follow-up. Deferred meanwhile if that takes :data:`respond.NEWS_WITHIN`."""
        answering(interaction).answer = Answer.PUBLIC if self.in_game_channel(interaction, rec) else Answer.ELSEWHERE
        acknowledge_by(interaction, lambda: self.acknowledge(interaction, rec, None), respond.NEWS_WITHIN)

    async def acknowledge(self, interaction: discord.Interaction, rec: GameRecord, ack: str | None) -> None:
        """The first response: with ``ack``, those private words right after the commit; without,
        the defer :meth:`answer_with_news` keeps ready for news that comes late — public where
        the news is public, else private."""
        if interaction.response.is_done():
            return
        state = answering(interaction)
        try:
            if ack is not None:
                await interaction.response.send_message(ack, ephemeral=True)
                state.answer = Answer.ACKED
            else:
                await interaction.response.defer(ephemeral=state.answer is not Answer.PUBLIC, thinking=True)
        except discord.HTTPException:
            log.warning("game %s: could not acknowledge interaction", rec.id, exc_info=True)
            state.answer = Answer.LOST

    # -- announcing ---------------------------------------------------------------------------

    async def render(self, fn: Callable[..., list[FileSpec]], *args: Any) -> list[FileSpec]:
        """Images are drawn away from the event loop (``cogs/table/rendering.py``: worker
        processes, or one thread), so the loop keeps answering interactions meanwhile.

        A game's drawing is ``fn(rec, state, …)`` (the UI protocol). To a worker process its state
        goes as JSON, in the record (the state drawn, which may be another version's: a replay's),
        instead of a pickled state object: on the event loop, the loop every interaction waits
        for, orjson writes it in a third to a half of the time pickling took (a Stratego game of
        300 plies 103 µs against 284, a Stroganov game 135 against 370); the worker reads it
        back in about the time unpickling took, more for a Stroganov state (docs/PERFORMANCE.md).
        A thread is given the objects themselves: nothing is pickled."""
        if self.renderer.processes and args and isinstance(args[0], GameRecord) and args[0].engine is not None:
            rec, state, *rest = args
            sent = dataclasses.replace(rec, state_json=dumps(rec.engine.dump(state)))
            return await self.renderer(drawn_with_state, fn, sent, *rest)
        return await self.renderer(fn, *args)

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

    def close(self) -> None:
        self.renderer.close()

    async def announce(self, interaction: discord.Interaction | None, change: Change, progress: Progress) -> None:
        """A decision's news in the thread, as planned (``cogs/table/plan/news.py``)."""
        rec = change.record
        ui, locale = self.ui(rec.kind), self.game_locale(rec)
        prefs = await self.prefs_of(plan.seats_told(ui, rec, change.events, change.newly_waiting))
        telling = plan.news(ui, change, locale, prefs, self.due(rec), progress.done)
        await self.send(interaction, rec, change.state, telling, progress)

    async def shown_before(self, rec: GameRecord, version: int | None = None) -> bool:
        """Whether the news of ``version`` is already among the latest messages where the game is
        played: the bot's own message whose buttons carry that version (``None``: the game-over
        post, whose Rematch button is the game's only one of its kind). The catch-up asks before
        posting, because what a dead teller made may have no nonce to stop a repeat (the public
        answer to a command is an interaction's follow-up) or one that lapsed (Discord keeps a
        nonce a few minutes; a process may stay down longer). Unreadable history: ``False``."""
        me = self.bot.user
        channel = self.bot.get_partial_messageable(rec.thread_id or rec.channel_id, guild_id=rec.guild_id)
        if version is None:
            marks: tuple[str, ...] = (custom_id(rec.id, 0, REMATCH),)
        else:
            marks = (f"dk:{rec.id}:{version}:", f"dks:{rec.id}:{version}:")
        try:
            async for message in channel.history(limit=SHOWN_LOOKBACK):
                if me is None or message.author.id != me.id:
                    continue
                items = (c for row in message.components for c in getattr(row, "children", (row,)))
                ids = (getattr(c, "custom_id", None) or "" for c in items)
                if any(i.startswith(marks) for i in ids):
                    return True
        except discord.HTTPException:
            log.warning("game %s: could not read the latest messages", rec.id, exc_info=True)
        return False

    async def announce_takeback(
        self, interaction: discord.Interaction | None, change: Change, progress: Progress
    ) -> None:
        """A decision taken back by agreement (issue 20 §3), as planned; a game told as turn pages
        goes on from a new page, which this post starts."""
        rec = change.record
        ui, locale, state = self.ui(rec.kind), self.game_locale(rec), change.state
        prefs = await self.prefs_of(plan.seats_told(ui, rec, (), change.newly_waiting))
        telling = plan.taken_back(ui, change, locale, prefs, self.due(rec), progress.done)
        if not self.live_turn(rec):
            await self.send(interaction, rec, state, telling, progress)
            return
        ping = await self.send_notices(rec, state, telling, progress)
        post = telling.post
        if post is None or (post.unless_shown and await self.shown_before(rec, post.shown_version)):
            return
        public = await self.public_images(rec, state, locale)
        async with self.pages.lock(rec.id):
            await self.pages.hold(rec.id)
            posted = await self.post(
                rec,
                fit(post.text),
                files=public,
                view=buttons(rec.id, list(post.components)),
                ping=ping,
                nonce=progress.nonce(post.step),
            )
            if posted is None:
                await self.reach_elsewhere(rec, ping)
            line = post.text.split("\n", 1)[0]
            page = Page(message=posted.id if posted else None, lines=[line], fresh=False, version=change.version)
            await self.pages.save(rec.id, page)

    async def tell_seats(
        self, rec: GameRecord, state: Any, change: Change, seats: list[int], progress: Progress
    ) -> set[int]:
        """The private notices of a change (``plan.notices``), sent; the users the thread must ping."""
        ui = self.ui(rec.kind)
        prefs = await self.prefs_of(plan.seats_told(ui, rec, change.events, seats))
        notices = plan.notices(ui, rec, state, change.events, seats, prefs, self.due(rec), progress.done)
        return await self.send_notices(rec, state, plan.Telling(notices), progress)

    def due(self, rec: GameRecord) -> plan.Due:
        """The due line of a turn starting now in ``rec``, for the plans."""
        return lambda prefs, locale: self.clocks.due_line(rec, prefs, locale)

    async def prefs_of(self, users: Sequence[int]) -> dict[int, UserPrefs]:
        """The preferences of ``users`` (a plan's readers), each read once."""
        return {user: await self.prefs(user) for user in dict.fromkeys(users)}

    # -- sending a plan --------------------------------------------------------------------------

    async def send(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        state: Any,
        telling: plan.Telling,
        progress: Progress,
    ) -> discord.Message | None:
        """Send a planned telling: the seats' notices side by side (the public images drawn
        meanwhile, unless the post may prove shown already), the post — the interaction's answer
        when it was made where the game is — pinging who must act and got no DM, then the DMs that
        follow it. Each step is written down as it is made. Returns the post when it went out as
        a message of its own."""
        post = telling.post
        early = post is not None and post.images is not None and not post.unless_shown
        drawing = Drawing(self.draw(rec, state, post.images) if early and post and post.images else None)
        posted: discord.Message | None = None
        try:
            ping = await self.send_notices(rec, state, telling, progress)
            if post is not None and not (post.unless_shown and await self.shown_before(rec, post.shown_version)):
                if not early and post.images is not None:
                    drawing = Drawing(self.draw(rec, state, post.images))
                files = await drawing.files()
                if post.record:
                    files.append(text_file(record_json(rec, await self.store.actions(rec.id)), record_name(rec)))
                view = buttons(rec.id, list(post.components))
                posted = await self.publish(
                    interaction, rec, post.text, files, view, set(post.ping) | ping, progress.nonce(post.step)
                )
                if post.mark:
                    await progress.mark(post.step)
        finally:
            drawing.cancel()
        await self.send_after(rec, state, telling, progress)
        return posted

    async def send_notices(self, rec: GameRecord, state: Any, telling: plan.Telling, progress: Progress) -> set[int]:
        """The notices of a plan, side by side (each one's images, DM and note of it wait for
        nothing of another's); the users the post must ping: those planned, and the seats that
        must act whose DM failed."""
        notices = [n for n in telling.notices if not (isinstance(n, plan.Ping) and n.made)]
        if len(notices) <= 1:  # the usual case: no task to make
            pinged = [await self.send_notice(rec, state, n, progress) for n in notices]
        else:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self.send_notice(rec, state, n, progress)) for n in notices]
            pinged = [task.result() for task in tasks]
        made = {n.user for n in telling.notices if isinstance(n, plan.Ping) and n.made}
        return made | {n.user for n, ping in zip(notices, pinged, strict=True) if ping}

    async def send_notice(self, rec: GameRecord, state: Any, notice: plan.Notice, progress: Progress) -> bool:
        """One notice sent and written down; whether the thread must ping its seat."""
        if isinstance(notice, plan.Ping):
            await progress.mark(notice.mark)
            return True
        sent = await self.send_dm(rec, state, notice, progress)
        pinged = notice.pinged or (notice.waiting and not sent)
        await progress.mark(f"ping:{notice.seat}" if pinged else notice.step)
        return pinged

    async def send_after(self, rec: GameRecord, state: Any, telling: plan.Telling, progress: Progress) -> None:
        """The DMs that follow a plan's post, in order, each written down once sent."""
        public: list[FileSpec] | None = None
        for dm in telling.after:
            if dm.images is not None and dm.images.seat is None:
                public = public if public is not None else await self.draw(rec, state, dm.images)
            await self.send_dm(rec, state, dm, progress, public)
            await progress.mark(dm.step)

    async def send_dm(
        self, rec: GameRecord, state: Any, dm: plan.Dm, progress: Progress, public: list[FileSpec] | None = None
    ) -> bool:
        """A planned DM with its images drawn (``public``: the public ones, drawn already)."""
        files: list[FileSpec] = []
        if dm.images is not None:
            files = public if public is not None and dm.images.seat is None else await self.draw(rec, state, dm.images)
        view = buttons(rec.id, list(dm.components))
        return await self.dm(rec, dm.user, dm.text, files=files, view=view, nonce=progress.nonce(dm.step))

    async def draw(self, rec: GameRecord, state: Any, images: plan.Images) -> list[FileSpec]:
        """A plan's images: the public ones, or a seat's own, in the plan's language."""
        if images.seat is None:
            return await self.public_images(rec, state, images.locale)
        return await self.private_images(rec, state, images.seat, images.locale)

    async def publish(
        self,
        interaction: discord.Interaction | None,
        rec: GameRecord,
        content: str,
        public: list[FileSpec],
        view: discord.ui.View | None,
        ping: set[int],
        nonce: int | None = None,
    ) -> discord.Message | None:
        """The news in the thread — as the interaction's public answer when it was made there —
        and the actor's confirmation. When the thread cannot be reached the actor is told the
        action stands, and the players who must act are reached in the channel instead. Returns
        the news when it was posted as a message of its own."""
        locale = locale_of(interaction) if interaction is not None else DEFAULT_LOCALE
        answer = answering(interaction).answer if interaction is not None else None
        if not content and not public:
            if interaction is not None and answer in (Answer.PUBLIC, Answer.ELSEWHERE):
                await self._followup(interaction, t("done", locale), ephemeral=True)
            return None
        if (
            interaction is not None
            and answer is Answer.PUBLIC
            and await self._followup(
                interaction, content, files=public, view=view, allowed_mentions=pings(ping), ephemeral=False
            )
        ):
            return None
        posted = await self.post(rec, content, files=public, view=view, ping=ping, nonce=nonce)
        if posted is None:
            await self.reach_elsewhere(rec, ping)
        if interaction is None:
            return posted
        if posted is None:
            text = t("made_but_thread_failed", locale, where=self.where(rec))
        else:
            text = t("done_elsewhere", locale, where=self.where(rec))
        if answer in (Answer.ELSEWHERE, Answer.PUBLIC, Answer.LOST) or (answer is Answer.ACKED and posted is None):
            await self._followup(interaction, text, ephemeral=True)
        return posted

    async def _followup(
        self,
        interaction: discord.Interaction,
        content: str,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        ephemeral: bool,
    ) -> bool:
        try:
            await reply(
                interaction,
                content,
                ephemeral=ephemeral,
                files=attachments(files),
                view=view,
                allowed_mentions=allowed_mentions,
            )
        except discord.HTTPException as exc:
            log.warning("could not answer interaction for game %s: %s", interaction.extras.get("game_id"), exc)
            return False
        return True

    async def reach_elsewhere(self, rec: GameRecord, users: set[int]) -> None:
        """The thread is out of reach: players who must act and had no DM hear it in the channel."""
        if not users or rec.thread_id is None:
            return
        locale = self.game_locale(rec)
        text = t("turn_fallback", locale, who=" ".join(mention(u) for u in sorted(users)), game=rec.id)
        channel = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)
        try:
            await channel.send(fit(text), allowed_mentions=pings(users))
        except discord.HTTPException as exc:
            self.post_failed(rec, rec.channel_id, exc)

    # -- the end ------------------------------------------------------------------------------

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
        ui, locale = self.ui(rec.kind), self.game_locale(rec)
        prefs = await self.prefs_of(sorted(set(rec.players)))
        told = change.events if events else ()
        telling = plan.ended(ui, rec, state, told, locale, prefs, progress.done, caught_up=change.caught_up)
        await self.send(interaction, rec, state, telling, progress)


    async def close_ended(self, change: Change) -> None:
        """A game that ended or was cancelled: its thread renamed with the result and archived —
        after the listeners, which may still edit messages in it."""
        if not (change.finished or change.kind in ("finish", "cancel")):
            return
        rec = await self.store.get(change.game_id)
        if rec.status not in ENDED or rec.seed is None:
            return
        await self.close_thread(rec, t("result_short", self.game_locale(rec), result=await self.short_result(rec)))

    async def short_result(self, rec: GameRecord) -> str:
        """The result in a few words in the game's language, the players by display name."""
        names = [await self.display_name(rec, u) for u in rec.players]
        return results.short_result(self.ui(rec.kind), rec, names, self.game_locale(rec))

    async def close_thread(self, rec: GameRecord, suffix: str) -> None:
        if rec.thread_id is None:
            return
        try:
            thread = self.bot.get_channel(rec.thread_id) or await self.bot.fetch_channel(rec.thread_id)
            name = getattr(thread, "name", f"#{rec.id}")
            await self.bot.http.edit_channel(rec.thread_id, name=f"{name} {suffix}"[:100], archived=True)
        except discord.HTTPException as exc:
            log.info("game %s: thread not renamed or archived (%s)", rec.id, exc)

    async def display_name(self, rec: GameRecord, user_id: int) -> str:
        """A member's display name without the members intent: as they were last seen using the
        bot in this server (within a day), else one REST call."""
        key = (rec.guild_id, user_id)
        seen = self._names.get(key)
        if seen is not None and self.now() - seen[0] < NAME_TTL:
            return seen[1]
        guild = self.bot.get_guild(rec.guild_id) if rec.guild_id else None
        member = guild.get_member(user_id) if guild else None
        if member is not None:
            return member.display_name
        try:
            if guild is not None:
                name = (await guild.fetch_member(user_id)).display_name
            else:
                name = (await self.bot.fetch_user(user_id)).display_name
        except discord.HTTPException:
            return t("unknown_player", self.game_locale(rec), n=user_id % 10000)
        self._names[key] = (self.now(), name)
        return name

    async def names(self, rec: GameRecord) -> tuple[str, ...]:
        """The players' display names by seat, for images (which cannot show a mention): without
        what the images' font cannot draw (an emoji would be a box), and "player 2" for a name left
        with nothing."""
        names = [drawable(await self.display_name(rec, user)) for user in rec.players]
        locale = self.game_locale(rec)
        return tuple(name or t("unknown_player", locale, n=seat + 1) for seat, name in enumerate(names))

    async def public_images(self, rec: GameRecord, state: Any, locale: str) -> list[FileSpec]:
        """The game's public images in ``locale``, drawn away from the event loop."""
        return await self.render(self.ui(rec.kind).public_files, rec, state, await self.names(rec), locale)

    async def private_images(self, rec: GameRecord, state: Any, seat: int, locale: str) -> list[FileSpec]:
        """A seat's private images in ``locale`` (the player's), drawn away from the event loop."""
        return await self.render(self.ui(rec.kind).private_files, rec, state, seat, await self.names(rec), locale)

    # -- talking to the table -----------------------------------------------------------------

    def where(self, rec: GameRecord) -> str:
        return plan.where(rec)

    def link(self, rec: GameRecord) -> str:
        """A jump link that works from a DM (a bare channel mention does not resolve there)."""
        return plan.link(rec)

    @staticmethod
    def in_game_channel(interaction: discord.Interaction, rec: GameRecord) -> bool:
        return interaction.channel_id == (rec.thread_id or rec.channel_id)

    def post_failed(self, rec: GameRecord, channel_id: int, exc: discord.HTTPException) -> None:
        key = (rec.id, channel_id, exc.status)
        if key not in self._post_failures:
            self._post_failures.add(key)
            log.warning("game %s: cannot post in channel %s (%s %s): %s", rec.id, channel_id, exc.status, exc.code, exc)

    async def edit_posted(
        self, rec: GameRecord, channel_id: int, message_id: int, text: str | None, view: discord.ui.View | None = None
    ) -> None:
        """A message the bot posted about ``rec`` (a vote, a request, a proposal) says ``text`` now
        (``None``: what it said), with ``view`` or no buttons, notifying nobody; a failure is logged
        and let be."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=rec.guild_id)
        message = channel.get_partial_message(message_id)
        try:
            if text is None:
                await message.edit(view=view, allowed_mentions=pings(()))
            else:
                await message.edit(content=fit(text), view=view, allowed_mentions=pings(()))
        except discord.HTTPException as exc:
            log.info("game %s: message %s not edited (%s)", rec.id, message_id, exc)

    async def post(
        self,
        rec: GameRecord,
        content: str | None = None,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        ping: set[int] | None = None,
        nonce: int | None = None,
    ) -> discord.Message | None:
        """Post in the game's thread (or channel); ``None`` when Discord refused (logged once).
        ``nonce``: a step of telling a change — sent again after a crash, Discord answers with the
        message already made instead of a second one (``enforce_nonce``, a few minutes)."""
        target = rec.thread_id or rec.channel_id
        channel = self.bot.get_partial_messageable(target, guild_id=rec.guild_id)
        kwargs: dict[str, Any] = {
            "content": fit(content),
            "files": attachments(files),
            "allowed_mentions": pings(ping or ()),
        }
        if view is not None:
            kwargs["view"] = view
        if nonce is not None:
            kwargs["nonce"] = nonce
        try:
            return await channel.send(**kwargs)
        except discord.HTTPException as exc:
            self.post_failed(rec, target, exc)
            return None

    async def dm(
        self,
        rec: GameRecord,
        user_id: int,
        content: str,
        *,
        files: list[FileSpec] | None = None,
        view: discord.ui.View | None = None,
        nonce: int | None = None,
    ) -> bool:
        """Best effort: on a closed DM (50007) the game's thread says so once per player and game."""
        kwargs: dict[str, Any] = {"content": fit(content), "files": attachments(files)}
        if view is not None:
            kwargs["view"] = view
        if nonce is not None:
            kwargs["nonce"] = nonce
        try:
            await (await self.dm_channel(user_id)).send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                log.warning("DM to %s for game %s refused: %s", user_id, rec.id, exc)
            if await self.store.mark_dm_warned(rec.id, user_id):
                ui = self.ui(rec.kind)
                key = "dm_failed_private" if ui.has_private else "dm_failed"
                label = ui.private_label(self.game_locale(rec)) if ui.has_private else ""
                await self.post(rec, t(key, self.game_locale(rec), user=mention(user_id), button=label), ping={user_id})
            return False
        except discord.HTTPException:
            log.warning("DM to %s for game %s failed", user_id, rec.id, exc_info=True)
            return False
        return True

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel, opened (a REST call) only the first time this process DMs them."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is not None:
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._dm_channels[user_id] = channel.id
        return channel

    # -- buttons ------------------------------------------------------------------------------

    async def pressed(self, interaction: discord.Interaction, press: Press) -> None:
        """A button of a game: load it (from this server only) and run the handler of its verb."""
        locale = await self.set_locale(interaction)
        interaction.extras["game_id"] = press.game
        rec = await self.get(interaction, press.game)
        handler = self.router.find(rec.kind, press.verb)
        if handler is None:
            raise Refusal(t("stale_plain", locale))
        if rec.status in ENDED and not self.router.after_end(press.verb):
            self.check_status(rec, ("lobby", "active"), locale)
        await handler(interaction, rec, press)

    async def private_view(self, interaction: discord.Interaction, rec: GameRecord, head: str = "") -> None:
        """A player's own view, privately (``/game hand``, ``/game next`` and the private button)."""
        locale = locale_of(interaction)
        seat = self.seat(rec, interaction.user.id, locale)
        self.check_status(rec, ACTIVE, locale)
        ui = self.ui(rec.kind)
        if not ui.has_private:
            raise Refusal(t("no_private", locale, title=ui.title(locale)))
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        state = rec.load_state()
        private = await self.private_images(rec, state, seat, locale)
        view = buttons(rec.id, ui.private_buttons(rec, state, seat, locale))
        text = t("hand_caption", locale, game=rec.id) + "\n" + ui.private_text(rec, state, seat, locale)
        text = f"{head}\n{text}" if head else text
        await reply(interaction, fit(text.strip()), ephemeral=True, files=attachments(private), view=view)

    # -- starting -----------------------------------------------------------------------------

    async def start(
        self, interaction: discord.Interaction, rec: GameRecord, players: Sequence[int], accepted_by: int | None = None
    ) -> GameRecord:
        """Lobby → game: seed, thread (or the channel), start post, each seat's private view.
        The lobby message then says where the game is (and who accepted, for a challenge)."""
        locale = locale_of(interaction)
        try:
            change = await self.commit(Start(rec.id, tuple(players), rec.version, interaction.user.id))
        except (StaleVersion, WrongStatus):
            raise Refusal(t("challenge_gone", locale)) from None
        answering(interaction).committed = True
        if not interaction.response.is_done():
            await interaction.response.defer()

        on_lobby = pressed_on_lobby(interaction, rec)

        async def show(progress: Progress) -> None:
            lobby = interaction.message if on_lobby else self.lobby_message(change.record)
            rec = await self.open_thread(change.record, lobby)
            try:
                text = self.started_text(rec, self.game_locale(rec), accepted_by)
                if on_lobby:
                    await interaction.edit_original_response(content=text, view=None, allowed_mentions=pings(()))
                else:  # pressed elsewhere (/game open): the lobby's own message, and a word to the presser
                    if lobby is not None:
                        await lobby.edit(content=text, view=None, allowed_mentions=pings(()))
                    where = self.where(rec)
                    await reply(interaction, t("started_elsewhere", locale, where=where), ephemeral=True)
            except discord.HTTPException:
                log.warning("game %s: lobby message not updated", rec.id, exc_info=True)
            await self.tell_start(rec, change.state, progress)
            await self.walkthroughs(rec, interaction)

        await self.tell(change, interaction, show=show)
        return change.record

    def lobby_message(self, rec: GameRecord) -> discord.PartialMessage | None:
        """A lobby's message in its channel (None: it was never posted)."""
        if rec.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(rec.channel_id, guild_id=rec.guild_id)
        return channel.get_partial_message(rec.message_id)

    async def walkthroughs(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        """The first-game walkthrough of each player new to the game's kind (issue 20 §4); a
        failure is logged and never stops the start."""
        try:
            await walkthrough.show_new(self, rec, interaction)
        except Exception:
            log.exception("game %s: walkthroughs not shown", rec.id)

    def started_text(self, rec: GameRecord, locale: str, accepted_by: int | None = None) -> str:
        """What a started lobby's message says: where the game is (and who accepted a challenge)."""
        where = self.where(rec)
        if accepted_by is not None:
            return t("challenge_accepted", locale, opponent=mention(accepted_by), where=where)
        return t("lobby_started", locale, title=self.ui(rec.kind).title(locale), game=rec.id, where=where)

    async def open_thread(
        self, rec: GameRecord, message: discord.Message | discord.PartialMessage | None
    ) -> GameRecord:
        """The game's thread under its lobby message (the channel when it may not be made)."""
        if rec.thread_id is not None or message is None or rec.guild_id is None:
            return rec
        ui, game_locale = self.ui(rec.kind), self.game_locale(rec)
        names = [await self.display_name(rec, u) for u in rec.players]
        try:
            thread = await message.create_thread(
                name=ui.thread_name(rec, rec.load_state(), names, game_locale)[:100],
                auto_archive_duration=THREAD_ARCHIVE,
            )
        except discord.HTTPException as exc:
            log.info("game %s: no thread (%s); playing in the channel", rec.id, exc)
            return rec
        return await self.store.set_thread(rec.id, thread.id)

    async def tell_start(self, rec: GameRecord, state: Any, progress: Progress) -> None:
        """The start post (pinging every player) with the first prompts and buttons, and each
        seat's private view by DM, as planned (``plan.started``)."""
        ui, locale = self.ui(rec.kind), self.game_locale(rec)
        prefs = await self.prefs_of(rec.players)
        telling = plan.started(
            ui, rec, state, locale, self.clocks.start_line(rec, locale), prefs, self.due(rec), progress.done
        )
        if telling.post is not None and self.live_turn(rec):  # the page is kept before the post is marked
            post = dataclasses.replace(telling.post, mark=False)
            posted = await self.send(None, rec, state, plan.Telling(post=post), progress)
            await self.pages.started(rec, posted, self.page_head(rec, state, locale))
            await progress.mark(post.step)
            await self.send_after(rec, state, telling, progress)
            return
        await self.send(None, rec, state, telling, progress)

    def page_head(self, rec: GameRecord, state: Any, locale: str) -> str:
        """What a game told as turn pages keeps of its start post on its first page."""
        return "\n".join([self.ui(rec.kind).start_text(rec, state, locale), self.clocks.start_line(rec, locale)])

