"""How near the enemy is to a Flag, in moves (issue 46 §2: an evaluation that knows the Flag's
safety). A Barrage game is mostly won by walking a piece onto an unguarded Flag (SG-6.1), so the
computer weighs the race to each Flag, not just who stands next to it.

Measured on one (sampled) state: the fewest moves any enemy mover needs to step onto the Flag,
through empty squares and its own pieces (they make way), a Scout along a clear line in one move
(SG-4.3). Passing one of the Flag's side's pieces costs extra — it has to be beaten first, and a
Bomb only by a Miner (SG-5) — so a Flag walled in by its own pieces counts as far away."""

from __future__ import annotations

import heapq

from rules.stratego.board import NEIGHBOURS, RAYS
from rules.stratego.pieces import BOMB, FLAG, IMMOBILE, MINER, SCOUT
from rules.stratego.state import StrategoState

FAR = 99
"""No enemy mover within :data:`HORIZON`."""
HORIZON = 6
"""Moves beyond which the distance is not worked out (:data:`FAR`)."""
SCOUT_LINES = 2
"""Moves from the Flag within which a Scout's long move is looked for (beyond, it counts as any
mover: cheaper, and far Scouts are the search's business)."""
PAST_A_GUARD = 2
"""Extra moves for passing one of the Flag's own movers (beating it first)."""
PAST_A_BOMB = 4
"""Extra moves for passing one of the Flag's own Bombs (a Miner's work)."""


def flag_square(st: StrategoState, colour: int) -> int:
    """Where ``colour``'s Flag stands (-1: none on the board, as in a made-up position)."""
    for p in st.pieces:
        if p.colour == colour and p.rank == FLAG and p.square >= 0:
            return p.square
    return -1


def enemy_distance(st: StrategoState, colour: int, flag: int) -> int:
    """The fewest moves an enemy mover needs to take ``colour``'s Flag on ``flag``
    (:data:`FAR` past :data:`HORIZON`)."""
    board, pieces = st.board, st.pieces
    dist = [FAR] * len(board)
    dist[flag] = 0
    heap = [(0, flag)]
    best = FAR
    while heap:
        d, sq = heapq.heappop(heap)
        if d >= best - 1 or d >= HORIZON:
            break
        if d > dist[sq]:
            continue
        for ray in RAYS[sq] if d <= SCOUT_LINES else ():  # a Scout along a clear line, one move
            for n in ray:
                occ = board[n]
                if occ < 0:
                    continue
                p = pieces[occ]
                if p.colour != colour and p.rank == SCOUT:
                    best = min(best, d + 1)
                break
        for n in NEIGHBOURS[sq]:
            occ = board[n]
            step = 1
            if occ >= 0:
                p = pieces[occ]
                if p.colour != colour:
                    if p.rank not in IMMOBILE:
                        best = min(best, d + 1)
                else:
                    step += PAST_A_BOMB if p.rank == BOMB else PAST_A_GUARD
            nd = d + step
            if nd < dist[n]:
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return best


HUNT_CAP = 20
"""Moves beyond which :func:`hunt_distance` is not worked out (nor when no piece of the hunter's
can take the Flag at all)."""


def hunt_distance(st: StrategoState, hunter: int, flag: int, cap: int = HUNT_CAP, miners: bool = False) -> int:
    """The fewest moves ``hunter``'s nearest piece that can take the enemy Flag on ``flag`` needs
    for it (``cap`` at most): through empty squares; past the Flag side's movers (beating them) and
    ``hunter``'s own pieces (they make way) at a move's cost more; past its Bombs only a Miner
    (SG-5). With ``miners``, only its Miners count."""
    board, pieces = st.board, st.pieces
    dist = {(flag, miners): 0}
    heap = [(0, flag, miners)]
    best = cap
    while heap:
        d, sq, mined = heapq.heappop(heap)
        if d + 1 >= best:
            break
        if d > dist[(sq, mined)]:
            continue
        for n in NEIGHBOURS[sq]:
            occ = board[n]
            step, layer = 1, mined
            if occ >= 0:
                p = pieces[occ]
                if p.colour == hunter:
                    if p.rank not in IMMOBILE and (not mined or p.rank == MINER):
                        best = d + 1
                        break
                    step += 1
                elif p.rank == BOMB:
                    layer = True
                else:
                    step += 1
            nd = d + step
            if nd < dist.get((n, layer), cap):
                dist[(n, layer)] = nd
                heapq.heappush(heap, (nd, n, layer))
    return best
