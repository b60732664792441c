"""Two-player round robin by the circle method in FIDE's Berger tables (FIDE Handbook C.05,
Annex 1), so that colours alternate as evenly as a round robin allows: with ``n`` players (one
more, a dummy, when odd) every player has ``n/2`` or ``n/2 - 1`` first seats.

Round ``r`` (from 0) pairs player ``n`` with ``t = r·n/2 mod (n-1) + 1`` (``t`` moves first in
even rounds, ``n`` in odd ones) and ``t + k`` (first) with ``t - k`` for ``k = 1 … n/2 - 1``,
numbers taken mod ``n - 1`` in ``1 … n-1``; board order as in the tables. Whoever meets the dummy
has the bye.

A withdrawn player keeps his place in the tables, so nobody else's pairings change: his later
games are forfeited (:attr:`Table.forfeited`, no game created; the opponent scores a forfeit win),
and a round he would have sat out with the bye is no bye for anyone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rules.league.config import LeagueError
from rules.league.rounds import Round, Table


def berger_rounds(count: int) -> int:
    """The rounds of a round robin of ``count`` players: each meets every other once."""
    return count - 1 if count % 2 == 0 else count


def berger_pairs(count: int, number: int) -> list[tuple[int, int]]:
    """Round ``number`` (from 1) of the Berger table for ``count`` players, as pairs of player
    numbers from 1 (first mover first); number ``count + 1`` is the dummy when ``count`` is odd."""
    n = count + count % 2
    if not 1 <= number <= n - 1:
        raise LeagueError("bad_round", round=number, rounds=n - 1)
    r = number - 1
    m = n - 1
    t = (r * n // 2) % m + 1

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    pairs = [(t, n) if r % 2 == 0 else (n, t)]
    pairs += [(wrap(t + k), wrap(t - k)) for k in range(1, n // 2)]
    return pairs


def berger_round(players: Sequence[int], number: int, withdrawn: Collection[int] = ()) -> Round:
    """Round ``number`` (from 1) of the round robin of ``players`` in seed order (see the module's
    docstring for withdrawn players)."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise LeagueError("bad_players", count=len(players))
    tables: list[Table] = []
    byes: list[int] = []
    for a, b in berger_pairs(len(players), number):
        if max(a, b) > len(players):
            present = players[min(a, b) - 1]
            if present not in withdrawn:
                byes.append(present)
            continue
        seats = (players[a - 1], players[b - 1])
        tables.append(Table(seats, frozenset(p for p in seats if p in withdrawn)))
    return Round(number, tuple(tables), tuple(byes))
