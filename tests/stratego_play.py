"""Seeded random Stratego games for property tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product
from typing import Any

from rules.stratego import GAME
from rules.stratego.actions import AcceptDraw, Move, OfferDraw, Ready, Resign
from rules.stratego.state import StrategoState

VARIANTS: list[dict[str, Any]] = [
    {
        "army": army,
        "attacker_advantage": aa,
        "silent_defence": sd,
        "rescue": rescue,
        "two_square_limit": limit,
        "chase_rule": chase,
    }
    for army, aa, sd, rescue, limit, chase in product(
        ("classic", "barrage"), (False, True), (False, True), (False, True), (3, 5), (False, True)
    )
]
"""Every combination of army, variant and option (SG-8.4): 64."""


def start(options: dict[str, Any], seed: int) -> StrategoState:
    st = GAME.new(2, options, seed)
    for seat in (0, 1):
        GAME.apply(st, seat, Ready())
    return st


def random_actions(st: StrategoState, rnd: random.Random, meta: float = 0.002) -> Iterator[tuple[int, Any]]:
    """Yield (seat, action) chosen uniformly among the legal game moves; with probability
    ``meta`` a resignation or a draw offer/acceptance instead, so those paths are played too."""
    while st.phase == "play":
        seat = GAME.to_act(st)[0]
        acts = GAME.legal(st, seat)
        if rnd.random() < meta:
            pick = [a for a in acts if isinstance(a, (Resign, OfferDraw, AcceptDraw))]
            other = 1 - seat
            if rnd.random() < 0.5:
                pick = [a for a in GAME.legal(st, other) if isinstance(a, (OfferDraw, AcceptDraw))]
                if pick:
                    yield other, rnd.choice(pick)
                    continue
            yield seat, rnd.choice(pick)
            continue
        moves = [a for a in acts if not isinstance(a, (Resign, OfferDraw, AcceptDraw))]
        yield seat, rnd.choice(moves)


def is_move(action: Any) -> bool:
    return isinstance(action, Move)
