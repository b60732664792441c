"""Issue 19 §3 (DESIGN §5: "every decision can be made by presses and selects alone"): over random
positions, every legal decision is reachable from the components the UIs offer — Shitenno's
buttons and its private pickers (:mod:`cogs.shitenno.picks`), Stroganov's turn-page components and
their **More…** pages — following each component as its handler does, and no component breaks
Discord's limits (25 options a select, 100 characters a label, 5 rows) or forgets the version."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cogs.shitenno import picks
from cogs.shitenno.ui import ShitennoUI, sharing_decision
from cogs.stratego import picks as stratego_picks
from cogs.stratego.ui import StrategoUI
from cogs.stroganov.ui import StroganovUI, group_page, notation_of
from cogs.table.ui import ButtonSpec, SelectSpec
from cogs.texts import t
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Accept, Choose, EndTurn, FormLot, Refuse, SenseiFlip, Split, UseDraw
from rules.shitenno.engine import conquest_payments
from rules.shitenno.state import ShitennoState
from rules.stratego import GAME as STRATEGO
from rules.stratego import StrategoState
from rules.stratego.actions import Move as StrategoMove
from rules.stratego.pieces import RANKS as RANK_CODES
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Paid, Resign
from rules.stroganov.state import StroganovState
from tests import shitenno_play, stratego_play, stroganov_play
from tests.table.test_words_not_notation import record

VERSION = 3
SHOW_ONLY = {"full_board"}
"""Buttons that show something and decide nothing: never stale, so they carry no version."""


def check_limits(specs: Sequence[ButtonSpec | SelectSpec], *, public: bool = False) -> None:
    rows = sum(1 for s in specs if isinstance(s, SelectSpec))
    rows += -(-sum(1 for s in specs if isinstance(s, ButtonSpec)) // 5)
    assert rows <= 5, specs
    for s in specs:
        assert s.version == VERSION or s.verb in SHOW_ONLY, f"{s.verb} does not carry the game's version"
        if isinstance(s, SelectSpec):
            assert 0 < len(s.options) <= 25 and s.max_values <= 25, s
            assert all(len(label) <= 100 and len(desc) <= 100 for label, _v, desc in s.options), s
            assert len({v for _l, v, _d in s.options}) == len(s.options), f"two options of {s.verb} share a value"
        else:
            assert len(s.label) <= 80, s


def select(specs: Iterable[ButtonSpec | SelectSpec]) -> SelectSpec:
    (spec,) = [s for s in specs if isinstance(s, SelectSpec)]
    return spec


# -- Shitenno ---------------------------------------------------------------------------------


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


# -- Stroganov --------------------------------------------------------------------------------


def stroganov_reach(st: StroganovState, seat: int) -> set[str]:
    ui = StroganovUI()
    rec = record("stroganov", max(1, sum(1 for c in st.cossacks if c.seat is not None)))
    specs = ui.public_buttons(rec, st, VERSION, "en")
    check_limits(specs, public=True)
    reached: set[str] = set()
    fees: set[str] = set()
    pending: list[SelectSpec] = [s for s in specs if isinstance(s, SelectSpec)]
    for b in specs:
        if isinstance(b, ButtonSpec) and b.verb not in SHOW_ONLY:
            assert b.verb == "do"
            reached.add(notation_of(str(b.arg)))
    while pending:
        spec = pending.pop()
        for _label, value, _d in spec.options:
            if value.startswith("more."):
                page = group_page(st, seat, str(spec.arg), int(value[5:]), VERSION, "en")
                assert page is not None
                check_limits([page])
                pending.append(page)
            elif spec.verb == "fee_for":
                fees.add(value)
            else:
                reached.add(value)
    for a in STROGANOV.legal(st, seat):
        if isinstance(a, Paid) and a.action.notation() in fees:
            reached.add(a.notation())  # the fee select lists this action's fees (cog._fee_for)
    return reached


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_stroganov_decision_is_reachable_by_presses(players: int) -> None:
    positions = 0
    for seed in range(2):
        st, rnd = STROGANOV.new(players, None, seed), random.Random(seed)
        player = stroganov_play.random_player(rnd)
        for _ in range(1500):
            if STROGANOV.outcome(st) is not None:
                break
            seat = STROGANOV.to_act(st)[0]
            if rnd.random() < 0.3:
                positions += 1
                reached = stroganov_reach(st, seat)
                legal = {a.notation() for a in STROGANOV.legal(st, seat) if not isinstance(a, Resign)}
                assert legal - reached == set(), sorted(legal - reached)[:5]
            STROGANOV.apply(st, seat, player(st, seat))
    assert positions > 20


# -- Stratego ---------------------------------------------------------------------------------


def stratego_reach(st: StrategoState, seat: int, locale: str) -> set[str]:
    """The moves reachable from **Move…**: every page of pieces, every piece's destinations."""
    specs = StrategoUI().public_buttons(record("stratego", 2), st, VERSION, locale)
    check_limits(specs, public=True)
    assert next(s.verb for s in specs if isinstance(s, ButtonSpec)) == "move_start"
    reached: set[str] = set()
    pages = [stratego_picks.piece_pick(st, seat, VERSION, locale)]
    while pages:
        pick = pages.pop()
        check_limits(pick.components)
        for _label, value, _d in select(pick.components).options:
            if value.startswith("more."):
                pages.append(stratego_picks.piece_pick(st, seat, VERSION, locale, int(value[5:])))
                continue
            target = stratego_picks.target_pick(st, seat, value[2:], VERSION, locale)
            check_limits(target.components)
            for label, move, _d in select(target.components).options:
                chosen = stratego_picks.chosen_move(st, seat, move)
                assert chosen is not None
                reached.add(chosen.notation())
                hidden = STRATEGO.view(st, seat).board[chosen.to]
                if hidden is not None and hidden.rank is None:  # an unknown enemy stays unknown
                    assert all(t(f"sg.rank.{r}", locale) not in label for r in RANK_CODES), label
    return reached


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_every_stratego_move_is_reachable_by_presses(locale: str) -> None:
    positions = 0
    for seed in range(6):
        st, rnd = stratego_play.start({}, seed), random.Random(seed)
        for seat, action in stratego_play.random_actions(st, rnd, meta=0.0):
            if rnd.random() < 0.05:
                positions += 1
                legal = {a.notation() for a in STRATEGO.legal(st, seat) if isinstance(a, StrategoMove)}
                assert stratego_reach(st, seat, locale) == legal
            STRATEGO.apply(st, seat, action)
            if positions >= 40:
                break
    assert positions >= 20


def test_stratego_pieces_past_a_select_are_paged(monkeypatch: pytest.MonkeyPatch) -> None:
    """More movable pieces than a select holds (rare at 25; forced here at 5) are reached by
    **More…** pages, each within the limit."""
    monkeypatch.setattr(stratego_picks, "MAX_OPTIONS", 5)
    monkeypatch.setattr(stratego_picks, "PAGE", 4)
    st, rnd = stratego_play.start({}, 3), random.Random(3)
    for (seat, action), _ in zip(stratego_play.random_actions(st, rnd, meta=0.0), range(30), strict=False):
        STRATEGO.apply(st, seat, action)
    seat = STRATEGO.to_act(st)[0]
    pieces = {m.frm for m in stratego_picks.moves_of(st, seat)}
    assert len(pieces) > 5
    assert stratego_reach(st, seat, "en") == {a.notation() for a in stratego_picks.moves_of(st, seat)}
