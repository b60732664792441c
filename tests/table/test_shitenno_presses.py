"""Issue 19 §3 for Shitenno (``test_every_decision_by_presses.py``): over random positions every legal
decision is reachable from its buttons and its private pickers (:mod:`cogs.shitenno.picks`),
following each component as its handler does, within Discord's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.shitenno import picks
from cogs.shitenno.ui import ShitennoUI, sharing_decision
from cogs.table.ui import ButtonSpec, SelectSpec
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Accept, Choose, EndTurn, FormLot, Refuse, SenseiFlip, Split, UseDraw
from rules.shitenno.engine import conquest_payments
from rules.shitenno.state import ShitennoState
from tests import shitenno_play
from tests.table.test_every_decision_by_presses import VERSION, check_limits, select
from tests.table.test_words_not_notation import record


def shitenno_reach(st: ShitennoState, seat: int) -> tuple[set[str], list[tuple[str, str, str, set[str], bool]]]:
    """The notations reachable by presses, and the lot builders reached (mode, title A, title B,
    the cards offered, whether **No cards** is there): a lot is any subset of those cards."""
    ui = ShitennoUI()
    rec = record("shitenno", st.n)
    view = SHITENNO.view(st, None)
    reached: set[str] = set()
    lots: list[tuple[str, str, str, set[str], bool]] = []
    specs = ui.public_buttons(rec, st, VERSION, "en")
    check_limits(specs, public=True)
    for b in specs:
        assert isinstance(b, ButtonSpec)
        simple = {
            "accept_lot": Accept,
            "refuse_lot": Refuse,
            "end": EndTurn,
        }
        if b.verb in simple:
            reached.add(simple[b.verb]().notation())
        elif b.verb == "choose":
            reached.add(Choose(str(b.arg)).notation())
        elif b.verb == "draw":
            reached.add(UseDraw(str(b.arg)).notation())
        elif b.verb in ("lot_start", "split_start"):
            assert view.sharing is not None
            split = sharing_decision(view) == "split"
            unplaced = view.sharing.unplaced
            pool = [c.label for c in view.sharing.pool]
            pending = [x.arg for x in picks.title_pick(unplaced, split, VERSION, "en").components]
            while pending:
                arg = str(pending.pop())
                mode, *titles = arg.split(".")
                if mode == "s" and len(titles) == 1:
                    others = [x for x in unplaced if x != titles[0]]
                    if len(others) > 1:
                        second = picks.second_title_pick(unplaced, titles[0], VERSION, "en")
                        check_limits(second.components)
                        pending += [x.arg for x in second.components]
                        continue
                    arg = f"{arg}.{others[0]}"
                pick = picks.cards_pick(pool, unplaced, arg, VERSION, "en")
                check_limits(pick.components)
                offered = {v for s in pick.components if isinstance(s, SelectSpec) for _l, v, _d in s.options}
                empty = any(isinstance(s, ButtonSpec) and s.verb == "lot_empty" for s in pick.components)
                mode, a, *b = arg.split(".")
                lots.append((mode, a, b[0] if b else "", offered, empty))
        elif b.verb == "conquer_start":
            provinces = picks.province_pick(st, seat, VERSION, "en")
            check_limits(provinces.components)
            for _label, pid, _d in select(provinces.components).options:
                found = payments_reached(st, seat, pid)
                assert found == {a.notation() for a in conquest_payments(st, seat, pid)}, pid
                reached |= found
        elif b.verb == "flip_start":
            flips = [a for a in SHITENNO.legal(st, seat) if isinstance(a, SenseiFlip)]
            pick = picks.flip_pick([(a.province, a.position) for a in flips], VERSION, "en")
            check_limits(pick.components)
            for _l, value, _d in select(pick.components).options:
                province, position = value.split(".")
                reached.add(SenseiFlip(province, int(position)).notation())
        else:
            raise AssertionError(f"a button nobody follows: {b.verb}")
    return reached, lots


def payments_reached(st: ShitennoState, seat: int, province: str) -> set[str]:
    """Every payment the payment select reaches, following its narrowing and **More…** options."""
    out: set[str] = set()
    pending = [""]
    seen: set[str] = set()
    while pending:
        narrow = pending.pop()
        pick = picks.payment_pick(st, seat, province, VERSION, "en", narrow)
        check_limits(pick.components)
        for _label, value, _d in select(pick.components).options:
            if value.startswith("p."):
                action = picks.chosen_payment(st, seat, province, value)
                assert action is not None and action.province == province
                out.add(action.notation())
            elif value not in seen:
                seen.add(value)
                pending.append(value)
    return out


def lot_reached(action: Any, pool: set[str], lots: list[tuple[str, str, str, set[str], bool]]) -> bool:
    if isinstance(action, FormLot):
        return any(
            m == "o" and a == action.tile and set(action.cards) <= offered and (action.cards or empty)
            for m, a, _b, offered, empty in lots
        )
    assert isinstance(action, Split)
    return any(
        m == "s"
        and (a, b) == (action.a_tile, action.b_tile)
        and set(action.a_cards) <= offered
        and set(action.b_cards) == pool - set(action.a_cards)
        and (action.a_cards or empty)
        for m, a, b, offered, empty in lots
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_shitenno_decision_is_reachable_by_presses(players: int) -> None:
    positions = 0
    for seed in range(3):
        st, rnd = SHITENNO.new(players, None, seed), random.Random(seed)
        for seat, action in shitenno_play.random_actions(st, rnd):
            if rnd.random() < 0.5 or st.phase == "finished":
                SHITENNO.apply(st, seat, action)
                continue
            positions += 1
            reached, lots = shitenno_reach(st, seat)
            pool = {c for c in st.sharing.pool} if st.sharing else set()
            for legal in SHITENNO.legal(st, seat):
                if isinstance(legal, (FormLot, Split)):
                    assert lot_reached(legal, pool, lots), legal.notation()
                elif type(legal).__name__ != "Resign":
                    assert legal.notation() in reached, legal.notation()
            SHITENNO.apply(st, seat, action)
    assert positions > 50


def test_a_two_player_split_reaches_all_twelve_pairs_of_titles() -> None:
    """SH-7.5: lot A and lot B may get any two different free titles; with 4 free titles, 12 pairs."""
    st, rnd = SHITENNO.new(2, None, 5), random.Random(5)
    for seat, action in shitenno_play.random_actions(st, rnd):
        if st.sharing is not None and st.sharing.tairo == seat and sharing_decision(SHITENNO.view(st, None)) == "split":
            break
        SHITENNO.apply(st, seat, action)
    else:
        raise AssertionError("no split")
    _reached, lots = shitenno_reach(st, seat)
    pairs = {(a, b) for mode, a, b, _o, _e in lots if mode == "s"}
    legal = {(x.a_tile, x.b_tile) for x in SHITENNO.legal(st, seat) if isinstance(x, Split)}
    assert pairs == legal and len(pairs) == len(st.sharing.unplaced) * (len(st.sharing.unplaced) - 1)


def test_many_payments_are_narrowed_and_paged_within_the_limits() -> None:
    """A hand with hundreds of ways to pay: every way is still reachable, 25 options at a time."""
    checked = 0
    for seed in range(12):
        st, rnd = SHITENNO.new(2 + seed % 3, None, seed), random.Random(seed)
        for seat, action in shitenno_play.random_actions(st, rnd):
            if st.phase == "control" and checked < 4:
                for pid in picks.conquerable(st, seat):
                    ways = {a.notation() for a in conquest_payments(st, seat, pid)}
                    if len(ways) > 25 and checked < 4:
                        checked += 1
                        assert payments_reached(st, seat, pid) == ways
            SHITENNO.apply(st, seat, action)
    assert checked == 4, "no position with more than 25 ways to pay was tried"
