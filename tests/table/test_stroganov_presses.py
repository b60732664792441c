"""Issue 19 §3 for Stroganov (``test_every_decision_by_presses.py``): over random positions every legal
decision is reachable from its turn-page components and their **More…** pages, following each
component as its handler does, within Discord's limits."""

from __future__ import annotations

import random

import pytest

from cogs.stroganov.ui import StroganovUI, group_page, notation_of
from cogs.table.ui import ButtonSpec, SelectSpec
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Paid, Resign
from rules.stroganov.state import StroganovState
from tests import stroganov_play
from tests.table.test_every_decision_by_presses import SHOW_ONLY, VERSION, check_limits
from tests.table.test_words_not_notation import record


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
