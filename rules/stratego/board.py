"""The 10 x 10 board: squares, names, lakes, zones and precomputed lines (SG-1).

A square is an int ``file + 10 * (rank - 1)``: A1 = 0, J1 = 9, A10 = 90, J10 = 99.
"""

from __future__ import annotations

from typing import Literal

from rules.errors import BadNotation

SIZE = 10
FILES = "ABCDEFGHIJ"
SQUARES = range(SIZE * SIZE)

RED, BLUE = 0, 1
COLOURS: tuple[Literal["red"], Literal["blue"]] = ("red", "blue")

LAKES = frozenset(f + 10 * (r - 1) for f in (2, 3, 6, 7) for r in (5, 6))
"""SG-1.2: C5 D5 C6 D6 and G5 H5 G6 H6."""

IS_LAKE = tuple(sq in LAKES for sq in SQUARES)


def file_of(sq: int) -> int:
    return sq % SIZE


def rank_of(sq: int) -> int:
    """The rank 1..10 as printed on the board."""
    return sq // SIZE + 1


def square(file: int, rank: int) -> int:
    return file + SIZE * (rank - 1)


def steps(a: int, b: int) -> int:
    """Steps between two squares as the crow walks (lakes ignored)."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


SQUARE_NAMES = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in SQUARES)


def name(sq: int) -> str:
    return SQUARE_NAMES[sq]


_NAMES = {n: sq for sq, n in enumerate(SQUARE_NAMES)}


def parse_square(text: str, *, gravon: bool = False) -> int:
    """SG-1.4: case-insensitive; with ``gravon`` the file letter K means J."""
    t = text.strip().upper()
    if gravon and t.startswith("K"):
        t = "J" + t[1:]
    try:
        return _NAMES[t]
    except KeyError:
        raise BadNotation("unknown_square", text=text.strip()) from None


def zone(colour: int) -> tuple[int, ...]:
    """SG-1.3: the setup zone, ranks 1–4 for Red and 7–10 for Blue."""
    ranks = range(1, 5) if colour == RED else range(7, 11)
    return tuple(square(f, r) for r in ranks for f in range(SIZE))


ZONES = (frozenset(zone(RED)), frozenset(zone(BLUE)))


def zone_order(colour: int) -> tuple[int, ...]:
    """The zone's squares in setup-code order (SG-3.4): back row to front row, each row left to
    right as seen from that player's seat (Red: A→J; Blue, sitting opposite: J→A)."""
    if colour == RED:
        return tuple(square(f, r) for r in (1, 2, 3, 4) for f in range(SIZE))
    return tuple(square(f, r) for r in (10, 9, 8, 7) for f in reversed(range(SIZE)))


ZONE_ORDER = (zone_order(RED), zone_order(BLUE))

BACK_RANK = (1, 10)
"""Each colour's own back row. SG-8.3: a piece reaching the *opponent's* back row may rescue."""

HALF = (
    frozenset(sq for sq in SQUARES if rank_of(sq) <= 5 and not IS_LAKE[sq]),
    frozenset(sq for sq in SQUARES if rank_of(sq) >= 6 and not IS_LAKE[sq]),
)
"""SG-8.3: a colour's own half, where a rescued piece may be placed (lakes excluded)."""

_DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    out = []
    f, r = file_of(sq), sq // SIZE
    while True:
        f, r = f + df, r + dr
        if not (0 <= f < SIZE and 0 <= r < SIZE):
            break
        nxt = f + SIZE * r
        if IS_LAKE[nxt]:
            break
        out.append(nxt)
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(sq, df, dr) for df, dr in _DIRS) if ray) for sq in SQUARES
)
"""For each square, the non-empty straight lines away from it, stopping at the edge or a lake."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in RAYS[sq]) for sq in SQUARES)
"""Orthogonal neighbours that are not lakes."""
