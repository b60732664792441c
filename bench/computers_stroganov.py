"""What the computers' bench (``bench/computers.py``) knows of Stroganov alone: its greedy baseline
(one decision deep on the computer's own estimate; see :mod:`bench.greedy`) and the issue's targets
(issue 46 §3)."""

from __future__ import annotations

import random
from typing import Any, cast

from bench.greedy import one_step
from rules.protocol import Action, AnyGame
from rules.rng import Rng

TARGETS: dict[tuple[str, int, str, str], float] = {
    ("stroganov", 4, "hard", "greedy"): 0.45,
    ("stroganov", 4, "hard", "random"): 0.80,
    ("stroganov", 2, "hard", "greedy"): 0.75,
}
"""Issue 46 §3: the least share of the points the hero must take, by (setting, players, hero, rest)."""


def greedy(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
    from rules.stroganov import engine as rules_engine
    from rules.stroganov.actions import Resign
    from rules.stroganov.computer import estimate
    from rules.stroganov.sample import clone, determinize, pools
    from rules.stroganov.view import StroganovView

    view = cast(StroganovView, engine.view(state, seat))
    sampled = determinize(view, pools(view), Rng(rnd.getrandbits(62)))
    ci = rules_engine.cossack_of(sampled, seat)

    def lead(st: Any) -> float:
        others = [estimate(st, j) for j in range(st.n) if j != ci]
        return estimate(st, ci) - max(others, default=0.0)

    return one_step(engine, sampled, seat, rnd, lead, Resign, clone)
