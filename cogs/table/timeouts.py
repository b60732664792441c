"""When a seat's time runs out (issue 13): the thread says so, mentioning everyone, and the others
decide — Wait, Claim the win (two people) or Play on without them (three or four people, in a
game with a computer or an automatic player: a computer at normal level then plays the seat, issue
46) — by a majority of those who may vote (``cogs.table.core.votes``). The question's message
loses its buttons when it becomes moot: the player moved, a takeback, the game ended. A seat the
table plays (a computer's) has no clock, so no question is ever about it, and computers never vote.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace

import discord

from cogs import games
from cogs.table import plan
from cogs.table.absence import Absence
from cogs.table.buttons import Press, buttons
from cogs.table.clock_words import pace_words, stamp
from cogs.table.core import votes
from cogs.table.core.commands import Finish
from cogs.table.parts import Part, Parts
from cogs.table.respond import Refusal, locale_of, pings, reply
from cogs.table.ui import ButtonSpec, mention
from cogs.texts import computer_mark, join_words, t
from db.errors import StaleVersion, WrongStatus
from db.records import ABSENT_LEVEL, GameRecord, SeatClock, Timer
from rules.protocol import Ending, Outcome


class Timeouts(Part):
    def __init__(self, parts: Parts, absence: Absence) -> None:
        super().__init__(parts)
        self.absence = absence
        parts.router.on("timeout", self._vote)

    def voters(self, rec: GameRecord, overdue: SeatClock) -> list[int]:
        """Who decides (``cogs.table.core.votes.voters``): the other players, except those the table
        plays for (computers among them), those who resigned (the engine's ``resigned`` seats) and
        those the game is waiting for too."""
        resigned = rec.resigned_seats()
        waiting = [c.seat for c in rec.clocks if c.since is not None]
        table = [s for s in range(len(rec.players)) if rec.table_plays(s)]
        return list(votes.voters(rec.players, overdue.seat, waiting, resigned, table))

    def choices(self, rec: GameRecord) -> tuple[votes.Choice, ...]:
        """The choices about a late seat, by the game's size (its computers count: two people and a
        computer play on without a late one, they do not claim a win the computer would share);
        playing on needs a computer or an automatic player to take the late seat."""
        automatic = games.has_computer(rec.kind) or games.auto_player(rec.kind) is not None
        return votes.choices(len(set(rec.players)), automatic)

    @staticmethod
    def play_on_key(rec: GameRecord, key: str) -> str:
        """``key`` for playing on with the game's computer (``….computer``: a computer at
        :data:`ABSENT_LEVEL` takes the seat) or, for a game without one, its automatic player."""
        return f"{key}.computer" if games.has_computer(rec.kind) else key

    async def time_out(self, rec: GameRecord, clock: SeatClock, timer: Timer) -> None:
        if rec.table_plays(clock.seat):  # a computer has no deadline: nobody is asked about it
            return
        locale = plan.game_locale(rec)
        gone = not await self.absence.present(rec, clock.user_id)
        voters = self.voters(rec, clock)
        everyone = set(rec.people)
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
            t(
                self.play_on_key(rec, f"timeout.explain.{c}") if c == "auto" else f"timeout.explain.{c}",
                locale,
                user=mention(clock.user_id),
                pace=pace_words(rec.pace, locale),
                computer=computer_mark(ABSENT_LEVEL),
            )
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
        live = clock is not None and clock.since is not None and not rec.table_plays(clock.seat)
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
        elif choice == "auto":  # a computer at normal level plays the seat until its player is back
            changed = await self.store.clocks.set_absent(rec.id, clock.seat, ABSENT_LEVEL)
            text = t(self.play_on_key(rec, "timeout.auto"), locale, user=user, computer=computer_mark(ABSENT_LEVEL))
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
            await self.absence.autoplay(rec)
