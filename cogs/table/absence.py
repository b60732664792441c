"""Players who are not there (issue 13): who left the server, who is on vacation, and the seats
the table plays for.

A player who left the server is absent from then on: found when fetching the member fails
(Unknown Member) as a reminder fires or a turn starts, it brings the seat's deadline to now. A
vacation (``/game away``, ``/game back``) stops the player's clocks, within a yearly limit; with
``computer:`` a level, a computer of that level plays the player's seats in their running games
until it ends instead (issue 46 §1; a game started during the vacation is the player's own: its
clocks wait for the vacation's end, as without a computer). A seat whose player's time ran out and
the others chose to play on without them is played by a computer at normal level (the game's
automatic player where it has no computer, or its computer fails) until the player uses a command
again (``finder.returned``) — which also gives back a seat handed over for a vacation. The games
whose table-played seats were to act when a process died play on as the process starts
(``teller.caught_up``).

The table's decisions are told like a player's, after a short pause (``COMPUTER_PAUSE``, issue 46
§1): when a seat the table plays is to act, an ``autoplay`` timer is set in the store, due after
the pause, and its firing has the master take the decision — so the pause runs on the bot's clock
and survives a restart. A game where no person is left to play (every seat still in it a
computer's) is cancelled instead of being played by computers alone for ever.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from cogs.table import plan
from cogs.table.clock_words import stamp
from cogs.table.core.change import Cause, Change
from cogs.table.core.commands import AutoPlay, Cancel, Command
from cogs.table.core.progress import Progress
from cogs.table.parts import Part, Parts
from cogs.table.respond import Refusal, reply
from cogs.table.ui import mention
from cogs.texts import computer_mark, t
from db import clocks
from db.errors import VacationLimit
from db.records import (
    ABSENT_LEVEL,
    COMPUTER_LEVELS,
    GameRecord,
    SeatClock,
    Shards,
    Timer,
    Vacation,
    computer_level,
)

log = logging.getLogger("deskovka.clocks")

UNKNOWN_MEMBER = 10007
PRESENT_TTL = 3600.0
"""A member seen in the server is not asked for again for this long (fake-clock seconds)."""


@dataclass(frozen=True, slots=True)
class NobodyLeft(Cause):
    """The game was cancelled because no person is left to play it (issue 46 §1)."""


def nobody_left(rec: GameRecord, state: object) -> bool:
    """Whether every seat still in the game (not resigned) is a computer's: no person is left to
    play it, and computers would play on alone for ever. A person's seat the table plays for a
    while (a late player's, a vacation's) still has its person, who may come back."""
    if state is None:
        return False
    left = seats_left(rec, state)
    return bool(left) and all(rec.computer_at(s) is not None for s in left)


def seats_left(rec: GameRecord, state: object) -> list[int]:
    """The seats still in the game in ``state``: not resigned."""
    out = rec.resigned_seats(state)
    return [s for s in range(len(rec.players)) if s not in out]


class Absence(Part):
    def __init__(self, parts: Parts, pause: float = 0.0) -> None:
        super().__init__(parts)
        self.pause = pause
        """Seconds before the table's decision is told (``COMPUTER_PAUSE``; 0: at once)."""
        self._present: dict[tuple[int, int], float] = {}
        """(server, user) → when they last used the bot there (a cache: a member seen within the
        hour is not fetched again; another process that did not see them fetches once — the only
        cost of a stale or missing entry is one REST call)."""
        parts.teller.caught_up.append(self.resume_autoplay)
        parts.locales.seen.append(self.seen)
        parts.finder.returned = self.returned

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
        call, remembered for an hour); an answer other than Unknown Member counts as present. A
        computer (issue 46) is always there."""
        if rec.guild_id is None or computer_level(user_id) is not None:
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

    # -- the automatic player ---------------------------------------------------------------------

    async def autoplay(self, rec: GameRecord) -> None:
        """Take every decision of the seats the table plays for, until a player must act (or the
        game ends): the computer's decision is a command (through the master), each told like a
        player's, and its listeners ask for the next — each after the pause
        (:meth:`next_decision`). A game no person is left to play is cancelled instead."""
        if rec.state_json is None:  # a listing's record (``games.find``) has no state
            rec = await self.store.games.get(rec.id)
        if rec.status != "active" or rec.engine is None or rec.state_json is None:
            return
        state = rec.load_state()
        await self.parts.teller.follow(await self.follow_up(rec, state, rec.engine.to_act(state)))

    async def next_decision(self, rec: GameRecord) -> list[Command]:
        """A seat the table plays is to act in ``rec``: its decision now (no pause), or after the
        pause — the game's ``autoplay`` timer, due then (one already waiting stays as it is), whose
        firing (:meth:`pause_over`) has the master decide."""
        if self.pause <= 0:
            return [AutoPlay(rec.id)]
        due = await self.store.clocks.schedule_autoplay(rec.id, self.pause)
        if due is not None:
            self.poke(due)
        return []

    async def pause_over(self, rec: GameRecord, timer: Timer) -> None:
        """An ``autoplay`` timer: the pause is over, the table takes its decision (none when the
        game moved on meanwhile: the master looks at it as it is now)."""
        await self.parts.teller.follow([AutoPlay(rec.id)])

    async def follow_up(self, rec: GameRecord, state: object, to_act: Sequence[int]) -> list[Command]:
        """What follows a change that leaves ``rec`` running in ``state`` with ``to_act`` to act:
        its cancellation when no person is left to play it (:func:`nobody_left`), else the table's
        next decision when a seat it plays is to act."""
        if nobody_left(rec, state):
            log.info("game %s: no person is left to play; cancelled", rec.id)
            return [Cancel(rec.id, self.computer_left(rec, state), cause=NobodyLeft())]
        if any(rec.table_plays(s) for s in to_act):
            return await self.next_decision(rec)
        return []

    @staticmethod
    def computer_left(rec: GameRecord, state: object) -> int:
        """The computer a game nobody is left to play is cancelled by (its record says so: the
        result reads "no person was left", ``cogs/table/results.py``)."""
        left = [rec.players[s] for s in seats_left(rec, state) if rec.computer_at(s) is not None]
        return left[0] if left else rec.players[-1]

    async def show_nobody_left(
        self, change: Change, cause: NobodyLeft, interaction: discord.Interaction | None, progress: Progress
    ) -> None:
        """The thread hears why its game ended; its people (those who resigned among them) are pinged."""
        rec = change.record
        text = t("cancelled.nobody_left", plan.game_locale(rec), game=rec.id)
        await self.parts.transport.post(rec, text, ping=set(rec.people))

    async def resume_autoplay(self, shards: Shards | None = None) -> int:
        """At start-up: the games whose table-played seats (a computer's, or an absent person's)
        are to act play on (a process that died while playing them left them waiting) — of
        ``shards`` only, when this process serves some (each process resumes its own shards'
        games, as it fires their timers; ``claim_autoplay`` keeps a game to one player anyway).
        Every game with a seat the table plays is looked at: such a seat has no clock, so its
        ``since`` cannot tell. A game whose pause was running keeps its timer (due when it was);
        one no person is left to play is cancelled. Returns how many games were looked at."""
        running = await self.store.games.find(status="active")
        played = [
            g
            for g in running
            if (shards is None or shards.owns(g.guild_id)) and any(g.table_plays(s) for s in range(len(g.players)))
        ]
        for rec in played:
            await self.autoplay(rec)
        return len(played)

    async def returned(self, rec: GameRecord, user_id: int) -> GameRecord:
        """A player the table played for used a command: the seat is theirs again — unless they
        resigned it (the computer plays it to the end: Shitenno SH-R.6, issue 46 §1)."""
        back = None
        resigned = rec.resigned_seats()
        for c in rec.clocks:
            if c.user_id == user_id and c.absent is not None and c.seat not in resigned:
                back = await self.store.clocks.set_absent(rec.id, c.seat, None) or back
        if back is None:
            return rec
        self.poke()
        await self.tell_back(back, user_id)
        return back

    async def tell_back(self, rec: GameRecord, user_id: int) -> None:
        """The game's thread hears that the player plays their seat again."""
        locale = plan.game_locale(rec)
        await self.parts.transport.post(rec, t("seat_back", locale, user=mention(user_id)), ping={user_id})

    async def vacation_over(self, rec: GameRecord, timer: Timer) -> None:
        """A ``back`` timer: the vacation that handed the seat to a computer ended (a vacation
        made longer since moved the timer, one ended early took it away), so the player has the
        seat back — their clock starts if it must act — and the thread hears it."""
        if rec.status != "active" or timer.seat is None or timer.seat >= len(rec.players):
            return
        back = await self.store.clocks.set_absent(rec.id, timer.seat, None)
        if back is None:
            return
        self.poke()
        await self.tell_back(back, back.players[timer.seat])

    # -- vacations --------------------------------------------------------------------------------

    async def go_away(self, interaction: discord.Interaction, days: int, computer: str | None = None) -> None:
        """``/game away``: a vacation that stops the player's clocks or, with ``computer`` (a level),
        hands their seats in their running games to a computer until it ends; each game's thread
        hears who plays for them."""
        locale = await self.parts.locales.set_locale(interaction)
        if not 1 <= days <= clocks.VACATION_DAYS:
            raise Refusal(t("away_range", locale, limit=clocks.VACATION_DAYS))
        if computer is not None and computer not in COMPUTER_LEVELS:
            raise Refusal(t("computers_unknown", locale, levels=", ".join(f"`{x}`" for x in COMPUTER_LEVELS)))
        try:
            vacation = await self.store.clocks.start_vacation(interaction.user.id, days, computer)
        except VacationLimit as exc:
            key = "away_none_left" if exc.left == 0 else "away_too_long"
            year = clocks.year_of(self.now())
            raise Refusal(t(key, locale, left=exc.left, limit=clocks.VACATION_DAYS, year=year)) from None
        prefs = self.parts.locales.remember(vacation.prefs)
        self.poke()
        text = t(
            "away_set" if computer is None else "away_set.computer",
            locale,
            until=stamp(prefs.away_until, "f"),
            used=prefs.away_days,
            limit=clocks.VACATION_DAYS,
            year=prefs.away_year,
            computer=computer_mark(computer or ABSENT_LEVEL),
        )
        await reply(interaction, text, ephemeral=True)
        await self.tell_vacation(interaction.user.id, vacation, computer)

    async def tell_vacation(self, user_id: int, vacation: Vacation, computer: str | None) -> None:
        """Each game whose seat a vacation handed to a computer hears until when and who plays for
        the player (and that computer takes the decision due now); each it gave back hears so."""
        for game_id in vacation.handed:
            rec = await self.store.games.get(game_id)
            locale = plan.game_locale(rec)
            text = t(
                "away.handed",
                locale,
                user=mention(user_id),
                until=stamp(vacation.prefs.away_until, "f"),
                computer=computer_mark(computer or ABSENT_LEVEL),
            )
            await self.parts.transport.post(rec, text, ping=set())
            await self.autoplay(rec)
        for game_id in vacation.returned:
            await self.tell_back(await self.store.games.get(game_id), user_id)

    async def come_back(self, interaction: discord.Interaction) -> None:
        locale = await self.parts.locales.set_locale(interaction)
        vacation = await self.store.clocks.end_vacation(interaction.user.id)
        if vacation is None:
            raise Refusal(t("back_not_away", locale))
        prefs = self.parts.locales.remember(vacation.prefs)
        self.poke()
        text = t("back_set", locale, used=prefs.away_days, limit=clocks.VACATION_DAYS, year=prefs.away_year)
        await reply(interaction, text, ephemeral=True)
        await self.tell_vacation(interaction.user.id, vacation, None)
