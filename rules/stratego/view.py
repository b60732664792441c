"""What one seat, or the public, may see of a Stratego game (SG-7).

:func:`view` is the only thing renderers and messages read. A view never holds a rank its viewer
has not had revealed, another player's draft, or the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from rules.stratego.board import COLOURS, ZONE_ORDER, name
from rules.stratego.pieces import RANKS
from rules.stratego.setup import EMPTY
from rules.stratego.state import Phase, StrategoState

Colour = Literal["red", "blue"]
BattleResult = Literal["attacker", "defender", "both"]


@dataclass(frozen=True, slots=True)
class PieceView:
    colour: Colour
    rank: str | None
    """The rank letter (``M 9 … 2 S B F``), or ``None`` when the viewer does not know it."""
    moved: bool
    """The piece has moved at least once: public knowledge (so it is neither Bomb nor Flag)."""
    revealed: bool
    """Its rank is known to the opponent and the public (lets an owner see what he has given away)."""


@dataclass(frozen=True, slots=True)
class BattleView:
    attacker_rank: str
    """Always revealed (SG-5.2, SG-8.2)."""
    defender_rank: str | None
    """``None`` where Silent defence keeps it from this viewer (SG-8.2)."""
    result: BattleResult
    """Who won: the attacker, the defender, or ``both`` removed."""


@dataclass(frozen=True, slots=True)
class MoveView:
    ply: int
    """1 for Red's first move, counting every move and rescue."""
    colour: Colour
    frm: int
    to: int
    battle: BattleView | None
    scout_revealed: bool
    """A Scout moved more than one square and so was revealed (SG-4.4)."""
    notation: str
    """SG-9.1 as this viewer may read it, e.g. ``A4xA5 (6x4)`` or ``A4xA5 (8x?)``."""


@dataclass(frozen=True, slots=True)
class RescueView:
    ply: int
    colour: Colour
    rank: str | None
    """The rescued rank (always revealed, SG-8.3), ``None`` for a declined rescue."""
    square: int | None
    notation: str
    """SG-9.2: ``R:7@C3`` or ``R:-``."""


@dataclass(frozen=True, slots=True)
class ResultView:
    winner: Colour | None
    """``None`` for a draw."""
    reason: str
    """SG-6.5: flag, no_moves, resign, both_immobile, agreed_draw, move_limit."""


@dataclass(frozen=True, slots=True)
class StrategoView:
    viewer: int | None
    """The seat this view is for, ``None`` for the public."""
    viewer_colour: Colour | None
    seat_colours: tuple[Colour, Colour]
    """The colour of seat 0 and of seat 1."""
    phase: Phase
    army: str
    options: tuple[tuple[str, object], ...]
    board: tuple[PieceView | None, ...]
    """100 entries indexed by square (A1 = 0 … J10 = 99). During setup only the viewer's draft."""
    ready: tuple[bool, bool]
    """By colour: red, blue (SG-7.4: the only thing anyone learns of the other's setup)."""
    to_move: Colour | None
    captured: tuple[tuple[str | None, ...], tuple[str | None, ...]]
    """Captured pieces of red and of blue, by colour; ``None`` for a rank this viewer does not
    know (SG-5.8 / SG-8.2: under Silent defence the opponent sees only the number)."""
    history: tuple[MoveView | RescueView, ...]
    """The last :data:`RECENT` moves and rescues, oldest first (the full list: :func:`history`)."""
    ply: int
    """Moves and rescues made so far."""
    last_move: MoveView | None
    last_battle: MoveView | None
    rescue_pending: Colour | None
    rescues_used: tuple[int, int]
    draw_offer: Colour | None
    moves_without_battle: int
    result: ResultView | None
    runs: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] = ((-1, -1, -1, 0), (-1, -1, -1, 0))
    """SG-4.5 by colour (public: every move is): (the square of the piece moving to and fro, or -1
    once it is gone; the two squares; how many moves in a row between them). With the fields below,
    what a computer player needs to rebuild a state the engine can play on (issue 46 §2)."""
    last_from: tuple[tuple[int, int], tuple[int, int]] = ((-1, -1), (-1, -1))
    """By colour: (the square of the piece of that colour's last move, or -1; the square it left)."""
    chase: tuple[int, int] = (0, 0)
    """SG-4.6 by colour: positions seen in that colour's current chase (0: none)."""
    chase_path: tuple[tuple[int, int, int], ...] = ()
    """(colour, from, to) of the moves since the longest current chase began, oldest first (a chase
    holds no battle: all plain moves)."""
    rescuers: tuple[int, ...] = ()
    """Squares of the pieces on the board that have performed a rescue (SG-8.3)."""


# --- building a view from the state ---------------------------------------------------------


_NO_BOARD: tuple[PieceView | None, ...] = (None,) * 100

_PIECES: dict[tuple[int, str | None, bool, bool], PieceView] = {}


def _piece(colour: int, rank: str | None, moved: bool, revealed: bool) -> PieceView:
    """PieceViews are immutable and few (about a hundred kinds): make each once."""
    key = (colour, rank, moved, revealed)
    pv = _PIECES.get(key)
    if pv is None:
        pv = _PIECES[key] = PieceView(COLOURS[colour], rank, moved, revealed)
    return pv


_CAPTURE_ORDER = {r: i for i, r in enumerate(RANKS)} | {None: len(RANKS)}
"""Captured pieces are listed strongest first (RANKS order), unknown ones last."""

RECENT = 12
"""How many recent moves a view carries; the whole history is :func:`history`."""


def view(st: StrategoState, seat: int | None) -> StrategoView:
    """SG-7: own ranks always; an enemy rank once revealed to its opponent (and so to the
    public, SG-7.3); everything once the game is over. During setup only the viewer's draft."""
    me = None if seat is None else st.seat_colour[seat]
    over = st.phase == "over"
    board: list[PieceView | None]
    if st.phase == "setup":
        board = list(_NO_BOARD)
        if me is not None:
            for sq, rank in zip(ZONE_ORDER[me], st.drafts[me], strict=True):
                if rank != EMPTY:
                    board[sq] = _piece(me, rank, False, False)
    else:
        board = list(_NO_BOARD)
        for p in st.pieces:
            if p.square >= 0:
                known = over or p.colour == me or p.revealed
                board[p.square] = _piece(p.colour, p.rank if known else None, p.moved, p.revealed)
    captured: list[list[str | None]] = [[], []]
    for p in st.pieces:
        if p.square < 0:
            captured[p.colour].append(p.rank if over or p.colour == me or p.revealed else None)
    for lst in captured:
        lst.sort(key=_CAPTURE_ORDER.__getitem__)
    latest = recent(st, seat, RECENT)
    on = st.pieces if st.phase != "setup" else []
    chase = (len(st.chase[0]), len(st.chase[1]))
    return StrategoView(
        viewer=seat,
        viewer_colour=COLOURS[me] if me is not None else None,
        seat_colours=(COLOURS[st.seat_colour[0]], COLOURS[st.seat_colour[1]]),
        phase=st.phase,
        army=st.army,
        options=tuple(sorted((k, v) for k, v in st.options.items())),
        board=tuple(board),
        ready=(st.ready[0], st.ready[1]),
        to_move=COLOURS[st.turn] if st.phase == "play" else None,
        captured=(tuple(captured[0]), tuple(captured[1])),
        history=latest,
        ply=st.ply,
        last_move=_last(st, latest, me, over, battle=False),
        last_battle=_last(st, latest, me, over, battle=True),
        rescue_pending=COLOURS[st.turn] if st.rescue_from >= 0 else None,
        rescues_used=(st.rescues[0], st.rescues[1]),
        draw_offer=COLOURS[st.draw_offer] if st.draw_offer >= 0 else None,
        moves_without_battle=st.no_battle,
        result=(ResultView(COLOURS[st.winner] if st.winner >= 0 else None, st.reason) if over else None),
        runs=(_run(st, 0), _run(st, 1)),
        last_from=(_last_from(st, 0), _last_from(st, 1)),
        chase=chase,
        chase_path=_chase_path(st, max(chase) - 1) if max(chase) > 1 else (),
        rescuers=tuple(sorted(p.square for p in on if p.rescuer and p.square >= 0)),
    )


def _square(st: StrategoState, piece: int) -> int:
    return st.pieces[piece].square if 0 <= piece < len(st.pieces) else -1


def _run(st: StrategoState, colour: int) -> tuple[int, int, int, int]:
    piece, a, b, count = st.runs[colour]
    return (_square(st, piece), a, b, count)


def _last_from(st: StrategoState, colour: int) -> tuple[int, int]:
    piece, frm = st.last_from[colour]
    return (_square(st, piece), frm)


def _chase_path(st: StrategoState, moves: int) -> tuple[tuple[int, int, int], ...]:
    out: list[tuple[int, int, int]] = []
    for i in range(len(st.history) - 1, -1, -1):
        if len(out) == moves:
            break
        e = st.history[i]
        if e[0] == "m":
            out.append((e[1], e[3], e[4]))
    return tuple(reversed(out))


def history(st: StrategoState, seat: int | None) -> tuple[MoveView | RescueView, ...]:
    """SG-7.5: every move and rescue so far, as ``seat`` (or the public) may read it."""
    return recent(st, seat, len(st.history))


def recent(st: StrategoState, seat: int | None, count: int) -> tuple[MoveView | RescueView, ...]:
    """The last ``count`` entries of :func:`history` (oldest first), without the rest of a view:
    what a message about the latest actions needs."""
    me = None if seat is None else st.seat_colour[seat]
    over = st.phase == "over"
    start = max(0, len(st.history) - count)
    history = st.history
    return tuple(_entry_view(i, tuple(history[i]), me, over) for i in range(start, len(history)))


def _last(
    st: StrategoState, recent: tuple[MoveView | RescueView, ...], me: int | None, over: bool, *, battle: bool
) -> MoveView | None:
    for h in reversed(recent):
        if isinstance(h, MoveView) and (not battle or h.battle is not None):
            return h
    for i in range(len(st.history) - len(recent) - 1, -1, -1):
        e = st.history[i]
        if e[0] == "m" and (not battle or e[5] >= 0):
            return _move_view(i, tuple(e), me, over)
    return None


@lru_cache(maxsize=8192)
def _entry_view(i: int, e: tuple[Any, ...], me: int | None, over: bool) -> MoveView | RescueView:
    """Entries never change once made and their views are immutable: a recent entry's view is made
    once per viewer, not once per view and message (the cache is bounded; a miss only rebuilds)."""
    if e[0] == "r":
        colour = COLOURS[e[1]]
        _, _, piece, rank, sq = e
        if piece < 0:
            return RescueView(i + 1, colour, None, None, "R:-")
        return RescueView(i + 1, colour, rank, sq, f"R:{rank}@{name(sq)}")
    return _move_view(i, e, me, over)


def _move_view(i: int, e: tuple[Any, ...], me: int | None, over: bool) -> MoveView:
    colour = COLOURS[e[1]]
    _, c, _, frm, to, defender, a_rank, d_rank, result, d_revealed, scout_revealed = e
    if defender < 0:
        return MoveView(i + 1, colour, frm, to, None, scout_revealed, f"{name(frm)}-{name(to)}")
    shown = d_rank if (over or d_revealed or (me is not None and me != c)) else None
    notation = f"{name(frm)}x{name(to)} ({a_rank}x{shown or '?'})"
    return MoveView(i + 1, colour, frm, to, BattleView(a_rank, shown, result), scout_revealed, notation)
