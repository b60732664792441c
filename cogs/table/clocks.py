"""The table's side of time (issue 13): what each timer does when it fires, the decision of the
others when a seat's time runs out, the automatic player, vacations and nudges.

* ``half`` / ``late``: a reminder to the waiting player — one message listing every game waiting
  for them, oldest first — at most one per player per 24 hours across all their games (a reminder
  inside that window is put off to its end, or dropped when the deadline comes first);
* ``deadline``: the thread says so, mentioning everyone, and the others decide: Wait, Claim the win
  (two players) or Play on without them (three or four), by a majority of those who may vote;
* ``expire``: a lobby nobody started ends, its message edited and its buttons removed;
* ``keep``: every 6 days a running game's thread is touched so that it never auto-archives.

A player who left the server is absent from then on: found when fetching the member fails
(Unknown Member) as a reminder fires or a turn starts, it brings the seat's deadline to now.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table import plan
from cogs.table.buttons import Press, buttons
from cogs.table.core import votes
from cogs.table.core.change import Change
from cogs.table.core.commands import AutoPlay, Command, Expire, Finish
from cogs.table.respond import Refusal, locale_of, pings, prefs_locale, reply
from cogs.table.transport.channels import THREAD_ARCHIVE
from cogs.table.ui import ButtonSpec, mention
from cogs.texts import join_words, t, tn
from db import clocks
from db.errors import GameNotFound, StaleVersion, VacationLimit, WrongStatus
from db.records import GameRecord, SeatClock, Shards, Timer, UserPrefs
from rules.protocol import Ending, Outcome

if TYPE_CHECKING:
    from cogs.table.parts import Parts
    from db.base import Store

log = logging.getLogger("deskovka.clocks")

UNKNOWN_MEMBER = 10007
PRESENT_TTL = 3600.0
"""A member seen in the server is not asked for again for this long (fake-clock seconds)."""
TOUCH_ARCHIVE = 4320
"""Minutes (3 days): the duration a thread goes to and back from when it is touched."""
ON_TIME = 3600.0
"""A reminder fired within this long of its due time counts as sent at its due time."""


def pace_words(pace: int | None, locale: str) -> str:
    """The pace in words: "3 days per turn", or "no clock"."""
    if not pace:
        return t("pace.none", locale)
    days = round(pace / clocks.DAY)
    return tn("pace.days", days, locale)


def stamp(when: float | None, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone and language."""
    return f"<t:{int(when or 0)}:{style}>"


class Clocks:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self._present: dict[tuple[int, int], float] = {}
        """(server, user) → when they last used the bot there (a cache: a member seen within the
        hour is not fetched again; another process that did not see them fetches once — the only
        cost of a stale or missing entry is one REST call)."""
        self._timer_kinds: dict[str, Callable[[GameRecord, Timer], Awaitable[None]]] = {}
        """What a timer of another part of the table does (``takeback``: a request lapses)."""
        parts.router.on("timeout", self._vote)
        parts.teller.listeners.add(self.on_change)
        parts.teller.committed.append(self.committed)
        parts.teller.caught_up.append(self.resume_autoplay)
        parts.locales.seen.append(self.seen)
        parts.finder.returned = self.returned
        parts.shows.clocks = self

    def on_timer(self, kind: str, handler: Callable[[GameRecord, Timer], Awaitable[None]]) -> None:
        """A timer kind another part of the table serves (its handler gets the game and the timer)."""
        self._timer_kinds[kind] = handler

    @property
    def store(self) -> Store:
        return self.parts.store

    def now(self) -> float:
        return self.parts.now()

    def poke(self, when: float | None = None) -> None:
        """Tell the dispatcher a timer may be earlier than it thought (``when``, if known)."""
        self.parts.teller.poke(when)

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
        if rec.status != "active" or clock is None or clock.since is None or clock.absent is not None:
            return
        if timer.kind == "deadline":
            await self.time_out(rec, clock, timer)
            return
        if not await self.present(rec, clock.user_id):
            await self.left(rec, clock)
            return
        await self.remind(rec, clock, timer)

    async def expire(self, rec: GameRecord) -> None:
        change = await self.parts.teller.commit(Expire(rec.id))
        if change is None:
            return
        await self.parts.teller.tell(change)

    # -- members who left -------------------------------------------------------------------------

    def seen(self, interaction: discord.Interaction) -> None:
        """A command or a press in a server: its caller is a member there."""
        if interaction.guild_id is not None:
            self.saw(interaction.guild_id, interaction.user.id)

    def saw(self, guild_id: int, user_id: int) -> None:
        """The user just used the bot in that server: a member now, no need to ask Discord."""
        self._present[(guild_id, user_id)] = self.now()

    async def present(self, rec: GameRecord, user_id: int) -> bool:
        """Whether the player is still a member of the game's server (no members intent: one REST
        call, remembered for an hour); an answer other than Unknown Member counts as present."""
        if rec.guild_id is None:
            return True
        key = (rec.guild_id, user_id)
        seen = self._present.get(key)
        if seen is not None and self.now() - seen < PRESENT_TTL:
            return True
        try:
            await self.parts.bot.http.get_member(rec.guild_id, user_id)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_MEMBER:
                self._present.pop(key, None)
                return False
            return True
        except discord.HTTPException:
            return True
        self._present[key] = self.now()
        return True

    async def left(self, rec: GameRecord, clock: SeatClock) -> None:
        """The seat's player left the server: their deadline is now."""
        if await self.store.clocks.overdue_now(rec.id, clock.seat):
            log.info("game %s: player of seat %s left the server", rec.id, clock.seat)
            self.poke()

    async def turn_started(self, rec: GameRecord, seats: list[int]) -> None:
        """A turn starts for ``seats``: a player who left the server is absent from now on."""
        current = None
        for seat in seats:
            if seat >= len(rec.players) or await self.present(rec, rec.players[seat]):
                continue
            current = current or await self.store.games.get(rec.id)
            clock = current.clock_of(seat)
            if clock is not None and clock.since is not None and clock.absent is None:
                await self.left(current, clock)

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

    # -- when the time runs out -------------------------------------------------------------------

    def voters(self, rec: GameRecord, overdue: SeatClock) -> list[int]:
        """Who decides (``cogs.table.core.votes.voters``): the other players, except those the table
        plays for, those who resigned (the engine's ``resigned`` seats) and those the game is
        waiting for too."""
        engine = games.ui(rec.kind).engine
        resigned = set(engine.resigned(rec.load_state())) if rec.state_json is not None else set()
        waiting = [c.seat for c in rec.clocks if c.since is not None]
        absent = [c.seat for c in rec.clocks if c.absent is not None]
        return list(votes.voters(rec.players, overdue.seat, waiting, resigned, absent))

    def choices(self, rec: GameRecord) -> tuple[votes.Choice, ...]:
        return votes.choices(len(set(rec.players)), games.auto_player(rec.kind) is not None)

    async def time_out(self, rec: GameRecord, clock: SeatClock, timer: Timer) -> None:
        locale = plan.game_locale(rec)
        gone = not await self.present(rec, clock.user_id)
        voters = self.voters(rec, clock)
        everyone = set(rec.players)
        reason = t("timeout.left" if gone else "timeout.ran_out", locale, user=mention(clock.user_id))
        head = t("timeout.head", locale, reason=reason, game=rec.id, pace=pace_words(rec.pace, locale))
        if not voters:
            # Alone (a solo game), or every other player is held up too: nobody can decide now. With
            # others, the seat's clock starts again, so its deadline comes back and asks again.
            # (Posting in the thread reopens it if it was archived.)
            alone = len(everyone) == 1
            if not alone:
                await self.store.clocks.extend_deadline(rec.id, clock.seat)
                self.poke()
            key = "timeout.alone" if alone else "timeout.nobody"
            await self.parts.transport.post(
                rec, head + "\n" + t(key, locale, pace=pace_words(rec.pace, locale)), ping=everyone
            )
            return
        options = self.choices(rec)
        needed = votes.needed(len(voters))
        ask = "timeout.ask" if len(voters) > 1 else "timeout.ask_one"
        lines = [head, t(ask, locale, voters=join_words([mention(u) for u in voters], locale), n=needed)]
        lines += [
            t(f"timeout.explain.{c}", locale, user=mention(clock.user_id), pace=pace_words(rec.pace, locale))
            for c in options
        ]
        specs = [
            ButtonSpec(
                "timeout",
                t(f"btn.timeout.{c}", locale),
                "danger" if c == "win" else "primary",
                rec.version,
                f"{timer.id}.{c}",
            )
            for c in options
        ]
        text, view = "\n".join(lines), buttons(rec.id, specs)
        posted = await self.parts.transport.post(rec, text, view=view, ping=everyone)
        if posted is None and rec.thread_id is not None:
            # The thread is gone or closed to the bot: the decision must still reach the players.
            posted = await self.parts.transport.post(replace(rec, thread_id=None), text, view=view, ping=everyone)
        if posted is not None:
            await self.store.agreements.set_vote_message(rec.id, clock.seat, posted.channel.id, posted.id, text)

    async def retire_vote(self, rec: GameRecord, seat: int, why: str) -> None:
        """The decision about a seat's deadline is moot (the player moved, the game ended): its
        message keeps its words, loses its buttons and says why."""
        place = await self.store.agreements.take_vote_message(rec.id, seat)
        if place is None:
            return
        await self.parts.transport.edit_posted(rec, place.channel_id, place.message_id, f"{place.text}\n{why}")

    async def moved(self, rec: GameRecord, seat: int) -> None:
        """A seat played (``rec`` is the game before): if its deadline had passed, the others'
        decision about it is over — unless its part is unfinished (a draft change, one decision
        of a turn). Then it keeps its deadline (DESIGN §5), and the question stays open: a late
        player who plays part of a turn cannot make it moot and stall the game."""
        clock = rec.clock_of(seat)
        if clock is not None and clock.deadline is not None and clock.deadline <= self.now():
            now = (await self.store.games.get(rec.id)).clock_of(seat)
            if now is not None and now.absent is None and (now.since, now.deadline) == (clock.since, clock.deadline):
                return
            locale = plan.game_locale(rec)
            await self.retire_vote(rec, seat, t("timeout.played", locale, user=mention(clock.user_id)))

    async def on_change(self, change: Change) -> list[Command]:
        """The clocks listen to every told change: after a move, a late player's question is over,
        a player who left is found as their turn starts, and when a seat the table plays is to act
        the automatic player's decision follows; a game that ended or was cancelled has no
        question left."""
        rec = change.record
        if change.kind == "start":
            self.after_action(rec)
        elif change.kind == "act" and not change.finished and change.seat is not None:
            await self.moved(rec, change.seat)
            await self.turn_started(rec, [s for s in change.newly_waiting if s != change.seat])
            if any((c := rec.clock_of(s)) is not None and c.absent for s in change.to_act):
                return [AutoPlay(rec.id)]
        elif change.kind == "takeback":
            return await self.taken_back(change)
        elif change.finished or change.kind in ("finish", "cancel"):
            await self.ended(rec)
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
                await self.retire_vote(rec, seat, t("takeback.vote_moot", locale, user=mention(rec.players[seat])))
        await self.turn_started(rec, list(change.newly_waiting))
        if any((c := rec.clock_of(s)) is not None and c.absent for s in change.to_act):
            return [AutoPlay(rec.id)]
        return []

    async def ended(self, rec: GameRecord) -> None:
        """The game is over: no decision about any deadline is left."""
        locale = plan.game_locale(rec)
        for seat in range(len(rec.players)):
            await self.retire_vote(rec, seat, t("timeout.over", locale))

    async def _vote(self, interaction: discord.Interaction, rec: GameRecord, press: Press) -> None:
        locale = locale_of(interaction)
        timer_id, _, choice = (press.arg or "").partition(".")
        self.parts.finder.check_status(rec, ("active",), locale)
        timer = await self.store.clocks.timer(int(timer_id)) if timer_id.isdigit() and len(timer_id) < 19 else None
        if timer is not None and (timer.game_id != rec.id or timer.kind != "deadline"):
            timer = None
        clock = rec.clock_of(timer.seat) if timer is not None and timer.seat is not None else None
        live = clock is not None and clock.since is not None and clock.absent is None
        if timer is None or clock is None or not live:
            await self.retire(interaction, t("timeout.gone", locale))
            return
        voters = self.voters(rec, clock)
        user = interaction.user.id
        if user == clock.user_id:
            raise Refusal(t("timeout.not_you", locale))
        if user not in voters:
            raise Refusal(t("timeout.not_voter", locale, game=rec.id))
        if choice not in self.choices(rec):
            raise Refusal(t("stale_plain", locale))
        cast = await self.store.agreements.vote_timeout(timer.id, user, choice)
        decided = votes.tally(cast, voters, self.choices(rec))
        if decided is None:
            n, needed = len(votes.counted(cast, voters)), votes.needed(len(voters))
            await reply(interaction, t("timeout.counted", locale, n=n, needed=needed), ephemeral=True)
            return
        await self.decide(interaction, rec, clock, decided)

    async def retire(self, interaction: discord.Interaction, text: str) -> None:
        """An old decision message: say so privately and take its buttons away."""
        await reply(interaction, text, ephemeral=True)
        if interaction.message is not None:
            with suppress(discord.HTTPException):
                await interaction.message.edit(view=None)

    async def decide(self, interaction: discord.Interaction, rec: GameRecord, clock: SeatClock, choice: str) -> None:
        locale = plan.game_locale(rec)
        user = mention(clock.user_id)
        if choice == "wait":
            rec = await self.store.clocks.extend_deadline(rec.id, clock.seat)
            self.poke()
            new = rec.clock_of(clock.seat)
            if new is not None and new.deadline is not None:
                text = t("timeout.waits", locale, user=user, when=stamp(new.deadline, "f"))
            else:  # a game with no pace whose player left: it simply waits for them
                text = t("timeout.waits_unpaced", locale, user=user)
        elif choice == "auto":
            changed = await self.store.clocks.set_absent(rec.id, clock.seat, True)
            text = t("timeout.auto", locale, user=user)
            if changed is not None:
                rec = changed
        else:
            winners = tuple(s for s in range(len(rec.players)) if rec.players[s] != clock.user_id)
            try:
                claimed = await self.parts.teller.commit(
                    Finish(rec.id, Outcome(winners=winners, ending=Ending.TIMEOUT), rec.version, interaction.user.id)
                )
                rec = claimed.record
            except (StaleVersion, WrongStatus):
                await self.retire(interaction, t("timeout.gone", locale_of(interaction)))
                return
            text = t("timeout.claimed", locale, user=user)
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=pings(()))
        await self.store.agreements.take_vote_message(rec.id, clock.seat)
        if choice == "win":
            await self.parts.teller.tell(claimed)
        elif choice == "auto":
            await self.autoplay(rec)

    # -- the automatic player ---------------------------------------------------------------------

    async def autoplay(self, rec: GameRecord) -> None:
        """Take every decision of the seats the table plays for, until a player must act (or the
        game ends): the automatic player's decision is a command (``rules/<game>/auto.py``,
        through the master), each told like a player's, and its listeners ask for the next."""
        await self.parts.teller.follow([AutoPlay(rec.id)])

    async def resume_autoplay(self, shards: Shards | None = None) -> int:
        """At start-up: the games whose absent seats are to act play on (a process that died
        while playing them left them waiting) — of ``shards`` only, when this process serves some
        (each process resumes its own shards' games, as it fires their timers; ``claim_autoplay``
        keeps a game to one player anyway). Every game with a seat the table plays is looked at
        (``autoplay`` finds whether one is to act): such a seat has no clock, so its ``since``
        cannot tell. Returns how many games were looked at."""
        running = await self.store.games.find(status="active")
        absent = [g for g in running if (shards is None or shards.owns(g.guild_id)) and any(c.absent for c in g.clocks)]
        for rec in absent:
            await self.autoplay(rec)
        return len(absent)

    async def returned(self, rec: GameRecord, user_id: int) -> GameRecord:
        """A player the table played for used a command: the seat is theirs again."""
        back = None
        for c in rec.clocks:
            if c.user_id == user_id and c.absent is not None:
                back = await self.store.clocks.set_absent(rec.id, c.seat, False) or back
        if back is None:
            return rec
        self.poke()
        locale = plan.game_locale(back)
        await self.parts.transport.post(back, t("seat_back", locale, user=mention(user_id)), ping={user_id})
        return back

    # -- vacations --------------------------------------------------------------------------------

    async def go_away(self, interaction: discord.Interaction, days: int) -> None:
        locale = await self.parts.locales.set_locale(interaction)
        if not 1 <= days <= clocks.VACATION_DAYS:
            raise Refusal(t("away_range", locale, limit=clocks.VACATION_DAYS))
        try:
            prefs = self.parts.locales.remember(await self.store.clocks.go_away(interaction.user.id, days))
        except VacationLimit as exc:
            key = "away_none_left" if exc.left == 0 else "away_too_long"
            year = clocks.year_of(self.now())
            raise Refusal(t(key, locale, left=exc.left, limit=clocks.VACATION_DAYS, year=year)) from None
        self.poke()
        text = t(
            "away_set",
            locale,
            until=stamp(prefs.away_until, "f"),
            used=prefs.away_days,
            limit=clocks.VACATION_DAYS,
            year=prefs.away_year,
        )
        await reply(interaction, text, ephemeral=True)

    async def come_back(self, interaction: discord.Interaction) -> None:
        locale = await self.parts.locales.set_locale(interaction)
        prefs = await self.store.clocks.come_back(interaction.user.id)
        if prefs is None:
            raise Refusal(t("back_not_away", locale))
        self.parts.locales.remember(prefs)
        self.poke()
        text = t("back_set", locale, used=prefs.away_days, limit=clocks.VACATION_DAYS, year=prefs.away_year)
        await reply(interaction, text, ephemeral=True)
