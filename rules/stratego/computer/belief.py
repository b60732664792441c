"""What a seat believes of the hidden enemy ranks, and whole states consistent with its view
(determinizations, issue 46 §2). Everything here reads the seat's :class:`StrategoView` only.

A state is rebuilt from the view's public facts (the board as the seat sees it, captured pieces,
the recent history, the SG-4.5 runs, the SG-4.6 chase, rescues, draw offers); every enemy piece
whose rank the seat does not know gets one sampled so that the army's counts hold: a piece that has
moved is no Bomb or Flag, a captured one no Flag, and the Flag and the Bombs more likely stand on
the back rows (a plausibility weighting, not a rule). Piece ids are the rebuilt state's own: no
view shows them and no rule depends on them but through the board."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Any

from rules.rng import Rng
from rules.stratego.board import BACK_RANK, COLOURS, NEIGHBOURS, rank_of
from rules.stratego.pieces import ARMIES, BOMB, FLAG, RANKS
from rules.stratego.state import Entry, Piece, StrategoState
from rules.stratego.view import MoveView, RescueView, StrategoView

_SPARE = "4"
"""A rank for a piece beyond its army's counts (only in made-up positions)."""

_FILLER: Entry = ["r", 0, -1, "", -1]
"""An entry older than the view's recent history: never shown, never read by the engine."""


def colour_index(name: str | None) -> int:
    return COLOURS.index(name) if name is not None else -1


@dataclass(frozen=True, slots=True)
class Belief:
    """The seat's uncertainty: which enemy pieces are unknown and what ranks they may be."""

    me: int
    moved: tuple[int, ...]
    """Squares of unknown enemy pieces that have moved (no Bomb, no Flag)."""
    unmoved: tuple[int, ...]
    captured: int
    """Unknown captured enemy pieces (Silent defence)."""
    pool: tuple[tuple[str, int], ...]
    """The enemy ranks not accounted for, by rank (RANKS order)."""

    def probabilities(self, moved: bool) -> dict[str, float]:
        """Each rank's chance for one unknown piece (moved: no Bomb or Flag), by simple counts."""
        pool = {r: n for r, n in self.pool if not (moved and r in (BOMB, FLAG))}
        total = sum(pool.values())
        return {r: n / total for r, n in pool.items()} if total else {}


def belief(view: StrategoView) -> Belief:
    me = colour_index(view.viewer_colour)
    enemy = COLOURS[1 - me]
    known: Counter[str] = Counter()
    moved: list[int] = []
    unmoved: list[int] = []
    for sq, pv in enumerate(view.board):
        if pv is None or pv.colour != enemy:
            continue
        if pv.rank is not None:
            known[pv.rank] += 1
        else:
            (moved if pv.moved else unmoved).append(sq)
    captured = 0
    for rank in view.captured[1 - me]:
        if rank is None:
            captured += 1
        else:
            known[rank] += 1
    army = ARMIES[view.army]
    pool = tuple((r, army.get(r, 0) - known[r]) for r in RANKS if army.get(r, 0) - known[r] > 0)
    return Belief(me, tuple(moved), tuple(unmoved), captured, pool)


def _weighted(weights: list[int], rng: Rng) -> int:
    """An index drawn in proportion to ``weights``."""
    x = rng.below(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1  # pragma: no cover - the weights sum to the total


def _depth_weight(sq: int, enemy: int) -> int:
    """How likely a Flag or Bomb stands on ``sq``: back row 6, second row 3, else 1."""
    behind = abs(rank_of(sq) - BACK_RANK[enemy])
    return 6 if behind == 0 else 3 if behind == 1 else 1


def sample_ranks(b: Belief, rng: Rng) -> tuple[dict[int, str], list[str]]:
    """Ranks for the unknown enemy pieces on the board (by square) and the unknown captured ones."""
    enemy = 1 - b.me
    bag = [r for r, n in b.pool for _ in range(n)]
    specials = [r for r in bag if r in (BOMB, FLAG)]
    movables = [r for r in bag if r not in (BOMB, FLAG)]
    out: dict[int, str] = {}
    free = list(b.unmoved)
    cap_slots = b.captured
    flag_sq = -1
    lost_bombs = 0
    for r in sorted(specials, key=lambda r: r != FLAG):  # the Flag first, then Bombs around it
        weights = [_depth_weight(sq, enemy) * (4 if flag_sq >= 0 and sq in NEIGHBOURS[flag_sq] else 1) for sq in free]
        if r == BOMB:
            weights += [1] * (cap_slots - lost_bombs)  # a Bomb already lost to a Miner (Silent defence)
        i = _weighted(weights, rng)
        if i >= len(free):
            lost_bombs += 1
            continue
        sq = free.pop(i)
        out[sq] = r
        if r == FLAG:
            flag_sq = sq
    rng.shuffle(movables)
    it = iter(movables)
    for sq in (*b.moved, *free):
        out[sq] = next(it, _SPARE)  # a made-up position may hold more pieces than its army
    captured = [BOMB] * lost_bombs + list(it)
    rng.shuffle(captured)
    captured = (captured + [_SPARE] * b.captured)[: b.captured]
    return out, captured


def _entry(h: MoveView | RescueView, me: int, ids: list[int]) -> Entry:
    c = colour_index(h.colour)
    if isinstance(h, RescueView):
        if h.rank is None or h.square is None:
            return ["r", c, -1, "", -1]
        return ["r", c, ids[h.square] if ids[h.square] >= 0 else 0, h.rank, h.square]
    if h.battle is None:
        return ["m", c, -1, h.frm, h.to, -1, "", "", "", False, h.scout_revealed]
    bt = h.battle
    shown = bt.defender_rank is not None
    return ["m", c, -1, h.frm, h.to, 0, bt.attacker_rank, bt.defender_rank or "?", bt.result, shown, h.scout_revealed]


class Rebuilder:
    """Builds states consistent with one view: the public part once, the sampled ranks each time."""

    def __init__(self, view: StrategoView) -> None:
        if view.phase != "play" or view.viewer is None:
            raise ValueError("a determinization needs a seat's view of a game in play")
        self.view = view
        self.belief = belief(view)
        me = self.belief.me
        pieces: list[Piece] = []
        ids = [-1] * 100
        for sq, pv in enumerate(view.board):
            if pv is not None:
                ids[sq] = len(pieces)
                rescuer = sq in view.rescuers
                pieces.append(
                    Piece(len(pieces), colour_index(pv.colour), pv.rank or "?", sq, pv.revealed, pv.moved, rescuer)
                )
        self.unknown_captured: list[int] = []
        for colour in (0, 1):
            for rank in view.captured[colour]:
                if rank is None:
                    self.unknown_captured.append(len(pieces))
                pieces.append(Piece(len(pieces), colour, rank or "?", -1, rank is not None, True))
        self.pieces = pieces
        self.ids = ids
        history: list[Entry] = [_FILLER] * view.ply
        shown = {h.ply for h in view.history}
        for h in view.history:
            history[h.ply - 1] = _entry(h, me, ids)
        for h2 in (view.last_move, view.last_battle):
            if h2 is not None and h2.ply not in shown:
                history[h2.ply - 1] = _entry(h2, me, ids)
        self.history = history
        self.runs = [[ids[sq] if sq >= 0 else -1, a, b, n] for sq, a, b, n in view.runs]
        self.last_from = [[ids[sq] if sq >= 0 else -1, frm] for sq, frm in view.last_from]
        self.chase = self._chase(ids)
        self.turn = colour_index(view.to_move)
        self.rescue_from = ids[view.last_move.to] if view.rescue_pending is not None and view.last_move else -1
        self.options: dict[str, Any] = dict(view.options)
        self.seat_colour = (colour_index(view.seat_colours[0]), colour_index(view.seat_colours[1]))

    def _chase(self, ids: list[int]) -> list[list[str]]:
        """SG-4.6's positions, rebuilt by taking back the chase's plain moves one by one."""
        view = self.view
        if not any(view.chase):
            return [[], []]
        path = view.chase_path
        board = list(ids)
        keys = [_position_key_of(board, 1 - path[-1][0])]  # now, after the last move
        for colour, frm, to in reversed(path):
            board[frm], board[to] = board[to], -1
            keys.append(_position_key_of(board, colour))
        keys.reverse()  # before the oldest move … now
        return [keys[len(keys) - n :] if n else [] for n in view.chase]

    def state(self, rng: Rng | None) -> StrategoState:
        """A fresh state; the unknown ranks sampled from ``rng`` (left ``?`` without one)."""
        pieces = [copy.copy(p) for p in self.pieces]
        if rng is not None:
            on_board, captured = sample_ranks(self.belief, rng)
            for sq, rank in on_board.items():
                pieces[self.ids[sq]].rank = rank
            for pid, rank in zip(self.unknown_captured, captured, strict=True):
                pieces[pid].rank = rank
        view = self.view
        st = StrategoState(
            options=dict(self.options),
            rng=Rng(0),
            seat_colour=self.seat_colour,
            phase="play",
            drafts=[],
            ready=[True, True],
            pieces=pieces,
            turn=self.turn,
            ply=view.ply,
            history=list(self.history),
            runs=[list(r) for r in self.runs],
            last_from=[list(r) for r in self.last_from],
            chase=[list(c) for c in self.chase],
            no_battle=view.moves_without_battle,
            rescue_from=self.rescue_from,
            rescues=list(view.rescues_used),
            draw_offer=colour_index(view.draw_offer),
        )
        st.index()
        return st


def _position_key_of(board: list[int], side: int) -> str:
    """The engine's SG-4.6 position key (``engine._position_key``) of a board of ids."""
    return chr(48 + side) + "".join(chr(49 + x) for x in board)


def determinize(view: StrategoView, rng: Rng) -> StrategoState:
    """One state consistent with ``view`` (its viewer's information set)."""
    return Rebuilder(view).state(rng)
