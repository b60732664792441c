"""What a league is at a moment, as the commands show it and the posts tell it (:class:`LeagueView`,
read by :func:`league_view`), and how the league's news reaches Discord (:class:`LeagueTelling`,
implemented in :mod:`cogs.leagues.telling`). Knows no Discord."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cogs.leagues.posts import PostProgress
from db.base import Store
from db.league_records import League, LeaguePlayer, LeagueTable
from rules.league.config import LeagueConfig
from rules.league.rounds import PlayedRound, Result, Round, Table
from rules.league.schedule import total_rounds
from rules.league.standings import Standing, standings


@dataclass(frozen=True, slots=True)
class LeagueView:
    """What the commands show of a league (:meth:`LeagueRunner.standings_of`): its rules, its
    players (join order, withdrawn ones included), its rounds so far with their results (the
    current one with ``None`` for games still playing), the standings from them, and each round's
    tables as stored (their games: ``tables[n - 1]`` is round ``n``'s)."""

    league: League
    config: LeagueConfig
    players: list[LeaguePlayer]
    played: list[PlayedRound]
    standings: list[Standing]
    tables: list[list[LeagueTable]]

    @property
    def withdrawn(self) -> frozenset[int]:
        return frozenset(p.user_id for p in self.players if not p.active)

    @property
    def total_rounds(self) -> int:
        """The league's rounds (a round robin's from its players)."""
        return total_rounds(self.config, len(self.players))


class LeagueTelling(Protocol):
    """How a league's news reaches Discord (implemented in :mod:`cogs.leagues.telling`). Each post
    is told piece by piece with its ``progress``: a piece made is skipped, each piece made is
    marked and sent with its nonce (:class:`~cogs.leagues.posts.PostProgress`); the runner marks
    the post told after it returns."""

    async def started(self, league_id: int) -> None:
        """The league left sign-up (started by its organizer or on its date): its sign-up post
        says so and loses its **Join** / **Leave** buttons (an edit: told again, it changes nothing)."""

    async def pairings(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        """Round ``round_no``'s pairings posted in the league's channel, each player told their
        opponents and where to play, and (round 1) the sign-up post closed."""

    async def round_over(self, view: LeagueView, round_no: int, progress: PostProgress) -> None:
        """Round ``round_no`` is over (not the last): its results and the standings."""

    async def finished(self, view: LeagueView, progress: PostProgress) -> None:
        """The league's final post: the winner and places, ties shown."""

    async def withdrew(self, view: LeagueView, user_id: int, by_user: int, progress: PostProgress) -> None:
        """The league's channel hears that ``user_id`` left the league (by themselves or removed
        by ``by_user``, an organizer) and that their games are forfeited — a game they were
        playing otherwise says only that they resigned."""

    async def round_due(self, view: LeagueView, round_no: int, unfinished: int, progress: PostProgress) -> None:
        """Round ``round_no``'s deadline passed with ``unfinished`` games still playing: the
        organizer is told they may close it."""


def league_config(league: League) -> LeagueConfig:
    """The league's rules, from its stored format (``LeagueConfig.to_json``)."""
    return LeagueConfig.from_json(league.format)


def played_round(round_no: int, tables: Sequence[LeagueTable]) -> PlayedRound:
    """A stored round as the core reads it: tables of one are byes; a table whose result came
    without a game was forfeited when it was paired (its players never sat at a board)."""
    seated: list[Table] = []
    byes: list[int] = []
    results: list[Result | None] = []
    for t in tables:
        if t.bye:
            byes.append(t.seats[0])
            continue
        result = None if t.result is None else Result.from_json(t.result)
        forfeited = result.forfeited if result is not None and t.game_id is None else frozenset()
        seated.append(Table(t.seats, forfeited))
        results.append(result)
    return PlayedRound(Round(round_no, tuple(seated), tuple(byes)), tuple(results))


async def league_view(store: Store, league: League) -> LeagueView:
    """The league as it is in the store now."""
    config = league_config(league)
    players = await store.leagues.players(league.id)
    everything = await store.leagues.tables(league.id)
    by_round: list[list[LeagueTable]] = [[] for _ in range(league.current_round)]
    for table in everything:
        if 1 <= table.round_no <= league.current_round:
            by_round[table.round_no - 1].append(table)
    played = [played_round(n, tables) for n, tables in enumerate(by_round, start=1)]
    withdrawn = [p.user_id for p in players if not p.active]
    ranked = list(standings(config, [p.user_id for p in players], played, withdrawn))
    return LeagueView(league, config, players, played, ranked, by_round)
