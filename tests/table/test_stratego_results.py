"""Issue 44 §1 for Stratego's own ending: a draw the players agreed is told one way in every place
that states a result (``test_results_told_one_way.py`` ends every game the ways any game ends); and
issue 18 §1: each way a Stratego game ends is one typed ending, worded from it."""

from __future__ import annotations

import pytest

from cogs.stratego.ui import StrategoUI
from rules.protocol import Ending
from rules.stratego import GAME as STRATEGO
from rules.stratego.actions import AcceptDraw, OfferDraw, Resign, parse_action
from rules.stratego.state import StrategoState
from tests import stratego_play
from tests.game_records import game_record
from tests.stratego_positions import position
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


def stratego_ended(how: str) -> StrategoState:
    """A Stratego game that just ended ``how`` (SG-4.7, SG-6)."""
    if how == "flag":
        st = position("R4@E5 BF@E6")
        moves = ["E5xE6"]
    elif how == "no_moves":
        st = position("R7@E5 B6@E6 BB@A10 BF@B10 RF@A1", spare=False)
        moves = ["E5xE6"]
    elif how == "both_immobile":
        st = position("R6@E5 B6@E6 RF@A1 BF@J10", spare=False)
        moves = ["E5xE6"]
    elif how == "move_limit":
        st = position("R7@A4 B7@J7", no_capture_limit=4, spare=False)
        moves = ["A4-A5", "J7-J6", "A5-A6", "J6-J5"]
    else:
        st = position("R6@E5 B6@E7")
        moves = []
    for m in moves:
        STRATEGO.apply(st, STRATEGO.to_act(st)[0], parse_action(m))
    if how == "resign":
        STRATEGO.apply(st, 1, Resign())
    if how == "agreed_draw":
        STRATEGO.apply(st, 0, OfferDraw())
        STRATEGO.apply(st, 0, parse_action("E5-E6"))
        STRATEGO.apply(st, 1, AcceptDraw())
    return st


@pytest.mark.parametrize(
    ("how", "ending", "draw", "words"),
    [
        ("flag", Ending.NORMAL, False, "the flag was captured"),
        ("no_moves", Ending.NO_MOVES, False, "no legal move left"),
        ("both_immobile", Ending.NO_MOVES, True, "neither side can move"),
        ("move_limit", Ending.MOVE_LIMIT, True, "no battle for too long"),
        ("agreed_draw", Ending.AGREED_DRAW, True, "agreed"),
        ("resign", Ending.RESIGNED, False, "resignation"),
    ],
)
def test_stratego_endings_and_their_words(how: str, ending: Ending, draw: bool, words: str) -> None:
    """SG-6.5: each way a Stratego game ends is one ending (flag and no movable piece apart, the
    draw flag telling a stalemate from a win), and the UI words it from the outcome."""
    st = stratego_ended(how)
    assert st.reason == how
    outcome = STRATEGO.outcome(st)
    assert outcome is not None and (outcome.ending, outcome.draw) == (ending, draw)
    text = StrategoUI().outcome_text(game_record("stratego", 2), st, "en")
    assert words in text and ("draw" in text) == draw
