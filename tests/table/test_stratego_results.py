"""Issue 44 §1 for Stratego's own ending: a draw the players agreed is told one way in every place
that states a result (``test_results_told_one_way.py`` ends every game the ways any game ends)."""

from __future__ import annotations

import pytest

from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import AcceptDraw, OfferDraw
from tests import stratego_play
from tests.table.test_results_told_one_way import LOCALES, Ending_, check_the_same_result, finished


def stratego_agreed_draw() -> Ending_:
    st = stratego_play.start({}, 2)
    (seat,) = STRATEGO.to_act(st)
    STRATEGO.apply(st, seat, OfferDraw())
    STRATEGO.apply(st, 1 - seat, AcceptDraw())
    return finished("stratego", 2, st)


@pytest.mark.parametrize("locale", LOCALES)
def test_an_agreed_draw_is_told_the_same_everywhere(locale: str) -> None:
    check_the_same_result(*stratego_agreed_draw(), locale)
