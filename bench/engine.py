"""Engine speed: seeded random playouts as the bot does them (legal listing, then apply)."""

from __future__ import annotations

import random
import time

from bench.moves import random_move
from bench.stats import Row
from rules.protocol import OptionValue
from rules.stratego import GAME
from rules.stratego.actions import Move, Ready

ALL_RULES: dict[str, OptionValue] = {
    "attacker_advantage": True,
    "silent_defence": True,
    "rescue": True,
    "two_square_limit": 5,
    "chase_rule": True,
}


def stratego(seconds: float) -> list[Row]:
    rows = []
    for label, options in (
        ("classic, every rule", {"army": "classic", **ALL_RULES}),
        ("barrage, every rule", {"army": "barrage", **ALL_RULES}),
        ("classic, plain", {"army": "classic"}),
    ):
        actions = games = 0
        spent = 0.0
        seed = 0
        while spent < seconds:
            st = GAME.new(2, options, seed)
            rnd = random.Random(seed)
            GAME.apply(st, 0, Ready())
            GAME.apply(st, 1, Ready())
            t0 = time.perf_counter()
            while st.phase == "play":
                seat = GAME.to_act(st)[0]
                acts = GAME.legal(st, seat)
                moves = [a for a in acts if isinstance(a, Move)] or acts
                GAME.apply(
                    st, seat, rnd.choice(moves) if rnd.random() > 0.001 or len(moves) == len(acts) else rnd.choice(acts)
                )
                actions += 1
            spent += time.perf_counter() - t0
            games += 1
            seed += 1
        rate = actions / spent
        target = label == "classic, every rule"
        rows.append(
            Row(
                "engine",
                f"stratego {label}: actions/s",
                f"{rate:,.0f}",
                ">= 50,000" if target else "",
                rate >= 50_000 if target else None,
            )
        )
        rows.append(
            Row("engine", f"stratego {label}: games/s (avg {actions / games:.0f} actions)", f"{games / spent:,.1f}")
        )
    return rows


def playouts(kind: str, players: int, seconds: float) -> list[Row]:
    """Any registered game through the protocol only: seeded random legal playouts."""
    from cogs.games import ENGINES

    game = ENGINES[kind]
    actions = games = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        st = game.new(players, None, seed)
        rnd = random.Random(seed)
        t0 = time.perf_counter()
        while game.outcome(st) is None:
            seat = game.to_act(st)[0]
            game.apply(st, seat, random_move(game, st, seat, rnd))
            actions += 1
        spent += time.perf_counter() - t0
        games += 1
        seed += 1
    return [
        Row("engine", f"{kind} {players} players: actions/s", f"{actions / spent:,.0f}"),
        Row(
            "engine", f"{kind} {players} players: games/s (avg {actions / games:.0f} actions)", f"{games / spent:,.1f}"
        ),
    ]
