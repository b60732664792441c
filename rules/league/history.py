"""What the earlier rounds say about each player, as the pairing of the next round needs it:
points so far, who met whom, colours (seats) played and byes had.

A table counts as a meeting and as a colour only when its game was played (created): a table
forfeited at pairing time is neither (its players never sat at a board together)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from rules.league.config import LeagueConfig
from rules.league.points import bye_points, table_points
from rules.league.rounds import PlayedRound


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(slots=True)
class History:
    """Facts of the rounds played so far (see the module's docstring)."""

    points: dict[int, Fraction] = field(default_factory=dict)
    meetings: Counter[tuple[int, int]] = field(default_factory=Counter)
    seats: dict[int, list[int]] = field(default_factory=dict)
    """Each player's seat index in each game played, in round order (0 = moved first)."""
    byes: Counter[int] = field(default_factory=Counter)

    def met(self, a: int, b: int) -> int:
        return self.meetings[pair_key(a, b)]

    def firsts(self, player: int) -> int:
        return sum(1 for s in self.seats.get(player, ()) if s == 0)


def history(config: LeagueConfig, players: Iterable[int], played: Sequence[PlayedRound]) -> History:
    """The history of ``players`` over ``played`` rounds (results not yet in count no points)."""
    h = History(points={p: Fraction(0) for p in players})
    bye = bye_points(config)
    for pr in played:
        for p in pr.round.byes:
            h.byes[p] += 1
            h.points[p] = h.points.get(p, Fraction(0)) + bye
        for table, result in zip(pr.round.tables, pr.results, strict=True):
            if table.needs_game:
                for a, b in combinations(table.seats, 2):
                    h.meetings[pair_key(a, b)] += 1
                for i, p in enumerate(table.seats):
                    h.seats.setdefault(p, []).append(i)
            if result is not None:
                for p, pts in table_points(config, table, result).items():
                    h.points[p] = h.points.get(p, Fraction(0)) + pts
    return h
