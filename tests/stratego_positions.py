"""Build Stratego positions from text for rule tests: ``position("R7@E5 BM@E6", rescue=True)``.

Each token is colour (``R``/``B``), rank letter, ``@``, square. ``moved`` squares are marked as
having moved. The result is a state in the play phase, Red to move unless ``turn`` says otherwise.
"""

from __future__ import annotations

from typing import Any

from rules.protocol import resolve_options
from rules.rng import Rng
from rules.stratego.board import BLUE, RED, parse_square
from rules.stratego.engine import OPTIONS
from rules.stratego.state import Piece, StrategoState

# Far-away pieces so that a position does not end at once for lack of movable pieces.
SPARE = "R2@A1 B2@J10"


def position(text: str, *, turn: int = RED, spare: bool = True, **options: Any) -> StrategoState:
    opts = resolve_options(OPTIONS, {"colours": "seat0_red", **options})
    st = StrategoState(options=opts, rng=Rng(0), seat_colour=(RED, BLUE), phase="play", turn=turn)
    st.drafts = [(), ()]
    st.ready = [True, True]
    tokens = (text + (" " + SPARE if spare else "")).split()
    for tok in tokens:
        who, rank_sq = tok[0], tok[1:]
        rank, sq = rank_sq.split("@")
        colour = RED if who.upper() == "R" else BLUE
        st.pieces.append(Piece(len(st.pieces), colour, rank.upper(), parse_square(sq)))
    st.index()
    return st


def at(st: StrategoState, sq: str) -> Piece | None:
    pid = st.board[parse_square(sq)]
    return st.pieces[pid] if pid >= 0 else None
