"""Helpers that build Stroganov positions for rule tests: a started game, and the board of ST-19."""

from __future__ import annotations

import bisect

from rules.stroganov import GAME, engine
from rules.stroganov.actions import Board
from rules.stroganov.state import TIGER, StroganovState, Turn


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


def give_turn(st: StroganovState, ci: int, phase: int = 0) -> None:
    """Make cossack ``ci`` the active cossack of the current action season, its turn at ``phase``
    (ST-3.5: 0 movement due … 4 after 3b), with nothing pending."""
    st.stage = "turn"
    st.order = [ci, *(i for i in st.order if i != ci)]
    st.active = 0
    st.turns_taken = []
    st.queue = []
    st.turn = Turn(phase=phase)


def place(st: StroganovState, position: int, tile: str | None, items: list[int] | None = None) -> None:
    """Put ``tile`` (taken from wherever it lies in the row or the stack) with ``items`` on ``position``.

    Fur conservation (ST-20.1/20.2) is kept where possible: the position's old items go back to the bag
    (tigers to the supply) and the new items are taken from the bag (the supply) when there."""
    for v in st.items[position - 1]:
        if v == TIGER:
            st.tiger_supply += 1
        else:
            bisect.insort(st.bag, v)
    st.items[position - 1] = []
    if tile is not None:
        if tile in st.row:
            place(st, st.row.index(tile) + 1, None)
        if tile in st.landscapes:
            st.landscapes.remove(tile)
    st.row[position - 1] = tile
    st.items[position - 1] = list(items or [])
    for v in st.items[position - 1]:
        if v == TIGER and st.tiger_supply:
            st.tiger_supply -= 1
        elif v in st.bag:
            st.bag.remove(v)


def play(st: StroganovState, text: str) -> list[dict]:
    """Apply ``text`` for the seat expected to act."""
    seat = st.cossacks[actor(st)].seat
    assert seat is not None
    return GAME.apply(st, seat, GAME.parse_action(text))


def logged(st: StroganovState, kind: str, **params: object) -> bool:
    """Whether the state's log holds an event of type ``kind`` with (at least) these parameters."""
    return any(e["type"] == kind and all(e.get(k) == v for k, v in params.items()) for e in st.log)
