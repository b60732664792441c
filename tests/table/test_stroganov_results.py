"""Issue 44 §1 for Stroganov's own ending: a solo game whose player beats Ivan is told one way in
every place that states a result (``test_results_told_one_way.py`` ends every game the ways any
game ends, Ivan's win of a solo game by its rules among them); a solo resignation is Ivan's win, in
words (issue 18 §1)."""

from __future__ import annotations

import random

import pytest

from cogs.stroganov.ui import StroganovUI
from db.records import Verdict
from rules.protocol import Ending
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Resign as StroganovResign
from tests import stroganov_play
from tests.game_records import game_record
from tests.stroganov_positions import started
from tests.table.test_results_told_one_way import LOCALES, Ending_, check_the_same_result, finished


def stroganov_ivan_loses() -> Ending_:
    """Random play never beats Ivan: the player's score gets a head start (the final scoring adds
    to it, ST-13)."""
    st = STROGANOV.new(1, {"difficulty": "easy"}, 4)
    play = stroganov_play.random_player(random.Random(4))
    player = next(c for c in st.cossacks if not c.ivan)
    player.events.append(("STORY", "head start", 200))  # a score entry as core.score writes them
    while STROGANOV.outcome(st) is None:
        (seat,) = STROGANOV.to_act(st)
        STROGANOV.apply(st, seat, play(st, seat))
    return finished("stroganov", 1, st)


def test_the_automa_that_loses_is_beaten_by_its_player() -> None:
    rec, _ = stroganov_ivan_loses()
    assert rec.verdict is Verdict.WON and rec.winners == rec.players


@pytest.mark.parametrize("locale", LOCALES)
def test_ivan_beaten_is_told_the_same_everywhere(locale: str) -> None:
    check_the_same_result(*stroganov_ivan_loses(), locale)


def test_a_solo_stroganov_resignation_is_ivans_win_in_words() -> None:
    """ST-R.2: solo, resigning lets Ivan win: the ending is ``resigned`` with no winners, and the
    result names Ivan (not an empty list of winners)."""
    st = started(1, 4)
    STROGANOV.apply(st, 0, StroganovResign())
    outcome = STROGANOV.outcome(st)
    assert outcome is not None and outcome.ending is Ending.RESIGNED and outcome.automa_won
    text = StroganovUI().outcome_text(game_record("stroganov", 1), st, "en")
    assert text.startswith("Ivan wins after a resignation"), text
