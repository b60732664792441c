"""Issue 44 §1 for Stroganov's own ending: a solo game whose player beats Ivan is told one way in
every place that states a result (``test_results_told_one_way.py`` ends every game the ways any
game ends, Ivan's win of a solo game by its rules among them)."""

from __future__ import annotations

import random

import pytest

from db.records import Verdict
from rules.stroganov import GAME as STROGANOV
from tests import stroganov_play
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
