"""A league as the pure core sees it, read from the store (issue 47 §1: standings, pairings, info):
its configuration, its players in seed order, its rounds with their results — the values
``rules.league`` computes standings and pairings from. Read-only; nothing here changes a league.

A stored table of one seat is a bye; a table's result is the JSON of
:class:`rules.league.rounds.Result`; a table whose result names forfeited players at pairing time
has them in :attr:`rules.league.rounds.Table.forfeited` only when no game was made for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.base import Store
from db.league_records import League, LeaguePlayer, LeagueRound, LeagueTable
from rules.league.config import LeagueConfig
from rules.league.rounds import PlayedRound, Result, Round, Table
from rules.league.schedule import total_rounds
from rules.league.standings import Standing, standings


@dataclass(frozen=True, slots=True)
class Season:
    """Everything shown about one league at one moment."""

    league: League
    config: LeagueConfig
    players: tuple[LeaguePlayer, ...]
    rounds: tuple[LeagueRound, ...]
    tables: tuple[LeagueTable, ...]

    @property
    def seed_order(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    @property
    def withdrawn(self) -> frozenset[int]:
        return frozenset(p.user_id for p in self.players if not p.active)

    @property
    def total_rounds(self) -> int:
        """The league's rounds for its players now (a round robin's follow from its players)."""
        return total_rounds(self.config, max(len(self.players), 2))

    def tables_of(self, round_no: int) -> list[LeagueTable]:
        return [t for t in self.tables if t.round_no == round_no]

    def played(self) -> tuple[PlayedRound, ...]:
        """Every claimed round as the core's :class:`PlayedRound` (results so far)."""
        return tuple(played_round(n.round_no, self.tables_of(n.round_no)) for n in self.rounds)

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.config, self.seed_order, self.played(), self.withdrawn)


def played_round(number: int, tables: list[LeagueTable]) -> PlayedRound:
    """One stored round as the core's: byes apart, each table with its result (None: playing)."""
    seated: list[Table] = []
    results: list[Result | None] = []
    byes: list[int] = []
    for table in sorted(tables, key=lambda t: t.table_no):
        if table.bye:
            byes.append(table.seats[0])
            continue
        result = None if table.result is None else Result.from_json(table.result)
        forfeited = result.forfeited if result is not None and table.game_id is None else frozenset()
        seated.append(Table(table.seats, forfeited))
        results.append(result)
    return PlayedRound(Round(number, tuple(seated), tuple(byes)), tuple(results))


async def read_season(store: Store, league: League) -> Season:
    """The league's season as stored now."""
    players = await store.leagues.players(league.id)
    rounds = await store.leagues.rounds(league.id)
    tables = await store.leagues.tables(league.id)
    return Season(league, LeagueConfig.from_json(league.format), tuple(players), tuple(rounds), tuple(tables))
