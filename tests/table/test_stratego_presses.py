"""Issue 19 §3 for Stratego (``test_every_decision_by_presses.py``): over random positions every move
is reachable from **Move…**: every page of pieces, every piece's destinations, within Discord's
limits, an unknown enemy piece staying unknown."""

from __future__ import annotations

import random

import pytest

from cogs.stratego import picks as stratego_picks
from cogs.stratego.ui import StrategoUI
from cogs.table.ui import ButtonSpec
from cogs.texts import t
from rules.stratego import GAME as STRATEGO
from rules.stratego import StrategoState
from rules.stratego.actions import Move as StrategoMove
from rules.stratego.pieces import RANKS as RANK_CODES
from tests import stratego_play
from tests.table.test_every_decision_by_presses import VERSION, check_limits, select
from tests.table.test_words_not_notation import record


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
