"""What the computers' bench (``bench/computers.py``) knows of Stratego alone: its greedy baseline
(it captures whenever the known odds favour it, else advances; see :mod:`bench.greedy`), its two
armies as two settings, and the issue's targets for each (issue 46 §3)."""

from __future__ import annotations

import random
from typing import Any, cast

from rules.computer import Level
from rules.protocol import Action, AnyGame
from rules.stratego.actions import Move
from rules.stratego.board import BACK_RANK, rank_of
from rules.stratego.computer import COMPUTER as STRATEGO_COMPUTER
from rules.stratego.computer import policy
from rules.stratego.computer.belief import Rebuilder, colour_index
from rules.stratego.pieces import battle
from rules.stratego.view import StrategoView

SETTINGS: list[tuple[str, dict[str, Any]]] = [("classic", {"army": "classic"}), ("barrage", {"army": "barrage"})]
"""The settings measured apart (a label after the game's name, and the game's options): both armies."""
TARGETS: dict[tuple[str, int, str, str], float] = {
    **{(f"stratego {army}", 2, "hard", "random"): 0.99 for army in ("classic", "barrage")},
    **{(f"stratego {army}", 2, "hard", "greedy"): 0.90 for army in ("classic", "barrage")},
    **{(f"stratego {army}", 2, "hard", "normal"): 0.65 for army in ("classic", "barrage")},
    **{(f"stratego {army}", 2, "normal", "easy"): 0.65 for army in ("classic", "barrage")},
}
"""Issue 46 §3: the least share of the points the hero must take, by (setting, players, hero, rest)."""


def stratego_odds(mine: str, theirs: dict[str, float], adv: bool) -> float:
    """How much the known odds favour attacking: the chance of winning less that of losing."""
    out = 0.0
    for rank, p in theirs.items():
        result = battle(mine, rank, adv)
        out += p if result == "attacker" else -p if result == "defender" else 0.0
    return out


def greedy(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
    view = cast(StrategoView, engine.view(state, seat))
    if view.phase == "setup":
        return STRATEGO_COMPUTER.decide(view, seat, Level.EASY, rnd.getrandbits(62))  # same at every level
    rebuilder = Rebuilder(view)
    plain = rebuilder.state(None)
    if plain.rescue_from >= 0:
        return policy.rescue(plain)
    me = colour_index(view.viewer_colour)
    adv = bool(plain.options["attacker_advantage"])
    moves = [m for m in policy.search_moves(plain, seat) if isinstance(m, Move)]
    best: Move | None = None
    best_odds = 0.0
    advances: list[Move] = []
    steps: list[Move] = []
    for m in moves:
        target = view.board[m.to]
        mover = view.board[m.frm]
        assert mover is not None and mover.rank is not None
        if target is not None:
            if target.rank is not None:
                theirs = {target.rank: 1.0}
            else:
                theirs = rebuilder.belief.probabilities(target.moved)
            odds = stratego_odds(mover.rank, theirs, adv)
            if odds > best_odds:
                best, best_odds = m, odds
            continue
        steps.append(m)
        enemy_back = BACK_RANK[1 - me]
        if abs(rank_of(m.to) - enemy_back) < abs(rank_of(m.frm) - enemy_back):
            advances.append(m)
    if best is not None:
        return best
    for pool in (advances, steps, moves):
        if pool:
            return rnd.choice(pool)
    raise ValueError("no move to make")
