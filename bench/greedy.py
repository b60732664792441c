"""The greedy baselines the computers are measured against (issue 46 §3), here and not in the
product: each decides for one seat from that seat's view alone (``engine.view(state, seat)``),
one decision deep, with no search.

- Stratego: it captures whenever the known odds favour it (a known rank, else the counts of the
  ranks still unaccounted for — a piece that moved is no Bomb or Flag), the best such odds first;
  otherwise it advances (a random step towards the enemy's back row), and only when it cannot, any
  step. Its setup is a library setup (the computer's, varied under the seed), so that the games
  measure play, not a random setup's exposed Flag; rescues as the computer's.
- Shitenno and Stroganov: every decision ``legal()`` lists (never resigning) is tried on one state
  drawn consistently with the view (the computer's own sampler), and the one that leaves the seat's
  immediate estimate furthest ahead of the best other's is taken (the computers' own position
  estimates, ``rules.shitenno.computer.estimate`` and ``rules.stroganov.computer.estimate``; ties
  broken at random). Neither game's automatic player is greedy (Shitenno's never conquers,
  Stroganov's moves one position and takes a coin), so they stay a separate baseline."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, cast

from rules.computer import Level
from rules.protocol import Action, AnyGame
from rules.rng import Rng
from rules.stratego.actions import Move
from rules.stratego.board import BACK_RANK, rank_of
from rules.stratego.computer import COMPUTER as STRATEGO_COMPUTER
from rules.stratego.computer import policy
from rules.stratego.computer.belief import Rebuilder, colour_index
from rules.stratego.pieces import battle
from rules.stratego.view import StrategoView

Greedy = Callable[[AnyGame, Any, int, random.Random], Action]
"""A greedy decision for a seat of a state, which it reads only through ``engine.view``."""


def stratego_odds(mine: str, theirs: dict[str, float], adv: bool) -> float:
    """How much the known odds favour attacking: the chance of winning less that of losing."""
    out = 0.0
    for rank, p in theirs.items():
        result = battle(mine, rank, adv)
        out += p if result == "attacker" else -p if result == "defender" else 0.0
    return out


def stratego(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
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


def _one_step(
    engine: AnyGame,
    sampled: Any,
    seat: int,
    rnd: random.Random,
    lead: Callable[[Any], float],
    resign: type,
    clone: Callable[[Any], Any] = copy.deepcopy,
) -> Action:
    """The decision of ``legal()`` (not resigning) after which ``lead`` of a copy of ``sampled`` is
    highest; ties at random."""
    options: list[Action] = [a for a in engine.legal(sampled, seat) if not isinstance(a, resign)]
    if len(options) == 1:
        return options[0]
    best: list[Action] = []
    best_lead = float("-inf")
    for a in options:
        after = clone(sampled)
        engine.apply(after, seat, a)
        value = lead(after)
        if value > best_lead + 1e-9:
            best, best_lead = [a], value
        elif value >= best_lead - 1e-9:
            best.append(a)
    chosen: Action = rnd.choice(best)
    return chosen


def shitenno(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
    from rules.shitenno.actions import Resign
    from rules.shitenno.computer import estimate, sampler
    from rules.shitenno.view import ShitennoView

    view = cast(ShitennoView, engine.view(state, seat))
    sampled = sampler(view, seat)(Rng(rnd.getrandbits(62)))

    def lead(st: Any) -> float:
        est = estimate(st)
        return est[seat] - max(e for s, e in enumerate(est) if s != seat)

    return _one_step(engine, sampled, seat, rnd, lead, Resign)


def stroganov(engine: AnyGame, state: Any, seat: int, rnd: random.Random) -> Action:
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

    return _one_step(engine, sampled, seat, rnd, lead, Resign, clone)


GREEDY: dict[str, Greedy] = {"stratego": stratego, "shitenno": shitenno, "stroganov": stroganov}
"""Each game's greedy baseline by its kind name (a game without one has no greedy baseline)."""
