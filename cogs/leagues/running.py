"""A league's rounds run themselves (issue 47 §1, §3; DESIGN §9): the league starts, each round is
paired by the pure core (:func:`rules.league.schedule.next_round`), claimed in the store and its
games made exactly once, a game's end is its table's result, and a round whose last game ended
closes and the next opens — or the league finishes. The organizer may close a round at its deadline
(unfinished games scored by the league's rule) and a player may withdraw (their unfinished games
forfeited).

This module decides and commits; it knows no Discord. Telling (a game's thread and DMs, the
pairings post, the final post) is :class:`LeagueTelling`'s, given by the table
(:mod:`cogs.leagues.telling`). The commands (``cogs/leagues/cog.py``) call :class:`LeagueRunner`
as ``table.leagues``; a refusal is a :class:`~cogs.leagues.errors.LeagueRefusal` (nothing changed).

Exactly once, with several processes on one store and a kill -9 anywhere:

* a round is claimed once (:meth:`db.repos.leagues.LeaguesRepo.claim_round`); its games are made by
  the master's :class:`~cogs.table.core.commands.LeagueGame`, once per table (the store links the
  game to its table in the transaction that makes it), each written with its ``start`` change
  kept until told, so a game made by a process that died is told by the catch-up;
* a round left opening is finished by whoever holds it (``hold_opening`` in :meth:`move`; a dead
  holder's hold lapses after ``ROUND_LEASE``, and the poll wakes then);
* a table's result is recorded once, a round closed once;
* each post (a round's pairings with its DMs, its results, the final post, the deadline notice, a
  withdrawal) is told as a game's change is (:mod:`cogs.leagues.posts`): each piece written down
  as it is made and sent with its nonce, the post marked told after its last piece
  (``mark_announced``, ``mark_withdrawal_told``); a process killed part way leaves it untold, and
  the next one (its tick at start-up, its poll) finishes it, skipping the pieces made — nothing is
  lost, nothing announced twice, and the posts come in their order (a round's pairings before its
  results, the results before the next round's pairings);
* only the process that serves the league's server acts on it (its listener hears its games, its
  poll reads only its shards' leagues).

The listener (:meth:`LeagueRunner.on_change`) hears "a game ended", records its table's result and
returns :class:`~cogs.table.core.commands.MoveLeague` (DESIGN §5: listeners return commands); the
table's follow loop hands it to :meth:`LeagueRunner.move` after that change was told. A move
commits, never tells a game: the changes it made (the round's new games, games ended) go back to
the follow loop, which tells them and then moves the league on again (the pairings name the games'
threads, made as they are told). So the league's lock is never held while anything is told — no
telling inside a telling, and a game ended by the league (a withdrawal's resignation, a round
closed) asks for a move that simply waits its turn. The commands and the poll move a league the
same way, through the table's follow loop (``follow``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from cogs.leagues.announcing import Announcer
from cogs.leagues.errors import (
    AlreadyWithdrawn,
    Busy,
    CannotStart,
    NoSuchLeague,
    NotAPlayer,
    NotInSignup,
    NotRunning,
    RoundNotDue,
    RoundStillOpening,
)
from cogs.leagues.game_causes import LeagueClosed, LeftLeague
from cogs.leagues.view import LeagueTelling, LeagueView, league_config, league_view
from cogs.table.core.change import Cause, Change
from cogs.table.core.commands import Act, Cancel, Command, FollowUp, LeagueGame, MoveLeague
from db.base import Store
from db.errors import (
    GameNotFound,
    LeagueNotFound,
    LeagueStaleVersion,
    LeagueWrongStatus,
    NotJoined,
    RoundClaimed,
    RoundIncomplete,
    RoundOutOfOrder,
    RoundWrongStatus,
    StaleVersion,
    WrongStatus,
)
from db.league_records import League, LeaguePlayer, LeagueRound, LeagueTable
from db.ratings import ranking
from db.records import GameRecord, Shards
from db.time_source import Clock
from rules.errors import RuleError
from rules.league.config import LeagueError
from rules.league.rounds import PlayedRound, Result, Round, Table
from rules.league.schedule import check_start, next_round
from rules.protocol import Ending

log = logging.getLogger("deskovka.leagues")

STEPS = 50
"""Steps one :meth:`LeagueRunner.advance` takes at most (a round is three or four: a bug must not loop)."""
POLL = 3600.0
"""Seconds between looks for rounds left opening by a process that died (and anything else no
moment in the store announces). A start date and a round's deadline are not waited for by it: the
poll sleeps until the earliest of them (:meth:`~db.repos.leagues.Leagues.next_due`), so a league
starts on its date and a deadline is told when it passes, on the replaceable clock."""


def store_tables(round: Round) -> list[tuple[int, ...]]:
    """A paired round as the store keeps it: its tables in board order, then each bye as a table
    of one."""
    return [t.seats for t in round.tables] + [(b,) for b in round.byes]


def game_result(rec: GameRecord, forfeited: frozenset[int]) -> Result:
    """A league game's result from how it ended (issue 47 §1: results only from the games): the
    players' places by its outcome (winners, draw, scores, resignations: the ratings' ranking); a
    game cancelled or expired is unfinished (the league's rule scores it). ``forfeited``: its
    players who withdrew from the league, below everyone."""
    outcome = rec.outcome
    if rec.status != "finished" or outcome is None or outcome.ending in (Ending.CANCELLED, Ending.EXPIRED):
        return Result.closed_unfinished(forfeited)
    places = ranking(outcome, len(rec.players), rec.resigned_seats())
    result = Result.from_places(rec.players, places)
    if not forfeited:
        return result
    order = tuple(g - forfeited for g in result.order if g - forfeited)
    return Result(order, forfeited)


def forfeited_at(table: LeagueTable, players: Sequence[LeaguePlayer]) -> frozenset[int]:
    """The table's players who withdrew by its round (a later withdrawal forfeits later games)."""
    gone = {p.user_id for p in players if p.withdrawn_round is not None and p.withdrawn_round <= table.round_no}
    return frozenset(u for u in table.seats if u in gone)


class LeagueRunner:
    """Starts leagues, opens and closes their rounds, records their games' results; ``table.leagues``.
    ``commit`` is the teller's (the master runs every change of a game); ``follow`` the teller's
    follow loop (it tells the changes given it, runs what their listeners ask, and hands each
    :class:`MoveLeague` to :meth:`move`); ``telling`` tells the league's own posts (None: nothing
    told, as in tests of the deciding alone)."""

    def __init__(
        self,
        store: Callable[[], Store],
        clock: Clock,
        commit: Callable[[Command], Awaitable[Change | None]],
        follow: Callable[[Sequence[Change | FollowUp]], Awaitable[None]],
        telling: LeagueTelling | None = None,
        *,
        shards: Shards | None = None,
        game_options: Callable[[str, Mapping[str, Any]], Mapping[str, Any]] | None = None,
    ) -> None:
        """``game_options``: the options a game of a kind is opened with from the league's (the
        table's, ``cogs.games.table_options``: a resigned seat of a game of three or more played
        on by a computer, as in any game the table opens; None: the league's as they are)."""
        self._store = store
        self._game_options = game_options
        self.clock = clock
        self._commit = commit
        self.follow = follow
        self.telling = telling
        self.posts = Announcer(lambda: self.store, lambda: self.telling)
        self.shards = shards
        self._locks: dict[int, asyncio.Lock] = {}
        self._poll: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()

    @property
    def store(self) -> Store:
        return self._store()

    # -- what the commands call ------------------------------------------------------------------

    async def start(self, league_id: int, by_user: int) -> None:
        """Sign-up → running and round 1 opened (its games made and told, its pairings posted).
        ``by_user`` is the organizer (the caller checked their right to manage), or 0 when its start
        date came. Refuses :class:`NoSuchLeague`, :class:`NotInSignup`, :class:`CannotStart`
        (too few players for the league: 3, or two tables' worth for a game of tables;
        ``reason`` ``too_few_players`` with ``count``/``least``, or ``too_many_rounds`` with
        ``rounds``/``most``), :class:`Busy` (someone joined or left meanwhile)."""
        league = await self._league(league_id)
        if league.status != "signup":
            raise NotInSignup(status=league.status)
        config = league_config(league)
        players = await self.store.leagues.players(league_id)
        try:
            check_start(config, len(players))
        except LeagueError as e:
            raise CannotStart(e.code, **e.params) from e
        try:
            await self.store.leagues.set_status(league_id, "running", expected_version=league.version)
        except LeagueStaleVersion as e:
            raise Busy() from e
        except LeagueWrongStatus as e:
            raise NotInSignup(status=e.status) from e
        log.info("league %s started by %s with %s players", league_id, by_user, len(players))
        if self.telling is not None:
            await self.telling.started(league_id)
        await self.advance(league_id)

    async def withdraw(self, league_id: int, user_id: int, by_user: int) -> None:
        """``user_id`` leaves the running league (``by_user`` themselves, or the organizer, whose
        right the caller checked): their unfinished games are forfeited (resigned for them, or
        ended when the game refuses a resignation; the table's result a forfeit) and they are out
        of later pairings (a two-player round robin keeps their places as forfeits); the league's
        channel is told (by :meth:`advance`, in the league's order of posts; after a crash, by
        the next process). Refuses
        :class:`NoSuchLeague`, :class:`NotRunning`, :class:`NotAPlayer`, :class:`AlreadyWithdrawn`."""
        league = await self._league(league_id)
        try:
            player = await self.store.leagues.withdraw(league_id, user_id, by_user)
        except LeagueWrongStatus as e:
            raise NotRunning(status=e.status) from e
        except NotJoined as e:
            raise NotAPlayer() from e
        if player is None:
            raise AlreadyWithdrawn()
        log.info("league %s: %s withdrawn by %s", league_id, user_id, by_user)
        async with self._lock(league_id):
            ended = await self._forfeit_games(league, user_id)
        await self.follow([*ended, MoveLeague(league_id)])  # its games told, then the withdrawal

    async def close_round(self, league_id: int, by_user: int) -> None:
        """The organizer (checked by the caller) closes the current round at or after its deadline:
        each unfinished game scored by the league's rule (:class:`~rules.league.config.Unfinished`)
        and ended as cancelled so nobody plays on; then the next round opens, or the league
        finishes. Refuses :class:`NoSuchLeague`, :class:`NotRunning`, :class:`RoundNotDue`
        (``deadline``: Unix seconds), :class:`RoundStillOpening`."""
        league = await self._league(league_id)
        if league.status != "running" or league.current_round == 0:
            raise NotRunning(status=league.status)
        current = await self.store.leagues.get_round(league_id, league.current_round)
        if current.status == "opening":
            raise RoundStillOpening()
        if current.status == "open":
            if self.clock() < current.deadline:
                raise RoundNotDue(deadline=int(current.deadline))
            async with self._lock(league_id):
                ended = await self._close_unfinished(league, current, by_user)
            await self.follow([*ended, MoveLeague(league_id)])
            return
        await self.advance(league_id)

    async def standings_of(self, league_id: int) -> LeagueView:
        """The league as the commands show it (:class:`LeagueView`: config, players, rounds played
        so far, standings). :class:`NoSuchLeague`."""
        return await self._view(await self._league(league_id))

    # -- the rounds running themselves -------------------------------------------------------------

    async def advance(self, league_id: int) -> None:
        """Move the league on as far as it goes now: finish opening the current round (its games
        made and told, its pairings posted), close it when every table has its result, post its
        results, open the next or finish the league — by the table's follow loop (:meth:`move`,
        the games' changes told between). Safe to call any number of times from any process
        (every step is claimed in the store)."""
        await self.follow([MoveLeague(league_id)])

    async def move(self, command: MoveLeague) -> list[Change | FollowUp]:
        """The league moved on as far as it goes without telling a game, one move at a time per
        league in this process: the changes of the games it made (the round's games; told by the
        caller, in order) followed by ``command`` again (the league goes on once they are told:
        its pairings name their threads); nothing when it went as far as it goes."""
        league_id = command.league_id
        async with self._lock(league_id):
            for _ in range(STEPS):
                made = await self._step(league_id)
                if made is None:
                    return []
                if made:
                    return [*made, command]
            log.error("league %s: still moving after %s steps; left for the next call", league_id, STEPS)
            return []

    async def _step(self, league_id: int) -> list[Change] | None:
        """One step of :meth:`move`: the changes of games it made (none: it went on without), or
        None when there is nothing more to do now."""
        league = await self.store.leagues.get(league_id)
        if league.status != "running":
            return None
        if league.current_round == 0:
            return [] if await self._claim_next(league, []) else None
        current = await self.store.leagues.get_round(league_id, league.current_round)
        if current.status == "opening":
            if not await self.store.leagues.hold_opening(league_id, current.round_no):
                return None  # another process is opening it
            made = await self._make_games(league, current)
            await self.store.leagues.open_round(league_id, current.round_no)
            return made
        if current.status == "open":
            if current.announced_at is None:
                if not await self._games_told(league_id, current.round_no):
                    return None  # moved on after they are told (by the follow loop that made them, or the catch-up)
                await self.posts.pairings(league, current.round_no)
            await self.posts.withdrawals(league)
            await self._sweep_results(league, current.round_no)
            if not await self.store.leagues.round_complete(league_id, current.round_no):
                return None
            with contextlib.suppress(LeagueStaleVersion, RoundWrongStatus, RoundIncomplete):  # moved meanwhile
                await self.store.leagues.close_round(league_id, current.round_no, expected_version=league.version)
            return []
        await self.posts.withdrawals(league)
        view = await self._view(league)
        last = current.round_no >= view.total_rounds or not self._pairable(view)
        if current.results_announced_at is None:
            await self.posts.results(view, current.round_no, last)
        if last:
            try:
                await self.store.leagues.set_status(league_id, "finished", expected_version=league.version)
            except (LeagueStaleVersion, LeagueWrongStatus):
                return []
            log.info("league %s finished after %s rounds", league_id, current.round_no)
            return None
        return [] if await self._claim_next(league, view.played, view) else None

    @staticmethod
    def _pairable(view: LeagueView) -> bool:
        """Whether another round can be paired with the players still in (a league whose players
        withdrew down to one is over)."""
        active = [p for p in view.players if p.active]
        return len(active) >= 2

    async def _claim_next(self, league: League, played: Sequence[PlayedRound], view: LeagueView | None = None) -> bool:
        """Pair the next round (the core) and claim it with its tables (the store): False when
        another process claimed it (it opens it) or nothing is to be paired."""
        players = view.players if view is not None else await self.store.leagues.players(league.id)
        withdrawn = {p.user_id for p in players if not p.active}
        try:
            paired = next_round(league_config(league), [p.user_id for p in players], played, withdrawn, seed=league.id)
            await self.store.leagues.claim_round(
                league.id, paired.number, store_tables(paired), expected_version=league.version
            )
        except LeagueError:
            log.exception("league %s: round %s cannot be paired", league.id, len(played) + 1)
            return False
        except (RoundClaimed, RoundOutOfOrder, LeagueWrongStatus):
            return False
        except LeagueStaleVersion:
            return True  # someone joined, withdrew or claimed meanwhile: look again
        log.info("league %s: round %s claimed with %s tables", league.id, paired.number, len(paired.tables))
        self.poke()  # its deadline is the poll's next moment
        return True

    async def _make_games(self, league: League, current: LeagueRound) -> list[Change]:
        """Every table of the round still without its game gets it (made by the master; its change
        returned, to be told as a started game); a table with a withdrawn player gets its forfeit
        instead."""
        made: list[Change] = []
        players = await self.store.leagues.players(league.id)
        gone = {p.user_id for p in players if not p.active}
        for table in await self.store.leagues.tables_without_game(league.id, current.round_no):
            forfeited = frozenset(u for u in table.seats if u in gone)
            if forfeited:
                result = Table(table.seats, forfeited).forfeit_result()
                await self.store.leagues.record_result(league.id, table.round_no, table.table_no, result.to_json())
                continue
            change = await self._commit(
                LeagueGame(
                    table.key,
                    league.kind,
                    table.seats,
                    league.options if self._game_options is None else self._game_options(league.kind, league.options),
                    league.guild_id,
                    league.channel_id,
                    league.created_by,
                    league.pace,
                    league.language,
                )
            )
            if change is not None:
                made.append(change)
        return made

    async def _games_told(self, league_id: int, round_no: int) -> bool:
        """Whether every game of the round was told (its thread made: the pairings name it)."""
        for table in await self.store.leagues.tables(league_id, round_no):
            if table.game_id is not None and (await self.store.games.get(table.game_id)).announced == 0:
                return False
        return True

    async def _sweep_results(self, league: League, round_no: int) -> None:
        """Tables whose game ended while no listener heard it (a process killed after telling the
        end): their results recorded now."""
        players: list[LeaguePlayer] | None = None
        for table in await self.store.leagues.tables(league.id, round_no):
            if table.bye or table.result is not None or table.game_id is None:
                continue
            try:
                rec = await self.store.games.get(table.game_id)
            except GameNotFound:
                continue
            if rec.status in ("lobby", "active"):
                continue
            players = players if players is not None else await self.store.leagues.players(league.id)
            await self._record(table, rec, players)

    async def _record(self, table: LeagueTable, rec: GameRecord, players: Sequence[LeaguePlayer]) -> bool:
        result = game_result(rec, forfeited_at(table, players))
        league_id, round_no, table_no = table.key
        recorded = await self.store.leagues.record_result(league_id, round_no, table_no, result.to_json())
        if recorded:
            log.info("league %s round %s table %s: game %s ended", league_id, round_no, table_no, rec.id)
        return recorded

    async def _forfeit_games(self, league: League, user_id: int) -> list[Change]:
        """The withdrawn player's games of the current round that are still playing: resigned for
        them (the game's result then follows as any other, the player forfeited); a game that
        refuses the resignation is scored as a forfeit and cancelled. The changes, to be told."""
        ended: list[Change] = []
        if league.current_round == 0:
            return ended
        for table in await self.store.leagues.tables(league.id, league.current_round):
            if user_id not in table.seats or table.result is not None or table.game_id is None:
                continue
            rec = await self.store.games.get(table.game_id)
            if rec.status != "active" or rec.engine is None:
                continue
            seat = rec.players.index(user_id)
            try:
                action = rec.engine.parse_action("resign", rec.load_state())
                change = await self._commit(Act(rec.id, seat, action, by_user=user_id, cause=LeftLeague(league.name)))
            except (RuleError, StaleVersion, WrongStatus):
                log.info("game %s: no resignation for %s; scored as a forfeit", rec.id, user_id)
                others = [u for u in table.seats if u != user_id]
                forfeit = Result((frozenset(others),), frozenset({user_id}))
                await self.store.leagues.record_result(league.id, table.round_no, table.table_no, forfeit.to_json())
                change = await self._end(rec.id, user_id, LeftLeague(league.name))
            if change is not None:
                ended.append(change)
        return ended

    async def _close_unfinished(self, league: League, current: LeagueRound, by_user: int) -> list[Change]:
        """The round's games still playing: scored by the league's unfinished rule, then cancelled
        (the changes, to be told)."""
        ended: list[Change] = []
        players = await self.store.leagues.players(league.id)
        for table in await self.store.leagues.tables(league.id, current.round_no):
            if table.bye or table.result is not None or table.game_id is None:
                continue
            rec = await self.store.games.get(table.game_id)
            if rec.status not in ("lobby", "active"):
                await self._record(table, rec, players)
                continue
            result = Result.closed_unfinished(forfeited_at(table, players))
            await self.store.leagues.record_result(league.id, table.round_no, table.table_no, result.to_json())
            change = await self._end(
                rec.id, by_user, LeagueClosed(league.name, current.round_no, league_config(league).unfinished.value)
            )
            if change is not None:
                ended.append(change)
        return ended

    async def _end(self, game_id: int, by_user: int, cause: Cause) -> Change | None:
        try:
            return await self._commit(Cancel(game_id, by_user, cause=cause))
        except (StaleVersion, WrongStatus):
            return None

    # -- the listener and the start-up ---------------------------------------------------------------

    async def on_change(self, change: Change) -> list[FollowUp]:
        """A game that ended (by its rules, a resignation, on time, cancelled) and was made for a
        league table: its result recorded, and the league moved on after this telling (the
        :class:`MoveLeague` returned, which the table hands to :meth:`move`). A league game the
        catch-up told (its telling had failed or its process died) moves the league on too: the
        round's pairings wait for every game of the round to be told, and would otherwise wait
        for the next poll."""
        if change.outcome is None and not change.caught_up:
            return []
        table = await self.store.leagues.table_of_game(change.game_id)
        if table is None:
            return []
        if change.outcome is not None and table.result is None:
            rec = await self.store.games.get(change.game_id)
            if rec.status not in ("lobby", "active"):
                await self._record(table, rec, await self.store.leagues.players(table.league_id))
        return [MoveLeague(table.league_id)]

    async def _advance_logged(self, league_id: int) -> None:
        try:
            await self.advance(league_id)
        except Exception:
            log.exception("league %s: moving on failed; the next game's end or the poll tries again", league_id)

    async def caught_up(self, shards: Shards | None = None) -> None:
        """After the start-up catch-up: :meth:`tick` once, then at each league's next moment."""
        looked = self.clock()
        try:
            await self.tick()
        except Exception:
            log.exception("leagues not resumed at start-up")
        if self._poll is None or self._poll.done():
            self._poll = asyncio.create_task(self._polling(looked), name="deskovka-leagues")

    async def _polling(self, looked: float) -> None:
        """Sleep until the next start date or deadline in the store after the last look
        (``looked``: when the last tick began; at most :data:`POLL`) or until :meth:`poke`, then
        tick. A moment that came while the last tick ran is in the reading, so it is not missed;
        the wake is cleared before the reading, so a poke meanwhile is in it or wakes it."""
        while True:
            self._wake.clear()
            until = self.clock() + POLL
            try:
                due = await self.store.leagues.next_due(looked, self.shards)
            except Exception:
                log.exception("the leagues' next moment not read; again in %s s", POLL)
                due = None
            await self.clock.sleep_until(until if due is None else min(due, until), self._wake)
            looked = self.clock()
            try:
                await self.tick()
            except Exception:
                log.exception("league poll failed; again in %s s", POLL)

    def poke(self) -> None:
        """A start date or a deadline may have been set (a league made, a round opened): the poll
        reads the next moment again."""
        self._wake.set()

    async def tick(self) -> None:
        """What no game's end brings about, for this process's servers: leagues whose start date
        came start (or are cancelled-in-waiting: a league that cannot start stays in sign-up and
        is logged), rounds left opening by a process that died are finished, posts it left untold
        are finished (skipping the pieces it made), running leagues whose round is complete move
        on, and a round past its deadline is told to its organizer."""
        for league in await self.store.leagues.signups_due(self.shards):
            try:
                await self.start(league.id, 0)
            except Exception as e:
                log.info("league %s did not start on its date: %s", league.id, e)
        for round in await self.store.leagues.rounds_opening(self.shards):
            await self._advance_logged(round.league_id)
        for league_id in await self.store.leagues.leagues_untold(self.shards):
            await self._advance_logged(league_id)
        for round in await self.store.leagues.rounds_due(self.shards):
            await self._advance_logged(round.league_id)
            try:
                async with self._lock(round.league_id):
                    await self.posts.due(round)
            except Exception:
                log.exception("league %s: round %s's deadline not told", round.league_id, round.round_no)

    async def stop(self) -> None:
        task, self._poll = self._poll, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    # -- reading and telling -----------------------------------------------------------------------

    async def _view(self, league: League) -> LeagueView:
        return await league_view(self.store, league)

    async def _league(self, league_id: int) -> League:
        try:
            return await self.store.leagues.get(league_id)
        except LeagueNotFound as e:
            raise NoSuchLeague() from e

    def _lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())
