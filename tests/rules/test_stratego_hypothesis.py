"""Property-based checks of notation and setups (SG-3.4, SG-3.5, SG-9) with Hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.rng import Rng
from rules.stratego.actions import Move, Rescue, Swap, parse_action
from rules.stratego.board import BLUE, LAKES, RED, SQUARES
from rules.stratego.pieces import ARMIES, RANKS
from rules.stratego.setup import from_gravon, parse_code, to_code, to_gravon

squares = st.sampled_from(list(SQUARES))
land = st.sampled_from([s for s in SQUARES if s not in LAKES])


@given(squares, squares, st.booleans())
def test_sg_9_1_move_notation_round_trips(frm: int, to: int, attack: bool) -> None:
    m = Move(frm, to, attack)
    assert parse_action(m.notation()) == m
    assert parse_action(m.notation().lower()) == m


@given(st.sampled_from([r for r in RANKS if r != "B"]), land)
def test_sg_9_2_rescue_notation_round_trips(rank: str, square: int) -> None:
    r = Rescue(rank, square)
    assert parse_action(r.notation()) == r


@given(squares, squares)
def test_swap_round_trips(a: int, b: int) -> None:
    assert parse_action(Swap(a, b).notation()) == Swap(a, b)


def army_setups(army: str) -> st.SearchStrategy[tuple[str, ...]]:
    pieces = [r for r in RANKS for _ in range(ARMIES[army].get(r, 0))]
    pieces += ["."] * (40 - len(pieces))
    return st.permutations(pieces).map(tuple)


@settings(max_examples=200)
@given(st.sampled_from(["classic", "barrage"]).flatmap(lambda a: st.tuples(st.just(a), army_setups(a))))
def test_sg_3_4_and_3_5_codes_round_trip(case: tuple[str, tuple[str, ...]]) -> None:
    army, setup = case
    assert parse_code(to_code(setup), army) == setup
    assert parse_code(to_code(setup).replace("/", ""), army) == setup
    for colour in (RED, BLUE):
        assert from_gravon(to_gravon(setup, colour)) == setup


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**9))
def test_rng_below_stays_in_range_and_replays(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(n) for _ in range(5)]
    assert all(0 <= x < n for x in xs) and xs == [b.below(n) for _ in range(5)]
