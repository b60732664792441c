"""Stratego's moves by presses, without Discord (issue 19 §3): **Move…** → a select of the pieces
that can move now (rank and square) → a select of where that piece may go (an attack says so,
never what it attacks unless the mover already knows it) → the move. Built from the engine's legal
moves and the mover's own view, so nothing is offered that cannot be played and nothing hidden is
shown. More than 25 pieces are paged by 24 (Discord's select limit).

Select values: ``p.<square>`` a piece, ``more.<page>`` the next page of pieces, ``m.<notation>``
a move. The version on every component makes a step stale once the game moved on.
"""

from __future__ import annotations

from cogs.table.ui import Pick, SelectSpec
from cogs.texts import t, tn
from rules.stratego import GAME, StrategoState
from rules.stratego.actions import Move
from rules.stratego.board import name

MAX_OPTIONS = 25
PAGE = MAX_OPTIONS - 1


def moves_of(state: StrategoState, seat: int) -> list[Move]:
    return [a for a in GAME.legal(state, seat) if isinstance(a, Move)]


def rank_words(rank: str | None, locale: str) -> str:
    return t(f"sg.rank.{rank}", locale) if rank is not None else t("sg.pick.unknown", locale)


def piece_pick(state: StrategoState, seat: int, version: int, locale: str, page: int = 0) -> Pick:
    """The pieces that can move now, by square, ``page`` by page."""
    view = GAME.view(state, seat)
    squares = sorted({m.frm for m in moves_of(state, seat)})
    if not squares:
        return Pick(t("sg.pick.no_moves", locale), [])
    first = page * PAGE
    shown = squares if len(squares) <= MAX_OPTIONS else squares[first : first + PAGE]
    options = []
    for sq in shown:
        piece = view.board[sq]
        rank = piece.rank if piece is not None else None
        options.append(
            (t("sg.pick.piece", locale, rank=rank_words(rank, locale), square=name(sq)), f"p.{name(sq)}", "")
        )
    if len(squares) > MAX_OPTIONS and first + PAGE < len(squares):
        options.append((tn("sg.pick.more", len(squares) - first - PAGE, locale), f"more.{page + 1}", ""))
    spec = SelectSpec("move_from", t("sg.pick.which_piece", locale), options, version=version)
    return Pick(t("sg.pick.piece_text", locale), [spec])


def target_pick(state: StrategoState, seat: int, square: str, version: int, locale: str) -> Pick:
    """Where the piece on ``square`` may go; empty when it cannot move (the game moved on)."""
    view = GAME.view(state, seat)
    moves = [m for m in moves_of(state, seat) if name(m.frm) == square]
    if not moves:
        return Pick(t("stale_plain", locale), [])
    piece = view.board[moves[0].frm]
    rank = rank_words(piece.rank if piece is not None else None, locale)
    options = []
    for m in sorted(moves, key=lambda m: m.to):
        target = view.board[m.to]
        if target is None:
            label = t("sg.pick.to", locale, square=name(m.to))
        elif target.rank is not None:
            label = t("sg.pick.attack_known", locale, square=name(m.to), rank=rank_words(target.rank, locale))
        else:
            label = t("sg.pick.attack", locale, square=name(m.to))
        options.append((label, f"m.{m.notation()}", m.notation()))
    spec = SelectSpec("move_to", t("sg.pick.where", locale, rank=rank, square=square), options, version=version)
    return Pick(t("sg.pick.target_text", locale, rank=rank, square=square), [spec])


def chosen_move(state: StrategoState, seat: int, value: str) -> Move | None:
    """The legal move a ``m.<notation>`` value names now, or None (stale or forged)."""
    if not value.startswith("m."):
        return None
    return next((m for m in moves_of(state, seat) if m.notation() == value[2:]), None)
