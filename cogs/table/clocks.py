"""The table's side of time (issue 13): what each timer does when it fires, reminders, nudges and
the clocks' words in the posts; what the clocks do as the game changes.

* ``half`` / ``late``: a reminder to the waiting player — one message listing every game waiting
  for them, oldest first — at most one per player per 24 hours across all their games (a reminder
  inside that window is put off to its end, or dropped when the deadline comes first);
* ``deadline``: the others decide what happens to the late seat (:mod:`~cogs.table.timeouts`);
* ``expire``: a lobby nobody started ends, its message edited and its buttons removed;
* ``keep``: every 6 days a running game's thread is touched so that it never auto-archives;
* ``back``: a vacation handed to a computer ends, and the seat goes back to its player;
* ``autoplay``: the pause before the table's decision is over, and it decides
  (:meth:`~cogs.table.absence.Absence.next_decision`).

A seat the table plays (a computer's, or a person's handed to one) has no clock: no reminder, no
deadline and no nudge ever addresses a computer (issue 46).

Players who left the server, vacations and the automatic player: :mod:`~cogs.table.absence`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from cogs import games
from cogs.table import plan
from cogs.table.absence import Absence, NobodyLeft
from cogs.table.clock_words import pace_words, stamp
from cogs.table.core.change import Change
from cogs.table.core.commands import Command, Expire
from cogs.table.parts import Part, Parts
from cogs.table.respond import Refusal, locale_of, prefs_locale, reply
from cogs.table.timeouts import Timeouts
from cogs.table.transport.channels import THREAD_ARCHIVE
from cogs.table.ui import mention
from cogs.texts import join_words, t
from db import clocks
from db.errors import GameNotFound
from db.records import GameRecord, SeatClock, Timer, UserPrefs

log = logging.getLogger("deskovka.clocks")

TOUCH_ARCHIVE = 4320
"""Minutes (3 days): the duration a thread goes to and back from when it is touched."""
ON_TIME = 3600.0
"""A reminder fired within this long of its due time counts as sent at its due time."""


class Clocks(Part):
    def __init__(self, parts: Parts, absence: Absence, timeouts: Timeouts) -> None:
        super().__init__(parts)
        self.absence = absence
        self.timeouts = timeouts
        self._timer_kinds: dict[str, Callable[[GameRecord, Timer], Awaitable[None]]] = {}
        """What a timer of another part of the table does (``takeback``: a request lapses)."""
        self.on_timer("back", absence.vacation_over)
        self.on_timer("autoplay", absence.pause_over)
        parts.shows.on(NobodyLeft, absence.show_nobody_left)
        parts.teller.listeners.add(self.on_change)
        parts.teller.committed.append(self.committed)
        parts.shows.clocks = self

    def on_timer(self, kind: str, handler: Callable[[GameRecord, Timer], Awaitable[None]]) -> None:
        """A timer kind another part of the table serves (its handler gets the game and the timer)."""
        self._timer_kinds[kind] = handler

    def committed(self, change: Change) -> None:
        """A change was committed: an action may add a timer (the seat that starts waiting)."""
        if change.kind == "act":
            self.after_action(change.record)

    def after_action(self, rec: GameRecord) -> None:
        """An action can only add timers at least half a pace ahead (the seat that starts
        waiting); with no pace it adds none."""
        if rec.pace:
            self.poke(self.now() + rec.pace / 2)

    def start_line(self, rec: GameRecord, locale: str) -> str:
        """What the pace means, in the start post."""
        if not rec.pace:
            return t("start_pace.none", locale)
        return t("start_pace", locale, pace=pace_words(rec.pace, locale))

    def clock_text(self, rec: GameRecord, locale: str) -> str:
        """The pace and the next deadline, for status lines (``/game list``, ``/game board``)."""
        deadlines = [c.deadline for c in rec.waiting() if c.deadline is not None]
        pace = pace_words(rec.pace, locale)
        if not deadlines:
            return pace
        return t("pace_due", locale, pace=pace, due=t("due", locale, when=stamp(min(deadlines))))

    def due_line(self, rec: GameRecord, prefs: UserPrefs, locale: str) -> str:
        """For a turn that starts now: until when the player has (their vacation first)."""
        if not rec.pace:
            return ""
        deadline = clocks.clock_start(self.now(), prefs.away_until) + rec.pace
        return t("turn_due", locale, when=stamp(deadline, "f"), pace=pace_words(rec.pace, locale))

    # -- firing ---------------------------------------------------------------------------------

    async def fire(self, timer: Timer) -> None:
        """What a claimed timer does (the dispatcher's ``fire``)."""
        try:
            rec = await self.store.games.get(timer.game_id)
        except GameNotFound:
            return
        if timer.kind == "expire":
            await self.expire(rec)
            return
        if timer.kind in self._timer_kinds:
            await self._timer_kinds[timer.kind](rec, timer)
            return
        if timer.kind == "keep":
            if rec.status == "active":
                await self.keep_open(rec, touch=True)
                await self.store.clocks.add_timer(rec.id, None, "keep", self.now() + clocks.KEEP_OPEN)
            return
        clock = rec.clock_of(timer.seat) if timer.seat is not None else None
        if rec.status != "active" or clock is None or clock.since is None or rec.table_plays(clock.seat):
            return
        if timer.kind == "deadline":
            await self.timeouts.time_out(rec, clock, timer)
            return
        if not await self.absence.present(rec, clock.user_id):
            await self.absence.left(rec, clock)
            return
        await self.remind(rec, clock, timer)

    async def expire(self, rec: GameRecord) -> None:
        change = await self.parts.teller.commit(Expire(rec.id))
        if change is None:
            return
        await self.parts.teller.tell(change)

    # -- reminders --------------------------------------------------------------------------------

    async def remind(self, rec: GameRecord, clock: SeatClock, timer: Timer) -> None:
        user = clock.user_id
        now = self.now()
        on_time = timer.due if now - timer.due < ON_TIME else now
        if not await self.store.clocks.claim_reminder(user, on_time):
            prefs = await self.store.prefs.get(user)
            later = (prefs.reminded_at or self.now()) + clocks.REMINDER_GAP
            if clock.deadline is not None and later < clock.deadline:
                await self.store.clocks.add_timer(rec.id, clock.seat, timer.kind, later)
                self.poke()
            return
        await self.keep_open(rec)
        await self.send_reminder(rec, user, nudged_by=None)

    async def waiting_for(self, user_id: int) -> list[tuple[GameRecord, SeatClock]]:
        """Every active game waiting for the player, longest-waiting first."""
        games = await self.store.games.find(user_id=user_id, status="active")
        out = [(rec, clock) for rec in games if (clock := rec.waiting_for(user_id)) is not None]
        out.sort(key=lambda pair: pair[1].since or 0)
        return out

    def waiting_line(self, rec: GameRecord, clock: SeatClock, locale: str) -> str:
        title = games.ui(rec.kind).title(locale)
        due = t("due", locale, when=stamp(clock.deadline)) if clock.deadline else t("pace.none", locale)
        since, link = stamp(clock.since), plan.link(rec)
        return t("waiting_line", locale, game=rec.id, title=title, since=since, due=due, link=link)

    async def send_reminder(self, rec: GameRecord, user: int, *, nudged_by: int | None) -> None:
        """The reminder itself, by DM and/or a mention in the thread as the player chose; a DM
        lists every game waiting for them, oldest first; a closed DM becomes a mention."""
        prefs = await self.parts.locales.prefs(user)
        locale = prefs_locale(prefs)
        wants_dm = prefs.dms_enabled and prefs.notify in ("dm", "both")
        sent = False
        if wants_dm:
            games = await self.waiting_for(user)
            if not any(g.id == rec.id for g, _ in games) and (mine := rec.waiting_for(user)) is not None:
                games.insert(0, (rec, mine))
            lines = [self.waiting_line(g, c, locale) for g, c in games[:10]]
            if len(games) > 10:
                lines.append(t("and_more_games_list", locale, n=len(games) - 10))
            head = (
                t("nudge_dm", locale, who=mention(nudged_by), game=rec.id)
                if nudged_by is not None
                else t("reminder_dm", locale)
            )
            sent = await self.parts.transport.dm(rec, user, head + "\n" + "\n".join(lines))
        if not sent or prefs.notify in ("mention", "both"):
            game_locale = plan.game_locale(rec)
            clock = rec.waiting_for(user)
            due = clock.deadline if clock else None
            key = "nudge_post" if nudged_by is not None else "reminder_post"
            text = t(
                key,
                game_locale,
                user=mention(user),
                by=mention(nudged_by or 0),
                due=t("due", game_locale, when=stamp(due)) if due else t("pace.none", game_locale),
            )
            await self.parts.transport.post(rec, text, ping={user})

    async def keep_open(self, rec: GameRecord, *, touch: bool = False) -> None:
        """A running game's thread must not auto-archive: reopen it (with the longest
        auto-archive duration) when it is archived or not known to be open. ``touch`` (every 6
        days): an open thread gets activity too — Discord counts a change of the auto-archive
        duration as activity, so it goes to 3 days and back to the longest, 7 days."""
        if rec.thread_id is None:
            return
        http = self.parts.bot.http
        thread = self.parts.bot.get_channel(rec.thread_id)
        is_open = isinstance(thread, discord.Thread) and not thread.archived
        try:
            if not is_open:
                await http.edit_channel(rec.thread_id, archived=False, auto_archive_duration=THREAD_ARCHIVE)
            elif touch:
                await http.edit_channel(rec.thread_id, auto_archive_duration=TOUCH_ARCHIVE)
                await http.edit_channel(rec.thread_id, auto_archive_duration=THREAD_ARCHIVE)
        except discord.HTTPException as exc:
            log.info("game %s: thread not kept open (%s)", rec.id, exc)

    # -- nudges -----------------------------------------------------------------------------------

    async def nudge(self, interaction: discord.Interaction, rec: GameRecord) -> None:
        locale = locale_of(interaction)
        caller = interaction.user.id
        self.parts.finder.seat(rec, caller, locale)
        waiting = [c for c in rec.waiting() if c.user_id != caller]
        if not waiting:
            mine = rec.waiting_for(caller) is not None
            raise Refusal(t("nudge_your_turn" if mine else "nudge_nobody", locale, game=rec.id))
        if not await self.store.clocks.nudge(rec.id):
            again = (rec.nudged_at or self.now()) + clocks.NUDGE_GAP
            raise Refusal(t("nudge_too_soon", locale, game=rec.id, when=stamp(again)))
        await interaction.response.defer(ephemeral=True, thinking=True)
        users = list(dict.fromkeys(c.user_id for c in waiting))
        for user in users:
            await self.send_reminder(rec, user, nudged_by=caller)
        who = join_words([mention(u) for u in users], locale)
        await reply(interaction, t("nudged", locale, who=who, game=rec.id), ephemeral=True)

    # -- as the game changes ----------------------------------------------------------------------

    async def on_change(self, change: Change) -> list[Command]:
        """The clocks listen to every told change: after a move, a late player's question is over,
        a player who left is found as their turn starts, and when a seat the table plays is to act
        its decision follows (after the pause); a game that ended or was cancelled has no question
        left, and one no person is left to play is cancelled."""
        rec = change.record
        if change.kind == "start":
            self.after_action(rec)
            return await self.absence.follow_up(rec, change.state, change.to_act)
        elif change.kind == "act" and not change.finished and change.seat is not None:
            await self.timeouts.moved(rec, change.seat)
            await self.absence.turn_started(rec, [s for s in change.newly_waiting if s != change.seat])
            return await self.absence.follow_up(rec, change.state, change.to_act)
        elif change.kind == "takeback":
            return await self.taken_back(change)
        elif change.finished or change.kind in ("finish", "cancel"):
            await self.timeouts.ended(rec)
        return []

    async def taken_back(self, change: Change) -> list[Command]:
        """A decision was taken back (issue 20 §3): its clocks changed in the store (the seat that
        asked waits again, from now); a question about the deadline of a seat that no longer waits
        is moot, and a seat that waits again is looked at like any seat whose turn starts."""
        rec = await self.store.games.get(change.game_id)
        self.after_action(rec)
        locale = plan.game_locale(rec)
        for seat in change.waiting_before:
            if seat not in change.to_act and seat < len(rec.players):
                await self.timeouts.retire_vote(
                    rec, seat, t("takeback.vote_moot", locale, user=mention(rec.players[seat]))
                )
        await self.absence.turn_started(rec, list(change.newly_waiting))
        return await self.absence.follow_up(rec, change.state, change.to_act)
