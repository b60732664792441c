"""Two-player Swiss pairing in the manner of FIDE's Dutch system (FIDE Handbook C.04.3), as one
maximum-weight matching (networkx; the way bbpPairings, a FIDE-endorsed Dutch program, pairs).

No Python library checked out (issue 47 §2): caissify-pairings 0.5.0 (FIDE Dutch, networkx
matching) took about 3.5 s per simulated tournament of 3–64 players and gave a non-topscorer a
third black in a row (W W B, bye, B B); pairing-core 0.4.1 calls itself an unpublished release
candidate. So the Dutch criteria are weighed here, each strictly above the next (a lower criterion
never outweighs a higher one):

1. no repeat pairing (C.04.3 C1, absolute where a pairing without one exists);
2. no second bye (C2);
3. no two players with the same absolute colour preference meet (C3: the colour difference would
   leave −2…+2, or someone would play a colour three times running);
4. the bye to a player of the lowest score group possible (then, last of all, the lowest-ranked);
5. fewest players paired outside their score group (floaters), then the smallest score differences
   (squared, so one long float costs more than two short ones);
6. fewest other colour preferences denied (strong ones first);
7. within a score group the top half meets the bottom half in order (1 v. n/2+1, …), transpositions
   before exchanges between the halves, and floaters are the lowest of the group above and the
   highest of the group below.

Colours then follow FIDE's allocation (C.04.3 E): both preferences granted where they differ;
else the stronger one, then the wider colour difference, then the higher-ranked player's. Two
players with no game yet: the higher-ranked moves first on odd boards, second on even ones.
Ranking is by league points, then the league's seed order. Withdrawn players are not paired.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from rules.league.history import History
from rules.league.rounds import Round, Table

FIRST, SECOND = 0, 1
"""Seat indices: the first mover (white, Stratego's red) and the other."""
_EXCHANGE = 100
"""Two players of the same half of a score group (an exchange) weigh more than any transposition."""
_BASE = 10**6
"""One level of the weight: more than any level below can add up to over 33 pairs."""


@dataclass(frozen=True, slots=True)
class ColourNeed:
    """A player's colour preference: the seat wanted (``None``: none yet) and its strength
    (3 absolute, 2 strong, 1 mild), with the colour difference (first seats minus second)."""

    seat: int | None
    strength: int
    difference: int


def colour_need(seats: Sequence[int]) -> ColourNeed:
    """FIDE C.04.3 A.6: absolute when the difference is beyond ±1 or the last two games had the
    same colour; strong when it is ±1; mild (the other colour than last time) when it is 0."""
    if not seats:
        return ColourNeed(None, 0, 0)
    diff = seats.count(FIRST) - seats.count(SECOND)
    if diff <= -2 or seats[-2:] == [SECOND, SECOND]:
        return ColourNeed(FIRST, 3, diff)
    if diff >= 2 or seats[-2:] == [FIRST, FIRST]:
        return ColourNeed(SECOND, 3, diff)
    if diff != 0:
        return ColourNeed(FIRST if diff < 0 else SECOND, 2, diff)
    return ColourNeed(SECOND if seats[-1] == FIRST else FIRST, 1, diff)


def _weight(levels: Sequence[int]) -> int:
    """Penalties highest level first, as one integer to maximise (lower penalty, higher weight)."""
    total = 0
    for p in levels:
        total = total * _BASE + p
    return int(_BASE ** len(levels)) - total


def dutch_round(players: Sequence[int], history: History, number: int, withdrawn: Collection[int] = ()) -> Round:
    """Round ``number`` of a Swiss of ``players`` (seed order) after ``history``; see the module's
    docstring for the criteria."""
    active = [p for p in players if p not in withdrawn]
    seed = {p: i for i, p in enumerate(players)}
    points = {p: history.points.get(p, Fraction(0)) for p in active}
    ranked = sorted(active, key=lambda p: (-points[p], seed[p]))
    values = sorted({points[p] for p in ranked}, reverse=True)
    group = {p: values.index(points[p]) for p in ranked}
    members: dict[int, list[int]] = {}
    for p in ranked:
        members.setdefault(group[p], []).append(p)
    pos = {p: members[group[p]].index(p) for p in ranked}
    need = {p: colour_need(history.seats.get(p, [])) for p in ranked}
    lowest = len(values) - 1
    graph: nx.Graph[int] = nx.Graph()
    n = len(ranked)
    for i, a in enumerate(ranked):
        for j in range(i + 1, n):
            b = ranked[j]
            graph.add_edge(i, j, weight=_weight(_pair_penalty(a, b, history, group, members, pos, need)))
    if n % 2:
        for i, p in enumerate(ranked):
            from_bottom = n - 1 - i
            levels = [0, min(history.byes[p], 1), 0, lowest - group[p], 0, 0, 0, from_bottom]
            graph.add_edge(i, n, weight=_weight(levels))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for u, v in matching:
        if n in (u, v):
            byes.append(ranked[min(u, v)])
        else:
            pairs.append((min(u, v), max(u, v)))
    pairs.sort(key=lambda uv: (-max(points[ranked[uv[0]]], points[ranked[uv[1]]]), uv[0]))
    tables = tuple(Table(_colours(ranked[u], ranked[v], need, board)) for board, (u, v) in enumerate(pairs))
    return Round(number, tables, tuple(byes))


def _pair_penalty(
    a: int,
    b: int,
    history: History,
    group: dict[int, int],
    members: dict[int, list[int]],
    pos: dict[int, int],
    need: dict[int, ColourNeed],
) -> list[int]:
    """The penalties of pairing ``a`` (ranked higher) with ``b``, highest level first."""
    na, nb = need[a], need[b]
    same = na.seat is not None and na.seat == nb.seat
    absolute = int(same and na.strength == 3 and nb.strength == 3)
    preference = min(na.strength, nb.strength) if same and not absolute else 0
    d = group[b] - group[a]
    if d == 0:
        half = len(members[group[a]]) // 2
        exchange = (pos[a] < half) == (pos[b] < half)
        order = abs((pos[b] - pos[a]) - half) + (_EXCHANGE if exchange else 0)
    else:
        order = (len(members[group[a]]) - 1 - pos[a]) + pos[b]
    return [min(history.met(a, b), 1), 0, absolute, 0, int(d != 0), d * d, preference, order]


def _colours(a: int, b: int, need: dict[int, ColourNeed], board: int) -> tuple[int, int]:
    """The two in seat order (first mover first); ``a`` is ranked higher (C.04.3 E)."""
    na, nb = need[a], need[b]
    if na.seat is None and nb.seat is None:
        return (a, b) if board % 2 == 0 else (b, a)
    if nb.seat is None or (na.seat is not None and na.seat != nb.seat):
        return (a, b) if na.seat == FIRST else (b, a)
    if na.seat is None:
        return (b, a) if nb.seat == FIRST else (a, b)
    if (nb.strength, abs(nb.difference)) > (na.strength, abs(na.difference)):
        return (b, a) if nb.seat == FIRST else (a, b)
    return (a, b) if na.seat == FIRST else (b, a)
