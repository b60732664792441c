"""Engine speed: seeded random playouts as the bot does them (legal listing, then apply), of every
registered game's workload (``GameKind.bench``: ``cogs/workload.py``)."""

from __future__ import annotations

import random
import time

from bench.stats import Row
from cogs.games import GameKind
from cogs.workload import Playout


def playouts(kind: GameKind, playout: Playout, seconds: float) -> list[Row]:
    """Seeded random playouts of one game's workload, through the protocol only."""
    assert kind.bench is not None
    game, choose = kind.engine, kind.bench.choose
    actions = games = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        st = game.new(playout.players, playout.options, seed)
        rnd = random.Random(seed)
        t0 = time.perf_counter()
        while game.outcome(st) is None:
            seat = game.to_act(st)[0]
            game.apply(st, seat, choose(game, st, seat, rnd))
            actions += 1
        spent += time.perf_counter() - t0
        games += 1
        seed += 1
    rate = actions / spent
    target = playout.target
    return [
        Row(
            "engine",
            f"{kind.name} {playout.label}: actions/s",
            f"{rate:,.0f}",
            f">= {target:,.0f}" if target is not None else "",
            rate >= target if target is not None else None,
        ),
        Row(
            "engine",
            f"{kind.name} {playout.label}: games/s (avg {actions / games:.0f} actions)",
            f"{games / spent:,.1f}",
        ),
    ]


def run(kind: GameKind, quick: bool) -> list[Row]:
    """Every playout of ``kind``'s workload."""
    if kind.bench is None:
        return []
    return [row for p in kind.bench.playouts for row in playouts(kind, p, 1 if quick else 5)]
