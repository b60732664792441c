"""What the computers' bench (``bench/computers.py``) knows of Shitenno alone: its greedy baseline
(one decision deep on the computer's own estimate; see :mod:`bench.greedy`) and the issue's targets
(issue 46 §3)."""

from __future__ import annotations

import random
from typing import Any, cast

from bench.greedy import one_step
from rules.protocol import Action, AnyGame
from rules.rng import Rng

TARGETS: dict[tuple[str, int, str, str], float] = {
    ("shitenno", 4, "hard", "greedy"): 0.45,
    ("shitenno", 4, "hard", "random"): 0.80,
    ("shitenno", 2, "hard", "greedy"): 0.75,
}
"""Issue 46 §3: the least share of the points the hero must take, by (setting, players, hero, rest)."""


def greedy(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
    from rules.shitenno.actions import Resign
    from rules.shitenno.computer import estimate, sampler
    from rules.shitenno.view import ShitennoView

    view = cast(ShitennoView, engine.view(state, seat))
    sampled = sampler(view, seat)(Rng(rnd.getrandbits(62)))

    def lead(st: Any) -> float:
        est = estimate(st)
        return est[seat] - max(e for s, e in enumerate(est) if s != seat)

    return one_step(engine, sampled, seat, rnd, lead, Resign)
