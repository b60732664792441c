"""How many tables of which size seat a round's players (issue 47 §2: "tables of the chosen size").

Among the splits into sizes the game allows, the best has the fewest byes, then the sizes
nearest the chosen one (no table more than one seat from it where possible), then the fewest
tables not of the chosen size, then smaller tables rather than larger ones. So 7 players at
tables of 4 sit at 4 + 3; 7 at tables of 3 (a game of 3–4) at 4 + 3; 5 at tables of 4 of a game
of 2–4 at 3 + 2; and 5 at tables of 4 of a game of 3–4 at one table of 4 with a bye, since no split
works. Byes are a last resort.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.league.config import LeagueError


def _splits(count: int, sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of ``sizes`` (largest first) that sums to ``count``."""
    if count == 0:
        return [()]
    if not sizes:
        return []
    head, rest = sizes[0], sizes[1:]
    out: list[tuple[int, ...]] = []
    for k in range(count // head, -1, -1):
        out += [(head,) * k + tail for tail in _splits(count - k * head, rest)]
    return out


def split_tables(count: int, size: int, allowed: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The table sizes (largest first) and the number of byes for ``count`` players at tables of
    ``size`` of a game that seats ``allowed`` players (see the module's docstring)."""
    sizes = sorted(set(allowed), reverse=True)
    if size not in sizes:
        raise LeagueError("bad_table_size", size=size)
    for byes in range(count + 1):
        options = [s for s in _splits(count - byes, sizes) if s]
        if options:
            best = min(
                options,
                key=lambda s: (max(abs(t - size) for t in s), sum(t != size for t in s), sum(t > size for t in s)),
            )
            return best, byes
    raise LeagueError("too_few_players", count=count, least=min(sizes))
