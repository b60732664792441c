"""Rounds of tables of three or more (issue 47 §2: Shitenno 3–4, Stroganov 2–4).

Each round is paired from the players still in the league (a withdrawn player is simply left
out; nobody is owed a forfeit for a table that was never made) by a deterministic local search:

- **Round robin**: tables that minimise the sum over every pair seated together of the square of
  how often they met before, so that repeat meetings are spread as evenly as they can be: a
  seeded shuffle (:class:`rules.rng.Rng`, from the league's seed and the round) is improved by
  swapping players between tables until no swap helps, from a few starts, keeping the best.
- **Swiss**: players ranked by points (then seed order) fill the tables from the top, and swaps
  then remove repeat meetings first (the same squared cost) and keep score groups together second
  (the squared difference of the score groups of every pair at a table).

Table sizes come from :func:`~rules.league.table_split.split_tables`; byes only when no split
works, to those with the fewest byes, then (Swiss) the fewest points, then the latest in seed
order. Seats rotate fairly: at each table the player who moved first least often moves first,
then the one whose seats so far were earliest sits later, then a rotation by round.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from itertools import combinations

from rules.league.history import History
from rules.league.rounds import Round, Table
from rules.league.table_split import split_tables
from rules.rng import Rng

STARTS = 4
"""Seeded starts of the round robin's search; the best is kept."""
_REPEAT = 10**6
"""A repeat meeting outweighs any score spread at one table."""


def table_round(
    players: Sequence[int],
    history: History,
    number: int,
    size: int,
    allowed: Sequence[int],
    *,
    swiss: bool,
    seed: int,
    withdrawn: Collection[int] = (),
) -> Round:
    """Round ``number`` of ``players`` (seed order) at tables of ``size`` (see the module's
    docstring)."""
    order = {p: i for i, p in enumerate(players)}
    active = [p for p in players if p not in withdrawn]
    points = {p: history.points.get(p, Fraction(0)) for p in active}
    ranked = sorted(active, key=lambda p: (-points[p], order[p]))
    sizes, bye_count = split_tables(len(active), size, allowed)
    turn = number * 7919

    def bye_key(p: int) -> tuple[int, Fraction, int]:
        if swiss:
            return (history.byes[p], points[p], -order[p])
        return (history.byes[p], Fraction(0), (order[p] * 31 + turn) % 997)

    byes = sorted(ranked, key=bye_key)[:bye_count]
    seated = [p for p in ranked if p not in byes]
    values = sorted({points[p] for p in seated}, reverse=True)
    group = {p: values.index(points[p]) for p in seated}

    index = {p: i for i, p in enumerate(seated)}
    weight = [
        [_REPEAT * history.met(a, b) ** 2 + ((group[a] - group[b]) ** 2 if swiss else 0) for b in seated]
        for a in seated
    ]

    def cost(table: Sequence[int]) -> int:
        return sum(weight[a][b] for a, b in combinations(table, 2))

    if swiss:
        found = _improved([[index[p] for p in t] for t in _cut(seated, sizes)], weight)
    else:
        rng = Rng(seed * 1_000_003 + number)
        best: list[list[int]] = []
        for _ in range(STARTS):
            start = list(range(len(seated)))
            rng.shuffle(start)
            tried = _improved(_greedy(start, sizes, weight), weight)
            if not best or sum(map(cost, tried)) < sum(map(cost, best)):
                best = tried
        found = best
    tables = [[seated[i] for i in t] for t in found]
    if swiss:
        tables.sort(key=lambda t: (min(group[p] for p in t), min(order[p] for p in t)))
    else:
        tables.sort(key=lambda t: min(order[p] for p in t))
    seats = tuple(Table(_seat_order(t, history, order, number)) for t in tables)
    return Round(number, seats, tuple(sorted(byes, key=lambda p: order[p])))


def _cut(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    out: list[list[int]] = []
    at = 0
    for s in sizes:
        out.append(list(players[at : at + s]))
        at += s
    return out


def _greedy(start: Sequence[int], sizes: Sequence[int], weight: Sequence[Sequence[int]]) -> list[list[int]]:
    """Tables filled one by one, each next seat taken by the player (in ``start``'s order) who
    adds the least cost to the table so far."""
    left = list(start)
    out: list[list[int]] = []
    for s in sizes:
        table = [left.pop(0)]
        while len(table) < s:
            pick = min(range(len(left)), key=lambda k: sum(weight[left[k]][q] for q in table))
            table.append(left.pop(pick))
        out.append(table)
    return out


def _improved(tables: list[list[int]], weight: Sequence[Sequence[int]]) -> list[list[int]]:
    """Swap players between tables while a swap lowers the total cost (first improvement, in a
    fixed order, so the result is deterministic). ``at[p][t]`` is what player ``p`` would cost at
    table ``t`` (its weights to the players there), so a swap is judged in constant time."""
    players = [p for t in tables for p in t]
    at = {p: [sum(weight[p][q] for q in t if q != p) for t in tables] for p in players}
    improved = True
    passes = 0
    while improved and passes < 50:
        improved = False
        passes += 1
        for i, j in combinations(range(len(tables)), 2):
            a, b = tables[i], tables[j]
            for x in range(len(a)):
                for y in range(len(b)):
                    u, v = a[x], b[y]
                    delta = (at[v][i] - weight[v][u]) - at[u][i] + (at[u][j] - weight[u][v]) - at[v][j]
                    if delta < 0:
                        a[x], b[y] = v, u
                        for p in players:
                            at[p][i] += weight[p][v] - weight[p][u]
                            at[p][j] += weight[p][u] - weight[p][v]
                        improved = True
    return tables


def _seat_order(table: Sequence[int], history: History, order: dict[int, int], number: int) -> tuple[int, ...]:
    """Fewest first seats first, then the latest seats so far, then a rotation by round."""

    def key(p: int) -> tuple[int, int, int]:
        seats = history.seats.get(p, [])
        return (history.firsts(p), -sum(seats), (order[p] + number) % len(order))

    return tuple(sorted(table, key=key))
