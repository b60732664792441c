"""Property tests (DESIGN §6.2): seeded random Stratego games over every army/variant/option
combination (SG-8.4), played to the end, with the invariants checked after every action.

An independent knowledge tracker follows only the events each player was told (SG-5.2, SG-4.4,
SG-8.2, SG-8.3) and must agree exactly with what every view shows (SG-7).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from rules.stratego import GAME
from rules.stratego.board import BLUE, COLOURS, RED
from rules.stratego.record import record, replay
from rules.stratego.state import StrategoState, dump, load
from rules.stratego.view import RECENT, history, recent
from tests.playouts import playouts
from tests.stratego_play import VARIANTS, random_actions, start

pytestmark = pytest.mark.slow  # long random playouts: `make quick` leaves them out

GAMES = playouts(1200)
CHUNKS = 30
LIMITS = (50, 100, 200)
"""``no_capture_limit`` cycles through these so that long shuffling games stay affordable."""
MAX_PLIES = 20_000

PUBLIC = 2
VIEWERS = (RED, BLUE, PUBLIC)


class Knowledge:
    """What red, blue and the public have been told about enemy ranks, square by square."""

    def __init__(self, silent_defence: bool) -> None:
        self.silent = silent_defence
        self.known: list[dict[int, str]] = [{}, {}, {}]
        self.captured: list[list[Counter[str | None]]] = [[Counter(), Counter()] for _ in VIEWERS]

    def tell(self, viewer: int, sq: int, rank: str) -> None:
        self.known[viewer][sq] = rank

    def learn_all_but(self, owner: int, sq: int, rank: str) -> None:
        for v in VIEWERS:
            if v != owner:
                self.tell(v, sq, rank)

    def move(self, frm: int, to: int) -> None:
        for k in self.known:
            if frm in k:
                k[to] = k.pop(frm)

    def remove(self, sq: int, colour: int, rank: str) -> None:
        for v in VIEWERS:
            shown = rank if v == colour else self.known[v].pop(sq, None)
            self.captured[v][colour][shown] += 1

    def event(self, e: dict[str, Any]) -> None:
        if e["type"] == "move":
            c, frm, to = e["colour"], e["frm"], e["to"]
            if "battle" not in e:
                self.move(frm, to)
                if e["scout_revealed"]:
                    self.learn_all_but(c, to, "2")
                return
            a, d, result = e["attacker_rank"], e["defender_rank"], e["battle"]
            self.learn_all_but(c, frm, a)
            if not self.silent or a == "2":  # SG-5.2, SG-8.2 and its Scout exception
                self.tell(c, to, d)
                self.tell(PUBLIC, to, d)
            if result in ("attacker", "both"):
                self.remove(to, 1 - c, d)
            if result in ("defender", "both"):
                self.remove(frm, c, a)
            if result == "attacker":
                self.move(frm, to)
        elif e["type"] == "rescue":
            c, rank, sq = e["colour"], e["rank"], e["square"]
            self.learn_all_but(c, sq, rank)
            for v in VIEWERS:
                cap = self.captured[v][c]
                # The owner knew which piece it was; others lose a known entry if they had one.
                cap[rank if v == c or cap[rank] else None] -= 1

    def check(self, st: StrategoState) -> None:
        for v in VIEWERS:
            seat = None if v == PUBLIC else st.seat_of(v)
            view = GAME.view(st, seat)
            for sq, pv in enumerate(view.board):
                pid = st.board[sq]
                if pv is None:
                    assert pid < 0
                    continue
                piece = st.pieces[pid]
                assert pv.colour == COLOURS[piece.colour]
                if v == piece.colour:
                    assert pv.rank == piece.rank, "SG-7.1 own ranks are always shown"
                else:
                    assert pv.rank == self.known[v].get(sq), (COLOURS[v] if v < 2 else "public", sq, pv)
            for colour in (RED, BLUE):
                shown = Counter(view.captured[colour])
                assert shown == +self.captured[v][colour], (v, colour, shown, self.captured[v][colour])


def check_recent(st: StrategoState) -> None:
    """``recent`` (what messages read of the latest actions) is the end of the whole history as
    each viewer may read it, and what a view carries."""
    for seat in (None, 0, 1):
        whole = history(st, seat)
        for count in (1, 2, RECENT, len(whole) + 1):
            assert recent(st, seat, count) == whole[-count:], (seat, count)
        assert GAME.view(st, seat).history == whole[-RECENT:]


def on_board(st: StrategoState) -> list[int]:
    counts = [0, 0]
    for p in st.pieces:
        if p.square >= 0:
            counts[p.colour] += 1
    return counts


def play_checked(options: dict[str, Any], seed: int) -> StrategoState:
    st = start(options, seed)
    assert load(dump(st)) == st
    know = Knowledge(options["silent_defence"])
    know.check(st)
    rnd = random.Random(seed)
    for steps, (seat, action) in enumerate(random_actions(st, rnd), 1):
        before = on_board(st)
        events = GAME.apply(st, seat, action)
        assert steps <= MAX_PLIES, "every game ends"
        removed, rescued = [0, 0], [0, 0]
        for e in events:
            know.event(e)
            if e["type"] == "move" and "battle" in e:
                if e["battle"] in ("attacker", "both"):
                    removed[1 - e["colour"]] += 1
                if e["battle"] in ("defender", "both"):
                    removed[e["colour"]] += 1
            if e["type"] == "rescue":
                rescued[e["colour"]] += 1
        after = on_board(st)
        assert after == [before[c] - removed[c] + rescued[c] for c in (RED, BLUE)], "counts change only by battles"
        assert load(dump(st)) == st
        if st.phase != "over":
            know.check(st)
        if steps % 97 == 0:
            assert load(json.loads(json.dumps(dump(st)))) == st
            check_recent(st)
    assert st.phase == "over" and GAME.outcome(st) is not None
    assert load(json.loads(json.dumps(dump(st)))) == st
    check_recent(st)
    assert dump(replay(record(st, None, seed=seed))) == dump(st), "replaying the record equals the final state"
    return st


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """SG-1 … SG-9: 1,200 games in all under ``make soak`` (every combination of SG-8.4 about 19
    times), 240 under ``make test`` (8 a chunk)."""
    per = GAMES // CHUNKS
    for n in range(chunk * per, (chunk + 1) * per):
        options = dict(VARIANTS[n % len(VARIANTS)], no_capture_limit=LIMITS[n % len(LIMITS)])
        play_checked(options, seed=n)
