"""Seeded random Shitenno games played to the end, checking the SH-13 invariants after every action.

3 player counts x 10 chunks x ``GAMES_PER_CHUNK`` games; chunks let pytest-xdist spread the work
(``tests/playouts.py``: a fifth of the games under ``make test``).
Now and then a seat resigns (``RESIGN_P`` per action, SH-R in docs/shitenno.md), so the invariants
are checked in games that lose players too.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.errors import NotYourTurn
from rules.protocol import Ending
from rules.shitenno import GAME
from rules.shitenno.actions import Resign
from rules.shitenno.content import CONTENT
from rules.shitenno.state import ShitennoState, dump, load
from tests.playouts import playouts
from tests.shitenno_play import RESIGN_P, check_event, random_actions

pytestmark = pytest.mark.slow  # long random playouts: `make quick` leaves them out

CHUNKS = 10
GAMES_PER_CHUNK = playouts(60)
ALL_TROOPS = sorted(CONTENT.troop)
ALL_KOKU = sorted(CONTENT.koku)
ALL_TILES = sorted(CONTENT.tiles)


def lots_in_flight(st: ShitennoState) -> list[str]:
    sh = st.sharing
    if sh is None:
        return []
    out = list(sh.pool)
    if sh.offer:
        out += sh.offer[1]
    if sh.split:
        out += sh.split[0][1] + sh.split[1][1]
    return out


def check(st: ShitennoState, prev_scores: list[int]) -> None:
    n = st.n
    flight = lots_in_flight(st)
    troops = st.troop_deck + st.discard + [c for c in flight if c[0] == "T"]
    koku = st.koku_deck + st.koku_removed + [c for c in flight if c[0] == "K"]
    tiles = st.spent + [t for s in st.stacks.values() for t in s]
    for p in st.players:
        troops += p.troops
        koku += p.koku
        tiles += p.kept
    assert sorted(troops) == ALL_TROOPS, "SH-13.1"
    assert sorted(koku) == ALL_KOKU, "SH-13.2"
    assert sorted(tiles) == ALL_TILES, "SH-13.3"
    on_board: Counter[int] = Counter()
    golden = 0
    for pid, stones in st.board.items():
        assert len(stones) <= 4
        assert len(st.stacks[pid]) == 3 - min(3, len(stones)), "SH-13.3"
        for s, g in stones:
            on_board[s] += 1
            golden += g
    for p in st.players:
        assert p.supply + on_board[p.seat] == CONTENT.stones[n], "SH-13.4"
        assert p.conquests <= 2, "SH-13.6"
        assert p.score == sum(v for _, v in p.events), "SH-13.7"
        assert p.score >= prev_scores[p.seat], "SH-13.7"
    controls = st.round if st.phase != "sharing" else st.round - 1
    assert golden <= controls, "SH-13.10"
    assert len(st.koku_deck) == max(0, 24 - st.round * n), "SH-13.8"
    assert st.round <= 24 // n, "SH-13.8"
    assert len(GAME.to_act(st)) == (0 if st.phase == "finished" else 1)
    assert not set(GAME.to_act(st)) & set(st.resigned), "SH-R.3"
    assert len(st.resigned) < n, "SH-R.5"


def check_views(st: ShitennoState) -> None:
    """SH-13.13: a seat sees its own hand only; the public sees no hand."""
    assert GAME.view(st, None).hand == ()
    for p in st.players:
        v = GAME.view(st, p.seat)
        assert sorted(c.label for c in v.hand) == sorted(p.troops + p.koku)
        visible = {c.label for c in v.hand}
        if v.sharing:
            visible |= {c.label for c in v.sharing.pool}
        for q in st.players:
            if q.seat != p.seat:
                assert not visible & set(q.troops + q.koku)


def check_sharing_end(st: ShitennoState) -> None:
    """SH-13.5: one lot each, pairwise different titles, pool empty; a seat that resigned during the
    phase received at most one lot, and resigned seats hold no title (SH-R.3)."""
    start = max(i for i, e in enumerate(st.log) if e["type"] == "round_started")
    received = Counter(e["seat"] for e in st.log[start:] if e["type"] == "lot_received")
    playing = [s for s in range(st.n) if s not in st.resigned]
    assert {k: v for k, v in received.items() if k in playing} == {s: 1 for s in playing}
    assert all(v == 1 for v in received.values())
    titles = [st.players[s].title for s in playing]
    assert None not in titles and len(set(titles)) == len(playing)
    assert all(st.players[s].title is None for s in st.resigned)


def check_resigned(st: ShitennoState, seat: int, before: list[int]) -> None:
    """SH-R.1, SH-R.4: the seat is marked, shown in every view, and can never act again."""
    assert st.resigned == sorted({*before, seat})
    assert GAME.legal(st, seat) == []
    view = GAME.view(st, None)
    assert view.resigned == tuple(st.resigned) and view.players[seat].resigned
    if st.phase != "finished":
        data = dump(st)
        with pytest.raises(NotYourTurn) as err:
            GAME.apply(st, seat, Resign())
        assert err.value.code == "resigned"
        assert dump(st) == data
        for s in range(st.n):
            assert (Resign() in GAME.legal(st, s)) == (s not in st.resigned), "SH-R.1"


def check_outcome(st: ShitennoState) -> None:
    """SH-9.3.4 / SH-R.5: winners never include a resigned seat; with one player left, he wins by
    resignation with the scores as they stood."""
    assert st.result is not None
    out = GAME.outcome(st)
    assert out is not None and out.winners and out.scores == tuple(p.score for p in st.players)
    assert not set(out.winners) & set(st.resigned), "SH-R.5"
    playing = [s for s in range(st.n) if s not in st.resigned]
    if out.ending is Ending.RESIGNED:
        assert out.winners == tuple(playing) and len(playing) == 1, "SH-R.2"
        assert not any(w.startswith("majority") for p in st.players for w, _ in p.events)
        return
    assert out.ending is Ending.NORMAL and len(playing) >= 2
    places = st.result["places"]
    assert all(places[r] > places[s] for r in st.resigned for s in playing), "SH-R.5"
    occupied = sum(1 for s in st.board.values() if s)
    assert sum(st.result["provinces_won"]) == occupied, "SH-13.9"
    majority = sum(v for p in st.players for w, v in p.events if w.startswith("majority"))
    assert majority == 6 * occupied, "SH-13.9"


def run_game(n: int, seed: int, resign: float = RESIGN_P) -> ShitennoState:
    st = GAME.new(n, None, seed)
    rnd = random.Random(seed)
    history = []
    prev = [0] * n
    check(st, prev)
    for seat, act in random_actions(st, rnd, resign):
        phase = st.phase
        before = dump(st)
        if not isinstance(act, Resign):  # any seat may resign at any time (SH-R.1)
            other = (seat + 1) % n
            with pytest.raises(NotYourTurn):
                GAME.apply(st, other, act)
            assert dump(st) == before, "SH-13.11"
        resigned, logged = list(st.resigned), len(st.log)
        events = GAME.apply(st, seat, act)
        assert events == st.log[logged:], "every event is public and logged (SH-4.5)"
        for e in events:
            check_event(e)
        history.append((seat, act.notation()))
        check(st, prev)
        prev = [p.score for p in st.players]
        if isinstance(act, Resign):
            check_resigned(st, seat, resigned)
        if phase == "sharing" and st.phase != "sharing" and not (st.result and st.result["reason"] == "resign"):
            check_sharing_end(st)
        assert load(dump(st)) == st
        check_views(st)
    check_outcome(st)
    assert load(dump(st)) == st
    check_views(st)
    replay = GAME.new(n, None, seed)
    for seat, text in history:
        GAME.apply(replay, seat, GAME.parse_action(text, replay))
    assert dump(replay) == dump(st) and replay.log == st.log, "SH-13.12"
    return st


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_invariants(n: int, chunk: int) -> None:
    for i in range(GAMES_PER_CHUNK):
        seed = 1_000_003 * n + chunk * GAMES_PER_CHUNK + i
        run_game(n, seed)  # every invariant after every action of every game


def test_random_games_cover_resignation() -> None:
    """SH-R: with a higher resignation rate, random games of 2, 3 and 4 players reach every way a
    resignation can end or change a game, and every invariant holds."""
    seen: Counter[tuple[int, int, str]] = Counter()
    wanted = [(2, 1, "resign"), (3, 1, "final_scoring"), (3, 2, "resign"), (4, 1, "final_scoring")]
    wanted += [(4, 2, "final_scoring"), (4, 3, "resign")]
    for i in range(240):  # until every case is seen (3 of 4 resigning is rare: about 1 game in 20)
        n = 2 + i % 3
        st = run_game(n, 4_400_000 + i, resign=0.02)
        assert st.result is not None
        seen[(n, len(st.resigned), st.result["reason"])] += 1
        if i >= 59 and all(seen[w] for w in wanted):
            break
    assert all(seen[w] for w in wanted), seen


def test_every_action_kind_is_reached_by_the_random_player() -> None:
    """The representative legal lists still let a random player reach every kind of action,
    including tiles and the joker in payments."""
    from tests.shitenno_play import play

    seen: Counter[str] = Counter()
    for seed in range(60):
        _st, history = play(2 + seed % 3, seed)
        for _seat, a in history:
            name = type(a).__name__
            seen[name] += 1
            if name == "ConquerTroops":
                seen["troops+plus"] += bool(a.plus)
                seen["troops+exchange"] += bool(a.exchanges)
                seen["troops+koku"] += bool(a.koku)
                seen["troops+joker"] += bool(a.joker)
            if name == "ConquerKoku":
                seen["koku+plus"] += bool(a.plus)
                seen["koku+exchange"] += bool(a.exchanges)
    kinds = ["FormLot", "Accept", "Refuse", "Split", "Choose", "ConquerTroops", "ConquerKoku", "UseDraw"]
    kinds += ["SenseiFlip", "EndTurn", "troops+plus", "troops+exchange", "troops+koku", "troops+joker"]
    kinds += ["koku+plus", "koku+exchange"]
    assert all(seen[k] > 0 for k in kinds), seen


def test_fast_payment_checks_agree_with_the_literal_rule() -> None:
    """SH-8.7.2: check_troops / check_koku agree with removing each unit and re-validating, on
    the legal payments of random positions and on payments with one card added or dropped."""
    from dataclasses import replace

    from rules.shitenno import engine, payment
    from rules.shitenno.actions import ConquerKoku, ConquerTroops

    rnd = random.Random(5)
    checked = 0
    for seed in range(25):
        st = GAME.new(3, None, seed)
        for seat, act in random_actions(st, rnd):
            if st.phase == "control":
                p = st.players[seat]
                for a in GAME.legal(st, seat):
                    variants = [a]
                    if isinstance(a, ConquerTroops):
                        req = engine.requirement(st, a.province)
                        extra = [c for c in p.troops if c not in a.troops]
                        if extra:
                            variants.append(replace(a, troops=(*a.troops, extra[0])))
                        if len(a.troops) > 1:
                            variants.append(replace(a, troops=a.troops[1:]))
                        for v in variants:
                            assert payment.check_troops(v, req) == payment.check_troops_reference(v, req), v
                            checked += 1
                    elif isinstance(a, ConquerKoku):
                        cost = engine.koku_cost(st, a.province)
                        extra = [c for c in p.koku if c not in a.koku]
                        if extra:
                            variants.append(replace(a, koku=(*a.koku, extra[0])))
                        if len(a.koku) > 1:
                            variants.append(replace(a, koku=a.koku[1:]))
                        if a.exchanges:
                            t, sym = a.exchanges[0]
                            card = sym.split(".")[0]
                            if len(payment.SYMBOLS[card]) == 2:
                                variants.append(replace(a, exchanges=(*a.exchanges, (t, card + ".2"))))
                        for v in variants:
                            assert payment.check_koku(v, cost) == payment.check_koku_reference(v, cost), v
                            checked += 1
            GAME.apply(st, seat, act)
    assert checked > 1000


def test_every_listed_legal_action_applies() -> None:
    """``legal`` lists only actions ``apply`` accepts (sampled states, every listed action)."""
    rnd = random.Random(9)
    tried = 0
    for seed in range(12):
        st = GAME.new(2 + seed % 3, None, seed)
        for step, (seat, act) in enumerate(random_actions(st, rnd)):
            if step % 3 == 0:
                data = dump(st)
                for a in GAME.legal(st, seat):
                    GAME.apply(load(data), seat, a)
                    tried += 1
            GAME.apply(st, seat, act)
    assert tried > 2000
