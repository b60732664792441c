"""Helpers that build Stroganov positions for rule tests: a started game, and the board of ST-19."""

from __future__ import annotations

from rules.stroganov import GAME, engine
from rules.stroganov.actions import Board
from rules.stroganov.state import StroganovState


def started(players: int = 3, seed: int = 0, options: dict | None = None, sides: str = "A") -> StroganovState:
    """A game past the board choice (ST-5.1): each player in seat order takes the lowest free board,
    on side ``sides[k]`` (or the last letter given)."""
    st = GAME.new(players, options, seed)
    k = 0
    while st.stage == "boards":
        seat = GAME.to_act(st)[0]
        taken = {c.board for c in st.cossacks if c.board}
        board = min(b for b in range(1, 5) if b not in taken)
        GAME.apply(st, seat, Board(board, sides[min(k, len(sides) - 1)]))
        k += 1
    return st


def example_furs(st: StroganovState) -> None:
    """ST-19's setup: trade fur 5 (sable); region furs R1 3, R2 4, R3 6, R4 7, R5 8."""
    st.trade_fur = 5
    st.region_furs = [3, 4, 6, 7, 8]


def actor(st: StroganovState) -> int:
    """The cossack index expected to act."""
    ci = engine.decider(st)
    assert ci is not None
    return ci
