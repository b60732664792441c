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
* a round left opening is finished by whoever holds it (:meth:`resume`, ``hold_opening``);
* a table's result is recorded once, a round closed once, each post claimed once
  (``mark_announced``): nothing is announced twice.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

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
from cogs.table.core.change import Change
from cogs.table.core.commands import Command
from db.base import Store
from db.errors import LeagueNotFound, LeagueStaleVersion, LeagueWrongStatus, NotJoined
from db.league_records import League, LeaguePlayer, LeagueRound, LeagueTable
from db.records import Shards
from db.time_source import Clock
from rules.league.config import LeagueConfig, LeagueError
from rules.league.rounds import PlayedRound
from rules.league.schedule import check_start
from rules.league.standings import Standing

log = logging.getLogger("deskovka.leagues")


@dataclass(frozen=True, slots=True)
class LeagueView:
    """What the commands show of a league (:meth:`LeagueRunner.standings_of`): its rules, its
    players (join order, withdrawn ones included), its rounds so far with their results (the
    current one with ``None`` for games still playing) and the standings from them."""

    league: League
    config: LeagueConfig
    players: list[LeaguePlayer]
    played: list[PlayedRound]
    standings: list[Standing]


class LeagueTelling(Protocol):
    """How a league's news reaches Discord (implemented in :mod:`cogs.leagues.telling`)."""

    async def game_made(self, change: Change) -> None:
        """A league game just made: told as a started game (its thread, clocks, DMs)."""

    async def pairings(self, league: League, round_no: int, tables: Sequence[LeagueTable]) -> None:
        """The round's pairings posted in the league's channel, and each player told their
        opponents and where to play (once: the caller claimed it)."""

    async def finished(self, view: LeagueView) -> None:
        """The league's final post: the winner and places, ties shown (once)."""


class LeagueRunner:
    """Starts leagues, opens and closes their rounds, records their games' results; ``table.leagues``."""

    def __init__(
        self,
        store: Callable[[], Store],
        clock: Clock,
        commit: Callable[[Command], Awaitable[Change | None]],
        telling: LeagueTelling | None = None,
        *,
        shards: Shards | None = None,
    ) -> None:
        self._store = store
        self.clock = clock
        self._commit = commit
        self.telling = telling
        self.shards = shards

    @property
    def store(self) -> Store:
        return self._store()

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
        config = LeagueConfig.from_json(league.format)
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
        await self.advance(league_id)

    async def withdraw(self, league_id: int, user_id: int, by_user: int) -> None:
        """``user_id`` leaves the running league (``by_user`` themselves, or the organizer, whose
        right the caller checked): their unfinished games are forfeited (the game ended, the
        table's result a forfeit) and they are out of later pairings (a two-player round robin
        keeps their places as forfeits). Refuses :class:`NoSuchLeague`, :class:`NotRunning`,
        :class:`NotAPlayer`, :class:`AlreadyWithdrawn`."""
        league = await self._league(league_id)
        try:
            player = await self.store.leagues.withdraw(league_id, user_id)
        except LeagueWrongStatus as e:
            raise NotRunning(status=e.status) from e
        except NotJoined as e:
            raise NotAPlayer() from e
        if player is None:
            raise AlreadyWithdrawn()
        log.info("league %s: %s withdrawn by %s", league_id, user_id, by_user)
        await self._forfeit_games(league, user_id)
        await self.advance(league_id)

    async def close_round(self, league_id: int, by_user: int) -> None:
        """The organizer (checked by the caller) closes the current round at or after its deadline:
        each unfinished game scored by the league's rule (:class:`~rules.league.config.Unfinished`)
        and ended as cancelled so nobody plays on; then the next round opens, or the league
        finishes. Refuses :class:`NoSuchLeague`, :class:`NotRunning`, :class:`RoundNotDue`
        (``deadline``), :class:`RoundStillOpening`."""
        league = await self._league(league_id)
        if league.status != "running" or league.current_round == 0:
            raise NotRunning(status=league.status)
        current = await self.store.leagues.get_round(league_id, league.current_round)
        if current.status == "opening":
            raise RoundStillOpening()
        if current.status == "open":
            if self.clock() < current.deadline:
                raise RoundNotDue(deadline=int(current.deadline))
            await self._close_unfinished(league, current, by_user)
        await self.advance(league_id)

    async def standings_of(self, league_id: int) -> LeagueView:
        """The league as the commands show it (:class:`LeagueView`: config, players, rounds played
        so far, standings). :class:`NoSuchLeague`."""
        league = await self._league(league_id)
        return await self._view(league)

    async def advance(self, league_id: int) -> None:
        """Move the league on as far as it goes now: finish opening the current round, close it
        when every table has its result, open the next or finish the league. Safe to call any
        number of times from any process (every step is claimed in the store)."""
        raise NotImplementedError

    async def _forfeit_games(self, league: League, user_id: int) -> None:
        raise NotImplementedError

    async def _close_unfinished(self, league: League, current: LeagueRound, by_user: int) -> None:
        raise NotImplementedError

    async def _view(self, league: League) -> LeagueView:
        raise NotImplementedError

    async def _league(self, league_id: int) -> League:
        try:
            return await self.store.leagues.get(league_id)
        except LeagueNotFound as e:
            raise NoSuchLeague() from e
